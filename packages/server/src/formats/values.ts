/** Number rendering shared by the JSON, CSV and HTML formats. */
import type { SeriesColumn } from '../products/table.js';
import type { FormatVersion } from './version.js';

const POW10 = [1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

/** Decimal places of a column in a response version. */
export function decimalsOf(column: SeriesColumn, version: FormatVersion): number {
  return version === 'legacy' && column.legacyDecimals !== undefined ? column.legacyDecimals : column.decimals;
}

/**
 * A value rounded to `decimals` places as JSON/CSV text, '' for NaN (no value). Rounds half away
 * from zero and never prints -0 or an exponent for ordinary magnitudes.
 */
export function formatNumber(x: number, decimals: number): string {
  if (x !== x || x === Infinity || x === -Infinity) return '';
  const p = POW10[decimals] ?? 10 ** decimals;
  const scaled = Math.abs(x) * p;
  // Past 2^53 every double is already a whole number of the last decimal (and x * p may overflow
  // to Infinity, which is not JSON): nothing to round.
  if (scaled >= 9_007_199_254_740_992) return String(x);
  const r = (Math.sign(x) * Math.round(scaled)) / p;
  if (r === 0) return '0';
  return String(r);
}
