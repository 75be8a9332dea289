/**
 * The handler of the power endpoints of stored sites (advanced PV power, spec 4.9; premium wind
 * power): the site is looked up for the caller (404 when it may not see it), and its whole
 * configuration history goes to the product, which computes each period with the configuration
 * in force when the period ended. routes/advanced-pv.ts and routes/wind.ts declare the endpoints
 * and register this file's plugin with them.
 */
import type { FastifyInstance } from 'fastify';
import type { TimestampStyle } from 'solarkit';
import { renderSeries } from '../formats/render.js';
import { parseSeriesFormat, responseVersion } from '../formats/version.js';
import { requirePlan } from '../http/auth.js';
import { badRequest, notFound } from '../http/errors.js';
import { isUnmeteredLocation } from '../http/limits.js';
import { EXAMPLE_SITE_IDS, type RouteDoc, exampleQuery, seriesResponseSchema } from '../http/openapi.js';
import { type FieldError, type ParamDef, validateQuery } from '../http/params.js';
import { type SiteSeriesRequest, validateSitePower } from '../products/advanced-pv.js';
import type { ProductContext } from '../products/context.js';
import type { OutputDoc } from '../products/outputs.js';
import type { SeriesTable } from '../products/table.js';
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
  /** The product (a property, not a method, so that its parameter is checked strictly against `C`). */
  compute: (request: SiteSeriesRequest<C>, products: ProductContext) => Promise<SeriesTable>;
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
    const site = await sites.getSite(endpoint.siteKind, rid, { accountId: account.id });
    if (!site)
      throw notFound(`No ${endpoint.siteKind === 'pv' ? 'PV power' : 'wind power'} site with resource_id '${rid}'.`);
    // Free only for a shared test site or a site at an unmetered place; reserved before any work.
    await ctx.quota.charge(request, site.unmetered || isUnmeteredLocation(site.config.latitude, site.config.longitude));
    const history = await sites.configHistory<C>(site.id);
    const table = await endpoint.compute({ kind: endpoint.kind, now, ...valid, history }, ctx.products);
    const version = responseVersion(account, version3, now);
    const style: TimestampStyle = endpoint.legacyTimestamps && version === 'legacy' ? 'legacy' : 'v3';
    const { type, body } = renderSeries(table, {
      format,
      style,
      precision: '3',
      request: { path: endpoint.path, defs, values },
    });
    return reply.type(type).send(body);
  });
}
