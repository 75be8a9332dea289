// Public exports of src/bifacial (re-exports only).
export { infiniteSheds } from './infiniteSheds.js';
export type { InfiniteShedsInput, InfiniteShedsOptions, InfiniteShedsResult } from './infiniteSheds.js';
export {
  groundSkyMaxRows,
  unshadedGroundFraction,
  unshadedGroundFractionTan,
  vfGroundSkyIntegrated,
  vfRowGroundIntegrated,
  vfRowSkyIntegrated,
} from './viewFactors.js';
