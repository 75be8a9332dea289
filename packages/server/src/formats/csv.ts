/**
 * CSV (contract.md section 3): a header line of column names (value columns in request order,
 * then period_end, period), one row per period, '.' as decimal mark, an empty cell for no value.
 */
import type { SeriesTable } from '../products/table.js';
import { formatPeriod, formatTimestamps, type TimestampStyle } from 'solarkit';
import { decimalsOf, formatNumber } from './values.js';
import type { FormatVersion } from './version.js';

/** Quotes a cell when it holds a comma, quote or line break (RFC 4180). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV of plain records (lists of sites, measurements): the given columns, in order. */
export function recordsToCsv(columns: readonly string[], records: readonly Record<string, unknown>[]): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const r of records) {
    lines.push(columns.map((c) => {
      const v = r[c];
      return csvCell(typeof v === 'object' && v !== null ? JSON.stringify(v) : v);
    }).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

/** CSV of a series table. */
export function seriesToCsv(table: SeriesTable, style: TimestampStyle, version: FormatVersion): string {
  const n = table.periodEnd.length;
  const times = formatTimestamps(table.periodEnd, style, table.offsetMinutes);
  const period = formatPeriod(table.periodSeconds);
  const cols = table.columns;
  const decimals = cols.map((c) => decimalsOf(c, version));
  const lines: string[] = new Array(n + 1);
  lines[0] = [...cols.map((c) => csvCell(c.name)), 'period_end', 'period'].join(',');
  for (let i = 0; i < n; i++) {
    let row = '';
    for (let j = 0; j < cols.length; j++) {
      const v = cols[j]!.values;
      row += (v instanceof Float64Array ? formatNumber(v[i]!, decimals[j]!) : csvCell(v[i])) + ',';
    }
    lines[i + 1] = row + times[i] + ',' + period;
  }
  return lines.join('\r\n') + '\r\n';
}
