/**
 * Node side of real weather data: reading weather files from disk and a small local store of
 * imported series (one JSON file per series in a directory), which the command line fills
 * (`import a file for a place`) and the server reads to answer requests near those places.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { WeatherSeries } from '../weather/readers/types.js';
import { type FilePlaceHint, guessPlaceFromName, readWeatherFile } from '../weather/readers/index.js';
import { realDataSource } from '../weather/real.js';
import { type WeatherSource, composeSources } from '../weather/source.js';
import { syntheticSource } from '../weather/synthetic.js';
import { continentalityFromLand } from '../weather/climate.js';
import { type ClimateNormals, climateNormalsAt } from '../weather/normals.js';
import { climateGrids } from './climate-grids.js';
import { landFraction, meanElevation, siteElevation } from './elevation.js';
import { checkLatitude, checkLongitude, checkString } from '../util/validate.js';

/**
 * Reads a weather file (EPW, TMY2, TMY3, PSM3/PSM4, PVGIS TMY CSV/JSON, API CSV) from disk into a series in
 * the API's units. The place comes from the file, else from `hint`, else from the file name
 * (NSRDB/PVGIS style "..._lat_lon...").
 */
export function loadWeatherFile(path: string, hint: FilePlaceHint = {}): WeatherSeries {
  checkString('loadWeatherFile', 'path', path, 'a file path');
  const text = readFileSync(path, 'utf8');
  const guess = guessPlaceFromName(basename(path));
  return readWeatherFile(text, { latitude: guess?.latitude, longitude: guess?.longitude, ...hint });
}

/** What the store lists for each series. */
export interface StoredWeatherInfo {
  id: string;
  format: WeatherSeries['format'];
  latitude: number;
  longitude: number;
  typical: boolean;
  /** first and last period end, Unix s */
  from: number;
  to: number;
  periodSeconds: number;
  columns: string[];
  /** the imported file's name */
  source: string;
}

interface StoredFile {
  info: StoredWeatherInfo;
  series: Omit<WeatherSeries, 'periodEnd' | 'sourcePeriodEnd' | 'columns'> & { periodEnd: number[]; sourcePeriodEnd?: number[]; columns: Record<string, (number | null)[]> };
}

/** A directory of imported weather series. */
export interface WeatherFileStore {
  directory: string;
  /** Reads a file and keeps its series; returns what was stored. */
  importFile(path: string, hint?: FilePlaceHint): StoredWeatherInfo;
  list(): StoredWeatherInfo[];
  remove(id: string): boolean;
  /** Every stored series (read once, cached until the store changes). */
  series(): WeatherSeries[];
}

function toStored(s: WeatherSeries, info: StoredWeatherInfo): StoredFile {
  const columns: Record<string, (number | null)[]> = {};
  for (const [k, v] of Object.entries(s.columns)) columns[k] = Array.from(v, (x) => (Number.isFinite(x) ? x : null));
  const { periodEnd, sourcePeriodEnd, columns: _c, ...rest } = s;
  return { info, series: { ...rest, periodEnd: Array.from(periodEnd), ...(sourcePeriodEnd ? { sourcePeriodEnd: Array.from(sourcePeriodEnd) } : {}), columns } };
}

function fromStored(f: StoredFile): WeatherSeries {
  const columns: Record<string, Float64Array> = {};
  for (const [k, v] of Object.entries(f.series.columns)) columns[k] = Float64Array.from(v, (x) => (x === null ? Number.NaN : x));
  const { sourcePeriodEnd, ...rest } = f.series;
  return {
    ...rest,
    periodEnd: Float64Array.from(f.series.periodEnd),
    ...(sourcePeriodEnd ? { sourcePeriodEnd: Float64Array.from(sourcePeriodEnd) } : {}),
    columns,
    elevation: f.series.elevation ?? Number.NaN,
    timeZone: f.series.timeZone ?? Number.NaN,
  };
}

/**
 * Opens (creating it if needed) a store of weather series in `directory`: one
 * `<id>.weather.json` per imported file, the id derived from the place and the file name.
 */
