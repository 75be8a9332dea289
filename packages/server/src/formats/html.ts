/**
 * The HTML page returned when `format` is absent (spec 4.1): the request echoed, an inline SVG
 * line chart of every numeric column against time, and the table. Self-contained: no scripts,
 * fonts or stylesheets from elsewhere, so it renders offline.
 */
import type { SeriesTable } from '../products/table.js';
import { formatPeriod, formatTimestamps, type TimestampStyle } from 'solarkit';
import { decimalsOf, formatNumber } from './values.js';
import type { FormatVersion } from './version.js';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

/**
 * An SVG line chart: one polyline per numeric column over time (oldest left), all on one shared
 * y axis, gaps where a value is missing. At most ~2000 points per line (evenly sampled).
 */
export function svgChart(table: SeriesTable, width = 900, height = 320): string {
  const n = table.periodEnd.length;
  const numeric = table.columns.filter((c) => c.values instanceof Float64Array);
  const pad = { l: 56, r: 12, t: 12, b: 36 };
  if (n === 0 || numeric.length === 0) {
    return `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="${width}" height="60" role="img" aria-label="no data"><text x="10" y="30">No numeric data to chart.</text></svg>`;
  }
  let t0 = Infinity, t1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let i = 0; i < n; i++) { const t = table.periodEnd[i]!; if (t < t0) t0 = t; if (t > t1) t1 = t; }
  for (const c of numeric) {
    const v = c.values as Float64Array;
    for (let i = 0; i < n; i++) { const x = v[i]!; if (x === x) { if (x < y0) y0 = x; if (x > y1) y1 = x; } }
  }
  if (!(y0 <= y1)) { y0 = 0; y1 = 1; }
  if (y0 === y1) { y0 -= 1; y1 += 1; }
  if (t0 === t1) { t0 -= table.periodSeconds; }
  const W = width - pad.l - pad.r, H = height - pad.t - pad.b;
  const sx = (t: number): number => pad.l + ((t - t0) / (t1 - t0)) * W;
  const sy = (y: number): number => pad.t + (1 - (y - y0) / (y1 - y0)) * H;
  const stride = Math.max(1, Math.ceil(n / 2000));
  // Draw in time order whatever the response order (live responses are newest first).
  const order = Array.from({ length: Math.ceil(n / stride) }, (_, k) => k * stride)
    .sort((a, b) => table.periodEnd[a]! - table.periodEnd[b]!);
  const paths = numeric.map((c, j) => {
    const v = c.values as Float64Array;
    let d = '';
    let pen = false;
    for (const i of order) {
      const y = v[i]!;
      if (y !== y) { pen = false; continue; }
      d += `${pen ? 'L' : 'M'}${sx(table.periodEnd[i]!).toFixed(1)},${sy(y).toFixed(1)}`;
      pen = true;
    }
    return `<path class="series" data-name="${escapeHtml(c.name)}" d="${d}" fill="none" stroke="${PALETTE[j % PALETTE.length]}" stroke-width="1.5"/>`;
  }).join('');
  const ticks: string[] = [];
  for (let k = 0; k <= 4; k++) {
    const y = y0 + ((y1 - y0) * k) / 4;
    ticks.push(`<line x1="${pad.l}" x2="${pad.l + W}" y1="${sy(y).toFixed(1)}" y2="${sy(y).toFixed(1)}" stroke="#ddd"/>` +
      `<text x="${pad.l - 6}" y="${(sy(y) + 4).toFixed(1)}" text-anchor="end" font-size="11">${formatNumber(y, 2)}</text>`);
  }
  const labels = formatTimestamps(new Float64Array([t0, t1]), 'v3', table.offsetMinutes);
  const legend = numeric.map((c, j) =>
    `<text x="${pad.l + 10 + j * 130}" y="${height - 6}" font-size="12" fill="${PALETTE[j % PALETTE.length]}">■ ${escapeHtml(c.name)}</text>`).join('');
  return `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="chart of the series">` +
    `<rect x="${pad.l}" y="${pad.t}" width="${W}" height="${H}" fill="#fafafa" stroke="#999"/>${ticks.join('')}` +
    `<text x="${pad.l}" y="${pad.t + H + 14}" font-size="11">${escapeHtml(labels[0]!)}</text>` +
    `<text x="${pad.l + W}" y="${pad.t + H + 14}" font-size="11" text-anchor="end">${escapeHtml(labels[1]!)}</text>` +
    `${paths}${legend}</svg>`;
}

/** The echoed request of a page: the endpoint and the parameters it was given. */
export interface HtmlPageRequest {
  path: string;
  params: Record<string, unknown>;
}

/** The page up to its first data row: title, request parameters, chart, the table's head. */
export function htmlHead(table: SeriesTable, request: HtmlPageRequest): string {
  const cols = table.columns;
  const echo = Object.entries(request.params)
    .filter(([k, v]) => v !== undefined && k !== 'api_key')
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(Array.isArray(v) ? v.join(', ') : String(v))}</td></tr>`)
    .join('');
  const head = `<tr>${cols.map((c) => `<th>${escapeHtml(c.name)}${c.unit ? `<br><small>${escapeHtml(c.unit)}</small>` : ''}</th>`).join('')}<th>period_end</th><th>period</th></tr>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(request.path)} - solarkit</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;font-size:13px}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#f0f0f0}
table.request th,table.request td{text-align:left}.chart{max-width:100%;height:auto;display:block;margin:1em 0}</style></head>
<body><h1>${escapeHtml(request.path)}</h1>
<h2>Request</h2><table class="request">${echo}</table>
<h2>Chart</h2>${svgChart(table)}
<h2>Data (${table.periodEnd.length} rows, <code>${table.key}</code>)</h2>
<table class="data"><thead>${head}</thead><tbody>`;
}

/**
 * The table rows of a table (or of a slice of one), one per line; a slice after the first starts
 * with the line break that separates it from the rows before.
 */
export function htmlRows(table: SeriesTable, style: TimestampStyle, version: FormatVersion, first = true): string {
  const n = table.periodEnd.length;
  if (n === 0) return '';
  const times = formatTimestamps(table.periodEnd, style, table.offsetMinutes);
  const period = formatPeriod(table.periodSeconds);
  const cols = table.columns;
  const decimals = cols.map((c) => decimalsOf(c, version));
  const rows: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    let r = '<tr>';
    for (let j = 0; j < cols.length; j++) {
      const v = cols[j]!.values;
      r += `<td>${v instanceof Float64Array ? formatNumber(v[i]!, decimals[j]!) : escapeHtml(String(v[i] ?? ''))}</td>`;
    }
    rows[i] = `${r}<td>${times[i]}</td><td>${period}</td></tr>`;
  }
  return (first ? '' : '\n') + rows.join('\n');
}

/** The page after its last data row. */
export const HTML_TAIL = `</tbody></table>
<p>JSON: add <code>format=json</code>; CSV: <code>format=csv</code>.</p></body></html>`;

/** The whole page: title, request parameters, chart, table. */
export function seriesToHtml(table: SeriesTable, style: TimestampStyle, version: FormatVersion, request: HtmlPageRequest): string {
  return htmlHead(table, request) + htmlRows(table, style, version) + HTML_TAIL;
}
