import { deltaTAt } from './delta-t.js';
import { checkSolarCall } from './checks.js';
import { resolveSolarInputs, solarPositionOutputs } from './spa.js';
import { FDLIBM_COS, FDLIBM_SIN } from './trig.js';
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
  observer,
  refractionFactor,
  sinParallax,
} from './spa-core.js';
import { solarSettings, withSolarPositionDefaults } from './defaults.js';
import type { SolarPosition, SolarPositionInput, SolarPositionOptions } from './types.js';

/**
 * Spacing of the interpolation nodes of `solarPositionFast`, seconds of terrestrial time.
 * Measured largest error against the full SPA (40 random places, 1900-2100, 1440 times each):
 * node step 6 h: 1.1e-9 degree; 12 h: 1.5e-8; 24 h: 2.3e-7; 48 h: 3.9e-6 (the h^4 of cubic
 * interpolation; the fastest geocentric terms are the 9- to 14-day lunar ones). 12 h keeps the
 * form five orders inside its 1e-3 degree promise; on long series the node cost is negligible
 * at any of these steps.
 */
export const FAST_NODE_STEP_SECONDS = 43200;

// Per-cell cubic coefficients (c0 + c1 s + c2 s^2 + c3 s^3, s the fraction of the cell) of the
// slowly varying quantities, laid out [c0, c1, c2, c3] per quantity.
const Q_HOUR = 0; // nutation in RA - right ascension + the quadratic terms of the sidereal time, deg
const Q_COS_DELTA = 4; // cos of the geocentric declination
const Q_SIN_DELTA_P = 8; // sin(delta) - y sin(xi): numerator of the topocentric declination
const Q_X_SIN_XI = 12; // x sin(xi): the observer's equatorial parallax term
const Q_EOT = 16; // equation of time, minutes
const Q_COUNT = 5;

/**
 * Nodes of `atan2Deg`, 3 numbers per node t_k = k / 1024 (k = 0..1024), in degrees: atan t_k and
 * the Taylor coefficients 1/(1 + t_k^2), -t_k/(1 + t_k^2)^2 of atan(t_k + d), |d| <= 1/2048. The truncation
 * error (third derivative, at most 2, times d^3 / 6) is below 3.9e-11 rad (2.2e-9 degree): a 2e-6
 * part of the 1e-3 degree budget, for one division per call where the exact remainder
 * (t - t_k)/(1 + t t_k) needs two. The table is padded to ATAN_MASK + 1 nodes and its index masked
 * by ATAN_MASK (a no-op for t in [0, 1]): a masked index has a known small range, so the engine
 * computes the offsets of its coefficients without overflow checks. (This module's tables are
 * constants to the compiler: an access checks its index against a constant length.)
 */
const ATAN_STEPS = 1024;
const ATAN_MASK = 2047;
const ATAN_TAYLOR = new Float64Array(4 * (ATAN_MASK + 1));
for (let k = 0; k <= ATAN_STEPS; k++) {
  const t = k / ATAN_STEPS;
  const q = 1 / (1 + t * t);
  ATAN_TAYLOR[4 * k] = Math.atan(t) * (180 / Math.PI);
  ATAN_TAYLOR[4 * k + 1] = q * (180 / Math.PI);
  ATAN_TAYLOR[4 * k + 2] = -t * q * q * (180 / Math.PI);
}
/** Rate of the Greenwich mean sidereal time, deg per day of UT (SPA eq. 12). */
const SIDEREAL_DEG_PER_DAY = 360.98564736629;

/**
 * Points per block of the kernel's three passes. The per-point chain (hour angle, then elevation
 * through a square root and a division, then refraction) is long and serial; split into short
 * loops over a block, the processor overlaps consecutive points instead of waiting on each chain.
 * The block's scratch (3 doubles a point) stays in the first-level cache. Elevation and azimuth
 * share one pass (two independent atan2 chains per point: +8-10% by interleaved best-of and
 * median CPU time against a fourth pass of its own).
 */
const BLOCK = 256;
/**
 * The block's scratch, 4 doubles a point (up, south, west, then the elevation): one array for the
 * module, so that the compiler embeds its address and length (an access is one compare against a
 * constant, where a local array's length, data pointer and map are loaded and checked at every
 * access), with masked indices whose arithmetic needs no overflow checks. Safe to share: the
 * kernel calls no code of its caller while it holds it.
 */
