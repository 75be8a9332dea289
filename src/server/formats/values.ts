/** Number rendering shared by the JSON, CSV and HTML formats. */
import type { SeriesColumn } from '../../products/table.js';

export type FormatVersionStyle = 'legacy' | '3';

const POW10 = [1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

/** Decimal places of a column in a response version. */
export function decimalsOf(column: SeriesColumn, version: FormatVersionStyle): number {
  return version === 'legacy' && column.legacyDecimals !== undefined ? column.legacyDecimals : column.decimals;
}

/**
 * A value rounded to `decimals` places as JSON/CSV text, '' for NaN (no value). Rounds half away
 * from zero and never prints -0 or an exponent for ordinary magnitudes.
 */
export function formatNumber(x: number, decimals: number): string {
  if (x !== x || x === Infinity || x === -Infinity) return '';
  const p = POW10[decimals] ?? 10 ** decimals;
  const r = Math.sign(x) * Math.round(Math.abs(x) * p) / p;
  if (r === 0) return '0';
  return String(r);
}
