/**
 * Real weather data as a weather source: series read from files (readers/), answered for the
 * periods they cover at places within a few kilometres, resampled to any period grid. Typical
 * years (TMY3, EPW, PVGIS TMY) are not actuals of any date: they serve TMY requests
 * (typicalYearFromSeries) and are skipped for historic, live and forecast requests.
 */
import type { WeatherSeries } from './readers/types.js';
import { skyAtInstants, stationPressure, tiltedIrradiance } from './sky.js';
import {
  ACTUAL_COLUMNS,
  FORECAST_COLUMNS,
  type NumericWeatherColumnName,
  type WeatherColumnName,
  quantileBase,
} from './columns.js';
import {
  type ForecastQuery,
  type WeatherColumns,
  type WeatherQuery,
  type WeatherSource,
  checkWeatherQuery,
  queryPlane,
} from './source.js';
import {
  checkAtLeast,
  checkIncreasing,
  checkLatitude,
  checkLongitude,
  checkObject,
  checkOffsetMinutes,
  checkRange,
  checkSeries,
  checkTimes,
  rangeFailure,
  typeFailure,
} from '../util/validate.js';

/** A place on the globe: degrees north and east. */
export interface LatLon {
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
}

/**
 * Great-circle distance between two places, km (haversine, mean Earth radius 6371.0088 km).
 * @example
 * distanceKm({ latitude: 52.37, longitude: 4.9 }, { latitude: 48.86, longitude: 2.35 }); // about 430
 */
export function distanceKm(from: LatLon, to: LatLon): number {
  const lat1 = from.latitude,
    lon1 = from.longitude,
    lat2 = to.latitude,
    lon2 = to.longitude;
  const D = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * D) / 2) ** 2 +
    Math.cos(lat1 * D) * Math.cos(lat2 * D) * Math.sin(((lon2 - lon1) * D) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Options of {@link nearestSeries}. */
export interface NearestSeriesOptions {
  /** how far the series may be, km (default 5; Infinity for any distance) */
  radiusKm?: number;
  /** typical years (TMY, EPW) rather than real spans of time (default false) */
  typical?: boolean;
}

/**
 * The nearest series within `options.radiusKm` of a place, of the wanted kind (typical or not).
 * @example
 * const s = readTmy3(readFileSync(dataFilePath('weather/tmy3_sand_point_ak_703165.csv'), 'utf8'));
 * nearestSeries([s], { latitude: 55.3, longitude: -160.5 }, { radiusKm: 20, typical: true }) === s; // => true
 */
export function nearestSeries(
  all: readonly WeatherSeries[],
  place: LatLon,
  options: NearestSeriesOptions = {},
): WeatherSeries | undefined {
  if (!Array.isArray(all)) typeFailure('nearestSeries', 'all', 'an array of WeatherSeries', all);
  checkObject('nearestSeries', 'place', place);
  checkObject('nearestSeries', 'options', options);
  const { latitude, longitude } = place;
  checkLatitude('nearestSeries', latitude, 'place.latitude');
  checkLongitude('nearestSeries', longitude, 'place.longitude');
  const radiusKm = options.radiusKm ?? 5;
  const typical = options.typical ?? false;
  // Infinity is a radius: any distance.
  if (!(radiusKm >= 0))
    rangeFailure('nearestSeries', 'options.radiusKm', 'a number >= 0 (km; Infinity for any distance)', radiusKm);
  let best: WeatherSeries | undefined;
  let bestD = Infinity;
  for (const s of all) {
    if (s.typical !== typical) continue;
    const d = distanceKm(place, s);
    if (d <= radiusKm && d < bestD) {
      best = s;
      bestD = d;
    }
  }
  return best;
}

/** A grid of periods: their ends (Unix s, increasing) and their length (s). */
export interface PeriodGrid {
  /** Period ends, Unix seconds (UTC), increasing. */
  periodEnd: Float64Array;
  /** Length of every period, s. */
  periodSeconds: number;
}

/** Input of {@link resampleColumn}: a column and the grids it goes from and to. */
export interface ResampleInput {
  /** The column's values, one per period of `from` (any unit; NaN = missing). */
  values: Float64Array;
  /** The grid of the values (period ends strictly increasing). */
  from: PeriodGrid;
  /** The grid wanted (any order). */
  to: PeriodGrid;
}

/**
 * Means of a column on the grid `from` over the periods (e - P, e] of the grid `to`, weighted by
 * overlap (rows of `from` are period means over (end - its period, end]). NaN where no row
 * overlaps or every overlapping value is missing.
 * @example
 * const hourly = { periodEnd: Float64Array.of(3600, 7200), periodSeconds: 3600 };
 * const twoHourly = { periodEnd: Float64Array.of(7200), periodSeconds: 7200 };
 * resampleColumn({ values: Float64Array.of(100, 300), from: hourly, to: twoHourly })[0]; // => 200
 */
export function resampleColumn(input: ResampleInput): Float64Array {
  const fn = 'resampleColumn';
  checkObject(fn, 'input', input);
  const { values, from, to } = input;
  checkObject(fn, 'from', from);
  checkObject(fn, 'to', to);
  const seriesEnd = from.periodEnd;
  const step = from.periodSeconds;
  const { periodEnd, periodSeconds } = to;
  checkTimes(fn, 'from.periodEnd', seriesEnd);
  checkTimes(fn, 'to.periodEnd', periodEnd);
  checkSeries(fn, [
    ['from.periodEnd', seriesEnd, 'Unix seconds'],
    ['values', values, ''],
  ]);
  checkAtLeast(fn, 'from.periodSeconds', step, 0, 's', true);
  checkAtLeast(fn, 'to.periodSeconds', periodSeconds, 0, 's', true);
  // The rows of `from` are searched by bisection: they must be in time order. Each row of `to`
  // stands alone, so `to` may come in any order (a live grid is newest first).
  checkIncreasing(fn, 'from.periodEnd', seriesEnd);
  const n = periodEnd.length;
  const m = seriesEnd.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const b = periodEnd[i]!;
    const a = b - periodSeconds;
    // First row whose end is after a.
    let lo = 0,
      hi = m;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seriesEnd[mid]! <= a) lo = mid + 1;
      else hi = mid;
    }
    let sum = 0,
      w = 0;
    for (let j = lo; j < m; j++) {
      const re = seriesEnd[j]!;
      const rs = re - step;
      if (rs >= b) break;
      const overlap = Math.min(b, re) - Math.max(a, rs);
      const v = values[j]!;
      if (overlap > 0 && v === v) {
        sum += v * overlap;
        w += overlap;
      }
    }
    out[i] = w > 0 ? sum / w : Number.NaN;
  }
  return out;
}

