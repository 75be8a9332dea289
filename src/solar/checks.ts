/**
 * The checks of the solar position functions' arguments, once per call (see util/validate.ts).
 */
import {
  checkFinite,
  checkLatitude,
  checkLongitude,
  checkObject,
  checkPressurePa,
  checkSeries,
  checkTimes,
} from '../util/validate.js';
import type { SolarPositionInput, SolarPositionOptions } from './types.js';

/**
 * Checks the input of a solar position function (times as a Float64Array of Unix seconds,
 * latitude, longitude, elevation in m, pressure in Pa, not hPa, temperature in C), its options
 * (delta T in s, refraction in degrees) and the columns' lengths.
 */
export function checkSolarCall(fn: string, input: SolarPositionInput, options: SolarPositionOptions): void {
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  checkTimes(fn, 'unixSeconds', input.unixSeconds);
  checkLatitude(fn, input.latitude);
  checkLongitude(fn, input.longitude);
  if (input.elevation !== undefined) checkFinite(fn, 'elevation', input.elevation, 'm above sea level');
  if (options.atmosRefract !== undefined) checkFinite(fn, 'options.atmosRefract', options.atmosRefract, 'degrees');
  checkSeries(fn, [
    ['unixSeconds', input.unixSeconds, 'Unix seconds'],
    ['pressure', input.pressure, 'Pa', true],
    ['temperature', input.temperature, 'degrees C', true],
    ['options.deltaT', options.deltaT, 's', true],
  ]);
  checkPressurePa(fn, 'pressure', input.pressure);
}
