import { asColumn, seriesLength } from '../util/columns.js';
import { deltaTAt } from './deltaT.js';
import { solarPositionOutputs } from './spa.js';
import {
  DEG,
  G_ALPHA,
  G_DELTA,
  G_EOT,
  G_NUTATION_RA,
  G_RADIUS,
  G_SIZE,
  geocentricSun,
  heliocentricState,
  julianDay,
  meanSiderealTime,
  observer,
  refractionFactor,
  sinParallax,
  RAD,
} from './spaCore.js';
import { SC, sinCos } from './trig.js';
import type { SolarPosition, SolarPositionOptions } from './types.js';

const EMPTY = new Float64Array(0);

/**
 * Spacing of the interpolation nodes of `solarPositionFast`, seconds of terrestrial time.
 * Measured largest error against the full SPA (40 random places, 1900-2100, 1440 times each):
 * node step 6 h: 1.1e-9 degree; 12 h: 1.5e-8; 24 h: 2.3e-7; 48 h: 3.9e-6 (the h^4 of cubic
 * interpolation; the fastest geocentric terms are the 9- to 14-day lunar ones). 12 h keeps the
 * form five orders inside its 1e-3 degree promise; on long series the node cost is negligible
 * at any of these steps.
 */
export const FAST_NODE_STEP_SECONDS = 43200;

// Node record layout: the geocentric quantities that vary slowly, interpolated per point.
const N_ALPHA = 0; // right ascension, deg, unwrapped against the cell's first node
const N_SIN_DELTA = 1;
const N_COS_DELTA = 2;
const N_NUTATION_RA = 3;
const N_SIN_XI = 4;
const N_EOT = 5;
const N_SIZE = 6;

/**
 * Solar position for long series at one place: the NREL SPA with its slowly varying geocentric
 * terms (apparent right ascension and declination of the sun, nutation in right ascension, the
 * parallax from the Earth-sun distance, the equation of time) computed in full only at nodes
 * every FAST_NODE_STEP_SECONDS of terrestrial time and interpolated by 4-point cubic Lagrange
 * polynomials, while the Greenwich sidereal time, the hour angle, parallax, refraction, zenith and
 * azimuth are computed exactly at every time. Agrees with `solarPositionSpa` to about
 * 2e-8 degree (promised: 1e-3 degree) for any latitude; sorted times reuse each node, so the cost
 * is nearly the topocentric part alone; unsorted times remain correct but slower.
 *
 * Same inputs, outputs and units as `solarPositionSpa` (Reda & Andreas 2004, Solar Energy 76(5)
 * 577-589, doi:10.1016/j.solener.2003.12.003).
 */
