// Public exports of src/solar (re-exports only).
export type { SolarPosition, SolarPositionOptions } from './types.js';
export { solarPositionSpa } from './spa.js';
export { PVLIB_DEFAULT_DELTA_T, withSolarPositionDefaults } from './defaults.js';
export { type SunPosition, type SunPositionOptions, sunPosition } from './sunPosition.js';
export { deltaTEstimate, deltaTAt } from './deltaT.js';
export { solarPositionFast, FAST_NODE_STEP_SECONDS } from './fast.js';
export { sunTimes } from './sunTimes.js';
export type { SunTimes, SunTimesOptions } from './sunTimes.js';
