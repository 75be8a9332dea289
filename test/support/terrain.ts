// Synthetic terrain for the terrain tests: heights given as a function of metres east/north of
// a centre point, on a latitude/longitude grid, using the same local equirectangular metres as
// the horizon marcher.
import { elevationGrid, type ElevationGrid } from '../../src/terrain/index.js';
import { EARTH_MEAN_RADIUS } from '../../src/terrain/horizon.js';

export const M_PER_DEG = (EARTH_MEAN_RADIUS * Math.PI) / 180;

export interface Synthetic {
  grid: ElevationGrid;
  latitude: number;
  longitude: number;
  /** Metres per cell east-west and north-south. */
  cellEast: number;
  cellNorth: number;
}

/**
 * A grid of `cellArcSeconds` cells reaching `halfExtent` metres either side of (latitude,
 * longitude), with the centre on a cell centre.
 */
export function syntheticGrid(
  latitude: number,
  longitude: number,
  halfExtent: number,
  cellArcSeconds: number,
  height: (east: number, north: number) => number,
): Synthetic {
  const cell = cellArcSeconds / 3600;
  const cellNorth = cell * M_PER_DEG;
  const cellEast = cellNorth * Math.cos((latitude * Math.PI) / 180);
  const halfRows = Math.ceil(halfExtent / cellNorth);
  const halfCols = Math.ceil(halfExtent / cellEast);
  const rows = 2 * halfRows + 1;
  const cols = 2 * halfCols + 1;
  const values = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      values[r * cols + c] = height((c - halfCols) * cellEast, (halfRows - r) * cellNorth);
    }
  }
  const grid = elevationGrid({
    data: values,
    rows,
    columns: cols,
    firstLatitude: latitude + halfRows * cell,
    firstLongitude: longitude - halfCols * cell,
    cellSizeLatitude: cell,
  });
  return { grid, latitude, longitude, cellEast, cellNorth };
}

/** Elevation angle (degrees) of a point `height` metres above the observer at `distance` metres, with the curvature drop. */
export function expectedElevation(height: number, distance: number): number {
  return (Math.atan2(height - (distance * distance) / (2 * EARTH_MEAN_RADIUS), distance) * 180) / Math.PI;
}
