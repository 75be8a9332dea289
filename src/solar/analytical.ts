/**
 * The textbook solar geometry of Duffie & Beckman: declination and equation of time as Fourier
 * series of the day of year (Spencer 1971, Cooper 1969, PVCDROM), the hour angle from the clock,
 * the zenith and azimuth of spherical trigonometry, and sunrise, sunset and transit from them.
 * Accurate to a few tenths of a degree (declination) and about a minute (equation of time): for
 * teaching, cross-checks and models that were fitted with them. The SPA (`solarPositionSpa`) is
 * the accurate position.
 *
 * Units differ from pvlib in one respect, on purpose: pvlib's declination, analytical zenith and
 * analytical azimuth take and return radians; here every angle is in degrees, as everywhere in
 * the core (docs/DESIGN.md, "Degrees and SI at the boundary").
 */
import { type Column, arrayOf, outputColumn, scalarOf } from '../util/columns.js';
import {
  checkColumn,
  checkFinite,
  checkLatitude,
  checkLongitude,
  checkObject,
  checkSeries,
  checkTimes,
  rangeFailure,
} from '../util/validate.js';
import { SC, sinCos } from './trig.js';

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;
/** The day angle's step per day, rad (pvlib's `_calculate_simple_day_angle`). */
const DAY_ANGLE = (2 * Math.PI) / 365;

/**
 * A day-of-year column: a Float64Array or a finite number whose first, middle and last values are
 * NaN or within 0..367 (a Unix time or a Julian day is far outside). Fractions are allowed.
 */
function checkDayOfYear(fn: string, dayOfYear: unknown): Column {
  const c = checkColumn(fn, 'dayOfYear', dayOfYear, 'day of the year, 1..366');
  const probe = (x: number): void => {
    if (x < 0 || x > 367) rangeFailure(fn, 'dayOfYear', 'a day of the year from 1 to 366 (fractions allowed)', x);
  };
  if (typeof c === 'number') probe(c);
  else if (c.length > 0) for (const i of [0, c.length >> 1, c.length - 1]) probe(c[i]!);
  return c;
}

/**
 * Solar declination [degrees] by Spencer's (1971) Fourier series of the day of year, with the day
 * angle 2 pi (dayOfYear - 1) / 365; within about 0.035 degree of the true declination at noon.
 *
 * Spencer, J.W. (1971) Fourier series representation of the position of the sun. Search 2(5), 172;
 * as printed in Duffie, J.A., Beckman, W.A. (2006) Solar Engineering of Thermal Processes, 3rd ed.,
 * Wiley, pp. 13-14, doi:10.1002/9781118671603. Follows pvlib.solarposition.declination_spencer71,
 * which returns radians (here degrees).
 *
 * @param dayOfYear day of the year, 1..366 (fractions allowed), one value or a column
 * @param out optional output buffer
 * @returns declination, degrees north of the equator
 * @example
 * declinationSpencer71(172)[0]; // about 23.44 degrees (June solstice)
 */
export function declinationSpencer71(dayOfYear: Column, out?: Float64Array): Float64Array {
  const d = checkDayOfYear('declinationSpencer71', dayOfYear);
  const n = typeof d === 'number' ? 1 : d.length;
  const res = outputColumn(out, n);
  const dA = arrayOf(d);
  const d0 = scalarOf(d);
  for (let i = 0; i < n; i++) {
    sinCos(DAY_ANGLE * ((dA !== null ? dA[i]! : d0) - 1));
    const s1 = SC[0]!;
    const c1 = SC[1]!;
    // The multiple angles by the addition formulas: one sine-cosine pair per row instead of six.
    const c2 = c1 * c1 - s1 * s1;
    const s2 = 2 * s1 * c1;
    const c3 = c2 * c1 - s2 * s1;
    const s3 = s2 * c1 + c2 * s1;
    const rad = 0.006918 - 0.399912 * c1 + 0.070257 * s1 - 0.006758 * c2 + 0.000907 * s2 - 0.002697 * c3 + 0.00148 * s3;
    res[i] = rad * RAD;
  }
  return res;
}

