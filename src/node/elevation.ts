/**
 * Node side of src/terrain: reads the embedded global elevation grid from the package's assets
 * (once, lazily), and user DEM tiles from a directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  decodeGlobalElevation,
  isLandAt,
  landFractionAround,
  type GlobalElevation,
} from '../terrain/global.js';
import { sampleElevation, type ElevationGrid } from '../terrain/grid.js';

/** File name of the compressed global grid inside the package's `assets/` folder. */
export const GLOBAL_ELEVATION_ASSET = 'elevation-5arcmin.u8.gz';

declare const __dirname: string | undefined;

/** Directory of this module, in the ESM source (tsx), the ESM build and the CJS build alike. */
function moduleDirectory(): string {
  if (typeof __dirname === 'string') return __dirname;
  return dirname(fileURLToPath(import.meta.url));
}

/**
 * Path of the global grid asset: `SOLARKIT_ASSETS` when set, else the first `assets/` folder
 * holding the file found walking up from this module (src/node in a checkout, dist/ once built).
 */
export function globalElevationAssetPath(): string {
  const override = process.env.SOLARKIT_ASSETS;
  if (override) return join(resolve(override), GLOBAL_ELEVATION_ASSET);
  let dir = moduleDirectory();
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'assets', GLOBAL_ELEVATION_ASSET);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`cannot find assets/${GLOBAL_ELEVATION_ASSET} above ${moduleDirectory()}`);
}

let globalGrid: GlobalElevation | undefined;

/**
 * The decoded global 5 arc-minute elevation grid and land mask, read and gunzipped on the first
 * call and kept for the life of the process (about 28 MB).
 */
export function globalElevation(): GlobalElevation {
  if (globalGrid === undefined) {
    const raw = gunzipSync(readFileSync(globalElevationAssetPath()));
    globalGrid = decodeGlobalElevation(new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength));
  }
  return globalGrid;
}

/** The global grid as an {@link ElevationGrid} (sea at 0 m). */
export function globalElevationGrid(): ElevationGrid {
  return globalElevation().grid;
}

/**
 * Elevation of a site (m above sea level) from the embedded 5 arc-minute grid, bilinear between
 * cell centres; open sea is 0 m. Good to about 100 m in rugged terrain (a default for air
 * pressure), not for local shading.
 * @param latitude degrees north
 * @param longitude degrees east
 */
export function siteElevation(latitude: number, longitude: number): number {
  return sampleElevation(globalElevation().grid, latitude, longitude);
}

/** Whether the point (degrees) lies on land according to the embedded grid's 5 arc-minute mask. */
export function isLand(latitude: number, longitude: number): boolean {
  return isLandAt(globalElevation(), latitude, longitude);
}

/** Share of land cells (0..1) within `radiusDegrees` of the point, from the embedded mask. */
export function landFraction(latitude: number, longitude: number, radiusDegrees: number): number {
  return landFractionAround(globalElevation(), latitude, longitude, radiusDegrees);
}
