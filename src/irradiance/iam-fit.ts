/**
 * Conversion between IAM models and fits of IAM models to measurements (pvlib.iam.convert and
 * pvlib.iam.fit): the parameters that minimise the weighted sum of absolute differences
 * sum w(aoi) |iam(aoi) - model(aoi)| over aoi in [0, 90] degrees, found by Powell's method with
 * bounded Brent line searches, step for step as scipy.optimize.minimize(method='powell') takes
 * them, so that the parameters are pvlib's (to the rounding of the objective, which may move a
 * comparison in the searches), with pvlib's default tolerance or any other `xtol`.
 */
import { checkObject, checkOneOf, isFloat64Array, rangeFailure, typeFailure } from '../util/validate.js';
import { iamAshrae, iamMartinRuiz, iamPhysical } from './iam.js';

/** The models {@link iamConvert} and {@link iamFit} convert between and fit. */
export type IamFitModel = 'ashrae' | 'martinRuiz' | 'physical';

/** Parameters of one of the {@link IamFitModel}s, by pvlib's names in camelCase. */
export type IamFitParameters = { b: number } | { aR: number } | { n: number; K: number; L: number };

/** A weight function of the angle of incidence [deg]: one weight per angle, unitless. */
export type IamWeight = (aoi: Float64Array) => Float64Array;

/** Inputs of {@link iamConvert}: the source model and its parameters. */
export interface IamConvertInput {
  /** The source model. */
  sourceName: IamFitModel;
  /** Its parameters: `b` (ashrae), `aR` (martinRuiz) or `n`, `K`, `L` (physical). */
  sourceParams: IamFitParameters;
}

/** Options of {@link iamConvert}. */
export interface IamConvertOptions {
  /** The target model. */
  targetName: IamFitModel;
  /** Weight of each angle [unitless], default 1 - sin(aoi). */
  weight?: IamWeight;
  /**
   * From ashrae to physical: fix n so that the physical model meets 0 where the ASHRAE model does
   * (a closer fit, often with n < 1); default true.
   */
  fixN?: boolean;
  /** Absolute tolerance of the line searches [in the parameters' units], default 1e-4 (scipy's, so pvlib's). */
  xtol?: number;
}

/** Inputs of {@link iamFit}: the measured modifier at each angle. */
export interface IamFitInput {
  /** Angles of incidence of the measurements [deg]; those outside [0, 90] get weight 0. */
  measuredAoi: ArrayLike<number>;
  /** The measured IAM [unitless]. */
  measuredIam: ArrayLike<number>;
}

/** Options of {@link iamFit}. */
export interface IamFitOptions {
  /** The model to fit. */
  modelName: IamFitModel;
  /** Weight of each angle [unitless], default 1 - sin(aoi). */
  weight?: IamWeight;
  /** Absolute tolerance of the line searches [in the parameters' units], default 1e-4 (scipy's, so pvlib's). */
  xtol?: number;
}

const D2R = Math.PI / 180;

function sinWeight(aoi: Float64Array): Float64Array {
  const w = new Float64Array(aoi.length);
  for (let i = 0; i < aoi.length; i++) w[i] = 1 - Math.sin(aoi[i]! * D2R);
  return w;
}

/** The model with its free parameters x (pvlib's order: [b], [aR] or [L, n] with K = 4). */
type Target = (aoi: Float64Array, x: Float64Array, out: Float64Array) => Float64Array;

function targetOf(model: IamFitModel): Target {
  if (model === 'ashrae') return (aoi, x, out) => iamAshrae(aoi, { b: x[0]! }, out);
  if (model === 'martinRuiz') return (aoi, x, out) => iamMartinRuiz(aoi, { aR: x[0]! }, out);
  // pvlib's order is [L, n], reversed to [n, L] for some searches; L < n always tells them apart.
  return (aoi, x, out) =>
    x[0]! < x[1]!
      ? iamPhysical(aoi, { n: x[1]!, K: 4, L: x[0]! }, out)
      : iamPhysical(aoi, { n: x[0]!, K: 4, L: x[1]! }, out);
}

