/**
 * Real weather data as a weather source: series read from files (readers/), answered for the
 * periods they cover at places within a few kilometres, resampled to any period grid. Typical
 * years (TMY3, EPW, PVGIS TMY) are not actuals of any date: they serve TMY requests
 * (typicalYearFromSeries) and are skipped for historic, live and forecast requests.
 */
import type { WeatherSeries } from './readers/types.js';
import { skyAtInstants, stationPressure, tiltedIrradiance } from './sky.js';
import { ACTUAL_PARAMETERS, FORECAST_PARAMETERS } from './parameters.js';
import { type ForecastQuery, type WeatherColumns, type WeatherQuery, type WeatherSource, checkWeatherQuery, queryPlane } from './source.js';
import { checkAtLeast, checkLatitude, checkLongitude, checkObject, checkOffsetMinutes, checkRange, checkSeries, checkTimes, rangeFailure, typeFailure } from '../util/validate.js';

/** Great-circle distance, km (haversine, mean Earth radius 6371.0088 km). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const D = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * D) / 2) ** 2 + Math.cos(lat1 * D) * Math.cos(lat2 * D) * Math.sin(((lon2 - lon1) * D) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The nearest series within `radiusKm` of a place, of the wanted kind (typical or not). */
export function nearestSeries(all: readonly WeatherSeries[], latitude: number, longitude: number, radiusKm: number, typical: boolean): WeatherSeries | undefined {
  if (!Array.isArray(all)) typeFailure('nearestSeries', 'all', 'an array of WeatherSeries', all);
  checkLatitude('nearestSeries', latitude);
  checkLongitude('nearestSeries', longitude);
  // Infinity is a radius: any distance.
  if (!(radiusKm >= 0)) rangeFailure('nearestSeries', 'radiusKm', 'a number >= 0 (km; Infinity for any distance)', radiusKm);
  let best: WeatherSeries | undefined;
  let bestD = Infinity;
  for (const s of all) {
    if (s.typical !== typical) continue;
    const d = distanceKm(latitude, longitude, s.latitude, s.longitude);
    if (d <= radiusKm && d < bestD) {
      best = s;
      bestD = d;
    }
  }
  return best;
}

/**
 * Means of a series' column over the periods (e - P, e] of a grid, weighted by overlap (rows of
 * the series are period means over (end - step, end]). NaN where no row overlaps or every
 * overlapping value is missing.
 */
