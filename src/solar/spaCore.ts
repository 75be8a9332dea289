/**
 * The geocentric and topocentric steps of the NREL Solar Position Algorithm (Reda & Andreas 2004,
 * Solar Energy 76(5) 577-589, doi:10.1016/j.solener.2003.12.003; corrigendum 2007, Solar Energy
 * 81(6) 838, doi:10.1016/j.solener.2007.01.003), written as scalar kernels that the series
 * functions (exact and interpolated) share. Internal to src/solar.
 *
 * The arithmetic follows pvlib-python's `pvlib/spa.py` step for step where rounding matters
 * (Julian day from Unix seconds, the order of the modulo reductions), so results agree with it to
 * about 1e-9 degree.
 */
import {
  LATITUDE_A,
  LATITUDE_B,
  LATITUDE_C,
  LONGITUDE_A,
  LONGITUDE_B,
  LONGITUDE_C,
  LONGITUDE_OFFSET,
  NUTATION_A,
  NUTATION_B,
  NUTATION_C,
  NUTATION_D,
  NUTATION_Y,
  RADIUS_A,
  RADIUS_B,
  RADIUS_C,
  RADIUS_OFFSET,
  LATITUDE_OFFSET,
} from './spaTables.js';

export const DEG = Math.PI / 180;
export const RAD = 180 / Math.PI;

/** x modulo m with the sign of m (Python's `%`), which the SPA's reductions assume. */
export function pyMod(x: number, m: number): number {
  const r = x % m;
  return r < 0 ? r + m : r;
}

/** Julian day (UT) of Unix seconds, as pvlib computes it (rounding included). */
export function julianDay(unixSeconds: number): number {
  return unixSeconds / 86400 + 2440587.5;
}

/** Index of the slots of a geocentric record (see `geocentricSun`). */
export const G_ALPHA = 0; // geocentric apparent right ascension, deg in [0, 360)
export const G_DELTA = 1; // geocentric declination, deg
export const G_NUTATION_RA = 2; // nutation in right ascension, delta psi * cos(epsilon), deg
export const G_RADIUS = 3; // Earth-sun distance, AU
export const G_EOT = 4; // equation of time, minutes
export const G_SIZE = 5;

/** Sum A cos(B + C x) over the terms [from, to) of a flattened series. */
function seriesSum(A: Float64Array, B: Float64Array, C: Float64Array, from: number, to: number, x: number): number {
  let s = 0;
  for (let k = from; k < to; k++) s += A[k]! * Math.cos(B[k]! + C[k]! * x);
  return s;
}

/** Nutation in longitude and obliquity (deg) into out[0], out[1]. */
const nutationScratch = new Float64Array(2);
function nutation(jce: number, out: Float64Array): void {
  const jce2 = jce * jce;
  const jce3 = jce2 * jce;
  // Fundamental arguments (deg): Table A4.3 headers, Meeus (1998) eq. 22.
  const x0 = 297.85036 + 445267.11148 * jce - 0.0019142 * jce2 + jce3 / 189474;
  const x1 = 357.52772 + 35999.05034 * jce - 0.0001603 * jce2 - jce3 / 300000;
  const x2 = 134.96298 + 477198.867398 * jce + 0.0086972 * jce2 + jce3 / 56250;
  const x3 = 93.27191 + 483202.017538 * jce - 0.0036825 * jce2 + jce3 / 327270;
  const x4 = 125.04452 - 1934.136261 * jce + 0.0020708 * jce2 + jce3 / 450000;
  let psi = 0;
  let eps = 0;
  for (let k = 0, j = 0; k < 63; k++, j += 5) {
    const arg =
      (NUTATION_Y[j]! * x0 + NUTATION_Y[j + 1]! * x1 + NUTATION_Y[j + 2]! * x2 + NUTATION_Y[j + 3]! * x3 + NUTATION_Y[j + 4]! * x4) *
      DEG;
    psi += (NUTATION_A[k]! + NUTATION_B[k]! * jce) * Math.sin(arg);
    eps += (NUTATION_C[k]! + NUTATION_D[k]! * jce) * Math.cos(arg);
  }
  out[0] = psi / 36000000;
  out[1] = eps / 36000000;
}

/**
 * The geocentric sun at one instant: SPA steps 3.2-3.8 and 3.12 and the equation of time (A.1).
 * @param jde Julian ephemeris day (TT).
 * @param out record of G_SIZE slots (G_ALPHA, G_DELTA, G_NUTATION_RA, G_RADIUS, G_EOT).
 */
