/**
 * What products need from their host: the clock and the weather (actuals, forecasts, TMY).
 * A server builds one context at start; the TMY selections it makes are cached per place.
 */
import type { Clock } from '../time/index.js';
import type { Window } from './common.js';
import type { PlaneRequest, SeriesKind, TmyOptions } from './radiation.js';
import type { WeatherColumns, WeatherSource } from './source.js';

/** The part of a request that decides which weather is read. */
export interface WeatherNeed extends PlaneRequest {
  kind: SeriesKind;
  window: Window;
  now: number;
  tmy?: TmyOptions;
}

export interface ProductContext {
  clock: Clock;
  /** Weather columns (API names and units) for the request's window and plane. */
  weatherColumns(need: WeatherNeed, parameters: readonly string[]): Promise<WeatherColumns>;
}

export interface ProductContextOptions {
  clock: Clock;
  weatherSource?: WeatherSource;
}

/** Creates the context products run in. */
export function createProductContext(options: ProductContextOptions): ProductContext {
  const source = options.weatherSource;
  return {
    clock: options.clock,
    async weatherColumns(need, parameters) {
      if (!source) throw new Error('no weather source configured');
      const query = {
        latitude: need.latitude, longitude: need.longitude, periodEnd: need.window.periodEnd,
        periodSeconds: need.window.periodSeconds, parameters, tilt: need.tilt, azimuth: need.azimuth, arrayType: need.arrayType,
      };
      if (need.kind === 'forecast') return source.forecast({ ...query, issuedAt: need.now });
      return source.actuals(query);
    },
  };
}
