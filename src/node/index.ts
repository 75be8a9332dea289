// Node-only adapters (file system, compressed assets): readers that feed the core.
export {};
export * from './elevation.js';
export * from './weather-files.js';
