/**
 * One rendering switch for every endpoint: a series table or a list of records in the format a
 * request asked for, as a content type and a body (the routes send them, caches keep them).
 */
import type { TimestampStyle } from 'solarkit';
import type { ParamDef, ParamValues } from '../products/params.js';
import type { SeriesTable } from '../products/table.js';
import { csvHead, csvRows, recordsToCsv } from './csv.js';
import { HTML_TAIL, htmlHead, htmlRows } from './html.js';
import { JSON_TAIL, jsonHead, jsonRows } from './json.js';
import { pvsystHead, pvsystRows } from './pvsyst.js';
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

/** How a series is written: its format, timestamp style, decimal places and the echoed request. */
export interface SeriesRendering {
  format: SeriesFormat;
  /** timestamp form (legacy or v3) of the response */
  style: TimestampStyle;
  /** format version whose decimal places apply (legacy air temperatures: whole degrees) */
  precision: FormatVersion;
  request: HtmlRequest;
}

/** The content type of a series format. */
export function seriesType(format: SeriesFormat): string {
  return format === 'json' ? JSON_TYPE : format === 'html' ? HTML_TYPE : CSV_TYPE;
}

/**
 * The body of a series before its first row (the whole table is needed: the HTML page's chart and
 * row count, the PVsyst header's place).
 */
export function seriesHead(table: SeriesTable, r: SeriesRendering): string {
  switch (r.format) {
    case 'json':
      return jsonHead(table);
    case 'csv':
      return csvHead(table);
    case 'pvsyst':
      return pvsystHead(table);
    case 'html': {
      const params: Record<string, unknown> = {};
      for (const d of r.request.defs)
        if (r.request.values[d.name] !== undefined) params[d.name] = r.request.values[d.name];
      return htmlHead(table, { path: r.request.path, params });
    }
  }
}

/**
 * The rows of a table, or of a slice of one (`first`: whether the slice starts the table, as the
 * separators between rows of JSON and HTML need to know). The rows of consecutive slices, joined,
 * are the rows of the whole table.
 */
export function seriesRows(slice: SeriesTable, r: SeriesRendering, first: boolean): string {
  switch (r.format) {
    case 'json':
      return jsonRows(slice, r.style, r.precision, first);
    case 'csv':
      return csvRows(slice, r.style, r.precision);
    case 'pvsyst':
      return pvsystRows(slice);
    case 'html':
      return htmlRows(slice, r.style, r.precision, first);
  }
}

/** The body of a series after its last row. */
export function seriesTail(r: SeriesRendering): string {
  return r.format === 'json' ? JSON_TAIL : r.format === 'html' ? HTML_TAIL : '';
}

/**
 * A series table in a format: JSON, CSV, PVsyst, or the HTML page of the request, whole.
 *
 * @example renderSeries(table, { format: 'csv', style: 'v3', precision: '3', request }).type // 'text/csv; charset=utf-8'
 */
export function renderSeries(table: SeriesTable, r: SeriesRendering): RenderedBody {
  return { type: seriesType(r.format), body: seriesHead(table, r) + seriesRows(table, r, true) + seriesTail(r) };
}

/**
 * Rows `from` to `to` (exclusive) of a table as a table of their own (copies when `copy`, so that
 * the columns can be moved to another thread; views otherwise).
 */
export function sliceTable(table: SeriesTable, from: number, to: number, copy: boolean): SeriesTable {
  const cut = (v: Float64Array): Float64Array => (copy ? v.slice(from, to) : v.subarray(from, to));
  return {
    ...table,
    periodEnd: cut(table.periodEnd),
    columns: table.columns.map((c) => ({
      ...c,
      values: c.values instanceof Float64Array ? cut(c.values) : c.values.slice(from, to),
    })),
  };
}

/**
 * Records (sites, measurements) in a format: CSV rows of `columns`, or `json` (any value: a
 * record, a page object, a bare list) as JSON.
 *
 * @example renderRecords('csv', ['a'], [{ a: 1 }], undefined).body // 'a\r\n1\r\n' (CSV of recordsToCsv)
 */
export function renderRecords(
  format: RecordFormat,
  columns: readonly string[],
  records: readonly Record<string, unknown>[],
  json: unknown,
): RenderedBody {
  if (format === 'csv') return { type: CSV_TYPE, body: recordsToCsv(columns, records) };
  return { type: JSON_TYPE, body: JSON.stringify(json) };
}
