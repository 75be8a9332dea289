// solarkit core: the public entry. Re-exports only, no logic (see DESIGN.md).
// The core never imports Node built-ins, the file system or the server.
// util: the column type every kernel takes and the CSV writer; the loop helpers stay internal.
export type { Column } from './util/columns.js';
export { type CsvColumn, type CsvOptions, toCsv } from './util/csv.js';
// Curated folder indexes (explicit export lists, no internals).
export * from './time/index.js';
export * from './solar/index.js';
export * from './atmosphere/index.js';
export * from './irradiance/index.js';
export * from './spectrum/index.js';
export * from './tracking/index.js';
export * from './bifacial/index.js';
export * from './shading/index.js';
export * from './terrain/index.js';
export * from './soiling/index.js';
export * from './snow/index.js';
export * from './pv/index.js';
export * from './power/index.js';
export * from './chain/index.js';
export * from './weather/index.js';
export * from './tmy/index.js';
