/**
 * DC helpers of an array: module results scaled to strings and strings in parallel, the resistance
 * and ohmic loss of the DC wiring, and loss factors combined over one time index. They follow
 * pvlib.pvsystem's scale_voltage_current_power, dc_ohms_from_percent, dc_ohmic_losses and
 * combine_loss_factors.
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import {
  checkAtLeast,
  checkFinite,
  checkObject,
  checkOneOf,
  checkSeries,
  checkTimes,
  isFloat64Array,
  rangeFailure,
  type SeriesEntry,
  typeFailure,
} from '../util/validate.js';

/**
 * The columns of a module's I-V points that {@link scaleVoltageCurrentPower} scales (those of a
 * {@link SapmResult} or of a single-diode solution): voltages in V, currents in A, power in W. Any
 * subset may be given.
 */
export interface IvPointColumns {
  /** Short-circuit current, A. */
  iSc?: Column;
  /** Current at the maximum-power point, A. */
  iMp?: Column;
  /** Open-circuit voltage, V. */
  vOc?: Column;
  /** Voltage at the maximum-power point, V. */
  vMp?: Column;
  /** Maximum power, W. */
  pMp?: Column;
  /** Current at V = Voc / 2, A. */
  iX?: Column;
  /** Current at V = (Voc + Vmp) / 2, A. */
  iXx?: Column;
}

/** The scaling factors of {@link scaleVoltageCurrentPower}. */
export interface ScaleOptions {
  /** Factor of the voltages: modules in series per string (pvlib's `voltage`; default 1). */
  voltage?: number;
  /** Factor of the currents: strings in parallel (pvlib's `current`; default 1). */
  current?: number;
}

const VOLTAGE_KEYS = ['vMp', 'vOc'] as const;
const CURRENT_KEYS = ['iMp', 'iX', 'iXx', 'iSc'] as const;
const KNOWN_KEYS: readonly string[] = [...VOLTAGE_KEYS, ...CURRENT_KEYS, 'pMp'];

/**
 * Scales a module's I-V points to an array: voltages (vMp, vOc, V) times `voltage` (modules per
 * string), currents (iMp, iX, iXx, iSc, A) times `current` (strings), power (pMp, W) times both.
 * Returns the columns given, and only those; a column of another name is a RangeError (pvlib raises
 * on it too), so that a voltage under an unexpected name is never left unscaled. Follows
 * pvlib.pvsystem.scale_voltage_current_power.
 * @param columns the module's columns (any of iSc, iMp, vOc, vMp, pMp, iX, iXx), Float64Array or number
 * @param options `voltage` [modules in series, unitless] (default 1), `current` [strings in
 *   parallel, unitless] (default 1)
 * @param out optional output columns (any of them), filled in place
 * @example
 * scaleVoltageCurrentPower({ vMp: 30, iMp: 8, pMp: 240 }, { voltage: 14, current: 20 }).pMp[0]; // => 67200
 */
export function scaleVoltageCurrentPower<T extends IvPointColumns>(
  columns: T,
  options: ScaleOptions = {},
  out?: { [K in keyof IvPointColumns]?: Float64Array },
): { [K in keyof T & keyof IvPointColumns]-?: Float64Array } {
  const fn = 'scaleVoltageCurrentPower';
  checkObject(fn, 'columns', columns);
  checkObject(fn, 'options', options);
  const voltage = options.voltage ?? 1;
  const current = options.current ?? 1;
  checkFinite(fn, 'options.voltage', voltage, 'modules in series');
  checkFinite(fn, 'options.current', current, 'strings in parallel');
  const entries: SeriesEntry[] = [];
  for (const [key, value] of Object.entries(columns)) {
    if (!KNOWN_KEYS.includes(key)) {
      rangeFailure(fn, 'columns', `columns named ${KNOWN_KEYS.join(', ')}`, key, `: '${key}' is not one`);
    }
    entries.push([key, value, key.startsWith('v') ? 'V' : key.startsWith('i') ? 'A' : 'W', true]);
  }
  const n = checkSeries(fn, entries);
  const res: { [K in keyof IvPointColumns]: Float64Array } = {};
  for (const [key, value] of Object.entries(columns) as [keyof IvPointColumns, Column | undefined][]) {
    if (value === undefined) continue;
    const factor = key === 'pMp' ? voltage * current : key.startsWith('v') ? voltage : current;
    const target = outputColumn(out?.[key], n, `out.${key}`);
    const x = columnOf(value, 0);
    const mx = maskOf(value);
    // pvlib multiplies p_mp by voltage, then by current: the same two roundings.
    if (key === 'pMp') for (let i = 0; i < n; i++) target[i] = x[i & mx]! * voltage * current;
    else for (let i = 0; i < n; i++) target[i] = x[i & mx]! * factor;
    res[key] = target;
  }
  // Each key of `columns` was given a column above, so the result has exactly the keys given.
  return res as { [K in keyof T & keyof IvPointColumns]-?: Float64Array };
}

