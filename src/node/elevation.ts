/**
 * Node side of src/terrain: reads the global elevation grid from the data directory (once,
 * lazily; see data-dir.ts), and user DEM tiles from a directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { dataFilePath } from './data-dir.js';
import {
  decodeGlobalElevation,
  isLandAt,
  landFractionAround,
  meanElevationAround,
  type GlobalElevation,
} from '../terrain/global.js';
import { createHorizonCache, horizonCacheKey, roundCoordinate, type HorizonCache } from '../terrain/cache.js';
import { elevationGridFromGeoTiffImage } from '../terrain/geotiff.js';
import { elevationAt, elevationGrid, type ElevationGrid } from '../terrain/grid.js';
import { combineHorizons, EARTH_MEAN_RADIUS, horizonProfile, type HorizonProfile } from '../terrain/horizon.js';
import { checkAtLeast, checkLatitude, checkLongitude, checkObject, checkString } from '../util/validate.js';

/** A place: latitude -90..90, longitude -180..180 (degrees). */
function checkPlace(fn: string, latitude: number, longitude: number): void {
  checkLatitude(fn, latitude);
  checkLongitude(fn, longitude);
}

/** The compressed global grid, relative to the data directory (see data-dir.ts). */
export const GLOBAL_ELEVATION_FILE = 'elevation/elevation-5arcmin.u8.gz';

let globalGrid: GlobalElevation | undefined;

/**
 * The decoded global 5 arc-minute elevation grid and land mask, read from the data directory and
 * gunzipped on the first call, then kept for the life of the process (about 28 MB).
 * @throws MissingDataError when the data directory does not hold the grid
 * @example
 * const { grid } = globalElevation();
 * grid.values.shape; // => [2160, 4320]
 */
export function globalElevation(): GlobalElevation {
  if (globalGrid === undefined) {
    const raw = gunzipSync(readFileSync(dataFilePath(GLOBAL_ELEVATION_FILE)));
    globalGrid = decodeGlobalElevation(new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength));
  }
  return globalGrid;
}

/**
 * The global grid as an `ElevationGrid` of solarkit (sea at 0 m).
 * @example
 * globalElevationGrid().cellSizeLatitude; // about 0.08333 degrees (5 arc-minutes)
 */
export function globalElevationGrid(): ElevationGrid {
  return globalElevation().grid;
}

/**
 * Elevation of a site (m above sea level) from the embedded 5 arc-minute grid, bilinear between
 * cell centres; open sea is 0 m. Good to about 100 m in rugged terrain (a default for air
 * pressure), not for local shading.
 * @param latitude degrees north
 * @param longitude degrees east
 * @example
 * // Below the Matterhorn: the 5 arc-minute grid smooths the peaks and valleys
 * siteElevation(45.976, 7.658); // about 2774 m
 */
export function siteElevation(latitude: number, longitude: number): number {
  checkPlace('siteElevation', latitude, longitude);
  return elevationAt(globalElevation().grid, latitude, longitude);
}

/**
 * Whether the point (degrees) lies on land according to the embedded grid's 5 arc-minute mask.
 * @example
 * [isLand(48.85, 2.35), isLand(45, -30)]; // => [true, false]
 */
export function isLand(latitude: number, longitude: number): boolean {
  checkPlace('isLand', latitude, longitude);
  return isLandAt(globalElevation(), latitude, longitude);
}

/** Options of {@link landFraction} and {@link meanElevation}: the window around the place. */
export interface WindowAroundOptions {
  /** Half-width of the window, degrees of latitude (widened in longitude by 1/cos(latitude)); default 1. */
  radiusDegrees?: number;
}

/**
 * Share of land cells (0..1) within `radiusDegrees` of the point, from the embedded mask
 * (landFractionAround of src/terrain/global.ts): how continental a place is, for climate models.
 * @param latitude degrees north
 * @param longitude degrees east
 * @param options `radiusDegrees` (default 1)
 * @example
 * // Amsterdam: two thirds land, the North Sea the rest
 * landFraction(52.37, 4.9); // about 0.66
 */
