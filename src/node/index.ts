// Node-only adapters (file system, the data directory): readers that feed the core.
// Exported to users as the `solarkit/node` entry of the core package.
export * from './data-dir.js';
export * from './elevation.js';
export * from './climate-grids.js';
export * from './weather-files.js';
export * from './fleet.js';
