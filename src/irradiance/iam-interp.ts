/**
 * The incidence angle modifier interpolated in a table of measured values (pvlib.iam.interp):
 * an interpolating B-spline of degree 1, 2 or 3 through the table, with scipy's knots
 * (make_interp_spline: not-a-knot for odd degrees, the midpoints for degree 2).
 */
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import { checkObject, checkOneOf, checkSeries, isFloat64Array, rangeFailure, typeFailure } from '../util/validate.js';

/** Interpolation methods of {@link iamInterp}: spline degree 1, 2 or 3. */
export type IamInterpMethod = 'linear' | 'quadratic' | 'cubic';

const DEGREE: Record<IamInterpMethod, number> = { linear: 1, quadratic: 2, cubic: 3 };

/** Options of {@link iamInterp}: the table and how to read it (pvlib's names). */
export interface IamInterpOptions {
  /** Angles at which the IAM is known [deg], strictly increasing, at least degree + 1 of them. */
  thetaRef: ArrayLike<number>;
  /** The IAM at each of `thetaRef` [unitless], non-negative. */
  iamRef: ArrayLike<number>;
  /** Interpolation method, default 'linear' (pvlib's `method`). */
  method?: IamInterpMethod;
  /** Divide by the interpolated value at 0 deg so that the IAM is 1 at normal incidence; default true. */
  normalize?: boolean;
}

/**
 * A B-spline of degree k through the points (x, y): its knots and coefficients, evaluated by
 * {@link splineAt}. Knots as scipy's make_interp_spline chooses them without boundary conditions.
 */
export interface InterpSpline {
  k: number;
  t: Float64Array;
  c: Float64Array;
}

/** The B-spline of degree k interpolating (x, y); x strictly increasing, length >= k + 1. */
export function interpSpline(x: ArrayLike<number>, y: ArrayLike<number>, k: number): InterpSpline {
  const n = x.length;
  const t = new Float64Array(n + k + 1);
  for (let j = 0; j <= k; j++) {
    t[j] = x[0]!;
    t[n + j] = x[n - 1]!;
  }
  if (k === 2) {
    // Greville-like sites without the second and second-to-last midpoints (scipy's choice).
    for (let j = 1; j < n - 2; j++) t[k + j] = (x[j]! + x[j + 1]!) / 2;
  } else {
    const m = (k - 1) >> 1;
    for (let j = m + 1; j < n - m - 1; j++) t[k + j - m] = x[j]!;
  }
  // Collocation: sum_j c_j B_j(x_i) = y_i, solved densely (tables have a few dozen rows).
  const a = new Float64Array(n * n);
  const b = new Float64Array(k + 1);
  for (let i = 0; i < n; i++) {
    const l = knotInterval(t, k, n, x[i]!);
    basis(t, k, l, x[i]!, b);
    for (let j = 0; j <= k; j++) a[i * n + l - k + j] = b[j]!;
  }
  const c = Float64Array.from(y);
  solveDense(a, c, n);
  return { k, t, c };
}

/** The index l with t[l] <= v < t[l+1], clamped to [k, n - 1] (extrapolation uses the end pieces). */
function knotInterval(t: Float64Array, k: number, n: number, v: number): number {
  let lo = k;
  let hi = n - 1;
  if (v >= t[hi]!) return hi;
  if (v < t[lo + 1]!) return lo;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (v >= t[mid]!) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The k + 1 non-zero B-splines of degree k at v on knot interval l (Cox-de Boor), into b. */
function basis(t: Float64Array, k: number, l: number, v: number, b: Float64Array): void {
  b[0] = 1;
  for (let d = 1; d <= k; d++) {
    let saved = 0;
    for (let r = 0; r < d; r++) {
      const right = t[l + r + 1]! - v;
      const left = v - t[l + 1 - d + r]!;
      const temp = b[r]! / (right + left);
      b[r] = saved + right * temp;
      saved = left * temp;
    }
    b[d] = saved;
  }
}

/** Gaussian elimination with partial pivoting: solves a x = rhs in place of rhs. */
function solveDense(a: Float64Array, rhs: Float64Array, n: number): void {
  for (let col = 0; col < n; col++) {
    let p = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r * n + col]!) > Math.abs(a[p * n + col]!)) p = r;
    if (p !== col) {
      for (let j = 0; j < n; j++) {
        const tmp = a[col * n + j]!;
        a[col * n + j] = a[p * n + j]!;
        a[p * n + j] = tmp;
      }
      const tmp = rhs[col]!;
      rhs[col] = rhs[p]!;
      rhs[p] = tmp;
    }
    const d = a[col * n + col]!;
    for (let r = col + 1; r < n; r++) {
      const f = a[r * n + col]! / d;
      if (f === 0) continue;
      for (let j = col; j < n; j++) a[r * n + j]! -= f * a[col * n + j]!;
      rhs[r]! -= f * rhs[col]!;
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = rhs[r]!;
    for (let j = r + 1; j < n; j++) s -= a[r * n + j]! * rhs[j]!;
    rhs[r] = s / a[r * n + r]!;
  }
}

