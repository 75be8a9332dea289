/**
 * The weather source interface: given a place and a period grid, any of the weather columns
 * (columns.ts: the core's names and pvlib's units), as estimated actuals or as a forecast issued
 * at a given time. Sources compose: real data where loaded, synthetic elsewhere.
 */
import { defaultAzimuth, defaultTilt } from '../irradiance/plane-of-array.js';
import {
  checkAtLeast,
  checkFinite,
  checkLatitude,
  checkLongitude,
  checkObject,
  checkOneOf,
  checkRange,
  checkTimes,
  checkUnixSeconds,
  rangeFailure,
  typeFailure,
} from '../util/validate.js';

import type { WeatherColumnName, WeatherColumns } from './columns.js';
import type { ClimateNormals } from './normals.js';
import type { QueryPlane } from './sky.js';

export type { QueryPlane, WeatherColumns };

/** A request to a weather source. */
export interface WeatherQuery {
  /** degrees north */
  latitude: number;
  /** degrees east */
  longitude: number;
  /** m above sea level (default: the source's own guess, 0 for the synthetic model) */
  elevation?: number;
  /** 0 (maritime) .. 1 (deep continental), see continentalityFromLand; default 0.5 */
  continentality?: number;
  /**
   * measured monthly normals of the place (climateNormalsAt); default: the source's placeInfo
   * (the Node adapter's reads the climate grids), else the synthetic model's general rules
   */
  normals?: ClimateNormals;
  /** period END times, Unix s, any order (live requests list newest first) */
  periodEnd: Float64Array;
  /** period length, s (each value is the mean over (end - period, end]) */
  periodSeconds: number;
  /** the columns wanted (ACTUAL_COLUMNS; a forecast also QUANTILE_COLUMNS) */
  parameters: readonly WeatherColumnName[];
  /** plane tilt of gti and clearskyGti, degrees (default |latitude|, at most 90) */
  tilt?: number;
  /**
   * plane azimuth of gti and clearskyGti, degrees east of north as in pvlib: 90 east, 180 south,
   * 270 west (default: facing the equator). For a tracker, the direction of its axis (modulo 180).
   */
  azimuth?: number;
  /** a fixed plane (default), or a horizontal single-axis tracker (see `WEATHER_TRACKER`) */
  arrayType?: 'fixed' | 'horizontal_single_axis';
  /** forecasts: the issue time, Unix s */
  issuedAt?: number;
  /** seed of the synthetic weather (default 0) */
  seed?: number;
}

/**
 * The plane of a query with its defaults: tilt |latitude| (at most 90), facing the equator, fixed.
 * @example
 * const query = { latitude: -33.9, longitude: 151.2, periodEnd: new Float64Array(0), periodSeconds: 3600, parameters: ['gti'] };
 * queryPlane(query); // => { tilt: 33.9, azimuth: 0, arrayType: 'fixed' }
 */
export function queryPlane(q: WeatherQuery): QueryPlane {
  return {
    tilt: q.tilt ?? defaultTilt(q.latitude),
    azimuth: q.azimuth ?? defaultAzimuth(q.latitude),
    arrayType: q.arrayType ?? 'fixed',
  };
}

/**
 * Checks a query once (the sources trust it afterwards): place ranges, period ends in Unix seconds,
 * a positive period, the plane, and every parameter name among `known` (an unknown name is a
 * RangeError listing the known ones, never an empty answer).
 */
export function checkWeatherQuery(
  fn: string,
  q: WeatherQuery,
  known: readonly WeatherColumnName[],
  forecast = false,
): void {
  checkObject(fn, 'query', q);
  checkLatitude(fn, q.latitude, 'query.latitude');
  checkLongitude(fn, q.longitude, 'query.longitude');
  checkTimes(fn, 'query.periodEnd', q.periodEnd);
  checkAtLeast(fn, 'query.periodSeconds', q.periodSeconds, 0, 's', true);
  if (q.elevation !== undefined) checkFinite(fn, 'query.elevation', q.elevation, 'm');
  if (q.continentality !== undefined)
    checkRange(fn, 'query.continentality', q.continentality, 0, 1, '0 maritime .. 1 continental');
  if (q.tilt !== undefined) checkRange(fn, 'query.tilt', q.tilt, 0, 180, 'degrees from horizontal');
  if (q.azimuth !== undefined) checkFinite(fn, 'query.azimuth', q.azimuth, 'degrees east of north');
  if (q.arrayType !== undefined) checkOneOf(fn, 'query.arrayType', q.arrayType, ['fixed', 'horizontal_single_axis']);
  if (q.seed !== undefined) checkFinite(fn, 'query.seed', q.seed, '');
  if (forecast || q.issuedAt !== undefined) checkUnixSeconds(fn, 'query.issuedAt', q.issuedAt);
  if (!Array.isArray(q.parameters))
    typeFailure(fn, 'query.parameters', 'an array of weather column names', q.parameters);
  for (const name of q.parameters) {
    if (!known.includes(name)) {
      rangeFailure(
        fn,
        'query.parameters',
        `names of ${forecast ? 'forecast' : 'actual'} weather columns (${known.join(', ')})`,
        name,
      );
    }
  }
}

