/**
 * The server context: what every route family receives (the database and the stores over it, the
 * clock, the weather sources, the product context, the OpenAPI registry, the response cache), and
 * the options a server is built from. `createServerContext` builds it; app.ts hands it to every
 * route family and to the plugins of an embedding server (`app.solarkit`).
 */
import type { FastifyInstance } from 'fastify';
import { type Clock, type HorizonProfile, clockFrom, composeSources, realDataSource } from 'solarkit';
import { weatherSourceWithStore } from 'solarkit/node';
import { OpenApiRegistry } from './http/openapi.js';
import { GenerationalResponseCache, type ResponseCache } from './http/response-cache.js';
import { placeFacts, placeHorizon } from './place.js';
import { type PlaceFacts, type ProductContext, createProductContext } from './products/context.js';
import type { WeatherSource } from './products/source.js';
import { type Database, openDatabase } from './storage/database.js';
import { SqliteMeasurementStore } from './storage/measurements.js';
import { SqliteSiteStore } from './storage/sites.js';
import type { Stores } from './storage/types.js';
import { type ServerWeatherStore, watchWeatherStore, weatherDirectoryOf } from './storage/weather-files.js';

export interface ServerOptions {
  /** SQLite database file (created and migrated on start); ':memory:' for a throwaway one. */
  dbPath: string;
  /** "Now" for every window and the format-version switch; default SOLARKIT_NOW or the system clock. */
  clock?: Clock;
  /** fastify's logger (pino); the `api_key` query value is always redacted from logged URLs. */
  logger?: boolean;
  /** Where log lines go when logging (default stdout); tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
  /**
   * Where weather comes from; default the deterministic synthetic model with the user's real
   * weather files (weatherDir) composed over it. An embedding server's own source is used as
   * given, with the files over it only when `weatherDir` is also given.
   */
  weatherSource?: WeatherSource;
  /**
   * Directory of imported real weather files (`solarkit weather import`; contract section 8):
   * data within 5 km of a file's place answers from the file for the times it covers, and a
   * typical-year file within 5 km serves p50 TMY requests. Default `$SOLARKIT_WEATHER_DIR`, else
   * `weather/` beside the database (none for ':memory:').
   */
  weatherDir?: string;
  /** How often (ms) the weather directory is re-read for files another process imported (default 1000). */
  weatherRefreshMs?: number;
  /** Elevation and continentality of a place; default from the embedded global grid (src/node). */
  place?: (latitude: number, longitude: number) => PlaceFacts;
  /** Terrain horizon of a place for terrain_shading; default src/node terrainHorizon. */
  horizon?: (latitude: number, longitude: number) => Promise<HorizonProfile>;
  /**
   * Site and measurement stores to use instead of the SQLite ones over the database (for example
   * a PostgreSQL implementation of storage/types.ts). Accounts, keys and usage stay in the database.
   */
  stores?: Stores;
  /** Requests per rate window per key (default 600) and the window in seconds (default 60). */
  rateLimit?: number;
  rateWindowSeconds?: number;
  /** Largest accepted request body, bytes (default 1 MiB: 1000 measurement records fit). */
  bodyLimit?: number;
  /**
   * Warm up before the server is ready: one whole TMY rooftop computation (warm-up.ts),
   * so that the first request does not pay the engine's compilation (about 1 s of CPU for a TMY).
   * `solarkit serve` turns it on; tests and embedding servers leave it off unless they want it.
   */
  warmUp?: boolean;
  /** Development mode: error bodies carry the stack trace. */
  development?: boolean;
  /** Extra routes of an embedding server, registered after the API's own (before the server is ready). */
  plugins?: ((app: FastifyInstance, ctx: ServerContext) => void | Promise<void>)[];
}

/** What every route family receives: the database, the clock, the data sources and the doc registry. */
export interface ServerContext {
  db: Database;
  /** The site and measurement stores (SQLite over `db` unless the options gave others). */
  stores: Stores;
  clock: Clock;
  /** The weather source the products read (the synthetic model and the weather files over it). */
  weatherSource: WeatherSource;
  /** The user's real weather files, when the server has a weather directory. */
  weatherStore: ServerWeatherStore | undefined;
  products: ProductContext;
  openapi: OpenApiRegistry;
  /** The response cache of the data routes, emptied when the weather files change. */
  responses: ResponseCache;
  options: ServerOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's context (database, clock, sources), for embedding code and tests. */
    solarkit: ServerContext;
  }
}

/**
 * Builds the context of a server from its options: opens (and migrates) the database, watches the
 * weather directory, composes the weather source, and creates the product context. The caller
 * closes `ctx.db`.
 */
export function createServerContext(options: ServerOptions): ServerContext {
  const db = openDatabase(options.dbPath);
  const clock = options.clock ?? clockFrom(process.env.SOLARKIT_NOW);
  const explicitDir = options.weatherDir ?? process.env.SOLARKIT_WEATHER_DIR;
  const weatherDir = options.weatherSource !== undefined && (explicitDir === undefined || explicitDir === '')
    ? undefined
    : weatherDirectoryOf(options.dbPath, options.weatherDir);
  const weatherStore = weatherDir === undefined ? undefined : watchWeatherStore(weatherDir, options.weatherRefreshMs ?? 1000);
  const weatherSource = options.weatherSource === undefined
    ? weatherSourceWithStore(weatherStore)
    : weatherStore === undefined
      ? options.weatherSource
      : composeSources(realDataSource(() => weatherStore.series()), options.weatherSource);
  return {
    db,
    stores: options.stores ?? { sites: new SqliteSiteStore(db), measurements: new SqliteMeasurementStore(db) },
    clock,
    weatherSource,
    weatherStore,
    products: createProductContext({
      clock,
      weatherSource,
      place: options.place ?? placeFacts,
      horizon: options.horizon ?? placeHorizon,
      ...(weatherStore ? { typicalSeries: () => weatherStore.series() } : {}),
    }),
    openapi: new OpenApiRegistry(),
    // A body computed from the synthetic model must not outlive the import of a file for its place.
    responses: new GenerationalResponseCache(() => weatherStore?.generation() ?? 0),
    options,
  };
}
