// Node-only adapters (file system, the data directory): readers that feed the core.
// Exported to users through the `solarkit/server` entry.
export * from './data-dir.js';
export * from './elevation.js';
export * from './weather-files.js';
