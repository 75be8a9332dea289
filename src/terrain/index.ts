// Public exports of src/terrain (re-exports only).
export * from './grid.js';
export * from './global.js';
