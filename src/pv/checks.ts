/**
 * The argument checks shared by the models of src/pv: a parameter set (a module's or an inverter's)
 * whose required fields must be finite numbers, each failure naming the function, the field and its
 * unit.
 */
import { checkObject, rangeFailure, typeFailure } from '../util/validate.js';

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
    const unitText = unit === '' ? '' : ` (${unit})`;
    if (value === undefined) typeFailure(fn, `${name}.${field}`, `given: a finite number${unitText}`, value);
    if (typeof value !== 'number') typeFailure(fn, `${name}.${field}`, `a finite number${unitText}`, value);
    if (!Number.isFinite(value)) rangeFailure(fn, `${name}.${field}`, `a finite number${unitText}`, value);
  }
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
