/**
 * CSV (contract.md section 3): a header line of column names (value columns in request order,
 * then period_end, period), one row per period, '.' as decimal mark, an empty cell for no value.
 * A series body comes in two parts (the header line, the rows) so that a large one can be
 * written a slice of rows at a time.
 */
import type { SeriesTable } from '../products/table.js';
import { formatTimestamps, type TimestampStyle } from 'solarkit';
import { formatPeriod } from 'solarkit/internal';
import { decimalsOf, formatNumber } from './values.js';
import type { FormatVersion } from './version.js';

/** A plain decimal number, as text: a cell that a spreadsheet reads as a number, never as a formula. */
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return; OWASP "CSV injection") is prefixed with an apostrophe, which
 * spreadsheets show as text and do not display; a number, or text that is a plain number such as
 * `-5.2`, is left as it is. Then the cell is quoted when it holds a comma, quote or line break
 * (RFC 4180).
 *
 * @example csvCell('=HYPERLINK("x")') // '"\'=HYPERLINK(""x"")"'
 * @example csvCell(-5.2) // '-5.2'
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && !NUMBER_TEXT.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV of plain records (lists of sites, measurements): the given columns, in order. */
export function recordsToCsv(columns: readonly string[], records: readonly Record<string, unknown>[]): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const r of records) {
    lines.push(
      columns
        .map((c) => {
          const v = r[c];
          return csvCell(typeof v === 'object' && v !== null ? JSON.stringify(v) : v);
        })
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** The header line of a series table, with its line end. */
export function csvHead(table: SeriesTable): string {
  return [...table.columns.map((c) => csvCell(c.name)), 'period_end', 'period'].join(',') + '\r\n';
}

/** The rows of a series table (or of a slice of one), each ended by CRLF. */
export function csvRows(table: SeriesTable, style: TimestampStyle, version: FormatVersion): string {
  const n = table.periodEnd.length;
  const times = formatTimestamps(table.periodEnd, style, { zone: table.offsetMinutes });
  const period = formatPeriod(table.periodSeconds);
  const cols = table.columns;
  const decimals = cols.map((c) => decimalsOf(c, version));
  const lines: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    let row = '';
    for (let j = 0; j < cols.length; j++) {
      const v = cols[j]!.values;
      row += (v instanceof Float64Array ? formatNumber(v[i]!, decimals[j]!) : csvCell(v[i])) + ',';
    }
    lines[i] = row + times[i] + ',' + period + '\r\n';
  }
  return lines.join('');
}

/** CSV of a whole series table. */
export function seriesToCsv(table: SeriesTable, style: TimestampStyle, version: FormatVersion): string {
  return csvHead(table) + csvRows(table, style, version);
}
