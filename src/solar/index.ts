// Public exports of src/solar (re-exports only). Internals (the defaults resolver, delta T by
// instant, node spacing) are imported from their modules by the tests and src/internal.ts.
export type { SolarPosition, SolarPositionInput, SolarPositionOptions } from './types.js';
export { solarPositionSpa } from './spa.js';
export { type SunPosition, type SunPositionInput, sunPosition } from './sun-position.js';
export { deltaTEstimate } from './delta-t.js';
export { solarPositionFast } from './fast.js';
export { type SunTimes, type SunTimesInput, type SunTimesOptions, sunTimes } from './sun-times.js';
export {
  type HourAngleInput,
  type LocalClockOptions,
  type SolarAzimuthAnalyticalInput,
  type SolarZenithAnalyticalInput,
  type SunRiseSetTransit,
  type SunRiseSetTransitGeometricInput,
  declinationCooper69,
  declinationSpencer71,
  equationOfTimePvcdrom,
  equationOfTimeSpencer71,
  hourAngle,
  solarAzimuthAnalytical,
  solarZenithAnalytical,
  sunRiseSetTransitGeometric,
} from './analytical.js';
export { type EarthSunDistanceOptions, nrelEarthSunDistance } from './earth-sun-distance.js';
export { type EphemerisInput, type EphemerisPosition, solarPositionEphemeris } from './ephemeris.js';