export function landFraction(latitude: number, longitude: number, options: WindowAroundOptions = {}): number {
  checkPlace('landFraction', latitude, longitude);
  checkObject('landFraction', 'options', options);
  const radiusDegrees = options.radiusDegrees ?? 1;
  checkAtLeast('landFraction', 'options.radiusDegrees', radiusDegrees, 0, 'degrees');
  return landFractionAround(globalElevation(), latitude, longitude, radiusDegrees);
}

/**
 * Mean surface height (m, sea 0) within `radiusDegrees` of the point, from the embedded grid
 * (meanElevationAround of src/terrain/global.ts).
 * @param latitude degrees north
 * @param longitude degrees east
 * @param options `radiusDegrees` (default 1)
 * @example
 * // Sacramento valley (about 20 m): the Sierra foothills lift the mean well above the valley floor
 * meanElevation(39.13, -121.43, { radiusDegrees: 1 }); // about 622
 */
export function meanElevation(latitude: number, longitude: number, options: WindowAroundOptions = {}): number {
  checkObject('meanElevation', 'options', options);
  return meanElevationAround(globalElevation(), latitude, longitude, options.radiusDegrees ?? 1);
}

// ---------------------------------------------------------------------------------------------
// User DEM tiles (SRTM-named GeoTIFF or .hgt files in a directory) and terrain horizons.

/**
 * SRTM tile name of the 1 x 1 degree tile containing a point, e.g. N45E008 (its south-west corner).
 * @example
 * [srtmTileName(45.5, 8.2), srtmTileName(-33.9, -70.6)]; // => ['N45E008', 'S34W071']
 */
export function srtmTileName(latitude: number, longitude: number): string {
  checkPlace('srtmTileName', latitude, longitude);
  const lat = Math.floor(latitude);
  const lon = Math.floor(longitude);
  const ns = lat >= 0 ? 'N' : 'S';
  const ew = lon >= 0 ? 'E' : 'W';
  return `${ns}${String(Math.abs(lat)).padStart(2, '0')}${ew}${String(Math.abs(lon)).padStart(3, '0')}`;
}

/**
 * Reads a GeoTIFF file of elevations in geographic coordinates into an `ElevationGrid` of solarkit
 * (first band; no-data as NaN), through the `geotiff` package.
 */
