/**
 * The embedded global elevation grid (5 arc-minutes, 2160 x 4320 cells): decoding of its byte
 * encoding into heights and a land mask. Reading and decompressing the file is the caller's
 * business (src/node/elevation.ts does it in Node); this module only sees the raw bytes.
 */
import ndarray from 'ndarray';
import { elevationGrid, gridRow, type ElevationGrid } from './grid.js';
import { checkPlace } from './checks.js';
import { checkAtLeast } from '../util/validate.js';

/** Rows of the global grid (row 0 centred on 90 - 1/24 degrees north). */
export const GLOBAL_ELEVATION_ROWS = 2160;
/** Columns of the global grid (column 0 centred on -180 + 1/24 degrees east). */
export const GLOBAL_ELEVATION_COLUMNS = 4320;
/** Cell size of the global grid, degrees (5 arc-minutes). */
export const GLOBAL_ELEVATION_CELL_DEGREES = 1 / 12;
/** Byte value that marks open ocean / no data in the encoded grid. */
export const GLOBAL_ELEVATION_NO_DATA = 255;

/** The decoded global grid: heights with sea at 0 m, and the land mask (1 land, 0 sea/no data). */
export interface GlobalElevation {
  /** Heights in metres above sea level; no-data cells (open ocean) are 0. */
  grid: ElevationGrid;
  /** Same shape and georeference as `grid`: 1 where the source had a height, 0 for sea / no data. */
  land: ndarray.NdArray<Uint8Array>;
}

/**
 * Decodes the raw bytes (after gunzip) of the embedded 5 arc-minute grid: byte `v` in 0..254 is
 * `v * 28 - 450` metres; 255 is open ocean or no data, taken as sea level and as "not land".
 * The source is the altitude map shipped with pvlib-python (`pvlib/data/Altitude.h5`), aggregated
 * by Mapzen/Tilezen from SRTM, GMTED2010, ETOPO1 and other open DEMs (see elevation/README.md of the data directory);
 * errors of 100 m and more are expected.
 * @param raw 2160 x 4320 bytes, row-major, row 0 northernmost.
 */
export function decodeGlobalElevation(raw: Uint8Array): GlobalElevation {
  const n = GLOBAL_ELEVATION_ROWS * GLOBAL_ELEVATION_COLUMNS;
  if (raw.length !== n) {
    throw new RangeError(`global elevation grid has ${raw.length} bytes, expected ${n}`);
  }
  const heights = new Int16Array(n);
  const land = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const v = raw[i]!;
    if (v === GLOBAL_ELEVATION_NO_DATA) continue;
    heights[i] = v * 28 - 450;
    land[i] = 1;
  }
  const half = GLOBAL_ELEVATION_CELL_DEGREES / 2;
  const grid = elevationGrid({
    data: heights,
    rows: GLOBAL_ELEVATION_ROWS,
    columns: GLOBAL_ELEVATION_COLUMNS,
    firstLatitude: 90 - half,
    firstLongitude: -180 + half,
    cellSizeLatitude: GLOBAL_ELEVATION_CELL_DEGREES,
    wrapsLongitude: true,
  });
  return { grid, land: ndarray(land, [GLOBAL_ELEVATION_ROWS, GLOBAL_ELEVATION_COLUMNS]) };
}

/**
 * Whether the global grid's cell that contains the point (degrees) is land (had a height in
 * the source) rather than open ocean. Nearest-cell lookup, resolution 5 arc-minutes (~9 km).
 */
export function isLandAt(global: GlobalElevation, latitude: number, longitude: number): boolean {
  checkPlace('isLandAt', latitude, longitude);
  const g = global.grid;
  const rows = g.values.shape[0]!;
  const cols = g.values.shape[1]!;
  let r = Math.round(gridRow(g, latitude));
  if (r < 0) r = 0;
  else if (r > rows - 1) r = rows - 1;
  let c = Math.round((longitude - g.firstLongitude) / g.cellSizeLongitude);
  c -= Math.floor(c / cols) * cols;
  return global.land.get(r, c) === 1;
}

/**
 * Mean of `value(row, column)` over the global grid's cells within `radiusDegrees` of the point:
 * a square window in latitude, widened in longitude by 1/cos(latitude), wrapping in longitude.
 * `stride` > 1 samples every stride-th row and column (for smooth fields over wide windows).
 */
function windowMean(
  global: GlobalElevation,
  latitude: number,
  longitude: number,
  radiusDegrees: number,
  value: (row: number, column: number) => number,
  stride: (rowRadius: number) => number,
): number {
  checkPlace('landFractionAround', latitude, longitude);
  checkAtLeast('landFractionAround', 'radiusDegrees', radiusDegrees, 0, 'degrees');
  const g = global.grid;
  const rows = g.values.shape[0]!;
  const cols = g.values.shape[1]!;
  const cell = g.cellSizeLatitude;
  const rc = Math.round(gridRow(g, latitude));
  const cc = Math.round((longitude - g.firstLongitude) / cell);
  const dr = Math.max(0, Math.round(radiusDegrees / cell));
  const cosLat = Math.max(0.05, Math.cos((latitude * Math.PI) / 180));
  const dc = Math.min(Math.floor(cols / 2), Math.max(0, Math.round(radiusDegrees / cell / cosLat)));
  const step = stride(dr);
  let sum = 0;
  let cells = 0;
  for (let r = Math.max(0, rc - dr); r <= Math.min(rows - 1, rc + dr); r += step) {
    for (let k = cc - dc; k <= cc + dc; k += step) {
      sum += value(r, k - Math.floor(k / cols) * cols);
      cells++;
    }
  }
  return cells === 0 ? 0 : sum / cells;
}

/**
 * Share of land (0..1) among the global grid's cells within `radiusDegrees` of the point
 * (a square window in latitude, widened in longitude by 1/cos(latitude)). A measure of how
 * continental a place is, for climate models.
 * @example
 * // Amsterdam: two thirds land, the North Sea the rest (globalElevation from solarkit/node)
 * landFractionAround(globalElevation(), 52.37, 4.9, 1); // about 0.66
 */
export function landFractionAround(
  global: GlobalElevation,
  latitude: number,
  longitude: number,
  radiusDegrees: number,
): number {
  const mask = global.land;
  return windowMean(
    global,
    latitude,
    longitude,
    radiusDegrees,
    (r, c) => mask.get(r, c),
    () => 1,
  );
}

/**
 * Mean surface height (m, sea counted as 0) of the global grid's cells within `radiusDegrees` of
 * the point, over the same window as {@link landFractionAround} (a square in latitude widened in
 * longitude by 1/cos(latitude)). A site below this mean lies in a valley or basin, a site above
 * it on a slope or ridge; the measured climate's clearness relation reads the difference
 * (src/weather/normals.ts).
 * @param radiusDegrees half-width of the window, degrees of latitude
 * @returns m above sea level
 * @example
 * // Sofia's basin: the mountains around lift the mean above the city's 595 m
 * meanElevationAround(globalElevation(), 42.7, 23.4, 1); // about 757
 */
export function meanElevationAround(
  global: GlobalElevation,
  latitude: number,
  longitude: number,
  radiusDegrees: number,
): number {
  const heights = global.grid.values;
  // Wide windows are sampled on a coarser stride (about 12 samples per radius): the mean of a
  // smooth field needs no more.
  return windowMean(
    global,
    latitude,
    longitude,
    radiusDegrees,
    (r, c) => Math.max(0, heights.get(r, c)),
    (dr) => Math.max(1, Math.floor(dr / 12)),
  );
}