export function geocentricSun(jde: number, out: Float64Array): void {
  const jce = (jde - 2451545) / 36525;
  const jme = jce / 10;
  const jme2 = jme * jme;
  const jme3 = jme2 * jme;
  const jme4 = jme3 * jme;
  const jme5 = jme4 * jme;

  const LO = LONGITUDE_OFFSET;
  const lRad =
    (seriesSum(LONGITUDE_A, LONGITUDE_B, LONGITUDE_C, LO[0]!, LO[1]!, jme) +
      seriesSum(LONGITUDE_A, LONGITUDE_B, LONGITUDE_C, LO[1]!, LO[2]!, jme) * jme +
      seriesSum(LONGITUDE_A, LONGITUDE_B, LONGITUDE_C, LO[2]!, LO[3]!, jme) * jme2 +
      seriesSum(LONGITUDE_A, LONGITUDE_B, LONGITUDE_C, LO[3]!, LO[4]!, jme) * jme3 +
      seriesSum(LONGITUDE_A, LONGITUDE_B, LONGITUDE_C, LO[4]!, LO[5]!, jme) * jme4 +
      seriesSum(LONGITUDE_A, LONGITUDE_B, LONGITUDE_C, LO[5]!, LO[6]!, jme) * jme5) /
    1e8;
  const BO = LATITUDE_OFFSET;
  const bRad =
    (seriesSum(LATITUDE_A, LATITUDE_B, LATITUDE_C, BO[0]!, BO[1]!, jme) +
      seriesSum(LATITUDE_A, LATITUDE_B, LATITUDE_C, BO[1]!, BO[2]!, jme) * jme) /
    1e8;
  const RO = RADIUS_OFFSET;
  const R =
    (seriesSum(RADIUS_A, RADIUS_B, RADIUS_C, RO[0]!, RO[1]!, jme) +
      seriesSum(RADIUS_A, RADIUS_B, RADIUS_C, RO[1]!, RO[2]!, jme) * jme +
      seriesSum(RADIUS_A, RADIUS_B, RADIUS_C, RO[2]!, RO[3]!, jme) * jme2 +
      seriesSum(RADIUS_A, RADIUS_B, RADIUS_C, RO[3]!, RO[4]!, jme) * jme3 +
      seriesSum(RADIUS_A, RADIUS_B, RADIUS_C, RO[4]!, RO[5]!, jme) * jme4) /
    1e8;
  geocentricFromHeliocentric(jce, jme, lRad, bRad, R, out);
}

/**
 * SPA steps 3.3-3.8 and 3.12 and the equation of time, from the heliocentric longitude and
 * latitude (rad) and radius vector (AU) of the Earth.
 */
export function geocentricFromHeliocentric(
  jce: number,
  jme: number,
  lRad: number,
  bRad: number,
  R: number,
  out: Float64Array,
): void {
  const L = pyMod(lRad * RAD, 360);
  const theta = pyMod(L + 180, 360);
  const beta = -(bRad * RAD);
  nutation(jce, nutationScratch);
  const deltaPsi = nutationScratch[0]!;
  const deltaEps = nutationScratch[1]!;
  const U = jme / 10;
  const eps0 =
    84381.448 +
    U * (-4680.93 + U * (-1.55 + U * (1999.25 + U * (-51.38 + U * (-249.67 + U * (-39.05 + U * (7.12 + U * (27.87 + U * (5.79 + U * 2.45)))))))));
  const epsilon = eps0 / 3600 + deltaEps;
  const deltaTau = -20.4898 / (3600 * R);
  const lambda = theta + deltaPsi + deltaTau;

  const lamR = lambda * DEG;
  const epsR = epsilon * DEG;
  const betaR = beta * DEG;
  const sinLam = Math.sin(lamR);
  const cosEps = Math.cos(epsR);
  const sinEps = Math.sin(epsR);
  const alpha = pyMod(Math.atan2(sinLam * cosEps - Math.tan(betaR) * sinEps, Math.cos(lamR)) * RAD, 360);
  const delta = Math.asin(Math.sin(betaR) * cosEps + Math.cos(betaR) * sinEps * sinLam) * RAD;
  const nutationRa = deltaPsi * cosEps;

  // Sun's mean longitude (A.1), then E = M - 0.0057183 - alpha + delta psi cos(epsilon), in minutes.
  const M = 280.4664567 + jme * (360007.6982779 + jme * (0.03032028 + jme * (1 / 49931 + jme * (-1 / 15300 + jme * (-1 / 2000000)))));
  let E = pyMod(M - 0.0057183 - alpha + nutationRa, 360) * 4;
  if (E > 20) E -= 1440;

  out[G_ALPHA] = alpha;
  out[G_DELTA] = delta;
  out[G_NUTATION_RA] = nutationRa;
  out[G_RADIUS] = R;
  out[G_EOT] = E;
}