const SCRATCH = new Float64Array(4 * BLOCK);

// sin and cos on |r| <= pi/4: the minimax kernels of fdlibm (Sun Microsystems, k_sin.c and
// k_cos.c, coefficients carried over), accurate to an ulp or two.
// Read once into module constants: imported bindings read inside a hot loop cost a call under tsx.
const [S1, S2, S3, S4, S5, S6] = FDLIBM_SIN as unknown as [number, number, number, number, number, number];
const [C1, C2, C3, C4, C5, C6] = FDLIBM_COS as unknown as [number, number, number, number, number, number];
const DEG_RAD = Math.PI / 180;

/**
 * cot(x) = cos x / sin x for x in degrees, 0 < x < 180 (the refraction formula's range): one
 * quadrant split at 45 and 135 deg and the fdlibm kernels, to a few ulp. Used to build the
 * refraction table and where the table does not reach.
 */
function cotDeg(x: number): number {
  const q = Math.floor(x * (1 / 90) + 0.5); // 0, 1 or 2
  const r = (x - 90 * q) * DEG_RAD;
  const z = r * r;
  const s = r + r * z * (S1 + z * (S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)))));
  const c = 1 - 0.5 * z + z * z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  // q = 1: cos x = -sin r, sin x = cos r; q = 0 or 2: the sign cancels in the ratio.
  return q === 1 ? -s / c : c / s;
}

/** SPA eq. 42 refraction (deg) per unit refraction factor at geometric elevation e (deg). */
function refractionUnit(e: number): number {
  return 0.017 * cotDeg(e + 10.3 / (e + 5.11));
}

/**
 * sin and cos at every quarter degree (nodes of the hour angle): with the nearest node,
 * |r| <= 0.125 deg = 2.2e-3 rad, and cos(n + r) = C (1 - r^2/2) - S (r - r^3/6) has truncation
 * errors below r^4/24 = 9.4e-13 (cos r) and r^5/120 = 4e-16 (sin r): a relative scale of the
 * hour-angle pair by < 1e-12, which moves no angle by more than 1e-12 rad (6e-11 degree).
 */
const TRIG_NODES = 2881; // 0..720 deg: an hour angle within one cell needs no reduction
/** Index mask of the node table (padded to TRIG_MASK + 1 pairs; see ATAN_MASK). */
const TRIG_MASK = 4095;
/** cos and sin of node i at 2 i and 2 i + 1. */
const COS_SIN_QUARTER = new Float64Array(2 * (TRIG_MASK + 1));
for (let i = 0; i < TRIG_NODES; i++) {
  COS_SIN_QUARTER[2 * i] = Math.cos(i * 0.25 * DEG_RAD);
  COS_SIN_QUARTER[2 * i + 1] = Math.sin(i * 0.25 * DEG_RAD);
}

/**
 * Refraction per unit factor as cubic Hermite pieces on 1/8 degree of geometric elevation from
 * REFRACTION_E0 to 90.5 deg, stored as the coefficients of u^0..u^3 (u the fraction of the piece):
 * four loads and three multiply-adds instead of two divisions and a cotangent on the critical
 * path. Measured largest error against the formula: 4.4e-7 deg per unit factor (near -1.9 deg,
 * where the curve bends most), 2e-9 deg above 5 deg; factors of real air are < 1.3.
 */
const REFRACTION_E0 = -2;
const REFRACTION_STEPS_PER_DEG = 8;
const REFRACTION_CELLS = Math.ceil((90.5 - REFRACTION_E0) * REFRACTION_STEPS_PER_DEG);
/** Index mask of the refraction table (padded to REFRACTION_MASK + 1 pieces; see ATAN_MASK). */
const REFRACTION_MASK = 1023;
const REFRACTION_TABLE = new Float64Array(4 * (REFRACTION_MASK + 1));
{
  const step = 1 / REFRACTION_STEPS_PER_DEG;
  // Slope by the derivative of the formula: d/de 0.017 cot(x) = -0.017 csc^2(x) x'(e) pi/180.
  const slope = (e: number): number => {
    const c = refractionUnit(e) / 0.017;
    const dx = 1 - 10.3 / ((e + 5.11) * (e + 5.11));
    return -0.017 * (1 + c * c) * dx * DEG_RAD * step;
  };
  for (let j = 0; j < REFRACTION_CELLS; j++) {
    const e = REFRACTION_E0 + j * step;
    const f0 = refractionUnit(e);
    const f1 = refractionUnit(e + step);
    const d0 = slope(e);
    const d1 = slope(e + step);
    REFRACTION_TABLE[4 * j] = f0;
    REFRACTION_TABLE[4 * j + 1] = d0;
    REFRACTION_TABLE[4 * j + 2] = 3 * (f1 - f0) - 2 * d0 - d1;
    REFRACTION_TABLE[4 * j + 3] = 2 * (f0 - f1) + d0 + d1;
  }
}