/**
 * Solar declination [degrees] by Cooper's (1969) sine: 23.45 sin(2 pi (284 + dayOfYear) / 365),
 * written with pvlib's day angle 2 pi (dayOfYear - 1) / 365 plus 2 pi 285 / 365; within about
 * 1 degree of the true declination.
 *
 * Cooper, P.I. (1969) The absorption of radiation in solar stills. Solar Energy 12(3), 333-346,
 * doi:10.1016/0038-092X(69)90047-4; as in Duffie & Beckman (2006), pp. 13-14. Follows
 * pvlib.solarposition.declination_cooper69, which returns radians (here degrees).
 *
 * @param dayOfYear day of the year, 1..366 (fractions allowed), one value or a column
 * @param out optional output buffer
 * @returns declination, degrees north of the equator
 * @example
 * declinationCooper69(172)[0]; // about 23.45 degrees
 */
export function declinationCooper69(dayOfYear: Column, out?: Float64Array): Float64Array {
  const d = checkDayOfYear('declinationCooper69', dayOfYear);
  const n = typeof d === 'number' ? 1 : d.length;
  const res = outputColumn(out, n);
  const dA = arrayOf(d);
  const d0 = scalarOf(d);
  const shift = DAY_ANGLE * 285;
  for (let i = 0; i < n; i++) {
    const b = DAY_ANGLE * ((dA !== null ? dA[i]! : d0) - 1);
    // pvlib converts 23.45 sin(...) degrees to radians; the product is kept in that order.
    res[i] = 23.45 * DEG * Math.sin(b + shift) * RAD;
  }
  return res;
}

/**
 * Equation of time [minutes] (apparent minus mean solar time) by Spencer's (1971) series, with the
 * constant 0.0000075 (Spencer's correction of the printed 0.000075) and 0.040849 (not the 0.04089
 * of Duffie & Beckman's printing), as pvlib; within about 30 s of the true value.
 *
 * Spencer, J.W. (1971) Fourier series representation of the position of the sun. Search 2(5), 172.
 * Follows pvlib.solarposition.equation_of_time_spencer71.
 *
 * @param dayOfYear day of the year, 1..366 (fractions allowed), one value or a column
 * @param out optional output buffer
 * @returns equation of time, minutes
 * @example
 * equationOfTimeSpencer71(307)[0]; // about 16.4 minutes (early November)
 */
export function equationOfTimeSpencer71(dayOfYear: Column, out?: Float64Array): Float64Array {
  const d = checkDayOfYear('equationOfTimeSpencer71', dayOfYear);
  const n = typeof d === 'number' ? 1 : d.length;
  const res = outputColumn(out, n);
  const dA = arrayOf(d);
  const d0 = scalarOf(d);
  const minutesPerRadian = 1440 / 2 / Math.PI;
  for (let i = 0; i < n; i++) {
    sinCos(DAY_ANGLE * ((dA !== null ? dA[i]! : d0) - 1));
    const s1 = SC[0]!;
    const c1 = SC[1]!;
    res[i] =
      minutesPerRadian *
      (0.0000075 + 0.001868 * c1 - 0.032077 * s1 - 0.014615 * (c1 * c1 - s1 * s1) - 0.040849 * (2 * s1 * c1));
  }
  return res;
}

/**
 * Equation of time [minutes] of PVCDROM: 9.87 sin 2B - 7.53 cos B - 1.5 sin B with
 * B = 2 pi (dayOfYear - 81) / 365 (the day angle from the March equinox).
 *
 * Kalogirou, S.A. (2009) Solar Energy Engineering: Processes and Systems, Academic Press,
 * doi:10.1016/B978-0-12-374501-9.X0001-5; Honsberg, C., Bowden, S., PVCDROM (pveducation.org),
 * "Solar time". Follows pvlib.solarposition.equation_of_time_pvcdrom.
 *
 * @param dayOfYear day of the year, 1..366 (fractions allowed), one value or a column
 * @param out optional output buffer
 * @returns equation of time, minutes
 * @example
 * equationOfTimePvcdrom(307)[0]; // about 16.4 minutes
 */
