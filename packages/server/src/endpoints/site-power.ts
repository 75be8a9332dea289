/**
 * The handler of the power endpoints of stored sites (advanced PV power, spec 4.9; premium wind
 * power): the site is looked up for the caller (404 when it may not see it), and the configuration
 * versions that can be in force in the window go to the product, which computes each period with
 * the configuration in force when the period ended. A large series is computed and rendered in the
 * compute pool (compute/answer.ts), so that concurrent requests over large sites do not hold the
 * main thread. routes/advanced-pv.ts and routes/wind.ts declare the endpoints and register this
 * file's plugin with them.
 */
import type { FastifyInstance } from 'fastify';
import type { TimestampStyle } from 'solarkit';
import { answerSeries } from '../compute/answer.js';
import type { SeriesRendering } from '../formats/render.js';
import { parseSeriesFormat, responseVersion } from '../formats/version.js';
import { requirePlan } from '../http/auth.js';
import { badRequest, notFound } from '../http/errors.js';
import { isUnmeteredLocation } from '../http/limits.js';
import { EXAMPLE_SITE_IDS, type RouteDoc, exampleQuery, seriesResponseSchema } from '../http/openapi.js';
import { type FieldError, type ParamDef, validateQuery } from '../http/params.js';
import type { OutputDoc } from '../products/outputs.js';
import { validateSitePower } from '../products/advanced-pv.js';
import type { ProductTask, SiteProduct } from '../products/task.js';
import type { PlanFamily } from '../storage/accounts.js';
import type { SiteConfigBase, SiteKind } from '../storage/types.js';

/** The kinds of series of a site's power (no TMY). */
export type SitePowerKind = 'historic' | 'live' | 'forecast';

/** One site-based power endpoint, of the sites whose configuration is a `C`. */
export interface SitePowerEndpoint<C extends SiteConfigBase = SiteConfigBase> {
  path: string;
  kind: SitePowerKind;
  family: PlanFamily;
  siteKind: SiteKind;
  summary: string;
  params: ParamDef[];
  /** Every value field a response can carry, with its unit and description (the documentation's). */
  outputs: readonly OutputDoc[];
  /** Whether legacy timestamps apply (live and forecast advanced PV; contract section 3). */
  legacyTimestamps: boolean;
  /** The product that computes the series (products/task.ts), of sites whose configuration is a `C`. */
  product: SiteProduct;
  /** Marks the configuration type (never set). */
  configType?: C;
}

/** The first and last period end of a window, Unix seconds (live windows are newest first). */
function windowSpan(periodEnd: Float64Array, now: number): { from: number; to: number } {
  if (periodEnd.length === 0) return { from: now, to: now };
  let from = periodEnd[0]!;
  let to = from;
  for (let i = 1; i < periodEnd.length; i++) {
    const t = periodEnd[i]!;
    if (t < from) from = t;
    else if (t > to) to = t;
  }
  return { from, to };
}

const FORMAT: ParamDef = {
  name: 'format',
  type: 'string',
  description: "Response format: json or csv (either may end in ';version=3'); HTML when absent.",
};

/** The options of the `sitePowerEndpoints` plugin: the endpoints of one kind of site, in the order they are documented. */
export interface SitePowerEndpointsOptions<C extends SiteConfigBase> {
  endpoints: readonly SitePowerEndpoint<C>[];
}

/**
 * The routes of site power endpoints, each with its OpenAPI operation: a fastify plugin for the
 * sites of each configuration type, `app.register(sitePowerEndpoints<PvSiteRecord>, { endpoints })`.
 */
export async function sitePowerEndpoints<C extends SiteConfigBase>(
  app: FastifyInstance,
  { endpoints }: SitePowerEndpointsOptions<C>,
): Promise<void> {
  for (const endpoint of endpoints) sitePowerRoute(app, endpoint);
}

function sitePowerRoute<C extends SiteConfigBase>(app: FastifyInstance, endpoint: SitePowerEndpoint<C>): void {
  const ctx = app.solarkit;
  const { sites } = ctx.stores;
  const defs = [...endpoint.params, FORMAT];
  const openapi: RouteDoc = {
    summary: endpoint.summary,
    tags: [endpoint.family],
    params: defs,
    responseTypes: ['text/csv', 'text/html'],
    // PV: a shared test site (historic: Sydney's, the parameter's example, at the documented
    // midday start; live and forecast: the one where the sun is highest over the example's two
    // hours); wind: the site the example of POST /resources/wind_power_site creates.
    example:
      endpoint.siteKind === 'wind'
        ? { query: exampleQuery(defs, { resource_id: EXAMPLE_SITE_IDS.wind }) }
        : endpoint.kind === 'historic'
          ? { query: exampleQuery(defs) }
          : {
              query: exampleQuery(defs),
              daylight: { by: 'site', offsetSeconds: endpoint.kind === 'live' ? -3600 : 3600 },
            },
    responseSchema: seriesResponseSchema(
      endpoint.kind === 'forecast' ? 'forecasts' : 'estimated_actuals',
      endpoint.outputs,
    ),
  };
  app.get(endpoint.path, { config: { openapi } }, async (request, reply) => {
    const account = requirePlan(request, endpoint.family);
    const values = validateQuery(defs, request.query);
    const { format, version3 } = parseSeriesFormat(values.format, ['json', 'csv']);
    const now = ctx.clock.now();
    const errors: FieldError[] = [];
    const valid = validateSitePower(endpoint.kind, values, now, errors);
    if (!valid) throw badRequest(errors);
    const rid = values.resource_id as string;
    // The site without its configuration: the main thread never parses a (possibly large) one.
    const site = await sites.findSite(endpoint.siteKind, rid, { accountId: account.id });
    if (!site)
      throw notFound(`No ${endpoint.siteKind === 'pv' ? 'PV power' : 'wind power'} site with resource_id '${rid}'.`);
    // Free only for a shared test site or a site at an unmetered place; reserved before any work.
    await ctx.quota.charge(request, site.unmetered || isUnmeteredLocation(site.latitude, site.longitude));
    // Only the versions that can be in force for a period of the window: the same answer as the
    // whole history (configAt), without reading every version a long-lived site has; each as the
    // models read it (without zenith coefficients, which can be most of its bytes), as JSON text
    // that the computation parses (in the pool when it is large).
    const history = await sites.modelConfigHistory(site.id, windowSpan(valid.window.periodEnd, now));
    const task: ProductTask = {
      product: endpoint.product,
      request: { kind: endpoint.kind, now, ...valid, latitude: site.latitude, longitude: site.longitude, history },
    };
    const version = responseVersion(account, version3, now);
    const style: TimestampStyle = endpoint.legacyTimestamps && version === 'legacy' ? 'legacy' : 'v3';
    const rendering: SeriesRendering = {
      format,
      style,
      precision: '3',
      request: { path: endpoint.path, defs, values },
    };
    const answer = await answerSeries(ctx.compute, task, rendering, now, (error) => {
      request.log.error({ err: error }, 'streamed response broke off');
      void ctx.quota.refund(request);
    });
    return reply.type(answer.type).send(answer.stream ?? answer.body);
  });
}
