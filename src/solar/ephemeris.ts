/**
 * pvlib's own simple solar position calculator (`solarposition.ephemeris`): the classical
 * low-precision ephemeris of the sun (mean elements of the Earth's orbit of 1900, Kepler's
 * equation, a fixed aberration) with a piecewise refraction. Accurate to about 0.01 degree near
 * the present; the SPA (`solarPositionSpa`) is the accurate one.
 */
import { dayOfYearFromEpochDays } from '../atmosphere/extraterrestrial.js';
import { type Column, arrayOf, outputColumn, scalarOf } from '../util/columns.js';
import {
  checkLatitude,
  checkLongitude,
  checkObject,
  checkPressurePa,
  checkSeries,
  checkTimes,
} from '../util/validate.js';

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;

/** What {@link solarPositionEphemeris} takes (pvlib's `ephemeris` arguments). */
export interface EphemerisInput {
  /** Times, Unix seconds (UTC). */
  unixSeconds: Float64Array;
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
  /** Air pressure, Pa, one value or a column (default 101325); refraction only. */
  pressure?: Column;
  /** Air temperature, degrees C, one value or a column (default 12); refraction only. */
  temperature?: Column;
}

/** The columns of {@link solarPositionEphemeris}, degrees unless said. */
export interface EphemerisPosition {
  /** Zenith without refraction. */
  zenith: Float64Array;
  /** Zenith with refraction. */
  apparentZenith: Float64Array;
  /** Azimuth, degrees east of north, [0, 360). */
  azimuth: Float64Array;
  /** Elevation without refraction. */
  elevation: Float64Array;
  /** Elevation with refraction. */
  apparentElevation: Float64Array;
  /** Local apparent solar time, hours (12 at solar noon). */
  solarTime: Float64Array;
}

/** The UTC calendar year of a day counted from 1970-01-01 (Hinnant's civil-from-days). */
function yearOfEpochDay(days: number): number {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  // The computed year starts on 1 March: January and February belong to the next civil year.
  return yoe + era * 400 + (doy >= 306 ? 1 : 0);
}

/** Kepler's equation is solved until the eccentric anomaly moves less than this, degrees. */
const KEPLER_TOLERANCE = 1e-12;

/**
 * Solar position by pvlib's ephemeris algorithm: Greenwich mean sidereal time, the sun's mean
 * anomaly, perigee, eccentricity and the obliquity as polynomials of the time since 1900, Kepler's
 * equation for the eccentric anomaly, the true anomaly, a fixed aberration of 20 arc-seconds, then
 * the declination, right ascension, hour angle, zenith and azimuth, and a piecewise refraction
 * (three formulas by elevation, scaled by (283 / (273 + T)) (P / 101325)). Accurate to about 0.01
 * degree in the present era; use `solarPositionSpa` for accuracy.
 *
 * One deliberate difference from pvlib: Kepler's equation is solved to convergence at each time,
 * where pvlib iterates the whole array until the largest change is below 1e-4 degree, which leaves
 * up to 2e-6 degree that depends on the other times of the call.
 *
 * Grover Hughes' Engineering Astronomy course, Sandia National Laboratories (1985), as in PVLIB for
 * MATLAB; follows pvlib.solarposition.ephemeris.
 *
 * @param input `unixSeconds` (Unix seconds), `latitude` and `longitude` (degrees), optional
 *   `pressure` (Pa) and `temperature` (degrees C)
 * @param out optional output buffers of length unixSeconds.length
 * @returns zenith, apparentZenith, azimuth, elevation, apparentElevation (degrees) and solarTime (hours)
 * @example
 * const t = Float64Array.of(Date.UTC(2024, 5, 21, 12) / 1000);
 * solarPositionEphemeris({ unixSeconds: t, latitude: 52.37, longitude: 4.9 }).zenith[0]; // about 29.1 degrees
 */