export function resampleColumn(seriesEnd: Float64Array, step: number, values: Float64Array, periodEnd: Float64Array, periodSeconds: number): Float64Array {
  const fn = 'resampleColumn';
  checkTimes(fn, 'seriesEnd', seriesEnd);
  checkTimes(fn, 'periodEnd', periodEnd);
  checkSeries(fn, [['seriesEnd', seriesEnd, 'Unix seconds'], ['values', values, '']]);
  checkAtLeast(fn, 'step', step, 0, 's', true);
  checkAtLeast(fn, 'periodSeconds', periodSeconds, 0, 's', true);
  const n = periodEnd.length;
  const m = seriesEnd.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const b = periodEnd[i]!;
    const a = b - periodSeconds;
    // First row whose end is after a.
    let lo = 0, hi = m;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seriesEnd[mid]! <= a) lo = mid + 1;
      else hi = mid;
    }
    let sum = 0, w = 0;
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
    const col = s.columns[name];
    if (col !== undefined) out[name] = resampleColumn(s.periodEnd, s.periodSeconds, col, q.periodEnd, q.periodSeconds);
  }
  const wantsGti = q.parameters.includes('gti');
  const { ghi, dni, dhi } = s.columns;
  if (wantsGti && ghi && dni && dhi) {
    const n = q.periodEnd.length;
    const mid = new Float64Array(n);
    for (let i = 0; i < n; i++) mid[i] = q.periodEnd[i]! - q.periodSeconds / 2;
    const elevation = q.elevation ?? (Number.isFinite(s.elevation) ? s.elevation : 0);
    const sky = skyAtInstants(mid, q.latitude, q.longitude, elevation, stationPressure(elevation), 12);
    const g = resampleColumn(s.periodEnd, s.periodSeconds, ghi, q.periodEnd, q.periodSeconds);
    const b = resampleColumn(s.periodEnd, s.periodSeconds, dni, q.periodEnd, q.periodSeconds);
    const d = resampleColumn(s.periodEnd, s.periodSeconds, dhi, q.periodEnd, q.periodSeconds);
    const albedo = s.columns.albedo ? resampleColumn(s.periodEnd, s.periodSeconds, s.columns.albedo, q.periodEnd, q.periodSeconds) : new Float64Array(n).fill(0.2);
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
 * the periods the series spans get its values (resampled, API units), other periods none (compose
 * with the synthetic source, composeSources). Forecasts of covered (past) periods are the
 * actuals, with P10 = P90 = the value.
 * @param series the loaded series, or a function returning the current ones (a store that grows)
 */
export function realDataSource(series: readonly WeatherSeries[] | (() => readonly WeatherSeries[]), options: RealDataOptions = {}): WeatherSource {
  const radius = options.radiusKm ?? 5;
  const list = typeof series === 'function' ? series : () => series;
  const pick = (q: WeatherQuery) => nearestSeries(list(), q.latitude, q.longitude, radius, false);
  return {
    name: 'real',
    coverage(q) {
      const s = pick(q);
      return s === undefined ? new Uint8Array(q.periodEnd.length) : spanMask(s, q);
    },
    actuals(q) {
      checkWeatherQuery('realDataSource().actuals', q, ACTUAL_PARAMETERS);
      const s = pick(q);
      return s === undefined ? {} : columnsOn(s, q);
    },
    forecast(q: ForecastQuery) {
      checkWeatherQuery('realDataSource().forecast', q, FORECAST_PARAMETERS, true);
      const s = pick(q);
      if (s === undefined) return {};
      const base = q.parameters.filter((p) => !/(10|90)$/.test(p) || p === 'pm10');
      const quantiles = q.parameters.filter((p) => /(10|90)$/.test(p) && p !== 'pm10');
      const wanted = new Set([...base, ...quantiles.map((p) => p.slice(0, -2))]);
      const cols = columnsOn(s, { ...q, parameters: [...wanted] });
      for (const p of quantiles) {
        const c = cols[p.slice(0, -2)];
        if (c !== undefined) cols[p] = c;
      }
      return cols;
    },
  };
}

/**
 * A typical-year series re-dated into `year` (2059 for the API) on a period grid: each row keeps
 * its calendar month, day and time (in the zone `offsetMinutes`), February 29 is dropped, then
 * the columns are resampled to `periodSeconds`.
 * @returns period ends and the columns present in the series among `parameters`
 */
export function typicalYearFromSeries(
  s: WeatherSeries,
  periodSeconds: number,
  parameters: readonly string[],
  offsetMinutes = 0,
  year = 2059,
): { periodEnd: Float64Array; columns: WeatherColumns } {
  const fn = 'typicalYearFromSeries';
  checkObject(fn, 's', s);
  checkTimes(fn, 's.periodEnd', s.periodEnd);
  checkAtLeast(fn, 'periodSeconds', periodSeconds, 0, 's', true);
  if (!Array.isArray(parameters)) typeFailure(fn, 'parameters', 'an array of parameter names', parameters);
  checkOffsetMinutes(fn, offsetMinutes);
  checkRange(fn, 'year', year, 1, 9999, 'a calendar year');
  const offset = offsetMinutes * 60;
  const m = s.periodEnd.length;
  const idx: number[] = [];
  const shifted: number[] = [];
  for (let j = 0; j < m; j++) {
    const e = s.periodEnd[j]!;
    const local = new Date((e - s.periodSeconds / 2 + offset) * 1000);
    const M = local.getUTCMonth(), D = local.getUTCDate();
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
  for (const name of parameters) {
    const col = s.columns[name];
    if (col === undefined) continue;
    const v = Float64Array.from(order, (k) => col[idx[k]!]!);
    columns[name] = resampleColumn(ends, s.periodSeconds, v, periodEnd, periodSeconds);
  }
  return { periodEnd, columns };
}
