// Response formats of the server (re-exports only).
export { seriesToJson } from './json.js';
export { csvCell, recordsToCsv, seriesToCsv } from './csv.js';
export { escapeHtml, seriesToHtml, svgChart } from './html.js';
export { PVSYST_PARAMETERS, seriesToPvsyst } from './pvsyst.js';
export { decimalsOf, formatNumber, type FormatVersionStyle } from './values.js';
