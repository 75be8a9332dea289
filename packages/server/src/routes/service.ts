/**
 * The service's own routes, open to every caller (no key): `/health`, the OpenAPI document of the
 * API at `/openapi.json` and its HTML page at `/docs`.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { HTML_TYPE } from '../formats/render.js';

/** Registers /health, /openapi.json and /docs. */
export async function registerServiceRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/health', async () => ({ status: 'ok', now: new Date(ctx.clock.now() * 1000).toISOString() }));
  app.get('/openapi.json', async (request) => ctx.openapi.document(`${request.protocol}://${request.host}`));
  app.get('/docs', async (_request, reply) => reply.type(HTML_TYPE).send(ctx.openapi.html()));
}
