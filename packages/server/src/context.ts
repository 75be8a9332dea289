/**
 * The server context: what every route family receives (the database and the stores over it, the
 * clock, the weather sources, the product context, the compute pool, the quota, the OpenAPI
 * registry, the response cache), and the options a server is built from. `createServerContext`
 * builds it; app.ts decorates the fastify instance with it (`app.solarkit`), where every route
 * family and the plugins of an embedding server read it.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifyRegisterOptions,
} from 'fastify';
import type { HorizonProfile } from 'solarkit';
import { type Clock, clockFrom } from 'solarkit/internal';
import type { AnswerContext } from './compute/answer.js';
import { ComputePool, type ComputePoolOptions } from './compute/pool.js';
import { type FileProblem, createServerProducts } from './compute/products.js';
import { Quota } from './http/limits.js';
import { OpenApiRegistry } from './http/openapi.js';
import type { RequestLogOptions } from './http/request-log.js';
import { ResponseCache, type ResponseCacheLimits } from './http/response-cache.js';
import type { TlsCredentials } from './http/tls.js';
import type { PlaceFacts, ProductContext } from './products/context.js';
import type { WeatherSource } from './products/source.js';
import type { Database } from './storage/database.js';
import { isPostgresUrl, openSqliteStorage, openStorage } from './storage/open.js';
import type { Storage, Stores } from './storage/stores.js';
import { DEFAULT_SITE_LIMITS, type SiteLimits } from './storage/types.js';
import { type ServerWeatherStore, watchWeatherStore, weatherDirectoryOf } from './storage/weather-files.js';

export interface ServerOptions {
  /**
   * The database (created or migrated on start): a SQLite file (':memory:' for a throwaway one),
   * or a PostgreSQL URL `postgres://user@host:port/db` shared by several server nodes.
   */
  dbPath: string;
  /** Connections in the pool of a PostgreSQL database (default 10). */
  poolSize?: number;
  /** "Now" for every window and the format-version switch; default SOLARKIT_NOW or the system clock. */
  clock?: Clock;
  /** fastify's logger (pino); the `api_key` query value is always redacted from logged URLs. */
  logger?: boolean;
  /** Where log lines go when logging (default stdout); tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
  /**
   * The request log's limits (http/request-log.ts): lines of refused requests per client address
   * per second (default 10), then one summary line.
   */
  requestLog?: RequestLogOptions;
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
   * `weather/` beside a SQLite database (none for ':memory:' or PostgreSQL: nodes on one
   * PostgreSQL database share weather files by being given one directory).
   */
  weatherDir?: string;
  /** How often (ms) the weather directory is re-read for files another process imported (default 1000). */
  weatherRefreshMs?: number;
  /** Elevation and continentality of a place; default from the embedded global grid (src/node). */
  place?: (latitude: number, longitude: number) => PlaceFacts;
  /** Terrain horizon of a place for terrain_shading; default src/node terrainHorizon. */
  horizon?: (latitude: number, longitude: number) => Promise<HorizonProfile>;
  /** Stores to use instead of the database's own ones (any not given is the database's). */
  stores?: Partial<Stores>;
  /**
   * Requests per rate window per key (default 600) and the window in seconds (default 60), counted
   * in the database: every server process on it shares them.
   */
  rateLimit?: number;
  rateWindowSeconds?: number;
  /** Largest accepted request body, bytes (default 1 MiB: 1000 measurement records fit). */
  bodyLimit?: number;
  /**
   * Longest a request body may take to arrive, ms (default 30 000): a client that sends it slower
   * gets 408 and the connection is closed.
   */
  bodyTimeoutMs?: number;
  /**
   * Longest closing waits for the answers in flight, ms (default 10 000): past it the connections
   * still open are cut, so that a client that stops reading a large answer cannot hold a shutdown.
   */
  closeGraceMs?: number;
  /**
   * Most measurement records (utility-scale and sub-unit, all sites) one account may store
   * (default `$SOLARKIT_MAX_MEASUREMENT_ROWS`, else 1 000 000); an upload past it gets 403.
   */
  maxMeasurementRows?: number;
  /**
   * Caps of the sites one account stores (storage/types.ts SiteLimits; defaults
   * DEFAULT_SITE_LIMITS): a configuration's size in bytes (413 past it), the configuration
   * versions kept per site (the oldest dropped past it), the sites per account (403 past it) and
   * the bytes of a page of a site list (a page ends early past it).
   */
  siteLimits?: Partial<SiteLimits>;
  /**
   * The worker threads of large computations (compute/pool.ts): their number (0: everything on the
   * main thread) and how many large requests are admitted at a time. A server given its own
   * `weatherSource`, `place` or `horizon` computes on the main thread (functions cannot be sent to
   * a worker).
   */
  compute?: ComputePoolOptions;
  /** Bounds of the response cache (http/response-cache.ts; default 64 MiB, 20 000 entries, 1 MiB a body). */
  responseCache?: ResponseCacheLimits;
  /**
   * Warm up before the server is ready: one whole TMY rooftop computation and, where TMY requests
   * are computed (each compute thread, or the main thread without a pool), drills of the TMY path
   * (warm-up.ts), so that the first request does not pay the engine's compilation (about half
   * the CPU of a fresh process's first TMY at a new place).
   * `solarkit serve` turns it on; tests and embedding servers leave it off unless they want it.
   */
  warmUp?: boolean;
  /** Development mode: error bodies carry the stack trace. */
  development?: boolean;
  /**
   * A certificate and key (PEM): the server answers HTTPS, HTTP/2 and HTTP/1.1 on one port
   * (http/tls.ts); plain HTTP/1.1 without.
   */
  tls?: TlsCredentials;
  /**
   * Routes of an embedding server: fastify plugins, registered after the API's own (before the
   * server is ready) behind the same keys, plans, rate limits, error bodies and request log; the
   * server context is `app.solarkit`. A plugin with options (`prefix` among them) is given as
   * `{ plugin, options }`.
   */
  plugins?: ServerPlugin[];
}

