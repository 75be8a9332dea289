/**
 * Sandia inverter parameters fitted to measured or published efficiency curves (pvlib.inverter.fit_sandia).
 */
import { checkFinite, checkObject, isFloat64Array, rangeFailure, typeFailure } from '../util/validate.js';
import type { SandiaInverterParameters } from './parameters.js';

/** The three DC voltage levels of an inverter test (CEC protocol): minimum, nominal, maximum. */
export type DcVoltageLevel = 'Vmin' | 'Vnom' | 'Vmax';

/** Inputs of {@link fitSandiaInverter}: one row per measured point. */
export interface FitSandiaInverterInputs {
  /** AC output power of each point, W (pvlib's `ac_power`). */
  acPower: Float64Array;
  /** DC input power of each point, W (`dc_power`). */
  dcPower: Float64Array;
  /** DC input voltage of each point, V (`dc_voltage`). */
  dcVoltage: Float64Array;
  /** The voltage level of each point, `'Vmin'`, `'Vnom'` or `'Vmax'` (`dc_voltage_level`). */
  dcVoltageLevel: readonly DcVoltageLevel[];
}

/** Options of {@link fitSandiaInverter}: the two parameters that are not fitted. */
export interface FitSandiaInverterOptions {
  /** Rated AC power, W (`p_ac_0`): becomes Paco. */
  pAc0: number;
  /** Night tare: AC power consumed while the inverter does not deliver power, W (`p_nt`): becomes Pnt. */
  pNt: number;
}

const LEVELS: readonly DcVoltageLevel[] = ['Vmin', 'Vnom', 'Vmax'];

/** Least-squares quadratic y = c + b x + a x^2 (returned as [c, b, a]); x centred and scaled first. */
export function fitQuadratic(x: readonly number[], y: readonly number[]): [number, number, number] {
  const n = x.length;
  let m = 0;
  for (const v of x) m += v;
  m /= n;
  let s = 0;
  for (const v of x) s = Math.max(s, Math.abs(v - m));
  if (s === 0) s = 1;
  // Normal equations in t = (x - m) / s, whose basis 1, t, t^2 is well conditioned on [-1, 1].
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let r0 = 0;
  let r1 = 0;
  let r2 = 0;
  for (let i = 0; i < n; i++) {
    const t = (x[i]! - m) / s;
    const t2 = t * t;
    s0 += 1;
    s1 += t;
    s2 += t2;
    s3 += t2 * t;
    s4 += t2 * t2;
    r0 += y[i]!;
    r1 += y[i]! * t;
    r2 += y[i]! * t2;
  }
  const [alpha, beta, gamma] = solve3(
    [
      [s0, s1, s2],
      [s1, s2, s3],
      [s2, s3, s4],
    ],
    [r0, r1, r2],
  );
  // Back to x: c + b x + a x^2 with x = m + s t.
  const a = gamma / (s * s);
  const b = beta / s - (2 * gamma * m) / (s * s);
  const c = alpha - (beta * m) / s + (gamma * m * m) / (s * s);
  return [c, b, a];
}

/** Gaussian elimination with partial pivoting of a 3 x 3 system. */
function solve3(a: number[][], r: number[]): [number, number, number] {
  const m = a.map((row, i) => [...row, r[i]!]);
  for (let k = 0; k < 3; k++) {
    let p = k;
    for (let i = k + 1; i < 3; i++) if (Math.abs(m[i]![k]!) > Math.abs(m[p]![k]!)) p = i;
    [m[k], m[p]] = [m[p]!, m[k]!];
    for (let i = k + 1; i < 3; i++) {
      const f = m[i]![k]! / m[k]![k]!;
      for (let j = k; j < 4; j++) m[i]![j]! -= f * m[k]![j]!;
    }
  }
  const out = [0, 0, 0];
  for (let i = 2; i >= 0; i--) {
    let v = m[i]![3]!;
    for (let j = i + 1; j < 3; j++) v -= m[i]![j]! * out[j]!;
    out[i] = v / m[i]![i]!;
  }
  return out as [number, number, number];
}

/** Least-squares line y = b0 + b1 x, as [b0, b1]. */
export function fitLine(x: readonly number[], y: readonly number[]): [number, number] {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) * (x[i]! - mx);
  }
  const b1 = sxy / sxx;
  return [my - b1 * mx, b1];
}

/** The larger root (-b + sqrt(b^2 - 4ac)) / 2a of a x^2 + b x + c, in the form without cancellation. */
function quadraticRoot(a: number, b: number, c: number): number {
  const d = Math.sqrt(b * b - 4 * a * c);
  return b >= 0 ? (2 * c) / (-b - d) : (-b + d) / (2 * a);
}