export function equationOfTimePvcdrom(dayOfYear: Column, out?: Float64Array): Float64Array {
  const d = checkDayOfYear('equationOfTimePvcdrom', dayOfYear);
  const n = typeof d === 'number' ? 1 : d.length;
  const res = outputColumn(out, n);
  const dA = arrayOf(d);
  const d0 = scalarOf(d);
  const equinox = DAY_ANGLE * 80;
  for (let i = 0; i < n; i++) {
    sinCos(DAY_ANGLE * ((dA !== null ? dA[i]! : d0) - 1) - equinox);
    const s1 = SC[0]!;
    const c1 = SC[1]!;
    res[i] = 9.87 * (2 * s1 * c1) - 7.53 * c1 - 1.5 * s1;
  }
  return res;
}

/** The clock of the local-time functions: which calendar day a UTC instant belongs to. */
export interface LocalClockOptions {
  /**
   * Offset of the local clock from UTC, seconds (default 0): the offset of a fixed-offset time
   * zone (pvlib's localized times). It chooses the local day the hours are counted in, which moves
   * an hour angle by whole turns (360 degrees) and a day's events by whole days.
   */
  utcOffsetSeconds?: number;
}

/** What {@link hourAngle} takes. */
export interface HourAngleInput {
  /** Times, Unix seconds (UTC). */
  unixSeconds: Float64Array;
  /** Degrees east, -180..180, one value or a column. */
  longitude: Column;
  /** Equation of time, minutes, one value or a column (for example from {@link equationOfTimeSpencer71}). */
  equationOfTime: Column;
}

function checkOffset(fn: string, options: LocalClockOptions): number {
  checkObject(fn, 'options', options);
  if (options.utcOffsetSeconds === undefined) return 0;
  const off = checkFinite(fn, 'options.utcOffsetSeconds', options.utcOffsetSeconds, 's east of UTC');
  if (Math.abs(off) > 86400) rangeFailure(fn, 'options.utcOffsetSeconds', 'within a day of UTC, s', off);
  return off;
}

/**
 * Hour angle [degrees] in local solar time, zero at solar noon, negative in the morning:
 * 15 (h - 12) + longitude + equationOfTime / 4, with h the hours since the local midnight of each
 * time less the clock's offset (so UTC hours, counted from the local day's start). As pvlib it is
 * not reduced to -180..180: the offset's day decides the turn.
 *
 * Duffie, J.A., Beckman, W.A. (2006) Solar Engineering of Thermal Processes, 3rd ed., Wiley, p. 13,
 * doi:10.1002/9781118671603. Follows pvlib.solarposition.hour_angle for times localized to a
 * fixed-offset zone (pvlib counts the hours of a daylight-saving day with the offset of each
 * time; give the standard offset here instead).
 *
 * @param input `unixSeconds` (Unix seconds), `longitude` (degrees east), `equationOfTime` (minutes)
 * @param options `utcOffsetSeconds` of the local clock (default 0)
 * @param out optional output buffer
 * @returns hour angle, degrees
 * @example
 * const noon = Float64Array.of(Date.UTC(2024, 5, 21, 12) / 1000);
 * hourAngle({ unixSeconds: noon, longitude: 15, equationOfTime: -1.6 })[0]; // about 14.6 degrees
 */
export function hourAngle(input: HourAngleInput, options: LocalClockOptions = {}, out?: Float64Array): Float64Array {
  const fn = 'hourAngle';
  checkObject(fn, 'input', input);
  checkTimes(fn, 'unixSeconds', input.unixSeconds);
  const off = checkOffset(fn, options);
  const n = checkSeries(fn, [
    ['unixSeconds', input.unixSeconds, 'Unix seconds'],
    ['longitude', input.longitude, 'degrees east'],
    ['equationOfTime', input.equationOfTime, 'minutes'],
  ]);
  if (typeof input.longitude === 'number') checkLongitude(fn, input.longitude);
  const res = outputColumn(out, n);
  const t = input.unixSeconds;
  const lonA = arrayOf(input.longitude);
  const lon0 = scalarOf(input.longitude);
  const eotA = arrayOf(input.equationOfTime);
  const eot0 = scalarOf(input.equationOfTime);
  for (let i = 0; i < n; i++) {
    const local = t[i]! + off;
    const sinceMidnight = local - Math.floor(local / 86400) * 86400;
    const hours = (sinceMidnight - off) / 3600;
    res[i] = 15 * (hours - 12) + (lonA !== null ? lonA[i]! : lon0) + (eotA !== null ? eotA[i]! : eot0) / 4;
  }
  return res;
}

