// Public exports of src/atmosphere (re-exports only).
export {
  asceDistanceFactor,
  dayOfYearFromEpochDays,
  dayOfYearUtc,
  extraterrestrialRadiation,
  extraterrestrialRadiationForDay,
  spencerDistanceFactor,
} from './extraterrestrial.js';
export {
  type RelativeAirmassModel,
  STANDARD_PRESSURE,
  absoluteAirmass,
  altitudeToPressure,
  pressureToAltitude,
  relativeAirmass,
} from './airmass.js';
export { linkeTurbidity, linkeTurbidityColumn } from './turbidity.js';
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