/** Per period, 1 when the series spans the whole period. */
function spanMask(s: WeatherSeries, q: WeatherQuery): Uint8Array {
  const n = q.periodEnd.length;
  const mask = new Uint8Array(n);
  const m = s.periodEnd.length;
  if (m === 0) return mask;
  const first = s.periodEnd[0]! - s.periodSeconds;
  const last = s.periodEnd[m - 1]!;
  for (let i = 0; i < n; i++) {
    const e = q.periodEnd[i]!;
    mask[i] = e - q.periodSeconds >= first && e <= last ? 1 : 0;
  }
  return mask;
}

/** Columns of a series on a query's grid, with GTI by transposition when asked for. */
function columnsOn(s: WeatherSeries, q: WeatherQuery): WeatherColumns {
  const out: WeatherColumns = {};
  for (const name of q.parameters) {
    if (name === 'weatherType') continue;
    const col = s.columns[name];
    if (col !== undefined) out[name] = resampleColumn({ values: col, from: s, to: q });
  }
  const wantsGti = q.parameters.includes('gti');
  const { ghi, dni, dhi } = s.columns;
  if (wantsGti && ghi && dni && dhi) {
    const n = q.periodEnd.length;
    const mid = new Float64Array(n);
    for (let i = 0; i < n; i++) mid[i] = q.periodEnd[i]! - q.periodSeconds / 2;
    const elevation = q.elevation ?? (Number.isFinite(s.elevation) ? s.elevation : 0);
    const sky = skyAtInstants(mid, q.latitude, q.longitude, elevation, stationPressure(elevation), 12);
    const g = resampleColumn({ values: ghi, from: s, to: q });
    const b = resampleColumn({ values: dni, from: s, to: q });
    const d = resampleColumn({ values: dhi, from: s, to: q });
    const albedo = s.columns.albedo
      ? resampleColumn({ values: s.columns.albedo, from: s, to: q })
      : new Float64Array(n).fill(0.2);
    for (let i = 0; i < n; i++) if (!(albedo[i]! > 0 && albedo[i]! < 1)) albedo[i] = 0.2;
    out.gti = tiltedIrradiance(sky, g, b, d, albedo, queryPlane(q));
  }
  return out;
}

/** Options of {@link realDataSource}. */
export interface RealDataOptions {
  /** how far a request may be from the data's place and still use it, km (default 5) */
  radiusKm?: number;
}

/**
 * A weather source over real (non-typical) series: for a request within `radiusKm` of a series,
 * the periods the series spans get its values (resampled), other periods none (compose
 * with the synthetic source, composeSources). Forecasts of covered (past) periods are the
 * actuals, with P10 = P90 = the value.
 * @param series the loaded series, or a function returning the current ones (a store that grows)
 */
