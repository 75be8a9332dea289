import { outputColumn } from '../util/columns.js';
import { checkFinite, checkLatitude, checkLongitude, checkObject, checkSeries, checkTimes } from '../util/validate.js';
import { deltaTAt } from './delta-t.js';
import {
  DEG,
  G_ALPHA,
  G_DELTA,
  G_NUTATION_RA,
  G_SIZE,
  RAD,
  geocentricSun,
  heliocentricState,
  julianDay,
  meanSiderealTime,
  pyMod,
} from './spa-core.js';

/** The days and the place of {@link sunTimes}. */
export interface SunTimesInput {
  /** Any instant of each day, Unix seconds (the day is its calendar date, see `utcOffsetSeconds`). */
  dayUnixSeconds: Float64Array;
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
}

/** Options of {@link sunTimes}. */
export interface SunTimesOptions {
  /**
   * Offset of the local clock from UTC, seconds (default 0). Each input instant is placed in
   * the calendar day of `instant + utcOffsetSeconds`, and the events of that date are returned
   * (as pvlib's `sun_rise_set_transit_spa` does with the local date of a localized timestamp).
   */
  utcOffsetSeconds?: number;
  /** Delta T, seconds, one value or one per day (default: `deltaTAt` of each day's 00:00 UTC). */
  deltaT?: number | Float64Array;
}

/** Sunrise, sunset and solar noon, Unix seconds (UTC), one per input day. */
export interface SunTimes {
  /** Upper limb at the horizon with standard refraction (geometric centre at -0.8333 deg), rising. NaN when the sun does not rise or set that day. */
  sunrise: Float64Array;
  /** As sunrise, setting. */
  sunset: Float64Array;
  /** Transit of the sun across the local meridian (always defined). */
  solarNoon: Float64Array;
}

/**
 * Sunrise, sunset and solar noon (sun transit) for each day at one place, by the method of
 * Appendix A.2 of the SPA paper: the geocentric right ascension and declination at 0 h TT of the
 * day before, the day and the day after, interpolated to each event, with one correction step.
 * This is pvlib's `solarposition.sun_rise_set_transit_spa` (`spa.transit_sunrise_sunset`), under
 * the core's names: its `transit` is `solarNoon`, its localized times are `dayUnixSeconds` with
 * `utcOffsetSeconds`, and its default delta T of 67 s is here the estimate of each day (give
 * `deltaT: 67` for pvlib's). One deliberate difference: when sunrise falls
 * on the previous UTC day or sunset on the next, pvlib (as the paper) reduces the day fraction m
 * to 0..1, interpolates the sun's coordinates at that fraction of day D and then shifts the result
 * by a day, which puts the event up to a day's solar motion off (0.1 degree of declination: a
 * minute or two at ordinary latitudes, up to 20 minutes near the polar circles, where the sun
 * grazes the horizon; pvlib's event is then 0.4 degree off the sunrise altitude); here m
 * keeps its value in (-1, 2) and the paper's quadratic interpolation over D-1..D+1 is used at the
 * event's own time. Elsewhere the results are pvlib's; accuracy is that of the method, a few
 * seconds of time at ordinary latitudes. Sunrise and sunset are NaN when the sun stays above or below -0.8333 degree all day
 * (polar day or night).
 *
 * Reda, I., Andreas, A. (2004) Solar position algorithm for solar radiation applications.
 * Solar Energy 76(5), 577-589, doi:10.1016/j.solener.2003.12.003, Appendix A.2.
 *
 * @param input `dayUnixSeconds`: any instant of each day, Unix seconds; the day is the calendar
 *   date of `instant + options.utcOffsetSeconds`, and the calculation runs for 00:00 UTC of that
 *   date; `latitude` degrees north; `longitude` degrees east.
 * @param options the local clock's offset and delta T.
 * @param out optional output buffers of length dayUnixSeconds.length.
 * @example
 * const day = Float64Array.of(Date.UTC(2024, 5, 21, 12) / 1000); // 21 June 2024
 * const { sunrise, sunset } = sunTimes({ dayUnixSeconds: day, latitude: 52.37, longitude: 4.9 }); // Amsterdam
 * new Date(sunrise[0]! * 1000).toISOString().slice(0, 16); // => '2024-06-21T03:18'
 * (sunset[0]! - sunrise[0]!) / 3600; // about 16.8 hours of day
 */
