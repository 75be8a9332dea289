/**
 * Tables for cosine/sine of angles in degrees in the hot loops: values at every quarter degree
 * from 0 to 360 inclusive. A loop reduces x to [0, 360), takes the nearest node i (|r| <= 0.125 deg)
 * and combines the node with short series for the remainder:
 *   cos x = C[i] (1 - r^2/2 + r^4/24) - S[i] (r - r^3/6 + r^5/120),  r in radians,
 * whose truncation errors (< 2e-19) are far below rounding; the result agrees with Math.cos to a
 * few 1e-16. The tables are read through local variables in the loops (see transposition.ts),
 * which the engine keeps in registers: a call to Math.cos costs several times more.
 */
export const TRIG_STEPS_PER_DEGREE = 4;
const NODES = 360 * TRIG_STEPS_PER_DEGREE + 1;

/** cos of each node angle i / 4 deg, i = 0..1440. */
export const COS_NODES: Float64Array = new Float64Array(NODES);
/** sin of each node angle i / 4 deg, i = 0..1440. */
export const SIN_NODES: Float64Array = new Float64Array(NODES);
for (let i = 0; i < NODES; i++) {
  const a = ((i / TRIG_STEPS_PER_DEGREE) * Math.PI) / 180;
  COS_NODES[i] = Math.cos(a);
  SIN_NODES[i] = Math.sin(a);
}
// Exact values where they are known, so that 90, 180, 270 deg give exact zeros as in the tables' use.
for (let q = 0; q <= 4; q++) {
  const i = q * 90 * TRIG_STEPS_PER_DEGREE;
  COS_NODES[i] = [1, 0, -1, 0, 1][q]!;
  SIN_NODES[i] = [0, 1, 0, -1, 0][q]!;
}

const D2R = Math.PI / 180;

/**
 * cos(x) for x in degrees by the node tables (reference form of the loop-inlined evaluation;
 * NaN and infinities give NaN).
 */
export function cosDegTable(x: number): number {
  let y = x - 360 * Math.floor(x * (1 / 360));
  // x * (1 / 360) underflows to -0 for the tiniest negative x, leaving y just below 0.
  if (y < 0) y += 360;
  if (!(y >= 0 && y <= 360)) return Number.NaN;
  const i = Math.floor(y * TRIG_STEPS_PER_DEGREE + 0.5);
  const r = (y - i / TRIG_STEPS_PER_DEGREE) * D2R;
  const r2 = r * r;
  return COS_NODES[i]! * (1 - r2 * (0.5 - r2 * (1 / 24))) - SIN_NODES[i]! * (r * (1 - r2 * (1 / 6 - r2 * (1 / 120))));
}

/**
 * atan(k / 64) for k = 0..64: the nodes of {@link atan2Table}. The remainder
 * u = (t - t_k) / (1 + t t_k) has |u| <= 1/128, where atan u = u - u^3/3 + u^5/5 leaves a
 * truncation error below u^7/7 < 2e-16 rad: as good as rounding allows (about 4e-16 rad).
 */
export const ATAN_NODES: Float64Array = new Float64Array(65);
for (let k = 0; k <= 64; k++) ATAN_NODES[k] = Math.atan(k / 64);
const HALF_PI = Math.PI / 2;

/**
 * atan2(y, x) in radians by the node table, within a few 1e-16 rad of Math.atan2, for hot loops:
 * the engine inlines it where Math.atan2 is a call. atan2(+-0, +-0) is 0 (+0, where Math.atan2
 * keeps signed zeros and gives pi for x = -0); NaN gives NaN. A loop binds it to a local first
 * (`const atan2 = atan2Table`): under the CommonJS-style transpilation of tsx and vitest every read
 * of an imported name is a getter call.
 * @example
 * // pi / 4:
 * atan2Table(1, 1); // about 0.7853981633974483
 */
export function atan2Table(y: number, x: number): number {
  const ax = x < 0 ? -x : x;
  const ay = y < 0 ? -y : y;
  const swap = ay > ax;
  const num = swap ? ax : ay;
  const den = swap ? ay : ax;
  // t in [0, 1]; 0/0 (both zero) is taken as 0, NaN stays NaN.
  const t = den === 0 ? 0 : num / den;
  const k = (t * 64 + 0.5) | 0;
  const tk = k * (1 / 64);
  const u = (num - tk * den) / (den + tk * num);
  const u2 = u * u;
  let a = ATAN_NODES[k]! + u * (1 - u2 * (1 / 3 - u2 * (1 / 5)));
  if (den === 0) a = 0;
  if (swap) a = HALF_PI - a;
  if (x < 0) a = Math.PI - a;
  return y < 0 ? -a : a;
}
