// Public exports of src/irradiance (re-exports only).
export { aoi, aoiProjection, beamComponent } from './aoi.js';
export {
  type PerezInput,
  type SkyDiffuseComponents,
  type SkyDiffuseInput,
  type SkyDiffuseModel,
  type TotalIrradiance,
  type TotalIrradianceInput,
  type TotalIrradianceOptions,
  groundDiffuse,
  haydaviesSkyDiffuse,
  isotropicSkyDiffuse,
  perezSkyDiffuse,
  totalIrradiance,
} from './transposition.js';
export { PEREZ_COEFFICIENTS, type PerezCoefficientSet, perezCoefficients } from './perezCoefficients.js';
export { iamAshrae, iamPhysical } from './iam.js';
export {
  type Decomposition,
  type DirintInput,
  type DirintOptions,
  type DiscInput,
  type DiscOptions,
  type DiscResult,
  type ErbsInput,
  clearnessIndex,
  clearnessIndexZenithIndependent,
  dirint,
  disc,
  erbs,
} from './decomposition.js';
export { DIRINT_COEFFICIENTS } from './dirintCoefficients.js';
export {
  type FixedMount,
  type PlaneMount,
  type PlaneOfArray,
  type PlaneOfArrayInput,
  type PlaneOfArrayOptions,
  type TrackerMount,
  defaultAzimuth,
  defaultTilt,
  planeOfArray,
} from './planeOfArray.js';
