// Response formats of the server (re-exports only).
export { seriesToJson } from './json.js';
export { csvCell, recordsToCsv, seriesToCsv } from './csv.js';
export { escapeHtml, seriesToHtml, svgChart } from './html.js';
export { PVSYST_PARAMETERS, seriesToPvsyst } from './pvsyst.js';
export { decimalsOf, formatNumber } from './values.js';
export {
  LEGACY_RETIREMENT, type FormatVersion, type RecordFormat, type SeriesFormat, parseRecordFormat, parseSeriesFormat, responseVersion,
} from './version.js';
export { CSV_TYPE, HTML_TYPE, JSON_TYPE, type HtmlRequest, type RenderedBody, renderRecords, renderSeries } from './render.js';
