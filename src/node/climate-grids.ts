/**
 * Node side of the measured climate: reads the global monthly climatologies (NCEP/NCAR
 * Reanalysis 1 2 m air temperature and 10 m wind 1991-2020, Kalnay et al. 1996; CMAP
 * precipitation 1981-2010, Xie & Arkin 1997; see climate/README.md of the data directory) once per
 * process from the data directory, and derives each temperature cell's mean surface elevation
 * from the global elevation grid. The core (src/weather/normals.ts) does the rest.
 */
import { readFileSync } from 'node:fs';
import { dataFilePath } from './data-dir.js';
import { globalElevation } from './elevation.js';
import { calibrationYears } from './calibration-years.js';
import { climateStations } from './stations.js';
import type { ClimateGrid, ClimateGrids } from '../weather/normals.js';

/** The climate files read, relative to the data directory (float32 data + JSON header each). */
export const CLIMATE_GRID_FILES = {
  temperature: 'climate/air_temperature_2m',
  precipitation: 'climate/precipitation',
  uWind: 'climate/u_wind_10m',
  vWind: 'climate/v_wind_10m',
} as const;

interface GridHeader {
  shape: [number, number, number];
  lat: number[];
  lon: number[];
}

/** Reads one grid (`<name>.json` header and `<name>.f32` little-endian float32 values). */
function readGrid(name: string): ClimateGrid {
  const header = JSON.parse(readFileSync(dataFilePath(`${name}.json`), 'utf8')) as GridHeader;
  const raw = readFileSync(dataFilePath(`${name}.f32`));
  const [months, nlat, nlon] = header.shape;
  const count = months * nlat * nlon;
  if (months !== 12 || header.lat.length !== nlat || header.lon.length !== nlon || raw.byteLength !== count * 4) {
    throw new RangeError(
      `${name}: expected 12 x ${nlat} x ${nlon} float32 values matching its header, got ${raw.byteLength} bytes`,
    );
  }
  const values = new Float32Array(count);
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  for (let i = 0; i < count; i++) values[i] = view.getFloat32(4 * i, true);
  return { values, latitudes: Float64Array.from(header.lat), longitudes: Float64Array.from(header.lon) };
}

/**
 * Mean surface elevation (m, sea 0) and land share (0..1) of each cell of a grid, from the global
 * 5 arc-minute grid and its land mask: every third fine row and column (a 15 arc-minute sample:
 * about 60 points in a 1.9-degree cell, 100 in a 2.5-degree one, enough for a cell mean at a ninth
 * of the load time) counts for the coarse cell whose centre is nearest (cell edges halfway between
 * centres).
 */
function cellSurface(grid: ClimateGrid): { elevation: Float32Array; landShare: Float32Array } {
  const { grid: fine, land } = globalElevation();
  const rows = fine.values.shape[0]!;
  const cols = fine.values.shape[1]!;
  const data = fine.values.data;
  const nlat = grid.latitudes.length;
  const nlon = grid.longitudes.length;
  const rowOf = new Int32Array(rows);
  let r = 0;
  for (let i = 0; i < rows; i++) {
    const lat = fine.firstLatitude - i * fine.cellSizeLatitude;
    while (r < nlat - 1 && lat < (grid.latitudes[r]! + grid.latitudes[r + 1]!) / 2) r++;
    rowOf[i] = r;
  }
  const step = 360 / nlon;
  const colOf = new Int32Array(cols);
  for (let j = 0; j < cols; j++) {
    const lon = fine.firstLongitude + j * fine.cellSizeLongitude;
    let c = Math.round((lon - grid.longitudes[0]!) / step);
    c -= nlon * Math.floor(c / nlon);
    colOf[j] = c;
  }
  const sum = new Float64Array(nlat * nlon);
  const landSum = new Float64Array(nlat * nlon);
  const count = new Float64Array(nlat * nlon);
  const mask = land.data;
  for (let i = 0; i < rows; i += FINE_STRIDE) {
    // Fine cells shrink towards the poles: weight by area (cos latitude).
    const w = Math.cos(((fine.firstLatitude - i * fine.cellSizeLatitude) * Math.PI) / 180);
    const base = rowOf[i]! * nlon;
    const o = i * cols;
    for (let j = 0; j < cols; j += FINE_STRIDE) {
      const k = base + colOf[j]!;
      sum[k] = sum[k]! + w * Math.max(0, data[o + j]!);
      landSum[k] = landSum[k]! + w * mask[o + j]!;
      count[k] = count[k]! + w;
    }
  }
  const elevation = new Float32Array(nlat * nlon);
  const landShare = new Float32Array(nlat * nlon);
  for (let k = 0; k < elevation.length; k++) {
    elevation[k] = count[k]! > 0 ? sum[k]! / count[k]! : 0;
    landShare[k] = count[k]! > 0 ? landSum[k]! / count[k]! : 0;
  }
  return { elevation, landShare };
}

/** Sampling stride over the fine elevation grid for the cell means (see cellSurface). */
const FINE_STRIDE = 3;

let grids: ClimateGrids | undefined;

/**
 * The climate grids, read from the data directory on the first call and kept for the life of the
 * process (about 3 MB; the first call also loads the global elevation grid).
 * @throws MissingDataError when the data directory does not hold a climate file
 * @example
 * const g = climateGrids();
 * g.temperature.latitudes.length; // => 94
 */
export function climateGrids(): ClimateGrids {
  if (grids === undefined) {
    const temperature = readGrid(CLIMATE_GRID_FILES.temperature);
    const precipitation = readGrid(CLIMATE_GRID_FILES.precipitation);
    const surface = cellSurface(temperature);
    grids = {
      temperature,
      precipitation,
      precipitationCellElevation: cellSurface(precipitation).elevation,
      uWind: readGrid(CLIMATE_GRID_FILES.uWind),
      vWind: readGrid(CLIMATE_GRID_FILES.vWind),
      cellElevation: surface.elevation,
      cellLandShare: surface.landShare,
      stations: climateStations(),
      calibration: calibrationYears(),
    };
  }
  return grids;
}
