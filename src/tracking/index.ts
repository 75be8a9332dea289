// Public exports of src/tracking (re-exports only).
export { singleAxis } from './singleAxis.js';
export type { SingleAxisInput, SingleAxisOptions, SingleAxisResult } from './singleAxis.js';
export { axisTiltOnSlope, crossAxisTilt } from './slope.js';
export type { CrossAxisTiltInput, SlopeInput } from './slope.js';
export { trackerSurfaceOrientation } from './surfaceOrientation.js';
export type {
  TrackerSurfaceOrientation,
  TrackerSurfaceOrientationInput,
  TrackerSurfaceOrientationOptions,
} from './surfaceOrientation.js';