/** A plugin of an embedding server: a fastify plugin, alone or with its register options (e.g. `{ prefix: '/my' }`). */
export type ServerPlugin = FastifyPluginAsync | PluginWithOptions;

/** A fastify plugin and the options it is registered with (`prefix`, and the plugin's own). */
export interface PluginWithOptions {
  /**
   * The plugin, a `FastifyPluginAsync` of any options type (a method signature: its options
   * parameter is compared both ways, so `FastifyPluginAsync<{ capacityKw: number }>` fits).
   */
  plugin(instance: FastifyInstance, options: FastifyPluginOptions): Promise<void>;
  options?: FastifyRegisterOptions<FastifyPluginOptions>;
}

/** What every route family receives: the storage, the clock, the data sources and the doc registry. */
export interface ServerContext {
  /** The storage of `dbPath` (SQLite or PostgreSQL), closed with the server. */
  storage: Storage;
  /** The SQLite connection when the database is SQLite (for embedding code and tests), else undefined. */
  db: Database | undefined;
  /** The account, site, measurement and limit stores (the storage's unless the options gave others). */
  stores: Stores;
  clock: Clock;
  /** The weather source the products read (the synthetic model and the weather files over it). */
  weatherSource: WeatherSource;
  /** The user's real weather files, when the server has a weather directory. */
  weatherStore: ServerWeatherStore | undefined;
  products: ProductContext;
  /** Where series are computed: the products here, and the worker pool when the server has one. */
  compute: AnswerContext;
  /** The daily transaction quota (data handlers charge it before they compute). */
  quota: Quota;
  openapi: OpenApiRegistry;
  /** The response cache of the data routes, emptied when the weather files change. */
  responses: ResponseCache;
  /** Where problems with the user's files are logged (the server's logger once it exists). */
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Most measurement records an account may store. */
  maxMeasurementRows: number;
  /** The caps of sites (the options' over the defaults). */
  siteLimits: SiteLimits;
  options: ServerOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's context (database, clock, sources), for embedding code and tests. */
    solarkit: ServerContext;
  }
}

/** The default of `maxMeasurementRows`: `$SOLARKIT_MAX_MEASUREMENT_ROWS`, else one million. */
function defaultMaxMeasurementRows(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.SOLARKIT_MAX_MEASUREMENT_ROWS);
  return env.SOLARKIT_MAX_MEASUREMENT_ROWS !== undefined && Number.isSafeInteger(v) && v >= 0 ? v : 1_000_000;
}