export function solarPositionFast(
  unixSeconds: Float64Array,
  latitude: number,
  longitude: number,
  options: SolarPositionOptions = {},
  out?: Partial<SolarPosition>,
): SolarPosition {
  const pressureIn = options.pressure ?? 101325;
  const temperatureIn = options.temperature ?? 12;
  const deltaTIn = options.deltaT;
  const n = seriesLength(unixSeconds, pressureIn, temperatureIn, deltaTIn ?? 0);
  const constantRefraction = typeof pressureIn === 'number' && typeof temperatureIn === 'number';
  // Columns only when one of them varies (a broadcast of two scalars would cost two fills).
  const pressure = constantRefraction ? EMPTY : asColumn(pressureIn, n);
  const temperature = constantRefraction ? EMPTY : asColumn(temperatureIn, n);
  const refraction0 = constantRefraction ? refractionFactor(pressureIn / 100, temperatureIn) : 0;
  const res = solarPositionOutputs(n, out);
  const { zenith, apparentZenith, azimuth, elevation, apparentElevation, equationOfTime } = res;
  const o = observer(latitude, longitude, options.elevation ?? 0, options.atmosRefract ?? 0.5667);

  const h = FAST_NODE_STEP_SECONDS;
  const invH = 1 / h;
  const ox = o.x;
  const oy = o.y;
  const sinLat = o.sinLat;
  const cosLat = o.cosLat;
  const refractionLimit = o.refractionLimit;
  const g = new Float64Array(G_SIZE);
  const st = heliocentricState();
  // Four node records (cell nodes k-1, k, k+1, k+2) kept as a sliding window.
  const nodes = new Float64Array(4 * N_SIZE);
  let cell = Number.NaN;
  let lastDay = Number.NaN;
  let lastDayDeltaT = 0;
  const fillNode = (slot: number, k: number): void => {
    geocentricSun(st, k * h, 0, g);
    const b = slot * N_SIZE;
    const d = g[G_DELTA]! * DEG;
    nodes[b + N_ALPHA] = g[G_ALPHA]!;
    nodes[b + N_SIN_DELTA] = Math.sin(d);
    nodes[b + N_COS_DELTA] = Math.cos(d);
    nodes[b + N_NUTATION_RA] = g[G_NUTATION_RA]!;
    nodes[b + N_SIN_XI] = sinParallax(g[G_RADIUS]!);
    nodes[b + N_EOT] = g[G_EOT]!;
  };

  for (let i = 0; i < n; i++) {
    const t = unixSeconds[i]!;
    let dT: number;
    if (deltaTIn === undefined) {
      const day = Math.floor(t * (1 / 86400));
      if (day !== lastDay) {
        lastDay = day;
        lastDayDeltaT = deltaTAt(t);
      }
      dT = lastDayDeltaT;
    } else dT = typeof deltaTIn === 'number' ? deltaTIn : deltaTIn[i]!;
    const tt = t + dT;
    const k = Math.floor(tt * invH);
    if (k !== cell) {
      if (k === cell + 1) {
        nodes.copyWithin(0, N_SIZE, 4 * N_SIZE);
        fillNode(3, k + 2);
      } else {
        fillNode(0, k - 1);
        fillNode(1, k);
        fillNode(2, k + 1);
        fillNode(3, k + 2);
      }
      cell = k;
      // Unwrap right ascension across 0/360 against the cell's node k.
      const a1 = nodes[N_SIZE + N_ALPHA]!;
      for (let j = 0; j < 4; j++) {
        const b = j * N_SIZE + N_ALPHA;
        const d = nodes[b]! - a1;
        if (d > 180) nodes[b] = nodes[b]! - 360;
        else if (d < -180) nodes[b] = nodes[b]! + 360;
      }
    }
    // Cubic Lagrange weights on nodes -1, 0, 1, 2 at fraction s of the cell.
    const s = (tt - k * h) * invH;
    const sp = s + 1;
    const sm = s - 1;
    const sm2 = s - 2;
    const w0 = (-s * sm * sm2) / 6;
    const w1 = (sp * sm * sm2) / 2;
    const w2 = (-sp * s * sm2) / 2;
    const w3 = (sp * s * sm) / 6;
    const alpha =
      w0 * nodes[N_ALPHA]! + w1 * nodes[N_SIZE + N_ALPHA]! + w2 * nodes[2 * N_SIZE + N_ALPHA]! + w3 * nodes[3 * N_SIZE + N_ALPHA]!;
    const sinD =
      w0 * nodes[N_SIN_DELTA]! + w1 * nodes[N_SIZE + N_SIN_DELTA]! + w2 * nodes[2 * N_SIZE + N_SIN_DELTA]! + w3 * nodes[3 * N_SIZE + N_SIN_DELTA]!;
    const cosD =
      w0 * nodes[N_COS_DELTA]! + w1 * nodes[N_SIZE + N_COS_DELTA]! + w2 * nodes[2 * N_SIZE + N_COS_DELTA]! + w3 * nodes[3 * N_SIZE + N_COS_DELTA]!;
    const nutRa =
      w0 * nodes[N_NUTATION_RA]! +
      w1 * nodes[N_SIZE + N_NUTATION_RA]! +
      w2 * nodes[2 * N_SIZE + N_NUTATION_RA]! +
      w3 * nodes[3 * N_SIZE + N_NUTATION_RA]!;
    const sinXi =
      w0 * nodes[N_SIN_XI]! + w1 * nodes[N_SIZE + N_SIN_XI]! + w2 * nodes[2 * N_SIZE + N_SIN_XI]! + w3 * nodes[3 * N_SIZE + N_SIN_XI]!;
    const eot = w0 * nodes[N_EOT]! + w1 * nodes[N_SIZE + N_EOT]! + w2 * nodes[2 * N_SIZE + N_EOT]! + w3 * nodes[3 * N_SIZE + N_EOT]!;

    sinCos((meanSiderealTime(julianDay(t)) + nutRa + longitude - alpha) * DEG);
    const refraction = constantRefraction ? refraction0 : refractionFactor(pressure[i]! / 100, temperature[i]!);
    // The topocentric steps of spaCore.topocentric(), written out here: V8 does not inline a
    // function that size, and the call costs about a fifth of this loop (measured).
    const sinH = SC[0]!;
    const cosH = SC[1]!;
    const xs = ox * sinXi;
    const num = -xs * sinH;
    const den = cosD - xs * cosH;
    const inv1 = 1 / Math.sqrt(num * num + den * den);
    const cosDa = den * inv1;
    const sinDa = num * inv1;
    const p = (sinD - oy * sinXi) * cosDa;
    const inv2 = 1 / Math.sqrt(p * p + den * den);
    const sinDp = p * inv2;
    const cosDp = den * inv2;
    const cosHp = cosH * cosDa + sinH * sinDa;
    const sinHp = sinH * cosDa - cosH * sinDa;
    let sz = sinLat * sinDp + cosLat * cosDp * cosHp;
    if (sz > 1) sz = 1;
    else if (sz < -1) sz = -1;
    const e0 = Math.asin(sz) * RAD;
    let e = e0;
    if (e0 >= refractionLimit) {
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
    equationOfTime[i] = eot;
  }
  return res;
}
