// Public exports of src/bifacial (re-exports only). The view factors of view-factors.ts are the
// model's building blocks, reachable from their module (tests), not part of the API.
export { infiniteSheds } from './infinite-sheds.js';
export type { InfiniteShedsInput, InfiniteShedsOptions, InfiniteShedsResult } from './infinite-sheds.js';
export { type PowerMismatchDelineOptions, powerMismatchDeline } from './power-mismatch.js';
