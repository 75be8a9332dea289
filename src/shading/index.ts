// Public exports of src/shading (re-exports only): row-to-row shading of beam and sky diffuse
// irradiance (pvlib.shading). Deline's mismatch loss is pvlib.bifacial's and lives in src/bifacial.
export { type DirectMartinezInput, type DirectMartinezOptions, directMartinez } from './direct-martinez.js';
export {
  type MaskingAnglePassiasInput,
  type RowPointInput,
  type RowSpacingOptions,
  groundAngle,
  maskingAngle,
  maskingAnglePassias,
  skyDiffusePassias,
} from './masking-angle.js';
export {
  type ProjectedSolarZenithAngleInput,
  type ProjectedSolarZenithAngleOptions,
  projectedSolarZenithAngle,
} from './projected-solar-zenith.js';
export { type ShadedFraction1dInput, type ShadedFraction1dOptions, shadedFraction1d } from './shaded-fraction.js';