/** pvlib's residual: sum of w |source - nan_to_num(target)| with w = 0 outside [0, 90] degrees. */
function residualOf(aoi: Float64Array, source: Float64Array, weight: Float64Array, target: Target) {
  const w = Float64Array.from(weight, (v, i) => (aoi[i]! >= 0 && aoi[i]! <= 90 ? v : 0));
  const buf = new Float64Array(aoi.length);
  const terms = new Float64Array(aoi.length);
  return (x: Float64Array): number => {
    const t = target(aoi, x, buf);
    for (let i = 0; i < aoi.length; i++) {
      let v = t[i]!;
      if (v !== v) v = 0;
      terms[i] = Math.abs(source[i]! - v) * w[i]!;
    }
    return numpySum(terms);
  };
}

/**
 * The sum of numpy's add.reduce, in its order: the first term, plus the pairwise sum of the rest
 * (eight running sums over blocks of at most 128 terms). The searches compare objective values,
 * so summing as numpy does keeps their path pvlib's where the terms are the same doubles.
 */
function numpySum(a: Float64Array): number {
  return a.length === 0 ? 0 : a[0]! + pairwiseSum(a, 1, a.length - 1);
}

function pairwiseSum(a: Float64Array, start: number, n: number): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += a[start + i]!;
    return res;
  }
  if (n <= 128) {
    const r = new Float64Array(8);
    for (let j = 0; j < 8; j++) r[j] = a[start + j]!;
    let i = 8;
    for (; i < n - (n % 8); i += 8) for (let j = 0; j < 8; j++) r[j]! += a[start + i + j]!;
    let res = r[0]! + r[1]! + (r[2]! + r[3]!) + (r[4]! + r[5]! + (r[6]! + r[7]!));
    for (; i < n; i++) res += a[start + i]!;
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(a, start, n2) + pairwiseSum(a, start + n2, n - n2);
}

function iamSource(model: IamFitModel, params: IamFitParameters, aoi: Float64Array): Float64Array {
  if (model === 'ashrae') return iamAshrae(aoi, { b: (params as { b: number }).b });
  if (model === 'martinRuiz') return iamMartinRuiz(aoi, { aR: (params as { aR: number }).aR });
  const { n, K, L } = params as { n: number; K: number; L: number };
  return iamPhysical(aoi, { n, K, L });
}

const PARAM_NAMES: Record<IamFitModel, readonly string[]> = {
  ashrae: ['b'],
  martinRuiz: ['aR'],
  physical: ['n', 'K', 'L'],
};

function checkParams(fn: string, model: IamFitModel, params: unknown): IamFitParameters {
  checkObject(fn, 'sourceParams', params);
  const want = PARAM_NAMES[model];
  const keys = Object.keys(params as object);
  if (keys.length !== want.length || !want.every((k) => keys.includes(k)))
    rangeFailure(fn, 'sourceParams', `exactly ${want.join(', ')} for the ${model} model`, keys.join(', '));
  for (const k of want) {
    const v = (params as Record<string, unknown>)[k];
    if (typeof v !== 'number' || !Number.isFinite(v)) typeFailure(fn, `sourceParams.${k}`, 'a finite number', v);
  }
  return params as IamFitParameters;
}

function checkWeight(fn: string, weight: unknown): IamWeight {
  if (weight === undefined) return sinWeight;
  if (typeof weight !== 'function') typeFailure(fn, 'options.weight', 'a function of aoi [deg]', weight);
  return weight as IamWeight;
}

function checkXtol(fn: string, xtol: unknown): number {
  if (xtol === undefined) return 1e-4;
  if (typeof xtol !== 'number' || !(xtol > 0) || !Number.isFinite(xtol))
    rangeFailure(fn, 'options.xtol', 'a positive tolerance', xtol);
  return xtol;
}

/**
 * Parameters of a target IAM model that reproduce a source IAM model: those minimising
 * sum over aoi = 0, 1, ..., 90 deg of w(aoi) |source(aoi) - target(aoi)| (w = 1 - sin aoi by
 * default), between 'ashrae' (`b`), 'martinRuiz' (`aR`) and 'physical' (`n`, `K` = 4, `L`), with
 * pvlib's bounds and first guesses. Powell's method with bounded Brent line searches in scipy's
 * steps, so the parameters are pvlib's; its default `xtol` (1e-4) stops near the minimum (about
 * 1e-4 relative), `xtol: 1e-10` goes to it.
 * Jones, Hansen & Anderson (2023), Parameter estimation for incidence angle modifier models for
 * photovoltaic modules, Sandia report SAND2023-13944, doi:10.2172/2003638; follows pvlib.iam.convert.
 * @param input `sourceName` and `sourceParams` [unitless; L in m, K in 1/m]
 * @param options `targetName`; `weight` a function of aoi [deg]; `fixN` (ashrae to physical);
 *   `xtol` the line searches' tolerance
 * @returns the target's parameters: `{ b }`, `{ aR }` or `{ n, K, L }`
 * @example
 * (iamConvert({ sourceName: 'physical', sourceParams: { n: 1.526, K: 4, L: 0.002 } }, { targetName: 'martinRuiz' }) as { aR: number }).aR; // about 0.17231
 */