export async function readGeoTiffGrid(path: string): Promise<ElevationGrid> {
  checkString('readGeoTiffGrid', 'path', path, 'a file path');
  const bytes = readFileSync(path);
  return geoTiffGridFromBuffer(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
}

/**
 * Decodes GeoTIFF bytes (an ArrayBuffer) into an `ElevationGrid` of solarkit; see {@link readGeoTiffGrid}.
 * `geotiff` is an optional peer dependency of solarkit (only DEM tiles need it, and it brings
 * nine packages): install it beside solarkit to read GeoTIFF tiles (`npm install geotiff`).
 */
export async function geoTiffGridFromBuffer(buffer: ArrayBuffer): Promise<ElevationGrid> {
  let geotiff: typeof import('geotiff');
  try {
    geotiff = await import('geotiff');
  } catch (e) {
    throw new Error(
      "reading GeoTIFF elevation tiles needs the optional package 'geotiff': npm install geotiff (SRTM .hgt tiles need nothing)",
      { cause: e },
    );
  }
  const { fromArrayBuffer } = geotiff;
  const tiff = await fromArrayBuffer(buffer);
  return elevationGridFromGeoTiffImage(await tiff.getImage());
}

/**
 * Reads an SRTM `.hgt` tile: big-endian signed 16-bit heights on a square grid of 1201 (3
 * arc-second) or 3601 (1 arc-second) samples whose outer rows and columns lie on the whole
 * degrees of the tile named in the file name (south-west corner); -32768 voids become NaN.
 */
export function readHgtGrid(path: string): ElevationGrid {
  checkString('readHgtGrid', 'path', path, 'a file path');
  const match = /([NS])(\d{2})([EW])(\d{3})/i.exec(basename(path));
  if (!match) throw new Error(`cannot read the tile's corner from the name ${path}`);
  const south = (match[1]!.toUpperCase() === 'N' ? 1 : -1) * Number(match[2]);
  const west = (match[3]!.toUpperCase() === 'E' ? 1 : -1) * Number(match[4]);
  const bytes = readFileSync(path);
  const side = Math.round(Math.sqrt(bytes.length / 2));
  if (side * side * 2 !== bytes.length || side < 2) throw new Error(`${path} is not a square .hgt tile`);
  const values = new Float32Array(side * side);
  for (let i = 0; i < values.length; i++) {
    const z = bytes.readInt16BE(2 * i);
    values[i] = z === -32768 ? NaN : z;
  }
  return elevationGrid({
    data: values,
    rows: side,
    columns: side,
    firstLatitude: south + 1,
    firstLongitude: west,
    cellSizeLatitude: 1 / (side - 1),
  });
}

const TILE_EXTENSIONS = ['.tif', '.tiff', '.hgt', '.TIF', '.TIFF', '.HGT'];
const tileGrids = new Map<string, Promise<ElevationGrid | undefined>>();
const MAX_OPEN_TILES = 16;
/** Tiles that failed to decode and have been told to a caller's `onTileError` (so each is told once). */
const reportedTiles = new Set<string>();

/**
 * Told of a DEM tile that cannot be read or decoded (the tile is then treated as absent: the
 * global grid answers for its cells). The Node adapter prints nothing itself; a server passes its
 * logger.
 */
export type TileErrorHandler = (path: string, error: Error) => void;

/** Path of the tile file for the tile named `name` in `directory`, if one exists. */
function tilePath(directory: string, name: string): string | undefined {
  for (const base of [name, name.toLowerCase()]) {
    for (const ext of TILE_EXTENSIONS) {
      const p = join(directory, base + ext);
      if (existsSync(p)) return p;
    }
  }
  return undefined;
}

/**
 * The grid of one tile of a DEM directory (kept in a small cache), or undefined if absent or if it
 * cannot be decoded (told once per tile file to `onTileError`).
 */
function loadTile(directory: string, name: string, onTileError?: TileErrorHandler): Promise<ElevationGrid | undefined> {
  const key = join(resolve(directory), name);
  let grid = tileGrids.get(key);
  if (grid === undefined) {
    const path = tilePath(directory, name);
    const read = async (file: string): Promise<ElevationGrid | undefined> => {
      try {
        return /\.hgt$/i.test(file) ? readHgtGrid(file) : await readGeoTiffGrid(file);
      } catch (e) {
        if (onTileError !== undefined && !reportedTiles.has(file)) {
          reportedTiles.add(file);
          onTileError?.(file, e instanceof Error ? e : new Error(String(e)));
        }
        return undefined;
      }
    };
    grid = path === undefined ? Promise.resolve(undefined) : read(path);
    tileGrids.set(key, grid);
    while (tileGrids.size > MAX_OPEN_TILES) tileGrids.delete(tileGrids.keys().next().value!);
  }
  return grid;
}

/** What {@link demGridAround} covers: a directory of DEM tiles and a circle around a point. */
export interface DemGridInput {
  /** Directory of SRTM-named tiles (N45E008.tif, .tiff or .hgt). */
  directory: string;
  /** Degrees north. */
  latitude: number;
  /** Degrees east. */
  longitude: number;
  /** Radius of the area to cover, metres. */
  radius: number;
}

/** Options of {@link demGridAround}. */
export interface DemGridOptions {
  /** Told, once per file, of a tile that cannot be decoded (its cells then take the global grid's heights). */
  onTileError?: TileErrorHandler;
}

/**
 * One elevation grid covering a point and everything within `radius` metres of it, from the
 * SRTM-named tiles (N45E008.tif, .tiff or .hgt) of a directory: a single tile when it suffices,
 * else a mosaic at the first tile's cell size. Cells of missing tiles, and of tiles that cannot be
 * decoded (told once per file to `onTileError`), take the embedded global grid's heights. Returns
 * undefined when the directory holds no readable tile for the point itself.
 * @param input the tile `directory`, the point (`latitude`, `longitude`, degrees) and the `radius`, m
 * @param options `onTileError`
 */
export async function demGridAround(
  input: DemGridInput,
  options: DemGridOptions = {},
): Promise<ElevationGrid | undefined> {
  checkObject('demGridAround', 'input', input);
  checkObject('demGridAround', 'options', options);
  const { directory, latitude, longitude, radius } = input;
  const { onTileError } = options;
  checkString('demGridAround', 'directory', directory, 'a directory path');
  checkPlace('demGridAround', latitude, longitude);
  checkAtLeast('demGridAround', 'radius', radius, 0, 'm');
  const centre = await loadTile(directory, srtmTileName(latitude, longitude), onTileError);
  if (centre === undefined) return undefined;
  const dLat = radius / (EARTH_MEAN_RADIUS * (Math.PI / 180));
  const dLon = dLat / Math.max(0.05, Math.cos((latitude * Math.PI) / 180));
  const lat0 = Math.floor(latitude - dLat);
  const lat1 = Math.floor(latitude + dLat);
  const lon0 = Math.floor(longitude - dLon);
  const lon1 = Math.floor(longitude + dLon);
  if (lat0 === lat1 && lon0 === lon1) return centre;
  const tiles: Array<{ grid: ElevationGrid | undefined; south: number; west: number }> = [];
  for (let la = lat0; la <= lat1; la++) {
    for (let lo = lon0; lo <= lon1; lo++) {
      tiles.push({
        // No tile beyond the antimeridian or a pole (srtmTileName refuses such places): none there, as before.
        grid:
          lo < -180 || lo >= 180 || la < -90 || la >= 90
            ? undefined
            : await loadTile(directory, srtmTileName(la + 0.5, lo + 0.5), onTileError),
        south: la,
        west: lo,
      });
    }
  }
  // Mosaic on the lattice of the centre tile's cell centres.
  const cellLat = centre.cellSizeLatitude;
  const cellLon = centre.cellSizeLongitude;
  const rowOf = (lat: number): number => Math.round((centre.firstLatitude - lat) / cellLat);
  const colOf = (lon: number): number => Math.round((lon - centre.firstLongitude) / cellLon);
  const rTop = rowOf(lat1 + 1);
  const rBottom = rowOf(lat0);
  const cLeft = colOf(lon0);
  const cRight = colOf(lon1 + 1);
  const rows = rBottom - rTop + 1;
  const cols = cRight - cLeft + 1;
  const values = new Float32Array(rows * cols).fill(NaN);
  const firstLatitude = centre.firstLatitude - rTop * cellLat;
  const firstLongitude = centre.firstLongitude + cLeft * cellLon;
  const mosaic = elevationGrid({
    data: values,
    rows,
    columns: cols,
    firstLatitude,
    firstLongitude,
    cellSizeLatitude: cellLat,
    cellSizeLongitude: cellLon,
    wrapsLongitude: false,
  });
  for (const t of tiles) {
    if (t.grid === undefined) continue;
    const g = t.grid;
    const gr = g.values.shape[0]!;
    const gc = g.values.shape[1]!;
    const r0 = Math.round((firstLatitude - g.firstLatitude) / cellLat);
    const c0 = Math.round((g.firstLongitude - firstLongitude) / cellLon);
    const sameLattice =
      Math.abs(g.cellSizeLatitude - cellLat) < 1e-12 && Math.abs(g.cellSizeLongitude - cellLon) < 1e-12;
    // Rows and columns of the mosaic that fall within this tile's degree square.
    const rStart = Math.max(0, Math.ceil((firstLatitude - (t.south + 1)) / cellLat - 1e-9));
    const rEnd = Math.min(rows - 1, Math.floor((firstLatitude - t.south) / cellLat + 1e-9));
    const cStart = Math.max(0, Math.ceil((t.west - firstLongitude) / cellLon - 1e-9));
    const cEnd = Math.min(cols - 1, Math.floor((t.west + 1 - firstLongitude) / cellLon + 1e-9));
    for (let r = rStart; r <= rEnd; r++) {
      const lat = firstLatitude - r * cellLat;
      for (let c = cStart; c <= cEnd; c++) {
        const lon = firstLongitude + c * cellLon;
        const gr0 = r - r0;
        const gc0 = c - c0;
        values[r * cols + c] =
          sameLattice && gr0 >= 0 && gr0 < gr && gc0 >= 0 && gc0 < gc
            ? g.values.get(gr0, gc0)
            : elevationAt(g, lat, lon);
      }
    }
  }
  const global = globalElevation().grid;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (Number.isNaN(values[i]!)) {
        values[i] = elevationAt(global, firstLatitude - r * cellLat, firstLongitude + c * cellLon);
      }
    }
  }
  return mosaic;
}

