/**
 * Power of stored sites (spec 4.9; contract.md sections 3 and 4):
 *
 *   GET /data/{historic,live,forecast}/advanced_pv_power?resource_id=   pv_power_advanced, MW
 *
 * and, through the same handler (wind.ts), premium wind power. The site is looked up for the
 * caller (404 when it may not see it); its whole configuration history goes to the product, which
 * computes each period with the configuration in force when the period ended.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ADVANCED_PV_OUTPUTS, type SiteSeriesRequest, advancedPvPower, sitePowerParams, validateSitePower,
} from '../products/advanced-pv.js';
import type { ProductContext } from '../products/context.js';
import type { ParamDef } from '../products/params.js';
import type { SeriesTable } from '../products/table.js';
import type { TimestampStyle } from 'solarkit';
import type { ServerContext } from '../app.js';
import { type PlanFamily, requirePlan } from '../auth.js';
import { badRequest, notFound } from '../errors.js';
import { seriesToCsv, seriesToHtml, seriesToJson } from '../formats/index.js';
import { type FieldError, validateQuery } from '../params.js';
import type { SiteConfigBase, SiteKind } from '../storage/types.js';
import { parseFormat, responseVersion } from './data.js';
import { storesOf } from './resources.js';

type Kind = 'historic' | 'live' | 'forecast';

/** One site-based power endpoint. */
export interface SitePowerEndpoint {
  path: string;
  kind: Kind;
  family: PlanFamily;
  siteKind: SiteKind;
  summary: string;
  params: ParamDef[];
  /** Whether legacy timestamps apply (live and forecast advanced PV; contract section 3). */
  legacyTimestamps: boolean;
  compute(request: SiteSeriesRequest<SiteConfigBase>, products: ProductContext): Promise<SeriesTable>;
}

const FORMAT: ParamDef = {
  name: 'format', type: 'string',
  description: "Response format: json or csv (either may end in ';version=3'); HTML when absent.",
};

function send(reply: FastifyReply, type: string, body: string): FastifyReply {
  return reply.type(type).send(body);
}

/** Registers one site power endpoint and its OpenAPI operation. */
export function registerSitePowerEndpoint(app: FastifyInstance, ctx: ServerContext, endpoint: SitePowerEndpoint): void {
  const { sites } = storesOf(ctx);
  const defs = [...endpoint.params, FORMAT];
  ctx.openapi.add({
    method: 'GET', path: endpoint.path, summary: endpoint.summary, tags: [endpoint.family], params: defs,
    responseTypes: ['text/csv', 'text/html'],
  });
  app.get(endpoint.path, async (request, reply) => {
    const account = requirePlan(request, endpoint.family);
    const values = validateQuery(defs, request.query);
    const { format, version3 } = parseFormat(values.format, ['json', 'csv']);
    const now = ctx.clock.now();
    const errors: FieldError[] = [];
    const valid = validateSitePower(endpoint.kind, values, now, errors);
    if (!valid) throw badRequest(errors);
    const rid = values.resource_id as string;
    const site = await sites.getSite(endpoint.siteKind, rid, { accountId: account.id });
    if (!site) throw notFound(`No ${endpoint.siteKind === 'pv' ? 'PV power' : 'wind power'} site with resource_id '${rid}'.`);
    const history = await sites.configHistory(site.id);
    const table = await endpoint.compute({ kind: endpoint.kind, now, ...valid, history }, ctx.products);
    const version = responseVersion(account, version3, now);
    const style: TimestampStyle = endpoint.legacyTimestamps && version === 'legacy' ? 'legacy' : 'v3';
    switch (format) {
      case 'json': return send(reply, 'application/json; charset=utf-8', seriesToJson(table, style, '3'));
      case 'csv': return send(reply, 'text/csv; charset=utf-8', seriesToCsv(table, style, '3'));
      default: {
        const params: Record<string, unknown> = {};
        for (const d of defs) if (values[d.name] !== undefined) params[d.name] = values[d.name];
        return send(reply, 'text/html; charset=utf-8', seriesToHtml(table, style, '3', { path: endpoint.path, params }));
      }
    }
  });
}

const SUMMARY: Record<Kind, string> = {
  historic: 'Historic AC power of a PV site (2007-01-01 to 7 days ago, at most 31 days), MW.',
  live: 'Live AC power of a PV site (the past hours up to 7 days), MW, newest first.',
  forecast: 'Forecast AC power of a PV site up to 14 days ahead, MW, with P10 and P90.',
};

/** Registers the advanced PV power endpoints (plan family advanced_pv). */
export async function registerAdvancedPvRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  for (const kind of ['historic', 'live', 'forecast'] as const) {
    registerSitePowerEndpoint(app, ctx, {
      path: `/data/${kind}/advanced_pv_power`, kind, family: 'advanced_pv', siteKind: 'pv', summary: SUMMARY[kind],
      params: sitePowerParams(kind, ADVANCED_PV_OUTPUTS[kind], 'MW'),
      legacyTimestamps: kind !== 'historic',
      compute: (request, products) => advancedPvPower(request as never, products),
    });
  }
}