export function iamConvert(input: IamConvertInput, options: IamConvertOptions): IamFitParameters {
  const fn = 'iamConvert';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const models: IamFitModel[] = ['ashrae', 'martinRuiz', 'physical'];
  const sourceName = checkOneOf(fn, 'sourceName', input.sourceName, models);
  const targetName = checkOneOf(fn, 'options.targetName', options.targetName, models);
  const sourceParams = checkParams(fn, sourceName, input.sourceParams);
  const weight = checkWeight(fn, options.weight);
  const xtol = checkXtol(fn, options.xtol);
  const fixN = options.fixN ?? true;
  const aoi = new Float64Array(91);
  for (let i = 0; i <= 90; i++) aoi[i] = i;
  const source = iamSource(sourceName, sourceParams, aoi);
  const f = residualOf(aoi, source, weight(aoi), targetOf(targetName));
  let guess: number[];
  let bounds: [number, number][];
  if (targetName !== 'physical') {
    guess = [1e-3];
    bounds = [[1e-4, 1]];
  } else if (sourceName === 'ashrae') {
    const b = (sourceParams as { b: number }).b;
    if (fixN) {
      // n = sin of the ASHRAE model's zero, so that the physical model meets 0 at the same angle.
      const n = Math.sin(Math.acos(b / (1 + b)));
      guess = [0.002, n];
      bounds = [
        [1e-6, 0.08],
        [n, n],
      ];
    } else {
      guess = [0.002, 1];
      bounds = [
        [1e-6, 0.08],
        [0.8, 2],
      ];
    }
  } else {
    guess = [0.002, 1.1];
    bounds = [
      [1e-6, 0.08],
      [1.05, 2],
    ];
    // pvlib searches n first above a_r = 0.22 (Powell's path depends on the order).
    if ((sourceParams as { aR: number }).aR > 0.22) {
      guess.reverse();
      bounds.reverse();
    }
  }
  const x = powell(f, Float64Array.from(guess), bounds, xtol, fn);
  return paramsOf(targetName, x);
}

/**
 * Parameters of an IAM model fitted to measurements: those minimising
 * sum w(aoi) |iam(aoi) - model(aoi)| over the measured angles (w = 1 - sin aoi by default, 0 outside
 * [0, 90] deg), for 'ashrae' (`b` in [1e-8, 1]), 'martinRuiz' (`aR` in [1e-8, 1]) or 'physical'
 * (`L` in [0, 0.08] m, `n` in [1, 2], `K` = 4 /m), from pvlib's first guesses. Powell's method with
 * bounded Brent line searches in scipy's steps, as {@link iamConvert}.
 * Jones, Hansen & Anderson (2023), SAND2023-13944, doi:10.2172/2003638; follows pvlib.iam.fit.
 * @param input `measuredAoi` [deg] and `measuredIam` [unitless]
 * @param options `modelName`; `weight` a function of aoi [deg]; `xtol` the line searches' tolerance
 * @returns the model's parameters: `{ b }`, `{ aR }` or `{ n, K, L }`
 * @example
 * const aoi = [0, 20, 40, 60, 70, 80, 85];
 * const measured = aoi.map((a) => 1 - 0.04 * (1 / Math.cos((a * Math.PI) / 180) - 1));
 * (iamFit({ measuredAoi: aoi, measuredIam: measured }, { modelName: 'ashrae' }) as { b: number }).b; // about 0.04
 */
