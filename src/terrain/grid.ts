/**
 * Elevation grids: an ndarray view over a typed array of heights (metres), with the geographic
 * position of its cell centres. Row 0 is the northernmost row; columns run eastwards.
 */
import ndarray from 'ndarray';
import { checkFinite, checkObject } from '../util/validate.js';

/** Typed arrays an elevation grid may hold (heights in metres; NaN marks a void in float arrays). */
export type ElevationArray = Float32Array | Float64Array | Int16Array | Int32Array | Uint16Array;

/**
 * A regular latitude/longitude grid of elevations.
 *
 * `values.get(row, column)` is the height (m above sea level) of the cell centred on latitude
 * `firstLatitude - row * cellSizeLatitude` and longitude `firstLongitude + column * cellSizeLongitude`.
 * A view may have any strides (a south-up raster is a view with a negative row stride).
 */
export interface ElevationGrid {
  /** Heights in metres, shape [rows, columns]. */
  values: ndarray.NdArray<ElevationArray>;
  /** Latitude of the centre of row 0 (the northernmost row), degrees north. */
  firstLatitude: number;
  /** Longitude of the centre of column 0 (the westernmost column), degrees east. */
  firstLongitude: number;
  /** Distance between row centres, degrees of latitude (positive). */
  cellSizeLatitude: number;
  /** Distance between column centres, degrees of longitude (positive). */
  cellSizeLongitude: number;
  /** True when the columns span the whole globe, so that column `columns` is column 0 again. */
  wrapsLongitude: boolean;
}

/** Geographic description of a grid's cell centres, as taken by {@link elevationGrid}. */
export interface GridGeoreference {
  /** Latitude of the centre of row 0 (the northernmost row), degrees north. */
  firstLatitude: number;
  /** Longitude of the centre of column 0 (the westernmost column), degrees east. */
  firstLongitude: number;
  /** Distance between row centres, degrees of latitude (positive). */
  cellSizeLatitude: number;
  /** Distance between column centres, degrees of longitude (default `cellSizeLatitude`). */
  cellSizeLongitude?: number;
  /** Default: true when the columns cover 360 degrees of longitude. */
  wrapsLongitude?: boolean;
}

/** Input of {@link elevationGrid}: the heights, their shape and where their cell centres lie. */
export interface ElevationGridInput extends GridGeoreference {
  /** Row-major heights, metres, row 0 northernmost (not copied). */
  data: ElevationArray;
  /** Number of rows. */
  rows: number;
  /** Number of columns. */
  columns: number;
}

/**
 * Wraps a row-major array of `rows * columns` heights (metres; row 0 northernmost) as an
 * {@link ElevationGrid}. The array is not copied.
 * @param input the heights (`data`, `rows`, `columns`) and the georeference of their cell centres
 *   (degrees: `firstLatitude`, `firstLongitude`, `cellSizeLatitude`, optionally `cellSizeLongitude`
 *   and `wrapsLongitude`)
 * @example
 * // Two rows of three cells, 0.5 degree apart, the north-west cell centred on 46 N, 7 E:
 * const grid = elevationGrid({
 *   data: Float64Array.of(100, 200, 300, 400, 500, 600), rows: 2, columns: 3,
 *   firstLatitude: 46, firstLongitude: 7, cellSizeLatitude: 0.5,
 * });
 * grid.values.get(1, 2); // => 600
 */
export function elevationGrid(input: ElevationGridInput): ElevationGrid {
  const { data, rows, columns } = input;
  const geo = input;
  if (data.length < rows * columns) {
    throw new RangeError(`elevation array has ${data.length} values, expected ${rows} x ${columns}`);
  }
  if (!(geo.cellSizeLatitude > 0)) throw new RangeError('cellSizeLatitude must be positive');
  const cellSizeLongitude = geo.cellSizeLongitude ?? geo.cellSizeLatitude;
  if (!(cellSizeLongitude > 0)) throw new RangeError('cellSizeLongitude must be positive');
  const wraps = geo.wrapsLongitude ?? Math.abs(columns * cellSizeLongitude - 360) < 1e-9;
  return {
    values: ndarray(data, [rows, columns]),
    firstLatitude: geo.firstLatitude,
    firstLongitude: geo.firstLongitude,
    cellSizeLatitude: geo.cellSizeLatitude,
    cellSizeLongitude,
    wrapsLongitude: wraps,
  };
}

/** Fractional row coordinate of a latitude (degrees) in the grid; 0 is the centre of row 0. */
export function gridRow(grid: ElevationGrid, latitude: number): number {
  return (grid.firstLatitude - latitude) / grid.cellSizeLatitude;
}

