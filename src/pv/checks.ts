/**
 * The argument checks shared by the models of src/pv (src/util/validate.ts helpers), each once per
 * call before the loops: a parameter set (a module's or an inverter's) whose required fields must be
 * finite numbers, and the five parameters of the single-diode equation as columns; each failure
 * names the function, the argument and its unit.
 */
import type { Column } from '../util/columns.js';
import { checkObject, checkOneOf, checkSeries, rangeFailure, type SeriesEntry, typeFailure } from '../util/validate.js';

/** One required field of a parameter set: its name (pvlib's, in camelCase) and its unit. */
export type ParameterField = readonly [name: string, unit: string];

/**
 * Checks that `params` is an object whose listed fields are finite numbers. A missing field is a
 * TypeError that names it (`sandiaInverter: inverter.paco must be given: a finite number (W)`).
 */
export function checkParameterSet(fn: string, name: string, params: unknown, fields: readonly ParameterField[]): void {
  checkObject(fn, name, params);
  const record = params as Record<string, unknown>;
  for (const [field, unit] of fields) {
    const value = record[field];
    // The messages are built only on failure: a model checks its parameter set at every call (the
    // SAPM over a library calls it a thousand times a second or more).
    if (typeof value !== 'number' || !Number.isFinite(value)) parameterFailure(fn, name, field, unit, value);
  }
}

/** The TypeError (missing, not a number) or RangeError (not finite) of one field of a parameter set. */
function parameterFailure(fn: string, name: string, field: string, unit: string, value: unknown): never {
  const unitText = unit === '' ? '' : ` (${unit})`;
  if (value === undefined) typeFailure(fn, `${name}.${field}`, `given: a finite number${unitText}`, value);
  if (typeof value !== 'number') typeFailure(fn, `${name}.${field}`, `a finite number${unitText}`, value);
  rangeFailure(fn, `${name}.${field}`, `a finite number${unitText}`, value);
}

/**
 * A list of columns (one per MPPT input): a non-empty Array of Float64Arrays or numbers; returns
 * its length.
 */
export function checkColumnList(fn: string, name: string, value: unknown, unit: string): number {
  if (!Array.isArray(value) || value.length === 0) {
    typeFailure(fn, name, `a non-empty Array of columns (Float64Array or number, ${unit}), one per input`, value);
  }
  return value.length;
}

/**
 * The five parameters of the single-diode equation at operating conditions, columns (a
 * Float64Array, or one number for every row), as the calcparams functions return them.
 */
export interface SingleDiodeInput {
  /** Light-generated current IL, A (>= 0). */
  photocurrent: Column;
  /** Diode saturation current I0, A (> 0). */
  saturationCurrent: Column;
  /** Series resistance Rs, ohm (>= 0). */
  resistanceSeries: Column;
  /** Shunt resistance Rsh, ohm (> 0; Infinity for none, as pvlib's at zero irradiance). */
  resistanceShunt: Column;
  /** Diode ideality factor times cells in series times thermal voltage, nNsVth, V (> 0). */
  nNsVth: Column;
}

/**
 * Checks the five parameters and the extra columns of one call, and returns the series length.
 * A shunt resistance (and a `nsVbi`) may be the one value Infinity: pvlib's ideal device and its
 * default; inside a column Infinity is a value like any other (pvlib's night at zero irradiance).
 */
export function checkDiodeInput(fn: string, input: SingleDiodeInput, extra: readonly SeriesEntry[] = []): number {
  checkObject(fn, 'input', input);
  const infiniteOk = (name: string, value: unknown, unit: string, optional = false): SeriesEntry =>
    value === Number.POSITIVE_INFINITY ? [name, 0, unit, optional] : [name, value, unit, optional];
  return checkSeries(fn, [
    ['photocurrent', input.photocurrent, 'A'],
    ['saturationCurrent', input.saturationCurrent, 'A'],
    ['resistanceSeries', input.resistanceSeries, 'ohm'],
    infiniteOk('resistanceShunt', input.resistanceShunt, 'ohm'),
    ['nNsVth', input.nNsVth, 'V'],
    ...extra.map(([name, value, unit, optional]) => infiniteOk(name, value, unit, optional)),
  ]);
}

/** The methods of the single-diode solution, as pvlib names them. */
export const SINGLE_DIODE_METHODS = ['lambertw', 'newton', 'brentq'] as const;

/** The methods of Bishop's form (no explicit Lambert W solution with its extra terms). */
export const BISHOP_METHODS = ['newton', 'brentq'] as const;

/** The method of an options object, checked, or `fallback` when absent. */
export function checkMethod<T extends string>(
  fn: string,
  options: { method?: unknown } | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (options === undefined) return fallback;
  checkObject(fn, 'options', options);
  if (options.method === undefined) return fallback;
  return checkOneOf(fn, 'options.method', options.method, allowed);
}