/**
 * atan2(y, x) in degrees by the Taylor node table above, within 2.2e-9 degree of Math.atan2:
 * inlined by the engine where Math.atan2 is a call. atan2(0, 0) is 0, NaN gives NaN. (The
 * exact-to-rounding form is `atan2Table` of util/trig-tables.ts; this one spares a division for the
 * fast form.) The octant is taken by two branches that each evaluate the table, rather than by
 * selects (compiled, these materialized a boolean and branched on it twice) or a base and a sign
 * set per branch (compiled as integers, converted per call).
 */
function atan2Deg(y: number, x: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  let a: number;
  // 0/0 (both zero) is taken as 0, NaN stays NaN.
  if (ay > ax) a = 90 - atanUnitDeg(ax / ay);
  else a = atanUnitDeg(ax === 0 ? 0 : ay / ax);
  if (x < 0) a = 180 - a;
  return y < 0 ? -a : a;
}

/** atan t in degrees for t in [0, 1] by the node table (NaN gives NaN). */
function atanUnitDeg(t: number): number {
  const k = ((t * ATAN_STEPS + 0.5) | 0) & ATAN_MASK;
  const d = t - k * (1 / ATAN_STEPS);
  const b = k << 2;
  return ATAN_TAYLOR[b]! + d * (ATAN_TAYLOR[b + 1]! + d * ATAN_TAYLOR[b + 2]!);
}

/**
 * The place-independent node values of the fast form, per node k (terrestrial time
 * k * FAST_NODE_STEP_SECONDS): the hour term (nutation in right ascension - apparent right
 * ascension + the quadratic sidereal terms, deg), cos and sin of the geocentric declination, the
 * sine of the equatorial horizontal parallax, and the equation of time (minutes).
 * NODE_SLOTS numbers a node, in blocks of NODE_BLOCK consecutive nodes.
 */
const N_HOUR = 0;
const N_COS_DELTA = 1;
const N_SIN_DELTA = 2;
const N_SIN_XI = 3;
const N_EOT = 4;
const NODE_SLOTS = 5;
/** Nodes of one cache block: 64 days at 12 h. */
const NODE_BLOCK = 128;
/** Blocks kept (about 90 years of nodes, 2.6 MB); the oldest computed is dropped beyond that. */
const NODE_BLOCKS_KEPT = 512;
const nodeBlocks = new Map<number, Float64Array>();

/**
 * The node values of block b, computed once per process and kept: every series of the same years
 * (every TMY request reads the same history years, every place the same nodes) shares them, so a
 * cell costs a few loads instead of the SPA's periodic sums. A block is always evaluated whole, in
 * order, from a fresh evaluator state, so each value is a function of its node alone (not of which
 * series asked first): results do not depend on the call history.
 */
function nodeBlock(b: number): Float64Array {
  let block = nodeBlocks.get(b);
  if (block !== undefined) return block;
  block = new Float64Array(NODE_BLOCK * NODE_SLOTS);
  const st = heliocentricState();
  const g = new Float64Array(G_SIZE);
  for (let j = 0; j < NODE_BLOCK; j++) {
    const ttNode = (b * NODE_BLOCK + j) * FAST_NODE_STEP_SECONDS;
    geocentricSun(st, ttNode, 0, g);
    const d = g[G_DELTA]! * DEG;
    // Century from J2000.0 of the node in TT rather than UT: the difference moves these
    // terms by < 1e-12 deg.
    const jc = (ttNode / 86400 - 10957.5) / 36525;
    const o = j * NODE_SLOTS;
    block[o + N_HOUR] = g[G_NUTATION_RA]! - g[G_ALPHA]! + 0.000387933 * jc * jc - (jc * jc * jc) / 38710000;
    block[o + N_COS_DELTA] = Math.cos(d);
    block[o + N_SIN_DELTA] = Math.sin(d);
    block[o + N_SIN_XI] = sinParallax(g[G_RADIUS]!);
    block[o + N_EOT] = g[G_EOT]!;
  }
  if (nodeBlocks.size >= NODE_BLOCKS_KEPT) nodeBlocks.delete(nodeBlocks.keys().next().value!);
  nodeBlocks.set(b, block);
  return block;
}