/**
 * Fractional column coordinate of a longitude (degrees) in the grid; 0 is the centre of
 * column 0. For a grid that wraps, the result is brought into [0, columns).
 */
export function gridColumn(grid: ElevationGrid, longitude: number): number {
  let c = (longitude - grid.firstLongitude) / grid.cellSizeLongitude;
  if (grid.wrapsLongitude) {
    const n = grid.values.shape[1]!;
    c -= Math.floor(c / n) * n;
  }
  return c;
}

/** True when the point lies within the grid's cell centres (always true in longitude for a global grid). */
export function gridContains(grid: ElevationGrid, latitude: number, longitude: number): boolean {
  // The slack absorbs rounding in (first - latitude) / cell, so that the poles of a global grid
  // (exactly half a cell beyond its outer rows) count as inside.
  const edge = 0.5 + 1e-9;
  const r = gridRow(grid, latitude);
  const rows = grid.values.shape[0]!;
  if (!(r >= -edge && r <= rows - 1 + edge)) return false;
  if (grid.wrapsLongitude) return Number.isFinite(longitude);
  const c = gridColumn(grid, longitude);
  return c >= -edge && c <= grid.values.shape[1]! - 1 + edge;
}

/**
 * Height (m) at a fractional grid position by bilinear interpolation between the four
 * surrounding cell centres; positions beyond the edge take the edge value (clamped), and a
 * wrapping grid continues across the antimeridian. A void (NaN) neighbour makes the result NaN.
 */
export function sampleGridAt(grid: ElevationGrid, row: number, column: number): number {
  const v = grid.values;
  const data = v.data;
  const rows = v.shape[0]!;
  const cols = v.shape[1]!;
  const s0 = v.stride[0]!;
  const s1 = v.stride[1]!;
  let r = row;
  if (r < 0) r = 0;
  else if (r > rows - 1) r = rows - 1;
  const r0 = Math.min(Math.floor(r), rows - 2 < 0 ? 0 : rows - 2);
  const fr = rows > 1 ? r - r0 : 0;
  const r1 = rows > 1 ? r0 + 1 : r0;
  let c0: number;
  let c1: number;
  let fc: number;
  if (grid.wrapsLongitude) {
    let c = column - Math.floor(column / cols) * cols;
    if (c >= cols) c = 0;
    c0 = Math.floor(c);
    fc = c - c0;
    c1 = c0 + 1 === cols ? 0 : c0 + 1;
  } else {
    let c = column;
    if (c < 0) c = 0;
    else if (c > cols - 1) c = cols - 1;
    c0 = Math.min(Math.floor(c), cols - 2 < 0 ? 0 : cols - 2);
    fc = cols > 1 ? c - c0 : 0;
    c1 = cols > 1 ? c0 + 1 : c0;
  }
  const o = v.offset;
  const z00 = data[o + r0 * s0 + c0 * s1]!;
  const z01 = data[o + r0 * s0 + c1 * s1]!;
  const z10 = data[o + r1 * s0 + c0 * s1]!;
  const z11 = data[o + r1 * s0 + c1 * s1]!;
  const top = z00 + (z01 - z00) * fc;
  const bottom = z10 + (z11 - z10) * fc;
  return top + (bottom - top) * fr;
}

/** A point of an elevation grid: the grid and a latitude/longitude, degrees. */
export interface GridPoint {
  /** The elevation grid to sample, heights in m above sea level. */
  grid: ElevationGrid;
  /** Degrees north. */
  latitude: number;
  /** Degrees east. */
  longitude: number;
}

/**
 * Height (m above sea level) at a latitude/longitude (degrees) by bilinear interpolation
 * between cell centres. Points beyond the grid's edge take the edge value.
 * @param input the grid, `latitude` (degrees north) and `longitude` (degrees east)
 * @returns m above sea level (NaN where a neighbouring cell is a void)
 * @example
 * const data = Float64Array.of(100, 200, 300, 400);
 * const grid = elevationGrid({ data, rows: 2, columns: 2, firstLatitude: 46, firstLongitude: 7, cellSizeLatitude: 1 });
 * sampleElevation({ grid, latitude: 45.5, longitude: 7.5 }); // => 250
 */
export function sampleElevation(input: GridPoint): number {
  checkObject('sampleElevation', 'input', input);
  checkFinite('sampleElevation', 'latitude', input.latitude, 'degrees north');
  checkFinite('sampleElevation', 'longitude', input.longitude, 'degrees east');
  return elevationAt(input.grid, input.latitude, input.longitude);
}

/** {@link sampleElevation} without its checks, for loops over many points. */
export function elevationAt(grid: ElevationGrid, latitude: number, longitude: number): number {
  return sampleGridAt(grid, gridRow(grid, latitude), gridColumn(grid, longitude));
}