/** Options of {@link terrainHorizon}. */
export interface TerrainHorizonOptions {
  /**
   * Directory of SRTM-named DEM tiles (N45E008.tif / .hgt); default the SOLARKIT_DEM_DIR
   * environment variable. Without it (or without a tile for the site) the global grid is used.
   */
  demDirectory?: string;
  /** Azimuth sectors (default 72). */
  sectors?: number;
  /** Observer height above ground, metres (default 0). */
  observerHeight?: number;
  /** Reach of the march over the user DEM, metres (default 30 km). */
  maxDistance?: number;
  /** Reach of the march over the global grid for distant ranges, metres (default 150 km). */
  distantMaxDistance?: number;
  /** Decimal places the coordinates are rounded to for caching (default 3, ~110 m). */
  decimals?: number;
  /** Cache to use; default a process-wide cache; `false` computes afresh. */
  cache?: HorizonCache | false;
  /**
   * Told, once per file, of a DEM tile that cannot be decoded; the global grid then answers for
   * it. Without it nothing is printed.
   */
  onTileError?: TileErrorHandler;
}

const defaultHorizonCache = createHorizonCache();

/**
 * The process-wide cache of {@link terrainHorizon} and {@link globalHorizon} (clear it to free
 * its profiles).
 * @example
 * globalHorizon(46.02, 7.75, { sectors: 8 });
 * terrainHorizonCache().size > 0; // => true
 */
