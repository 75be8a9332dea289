/**
 * One rendering switch for every endpoint: a series table or a list of records in the format a
 * request asked for, as a content type and a body (the routes send them, caches keep them).
 */
import type { TimestampStyle } from 'solarkit';
import type { ParamDef, ParamValues } from '../products/params.js';
import type { SeriesTable } from '../products/table.js';
import { recordsToCsv, seriesToCsv } from './csv.js';
import { seriesToHtml } from './html.js';
import { seriesToJson } from './json.js';
import { seriesToPvsyst } from './pvsyst.js';
import type { FormatVersion, RecordFormat, SeriesFormat } from './version.js';

/** A response before it is sent: its content type and its body. */
export interface RenderedBody {
  type: string;
  body: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const CSV_TYPE = 'text/csv; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/** The endpoint and the parameters an HTML page echoes (the given ones, in definition order). */
export interface HtmlRequest {
  path: string;
  defs: readonly ParamDef[];
  values: ParamValues;
}

/**
 * A series table in a format: JSON, CSV, PVsyst, or the HTML page of the request.
 *
 * @param style timestamp form (legacy or v3) of the response
 * @param precision format version whose decimal places apply (legacy air temperatures: whole degrees)
 * @example renderSeries(table, 'csv', 'v3', '3', { path, defs, values }).type // 'text/csv; charset=utf-8'
 */
export function renderSeries(
  table: SeriesTable, format: SeriesFormat, style: TimestampStyle, precision: FormatVersion, request: HtmlRequest,
): RenderedBody {
  switch (format) {
    case 'json': return { type: JSON_TYPE, body: seriesToJson(table, style, precision) };
    case 'csv': return { type: CSV_TYPE, body: seriesToCsv(table, style, precision) };
    case 'pvsyst': return { type: CSV_TYPE, body: seriesToPvsyst(table) };
    case 'html': {
      const params: Record<string, unknown> = {};
      for (const d of request.defs) if (request.values[d.name] !== undefined) params[d.name] = request.values[d.name];
      return { type: HTML_TYPE, body: seriesToHtml(table, style, precision, { path: request.path, params }) };
    }
  }
}

/**
 * Records (sites, measurements) in a format: CSV rows of `columns`, or `json` (any value: a
 * record, a page object, a bare list) as JSON.
 *
 * @example renderRecords('csv', ['a'], [{ a: 1 }], undefined).body // 'a\r\n1\r\n' (CSV of recordsToCsv)
 */
export function renderRecords(
  format: RecordFormat, columns: readonly string[], records: readonly Record<string, unknown>[], json: unknown,
): RenderedBody {
  if (format === 'csv') return { type: CSV_TYPE, body: recordsToCsv(columns, records) };
  return { type: JSON_TYPE, body: JSON.stringify(json) };
}
