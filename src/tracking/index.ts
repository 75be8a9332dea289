// Public exports of src/tracking (re-exports only).
export { singleAxis } from './single-axis.js';
export type { SingleAxisInput, SingleAxisOptions, SingleAxisResult } from './single-axis.js';
export { axisTiltOnSlope, crossAxisTilt } from './slope.js';
export type { CrossAxisTiltInput, SlopeInput } from './slope.js';
export { trackerSurfaceOrientation } from './surface-orientation.js';
export type {
  TrackerSurfaceOrientation,
  TrackerSurfaceOrientationInput,
  TrackerSurfaceOrientationOptions,
} from './surface-orientation.js';
