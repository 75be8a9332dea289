/**
 * The service's own routes, open to every caller (no key): `/health`, the OpenAPI document of the
 * API at `/openapi.json` and its HTML page at `/docs`.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HTML_TYPE } from '../formats/render.js';
import { type DocsDocument, docsPage } from '../http/docs-page.js';

/** /health (documented), /openapi.json and /docs (the document and its page, not operations of the API). */
export const serviceRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.solarkit;
  app.get(
    '/health',
    {
      config: {
        openapi: {
          summary: 'Whether the server runs, and its clock (no key needed).',
          tags: ['service'],
          params: [],
          example: {},
        },
      },
    },
    async () => ({ status: 'ok', now: new Date(ctx.clock.now() * 1000).toISOString() }),
  );
  const origin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;
  app.get('/openapi.json', async (request) => ctx.openapi.document(origin(request)));
  app.get('/docs', async (request, reply) => {
    const doc = await ctx.openapi.document(origin(request));
    return reply.type(HTML_TYPE).send(docsPage(doc as unknown as DocsDocument));
  });
};