/** Inputs of {@link dcOhmicResistance}. */
export interface DcOhmicResistanceInput {
  /** Module voltage at the maximum-power point at reference conditions, V (`vmp_ref`). */
  vmpRef: number;
  /** Module current at the maximum-power point at reference conditions, A (`imp_ref`). */
  impRef: number;
  /** Ohmic loss of the DC wiring at reference conditions, percent of the array's power (`dc_ohmic_percent`). */
  dcOhmicPercent: number;
  /** Modules in series per string (default 1). */
  modulesPerString?: number;
  /** Strings in parallel (default 1). */
  strings?: number;
}

/**
 * The equivalent resistance of an array's DC wiring, ohm, from its ohmic loss in percent at
 * reference conditions: R = (dcOhmicPercent / 100) (modulesPerString vmpRef) / (strings impRef).
 * Voltage in V, current in A. Follows pvlib.pvsystem.dc_ohms_from_percent (PVsyst's definition of
 * the "ohmic wiring loss" at STC, PVsyst 7 help, "Array ohmic wiring loss").
 * @param input `vmpRef` [V], `impRef` [A], `dcOhmicPercent` [percent], `modulesPerString` and
 *   `strings` [counts] (default 1 each)
 * @example
 * dcOhmicResistance({ vmpRef: 30, impRef: 8, dcOhmicPercent: 1.5, modulesPerString: 14, strings: 20 }); // about 0.039375 ohm
 */
export function dcOhmicResistance(input: DcOhmicResistanceInput): number {
  const fn = 'dcOhmicResistance';
  checkObject(fn, 'input', input);
  const vmp = checkFinite(fn, 'input.vmpRef', input.vmpRef, 'V');
  const imp = checkFinite(fn, 'input.impRef', input.impRef, 'A');
  const percent = checkFinite(fn, 'input.dcOhmicPercent', input.dcOhmicPercent, 'percent');
  const modules = input.modulesPerString ?? 1;
  const strings = input.strings ?? 1;
  checkAtLeast(fn, 'input.modulesPerString', modules, 0, 'modules in series', true);
  checkAtLeast(fn, 'input.strings', strings, 0, 'strings in parallel', true);
  return (percent / 100) * ((modules * vmp) / (strings * imp));
}

/** Inputs of {@link dcOhmicLosses}. */
export interface DcOhmicLossesInput {
  /** Equivalent resistance of the wiring, ohm (see {@link dcOhmicResistance}). */
  resistance: Column;
  /** Operating current of the array, A. */
  current: Column;
}

/**
 * Ohmic loss of the DC wiring, W: resistance (ohm) times the current (A) squared. NaN in gives NaN
 * out. Follows pvlib.pvsystem.dc_ohmic_losses.
 * @param input `resistance` [ohm], `current` [A]
 * @param out optional output buffer
 * @example
 * dcOhmicLosses({ resistance: 0.04, current: 160 })[0]; // about 1024 W
 */
export function dcOhmicLosses(input: DcOhmicLossesInput, out?: Float64Array): Float64Array {
  const fn = 'dcOhmicLosses';
  checkObject(fn, 'input', input);
  const n = checkSeries(fn, [
    ['resistance', input.resistance, 'ohm'],
    ['current', input.current, 'A'],
  ]);
  const res = outputColumn(out, n);
  const r = columnOf(input.resistance, 0);
  const mr = maskOf(input.resistance);
  const c = columnOf(input.current, 0);
  const mc = maskOf(input.current);
  for (let i = 0; i < n; i++) {
    const x = c[i & mc]!;
    res[i] = r[i & mr]! * x * x;
  }
  return res;
}

/**
 * One loss of {@link combineLossFactors}: a column already on the target times (or a number for
 * every time), or a series on its own times, which is put on the target times by `fillMethod`.
 */
export type LossSeries = Column | { readonly unixSeconds: Float64Array; readonly values: Float64Array };

/** Inputs of {@link combineLossFactors}. */
export interface CombineLossFactorsInput {
  /** The target times, Unix seconds (pvlib's `index`), increasing. */
  unixSeconds: Float64Array;
  /** The losses, fractions (0 no loss, 1 all lost). */
  losses: readonly LossSeries[];
}

