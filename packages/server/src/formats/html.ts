/**
 * The HTML page returned when `format` is absent (spec 4.1): the request echoed, an inline SVG
 * chart of every numeric column against time (one panel per unit), for a long series (a TMY, a
 * month of history) the monthly and whole-window totals with a monthly bar chart, and the table,
 * collapsed when long. Self-contained: no scripts, fonts or stylesheets from elsewhere, so it
 * renders offline.
 */
import type { SeriesTable } from '../products/table.js';
import { formatTimestamps, type TimestampStyle } from 'solarkit';
import { formatPeriod } from 'solarkit/internal';
import { escapeHtml, svgChart, svgMonthlyBars, unitLabel, zoneLabel } from './chart.js';
import { type MonthlySummary, isLongSeries, monthlySummary } from './totals.js';
import { decimalsOf, formatNumber } from './values.js';
import type { FormatVersion } from './version.js';

export { escapeHtml, svgChart } from './chart.js';

/** The monthly totals of a long series: a bar chart of the energy columns and a table of every column. */
function summarySection(summary: MonthlySummary): string {
  const energy = summary.rows.filter((r) => r.kind === 'total');
  const bars =
    energy.length > 0
      ? svgMonthlyBars(
          summary.months,
          energy.map((r) => ({ name: r.name, unit: r.unit, values: r.monthly })),
        )
      : '';
  const show = (v: number, kind: 'total' | 'mean'): string =>
    Number.isFinite(v) ? v.toFixed(kind === 'total' && Math.abs(v) >= 100 ? 0 : 1) : '';
  const head = `<tr><th>month</th>${summary.rows.map((r) => `<th>${escapeHtml(r.name)} ${r.kind}<br><small>${escapeHtml(unitLabel(r.unit))}</small></th>`).join('')}</tr>`;
  const body = summary.months
    .map(
      (m, j) =>
        `<tr><th>${escapeHtml(m)}</th>${summary.rows.map((r) => `<td>${show(r.monthly[j]!, r.kind)}</td>`).join('')}</tr>`,
    )
    .join('');
  const whole = `<tr class="whole"><th>${summary.wholeLabel}</th>${summary.rows.map((r) => `<td>${show(r.whole, r.kind)}</td>`).join('')}</tr>`;
  const energyNote =
    energy.length > 0 ? "Energy: the sum of each period's mean times its length (W/m² to kWh/m², kW to kWh). " : '';
  return (
    `<h2>Monthly totals</h2>${bars}<div class="scroll"><table class="totals"><thead>${head}</thead><tbody>${body}${whole}</tbody></table></div>` +
    `<p class="note">${energyNote}Other quantities: the mean of the month. Months of the response's time zone.</p>`
  );
}

/** The echoed request of a page: the endpoint and the parameters it was given. */
export interface HtmlPageRequest {
  path: string;
  params: Record<string, unknown>;
}

/**
 * The page up to its first data row: title, request parameters, chart, the monthly totals of a
 * long series, the table's head. It needs the whole table (the chart and the totals are of every
 * row), so a streamed page renders it before the rows.
 */
export function htmlHead(table: SeriesTable, request: HtmlPageRequest): string {
  const n = table.periodEnd.length;
  const cols = table.columns;
  const echo = Object.entries(request.params)
    .filter(([k, v]) => v !== undefined && k !== 'api_key')
    .map(
      ([k, v]) =>
        `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(Array.isArray(v) ? v.join(', ') : String(v))}</td></tr>`,
    )
    .join('');
  const head = `<tr>${cols.map((c) => `<th>${escapeHtml(c.name)}${c.unit ? `<br><small>${escapeHtml(unitLabel(c.unit))}</small>` : ''}</th>`).join('')}<th>period_end<br><small>${zoneLabel(table.offsetMinutes)}</small></th><th>period</th></tr>`;
  const long = isLongSeries(table);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(request.path)} - solarkit</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;font-size:13px}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#f0f0f0}tr.whole td,tr.whole th{font-weight:bold;border-top:2px solid #888}
table.request th,table.request td{text-align:left}.chart,.monthly{max-width:100%;height:auto;display:block;margin:1em 0}
.scroll{overflow-x:auto}.note{color:#555;font-size:13px}summary{cursor:pointer;font-size:1.2em;font-weight:bold;margin:1em 0}</style></head>
<body><h1>${escapeHtml(request.path)}</h1>
<h2>Request</h2><table class="request">${echo}</table>
<h2>Chart</h2>${svgChart(table)}
${long ? summarySection(monthlySummary(table)) : ''}
<details class="data"${long ? '' : ' open'}><summary>Data (${n} rows, <code>${table.key}</code>)${long ? ': show the table' : ''}</summary>
<div class="scroll"><table class="data"><thead>${head}</thead><tbody>`;
}

/**
 * The table rows of a table (or of a slice of one), one per line; a slice after the first starts
 * with the line break that separates it from the rows before.
 */
export function htmlRows(table: SeriesTable, style: TimestampStyle, version: FormatVersion, first = true): string {
  const n = table.periodEnd.length;
  if (n === 0) return '';
  const times = formatTimestamps(table.periodEnd, style, { zone: table.offsetMinutes });
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
export const HTML_TAIL = `</tbody></table></div></details>
<p>JSON: add <code>format=json</code>; CSV: <code>format=csv</code>.</p></body></html>`;

/** The whole page: title, request parameters, chart, monthly totals of a long series, table. */
export function seriesToHtml(
  table: SeriesTable,
  style: TimestampStyle,
  version: FormatVersion,
  request: HtmlPageRequest,
): string {
  return htmlHead(table, request) + htmlRows(table, style, version) + HTML_TAIL;
}
