/**
 * Node side of real weather data: reading weather files from disk and a small local store of
 * imported series (one JSON file per series in a directory), which the command line fills
 * (`import a file for a place`) and the server reads to answer requests near those places.
 */
import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import type { WeatherSeries } from '../weather/readers/types.js';
import { FORECAST_COLUMNS, type NumericWeatherColumnName, type NumericWeatherColumns } from '../weather/columns.js';
import { API_WEATHER_COLUMN_NAMES, apiColumnToCore } from '../weather/readers/api-csv.js';
import { type FilePlaceHint, guessPlaceFromName, readWeatherFile } from '../weather/readers/index.js';
import { realDataSource } from '../weather/real.js';
import { type WeatherSource, composeSources } from '../weather/source.js';
import { syntheticSource } from '../weather/synthetic.js';
import { continentalityFromLand } from '../weather/climate.js';
import { type ClimateNormals, type LandShareAround, climateNormalsAt } from '../weather/normals.js';
import { climateGrids } from './climate-grids.js';
import { landShareAroundPlace, normalsSite } from './stations.js';
import { landFraction, siteElevation } from './elevation.js';
import { checkLatitude, checkLongitude, checkString } from '../util/validate.js';

/**
 * Largest weather file read, bytes (256 MiB): a year of 5-minute PSM3 rows with every column is
 * about 60 MB; anything much larger is not a weather file, and reading it whole would exhaust the
 * memory of the process.
 */
export const MAX_WEATHER_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Reads a weather file's text with a bound: only a regular file (not a directory, device such as
 * /dev/zero, or pipe), and at most `maxBytes` bytes, checked on the open file and while reading so
 * that a file that grows meanwhile cannot get past it.
 * @param maxBytes largest accepted size, bytes (default MAX_WEATHER_FILE_BYTES)
 * @throws RangeError naming the file and what is wrong with it (not a regular file; larger than the bound);
 *   the file system's own error when it cannot be opened (ENOENT, EACCES)
 * @example
 * readWeatherText(dataFilePath('weather/epw_amsterdam_iwec_062400.epw')).slice(0, 8); // => 'LOCATION'
 */
