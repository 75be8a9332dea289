/**
 * What the products need from a weather source: columns of the API's output parameters (API
 * names and units, contract.md section 4) for a place and a grid of period ends, as estimated
 * actuals or as a forecast issued at a given time.
 */

/** A request for weather columns. */
export interface WeatherQuery {
  latitude: number;
  longitude: number;
  /** m above sea level, when known. */
  elevation?: number;
  /** Period ends, Unix s (any order). */
  periodEnd: Float64Array;
  /** Averaging period, s. */
  periodSeconds: number;
  /** API output parameter names wanted. */
  parameters: readonly string[];
  /** Plane of gti/clearsky_gti: tilt (deg), API azimuth (deg, from north, east negative), mounting. */
  tilt?: number;
  azimuth?: number;
  arrayType?: 'fixed' | 'horizontal_single_axis';
}

/** Columns by output parameter name, each as long as `periodEnd`. */
export type WeatherColumns = Record<string, Float64Array | string[]>;

export interface WeatherSource {
  /** Estimated actuals (historic and live). */
  actuals(query: WeatherQuery): WeatherColumns | Promise<WeatherColumns>;
  /** A forecast issued at `issuedAt` (Unix s). */
  forecast(query: WeatherQuery & { issuedAt: number }): WeatherColumns | Promise<WeatherColumns>;
}