/** A place of the synthetic weather (see WeatherPlace of climate.ts), checked once. */
export function checkWeatherPlace(
  fn: string,
  place: { latitude: number; longitude: number; elevation?: number; continentality?: number; seed?: number },
): void {
  checkObject(fn, 'place', place);
  checkLatitude(fn, place.latitude, 'place.latitude');
  checkLongitude(fn, place.longitude, 'place.longitude');
  if (place.elevation !== undefined) checkFinite(fn, 'place.elevation', place.elevation, 'm');
  if (place.continentality !== undefined)
    checkRange(fn, 'place.continentality', place.continentality, 0, 1, '0 maritime .. 1 continental');
  if (place.seed !== undefined) checkFinite(fn, 'place.seed', place.seed, '');
}

/** A span of data years (whole years, first <= last). */
export function checkYears(fn: string, firstYear: number, lastYear: number): void {
  checkRange(fn, 'firstYear', firstYear, 1, 9999, 'a calendar year');
  checkRange(fn, 'lastYear', lastYear, firstYear, 9999, 'a calendar year >= firstYear');
  if (!Number.isInteger(firstYear) || !Number.isInteger(lastYear))
    rangeFailure(fn, 'firstYear and lastYear', 'whole years', `${firstYear}, ${lastYear}`);
}

/** A forecast query: a query with its issue time. */
export type ForecastQuery = WeatherQuery & { issuedAt: number };

/** A provider of weather. */
export interface WeatherSource {
  /** A short name of the source, for logs and provenance (`'synthetic'`, `'real'`). */
  name: string;
  /**
   * Per period of the query, 1 where this source has data of its own, 0 elsewhere. Absent: the
   * source covers everything (the synthetic model).
   */
  coverage?(q: WeatherQuery): Uint8Array;
  /** Estimated actuals of every requested parameter. */
  actuals(q: WeatherQuery): WeatherColumns;
  /** Forecast issued at q.issuedAt, with the P10/P90 parameters. */
  forecast(q: ForecastQuery): WeatherColumns;
}

function merge(q: WeatherQuery, mask: Uint8Array, real: WeatherColumns, fallback: WeatherColumns): WeatherColumns {
  const out: WeatherColumns = {};
  for (const name of q.parameters) {
    if (name === 'weatherType') {
      const r = real.weatherType;
      const f = fallback.weatherType;
      if (r !== undefined && f !== undefined) out.weatherType = r.map((v, i) => (mask[i] ? v : f[i]!));
      else if (r !== undefined || f !== undefined) out.weatherType = r ?? f;
      continue;
    }
    const r = real[name];
    const f = fallback[name];
    if (r === undefined) {
      if (f !== undefined) out[name] = f;
      continue;
    }
    if (f === undefined) {
      out[name] = r;
      continue;
    }
    const m = new Float64Array(r.length);
    for (let i = 0; i < r.length; i++) m[i] = mask[i] && Number.isFinite(r[i]!) ? r[i]! : f[i]!;
    out[name] = m;
  }
  return out;
}

/**
 * A source that answers from `real` for the periods it covers and from `fallback` (usually the
 * synthetic model) elsewhere, and for the parameters the real data does not have.
 */
export function composeSources(real: WeatherSource, fallback: WeatherSource): WeatherSource {
  return {
    name: `${real.name}+${fallback.name}`,
    coverage(q) {
      return real.coverage ? real.coverage(q) : new Uint8Array(q.periodEnd.length).fill(1);
    },
    actuals(q) {
      const mask = real.coverage ? real.coverage(q) : undefined;
      if (mask !== undefined && !mask.includes(1)) return fallback.actuals(q);
      return merge(q, mask ?? new Uint8Array(q.periodEnd.length).fill(1), real.actuals(q), fallback.actuals(q));
    },
    forecast(q) {
      const mask = real.coverage ? real.coverage(q) : undefined;
      if (mask !== undefined && !mask.includes(1)) return fallback.forecast(q);
      return merge(q, mask ?? new Uint8Array(q.periodEnd.length).fill(1), real.forecast(q), fallback.forecast(q));
    },
  };
}