/** What {@link solarZenithAnalytical} takes; angles in degrees. */
export interface SolarZenithAnalyticalInput {
  /** Degrees north, one value or a column. */
  latitude: Column;
  /** Hour angle, degrees (for example from {@link hourAngle}). */
  hourAngle: Column;
  /** Solar declination, degrees (for example from {@link declinationSpencer71}). */
  declination: Column;
}

/** What {@link solarAzimuthAnalytical} takes; angles in degrees. */
export interface SolarAzimuthAnalyticalInput extends SolarZenithAnalyticalInput {
  /** Solar zenith, degrees (for example from {@link solarZenithAnalytical}). */
  zenith: Column;
}

function geometryEntries(input: SolarZenithAnalyticalInput) {
  return [
    ['latitude', input.latitude, 'degrees north'],
    ['hourAngle', input.hourAngle, 'degrees'],
    ['declination', input.declination, 'degrees'],
  ] as const;
}

/**
 * Solar zenith [degrees] of spherical trigonometry: acos(cos d cos phi cos h + sin d sin phi),
 * for the sun's centre without refraction (the geometric zenith). A cosine that rounding puts
 * beyond +-1 (the sun at the zenith or the nadir) is taken as +-1, where pvlib returns NaN.
 *
 * Duffie, J.A., Beckman, W.A. (2006) Solar Engineering of Thermal Processes, 3rd ed., Wiley, p. 14
 * (eq. 1.6.5), doi:10.1002/9781118671603. Follows pvlib.solarposition.solar_zenith_analytical,
 * which takes and returns radians (here degrees).
 *
 * @param input `latitude`, `hourAngle`, `declination`, degrees
 * @param out optional output buffer
 * @returns zenith, degrees, 0..180
 * @example
 * solarZenithAnalytical({ latitude: 40, hourAngle: 0, declination: 23.44 })[0]; // about 16.56 degrees
 */
export function solarZenithAnalytical(input: SolarZenithAnalyticalInput, out?: Float64Array): Float64Array {
  const fn = 'solarZenithAnalytical';
  checkObject(fn, 'input', input);
  const n = checkSeries(fn, geometryEntries(input));
  if (typeof input.latitude === 'number') checkLatitude(fn, input.latitude);
  const res = outputColumn(out, n);
  const latA = arrayOf(input.latitude);
  const lat0 = scalarOf(input.latitude);
  const hA = arrayOf(input.hourAngle);
  const h0 = scalarOf(input.hourAngle);
  const dA = arrayOf(input.declination);
  const d0 = scalarOf(input.declination);
  // One place is the common case: its sine and cosine once.
  const sinLat0 = Math.sin(lat0 * DEG);
  const cosLat0 = Math.cos(lat0 * DEG);
  for (let i = 0; i < n; i++) {
    const lat = latA !== null ? latA[i]! * DEG : 0;
    const sinLat = latA !== null ? Math.sin(lat) : sinLat0;
    const cosLat = latA !== null ? Math.cos(lat) : cosLat0;
    sinCos((dA !== null ? dA[i]! : d0) * DEG);
    const sinD = SC[0]!;
    const cosD = SC[1]!;
    sinCos((hA !== null ? hA[i]! : h0) * DEG);
    const c = cosD * cosLat * SC[1]! + sinD * sinLat;
    // Rounding can put the cosine of a sun at the zenith a bit above 1: taken as 1 (pvlib gives NaN there).
    res[i] = Math.acos(c > 1 ? 1 : c < -1 ? -1 : c) * RAD;
  }
  return res;
}

