// Node-only adapters (file system, compressed assets): readers that feed the core.
// Exported to users through the `solarkit/server` entry.
export * from './elevation.js';
export * from './weather-files.js';