/** Mean sidereal time at Greenwich (deg, [0, 360)) at Julian day jd (UT): SPA eq. 12. */
export function meanSiderealTime(jd: number): number {
  const jc = (jd - 2451545) / 36525;
  return pyMod(280.46061837 + 360.98564736629 * (jd - 2451545) + 0.000387933 * jc * jc - (jc * jc * jc) / 38710000, 360);
}

/** Place-dependent constants of the topocentric steps, computed once per call. */
export interface Observer {
  longitude: number;
  sinLat: number;
  cosLat: number;
  /** SPA eq. 27-28: x = rho cos(phi'), y = rho sin(phi') of the observer. */
  x: number;
  y: number;
  /** Refraction applies when the geometric elevation is at least this (deg). */
  refractionLimit: number;
}

/** The observer's constants (SPA eq. 26-28) for a latitude, longitude (deg) and elevation (m). */
export function observer(latitude: number, longitude: number, elevation: number, atmosRefract: number): Observer {
  const latR = latitude * DEG;
  const u = Math.atan(0.99664719 * Math.tan(latR));
  const sinLat = Math.sin(latR);
  const cosLat = Math.cos(latR);
  return {
    longitude,
    sinLat,
    cosLat,
    x: Math.cos(u) + (elevation / 6378140) * cosLat,
    y: 0.99664719 * Math.sin(u) + (elevation / 6378140) * sinLat,
    // pvlib: refraction only while the sun's upper limb (radius 0.26667 deg) can be seen.
    refractionLimit: -(0.26667 + atmosRefract),
  };
}

/**
 * SPA steps 3.9-3.11 and 3.13-3.15 for one time: parallax (trigonometric identities replace the
 * arctangents of the paper where only sines and cosines are needed next, which is exact),
 * refraction and the topocentric angles, written into row i of the output columns.
 * @param sinH, cosH sine and cosine of the local hour angle of the geocentric sun (westward from south).
 * @param sinD, cosD sine and cosine of the geocentric declination.
 * @param sinXi sine of the equatorial horizontal parallax (8.794 arcseconds / R in AU).
 * @param refraction (P / 1010 hPa) (283 / (273 + T)) of the refraction formula (eq. 42).
 */
export function topocentric(
  o: Observer,
  sinH: number,
  cosH: number,
  sinD: number,
  cosD: number,
  sinXi: number,
  refraction: number,
  i: number,
  zenith: Float64Array,
  apparentZenith: Float64Array,
  azimuth: Float64Array,
  elevation: Float64Array,
  apparentElevation: Float64Array,
): void {
  const xs = o.x * sinXi;
  const num = -xs * sinH;
  const den = cosD - xs * cosH;
  const r1 = Math.sqrt(num * num + den * den);
  const cosDa = den / r1;
  const sinDa = num / r1;
  const p = (sinD - o.y * sinXi) * cosDa;
  const r2 = Math.sqrt(p * p + den * den);
  const sinDp = p / r2;
  const cosDp = den / r2;
  const cosHp = cosH * cosDa + sinH * sinDa;
  const sinHp = sinH * cosDa - cosH * sinDa;
  let s = o.sinLat * sinDp + o.cosLat * cosDp * cosHp;
  if (s > 1) s = 1;
  else if (s < -1) s = -1;
  const e0 = Math.asin(s) * RAD;
  let e = e0;
  if (e0 >= o.refractionLimit) {
    e += (refraction * 1.02) / (60 * Math.tan((e0 + 10.3 / (e0 + 5.11)) * DEG));
  }
  const gamma = Math.atan2(sinHp * cosDp, cosHp * o.sinLat * cosDp - sinDp * o.cosLat) * RAD;
  let az = gamma + 180;
  if (az >= 360) az -= 360;
  zenith[i] = 90 - e0;
  apparentZenith[i] = 90 - e;
  azimuth[i] = az;
  elevation[i] = e0;
  apparentElevation[i] = e;
}

/** sin of the equatorial horizontal parallax for an Earth-sun distance R (AU): SPA eq. 25. */
export function sinParallax(R: number): number {
  return Math.sin((8.794 / (3600 * R)) * DEG);
}

/** The refraction factor (P / 1010) (283 / (273 + T)) of SPA eq. 42, pressure in hPa, T in degrees C. */
export function refractionFactor(pressureHpa: number, temperature: number): number {
  return (pressureHpa / 1010) * (283 / (273 + temperature));
}