export function openWeatherStore(directory: string): WeatherFileStore {
  checkString('openWeatherStore', 'directory', directory, 'a directory path');
  mkdirSync(directory, { recursive: true });
  let cache: WeatherSeries[] | undefined;
  const files = () => readdirSync(directory).filter((f) => f.endsWith('.weather.json'));
  const read = (f: string) => JSON.parse(readFileSync(join(directory, f), 'utf8')) as StoredFile;
  return {
    directory,
    importFile(path, hint = {}) {
      const s = loadWeatherFile(path, hint);
      if (!Number.isFinite(s.latitude) || !Number.isFinite(s.longitude)) throw new Error(`${path}: the place is unknown; give latitude and longitude`);
      const name = basename(path);
      const id = `${s.latitude.toFixed(4)}_${s.longitude.toFixed(4)}_${name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
      const info: StoredWeatherInfo = {
        id,
        format: s.format,
        latitude: s.latitude,
        longitude: s.longitude,
        typical: s.typical,
        from: s.periodEnd[0] ?? Number.NaN,
        to: s.periodEnd[s.periodEnd.length - 1] ?? Number.NaN,
        periodSeconds: s.periodSeconds,
        columns: Object.keys(s.columns),
        source: name,
      };
      writeFileSync(join(directory, `${id}.weather.json`), JSON.stringify(toStored(s, info)));
      cache = undefined;
      return info;
    },
    list() {
      return files().map((f) => read(f).info);
    },
    remove(id) {
      const f = `${id}.weather.json`;
      if (!files().includes(f)) return false;
      rmSync(join(directory, f));
      cache = undefined;
      return true;
    },
    series() {
      if (cache === undefined) cache = files().map((f) => fromStored(read(f)));
      return cache;
    },
  };
}

/** What the Node adapter knows of a place for the synthetic weather. */
export interface PlaceInfo {
  /** m above sea level, from the global elevation grid */
  elevation: number;
  /** 0..1, from the grid's land mask (continentalityFromLand) */
  continentality: number;
  /** measured monthly normals from the data directory's climate grids (climateNormalsAt) */
  normals: ClimateNormals;
}

const placeCache = new Map<string, PlaceInfo>();

/**
 * Elevation (m, from the global grid), continentality (from its land mask, see
 * continentalityFromLand) and measured monthly climate normals (from the climate grids of the
 * data directory, see climate-grids.ts and src/weather/normals.ts) of a place, cached by the place
 * rounded to 1e-4 degree. Pass it as the synthetic source's `placeInfo`.
 * @throws MissingDataError when the data directory lacks the elevation or climate grids
 * @example
 * // The measured climate at every place:
 * const source = syntheticSource({ placeInfo });
 * source.name; // => 'synthetic'
 */
export function placeInfo(latitude: number, longitude: number): PlaceInfo {
  checkLatitude('placeInfo', latitude);
  checkLongitude('placeInfo', longitude);
  const key = `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
  let v = placeCache.get(key);
  if (v === undefined) {
    if (placeCache.size > 10000) placeCache.clear();
    const elevation = Math.max(0, siteElevation(latitude, longitude));
    const continentality = continentalityFromLand(latitude, longitude, landFraction);
    v = { elevation, continentality, normals: placeNormals(latitude, longitude, elevation, continentality) };
    placeCache.set(key, v);
  }
  return v;
}

/**
 * Measured monthly normals of a place at a given elevation and continentality (climateNormalsAt
 * on the data directory's climate grids).
 * @param elevation m above sea level
 * @param continentality 0..1 (continentalityFromLand)
 * @throws MissingDataError when the data directory lacks the climate grids
 * @example
 * // Mumbai: the monsoon rain peaks in July.
 * const normals = placeNormals(19.08, 72.88, 10, 0.7);
 * normals.precipitation.indexOf(Math.max(...normals.precipitation)); // => 6
 */
export function placeNormals(latitude: number, longitude: number, elevation: number, continentality: number): ClimateNormals {
  return climateNormalsAt(climateGrids(), {
    latitude,
    longitude,
    elevation,
    continentality,
    landShare: landFraction(latitude, longitude, 1),
    surroundingElevation: meanElevation(latitude, longitude, 1),
  });
}

/**
 * The server's weather source with a store: real data within `radiusKm` (default 5) of an
 * imported place for the times it covers, the synthetic model elsewhere and for parameters the
 * files lack. Without a store, the synthetic model alone. The synthetic model takes a place's
 * elevation, continentality and measured climate from the data directory (placeInfo) when a
 * query lacks them.
 */
export function weatherSourceWithStore(store?: WeatherFileStore, radiusKm = 5): WeatherSource {
  const synthetic = syntheticSource({ placeInfo });
  if (store === undefined) return synthetic;
  return composeSources(realDataSource(() => store.series(), { radiusKm }), synthetic);
}
