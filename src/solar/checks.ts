/**
 * The checks of the solar position functions' arguments, once per call (see util/validate.ts).
 */
import { checkFinite, checkLatitude, checkLongitude, checkObject, checkPressurePa, checkSeries, checkTimes } from '../util/validate.js';
import type { SolarPositionOptions } from './types.js';

/**
 * Checks times (a Float64Array of Unix seconds), latitude, longitude and the options of a solar
 * position function: elevation (m), pressure (Pa, not hPa), temperature (C), delta T (s) and
 * the columns' lengths.
 */
export function checkSolarCall(fn: string, unixSeconds: unknown, latitude: unknown, longitude: unknown, options: SolarPositionOptions): void {
  checkTimes(fn, 'unixSeconds', unixSeconds);
  checkLatitude(fn, latitude);
  checkLongitude(fn, longitude);
  checkObject(fn, 'options', options);
  if (options.elevation !== undefined) checkFinite(fn, 'options.elevation', options.elevation, 'm above sea level');
  if (options.atmosRefract !== undefined) checkFinite(fn, 'options.atmosRefract', options.atmosRefract, 'degrees');
  checkSeries(fn, [
    ['unixSeconds', unixSeconds, 'Unix seconds'],
    ['options.pressure', options.pressure, 'Pa', true],
    ['options.temperature', options.temperature, 'degrees C', true],
    ['options.deltaT', options.deltaT, 's', true],
  ]);
  checkPressurePa(fn, 'options.pressure', options.pressure);
}
