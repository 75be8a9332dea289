/**
 * The sun at one instant: `solarPositionSpa` for a single Date or Unix time, as plain numbers.
 */
import { checkLatitude, checkLongitude, checkObject, checkUnixSeconds, rangeFailure } from '../util/validate.js';
import { solarPositionSpa } from './spa.js';

/** The sun's position at one instant, degrees (equation of time in minutes). */
export interface SunPosition {
  /** Topocentric zenith angle without refraction, 0..180. */
  zenith: number;
  /** Zenith angle corrected for atmospheric refraction. */
  apparentZenith: number;
  /** Azimuth, degrees east of north in [0, 360): 90 east, 180 south (suncalc's is from south, in radians). */
  azimuth: number;
  /** Elevation above the horizon without refraction: 90 - zenith. */
  elevation: number;
  /** Elevation corrected for refraction: 90 - apparentZenith. */
  apparentElevation: number;
  /** Equation of time, minutes. */
  equationOfTime: number;
}

/**
 * The second form of `sunPosition`: the place and the air by name (those of
 * `solarPositionSpa` for one instant).
 */
export interface SunPositionInput {
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
  /** Height above sea level, m (default 0). */
  elevation?: number;
  /** Air pressure, Pa (default 101325), for refraction. */
  pressure?: number;
  /** Air temperature, degrees C (default 12), for refraction. */
  temperature?: number;
  /** Delta T, s (default: estimated from the date). */
  deltaT?: number;
}

/**
 * The sun's position at one instant and place by the NREL SPA (Reda & Andreas 2004, Solar Energy
 * 76(5) 577-589, doi:10.1016/j.solener.2003.12.003), as pvlib's `spa_python`: the one-call form of
 * `solarPositionSpa` for a `Date` (or Unix seconds), like suncalc's `getPosition` but in degrees,
 * with the azimuth east of north. For series, call `solarPositionSpa` (or `solarPositionFast`)
 * with a Float64Array of Unix seconds: one call for many instants is far faster.
 *
 * Two forms: `sunPosition(date, latitude, longitude)`, or `sunPosition(date, { latitude,
 * longitude, elevation, pressure, temperature, deltaT })` to give the height and the air.
 *
 * @param date a Date, or Unix seconds (UTC) as a number (not milliseconds)
 * @param latitude degrees north, -90..90
 * @param longitude degrees east, -180..180
 * @example
 * const sun = sunPosition(new Date('2024-06-21T12:00:00Z'), 52.37, 4.9); // Amsterdam at noon UTC
 * sun.elevation; // about 60.9 degrees
 * sun.azimuth; // about 188 degrees (a little west of south)
 * const alps = sunPosition(new Date('2024-06-21T12:00:00Z'), { latitude: 46.5, longitude: 8, elevation: 3000 });
 * alps.zenith; // about 23.8 degrees
 */
export function sunPosition(date: Date | number, latitude: number, longitude: number): SunPosition;
/**
 * The sun's position at one instant, for a place and air given by name (see the first form).
 * @param date a Date, or Unix seconds (UTC) as a number (not milliseconds)
 * @param input latitude and longitude (degrees), optional elevation (m), pressure (Pa),
 *   temperature (degrees C) and deltaT (s)
 * @example
 * sunPosition(new Date('2024-06-21T12:00:00Z'), { latitude: 52.37, longitude: 4.9, elevation: 2 }).azimuth; // about 188
 */
export function sunPosition(date: Date | number, input: SunPositionInput): SunPosition;
export function sunPosition(date: Date | number, place: number | SunPositionInput, longitude?: number): SunPosition {
  let t: number;
  if (date instanceof Date) {
    t = date.getTime() / 1000;
    if (!Number.isFinite(t)) rangeFailure('sunPosition', 'date', 'a valid Date or Unix seconds', date);
  } else {
    t = checkUnixSeconds('sunPosition', 'date', date);
  }
  const unixSeconds = Float64Array.of(t);
  // The place is checked here too, so that a mistake names this function rather than the one it calls.
  const at = typeof place === 'number' ? { latitude: place, longitude } : checkObject('sunPosition', 'input', place);
  checkLatitude('sunPosition', at.latitude);
  checkLongitude('sunPosition', at.longitude);
  const p =
    typeof place === 'number'
      ? solarPositionSpa({ unixSeconds, latitude: place, longitude: longitude as number })
      : solarPositionSpa(
          {
            unixSeconds,
            latitude: checkObject('sunPosition', 'input', place).latitude,
            longitude: place.longitude,
            elevation: place.elevation,
            pressure: place.pressure,
            temperature: place.temperature,
          },
          { deltaT: place.deltaT },
        );
  return {
    zenith: p.zenith[0]!,
    apparentZenith: p.apparentZenith[0]!,
    azimuth: p.azimuth[0]!,
    elevation: p.elevation[0]!,
    apparentElevation: p.apparentElevation[0]!,
    equationOfTime: p.equationOfTime[0]!,
  };
}