export function sunTimes(input: SunTimesInput, options: SunTimesOptions = {}, out?: Partial<SunTimes>): SunTimes {
  const fn = 'sunTimes';
  checkObject(fn, 'input', input);
  const { dayUnixSeconds, latitude, longitude } = input;
  checkTimes(fn, 'dayUnixSeconds', dayUnixSeconds);
  checkLatitude(fn, latitude);
  checkLongitude(fn, longitude);
  checkObject(fn, 'options', options);
  if (options.utcOffsetSeconds !== undefined)
    checkFinite(fn, 'options.utcOffsetSeconds', options.utcOffsetSeconds, 's');
  checkSeries(fn, [
    ['dayUnixSeconds', dayUnixSeconds, 'Unix seconds'],
    ['options.deltaT', options.deltaT, 's', true],
  ]);
  const n = dayUnixSeconds.length;
  const sunrise = outputColumn(out?.sunrise, n, 'sunrise');
  const sunset = outputColumn(out?.sunset, n, 'sunset');
  const solarNoon = outputColumn(out?.solarNoon, n, 'solarNoon');
  const offset = options.utcOffsetSeconds ?? 0;
  const deltaTIn = options.deltaT;
  if (deltaTIn !== undefined && typeof deltaTIn !== 'number' && deltaTIn.length !== n) {
    throw new RangeError(`deltaT has length ${deltaTIn.length}, expected ${n}`);
  }
  const sinLat = Math.sin(latitude * DEG);
  const cosLat = Math.cos(latitude * DEG);
  const sinH0 = Math.sin(-0.8333 * DEG);
  const g = new Float64Array(G_SIZE);
  const st = heliocentricState();
  const alpha = new Float64Array(3);
  const delta = new Float64Array(3);
  const m = new Float64Array(3);
  const result = new Float64Array(3);

  for (let i = 0; i < n; i++) {
    const utday = Math.floor((dayUnixSeconds[i]! + offset) / 86400) * 86400;
    const dT = deltaTIn === undefined ? deltaTAt(utday) : typeof deltaTIn === 'number' ? deltaTIn : deltaTIn[i]!;
    const jd0 = julianDay(utday);
    // Apparent sidereal time at 0 h UT (A.2.1).
    geocentricSun(st, utday, dT, g);
    const v = meanSiderealTime(jd0) + g[G_NUTATION_RA]!;
    // Geocentric alpha, delta at 0 h TT of days D-1, D, D+1 (A.2.2).
    for (let j = 0; j < 3; j++) {
      geocentricSun(st, utday - dT + (j - 1) * 86400, dT, g);
      alpha[j] = g[G_ALPHA]!;
      delta[j] = g[G_DELTA]!;
    }
    const cosArg = (sinH0 - sinLat * Math.sin(delta[1]! * DEG)) / (cosLat * Math.cos(delta[1]! * DEG));
    const H0 = Math.abs(cosArg) > 1 ? Number.NaN : pyMod(Math.acos(cosArg) * RAD, 180);
    m[0] = pyMod((alpha[1]! - longitude - v) / 360, 1);
    // Kept outside 0..1 when the event falls on the previous or next UTC day, so that it is
    // interpolated at its own time (see the doc comment on the deviation from pvlib).
    m[1] = m[0]! - H0 / 360;
    m[2] = m[0]! + H0 / 360;
    // Differences for the interpolation of A.2.10, reduced to (0, 1) when alpha wraps at 360.
    let a = alpha[1]! - alpha[0]!;
    if (Math.abs(a) > 2) a = pyMod(a, 1);
    let ap = delta[1]! - delta[0]!;
    if (Math.abs(ap) > 2) ap = pyMod(ap, 1);
    let b = alpha[2]! - alpha[1]!;
    if (Math.abs(b) > 2) b = pyMod(b, 1);
    let bp = delta[2]! - delta[1]!;
    if (Math.abs(bp) > 2) bp = pyMod(bp, 1);
    const c = b - a;
    const cp = bp - ap;
    for (let j = 0; j < 3; j++) {
      const mj = m[j]!;
      const vs = v + 360.985647 * mj;
      const nj = mj + dT / 86400;
      const alphaP = alpha[1]! + (nj * (a + b + c * nj)) / 2;
      const deltaP = delta[1]! + (nj * (ap + bp + cp * nj)) / 2;
      let Hp = pyMod(vs + longitude - alphaP, 360);
      if (Hp >= 180) Hp -= 360;
      const dR = deltaP * DEG;
      const HpR = Hp * DEG;
      if (j === 0) {
        result[0] = (mj - Hp / 360) * 86400;
      } else {
        const hDeg = Math.asin(sinLat * Math.sin(dR) + cosLat * Math.cos(dR) * Math.cos(HpR)) * RAD;
        result[j] = (mj + (hDeg + 0.8333) / (360 * Math.cos(dR) * cosLat * Math.sin(HpR))) * 86400;
      }
    }
    solarNoon[i] = result[0]! + utday;
    sunrise[i] = result[1]! + utday;
    sunset[i] = result[2]! + utday;
  }
  return { sunrise, sunset, solarNoon };
}
