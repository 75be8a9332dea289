/**
 * JSON body of a time series: `{"<key>": [{<values in request order>, period_end, period}, ...]}`,
 * in three parts (head, rows, tail) so that a large body can be written a slice of rows at a time.
 */
import type { SeriesTable } from '../products/table.js';
import { formatTimestamps, type TimestampStyle } from 'solarkit';
import { formatPeriod } from 'solarkit/internal';
import { decimalsOf, formatNumber } from './values.js';
import type { FormatVersion } from './version.js';

/** Everything before the first row: `{"estimated_actuals":[`. */
export function jsonHead(table: SeriesTable): string {
  return `{"${table.key}":[`;
}

/**
 * The rows of a table (or of a slice of one) as JSON objects joined by commas; a slice after the
 * first starts with the comma that separates it from the rows before. Built as one string (no
 * intermediate row objects): the keys are fixed per response, so each row is a fixed template
 * filled with rounded numbers.
 */
export function jsonRows(table: SeriesTable, style: TimestampStyle, version: FormatVersion, first = true): string {
  const n = table.periodEnd.length;
  if (n === 0) return '';
  const times = formatTimestamps(table.periodEnd, style, { zone: table.offsetMinutes });
  const period = JSON.stringify(formatPeriod(table.periodSeconds));
  const cols = table.columns;
  const keys = cols.map((c) => `${JSON.stringify(c.name)}:`);
  const decimals = cols.map((c) => decimalsOf(c, version));
  const parts: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    let row = '{';
    for (let j = 0; j < cols.length; j++) {
      const v = cols[j]!.values;
      let cell: string;
      if (v instanceof Float64Array) {
        const s = formatNumber(v[i]!, decimals[j]!);
        cell = s === '' ? 'null' : s;
      } else {
        cell = JSON.stringify(v[i] ?? null);
      }
      row += keys[j] + cell + ',';
    }
    row += `"period_end":"${times[i]}","period":${period}}`;
    parts[i] = row;
  }
  return (first ? '' : ',') + parts.join(',');
}

/** Everything after the last row. */
export const JSON_TAIL = ']}';

/** Serialises a whole series table. */
export function seriesToJson(table: SeriesTable, style: TimestampStyle, version: FormatVersion): string {
  return jsonHead(table) + jsonRows(table, style, version) + JSON_TAIL;
}
