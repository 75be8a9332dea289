/**
 * Prilliman's transient cell temperature: a weighted moving average of a steady-state model's
 * cell temperature over the 20 minutes before each time, for the module's thermal inertia.
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import {
  checkAtLeast,
  checkConstantStep,
  checkFinite,
  checkObject,
  checkSeries,
  isFloat64Array,
  typeFailure,
} from '../util/validate.js';

/** Columns of {@link prilliman}. */
export interface PrillimanInput {
  /** Period ends, Unix seconds (UTC), on one constant step. */
  unixSeconds: Float64Array;
  /** Cell temperature of a steady-state model, degrees C (the paper fitted it with the SAPM's). */
  tempCell: Float64Array;
  /** Wind speed at the array's height, m/s. */
  windSpeed: Column;
}

/** Module and coefficients of {@link prilliman}. */
export interface PrillimanOptions {
  /** Mass of the module over its one-sided area, kg/m2 (default 11.1). */
  unitMass?: number;
  /**
   * The coefficients a0..a3 of the weights' rate p = a0 + a1 WS + a2 m + a3 WS m, 1/s (default
   * the paper's Table II: [0.0046, 0.00046, -0.00023, -1.6e-5]).
   */
  coefficients?: readonly [number, number, number, number];
}

/** Prilliman et al. 2020, Table II. */
const PRILLIMAN_COEFFICIENTS = [0.0046, 0.00046, -0.00023, -1.6e-5] as const;
/** The model's window, minutes. */
const WINDOW_MINUTES = 20;

/**
 * Transient cell temperature, degrees C: each value is the average of the steady-state
 * temperatures of the samples in the 20 minutes before it (not itself), weighted by
 * exp(-p lag), p = a0 + a1 WS + a2 m + a3 WS m with the wind of the current sample (Prilliman et
 * al. 2020, eqs. 8-9). The first value is the input's; a window shorter than 20 minutes is used
 * at the series' start; NaN temperatures in a window are skipped (NaN when none is left), a NaN
 * wind gives NaN. Samples 20 minutes or more apart are not smoothed: the input comes back as it
 * is (pvlib warns and does the same). The times must be on one constant step (pvlib refuses
 * others too). M. Prilliman, J. S. Stein, D. Riley and G. Tamizhmani, "Transient Weighted
 * Moving-Average Model of Photovoltaic Module Back-Surface Temperature", IEEE Journal of
 * Photovoltaics 10(4) 1053-1060, 2020, doi:10.1109/JPHOTOV.2020.2992351. Follows
 * pvlib.temperature.prilliman.
 * @param input unixSeconds (period ends, constant step), tempCell degrees C (a column), windSpeed
 *   m/s (a column or a number)
 * @param options unitMass kg/m2 (11.1), coefficients a0..a3 (Table II)
 * @param out optional output buffer of the series' length (not tempCell itself)
 * @returns smoothed cell temperature, degrees C, one per row
 * @example
 * // A step from 25 to 45 degrees C in one-minute data: the smoothed value lags behind.
 * const unixSeconds = Float64Array.from({ length: 30 }, (_, i) => 60 * (i + 1));
 * const tempCell = Float64Array.from({ length: 30 }, (_, i) => (i < 10 ? 25 : 45));
 * prilliman({ unixSeconds, tempCell, windSpeed: 2 })[12]; // about 31.35
 */
export function prilliman(input: PrillimanInput, options: PrillimanOptions = {}, out?: Float64Array): Float64Array {
  const fn = 'prilliman';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  if (!isFloat64Array(input.unixSeconds))
    typeFailure(fn, 'unixSeconds', 'a Float64Array of Unix seconds', input.unixSeconds);
  if (!isFloat64Array(input.tempCell)) typeFailure(fn, 'tempCell', 'a Float64Array (degrees C)', input.tempCell);
  const n = checkSeries(fn, [
    ['unixSeconds', input.unixSeconds, 's'],
    ['tempCell', input.tempCell, 'degrees C'],
    ['windSpeed', input.windSpeed, 'm/s'],
  ]);
  const unitMass = checkAtLeast(fn, 'options.unitMass', options.unitMass ?? 11.1, 0, 'kg/m2');
  const a = options.coefficients ?? PRILLIMAN_COEFFICIENTS;
  if (!Array.isArray(a) || a.length !== 4) typeFailure(fn, 'options.coefficients', 'four numbers a0..a3', a);
  for (let k = 0; k < 4; k++) checkFinite(fn, `options.coefficients[${k}]`, a[k], k === 0 || k === 2 ? '1/s' : '');
  const step = checkConstantStep(fn, 'unixSeconds', input.unixSeconds);
  const t = input.tempCell;
  const res = outputColumn(out, n);
  if (res === t && n > 1) throw new RangeError(`${fn}: out must not be tempCell (each value reads the ones before it)`);
  const intervalMinutes = step / 60;
  if (!(intervalMinutes < WINDOW_MINUTES)) {
    // Too coarse for the transients to matter (NaN step: fewer than two rows).
    if (res !== t) res.set(t);
    return res;
  }
  const window = Math.min(Math.trunc(WINDOW_MINUTES / intervalMinutes), n);
  const ws = columnOf(input.windSpeed, 0);
  const wsMask = maskOf(input.windSpeed);
  const c0 = a[0]! + a[2]! * unitMass;
  const c1 = a[1]! + a[3]! * unitMass;
  res[0] = t[0]!;
  for (let k = 1; k < n; k++) {
    // p in 1/s; the weight of the sample j steps back is exp(-p j step) = r^j.
    const p = c0 + c1 * ws[k & wsMask]!;
    const r = Math.exp(-p * step);
    let w = 1;
    let num = 0;
    let den = 0;
    const back = k < window ? k : window;
    for (let j = 1; j <= back; j++) {
      w *= r;
      const v = t[k - j]!;
      if (v === v) {
        num += v * w;
        den += w;
      }
    }
    res[k] = p === p ? num / den : Number.NaN;
  }
  return res;
}