export function iamFit(input: IamFitInput, options: IamFitOptions): IamFitParameters {
  const fn = 'iamFit';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const modelName = checkOneOf(fn, 'options.modelName', options.modelName, ['ashrae', 'martinRuiz', 'physical']);
  const { measuredAoi, measuredIam } = input;
  const isList = (v: unknown): v is ArrayLike<number> => Array.isArray(v) || isFloat64Array(v);
  if (!isList(measuredAoi)) typeFailure(fn, 'measuredAoi', 'an array of angles (degrees)', measuredAoi);
  if (!isList(measuredIam)) typeFailure(fn, 'measuredIam', 'an array of IAM values (unitless)', measuredIam);
  if (measuredAoi.length !== measuredIam.length || measuredAoi.length === 0)
    rangeFailure(
      fn,
      'measuredIam',
      `as many values as measuredAoi (${measuredAoi.length}), at least one`,
      measuredIam.length,
    );
  const weight = checkWeight(fn, options.weight);
  const xtol = checkXtol(fn, options.xtol);
  const aoi = Float64Array.from(measuredAoi);
  const f = residualOf(aoi, Float64Array.from(measuredIam), weight(aoi), targetOf(modelName));
  const physical = modelName === 'physical';
  const guess = physical ? [0.002, 1 + 1e-8] : [0.05];
  const bounds: [number, number][] = physical
    ? [
        [0, 0.08],
        [1, 2],
      ]
    : [[1e-8, 1]];
  return paramsOf(modelName, powell(f, Float64Array.from(guess), bounds, xtol, fn));
}

function paramsOf(model: IamFitModel, x: Float64Array): IamFitParameters {
  if (model === 'ashrae') return { b: x[0]! };
  if (model === 'martinRuiz') return { aR: x[0]! };
  return x[0]! < x[1]! ? { n: x[1]!, K: 4, L: x[0]! } : { n: x[0]!, K: 4, L: x[1]! };
}

/**
 * Powell's conjugate-direction method within box bounds, step for step as
 * scipy.optimize.minimize(method='powell', bounds=...) takes it (so that the parameters are pvlib's
 * to the rounding of the objective): each sweep line-searches every direction over the segment of
 * the line inside the box ({@link brentBounded} to xtol) and takes the search's point whatever its
 * value; it stops when a sweep lowers f by no more than ftol relative (1e-4, scipy's default);
 * otherwise the sweep's net displacement replaces the direction of largest decrease when Powell's
 * test accepts it. At most 1000 sweeps per parameter.
 * Powell (1964), An efficient method for finding the minimum of a function of several variables
 * without calculating derivatives, The Computer Journal 7, 155-162, doi:10.1093/comjnl/7.2.155.
 */
function powell(
  f: (x: Float64Array) => number,
  x0: Float64Array,
  bounds: [number, number][],
  xtol: number,
  fn: string,
): Float64Array {
  const dim = x0.length;
  const ftol = 1e-4;
  const maxFun = 1000 * dim;
  let calls = 0;
  const fc = (x: Float64Array): number => {
    calls++;
    return f(x);
  };
  let x: Float64Array = Float64Array.from(x0, (v, i) => Math.min(Math.max(v, bounds[i]![0]), bounds[i]![1]));
  const dirs: Float64Array[] = [];
  for (let i = 0; i < dim; i++) {
    const d = new Float64Array(dim);
    d[i] = 1;
    dirs.push(d);
  }
  /** The segment [lmin, lmax] of t with x + t d inside the box; (0, 0) when there is none. */
  const segment = (p: Float64Array, d: Float64Array): [number, number] => {
    let lmin = Number.NEGATIVE_INFINITY;
    let lmax = Number.POSITIVE_INFINITY;
    for (let i = 0; i < dim; i++) {
      if (d[i] === 0) continue;
      const low = (bounds[i]![0] - p[i]!) / d[i]!;
      const high = (bounds[i]![1] - p[i]!) / d[i]!;
      lmin = Math.max(lmin, d[i]! > 0 ? low : high);
      lmax = Math.min(lmax, d[i]! > 0 ? high : low);
    }
    return lmax >= lmin ? [lmin, lmax] : [0, 0];
  };
  const trial = new Float64Array(dim);
  /** The line search: the new point, its value and the step taken (d scaled), or d itself when d is 0. */
  const search = (p: Float64Array, d: Float64Array, fp: number): [Float64Array, number, Float64Array] => {
    if (d.every((v) => v === 0)) return [p, fp, d];
    const [lo, hi] = segment(p, d);
    const g = (t: number): number => {
      for (let i = 0; i < dim; i++) trial[i] = p[i]! + t * d[i]!;
      return fc(trial);
    };
    const [t, ft] = brentBounded(g, lo, hi, xtol);
    const step = Float64Array.from(d, (v) => t * v);
    return [Float64Array.from(p, (v, i) => v + step[i]!), ft, step];
  };
  let fval = fc(x);
  let x1: Float64Array = Float64Array.from(x);
  for (let iter = 1; ; iter++) {
    const fx = fval;
    let bigind = 0;
    let delta = 0;
    for (let i = 0; i < dim; i++) {
      const fBefore = fval;
      [x, fval] = search(x, dirs[i]!, fval);
      if (fBefore - fval > delta) {
        delta = fBefore - fval;
        bigind = i;
      }
    }
    if (2 * (fx - fval) <= ftol * (Math.abs(fx) + Math.abs(fval)) + 1e-20) break;
    if (calls >= maxFun || iter >= 1000 * dim) break;
    if (fx !== fx && fval !== fval) rangeFailure(fn, 'input', 'an objective that is not NaN everywhere', fval);
    const d1 = Float64Array.from(x, (v, i) => v - x1[i]!);
    x1 = Float64Array.from(x);
    const lmax = segment(x, d1)[1];
    const x2 = Float64Array.from(x, (v, i) => v + Math.min(lmax, 1) * d1[i]!);
    const fx2 = fc(x2);
    if (fx > fx2) {
      let t = 2 * (fx + fx2 - 2 * fval);
      let temp = fx - fval - delta;
      t *= temp * temp;
      temp = fx - fx2;
      t -= delta * temp * temp;
      if (t < 0) {
        let step: Float64Array;
        [x, fval, step] = search(x, d1, fval);
        if (step.some((v) => v !== 0)) {
          dirs[bigind] = dirs[dim - 1]!;
          dirs[dim - 1] = step;
        }
      }
    }
  }
  return x;
}

