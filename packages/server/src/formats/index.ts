// Response formats of the server (re-exports only).
export { JSON_TAIL, jsonHead, jsonRows, seriesToJson } from './json.js';
export { csvCell, csvHead, csvRows, recordsToCsv, seriesToCsv } from './csv.js';
export { HTML_TAIL, htmlHead, htmlRows, seriesToHtml, type HtmlPageRequest } from './html.js';
export {
  escapeHtml,
  niceTicks,
  svgChart,
  svgMonthlyBars,
  timeTicks,
  unitLabel,
  zoneLabel,
  type MonthlyBars,
} from './chart.js';
export { LONG_SERIES_SECONDS, isLongSeries, monthlySummary, type MonthlySummary, type SummaryRow } from './totals.js';
export { PVSYST_PARAMETERS, pvsystHead, pvsystRows, seriesToPvsyst } from './pvsyst.js';
export { decimalsOf, formatNumber } from './values.js';
export {
  LEGACY_RETIREMENT,
  type FormatVersion,
  type RecordFormat,
  type SeriesFormat,
  parseRecordFormat,
  parseSeriesFormat,
  responseVersion,
} from './version.js';
export {
  CSV_TYPE,
  HTML_TYPE,
  JSON_TYPE,
  type HtmlRequest,
  type RenderedBody,
  type SeriesRendering,
  renderRecords,
  renderSeries,
  seriesHead,
  seriesRows,
  seriesTail,
  seriesType,
  sliceTable,
} from './render.js';
