// Public exports of src/irradiance (re-exports only). The coefficient tables (PEREZ_COEFFICIENTS,
// DIRINT_COEFFICIENTS) and the kernels' plumbing stay in their modules.
export { type AoiInput, type BeamComponentInput, aoi, aoiProjection, beamComponent } from './aoi.js';
export {
  type GroundDiffuseInput,
  type IsotropicSkyDiffuseInput,
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
export { type PerezCoefficientSet, perezCoefficients } from './perez-coefficients.js';
export {
  type IamAshraeOptions,
  type IamPhysicalOptions,
  type IamSapmModule,
  iamAshrae,
  iamPhysical,
  iamSapm,
} from './iam.js';
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
} from './plane-of-array.js';
export {
  type DiffuseFractionInput,
  type IrradianceClosureInput,
  type IrradianceLimitFlags,
  type IrradianceLimitInput,
  type IrradianceLimitOptions,
  type QcradComponentLimits,
  type QcradLimits,
  QCRAD_LIMITS,
  QC_FLAG,
  diffuseFractionFlags,
  irradianceClosureFlags,
  irradianceLimitFlags,
} from './quality.js';