/** The caps of sites: each one given (a whole number of at least 1) over its default. */
export function siteLimitsOf(given: Partial<SiteLimits> = {}): SiteLimits {
  const limits = { ...DEFAULT_SITE_LIMITS };
  for (const name of Object.keys(limits) as (keyof SiteLimits)[]) {
    const v = given[name];
    if (v === undefined) continue;
    if (!Number.isSafeInteger(v) || v < 1)
      throw new RangeError(`siteLimits.${name} must be a whole number of at least 1 (got ${v})`);
    limits[name] = v;
  }
  return limits;
}

/**
 * Builds the context of a server from its options: opens (and migrates) the database, watches the
 * weather directory, composes the weather source, creates the product context and starts the
 * compute pool. The caller closes `ctx.storage` and `ctx.compute.pool`.
 */
export async function createServerContext(options: ServerOptions): Promise<ServerContext> {
  // Checked before anything is opened.
  const siteLimits = siteLimitsOf(options.siteLimits);
  const storage = isPostgresUrl(options.dbPath)
    ? await openStorage(options.dbPath, options.poolSize !== undefined ? { poolSize: options.poolSize } : {})
    : openSqliteStorage(options.dbPath);
  const db = 'db' in storage ? (storage.db as Database) : undefined;
  const clock = options.clock ?? clockFrom(process.env.SOLARKIT_NOW);
  const explicitDir = options.weatherDir ?? process.env.SOLARKIT_WEATHER_DIR;
  const weatherDir =
    options.weatherSource !== undefined && (explicitDir === undefined || explicitDir === '')
      ? undefined
      : weatherDirectoryOf(options.dbPath, options.weatherDir);
  // A problem with a user file is logged once (it is met again at every re-read of the files).
  const reported = new Set<string>();
  const ctx = { log: { error: () => undefined } } as Pick<ServerContext, 'log'>;
  const report = (p: FileProblem): void => {
    const key = `${p.kind}|${p.file}|${p.reason}`;
    if (reported.has(key)) return;
    if (reported.size >= 10_000) reported.clear();
    reported.add(key);
    ctx.log.error(
      { file: p.file, reason: p.reason },
      p.kind === 'weather-file'
        ? 'a stored weather file cannot be read and is skipped'
        : 'a DEM tile cannot be decoded; the global elevation grid is used for it',
    );
  };
  const weatherStore =
    weatherDir === undefined
      ? undefined
      : watchWeatherStore(weatherDir, options.weatherRefreshMs ?? 1000, (p) => report({ kind: 'weather-file', ...p }));
  const { weatherSource, products } = createServerProducts({
    clock,
    ...(weatherStore ? { weatherStore } : {}),
    ...(options.weatherSource ? { weatherSource: options.weatherSource } : {}),
    ...(options.place ? { place: options.place } : {}),
    ...(options.horizon ? { horizon: options.horizon } : {}),
    report,
  });
  const ownSources =
    options.weatherSource !== undefined || options.place !== undefined || options.horizon !== undefined;
  const pool =
    ownSources || options.compute?.threads === 0
      ? undefined
      : new ComputePool({ ...options.compute, ...(weatherDir !== undefined ? { weatherDir } : {}) });
  // With `warmUp`, createServer warms the threads itself (and waits for them) before it is ready.
  if (options.warmUp !== true) void pool?.warm();
  const stores: Stores = {
    accounts: options.stores?.accounts ?? storage.accounts,
    sites: options.stores?.sites ?? storage.sites,
    measurements: options.stores?.measurements ?? storage.measurements,
    limits: options.stores?.limits ?? storage.limits,
  };
  const weatherGeneration = (): number => weatherStore?.generation() ?? 0;
  return Object.assign(ctx, {
    storage,
    db,
    stores,
    clock,
    weatherSource,
    weatherStore,
    products,
    compute: { products, pool, weatherGeneration, report },
    quota: new Quota(stores.limits, clock),
    openapi: new OpenApiRegistry(),
    // A body computed from the synthetic model must not outlive the import of a file for its place.
    responses: new ResponseCache(weatherGeneration, options.responseCache),
    maxMeasurementRows: options.maxMeasurementRows ?? defaultMaxMeasurementRows(),
    siteLimits,
    options,
  });
}
