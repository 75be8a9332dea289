// Public exports of src/terrain (re-exports only).
export * from './grid.js';
export * from './global.js';
export * from './horizon.js';
export * from './svf.js';
export * from './shading.js';
export * from './pvgis.js';
export * from './cache.js';
export * from './geotiff.js';
