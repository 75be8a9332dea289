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
} from './spa-tables.js';
import { SC, sinCos } from './trig.js';

export const DEG = Math.PI / 180;
export const RAD = 180 / Math.PI;

/** x modulo m with the sign of m (Python's `%`), which the SPA's reductions assume. */
export function pyMod(x: number, m: number): number {
  const r = x % m;
  return r < 0 ? r + m : r;
}

/** x reduced to [0, 360) by floor: as `pyMod(x, 360)` to rounding, without the slow fmod. */
function mod360(x: number): number {
  const r = x - 360 * Math.floor(x / 360);
  return r >= 360 ? r - 360 : r;
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

// All periodic terms of L0..L5, B0..B1, R0..R4 in one table, so that one loop advances them.
const N_L = LONGITUDE_A.length;
const N_B = LATITUDE_A.length;
const N_TERMS = N_L + N_B + RADIUS_A.length;
const TERM_A = new Float64Array(N_TERMS);
const TERM_B = new Float64Array(N_TERMS);
const TERM_C = new Float64Array(N_TERMS);
TERM_A.set(LONGITUDE_A, 0);
TERM_A.set(LATITUDE_A, N_L);
TERM_A.set(RADIUS_A, N_L + N_B);
TERM_B.set(LONGITUDE_B, 0);
TERM_B.set(LATITUDE_B, N_L);
TERM_B.set(RADIUS_B, N_L + N_B);
TERM_C.set(LONGITUDE_C, 0);
TERM_C.set(LATITUDE_C, N_L);
TERM_C.set(RADIUS_C, N_L + N_B);
/** Start of each series (L0..L5, B0, B1, R0..R4) in the combined table, then the end. */
const SERIES_START = new Int32Array([
  ...LONGITUDE_OFFSET.subarray(0, 6),
  ...Array.from(LATITUDE_OFFSET.subarray(0, 2), (o) => o + N_L),
  ...Array.from(RADIUS_OFFSET, (o) => o + N_L + N_B),
]);
const N_SERIES = SERIES_START.length - 1; // 13

/** Seconds per Julian millennium and per Julian century. */
const MILLENNIUM_SECONDS = 86400 * 365250;
const CENTURY_SECONDS = 86400 * 36525;
/** Advance by rotation at most this many times before recomputing the terms from scratch. */
const MAX_ROTATIONS = 1024;
/** Steps longer than this (s) recompute the terms rather than rotate them. */
const MAX_ROTATION_STEP = 86400 * 30;

// Nutation: each term's argument is an integer combination of X0..X4, so its sine and cosine are
// products of powers of exp(i Xj): five sine-cosine pairs per evaluation instead of 63.
const N_NUTATION = NUTATION_A.length;
const NUT_A = NUTATION_A;
const NUT_B = NUTATION_B;
const NUT_C = NUTATION_C;
const NUT_D = NUTATION_D;
/** Per term, the slots (j * 6 + multiple + 2) of its non-zero factors in the power table. */
const NUTATION_FACTOR_START = new Int32Array(N_NUTATION + 1);
const NUTATION_FACTOR_SLOT = (() => {
  const slots: number[] = [];
  for (let k = 0; k < N_NUTATION; k++) {
    NUTATION_FACTOR_START[k] = slots.length;
    for (let j = 0; j < 5; j++) {
      const m = NUTATION_Y[k * 5 + j]!;
      if (m !== 0) slots.push(j * 6 + m + 2);
    }
  }
  NUTATION_FACTOR_START[N_NUTATION] = slots.length;
  return Int32Array.from(slots);
})();
/** exp(i m Xj) for j = 0..4 and m = -2..3: real parts and imaginary parts. */
const POWER_RE = new Float64Array(30);
const POWER_IM = new Float64Array(30);

/** cos and sin of every nutation argument (SPA eq. 15-19 and Table A4.3) at jce into re, im. */
function nutationPhases(jce: number, re: Float64Array, im: Float64Array): void {
  const jce2 = jce * jce;
  const jce3 = jce2 * jce;
  for (let j = 0; j < 5; j++) {
    // Fundamental arguments (deg): mean elongation of the moon, mean anomalies of the sun and the
    // moon, the moon's argument of latitude and longitude of the ascending node (Meeus 1998, 22).
    const x =
      j === 0
        ? 297.85036 + 445267.11148 * jce - 0.0019142 * jce2 + jce3 / 189474
        : j === 1
          ? 357.52772 + 35999.05034 * jce - 0.0001603 * jce2 - jce3 / 300000
          : j === 2
            ? 134.96298 + 477198.867398 * jce + 0.0086972 * jce2 + jce3 / 56250
            : j === 3
              ? 93.27191 + 483202.017538 * jce - 0.0036825 * jce2 + jce3 / 327270
              : 125.04452 - 1934.136261 * jce + 0.0020708 * jce2 + jce3 / 450000;
    sinCos(x * DEG);
    const s1 = SC[0]!;
    const c1 = SC[1]!;
    const c2 = c1 * c1 - s1 * s1;
    const s2 = 2 * s1 * c1;
    const b = j * 6;
    POWER_RE[b] = c2; // m = -2
    POWER_IM[b] = -s2;
    POWER_RE[b + 1] = c1; // m = -1
    POWER_IM[b + 1] = -s1;
    POWER_RE[b + 2] = 1;
    POWER_IM[b + 2] = 0;
    POWER_RE[b + 3] = c1;
    POWER_IM[b + 3] = s1;
    POWER_RE[b + 4] = c2;
    POWER_IM[b + 4] = s2;
    POWER_RE[b + 5] = c2 * c1 - s2 * s1; // m = 3
    POWER_IM[b + 5] = s2 * c1 + c2 * s1;
  }
  for (let k = 0; k < N_NUTATION; k++) {
    let r = 1;
    let i = 0;
    const end = NUTATION_FACTOR_START[k + 1]!;
    for (let f = NUTATION_FACTOR_START[k]!; f < end; f++) {
      const slot = NUTATION_FACTOR_SLOT[f]!;
      const pr = POWER_RE[slot]!;
      const pi = POWER_IM[slot]!;
      const r2 = r * pr - i * pi;
      i = r * pi + i * pr;
      r = r2;
    }
    re[k] = r;
    im[k] = i;
  }
}

// Slots of HeliocentricState.scalars.
const S_TT = 0; // terrestrial time (s) of the phases, NaN before the first evaluation
const S_STEP = 1; // step (s) the rotations are for, NaN when none
const S_LAST_STEP = 2; // the last step seen
const S_ROTATIONS = 3; // rotations since the last direct evaluation
const S_PHASE_TT = 4; // the time the phases are exactly for (anchor + rotations * step)
/**
 * Times within this (s) of the next rotated time take the rotation: float Unix times on a
 * non-integer step wobble by ~1e-7 s; the sun's ecliptic longitude moves 1e-11 degree in 1e-6 s.
 */
const STEP_MATCH = 1e-6;

/**
 * The state of the periodic-term evaluator, carried from one time to the next: the phase (cos,
 * sin) of every heliocentric and nutation term at the last time, and their rotation for one step.
 */
export interface HeliocentricState {
  cos: Float64Array;
  sin: Float64Array;
  rotCos: Float64Array;
  rotSin: Float64Array;
  nutCos: Float64Array;
  nutSin: Float64Array;
  nutRotCos: Float64Array;
  nutRotSin: Float64Array;
  /** Scratch for the nutation phases one step ahead. */
  nutNextCos: Float64Array;
  nutNextSin: Float64Array;
  scalars: Float64Array;
  /** Sum of each series (L0..L5, B0, B1, R0..R4) at the last time. */
  sums: Float64Array;
}

/** A fresh evaluator state, for one series of times. */
export function heliocentricState(): HeliocentricState {
  return {
    cos: new Float64Array(N_TERMS),
    sin: new Float64Array(N_TERMS),
    rotCos: new Float64Array(N_TERMS),
    rotSin: new Float64Array(N_TERMS),
    nutCos: new Float64Array(N_NUTATION),
    nutSin: new Float64Array(N_NUTATION),
    nutRotCos: new Float64Array(N_NUTATION),
    nutRotSin: new Float64Array(N_NUTATION),
    nutNextCos: new Float64Array(N_NUTATION),
    nutNextSin: new Float64Array(N_NUTATION),
    scalars: new Float64Array([Number.NaN, Number.NaN, Number.NaN, 0, Number.NaN]),
    sums: new Float64Array(N_SERIES),
  };
}

/**
 * The phases of every periodic term (the Earth's heliocentric series and the nutation) at
 * terrestrial time tt (s), of Julian ephemeris century jce and millennium jme. When consecutive
 * times are a constant step apart (the usual case: minute or hourly data), each phase advances
 * by one complex rotation instead of a new sine and cosine. For the heliocentric terms, whose
 * arguments are linear in time, that is the same quantity to rounding; the nutation arguments
 * have tiny quadratic and cubic parts, which a constant rotation misses by at most 2e-8 degree of
 * argument over MAX_ROTATIONS hourly steps (1e-13 degree of nutation). The phases are recomputed
 * directly every MAX_ROTATIONS steps, bounding accumulated rounding to about 1e-13 relative.
 */
function advancePhases(st: HeliocentricState, tt: number, jce: number, jme: number): void {
  const sc = st.scalars;
  const dtt = tt - sc[S_TT]!;
  if (dtt === 0) return;
  const cos = st.cos;
  const sin = st.sin;
  const nutCos = st.nutCos;
  const nutSin = st.nutSin;
  const step = sc[S_STEP]!;
  if (Math.abs(tt - (sc[S_PHASE_TT]! + step)) <= STEP_MATCH && sc[S_ROTATIONS]! < MAX_ROTATIONS) {
    const rc = st.rotCos;
    const rs = st.rotSin;
    for (let k = 0; k < N_TERMS; k++) {
      const c = cos[k]!;
      const s = sin[k]!;
      cos[k] = c * rc[k]! - s * rs[k]!;
      sin[k] = s * rc[k]! + c * rs[k]!;
    }
    const nrc = st.nutRotCos;
    const nrs = st.nutRotSin;
    for (let k = 0; k < N_NUTATION; k++) {
      const c = nutCos[k]!;
      const s = nutSin[k]!;
      nutCos[k] = c * nrc[k]! - s * nrs[k]!;
      nutSin[k] = s * nrc[k]! + c * nrs[k]!;
    }
    sc[S_ROTATIONS] = sc[S_ROTATIONS]! + 1;
    sc[S_PHASE_TT] = sc[S_PHASE_TT]! + step;
  } else {
    for (let k = 0; k < N_TERMS; k++) {
      sinCos(TERM_B[k]! + TERM_C[k]! * jme);
      sin[k] = SC[0]!;
      cos[k] = SC[1]!;
    }
    nutationPhases(jce, nutCos, nutSin);
    sc[S_ROTATIONS] = 0;
    sc[S_PHASE_TT] = tt;
    // Two equal steps in a row: prepare the rotations for that step.
    if (Math.abs(dtt - sc[S_LAST_STEP]!) <= STEP_MATCH && Math.abs(dtt) <= MAX_ROTATION_STEP) {
      const dm = dtt / MILLENNIUM_SECONDS;
      const rc = st.rotCos;
      const rs = st.rotSin;
      for (let k = 0; k < N_TERMS; k++) {
        sinCos(TERM_C[k]! * dm);
        rs[k] = SC[0]!;
        rc[k] = SC[1]!;
      }
      const nc = st.nutNextCos;
      const ns = st.nutNextSin;
      nutationPhases(jce + dtt / CENTURY_SECONDS, nc, ns);
      const nrc = st.nutRotCos;
      const nrs = st.nutRotSin;
      for (let k = 0; k < N_NUTATION; k++) {
        // exp(i (phi(t + step) - phi(t))) = z(t + step) * conj(z(t))
        nrc[k] = nc[k]! * nutCos[k]! + ns[k]! * nutSin[k]!;
        nrs[k] = ns[k]! * nutCos[k]! - nc[k]! * nutSin[k]!;
      }
      sc[S_STEP] = dtt;
    }
  }
  sc[S_LAST_STEP] = dtt;
  sc[S_TT] = tt;
  const sums = st.sums;
  for (let series = 0; series < N_SERIES; series++) {
    let acc = 0;
    const end = SERIES_START[series + 1]!;
    for (let k = SERIES_START[series]!; k < end; k++) acc += TERM_A[k]! * cos[k]!;
    sums[series] = acc;
  }
}

// Slots of a periodic-terms record (see `periodicTerms`).
export const P_L = 0; // heliocentric longitude of the Earth, rad (not reduced)
export const P_B = 1; // heliocentric latitude, rad
export const P_R = 2; // radius vector, AU
export const P_PSI = 3; // nutation in longitude, deg
export const P_EPS = 4; // nutation in obliquity, deg
export const P_SIZE = 5;

/**
 * The sums of the SPA's periodic series at one instant: the Earth's heliocentric longitude,
 * latitude and radius vector (steps 3.2.1-3.2.8) and the nutation in longitude and obliquity
 * (3.4). Smooth functions of time, so the series kernels may also interpolate them.
 * @param st evaluator state (from `heliocentricState`), carried from one time to the next.
 * @param t Unix seconds (UT); dT delta T (s).
 * @param out record of P_SIZE slots.
 */
export function periodicTerms(st: HeliocentricState, t: number, dT: number, out: Float64Array): void {
  const jde = julianDay(t) + dT / 86400;
  const jce = (jde - 2451545) / 36525;
  const jme = jce / 10;
  advancePhases(st, t + dT, jce, jme);
  const S = st.sums;
  out[P_L] = (S[0]! + jme * (S[1]! + jme * (S[2]! + jme * (S[3]! + jme * (S[4]! + jme * S[5]!))))) / 1e8;
  out[P_B] = (S[6]! + jme * S[7]!) / 1e8;
  out[P_R] = (S[8]! + jme * (S[9]! + jme * (S[10]! + jme * (S[11]! + jme * S[12]!)))) / 1e8;
  let psi = 0;
  let eps = 0;
  const nutCos = st.nutCos;
  const nutSin = st.nutSin;
  for (let k = 0; k < N_NUTATION; k++) {
    psi += (NUT_A[k]! + NUT_B[k]! * jce) * nutSin[k]!;
    eps += (NUT_C[k]! + NUT_D[k]! * jce) * nutCos[k]!;
  }
  out[P_PSI] = psi / 36000000;
  out[P_EPS] = eps / 36000000;
}

const periodicScratch = new Float64Array(P_SIZE);

/**
 * The geocentric sun at one instant: SPA steps 3.2-3.8 and 3.12 and the equation of time (A.1).
 * @param st evaluator state (from `heliocentricState`), carried from one time to the next.
 * @param t Unix seconds (UT); dT delta T (s).
 * @param out record of G_SIZE slots (G_ALPHA, G_DELTA, G_NUTATION_RA, G_RADIUS, G_EOT).
 */
export function geocentricSun(st: HeliocentricState, t: number, dT: number, out: Float64Array): void {
  const p = periodicScratch;
  periodicTerms(st, t, dT, p);
  const jce = (julianDay(t) + dT / 86400 - 2451545) / 36525;
  geocentricFromHeliocentric(jce / 10, p[P_L]!, p[P_B]!, p[P_R]!, p[P_PSI]!, p[P_EPS]!, out);
}

/**
 * SPA steps 3.3-3.8 and 3.12 and the equation of time, from the heliocentric longitude and
 * latitude (rad) and radius vector (AU) of the Earth and the nutation in longitude and obliquity (deg).
 */
export function geocentricFromHeliocentric(
  jme: number,
  lRad: number,
  bRad: number,
  R: number,
  deltaPsi: number,
  deltaEps: number,
  out: Float64Array,
): void {
  const L = mod360(lRad * RAD);
  let theta = L + 180;
  if (theta >= 360) theta -= 360;
  const beta = -(bRad * RAD);
  const U = jme / 10;
  const eps0 =
    84381.448 +
    U *
      (-4680.93 +
        U *
          (-1.55 +
            U *
              (1999.25 +
                U * (-51.38 + U * (-249.67 + U * (-39.05 + U * (7.12 + U * (27.87 + U * (5.79 + U * 2.45)))))))));
  const epsilon = eps0 / 3600 + deltaEps;
  const deltaTau = -20.4898 / (3600 * R);
  const lambda = theta + deltaPsi + deltaTau;

  sinCos(lambda * DEG);
  const sinLam = SC[0]!;
  const cosLam = SC[1]!;
  sinCos(epsilon * DEG);
  const sinEps = SC[0]!;
  const cosEps = SC[1]!;
  sinCos(beta * DEG);
  const sinBeta = SC[0]!;
  const cosBeta = SC[1]!;
  let alpha = Math.atan2(sinLam * cosEps - (sinBeta / cosBeta) * sinEps, cosLam) * RAD;
  if (alpha < 0) alpha += 360;
  const delta = Math.asin(sinBeta * cosEps + cosBeta * sinEps * sinLam) * RAD;
  const nutationRa = deltaPsi * cosEps;

  // Sun's mean longitude (A.1), then E = M - 0.0057183 - alpha + delta psi cos(epsilon), in minutes.
  const M =
    280.4664567 +
    jme * (360007.6982779 + jme * (0.03032028 + jme * (1 / 49931 + jme * (-1 / 15300 + jme * (-1 / 2000000)))));
  let E = mod360(M - 0.0057183 - alpha + nutationRa) * 4;
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
  // Summed in pvlib's order: the total is ~1e7 degrees, so the order of the additions shows at 1e-9.
  const v = 280.46061837 + 360.98564736629 * (jd - 2451545) + 0.000387933 * jc * jc - (jc * jc * jc) / 38710000;
  // floor instead of %: the same reduction to rounding, without the slow fmod.
  return v - 360 * Math.floor(v * (1 / 360));
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
  const inv1 = 1 / Math.sqrt(num * num + den * den);
  const cosDa = den * inv1;
  const sinDa = num * inv1;
  const p = (sinD - o.y * sinXi) * cosDa;
  const inv2 = 1 / Math.sqrt(p * p + den * den);
  const sinDp = p * inv2;
  const cosDp = den * inv2;
  const cosHp = cosH * cosDa + sinH * sinDa;
  const sinHp = sinH * cosDa - cosH * sinDa;
  const sinLat = o.sinLat;
  const cosLat = o.cosLat;
  let s = sinLat * sinDp + cosLat * cosDp * cosHp;
  if (s > 1) s = 1;
  else if (s < -1) s = -1;
  const e0 = Math.asin(s) * RAD;
  let e = e0;
  if (e0 >= o.refractionLimit) {
    // 1.02 / (60 tan(x)) written with the sine and cosine of x.
    sinCos((e0 + 10.3 / (e0 + 5.11)) * DEG);
    e += (refraction * 0.017 * SC[1]!) / SC[0]!;
  }
  let az = Math.atan2(sinHp * cosDp, cosHp * sinLat * cosDp - sinDp * cosLat) * RAD + 180;
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