/** Within this of 0 (the sun at the zenith, or a pole) or of +-1, the cosine is taken as its limit. */
const COS_SNAP = 1e-8;

/**
 * Solar azimuth [degrees east of north] of spherical trigonometry:
 * 180 + sign(h) acos((cos z sin phi - sin d) / (sin z cos phi)). Where the denominator is within
 * 1e-8 of 0 (the sun at the zenith, an observer at a pole) the cosine is taken as 1, and a cosine
 * within 1e-8 of +-1 as +-1, as pvlib does; an hour angle of exactly 0 gives 180 (south), and the
 * sign of an hour angle outside -180..180 is used as it is (as pvlib).
 *
 * Duffie, J.A., Beckman, W.A. (2006) Solar Engineering of Thermal Processes, 3rd ed., Wiley, p. 14,
 * doi:10.1002/9781118671603. Follows pvlib.solarposition.solar_azimuth_analytical, which takes and
 * returns radians (here degrees).
 *
 * @param input `latitude`, `hourAngle`, `declination`, `zenith`, degrees
 * @param out optional output buffer
 * @returns azimuth, degrees east of north (90 east, 180 south, 270 west)
 * @example
 * solarAzimuthAnalytical({ latitude: 40, hourAngle: 45, declination: 0, zenith: 57.3 })[0]; // about 233 degrees (south-west)
 */
export function solarAzimuthAnalytical(input: SolarAzimuthAnalyticalInput, out?: Float64Array): Float64Array {
  const fn = 'solarAzimuthAnalytical';
  checkObject(fn, 'input', input);
  const n = checkSeries(fn, [...geometryEntries(input), ['zenith', input.zenith, 'degrees']]);
  if (typeof input.latitude === 'number') checkLatitude(fn, input.latitude);
  const res = outputColumn(out, n);
  const latA = arrayOf(input.latitude);
  const lat0 = scalarOf(input.latitude);
  const hA = arrayOf(input.hourAngle);
  const h0 = scalarOf(input.hourAngle);
  const dA = arrayOf(input.declination);
  const d0 = scalarOf(input.declination);
  const zA = arrayOf(input.zenith);
  const z0 = scalarOf(input.zenith);
  const sinLat0 = Math.sin(lat0 * DEG);
  const cosLat0 = Math.cos(lat0 * DEG);
  for (let i = 0; i < n; i++) {
    const lat = latA !== null ? latA[i]! * DEG : 0;
    const sinLat = latA !== null ? Math.sin(lat) : sinLat0;
    const cosLat = latA !== null ? Math.cos(lat) : cosLat0;
    const h = hA !== null ? hA[i]! : h0;
    sinCos((dA !== null ? dA[i]! : d0) * DEG);
    const sinD = SC[0]!;
    sinCos((zA !== null ? zA[i]! : z0) * DEG);
    const numer = SC[1]! * sinLat - sinD;
    const denom = SC[0]! * cosLat;
    let c = Math.abs(denom) <= COS_SNAP ? 1 : numer / denom;
    if (Math.abs(c - 1) <= COS_SNAP) c = 1;
    else if (Math.abs(c + 1) <= COS_SNAP) c = -1;
    // NaN in numer or denom: c is NaN, and so is the azimuth.
    const sign = h > 0 ? 1 : h < 0 ? -1 : h === 0 ? 0 : Number.NaN;
    res[i] = sign * Math.acos(c) * RAD + 180;
  }
  return res;
}

/** What {@link sunRiseSetTransitGeometric} takes. */
export interface SunRiseSetTransitGeometricInput {
  /** Any instant of each day, Unix seconds (the day is the local calendar date, see `utcOffsetSeconds`). */
  unixSeconds: Float64Array;
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
  /** Solar declination of each day, degrees (for example {@link declinationSpencer71}). */
  declination: Column;
  /** Equation of time of each day, minutes (for example {@link equationOfTimeSpencer71}). */
  equationOfTime: Column;
}