/** The spline's value at v (NaN for NaN), extrapolated beyond the knots with the end polynomials. */
export function splineAt(s: InterpSpline, v: number, scratch: Float64Array): number {
  if (v !== v) return Number.NaN;
  const { k, t, c } = s;
  const n = c.length;
  const l = knotInterval(t, k, n, v);
  basis(t, k, l, v, scratch);
  let sum = 0;
  for (let j = 0; j <= k; j++) sum += c[l - k + j]! * scratch[j]!;
  return sum;
}

/**
 * Incidence angle modifier interpolated in a table (for example a PVsyst module's IAM table),
 * unitless: the interpolating spline of the chosen degree through (thetaRef, iamRef) at |aoi|,
 * extrapolated beyond the table and clipped below at 0, then divided by its value at 0 deg when
 * `normalize` is true. NaN aoi gives NaN. pvlib's deprecated interp1d kinds ('nearest', 'zero',
 * 'slinear', 'previous', 'next') are not offered ('slinear' is 'linear').
 * Follows pvlib.iam.interp (Anton Driesse, 2019); the splines are de Boor's, A Practical Guide to
 * Splines (1978), doi:10.1007/978-1-4612-6333-3, with scipy.interpolate.make_interp_spline's knots.
 * @param aoi angle of incidence [deg]
 * @param options `thetaRef` angles of the table [deg]; `iamRef` its IAM [unitless]; `method`
 *   'linear' (default), 'quadratic' or 'cubic'; `normalize` (default true)
 * @param out optional output buffer
 * @example
 * iamInterp(45, { thetaRef: [0, 30, 60, 90], iamRef: [1, 0.99, 0.9, 0] })[0]; // about 0.945
 * iamInterp(-45, { thetaRef: [0, 30, 60, 90], iamRef: [1, 0.99, 0.9, 0], method: 'cubic' })[0]; // about 1.0006
 */
export function iamInterp(aoi: Column, options: IamInterpOptions, out?: Float64Array): Float64Array {
  const fn = 'iamInterp';
  const len = checkSeries(fn, [['aoi', aoi, 'degrees']]);
  checkObject(fn, 'options', options);
  const method = checkOneOf(fn, 'options.method', options.method ?? 'linear', ['linear', 'quadratic', 'cubic']);
  const k = DEGREE[method];
  const { thetaRef, iamRef } = options;
  const normalize = options.normalize ?? true;
  if (typeof normalize !== 'boolean') typeFailure(fn, 'options.normalize', 'a boolean', normalize);
  checkTable(fn, thetaRef, iamRef, k);
  const spline = interpSpline(thetaRef, iamRef, k);
  const scratch = new Float64Array(k + 1);
  const norm = normalize ? splineAt(spline, 0, scratch) : 1;
  const res = outputColumn(out, len);
  const aA = arrayOf(aoi);
  const a0 = scalarOf(aoi);
  for (let i = 0; i < len; i++) {
    const a = Math.abs(aA !== null ? aA[i]! : a0);
    const v = splineAt(spline, a, scratch);
    res[i] = (v < 0 ? 0 : v) / norm;
  }
  return res;
}

function checkTable(fn: string, thetaRef: unknown, iamRef: unknown, k: number): void {
  const isList = (v: unknown): v is ArrayLike<number> => Array.isArray(v) || isFloat64Array(v);
  if (!isList(thetaRef)) typeFailure(fn, 'options.thetaRef', 'an array of angles (degrees)', thetaRef);
  if (!isList(iamRef)) typeFailure(fn, 'options.iamRef', 'an array of IAM values (unitless)', iamRef);
  if (thetaRef.length !== iamRef.length)
    rangeFailure(fn, 'options.iamRef', `as many values as thetaRef (${thetaRef.length})`, iamRef.length);
  if (thetaRef.length < k + 1)
    rangeFailure(fn, 'options.thetaRef', `at least ${k + 1} angles for a spline of degree ${k}`, thetaRef.length);
  for (let i = 0; i < thetaRef.length; i++) {
    const th = thetaRef[i]!;
    if (!Number.isFinite(th) || (i > 0 && !(th > thetaRef[i - 1]!)))
      rangeFailure(fn, 'options.thetaRef', 'finite angles in strictly increasing order (degrees)', th);
    const v = iamRef[i]!;
    if (!Number.isFinite(v) || v < 0) rangeFailure(fn, 'options.iamRef', 'finite, non-negative IAM values', v);
  }
}
