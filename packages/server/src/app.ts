/**
 * The HTTP server (fastify): the composition root. `createServer` builds the server context
 * (context.ts, decorated as `app.solarkit`), then, on the root instance, the error and 404/405
 * handlers, authentication, limits and the hook that records each route's OpenAPI operation;
 * then registers every route family (routes/) and the embedding server's plugins as fastify
 * plugins, which inherit all of these; it does not listen, so tests and embedders choose the port.
 */
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { type ServerContext, type ServerOptions, createServerContext } from './context.js';
import { registerAuth } from './http/auth.js';
import { registerBodyRules } from './http/body.js';
import { ApiError, clientErrorHandler, errorBody, errorHandler, notFoundHandler } from './http/errors.js';
import { registerLimits } from './http/limits.js';
import type { ExampleRunner } from './http/openapi.js';
import { parseQueryString } from './http/params.js';
import { logError, logRequest, registerRequestLog } from './http/request-log.js';
import { fastifyTlsOptions } from './http/tls.js';
import { advancedPvRoutes } from './routes/advanced-pv.js';
import { dataRoutes } from './routes/data.js';
import { measurementRoutes } from './routes/measurements.js';
import { resourceRoutes } from './routes/resources.js';
import { serviceRoutes } from './routes/service.js';
import { windRoutes } from './routes/wind.js';
import { warmUp } from './warm-up.js';

export type { ServerContext, ServerOptions, ServerPlugin } from './context.js';
export { redactUrl } from './http/auth.js';

/**
 * The runner of the documentation's example requests: an in-memory twin of the server (the same
 * clock, weather, places and horizons; its own throwaway database with the shared test sites) and
 * a key of an admin account on it, so that the examples' answers are real answers and creating a
 * site in an example touches no one's data.
 */