/**
 * The node block fillCell read last and its index (a block's values depend on its index alone, so
 * the one held stays right after the map drops it).
 */
let lastBlockIndex = Number.NaN;
let lastBlock: Float64Array = new Float64Array(0);

/**
 * Writes the cubic coefficients of each quantity of cell k (nodes k-1..k+2, from the node cache)
 * to cf. Called once per cell, kept out of the per-point loop.
 */
function fillCell(nodes: Float64Array, cf: Float64Array, k: number, ox: number, oy: number): void {
  for (let slot = 0; slot < 4; slot++) {
    const node = k - 1 + slot;
    const bi = Math.floor(node / NODE_BLOCK);
    // Consecutive cells read the same block: the map is asked only when it changes.
    if (bi !== lastBlockIndex) {
      lastBlock = nodeBlock(bi);
      lastBlockIndex = bi;
    }
    const src = lastBlock;
    const o = (node - bi * NODE_BLOCK) * NODE_SLOTS;
    const sinXi = src[o + N_SIN_XI]!;
    const b = slot * Q_COUNT;
    nodes[b + Q_HOUR / 4] = src[o + N_HOUR]!;
    nodes[b + Q_COS_DELTA / 4] = src[o + N_COS_DELTA]!;
    nodes[b + Q_SIN_DELTA_P / 4] = src[o + N_SIN_DELTA]! - oy * sinXi;
    nodes[b + Q_X_SIN_XI / 4] = ox * sinXi;
    nodes[b + Q_EOT / 4] = src[o + N_EOT]!;
  }
  // Unwrap the hour term (it holds -alpha) against node k by whole turns.
  const a1 = nodes[Q_COUNT]!;
  for (let j = 0; j < 4; j++) {
    const v = nodes[j * Q_COUNT]!;
    nodes[j * Q_COUNT] = v - 360 * Math.round((v - a1) * (1 / 360));
  }
  // Cubic Lagrange interpolation on nodes -1, 0, 1, 2 written as a polynomial in s.
  for (let q = 0; q < Q_COUNT; q++) {
    const f0 = nodes[q]!;
    const f1 = nodes[Q_COUNT + q]!;
    const f2 = nodes[2 * Q_COUNT + q]!;
    const f3 = nodes[3 * Q_COUNT + q]!;
    cf[4 * q] = f1;
    cf[4 * q + 1] = -f0 / 3 - f1 / 2 + f2 - f3 / 6;
    cf[4 * q + 2] = (f0 + f2) / 2 - f1;
    cf[4 * q + 3] = (f3 - f0) / 6 + (f1 - f2) / 2;
  }
}

/**
 * Sub-cells per cell: the cubics of a cell are re-expanded on each quarter (3 h) and economized to
 * quadratics there (see subCellQuadratic).
 */
const SUBCELLS = 4;

/**
 * The quadratics in the fraction u of sub-cell j (of SUBCELLS) that replace the cubics of the
 * first `count` quantities of the cell, coefficients cf[4q..4q+3] (polynomials in the cell fraction
 * s = (j + u) / SUBCELLS), written to SUB_QUAD[3q..3q+2]: one call a sub-cell for all quantities
 * (four calls of one quantity each, into a local array, cost 5 % of the fast form on an hourly
 * year, by alternated best-of CPU time). The re-expanded cubic's u^3 is replaced by its best quadratic on [0, 1] (Chebyshev
 * economization: u^3 = 3/2 u^2 - 9/16 u + 1/32 + T3(2u - 1)/32), in error by at most 1/32 of its
 * coefficient, which is the cell's cubic coefficient / 64: with the largest cubic coefficients of
 * 1900-2100 (measured: hour term 3.5e-6 degree, cos and sin of the declination 4.7e-8, equation
 * of time 1.4e-5 minute) that is below 1.8e-9 degree (2.3e-11, 6.9e-9 minute), against the
 * 1.5e-8 degree of the cubic interpolation itself (FAST_NODE_STEP_SECONDS).
 */