export function terrainHorizonCache(): HorizonCache {
  return defaultHorizonCache;
}

/**
 * Horizon profile of a site for terrain shading: marched over the user's DEM tiles (out to
 * 30 km by default) when a DEM directory is configured and holds the site's tile, combined with
 * the distant horizon marched over the embedded global grid from there out to 150 km; with the
 * global grid alone otherwise, also when the site's tile cannot be decoded (told to
 * `options.onTileError`). Coordinates are rounded to `decimals` places and the profile is cached
 * under them, so repeated requests for a site cost a map lookup.
 * @param latitude degrees north
 * @param longitude degrees east
 * @param options the DEM directory, sectors, reach, rounding, cache, tile error handler
 * @example
 * // Zermatt without a DEM directory: the global grid's mountains, highest to the south-east
 * const p = await terrainHorizon(46.02, 7.75, { demDirectory: '', sectors: 8 });
 * p.elevations[3]; // about 3.1 degrees
 */
export async function terrainHorizon(
  latitude: number,
  longitude: number,
  options: TerrainHorizonOptions = {},
): Promise<HorizonProfile> {
  checkPlace('terrainHorizon', latitude, longitude);
  const decimals = options.decimals ?? 3;
  const directory = options.demDirectory ?? process.env.SOLARKIT_DEM_DIR ?? '';
  const sectors = options.sectors ?? 72;
  const observerHeight = options.observerHeight ?? 0;
  const near = options.maxDistance ?? 30_000;
  const far = options.distantMaxDistance ?? 150_000;
  const cache = options.cache === undefined ? defaultHorizonCache : options.cache;
  const key = horizonCacheKey(
    latitude,
    longitude,
    decimals,
    JSON.stringify([directory, sectors, observerHeight, near, far]),
  );
  const hit = cache === false ? undefined : cache.get(key);
  if (hit !== undefined) return hit;

  const lat = roundCoordinate(latitude, decimals);
  const lon = roundCoordinate(longitude, decimals);
  const global = globalElevation().grid;
  let profile: HorizonProfile | undefined;
  if (directory !== '') {
    const onTileError = options.onTileError;
    const around = { directory, latitude: lat, longitude: lon, radius: near };
    const dem = await demGridAround(around, onTileError ? { onTileError } : {});
    if (dem !== undefined) {
      let ground = elevationAt(dem, lat, lon);
      if (!Number.isFinite(ground)) ground = elevationAt(global, lat, lon);
      const point = { latitude: lat, longitude: lon };
      const local = horizonProfile(
        { grid: dem, ...point },
        { sectors, observerHeight, maxDistance: near, groundElevation: ground },
      );
      const distant = horizonProfile(
        { grid: global, ...point },
        {
          sectors,
          observerHeight,
          groundElevation: ground,
          minDistance: near,
          maxDistance: far,
        },
      );
      profile = combineHorizons(local, distant);
    }
  }
  if (profile === undefined)
    return globalHorizon(latitude, longitude, { sectors, observerHeight, distantMaxDistance: far, decimals, cache });
  if (cache !== false) cache.set(key, profile);
  return profile;
}

