/**
 * The handler of every time-series endpoint by place (radiation and weather, rooftop PV, soiling;
 * spec 4.2-4.5): an endpoint is a `DataEndpoint` (path, plan family, parameters, formats, version
 * rules, validation into a product task), and one handler serves them all: plan check, validation,
 * the quota, the product (on the main thread or in the compute pool, compute/answer.ts), the
 * format, and the response cache in front of them. routes/data.ts declares the endpoints and
 * registers this file's plugin with them.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TimestampStyle } from 'solarkit';
import { answerSeries } from '../compute/answer.js';
import type { SeriesRendering } from '../formats/render.js';
import { type FormatVersion, type SeriesFormat, parseSeriesFormat, responseVersion } from '../formats/version.js';
import { requirePlan } from '../http/auth.js';
import { isUnmeteredLocation } from '../http/limits.js';
import { type OperationExample, type RouteDoc, exampleQuery, seriesResponseSchema } from '../http/openapi.js';
import { type ParamDef, type ParamValues, validateQuery } from '../http/params.js';
import type { OutputDoc } from '../products/outputs.js';
import type { SeriesKind } from '../products/request.js';
import { type ProductTask, taskPlace } from '../products/task.js';
import type { PlanFamily } from '../storage/accounts.js';

/** One time-series endpoint. */
export interface DataEndpoint {
  path: string;
  family: PlanFamily;
  kind: SeriesKind;
  summary: string;
  /** Product parameters (without `format`). */
  params: ParamDef[];
  /** Every value field a response can carry, with its unit and description (the documentation's). */
  outputs: readonly OutputDoc[];
  /** Accepted `format` values besides HTML (format absent). */
  formats: readonly ('json' | 'csv' | 'pvsyst')[];
  /** Legacy timestamps (7 fraction digits, Z) apply to this endpoint (live/forecast radiation, rooftop, advanced PV). */
  legacyTimestamps: boolean;
  /** Legacy whole-degree air temperatures apply (radiation_and_weather live, forecast, historic). */
  legacyPrecision: boolean;
  /** Cross-field validation into the product's task; throws an ApiError (400) on invalid input. */
  validate(values: ParamValues, now: number, format: SeriesFormat): ProductTask;
}

/** The 5-minute step of the clock that live and forecast responses depend on. */
export const NOW_STEP_SECONDS = 300;

function formatDef(formats: readonly string[]): ParamDef {
  return {
    name: 'format',
    type: 'string',
    description: `Response format: ${formats.join(', ')}; json and csv accept the suffix ';version=3'. HTML when absent.`,
  };
}

/** The options of the `seriesEndpoints` plugin: the endpoints it serves, in the order they are documented. */
export interface SeriesEndpointsOptions {
  endpoints: readonly DataEndpoint[];
}

/**
 * The example request of a series endpoint, at a time the sun is up at its place: live and
 * forecast move to the unmetered place where the sun is highest over their two hours; historic
 * requests take the documented `start` (midday in Sydney); a TMY's first rows (its default
 * time zone is UTC: 2059-01-01 01:00Z onwards) are Sydney's midsummer midday.
 */
export function seriesExample(kind: SeriesKind, defs: readonly ParamDef[]): OperationExample {
  switch (kind) {
    case 'live':
      return { query: exampleQuery(defs), daylight: { by: 'place', offsetSeconds: -3600 } };
    case 'forecast':
      return { query: exampleQuery(defs), daylight: { by: 'place', offsetSeconds: 3600 } };
    case 'tmy':
    case 'historic':
      return { query: exampleQuery(defs) };
  }
}

/** The OpenAPI operation of an endpoint with its parameters (`defs`, `format` included). */
function seriesDoc(endpoint: DataEndpoint, defs: readonly ParamDef[]): RouteDoc {
  return {
    summary: endpoint.summary,
    tags: [endpoint.family],
    params: defs,
    responseTypes: ['text/csv', 'text/html'],
    example: seriesExample(endpoint.kind, defs),
    responseSchema: seriesResponseSchema(
      endpoint.kind === 'forecast' ? 'forecasts' : 'estimated_actuals',
      endpoint.outputs,
    ),
  };
}

/**
 * The routes of time-series endpoints, each with its OpenAPI operation; responses go through the
 * server's response cache (`app.solarkit.responses`).
 */
export const seriesEndpoints: FastifyPluginAsync<SeriesEndpointsOptions> = async (app, { endpoints }) => {
  for (const endpoint of endpoints) seriesRoute(app, endpoint);
};

function seriesRoute(app: FastifyInstance, endpoint: DataEndpoint): void {
  const ctx = app.solarkit;
  const cache = ctx.responses;
  const defs = [...endpoint.params, formatDef(endpoint.formats)];
  app.get(endpoint.path, { config: { openapi: seriesDoc(endpoint, defs) } }, async (request, reply) => {
    requirePlan(request, endpoint.family);
    const now = ctx.clock.now();
    const generation = cache.generation();
    const step = endpoint.kind === 'live' || endpoint.kind === 'forecast' ? Math.floor(now / NOW_STEP_SECONDS) : '';
    // Fast path: the same URL (which includes any format suffix) for an account of the same
    // default version in the same step always validates to the same values and response.
    const urlKey = `url|${request.url}|${responseVersion(request.account, false, now)}|${step}`;
    const urlHit = cache.get(urlKey);
    if (urlHit) {
      await ctx.quota.charge(request, urlHit.unmetered);
      return reply.type(urlHit.type).send(urlHit.body);
    }
    const values = validateQuery(defs, request.query);
    const { format, version3 } = parseSeriesFormat(values.format, endpoint.formats);
    const version = responseVersion(request.account, version3, now);
    const style: TimestampStyle = endpoint.legacyTimestamps && version === 'legacy' ? 'legacy' : 'v3';
    const precision: FormatVersion = endpoint.legacyPrecision ? version : '3';
    const key = `${endpoint.path}|${format}|${style}|${precision}|${step}|${JSON.stringify(values)}`;
    const hit = cache.get(key);
    if (hit) {
      await ctx.quota.charge(request, hit.unmetered);
      cache.alias(urlKey, key, generation);
      return reply.type(hit.type).send(hit.body);
    }
    const task = endpoint.validate(values, now, format);
    // Free only when the request, as read, is for an unmetered place; reserved before any work.
    const place = taskPlace(task);
    const unmetered = isUnmeteredLocation(place.latitude, place.longitude);
    await ctx.quota.charge(request, unmetered);
    const rendering: SeriesRendering = { format, style, precision, request: { path: endpoint.path, defs, values } };
    const answer = await answerSeries(ctx.compute, task, rendering, now, (error) => {
      request.log.error({ err: error }, 'streamed response broke off');
      void ctx.quota.refund(request);
    });
    if (answer.stream !== undefined) return reply.type(answer.type).send(answer.stream);
    cache.set(key, answer.type, answer.body, unmetered, generation, [urlKey]);
    return reply.type(answer.type).send(answer.body);
  });
}
