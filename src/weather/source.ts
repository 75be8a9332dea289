/**
 * The weather source interface: given a place and a period grid, the columns of any of the API's
 * output parameters, as estimated actuals or as a forecast issued at a given time. Sources
 * compose: real data where loaded, synthetic elsewhere.
 */

import type { ClimateNormals } from './normals.js';

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
  /** API output parameter names (contract.md section 4) */
  parameters: readonly string[];
  /** plane tilt, degrees (default |latitude|, at most 90) */
  tilt?: number;
  /** plane azimuth in the API's convention: 0 north, -90 east, 90 west, 180 south (default: towards the equator) */
  azimuth?: number;
  arrayType?: 'fixed' | 'horizontal_single_axis';
  /** forecasts: the issue time, Unix s */
  issuedAt?: number;
  /** seed of the synthetic weather (default 0) */
  seed?: number;
}

/** A forecast query: a query with its issue time. */
export type ForecastQuery = WeatherQuery & { issuedAt: number };

/**
 * Output columns by parameter name: numbers in the API's units (contract.md section 4), NaN for
 * no value; weather_type as labels.
 */
export type WeatherColumns = Record<string, Float64Array | string[]>;

/** A provider of weather. */
export interface WeatherSource {
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
    if (Array.isArray(r)) {
      const fl = f as string[];
      out[name] = r.map((v, i) => (mask[i] ? v : fl[i]!));
    } else {
      const fa = f as Float64Array;
      const m = new Float64Array(r.length);
      for (let i = 0; i < r.length; i++) m[i] = mask[i] && Number.isFinite(r[i]!) ? r[i]! : fa[i]!;
      out[name] = m;
    }
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
