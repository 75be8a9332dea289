/**
 * The HTTP server (fastify): authentication, limits, errors, the data routes of the API, the
 * OpenAPI document and its page, and `/health`. `createServer` builds it without listening, so
 * tests and embedding servers choose the port.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type Clock, clockFrom } from 'solarkit';
import { registerAuth } from './auth.js';
import { type Database, openDatabase } from './db.js';
import { ApiError, errorBody, errorHandler } from './errors.js';
import { registerLimits } from './limits.js';
import { OpenApiRegistry } from './openapi.js';
import { DATA_ENDPOINTS, registerDataEndpoint } from './routes/data.js';
import { registerResourceRoutes } from './routes/resources.js';
import { registerMeasurementRoutes } from './routes/measurements.js';
import { registerAdvancedPvRoutes } from './routes/advanced-pv.js';
import { registerWindRoutes } from './routes/wind.js';
import type { WeatherSource } from './products/source.js';
import { createProductContext, type PlaceFacts, type ProductContext } from './products/context.js';
import type { HorizonProfile } from 'solarkit';
import { placeFacts, placeHorizon } from './place.js';
import { composeSources, realDataSource } from 'solarkit';
import { weatherSourceWithStore } from 'solarkit/node';
import { GenerationalResponseCache, type ServerWeatherStore, watchWeatherStore, weatherDirectoryOf } from './weather-store.js';

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
  /** Requests per rate window per key (default 600) and the window in seconds (default 60). */
  rateLimit?: number;
  rateWindowSeconds?: number;
  /** Largest accepted request body, bytes (default 1 MiB: 1000 measurement records fit). */
  bodyLimit?: number;
  /** Development mode: error bodies carry the stack trace. */
  development?: boolean;
  /** Extra routes of an embedding server, registered after the API's own (before the server is ready). */
  plugins?: ((app: FastifyInstance, ctx: ServerContext) => void | Promise<void>)[];
}

/** What every route module receives: the database, the clock, the data sources and the doc registry. */
export interface ServerContext {
  db: Database;
  clock: Clock;
  /** The weather source the products read (the synthetic model and the weather files over it). */
  weatherSource: WeatherSource;
  /** The user's real weather files, when the server has a weather directory. */
  weatherStore: ServerWeatherStore | undefined;
  products: ProductContext;
  openapi: OpenApiRegistry;
  options: ServerOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's context (database, clock, sources), for embedding code and tests. */
    solarkit: ServerContext;
  }
}

/** Removes the api_key value from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:api_?key|apiKey)=)[^&#]*/gi, '$1[redacted]');
}

/** Builds the server (not yet listening). The caller closes it; closing also closes the database. */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const db = openDatabase(options.dbPath);
  const clock = options.clock ?? clockFrom(process.env.SOLARKIT_NOW);
  const app = Fastify({
    logger: options.logger || options.logStream
      ? {
          level: 'info',
          ...(options.logStream ? { stream: options.logStream } : {}),
          serializers: {
            req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
          },
        }
      : false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Repeated keys arrive as arrays; names are normalised later (params.ts), values untouched.
    routerOptions: { ignoreTrailingSlash: true },
  });

  const openapi = new OpenApiRegistry();
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
  const ctx: ServerContext = {
    db,
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
    openapi,
    options,
  };

  app.decorate('solarkit', ctx);
  // Bodies are JSON only (contract section 5: 415 for anything else); fastify also reads text/plain by default.
  app.removeContentTypeParser('text/plain');

  // 405 for a known path with another method: remember every route's methods.
  const routes: { re: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    const re = new RegExp(`^${route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hit = routes.find((r) => r.re.source === re.source);
    if (hit) methods.forEach((m) => hit.methods.add(m));
    else routes.push({ re, methods: new Set(methods) });
  });

  app.setErrorHandler((error, request, reply) => {
    if (options.development && !(error instanceof ApiError) && (error as { statusCode?: number }).statusCode === undefined) {
      void reply.status(500).send({ response_status: { error_code: 'InternalServerError', message: String(error), stack_trace: (error as Error).stack ?? '', errors: [], meta: {} } });
      return;
    }
    errorHandler(error as Error, request, reply);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    const known = routes.find((r) => r.re.test(path));
    if (known && !known.methods.has(request.method)) {
      const allow = [...known.methods].filter((m) => m !== 'HEAD').join(', ');
      void reply.status(405).header('allow', allow).type('application/json; charset=utf-8')
        .send(errorBody('MethodNotAllowed', `${request.method} is not allowed on ${path}; allowed: ${allow}.`));
      return;
    }
    void reply.status(404).type('application/json; charset=utf-8')
      .send(errorBody('NotFound', `No route for ${request.method} ${path}.`));
  });

  registerAuth(app, db);
  registerLimits(app, db, clock, { rateLimit: options.rateLimit, rateWindowSeconds: options.rateWindowSeconds });

  app.get('/health', async () => ({ status: 'ok', now: new Date(clock.now() * 1000).toISOString() }));
  app.get('/openapi.json', async (request) => openapi.document(`${request.protocol}://${request.host}`));
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(openapi.html()));

  // One response cache for the data routes, emptied when the weather files change (a body
  // computed from the synthetic model must not outlive the import of a file for its place).
  if (weatherStore !== undefined) app.addHook('onRequest', async () => weatherStore.refresh());
  const responses = new GenerationalResponseCache(() => weatherStore?.generation() ?? 0);
  for (const endpoint of DATA_ENDPOINTS) registerDataEndpoint(app, ctx, endpoint, responses);

  // ---- Routes of "server part 2" (sites, measurements, advanced PV, wind): one line each. ----
  // (part 2 adds its imports at the top and its `await registerXxxRoutes(app, ctx);` lines here)
  await registerResourceRoutes(app, ctx);
  await registerMeasurementRoutes(app, ctx);
  await registerAdvancedPvRoutes(app, ctx);
  await registerWindRoutes(app, ctx);
  // ---- end of part 2 routes ----

  for (const plugin of options.plugins ?? []) await plugin(app, ctx);

  app.addHook('onClose', async () => {
    db.close();
  });
  await app.ready();
  return app;
}
