/**
 * The Earth-Sun distance of the NREL Solar Position Algorithm: the radius vector of the Earth's
 * heliocentric position (SPA step 3.2.8), which the extraterrestrial irradiance of the 'nrel'
 * method divides by.
 */
import { outputColumn } from '../util/columns.js';
import { checkObject, checkSeries, checkTimes } from '../util/validate.js';
import { deltaTAt } from './delta-t.js';
import { julianDay } from './spa-core.js';
import { RADIUS_A, RADIUS_B, RADIUS_C, RADIUS_OFFSET } from './spa-tables.js';

/**
 * The radius vector R (AU) of the Earth's heliocentric position at Julian ephemeris millennium
 * jme: the SPA's R0..R4 series (Table A4.2), R = sum_k jme^k sum_i A_i cos(B_i + C_i jme) / 1e8.
 */
function radiusVector(jme: number): number {
  let r = 0;
  let power = 1;
  for (let series = 0; series < 5; series++) {
    let acc = 0;
    const end = RADIUS_OFFSET[series + 1]!;
    for (let k = RADIUS_OFFSET[series]!; k < end; k++)
      acc += RADIUS_A[k]! * Math.cos(RADIUS_B[k]! + RADIUS_C[k]! * jme);
    r += acc * power;
    power *= jme;
  }
  return r / 1e8;
}

/** Julian ephemeris millennium of Unix seconds t and delta T dT, with pvlib's rounding. */
function millennium(t: number, dT: number): number {
  const jde = julianDay(t) + dT / 86400;
  return (jde - 2451545) / 365250;
}

/**
 * Spacing of the interpolation nodes of dense series, s of terrestrial time: half a day. The
 * 4-point cubic's error is at most 0.5625 / 24 h^4 max|R''''|; summed over the terms of Table A4.2
 * (A_i 1e-8 AU (C_i h)^4, h in millennia) that is 1.5e-10 AU, two thirds of it from the Moon's
 * term (a period of 29.5 days, 3.1e-5 AU). test/solar/earth-sun-distance.test.ts measures it.
 */
export const DISTANCE_NODE_SECONDS = 43200;

/** Options of {@link nrelEarthSunDistance}. */
export interface EarthSunDistanceOptions {
  /**
   * Terrestrial time minus universal time (delta T), seconds: one value or one per time. Default:
   * the Espenak & Meeus estimate for each time (as `solarPositionSpa`); pvlib's default is 67.
   * A minute of delta T moves the distance by about 1e-9 AU.
   */
  deltaT?: number | Float64Array;
}

/**
 * Earth-Sun distance [AU] at each time by the NREL SPA: the radius vector R of the Earth's
 * heliocentric position from the VSOP87 periodic terms of the paper's Table A4.2, evaluated at the
 * Julian ephemeris millennium of each time (Unix seconds plus delta T). Between about 0.9833 AU
 * (early January) and 1.0167 AU (early July). A sorted series with four or more times a day sums
 * the terms at half-day nodes and interpolates them (4-point cubic), within 1.5e-10 AU of the sum
 * at every time; other series sum them at every time.
 *
 * Reda, I., Andreas, A. (2004) Solar position algorithm for solar radiation applications.
 * Solar Energy 76(5), 577-589, doi:10.1016/j.solener.2003.12.003. Follows
 * pvlib.solarposition.nrel_earthsun_distance.
 *
 * @param unixSeconds times, Unix seconds (UTC), any order
 * @param options delta T, s
 * @param out optional output buffer
 * @returns Earth-Sun distance, AU
 * @example
 * nrelEarthSunDistance(Float64Array.of(Date.UTC(2024, 0, 3) / 1000))[0]; // about 0.98333 AU (perihelion)
 */
export function nrelEarthSunDistance(
  unixSeconds: Float64Array,
  options: EarthSunDistanceOptions = {},
  out?: Float64Array,
): Float64Array {
  const fn = 'nrelEarthSunDistance';
  checkTimes(fn, 'unixSeconds', unixSeconds);
  checkObject(fn, 'options', options);
  const n = checkSeries(fn, [
    ['unixSeconds', unixSeconds, 'Unix seconds'],
    ['options.deltaT', options.deltaT, 's', true],
  ]);
  const res = outputColumn(out, n);
  const deltaT = options.deltaT;
  const h = DISTANCE_NODE_SECONDS;
  const dense = isDenseSorted(unixSeconds, n, h);
  // R at the four nodes k-1..k+2 around the current time (dense series only).
  const node = new Float64Array(4);
  let cell = Number.NaN;
  for (let i = 0; i < n; i++) {
    const t = unixSeconds[i]!;
    const dT = deltaT === undefined ? deltaTAt(t) : typeof deltaT === 'number' ? deltaT : deltaT[i]!;
    const jme = millennium(t, dT);
    if (!dense || jme !== jme) {
      res[i] = radiusVector(jme);
      continue;
    }
    const k = Math.floor((t + dT) / h);
    if (k !== cell) {
      if (k === cell + 1) {
        node[0] = node[1]!;
        node[1] = node[2]!;
        node[2] = node[3]!;
        node[3] = radiusVector(millennium((k + 2) * h, 0));
      } else for (let j = 0; j < 4; j++) node[j] = radiusVector(millennium((k - 1 + j) * h, 0));
      cell = k;
    }
    // Fraction of the cell, and the 4-point Lagrange weights at s for nodes -1, 0, 1, 2.
    const s = (jme - millennium(k * h, 0)) * ((365250 * 86400) / h);
    const sp = s + 1;
    const sm = s - 1;
    const sm2 = s - 2;
    res[i] =
      ((-s * sm * sm2) / 6) * node[0]! +
      ((sp * sm * sm2) / 2) * node[1]! +
      ((-sp * s * sm2) / 2) * node[2]! +
      ((sp * s * sm) / 6) * node[3]!;
  }
  return res;
}

/**
 * Whether a series is dense enough for the node form: sorted ascending, without NaN, and with at
 * least two times per node interval on average, so that nodes cost less than a sum at every time.
 */
function isDenseSorted(t: Float64Array, n: number, h: number): boolean {
  if (n < 16) return false;
  for (let i = 1; i < n; i++) if (!(t[i]! >= t[i - 1]!)) return false;
  return n >= (2 * (t[n - 1]! - t[0]!)) / h + 8;
}
