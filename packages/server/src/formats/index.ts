// Response formats of the server (re-exports only).
export { JSON_TAIL, jsonHead, jsonRows, seriesToJson } from './json.js';
export { csvCell, csvHead, csvRows, recordsToCsv, seriesToCsv } from './csv.js';
export { HTML_TAIL, escapeHtml, htmlHead, htmlRows, seriesToHtml, svgChart, type HtmlPageRequest } from './html.js';
export { PVSYST_PARAMETERS, pvsystHead, pvsystRows, seriesToPvsyst } from './pvsyst.js';
export { decimalsOf, formatNumber } from './values.js';
export {
  LEGACY_RETIREMENT, type FormatVersion, type RecordFormat, type SeriesFormat, parseRecordFormat, parseSeriesFormat, responseVersion,
} from './version.js';
export {
  CSV_TYPE, HTML_TYPE, JSON_TYPE, type HtmlRequest, type RenderedBody, type SeriesRendering, renderRecords, renderSeries,
  seriesHead, seriesRows, seriesTail, seriesType, sliceTable,
} from './render.js';
