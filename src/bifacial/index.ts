// Public exports of src/bifacial (re-exports only). The view factors of viewFactors.ts are the
// model's building blocks, reachable from their module (tests), not part of the API.
export { infiniteSheds } from './infiniteSheds.js';
export type { InfiniteShedsInput, InfiniteShedsOptions, InfiniteShedsResult } from './infiniteSheds.js';
