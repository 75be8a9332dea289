// solarkit core: the public entry. Re-exports only, no logic (see DESIGN.md).
// The core never imports Node built-ins, the file system or the server.
export * from './util/columns.js';
export { type CsvColumn, type CsvOptions, toCsv } from './util/csv.js';
export * from './time/index.js';
export * from './solar/index.js';
export * from './atmosphere/index.js';
export * from './irradiance/index.js';
export * from './tracking/index.js';
export * from './bifacial/index.js';
export * from './terrain/index.js';
export * from './soiling/index.js';
export * from './power/index.js';
export * from './weather/index.js';
export * from './tmy/index.js';