function subCellQuadratics(cf: Float64Array, j: number, count: number): void {
  const d = 1 / SUBCELLS;
  const sigma = j * d;
  const out = SUB_QUAD;
  for (let q = 0; q < count; q++) {
    const c0 = cf[4 * q]!;
    const c1 = cf[4 * q + 1]!;
    const c2 = cf[4 * q + 2]!;
    const c3 = cf[4 * q + 3]!;
    const e0 = c0 + sigma * (c1 + sigma * (c2 + sigma * c3));
    const e1 = d * (c1 + sigma * (2 * c2 + 3 * sigma * c3));
    const e2 = d * d * (c2 + 3 * sigma * c3);
    const e3 = d * d * d * c3;
    out[3 * q] = e0 + e3 / 32;
    out[3 * q + 1] = e1 - (9 / 16) * e3;
    out[3 * q + 2] = e2 + 1.5 * e3;
  }
}
/** The sub-cell quadratics of subCellQuadratics, 3 numbers a quantity in the order of the Q_ slots. */
const SUB_QUAD = new Float64Array(3 * Q_COUNT);

/**
 * Solar position for long series at one place: the NREL SPA with its slowly varying geocentric
 * terms (apparent right ascension and declination of the sun, nutation in right ascension, the
 * quadratic terms of the sidereal time, the parallax from the Earth-sun distance, the equation of
 * time) computed in full only at nodes every FAST_NODE_STEP_SECONDS of terrestrial time and
 * interpolated by 4-point cubic Lagrange polynomials (re-expanded on each 3-hour quarter of a
 * cell and economized to quadratics there, error < 1.8e-9 degree: see subCellQuadratic). Per
 * time: the hour angle from that quadratic plus the linear sidereal rate, its sine and
 * cosine by a quarter-degree table with short series (error < 1e-12), the topocentric direction as
 * the geocentric one minus the observer's offset (the SPA's parallax formulas, exact),
 * elevation and azimuth by a tabulated atan2 (error < 3.9e-11 rad), and refraction by cubic
 * Hermite pieces on 1/8 degree (error < 4.4e-7 degree per unit refraction factor; the formula
 * below -2 degrees). Measured against `solarPositionSpa`: about 1e-7 degree (the reference cases
 * 8.5e-8 for the zenith, 5.8e-7 for the azimuth; 200-year series < 1e-6), promised 1e-3 degree at
 * any latitude. Sorted times reuse each node; unsorted times remain correct but slower.
 *
 * Same inputs, outputs, units and checks as `solarPositionSpa` (Reda & Andreas 2004, Solar Energy
 * 76(5) 577-589, doi:10.1016/j.solener.2003.12.003).
 * @example
 * // Every hour of 2024 at Amsterdam, period ends; zenith in degrees.
 * const t = Float64Array.from({ length: 8784 }, (_, i) => Date.UTC(2024, 0, 1) / 1000 + 3600 * (i + 1));
 * const sun = solarPositionFast({ unixSeconds: t, latitude: 52.37, longitude: 4.9 });
 * Math.min(...sun.zenith); // about 29.1 degrees (around noon at the June solstice)
 */
export function solarPositionFast(
  input: SolarPositionInput,
  options: SolarPositionOptions = {},
  out?: Partial<SolarPosition>,
): SolarPosition {
  checkSolarCall('solarPositionFast', input, options);
  return fastPosition(input, options, out, false);
}

/**
 * {@link solarPositionFast} without its checks, for a caller that has checked the same inputs (the
 * model chain's run): the same doubles. `anglesOnly` computes the zenith, apparent zenith and
 * azimuth alone and leaves `out`'s elevation, apparent elevation and equation of time as they are
 * (scratch the caller never reads).
 */
