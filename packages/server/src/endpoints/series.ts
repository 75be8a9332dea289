/**
 * The handler of every time-series endpoint by place (radiation and weather, rooftop PV, soiling;
 * spec 4.2-4.5): an endpoint is a `DataEndpoint` (path, plan family, parameters, formats, version
 * rules, product call), and one handler serves them all: plan check, validation, the product,
 * the format, and the response cache in front of them. routes/data.ts declares the endpoints.
 */
import type { FastifyInstance } from 'fastify';
import type { TimestampStyle } from 'solarkit';
import type { ServerContext } from '../context.js';
import { renderSeries } from '../formats/render.js';
import { type FormatVersion, type SeriesFormat, parseSeriesFormat, responseVersion } from '../formats/version.js';
import { requirePlan } from '../http/auth.js';
import { exampleQuery } from '../http/openapi.js';
import { type ParamDef, type ParamValues, validateQuery } from '../http/params.js';
import type { ProductContext } from '../products/context.js';
import type { SeriesKind } from '../products/request.js';
import type { SeriesTable } from '../products/table.js';
import type { PlanFamily } from '../storage/accounts.js';

/** One time-series endpoint. */
export interface DataEndpoint {
  path: string;
  family: PlanFamily;
  kind: SeriesKind;
  summary: string;
  /** Product parameters (without `format`). */
  params: ParamDef[];
  /** Accepted `format` values besides HTML (format absent). */
  formats: readonly ('json' | 'csv' | 'pvsyst')[];
  /** Legacy timestamps (7 fraction digits, Z) apply to this endpoint (live/forecast radiation, rooftop, advanced PV). */
  legacyTimestamps: boolean;
  /** Legacy whole-degree air temperatures apply (radiation_and_weather live, forecast, historic). */
  legacyPrecision: boolean;
  /** Cross-field validation and the product call; throws an ApiError (400) on invalid input. */
  run(values: ParamValues, now: number, products: ProductContext, format: SeriesFormat): Promise<SeriesTable>;
}

/** The 5-minute step of the clock that live and forecast responses depend on. */
export const NOW_STEP_SECONDS = 300;

function formatDef(formats: readonly string[]): ParamDef {
  return {
    name: 'format', type: 'string',
    description: `Response format: ${formats.join(', ')}; json and csv accept the suffix ';version=3'. HTML when absent.`,
  };
}

/** Registers one endpoint's route and its OpenAPI operation; responses go through `ctx.responses`. */
export function registerDataEndpoint(app: FastifyInstance, ctx: ServerContext, endpoint: DataEndpoint): void {
  const cache = ctx.responses;
  const defs = [...endpoint.params, formatDef(endpoint.formats)];
  ctx.openapi.add({
    method: 'GET', path: endpoint.path, summary: endpoint.summary, tags: [endpoint.family], params: defs,
    responseTypes: ['text/csv', 'text/html'],
    example: { query: exampleQuery(defs) },
    responseSchema: {
      type: 'object',
      properties: {
        [endpoint.kind === 'forecast' ? 'forecasts' : 'estimated_actuals']: {
          type: 'array', items: { type: 'object', properties: { period_end: { type: 'string' }, period: { type: 'string' } }, additionalProperties: true },
        },
      },
    },
  });
  app.get(endpoint.path, async (request, reply) => {
    requirePlan(request, endpoint.family);
    const now = ctx.clock.now();
    const step = endpoint.kind === 'live' || endpoint.kind === 'forecast' ? Math.floor(now / NOW_STEP_SECONDS) : '';
    // Fast path: the same URL (which includes any format suffix) for an account of the same
    // default version in the same step always validates to the same values and response.
    const urlKey = `url|${request.url}|${responseVersion(request.account, false, now)}|${step}`;
    const urlHit = cache.get(urlKey);
    if (urlHit) return reply.type(urlHit.type).send(urlHit.body);
    const values = validateQuery(defs, request.query);
    const { format, version3 } = parseSeriesFormat(values.format, endpoint.formats);
    const version = responseVersion(request.account, version3, now);
    const style: TimestampStyle = endpoint.legacyTimestamps && version === 'legacy' ? 'legacy' : 'v3';
    const precision: FormatVersion = endpoint.legacyPrecision ? version : '3';
    const key = `${endpoint.path}|${format}|${style}|${precision}|${step}|${JSON.stringify(values)}`;
    const hit = cache.get(key);
    if (hit) {
      cache.set(urlKey, hit);
      return reply.type(hit.type).send(hit.body);
    }
    const table = await endpoint.run(values, now, ctx.products, format);
    const rendered = renderSeries(table, format, style, precision, { path: endpoint.path, defs, values });
    cache.set(key, rendered);
    cache.set(urlKey, rendered);
    return reply.type(rendered.type).send(rendered.body);
  });
}