export function realDataSource(
  series: readonly WeatherSeries[] | (() => readonly WeatherSeries[]),
  options: RealDataOptions = {},
): WeatherSource {
  const radius = options.radiusKm ?? 5;
  const list = typeof series === 'function' ? series : () => series;
  const pick = (q: WeatherQuery) => nearestSeries(list(), q, { radiusKm: radius });
  return {
    name: 'real',
    coverage(q) {
      const s = pick(q);
      return s === undefined ? new Uint8Array(q.periodEnd.length) : spanMask(s, q);
    },
    actuals(q) {
      checkWeatherQuery('realDataSource().actuals', q, ACTUAL_COLUMNS);
      const s = pick(q);
      return s === undefined ? {} : columnsOn(s, q);
    },
    forecast(q: ForecastQuery) {
      checkWeatherQuery('realDataSource().forecast', q, FORECAST_COLUMNS, true);
      const s = pick(q);
      if (s === undefined) return {};
      const wanted = new Set<WeatherColumnName>(q.parameters.map((p) => quantileBase(p) ?? p));
      const cols = columnsOn(s, { ...q, parameters: [...wanted] });
      for (const p of q.parameters) {
        const base = quantileBase(p);
        const c = base === undefined ? undefined : cols[base];
        if (c !== undefined) cols[p as NumericWeatherColumnName] = c;
      }
      return cols;
    },
  };
}

/** Options of {@link typicalYearFromSeries}. */
export interface TypicalYearFromSeriesOptions {
  /** length of the periods of the result, s (default: the series') */
  periodSeconds?: number;
  /** the columns wanted (default: every column of the series) */
  parameters?: readonly NumericWeatherColumnName[];
  /** the calendar's zone, minutes east of UTC (default 0) */
  offsetMinutes?: number;
  /** the year the rows are dated in (default 2059, the API's TMY year) */
  year?: number;
}

/**
 * A typical-year series re-dated into `options.year` (2059 for the API) on a period grid: each
 * row keeps its calendar month, day and time (in the zone `offsetMinutes`), February 29 is
 * dropped, then the columns are resampled to `options.periodSeconds`.
 * @returns period ends and the columns present in the series among `options.parameters`
 * @example
 * const s = readTmy3(readFileSync(dataFilePath('weather/tmy3_sand_point_ak_703165.csv'), 'utf8'));
 * const y = typicalYearFromSeries(s, { periodSeconds: 1800, offsetMinutes: -540 });
 * y.periodEnd.length; // => 17520
 */
export function typicalYearFromSeries(
  series: WeatherSeries,
  options: TypicalYearFromSeriesOptions = {},
): { periodEnd: Float64Array; periodSeconds: number; columns: WeatherColumns } {
  const fn = 'typicalYearFromSeries';
  const s = series;
  checkObject(fn, 'series', s);
  checkObject(fn, 'options', options);
  checkTimes(fn, 'series.periodEnd', s.periodEnd);
  const periodSeconds = options.periodSeconds ?? s.periodSeconds;
  checkAtLeast(fn, 'options.periodSeconds', periodSeconds, 0, 's', true);
  const parameters: readonly NumericWeatherColumnName[] =
    options.parameters ?? (Object.keys(s.columns).filter((k) => k !== 'weatherType') as NumericWeatherColumnName[]);
  if (!Array.isArray(parameters as unknown))
    typeFailure(fn, 'options.parameters', 'an array of weather column names', parameters);
  const offsetMinutes = options.offsetMinutes ?? 0;
  const year = options.year ?? 2059;
  checkOffsetMinutes(fn, offsetMinutes, 'options.offsetMinutes');
  checkRange(fn, 'options.year', year, 1, 9999, 'a calendar year');
  const offset = offsetMinutes * 60;
  const m = s.periodEnd.length;
  const idx: number[] = [];
  const shifted: number[] = [];
  for (let j = 0; j < m; j++) {
    const e = s.periodEnd[j]!;
    const local = new Date((e - s.periodSeconds / 2 + offset) * 1000);
    const M = local.getUTCMonth(),
      D = local.getUTCDate();
    if (M === 1 && D === 29) continue;
    idx.push(j);
    shifted.push(e + (Date.UTC(year, M, D) - Date.UTC(local.getUTCFullYear(), M, D)) / 1000);
  }
  const order = idx.map((_, k) => k).sort((a, b) => shifted[a]! - shifted[b]!);
  const ends = Float64Array.from(order, (k) => shifted[k]!);
  const first = Date.UTC(year, 0, 1) / 1000 - offset;
  const n = Math.round((365 * 86400) / periodSeconds);
  const periodEnd = new Float64Array(n);
  for (let i = 0; i < n; i++) periodEnd[i] = first + (i + 1) * periodSeconds;
  const columns: WeatherColumns = {};
  const from: PeriodGrid = { periodEnd: ends, periodSeconds: s.periodSeconds };
  const to: PeriodGrid = { periodEnd, periodSeconds };
  for (const name of parameters) {
    const col = s.columns[name];
    if (col === undefined) continue;
    const v = Float64Array.from(order, (k) => col[idx[k]!]!);
    columns[name] = resampleColumn({ values: v, from, to });
  }
  return { periodEnd, periodSeconds, columns };
}