/** Options of {@link combineLossFactors}. */
export interface CombineLossFactorsOptions {
  /**
   * How a loss given on its own times is read at a target time (pandas' reindex `method`, pvlib's
   * `fill_method`): 'ffill' (default) its last value at or before the time, 'bfill' its first value
   * at or after it, 'none' only a value at exactly that time; NaN where there is none.
   */
  fillMethod?: 'ffill' | 'bfill' | 'none';
}

const FILL_METHODS = ['ffill', 'bfill', 'none'] as const;

/**
 * Combines loss fractions (unitless, 0..1) into one: 1 - prod(1 - loss_i), at each target time.
 * The time index of pvlib (a pandas index that every loss Series is reindexed onto) maps to the
 * core's columns so: the target times are a column of Unix seconds; each loss is either a column
 * aligned with them (or a number), used as it is, or a series on its own increasing times
 * (`{ unixSeconds, values }`), read at each target time by `fillMethod` (pandas' reindex: 'ffill'
 * takes its last value at or before the time, NaN before its first). NaN in gives NaN out.
 * Follows pvlib.pvsystem.combine_loss_factors.
 * @param input `unixSeconds` [s], the target times; `losses` [fractions]
 * @param options `fillMethod`: 'ffill' (default), 'bfill' or 'none'
 * @param out optional output buffer
 * @example
 * combineLossFactors({ unixSeconds: Float64Array.of(0, 3600), losses: [0.02, 0.03] })[1]; // about 0.0494
 */
export function combineLossFactors(
  input: CombineLossFactorsInput,
  options: CombineLossFactorsOptions = {},
  out?: Float64Array,
): Float64Array {
  const fn = 'combineLossFactors';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const times = checkTimes(fn, 'input.unixSeconds', input.unixSeconds);
  const method =
    options.fillMethod === undefined ? 'ffill' : checkOneOf(fn, 'options.fillMethod', options.fillMethod, FILL_METHODS);
  const losses = input.losses;
  if (!Array.isArray(losses)) typeFailure(fn, 'input.losses', 'an Array of loss columns or series (fractions)', losses);
  const n = times.length;
  for (let k = 0; k < losses.length; k++) {
    const loss = losses[k];
    if (typeof loss === 'number' || isFloat64Array(loss)) {
      const len = checkSeries(fn, [[`input.losses[${k}]`, loss, 'fraction']]);
      if (typeof loss !== 'number' && len !== n) {
        rangeFailure(
          fn,
          `input.losses[${k}]`,
          `a column of ${n} rows (one per time) or a series { unixSeconds, values }`,
          loss,
        );
      }
    } else {
      checkObject(fn, `input.losses[${k}]`, loss);
      checkTimes(fn, `input.losses[${k}].unixSeconds`, loss.unixSeconds);
      if (!isFloat64Array(loss.values) || loss.values.length !== loss.unixSeconds.length) {
        typeFailure(
          fn,
          `input.losses[${k}].values`,
          'a Float64Array of fractions as long as its unixSeconds',
          loss.values,
        );
      }
    }
  }
  const res = outputColumn(out, n);
  res.fill(1);
  for (const loss of losses) {
    if (typeof loss === 'number' || isFloat64Array(loss)) {
      const x = columnOf(loss, 0);
      const mx = maskOf(loss);
      for (let i = 0; i < n; i++) res[i] = res[i]! * (1 - x[i & mx]!);
    } else {
      reindexMultiply(times, loss.unixSeconds, loss.values, method, res);
    }
  }
  for (let i = 0; i < n; i++) res[i] = 1 - res[i]!;
  return res;
}

/**
 * res[i] *= 1 - (the loss at times[i]): one merge pass over the two increasing time columns (the
 * target times need not be increasing for correctness of 'none', but pandas requires it for the
 * fills, and so does this).
 */
function reindexMultiply(
  times: Float64Array,
  lossTimes: Float64Array,
  values: Float64Array,
  method: 'ffill' | 'bfill' | 'none',
  res: Float64Array,
): void {
  const m = lossTimes.length;
  let j = 0; // first loss time > t (ffill) or >= t (bfill, none)
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    let v = Number.NaN;
    if (method === 'ffill') {
      while (j < m && lossTimes[j]! <= t) j++;
      if (j > 0) v = values[j - 1]!;
    } else {
      while (j < m && lossTimes[j]! < t) j++;
      if (j < m && (method === 'bfill' || lossTimes[j] === t)) v = values[j]!;
    }
    res[i] = res[i]! * (1 - v);
  }
}
