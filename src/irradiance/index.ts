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
  SKY_DIFFUSE_MODELS,
  groundDiffuse,
  haydaviesSkyDiffuse,
  isotropicSkyDiffuse,
  perezSkyDiffuse,
  totalIrradiance,
} from './transposition.js';
export { type PerezCoefficientSet, perezCoefficients } from './perez-coefficients.js';
export {
  type KingInput,
  type KlucherInput,
  type PerezDriesseInput,
  type ReindlInput,
  type SkyDiffuseColumns,
  type SkyDiffuseParts,
  PEREZ_DRIESSE_COEFFICIENTS,
  kingSkyDiffuse,
  klucherSkyDiffuse,
  perezDriesseSkyDiffuse,
  reindlSkyDiffuse,
  skyDiffuseColumns,
} from './sky-diffuse.js';
export {
  type IamAshraeOptions,
  type IamMartinRuizOptions,
  type IamPhysicalOptions,
  type IamSapmModule,
  iamAshrae,
  iamMartinRuiz,
  iamPhysical,
  iamSapm,
  iamSchlick,
} from './iam.js';
export { type IamInterpMethod, type IamInterpOptions, iamInterp } from './iam-interp.js';
export {
  type IamDiffuse,
  type IamFunction,
  type IamMarionDiffuse,
  type IamMarionIntegrateOptions,
  type IamMarionModel,
  type IamMarionRegion,
  type IamMartinRuizDiffuseOptions,
  iamMarionDiffuse,
  iamMarionIntegrate,
  iamMartinRuizDiffuse,
  iamSchlickDiffuse,
} from './iam-diffuse.js';
export {
  type IamConvertInput,
  type IamConvertOptions,
  type IamFitInput,
  type IamFitModel,
  type IamFitOptions,
  type IamFitParameters,
  type IamWeight,
  iamConvert,
  iamFit,
} from './iam-fit.js';
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
  type BolandOptions,
  type KtColumns,
  type KtDecompositionInput,
  type KtDecompositionOptions,
  boland,
  erbsDriesse,
  ktColumns,
  louche,
  orgillHollands,
} from './diffuse-fraction.js';
export {
  type ClosureColumns,
  type CompleteIrradiance,
  type CompleteIrradianceInput,
  type DniInput,
  type DniOptions,
  type PoaComponents,
  type PoaComponentsInput,
  closureColumns,
  completeIrradiance,
  dni,
  poaComponents,
} from './closure.js';
export { type CampbellNormanInput, type SkyComponents, campbellNorman } from './campbell-norman.js';
export { type DirindexInput, dirindex } from './dirindex.js';
export { type GtiDirint, type GtiDirintInput, type GtiDirintOptions, gtiDirint } from './gti-dirint.js';
export {
  type GhiFromPoa,
  type GhiFromPoaInput,
  type GhiFromPoaOptions,
  ghiFromPoaDriesse2024,
} from './reverse-transposition.js';
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