function exampleRunner(ctx: ServerContext): ExampleRunner {
  const { options } = ctx;
  return async (requests) => {
    const twin = await createServer({
      dbPath: ':memory:',
      clock: ctx.clock,
      weatherSource: ctx.weatherSource,
      weatherDir: '',
      ...(options.place ? { place: options.place } : {}),
      ...(options.horizon ? { horizon: options.horizon } : {}),
    });
    try {
      const accounts = twin.solarkit.stores.accounts;
      const account = await accounts.createAccount('documentation', { admin: true });
      const { key } = await accounts.createKey(account.id);
      const answers = [];
      for (const r of requests) {
        const res = await twin.inject({
          method: r.method,
          url: r.url,
          headers: {
            authorization: `Bearer ${key}`,
            ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(r.body !== undefined ? { payload: JSON.stringify(r.body) } : {}),
        });
        let body: unknown = res.body;
        try {
          body = JSON.parse(res.body);
        } catch {
          /* not JSON: kept as text */
        }
        answers.push({ status: res.statusCode, body });
      }
      return answers;
    } finally {
      await twin.close();
    }
  };
}

/** Builds the server (not yet listening). The caller closes it; closing also closes the database (or its pool). */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const ctx = await createServerContext(options);
  const { weatherStore } = ctx;
  // With TLS, fastify's instance is typed for an HTTP/2 server; routes and hooks use only what
  // both servers share, so it is handled as the HTTP/1.1 instance type.
  const app = Fastify({
    ...fastifyTlsOptions(options.tls),
    logger:
      options.logger || options.logStream
        ? {
            level: 'info',
            ...(options.logStream ? { stream: options.logStream } : {}),
            // One line per request, written by http/request-log.ts (cut, and refused ones rate-limited).
            serializers: { req: logRequest, err: logError },
          }
        : false,
    // fastify's own request lines off: http/request-log.ts writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // 431 and the parser's 400 in the API's JSON error body (fastify's own is another shape).
    clientErrorHandler,
    // Node's own limit on receiving a whole request, a backstop of the body limit (it is checked
    // only every 30 s); 0 in fastify's defaults.
    requestTimeout: (options.bodyTimeoutMs ?? 30_000) + 30_000,
    // Repeated keys arrive as arrays; names are normalised later (http/params.ts), values untouched.
    // The parser is named so that the redaction of logged keys reads queries as the routes do.
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
  }) as unknown as FastifyInstance;

  app.decorate('solarkit', ctx);
  ctx.log = app.log;
  ctx.openapi.setExampleRunner(exampleRunner(ctx), ctx.clock);
  // Bodies are JSON only (contract section 5: 415 for anything else); fastify also reads text/plain by default.
  app.removeContentTypeParser('text/plain');

  // 405 for a known path with another method: remember every route's methods.
  const routes: { re: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    const re = new RegExp(
      `^${route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`,
    );
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hit = routes.find((r) => r.re.source === re.source);
    if (hit) methods.forEach((m) => hit.methods.add(m));
    else routes.push({ re, methods: new Set(methods) });
  });
  // Each route documents itself: its options carry its OpenAPI operation (`config.openapi`).
  app.addHook('onRoute', (route) => ctx.openapi.addRoute(route));

  app.setErrorHandler((error, request, reply) => {
    if (
      options.development &&
      !(error instanceof ApiError) &&
      (error as { statusCode?: number }).statusCode === undefined
    ) {
      void reply.status(500).send({
        response_status: {
          error_code: 'InternalServerError',
          message: String(error),
          stack_trace: (error as Error).stack ?? '',
          errors: [],
          meta: {},
        },
      });
      return;
    }
    errorHandler(error as Error, request, reply);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    const known = routes.find((r) => r.re.test(path));
    if (known && !known.methods.has(request.method)) {
      const allow = [...known.methods].filter((m) => m !== 'HEAD').join(', ');
      void reply
        .status(405)
        .header('allow', allow)
        .type('application/json; charset=utf-8')
        .send(errorBody('MethodNotAllowed', `${request.method} is not allowed on ${path}; allowed: ${allow}.`));
      return;
    }
    notFoundHandler(request, reply);
  });

  if (options.logger || options.logStream) registerRequestLog(app, options.requestLog);
  registerBodyRules(app, { timeoutMs: options.bodyTimeoutMs ?? 30_000 });
  registerAuth(app, ctx.stores.accounts);
  registerLimits(app, ctx.stores.limits, ctx.quota, {
    rateLimit: options.rateLimit,
    rateWindowSeconds: options.rateWindowSeconds,
  });
  // The weather files another process imported are noticed before a request is answered.
  if (weatherStore !== undefined) app.addHook('onRequest', async () => weatherStore.refresh());

  // The route families, then the embedding server's plugins: each an encapsulated plugin that
  // inherits the hooks and handlers above. Their order is the OpenAPI document's order of paths.
  await app.register(serviceRoutes);
  await app.register(dataRoutes);
  await app.register(resourceRoutes);
  await app.register(measurementRoutes);
  await app.register(advancedPvRoutes);
  await app.register(windRoutes);
  for (const plugin of options.plugins ?? []) {
    if (typeof plugin === 'function') await app.register(plugin);
    else await app.register(plugin.plugin, plugin.options ?? {});
  }

  // fastify closes the idle connections; one whose client stopped reading a large answer is never
  // idle, and would hold close() forever: past the grace it is cut.
  // The sockets are tracked here rather than by closeAllConnections, which HTTP/2 (TLS) lacks.
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  let closeGrace: ReturnType<typeof setTimeout> | undefined;
  app.addHook('preClose', async () => {
    closeGrace = setTimeout(() => {
      for (const socket of sockets) socket.destroy();
    }, options.closeGraceMs ?? 10_000);
    closeGrace.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(closeGrace);
    await ctx.compute.pool?.close();
    await ctx.storage.close();
  });
  await app.ready();
  // Before the caller listens: no request waits on it.
  if (options.warmUp === true) {
    // The main thread computes small requests; the pool's threads compute the large ones (a TMY):
    // with a pool, the main thread compiles the path once and leaves the drills to the threads.
    const pool = ctx.compute.pool;
    const [failed] = await Promise.all([
      warmUp(ctx.products, pool === undefined ? {} : { drills: 0 }),
      pool?.warm(ctx.clock.now()),
    ]);
    if (failed !== undefined)
      app.log.warn({ err: failed }, 'warm-up skipped: the first TMY request will pay the compilation');
  }
  return app;
}