/**
 * Horizon profile from the embedded global grid alone (distant ranges; 150 km by default),
 * synchronous and cached like {@link terrainHorizon}. Coarse: it sees mountain ranges, not the
 * local terrain of a site.
 * @param latitude degrees north
 * @param longitude degrees east
 * @param options sectors, reach, rounding, cache
 * @example
 * const p = globalHorizon(46.02, 7.75, { sectors: 8 });
 * Array.from(p.azimuths); // => [0, 45, 90, 135, 180, 225, 270, 315]
 * p.elevations[3]; // about 3.1 degrees
 */
export function globalHorizon(
  latitude: number,
  longitude: number,
  options: Omit<TerrainHorizonOptions, 'demDirectory' | 'maxDistance'> = {},
): HorizonProfile {
  checkPlace('globalHorizon', latitude, longitude);
  const decimals = options.decimals ?? 3;
  const sectors = options.sectors ?? 72;
  const observerHeight = options.observerHeight ?? 0;
  const far = options.distantMaxDistance ?? 150_000;
  const cache = options.cache === undefined ? defaultHorizonCache : options.cache;
  const key = horizonCacheKey(latitude, longitude, decimals, JSON.stringify(['global', sectors, observerHeight, far]));
  const hit = cache === false ? undefined : cache.get(key);
  if (hit !== undefined) return hit;
  const lat = roundCoordinate(latitude, decimals);
  const lon = roundCoordinate(longitude, decimals);
  const place = { grid: globalElevation().grid, latitude: lat, longitude: lon };
  const profile = horizonProfile(place, { sectors, observerHeight, maxDistance: far });
  if (cache !== false) cache.set(key, profile);
  return profile;
}
