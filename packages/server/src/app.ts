/**
 * The HTTP server (fastify): the composition root. `createServer` builds the server context
 * (context.ts), then the error and 404/405 handlers, authentication and limits, and every route
 * family (routes/), without listening, so tests and embedding servers choose the port.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type ServerOptions, createServerContext } from './context.js';
import { registerAuth } from './http/auth.js';
import { ApiError, errorBody, errorHandler } from './http/errors.js';
import { registerLimits } from './http/limits.js';
import { registerAdvancedPvRoutes } from './routes/advanced-pv.js';
import { registerDataRoutes } from './routes/data.js';
import { registerMeasurementRoutes } from './routes/measurements.js';
import { registerResourceRoutes } from './routes/resources.js';
import { registerServiceRoutes } from './routes/service.js';
import { registerWindRoutes } from './routes/wind.js';
import { warmUp } from './warm-up.js';

export type { ServerContext, ServerOptions } from './context.js';

/** Removes the api_key value from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:api_?key|apiKey)=)[^&#]*/gi, '$1[redacted]');
}

/** Builds the server (not yet listening). The caller closes it; closing also closes the database. */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const ctx = createServerContext(options);
  const { db, clock, weatherStore } = ctx;
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
    // Repeated keys arrive as arrays; names are normalised later (http/params.ts), values untouched.
    routerOptions: { ignoreTrailingSlash: true },
  });

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
  // The weather files another process imported are noticed before a request is answered.
  if (weatherStore !== undefined) app.addHook('onRequest', async () => weatherStore.refresh());

  // Every route family registers itself (and its OpenAPI operations).
  await registerServiceRoutes(app, ctx);
  await registerDataRoutes(app, ctx);
  await registerResourceRoutes(app, ctx);
  await registerMeasurementRoutes(app, ctx);
  await registerAdvancedPvRoutes(app, ctx);
  await registerWindRoutes(app, ctx);

  for (const plugin of options.plugins ?? []) await plugin(app, ctx);

  app.addHook('onClose', async () => {
    db.close();
  });
  await app.ready();
  // Before the caller listens: no request waits on it.
  if (options.warmUp === true) {
    const failed = await warmUp(ctx.products);
    if (failed !== undefined) app.log.warn({ err: failed }, 'warm-up skipped: the first TMY request will pay the compilation');
  }
  return app;
}