/**
 * Fits the Sandia inverter model's parameters (Pdco, Vdco, Pso, C0-C3) to points of AC against DC
 * power measured at three DC voltages, as Sandia's procedure does: at each voltage level a
 * least-squares quadratic AC = c + b DC + a DC^2, whose roots give the DC power at Paco (Pdc) and
 * at zero AC (Ps0); then a least-squares line of Pdc, Ps0 and a against the DC voltage minus the
 * nominal level's mean voltage (Vdco): its intercepts are Pdco, Pso and C0 and the slopes over
 * the intercepts C1, C2, C3. Powers in W, voltages in V; Paco and Pnt are passed through. King,
 * Gonzalez, Galbraith and Boyson (2007), "Performance Model for Grid-Connected Photovoltaic
 * Inverters", SAND2007-5036, DOI 10.2172/920449, and the PV Performance Modeling Collaborative's
 * page of the model; follows pvlib.inverter.fit_sandia.
 * @param inputs the points: `acPower`, `dcPower` (W), `dcVoltage` (V) and each point's `dcVoltageLevel`
 * @param options `pAc0`, the rated AC power (W), and `pNt`, the night tare (W)
 * @example
 * // A 250 W micro-inverter's AC power at 30, 40 and 50 V DC (SAM's ABB MICRO-0.25 208V, rounded).
 * const dc = [25, 50, 75, 125, 190, 250];
 * const ac = {
 *   30: [22.5, 46.9, 71.4, 120.0, 182.9, 240.6],
 *   40: [22.5, 46.9, 71.3, 120.0, 183.0, 240.8],
 *   50: [22.4, 46.9, 71.3, 120.0, 183.1, 241.0],
 * };
 * const fit = fitSandiaInverter(
 *   {
 *     acPower: Float64Array.from([...ac[30], ...ac[40], ...ac[50]]),
 *     dcPower: Float64Array.from([...dc, ...dc, ...dc]),
 *     dcVoltage: Float64Array.from([30, 40, 50].flatMap((v) => dc.map(() => v))),
 *     dcVoltageLevel: (['Vmin', 'Vnom', 'Vmax'] as const).flatMap((level) => dc.map(() => level)),
 *   },
 *   { pAc0: 250, pNt: 0.075 },
 * );
 * fit.vdco; // => 40
 * fit.pdco; // about 259.566
 */
export function fitSandiaInverter(
  inputs: FitSandiaInverterInputs,
  options: FitSandiaInverterOptions,
): SandiaInverterParameters {
  const fn = 'fitSandiaInverter';
  checkObject(fn, 'inputs', inputs);
  checkObject(fn, 'options', options);
  const pAc0 = checkFinite(fn, 'options.pAc0', options.pAc0, 'W');
  const pNt = checkFinite(fn, 'options.pNt', options.pNt, 'W');
  const { acPower, dcPower, dcVoltage, dcVoltageLevel } = inputs;
  for (const [name, column] of [
    ['acPower', acPower],
    ['dcPower', dcPower],
    ['dcVoltage', dcVoltage],
  ] as const) {
    if (!isFloat64Array(column)) typeFailure(fn, `inputs.${name}`, 'a Float64Array (W or V)', column);
  }
  if (!Array.isArray(dcVoltageLevel))
    typeFailure(fn, 'inputs.dcVoltageLevel', "an array of 'Vmin', 'Vnom', 'Vmax'", dcVoltageLevel);
  const n = acPower.length;
  for (const [name, length] of [
    ['dcPower', dcPower.length],
    ['dcVoltage', dcVoltage.length],
    ['dcVoltageLevel', dcVoltageLevel.length],
  ] as const) {
    if (length !== n) rangeFailure(fn, `inputs.${name}`, `of the length of acPower (${n})`, length, ' rows');
  }
  const voltages: number[] = [];
  const pDc: number[] = [];
  const pS0: number[] = [];
  const curvature: number[] = [];
  for (const level of LEVELS) {
    const x: number[] = [];
    const y: number[] = [];
    let v = 0;
    for (let i = 0; i < n; i++) {
      const l = dcVoltageLevel[i];
      if (!LEVELS.includes(l as DcVoltageLevel))
        rangeFailure(fn, `inputs.dcVoltageLevel[${i}]`, "'Vmin', 'Vnom' or 'Vmax'", l);
      if (l !== level) continue;
      x.push(dcPower[i]!);
      y.push(acPower[i]!);
      v += dcVoltage[i]!;
    }
    if (x.length < 3)
      rangeFailure(fn, 'inputs.dcVoltageLevel', `at least 3 points at level '${level}'`, x.length, ' points');
    voltages.push(v / x.length);
    const [c, b, a] = fitQuadratic(x, y);
    pDc.push(quadraticRoot(a, b, c - pAc0));
    pS0.push(quadraticRoot(a, b, c));
    curvature.push(a);
  }
  const vNom = voltages[1]!;
  const xd = voltages.map((v) => v - vNom);
  const [pdco, bDc1] = fitLine(xd, pDc);
  const [pso, bS1] = fitLine(xd, pS0);
  const [c0, bC1] = fitLine(xd, curvature);
  return { paco: pAc0, pdco, vdco: vNom, pso, c0, c1: bDc1 / pdco, c2: bS1 / pso, c3: bC1 / c0, pnt: pNt };
}
