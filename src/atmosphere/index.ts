// Public exports of src/atmosphere (re-exports only). The day-of-year and Earth-Sun distance
// helpers the kernels share stay in their modules (extraterrestrial.ts).
export {
  type ExtraterrestrialRadiationOptions,
  extraterrestrialRadiation,
  extraterrestrialRadiationForDay,
} from './extraterrestrial.js';
export {
  type RelativeAirmassModel,
  type RelativeAirmassOptions,
  STANDARD_PRESSURE,
  absoluteAirmass,
  altitudeToPressure,
  pressureToAltitude,
  relativeAirmass,
} from './airmass.js';
export { type LinkeTurbidityPlace, linkeTurbidity, linkeTurbidityColumn } from './turbidity.js';
export {
  type ClearSkyInput,
  type ClearSkyIrradiance,
  type IneichenInput,
  type SimplifiedSolisInput,
  clearSky,
  clearskyHaurwitz,
  clearskyIneichen,
  clearskySimplifiedSolis,
} from './clearsky.js';