export function readWeatherText(path: string, maxBytes = MAX_WEATHER_FILE_BYTES): string {
  // Non-blocking: opening a named pipe without a writer would otherwise wait forever (no effect on files).
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw new RangeError(`${path} is not a regular file (a directory, device or pipe cannot be a weather file)`);
    if (stat.size > maxBytes)
      throw new RangeError(`${path} is ${stat.size} bytes, more than the ${maxBytes} bytes a weather file may have`);
    // Read to the end, whatever fstat said: a file that grew past the bound since is refused, not cut short.
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(maxBytes + 1 - length, Math.max(stat.size - length + 1, 64 * 1024)));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      length += read;
      if (length > maxBytes)
        throw new RangeError(`${path} is larger than the ${maxBytes} bytes a weather file may have`);
    }
    return (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a weather file (EPW, TMY2, TMY3, PSM3/PSM4, PVGIS TMY CSV/JSON, API CSV) from disk into a series of
 * weather columns (the core's names and units). The place comes from the file, else from `hint`, else from the file name
 * (NSRDB/PVGIS style "..._lat_lon..."). The read is bounded (readWeatherText).
 * @throws TypeError (a hint the file needs: its place) or RangeError (content that cannot be read),
 *   the message starting with the file's path; the file system's error when it cannot be opened
 */
export function loadWeatherFile(path: string, hint: FilePlaceHint = {}): WeatherSeries {
  checkString('loadWeatherFile', 'path', path, 'a file path');
  const text = readWeatherText(path);
  const guess = guessPlaceFromName(basename(path));
  try {
    return readWeatherFile(text, { latitude: guess?.latitude, longitude: guess?.longitude, ...hint });
  } catch (e) {
    // The readers see text only: name the file, keeping the kind of the error (TypeError: a hint
    // to give; RangeError: content that cannot be read).
    if (e instanceof TypeError) throw new TypeError(`${path}: ${e.message}`, { cause: e });
    if (e instanceof RangeError) throw new RangeError(`${path}: ${e.message}`, { cause: e });
    throw e;
  }
}

/** What the store lists for each series. */
export interface StoredWeatherInfo {
  /** the stored series' id: its place and the imported file's name */
  id: string;
  /** the format the file was read as */
  format: WeatherSeries['format'];
  /** degrees north */
  latitude: number;
  /** degrees east */
  longitude: number;
  /** a typical year (TMY/EPW) whose rows come from different years, rather than a real span */
  typical: boolean;
  /** first period end, Unix s */
  from: number;
  /** last period end, Unix s */
  to: number;
  /** length of the periods, s */
  periodSeconds: number;
  /** names of the series' columns (WeatherColumns' names) */
  columns: string[];
  /** the imported file's name */
  source: string;
}

interface StoredFile {
  info: StoredWeatherInfo;
  series: Omit<WeatherSeries, 'periodEnd' | 'sourcePeriodEnd' | 'columns'> & {
    periodEnd: number[];
    sourcePeriodEnd?: number[];
    columns: Record<string, (number | null)[]>;
  };
}

/** A stored file of the directory that cannot be read back, and why. */
export interface InvalidWeatherFile {
  /** its name in the directory */
  file: string;
  /** why it cannot be read back: the error's message */
  reason: string;
}

/** A directory of imported weather series. */
export interface WeatherFileStore {
  /** The directory the series are stored in, one `<id>.weather.json` each. */
  directory: string;
  /**
   * Reads a file and keeps its series (written to a temporary name, then renamed, so that a
   * reader never sees half a file); returns what was stored.
   */
  importFile(path: string, hint?: FilePlaceHint): StoredWeatherInfo;
  /** The valid stored series (a file that cannot be read back is left out: see `invalid`). */
  list(): StoredWeatherInfo[];
  /** The stored files that cannot be read back (truncated, edited, not written by this store). */
  invalid(): InvalidWeatherFile[];
  /** Deletes a stored series by its id; false when there is none. */
  remove(id: string): boolean;
  /** Every valid stored series (read once, cached until the store changes). */
  series(): WeatherSeries[];
}

/** Options of {@link openWeatherStore}. */
export interface WeatherStoreOptions {
  /**
   * Told of each stored file that cannot be read back, when it is skipped. The store prints
   * nothing itself: a server passes its logger here.
   */
  onInvalid?: (problem: InvalidWeatherFile) => void;
}

/** The columns a stored series may hold: the core's numeric weather columns. */
const STORED_COLUMNS: ReadonlySet<string> = new Set(FORECAST_COLUMNS.filter((c) => c !== 'weatherType'));
/** The API's names of weather columns, as series stored by earlier versions name them. */
const STORED_API_COLUMNS: Readonly<Record<string, true>> = Object.fromEntries(
  API_WEATHER_COLUMN_NAMES.map((name) => [name, true] as const),
);

function toStored(s: WeatherSeries, info: StoredWeatherInfo): StoredFile {
  const columns: Record<string, (number | null)[]> = {};
  for (const [k, v] of Object.entries(s.columns)) columns[k] = Array.from(v, (x) => (Number.isFinite(x) ? x : null));
  const { periodEnd, sourcePeriodEnd, columns: _c, ...rest } = s;
  return {
    info,
    series: {
      ...rest,
      periodEnd: Array.from(periodEnd),
      ...(sourcePeriodEnd ? { sourcePeriodEnd: Array.from(sourcePeriodEnd) } : {}),
      columns,
    },
  };
}

/** Whether a value is a length of periods a series may have: a positive whole number of seconds. */
function isPeriod(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Checks the shape of a stored file as read back; throws naming what is wrong. */
function checkStored(value: unknown): StoredFile {
  const f = value as Partial<StoredFile> | null;
  if (
    f === null ||
    typeof f !== 'object' ||
    typeof f.info !== 'object' ||
    f.info === null ||
    typeof f.series !== 'object' ||
    f.series === null
  ) {
    throw new Error('not a stored weather series (no info and series)');
  }
  const { series } = f;
  if (!Number.isFinite(series.latitude) || !Number.isFinite(series.longitude))
    throw new Error('the series has no place');
  // Every reader of a series divides by its period: 0 (an earlier version's file, an edit) failed requests.
  if (!isPeriod(series.periodSeconds))
    throw new Error(`periodSeconds must be a positive whole number of seconds (got ${String(series.periodSeconds)})`);
  if (!Array.isArray(series.periodEnd) || series.periodEnd.some((t) => typeof t !== 'number'))
    throw new Error('periodEnd is not a list of times');
  if (typeof series.columns !== 'object' || series.columns === null) throw new Error('the series has no columns');
  for (const [name, values] of Object.entries(series.columns)) {
    // Files stored by earlier versions name their columns as the API does (air_temp, surface_pressure
    // in hPa): fromStored converts those; anything else is not a weather column.
    if (!STORED_COLUMNS.has(name) && !Object.hasOwn(STORED_API_COLUMNS, name))
      throw new Error(`column ${name} is not a weather column`);
    if (!Array.isArray(values) || values.length !== series.periodEnd.length)
      throw new Error(`column ${name} does not have one value per period`);
  }
  if (
    series.sourcePeriodEnd !== undefined &&
    (!Array.isArray(series.sourcePeriodEnd) || series.sourcePeriodEnd.length !== series.periodEnd.length)
  ) {
    throw new Error('sourcePeriodEnd does not have one time per period');
  }
  return f as StoredFile;
}

function fromStored(f: StoredFile): WeatherSeries {
  const columns: NumericWeatherColumns = {};
  for (const [k, v] of Object.entries(f.series.columns)) {
    const values = Float64Array.from(v, (x) => (x === null ? Number.NaN : x));
    if (STORED_COLUMNS.has(k)) columns[k as NumericWeatherColumnName] = values;
    else {
      const core = apiColumnToCore(k, values);
      if (core !== undefined && columns[core.name] === undefined) columns[core.name] = core.values;
    }
  }
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
 * `<id>.weather.json` per imported file, the id derived from the place and the file name. A stored
 * file that cannot be read back is skipped (and told to `options.onInvalid`), never failing the
 * others. The directory (when it creates it) and the files it writes are its owner's only (0700, 0600).
 */
export function openWeatherStore(directory: string, options: WeatherStoreOptions = {}): WeatherFileStore {
  checkString('openWeatherStore', 'directory', directory, 'a directory path');
  // The user's imported data: the directories it creates and the files it writes are the owner's only.
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  let cache: WeatherSeries[] | undefined;
  const files = () =>
    readdirSync(directory)
      .filter((f) => f.endsWith('.weather.json'))
      .sort();
  const read = (f: string): StoredFile | InvalidWeatherFile => {
    try {
      // A stored series is JSON of at most a weather file's values: twice the bound is ample.
      return checkStored(JSON.parse(readWeatherText(join(directory, f), 2 * MAX_WEATHER_FILE_BYTES)));
    } catch (e) {
      return { file: f, reason: (e as Error).message };
    }
  };
  /** The readable files, each invalid one told to onInvalid. */
  const readAll = (): StoredFile[] => {
    const out: StoredFile[] = [];
    for (const f of files()) {
      const r = read(f);
      if ('reason' in r) options.onInvalid?.(r);
      else out.push(r);
    }
    return out;
  };
  return {
    directory,
    importFile(path, hint = {}) {
      const s = loadWeatherFile(path, hint);
      if (!Number.isFinite(s.latitude) || !Number.isFinite(s.longitude))
        throw new Error(`${path}: the place is unknown; give latitude and longitude`);
      if (!isPeriod(s.periodSeconds))
        throw new RangeError(
          `${path}: periodSeconds must be a positive whole number of seconds (got ${s.periodSeconds}); the file's time step cannot be read`,
        );
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
      // Write, then rename: a reader (a server, another import) sees the old file or the new
      // one, never a part. The temporary name does not end in .weather.json, so it is never listed.
      const target = join(directory, `${id}.weather.json`);
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      try {
        writeFileSync(temporary, JSON.stringify(toStored(s, info)), { mode: 0o600 });
        renameSync(temporary, target);
      } catch (e) {
        rmSync(temporary, { force: true });
        throw e;
      }
      cache = undefined;
      return info;
    },
    list() {
      return readAll().map((f) => f.info);
    },
    invalid() {
      return files()
        .map(read)
        .filter((r): r is InvalidWeatherFile => 'reason' in r);
    },
    remove(id) {
      const f = `${id}.weather.json`;
      if (!files().includes(f)) return false;
      rmSync(join(directory, f));
      cache = undefined;
      return true;
    },
    series() {
      if (cache === undefined) cache = readAll().map(fromStored);
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
    v = { elevation, continentality, normals: placeNormals({ latitude, longitude, elevation, continentality }) };
    placeCache.set(key, v);
  }
  return v;
}

/** A place of {@link placeNormals}: where it is, how high, how continental. */
export interface PlaceNormalsInput {
  /** Degrees north. */
  latitude: number;
  /** Degrees east. */
  longitude: number;
  /** m above sea level. */
  elevation: number;
  /** 0..1 (continentalityFromLand). */
  continentality: number;
}

/**
 * Measured monthly normals of a place at a given elevation and continentality (climateNormalsAt
 * on the data directory's climate grids).
 * @param input `latitude`, `longitude` (degrees), `elevation` (m above sea level) and
 *   `continentality` (0..1, continentalityFromLand)
 * @throws MissingDataError when the data directory lacks the climate grids
 * @example
 * // Mumbai: the monsoon rain peaks in July.
 * const normals = placeNormals({ latitude: 19.08, longitude: 72.88, elevation: 10, continentality: 0.7 });
 * normals.precipitation.indexOf(Math.max(...normals.precipitation)); // => 6
 */
export function placeNormals(input: PlaceNormalsInput): ClimateNormals {
  const { latitude, longitude, elevation, continentality } = input;
  return climateNormalsAt(climateGrids(), normalsSite(latitude, longitude, elevation, continentality));
}

/**
 * Share of land within 1 degree of the four points 1.5 degrees north, east, south and west of a
 * place (landNeighbourPoints of src/weather/normals.ts), from the global grid's land mask: what the
 * clearness relation needs to know where the prevailing wind comes from land.
 * @throws MissingDataError when the data directory lacks the elevation grid
 * @example
 * // Lisbon: sea to the west, land to the east
 * landShareAround(38.72, -9.14); // => { north: 0.44363636363636366, east: 1, south: 0.24516129032258063, west: 0 }
 */
export function landShareAround(latitude: number, longitude: number): LandShareAround {
  return landShareAroundPlace(latitude, longitude);
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
  return composeSources(
    realDataSource(() => store.series(), { radiusKm }),
    synthetic,
  );
}