export function solarPositionEphemeris(input: EphemerisInput, out?: Partial<EphemerisPosition>): EphemerisPosition {
  const fn = 'solarPositionEphemeris';
  checkObject(fn, 'input', input);
  checkTimes(fn, 'unixSeconds', input.unixSeconds);
  checkLatitude(fn, input.latitude);
  checkLongitude(fn, input.longitude);
  const n = checkSeries(fn, [
    ['unixSeconds', input.unixSeconds, 'Unix seconds'],
    ['pressure', input.pressure, 'Pa', true],
    ['temperature', input.temperature, 'degrees C', true],
  ]);
  if (input.pressure !== undefined) checkPressurePa(fn, 'pressure', input.pressure);
  const zenith = outputColumn(out?.zenith, n, 'zenith');
  const apparentZenith = outputColumn(out?.apparentZenith, n, 'apparentZenith');
  const azimuth = outputColumn(out?.azimuth, n, 'azimuth');
  const elevation = outputColumn(out?.elevation, n, 'elevation');
  const apparentElevation = outputColumn(out?.apparentElevation, n, 'apparentElevation');
  const solarTime = outputColumn(out?.solarTime, n, 'solarTime');
  const t = input.unixSeconds;
  const pA = arrayOf(input.pressure);
  const p0 = input.pressure === undefined ? 101325 : scalarOf(input.pressure);
  const tA = arrayOf(input.temperature);
  const t0 = input.temperature === undefined ? 12 : scalarOf(input.temperature);
  const latR = input.latitude * DEG;
  const sinLat = Math.sin(latR);
  const cosLat = Math.cos(latR);
  // The algorithm's longitude is positive west.
  const westLongitude = -input.longitude;
  const aberration = 20 / 3600;
  let lastDay = Number.NaN;
  let ezero = 0;
  let gmst0 = 0;
  for (let i = 0; i < n; i++) {
    const ti = t[i]!;
    const day = Math.floor(ti / 86400);
    if (day !== lastDay) {
      lastDay = day;
      const yr = yearOfEpochDay(day) - 1900;
      const yearBegin = 365 * yr + Math.floor((yr - 1) / 4) - 0.5;
      ezero = yearBegin + dayOfYearFromEpochDays(day);
      const T = ezero / 36525;
      // Greenwich mean sidereal time at 0 h UT, degrees.
      const g = 6 / 24 + 38 / 1440 + (45.836 + 8640184.542 * T + 0.0929 * T ** 2) / 86400;
      gmst0 = 360 * (g - Math.floor(g));
    }
    const hours = (ti - day * 86400) / 3600;
    const gmst = pyMod(gmst0 + 360 * ((1.0027379093 * hours) / 24), 360);
    const localSidereal = pyMod(360 + gmst - westLongitude, 360);
    const epochDate = ezero + hours / 24;
    const T1 = epochDate / 36525;
    const T1s = T1 ** 2;
    const T1c = T1 ** 3;
    const obliquity = (23.452294 - 0.0130125 * T1 - 1.64e-6 * T1s + 5.03e-7 * T1c) * DEG;
    const perigee = 281.22083 + 4.70684e-5 * epochDate + 0.000453 * T1s + 3e-6 * T1c;
    const meanAnomaly = pyMod(358.47583 + 0.985600267 * epochDate - 0.00015 * T1s - 3e-6 * T1c, 360);
    const ecc = 0.01675104 - 4.18e-5 * T1 - 1.26e-7 * T1s;
    const eccDeg = ecc * RAD;
    // Kepler's equation E = M + e sin E (degrees), by fixed-point iteration: e < 0.02, so each
    // step cuts the error fifty-fold; a NaN time leaves the loop at once.
    let E = meanAnomaly;
    for (let k = 0; k < 30; k++) {
      const next = meanAnomaly + eccDeg * Math.sin(E * DEG);
      const change = Math.abs(next - E);
      E = next;
      if (!(change > KEPLER_TOLERANCE)) break;
    }
    const trueAnomaly = 2 * pyMod(Math.atan2(Math.sqrt((1 + ecc) / (1 - ecc)) * Math.tan((E * DEG) / 2), 1) * RAD, 360);
    const eclipticLongitude = (pyMod(perigee + trueAnomaly, 360) - aberration) * DEG;
    const sinObl = Math.sin(obliquity);
    const cosObl = Math.cos(obliquity);
    const sinLon = Math.sin(eclipticLongitude);
    const cosLon = Math.cos(eclipticLongitude);
    const decR = Math.asin(sinObl * sinLon);
    const rightAscension = Math.atan2(cosObl * sinLon, cosLon) * RAD;
    let hourAngle = localSidereal - rightAscension;
    const hourAngleR = hourAngle * DEG;
    if (Math.abs(hourAngle) > 180) hourAngle -= 360;
    const sinH = Math.sin(hourAngleR);
    const cosH = Math.cos(hourAngleR);
    let az = Math.atan2(-sinH, cosLat * Math.tan(decR) - sinLat * cosH) * RAD;
    if (az < 0) az += 360;
    const el = Math.asin(cosLat * Math.cos(decR) * cosH + sinLat * Math.sin(decR)) * RAD;
    // Refraction, arc-seconds, by elevation band, then scaled to the air's density.
    const tanEl = Math.tan(el * DEG);
    let refract = 0;
    if (el > 5 && el <= 85) refract = 58.1 / tanEl - 0.07 / tanEl ** 3 + 8.6e-5 / tanEl ** 5;
    else if (el > -0.575 && el <= 5) refract = el * (-518.2 + el * (103.4 + el * (-12.79 + el * 0.711))) + 1735;
    else if (el > -1 && el <= -0.575) refract = -20.774 / tanEl;
    const temperature = tA !== null ? tA[i]! : t0;
    const pressure = pA !== null ? pA[i]! : p0;
    refract *= ((283 / (273 + temperature)) * (pressure / 101325)) / 3600;
    const apparent = el + refract;
    elevation[i] = el;
    apparentElevation[i] = apparent;
    azimuth[i] = az;
    zenith[i] = 90 - el;
    apparentZenith[i] = 90 - apparent;
    solarTime[i] = (180 + hourAngle) / 15;
  }
  return { zenith, apparentZenith, azimuth, elevation, apparentElevation, solarTime };
}

/** x modulo m with the sign of m (numpy's `np.mod`). */
function pyMod(x: number, m: number): number {
  const r = x % m;
  return r < 0 ? r + m : r;
}