/**
 * Brent's minimisation of g on [a, b] without derivatives (golden sections and parabolic steps) to
 * the absolute tolerance xatol, at most 500 evaluations, in the steps of scipy's fminbound; returns
 * the abscissa and the value there. Brent (1973), Algorithms for Minimization without Derivatives,
 * Prentice-Hall, chapter 5.
 */
function brentBounded(g: (t: number) => number, a0: number, b0: number, xatol: number): [number, number] {
  const sqrtEps = Math.sqrt(2.2e-16);
  const goldenMean = 0.5 * (3 - Math.sqrt(5));
  let a = a0;
  let b = b0;
  let fulc = a + goldenMean * (b - a);
  let nfc = fulc;
  let xf = fulc;
  let rat = 0;
  let e = 0;
  let fx = g(xf);
  let num = 1;
  let ffulc = fx;
  let fnfc = fx;
  let xm = 0.5 * (a + b);
  let tol1 = sqrtEps * Math.abs(xf) + xatol / 3;
  let tol2 = 2 * tol1;
  while (Math.abs(xf - xm) > tol2 - 0.5 * (b - a)) {
    let golden = true;
    if (Math.abs(e) > tol1) {
      golden = false;
      let r = (xf - nfc) * (fx - ffulc);
      let q = (xf - fulc) * (fx - fnfc);
      let p = (xf - fulc) * q - (xf - nfc) * r;
      q = 2 * (q - r);
      if (q > 0) p = -p;
      q = Math.abs(q);
      r = e;
      e = rat;
      if (Math.abs(p) < Math.abs(0.5 * q * r) && p > q * (a - xf) && p < q * (b - xf)) {
        rat = p / q;
        const x = xf + rat;
        if (x - a < tol2 || b - x < tol2) rat = tol1 * (Math.sign(xm - xf) + (xm - xf === 0 ? 1 : 0));
      } else {
        golden = true;
      }
    }
    if (golden) {
      e = xf >= xm ? a - xf : b - xf;
      rat = goldenMean * e;
    }
    const si = Math.sign(rat) + (rat === 0 ? 1 : 0);
    const x = xf + si * Math.max(Math.abs(rat), tol1);
    const fu = g(x);
    num++;
    if (fu <= fx) {
      if (x >= xf) a = xf;
      else b = xf;
      fulc = nfc;
      ffulc = fnfc;
      nfc = xf;
      fnfc = fx;
      xf = x;
      fx = fu;
    } else {
      if (x < xf) a = x;
      else b = x;
      if (fu <= fnfc || nfc === xf) {
        fulc = nfc;
        ffulc = fnfc;
        nfc = x;
        fnfc = fu;
      } else if (fu <= ffulc || fulc === xf || fulc === nfc) {
        fulc = x;
        ffulc = fu;
      }
    }
    xm = 0.5 * (a + b);
    tol1 = sqrtEps * Math.abs(xf) + xatol / 3;
    tol2 = 2 * tol1;
    if (num >= 500) break;
  }
  return [xf, fx];
}