export function fastPosition(
  input: SolarPositionInput,
  options: SolarPositionOptions,
  out: Partial<SolarPosition> | undefined,
  anglesOnly: boolean,
): SolarPosition {
  const { unixSeconds, latitude, longitude } = input;
  const settings = withSolarPositionDefaults(solarSettings(input, options));
  const { n, deltaTIn, constantRefraction, pressure, temperature, refraction0 } = resolveSolarInputs(
    unixSeconds,
    settings,
  );
  const res = solarPositionOutputs(n, out);
  const { zenith, apparentZenith, azimuth, elevation, apparentElevation, equationOfTime } = res;
  const o = observer(latitude, longitude, settings.elevation ?? 0, settings.atmosRefract ?? 0.5667);

  const invSub = SUBCELLS / FAST_NODE_STEP_SECONDS;
  const hSub = FAST_NODE_STEP_SECONDS / SUBCELLS;
  const ox = o.x;
  const oy = o.y;
  const sinLat = o.sinLat;
  const cosLat = o.cosLat;
  const refractionLimit = o.refractionLimit;
  // Greenwich mean sidereal time is 280.46061837 + 360.98564736629 d + (terms in the century
  // jc, below 4e-4 deg, that go to the interpolated hour term), d the days from J2000.0 (UT):
  // SPA eq. 12.
  const hour0 = 280.46061837 + longitude;
  // The loop reads only this module's names and locals: under the CommonJS-style transpilation
  // of tsx and vitest every read of an imported name is a getter call (which cost a third of the
  // former loop; measured with --cpu-prof).
  const trigTable = COS_SIN_QUARTER;
  const refrTable = REFRACTION_TABLE;
  const nodes = new Float64Array(4 * Q_COUNT);
  const cf = new Float64Array(4 * Q_COUNT);
  // The sub-cell's coefficients live in locals: the loop then reads no memory but its columns.
  let a0 = 0,
    a1 = 0,
    a2 = 0; // hour term with the sidereal time
  let c0 = 0,
    c1 = 0,
    c2 = 0; // cos delta
  let p0 = 0,
    p1 = 0,
    p2 = 0; // sin delta - y sin xi
  let x0 = 0,
    x1 = 0; // x sin xi
  let q0 = 0,
    q1 = 0,
    q2 = 0; // equation of time
  let cell = Number.NaN;
  let sub = Number.NaN;
  let lastDay = Number.NaN;
  let lastDayDeltaT = 0;
  let lastDayDeltaTDeg = 0;

  // Three passes per block of BLOCK points (see BLOCK): geometry into scratch, elevation and
  // azimuth, refraction.
  const scratch = SCRATCH;
  for (let start = 0; start < n; start += BLOCK) {
    const m = start + BLOCK < n ? BLOCK : n - start;
    for (let j = 0; j < m; j++) {
      const i = start + j;
      const t = unixSeconds[i]!;
      let dT: number;
      // The UT offset of the sidereal time, deg: -dT at the sidereal rate.
      let dTDeg: number;
      if (deltaTIn === undefined) {
        const day = Math.floor(t * (1 / 86400));
        if (day !== lastDay) {
          lastDay = day;
          lastDayDeltaT = deltaTAt(t);
          lastDayDeltaTDeg = lastDayDeltaT * (SIDEREAL_DEG_PER_DAY / 86400);
        }
        dT = lastDayDeltaT;
        dTDeg = lastDayDeltaTDeg;
      } else {
        dT = typeof deltaTIn === 'number' ? deltaTIn : deltaTIn[i]!;
        dTDeg = dT * (SIDEREAL_DEG_PER_DAY / 86400);
      }
      const tt = t + dT;
      const k = Math.floor(tt * invSub);
      if (k !== sub) {
        sub = k;
        const kCell = Math.floor(k * (1 / SUBCELLS));
        if (kCell !== cell) {
          fillCell(nodes, cf, kCell, ox, oy);
          cell = kCell;
        }
        const j = k - kCell * SUBCELLS;
        // The sidereal time joins the hour polynomial: at the sub-cell's start (reduced to
        // [0, 360)) and its rate over the sub-cell. Time in the sub-cell is TT; the UT offset is
        // applied per point.
        subCellQuadratics(cf, j, anglesOnly ? Q_COUNT - 1 : Q_COUNT);
        const quad = SUB_QUAD;
        const g0 = hour0 + SIDEREAL_DEG_PER_DAY * ((k * hSub) / 86400 - 10957.5) + quad[0]!;
        a0 = g0 - 360 * Math.floor(g0 * (1 / 360));
        a1 = quad[1]! + SIDEREAL_DEG_PER_DAY * (hSub / 86400);
        a2 = quad[2]!;
        c0 = quad[3]!;
        c1 = quad[4]!;
        c2 = quad[5]!;
        p0 = quad[6]!;
        p1 = quad[7]!;
        p2 = quad[8]!;
        // x sin xi is linear on a sub-cell to 1e-13 (its second-order term is below 4e-11 a cell).
        x0 = quad[9]! - quad[11]! / 8;
        x1 = quad[10]! + quad[11]!;
        if (!anglesOnly) {
          q0 = quad[12]!;
          q1 = quad[13]!;
          q2 = quad[14]!;
        }
      }
      const u = (tt - k * hSub) * invSub;
      const cosD = c0 + u * (c1 + u * c2);
      const sinDp0 = p0 + u * (p1 + u * p2);
      const xs = x0 + u * x1;
      if (!anglesOnly) equationOfTime[i] = q0 + u * (q1 + u * q2);

      // Local hour angle, deg: sidereal time + longitude + nutation in RA - alpha, in [0, 720)
      // within a cell but for delta T beyond 1 turn; split into the nearest quarter-degree node
      // and a remainder r (rad).
      let hDeg = a0 + u * (a1 + u * a2) - dTDeg;
      if (!(hDeg >= 0 && hDeg < 720)) hDeg -= 360 * Math.floor(hDeg * (1 / 360));
      const node = ((hDeg * 4 + 0.5) | 0) & TRIG_MASK;
      const rd = hDeg - node * 0.25;
      const r2 = rd * rd;
      const cr = 1 - r2 * (DEG_RAD * DEG_RAD * 0.5);
      const sr = rd * (DEG_RAD - r2 * (DEG_RAD * DEG_RAD * DEG_RAD * (1 / 6)));
      const cn = trigTable[node << 1]!;
      const sn = trigTable[(node << 1) + 1]!;
      const cosH = cn * cr - sn * sr;
      const sinH = sn * cr + cn * sr;
      // SPA 3.12-3.13: the parallax formulas of the paper are the geocentric direction
      // (cos d cos H, cos d sin H, sin d) minus the observer's position (x, 0, y) sin xi, in the
      // frame of the meridian. The vector is left unnormalized: atan2 needs no unit length, so
      // topocentric H' and d' never appear (exact, not an approximation).
      const vx = cosD * cosH - xs;
      // The horizon frame: up, and the horizontal pair of the azimuth (south, west components).
      const b = (j & (BLOCK - 1)) << 2;
      scratch[b] = sinLat * sinDp0 + cosLat * vx;
      scratch[b + 1] = sinLat * vx - cosLat * sinDp0;
      scratch[b + 2] = cosD * sinH;
    }
    for (let j = 0; j < m; j++) {
      const i = start + j;
      const b = (j & (BLOCK - 1)) << 2;
      const ax = scratch[b + 1]!;
      const ay = scratch[b + 2]!;
      const e0 = atan2Deg(scratch[b]!, Math.sqrt(ax * ax + ay * ay));
      scratch[b + 3] = e0;
      zenith[i] = 90 - e0;
      if (!anglesOnly) elevation[i] = e0;
      let az = atan2Deg(ay, ax) + 180;
      if (az >= 360) az -= 360;
      azimuth[i] = az;
    }
    for (let j = 0; j < m; j++) {
      const i = start + j;
      const e0 = scratch[((j & (BLOCK - 1)) << 2) + 3]!;
      let e = e0;
      if (e0 >= refractionLimit) {
        const refraction = constantRefraction ? refraction0 : refractionFactor(pressure[i]! / 100, temperature[i]!);
        // SPA eq. 42 from the table (above) where it reaches, else the formula.
        const v = (e0 - REFRACTION_E0) * REFRACTION_STEPS_PER_DEG;
        if (v >= 0 && v < REFRACTION_CELLS) {
          const c = (v | 0) & REFRACTION_MASK;
          const u = v - c;
          const b = c << 2;
          e += refraction * (refrTable[b]! + u * (refrTable[b + 1]! + u * (refrTable[b + 2]! + u * refrTable[b + 3]!)));
        } else e += refraction * refractionUnit(e0);
      }
      apparentZenith[i] = 90 - e;
      if (!anglesOnly) apparentElevation[i] = e;
    }
  }
  return res;
}