/** Sunrise, sunset and transit, Unix seconds (UTC), one per input time. */
export interface SunRiseSetTransit {
  /** Sunrise: the sun's centre on the geometric horizon, rising; NaN on a day of polar day or night. */
  sunrise: Float64Array;
  /** Sunset, as sunrise; NaN on a day of polar day or night. */
  sunset: Float64Array;
  /** Transit of the local meridian (hour angle 0). */
  transit: Float64Array;
}

/**
 * Sunrise, sunset and transit [Unix seconds] of a circular orbit and a point sun without
 * refraction: the sunset hour angle acos(-tan d tan phi) and the hour angle 0, turned into the
 * clock times of each time's local day (the day of `unixSeconds + utcOffsetSeconds`). Errors are
 * of the order of 10 minutes (no refraction, no disc, the day's declination held); on a day of
 * polar day or night sunrise and sunset are NaN. `sunTimes` gives the SPA's events.
 *
 * Duffie, J.A., Beckman, W.A. (2006) Solar Engineering of Thermal Processes, 3rd ed., Wiley,
 * doi:10.1002/9781118671603; Vignola, F., Michalsky, J., Stoffel, T. (2012) Solar and Infrared
 * Radiation Measurements, CRC Press, doi:10.1201/b12367. Follows
 * pvlib.solarposition.sun_rise_set_transit_geometric (declination in degrees here, radians there).
 *
 * @param input `unixSeconds` (Unix seconds), `latitude` and `longitude` (degrees), `declination`
 *   (degrees) and `equationOfTime` (minutes) of each day
 * @param options `utcOffsetSeconds` of the local clock (default 0)
 * @param out optional output buffers of length unixSeconds.length
 * @returns sunrise, sunset and transit, Unix seconds (UTC)
 * @example
 * const day = Float64Array.of(Date.UTC(2024, 2, 20, 12) / 1000); // equinox
 * const r = sunRiseSetTransitGeometric({ unixSeconds: day, latitude: 0, longitude: 0, declination: 0, equationOfTime: 0 });
 * (r.sunset[0]! - r.sunrise[0]!) / 3600; // about 12 hours
 */
export function sunRiseSetTransitGeometric(
  input: SunRiseSetTransitGeometricInput,
  options: LocalClockOptions = {},
  out?: Partial<SunRiseSetTransit>,
): SunRiseSetTransit {
  const fn = 'sunRiseSetTransitGeometric';
  checkObject(fn, 'input', input);
  checkTimes(fn, 'unixSeconds', input.unixSeconds);
  checkLatitude(fn, input.latitude);
  checkLongitude(fn, input.longitude);
  const off = checkOffset(fn, options);
  const n = checkSeries(fn, [
    ['unixSeconds', input.unixSeconds, 'Unix seconds'],
    ['declination', input.declination, 'degrees'],
    ['equationOfTime', input.equationOfTime, 'minutes'],
  ]);
  const sunrise = outputColumn(out?.sunrise, n, 'sunrise');
  const sunset = outputColumn(out?.sunset, n, 'sunset');
  const transit = outputColumn(out?.transit, n, 'transit');
  const t = input.unixSeconds;
  const tanLat = Math.tan(input.latitude * DEG);
  const lon = input.longitude;
  const dA = arrayOf(input.declination);
  const d0 = scalarOf(input.declination);
  const eotA = arrayOf(input.equationOfTime);
  const eot0 = scalarOf(input.equationOfTime);
  for (let i = 0; i < n; i++) {
    const local = t[i]! + off;
    // The local day's midnight as UTC seconds, plus the offset back: the clock hours below are local.
    const midnight = Math.floor(local / 86400) * 86400 - off;
    const setAngle = Math.acos(-Math.tan((dA !== null ? dA[i]! : d0) * DEG) * tanLat) * RAD;
    const eot = eotA !== null ? eotA[i]! : eot0;
    // Hours after local midnight of an hour angle: (h - longitude - eot / 4) / 15 + 12 + offset.
    const base = 12 + off / 3600 - (lon + eot / 4) / 15;
    transit[i] = midnight + base * 3600;
    sunrise[i] = midnight + (base - setAngle / 15) * 3600;
    sunset[i] = midnight + (base + setAngle / 15) * 3600;
  }
  return { sunrise, sunset, transit };
}
