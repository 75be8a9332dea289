/**
 * What products need from their host: the clock, the weather source, the user's typical-year
 * files, and facts about a place (elevation, continentality) that only the host can read (the
 * core reads no files). A server builds one context at start; TMY selections are cached per
 * place in it.
 */
import type { Clock } from 'solarkit/internal';
import { apiAzimuthToPvlib, type Window } from './common.js';
import {
  DEFAULT_TMY_REQUEST,
  issueTime,
  type PlaneRequest,
  type SeriesKind,
  type TmyRequestOptions,
} from './request.js';
import type { WeatherColumnName, WeatherColumns, WeatherQuery, WeatherSource } from './source.js';
import { defaultWeatherSource } from 'solarkit';
import type { ClimateNormals, HorizonProfile } from 'solarkit';
import { applyTerrainShading, SHADING_INPUTS } from './terrain-shading.js';
import { syntheticTypicalYear, typicalYearFor, typicalYearWeather, type TmySelection } from 'solarkit';
import { nearestSeries, type WeatherSeries } from 'solarkit';

/** How far a stored typical-year file serves TMY requests, km (contract section 8). */
export const TYPICAL_FILE_RADIUS_KM = 5;

/** The part of a request that decides which weather is read. */
export interface WeatherNeed extends PlaneRequest {
  kind: SeriesKind;
  window: Window;
  now: number;
  tmy?: TmyRequestOptions;
}

/** What the host knows of a place: elevation (m) and continentality (0 sea .. 1 inland). */
export interface PlaceFacts {
  elevation?: number;
  continentality?: number;
  /** measured monthly climate (climateNormalsAt); absent: the synthetic model's general rules */
  normals?: ClimateNormals;
}

export interface ProductContext {
  clock: Clock;
  source: WeatherSource;
  /** Facts of a place; products pass them to the weather source. */
  place(latitude: number, longitude: number): PlaceFacts;
  /**
   * Weather columns (the core's names and units; weather-columns.ts gives them the API's) for the
   * request's window and plane, terrain-shaded when the request asks for it.
   */
  weatherColumns(need: WeatherNeed, parameters: readonly WeatherColumnName[]): Promise<WeatherColumns>;
  /** Terrain horizon of a place, when the host can read elevation data (terrain_shading). */
  horizon?: (latitude: number, longitude: number) => Promise<HorizonProfile>;
  /** Estimated actuals on any grid (ramp-up runs, TMY history). */
  actuals(query: WeatherQuery): Promise<WeatherColumns>;
  /**
   * Counts of the costly step, for operators and tests: `tmySelections`, the typical-year
   * selections computed (each one a 19-year synthetic history; cached ones are not counted).
   */
  readonly stats: { tmySelections: number };
}

export interface ProductContextOptions {
  clock: Clock;
  weatherSource?: WeatherSource;
  place?: (latitude: number, longitude: number) => PlaceFacts;
  horizon?: (latitude: number, longitude: number) => Promise<HorizonProfile>;
  /**
   * Real typical years the user loaded (TMY3, EPW, PVGIS TMY; read at each TMY request): a p50
   * TMY request within TYPICAL_FILE_RADIUS_KM of one takes the parameters the file has from it.
   */
  typicalSeries?: () => readonly WeatherSeries[];
}

/** Creates the context products run in. Default source: the deterministic synthetic weather. */
export function createProductContext(options: ProductContextOptions): ProductContext {
  const source: WeatherSource = options.weatherSource ?? defaultWeatherSource();
  const place = options.place ?? ((): PlaceFacts => ({}));
  // TMY selections per place, probability, weights and calendar: the costly part of a TMY
  // request (19 years of hourly history), reused by every later request for the same place.
  const selections = new Map<string, TmySelection>();
  const stats = { tmySelections: 0 };
  const selectionOf = (need: WeatherNeed): TmySelection => {
    const tmy = need.tmy ?? DEFAULT_TMY_REQUEST;
    const key = `${need.latitude.toFixed(4)},${need.longitude.toFixed(4)},${tmy.probability},${tmy.ghiWeight},${tmy.dniWeight},${need.window.offsetMinutes}`;
    let sel = selections.get(key);
    if (sel === undefined) {
      sel = syntheticTypicalYear(
        { latitude: need.latitude, longitude: need.longitude, ...place(need.latitude, need.longitude) },
        {
          probability: tmy.probability,
          ghiWeight: tmy.ghiWeight,
          dniWeight: tmy.dniWeight,
          offsetMinutes: need.window.offsetMinutes,
        },
      );
      stats.tmySelections++;
      if (selections.size >= 256) selections.delete(selections.keys().next().value!);
      selections.set(key, sel);
    } else {
      selections.delete(key);
      selections.set(key, sel);
    }
    return sel;
  };
  const ctx: ProductContext = {
    clock: options.clock,
    source,
    place,
    stats,
    ...(options.horizon ? { horizon: options.horizon } : {}),
    async actuals(query) {
      return source.actuals({ ...place(query.latitude, query.longitude), ...query });
    },
    async weatherColumns(need, parameters) {
      const shade = need.terrainShading && options.horizon !== undefined;
      const wanted = shade ? [...new Set([...parameters, ...SHADING_INPUTS])] : parameters;
      const query: WeatherQuery = {
        ...place(need.latitude, need.longitude),
        latitude: need.latitude,
        longitude: need.longitude,
        periodEnd: need.window.periodEnd,
        periodSeconds: need.window.periodSeconds,
        parameters: wanted,
        tilt: need.tilt,
        azimuth: apiAzimuthToPvlib(need.azimuth),
        arrayType: need.arrayType,
      };
      let columns: WeatherColumns;
      if (need.kind === 'tmy') {
        const { periodEnd: _grid, ...rest } = query;
        void _grid;
        const tmy = need.tmy ?? DEFAULT_TMY_REQUEST;
        // A file holds one typical year, so it can only be the p50 (P75-P95 stay synthetic).
        const stored =
          tmy.probability === 'p50' && options.typicalSeries !== undefined
            ? nearestSeries(options.typicalSeries(), need, { radiusKm: TYPICAL_FILE_RADIUS_KM, typical: true })
            : undefined;
        const year =
          stored !== undefined
            ? typicalYearFor({
                query: rest,
                tmy: {
                  probability: tmy.probability,
                  ghiWeight: tmy.ghiWeight,
                  dniWeight: tmy.dniWeight,
                  offsetMinutes: need.window.offsetMinutes,
                },
                typicalSeries: [stored],
                radiusKm: TYPICAL_FILE_RADIUS_KM,
                source,
                // The place's cached selection: the file's neighbourhood needs no new 19-year history.
                selection: selectionOf(need),
              })
            : typicalYearWeather(rest, selectionOf(need), { source, offsetMinutes: need.window.offsetMinutes });
        if (year.periodEnd.length !== need.window.periodEnd.length || year.periodEnd[0] !== need.window.periodEnd[0]) {
          throw new Error('typical-year grid differs from the response grid');
        }
        columns = year.columns;
      } else if (need.kind === 'forecast') {
        columns = await source.forecast({ ...query, issuedAt: issueTime(need.now) });
      } else {
        columns = await source.actuals(query);
      }
      if (shade) applyTerrainShading(columns, await options.horizon!(need.latitude, need.longitude), need);
      return columns;
    },
  };
  return ctx;
}
