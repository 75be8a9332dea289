// Public exports of src/atmosphere (re-exports only). The day-of-year and Earth-Sun distance
// helpers the kernels share stay in their modules (extraterrestrial.ts).
export { extraterrestrialRadiation, extraterrestrialRadiationForDay } from './extraterrestrial.js';
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
export { type BirdInput, type BirdIrradiance, clearskyBird } from './bird.js';
export {
  type ClearskyIndexInput,
  type ClearskyIndexOptions,
  type DetectClearskyComponents,
  type DetectClearskyInput,
  type DetectClearskyOptions,
  type DetectClearskyResult,
  clearskyIndex,
  detectClearsky,
} from './detect-clearsky.js';
export {
  type AngstromAlphaInput,
  type AngstromAodInput,
  type Kasten96LtInput,
  angstromAlpha,
  angstromAodAtLambda,
  birdHulstrom80AodBb,
  kasten96Lt,
} from './aerosol.js';
export {
  type MagnusOptions,
  type RhFromTdewInput,
  type TdewFromRhInput,
  gueymard94Pw,
  rhFromTdew,
  tdewFromRh,
} from './water-vapour.js';
export {
  HELLMANN_SURFACE_EXPONENTS,
  type HellmannSurfaceType,
  type WindspeedPowerlawInput,
  type WindspeedPowerlawOptions,
  windspeedPowerlaw,
} from './wind-shear.js';
export {
  type InlandWaterOptions,
  SURFACE_ALBEDOS,
  type SurfaceType,
  WATER_SURFACE_COEFFS,
  type WaterSurfaceCondition,
  inlandWaterDvoracek,
  surfaceAlbedo,
} from './albedo.js';
