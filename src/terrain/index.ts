// Public exports of src/terrain (re-exports only). The grid arithmetic (gridRow, gridColumn,
// sampleGridAt, gridContains), the decoding and window means of the embedded global grid
// (global.ts, used by solarkit/node), the cache keys and the cached march (cache.ts) are plumbing,
// reachable from their modules.
export {
  type ElevationArray,
  type ElevationGrid,
  type ElevationGridInput,
  type GridGeoreference,
  type GridPoint,
  elevationGrid,
  sampleElevation,
} from './grid.js';
export type { GlobalElevation } from './global.js';
export {
  type HorizonOptions,
  type HorizonProfile,
  type HorizonProfileInput,
  combineHorizons,
  forgetHorizonPyramid,
  horizonElevationAt,
  horizonFromArrays,
  horizonProfile,
} from './horizon.js';
export {
  type SkyViewFactorOptions,
  type TiltedDiffuseFactorOptions,
  skyViewFactor,
  tiltedDiffuseFactor,
} from './svf.js';
export {
  type PlaneOfArrayShadingInput,
  type ShadedIrradiance,
  type ShadedPlaneOfArray,
  type ShadingInput,
  type ShadingOptions,
  type SunAboveHorizonInput,
  shadeIrradiance,
  shadePlaneOfArray,
  sunAboveHorizon,
} from './shading.js';
export { type PvgisHorizonOptions, parsePvgisHorizon } from './pvgis.js';
export { type HorizonCache, createHorizonCache } from './cache.js';
export { type GeoTiffImageLike, elevationGridFromGeoTiffImage } from './geotiff.js';
