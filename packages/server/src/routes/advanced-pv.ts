/**
 * Power of stored PV sites (spec 4.9; contract.md sections 3 and 4):
 *
 *   GET /data/{historic,live,forecast}/advanced_pv_power?resource_id=   pv_power_advanced, MW
 *
 * The handler is endpoints/site-power.ts; this file declares the three endpoints.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type SitePowerEndpoint, type SitePowerKind, sitePowerEndpoints } from '../endpoints/site-power.js';
import { outputDocs } from '../products/outputs.js';
import { ADVANCED_PV_OUTPUTS, type PvSiteRecord, sitePowerParams } from '../products/advanced-pv.js';

const SUMMARY: Record<SitePowerKind, string> = {
  historic: 'Historic AC power of a PV site (2007-01-01 to 7 days ago, at most 31 days), MW.',
  live: 'Live AC power of a PV site (the past hours up to 7 days), MW, newest first.',
  forecast: 'Forecast AC power of a PV site up to 14 days ahead, MW, with P10 and P90.',
};

/** The advanced PV power endpoints (plan family advanced_pv). */
export const advancedPvRoutes: FastifyPluginAsync = async (app) => {
  await app.register(sitePowerEndpoints<PvSiteRecord>, {
    endpoints: (['historic', 'live', 'forecast'] as const).map(
      (kind): SitePowerEndpoint<PvSiteRecord> => ({
        path: `/data/${kind}/advanced_pv_power`,
        kind,
        family: 'advanced_pv',
        siteKind: 'pv',
        summary: SUMMARY[kind],
        params: sitePowerParams(kind, ADVANCED_PV_OUTPUTS[kind], 'MW'),
        outputs: outputDocs(ADVANCED_PV_OUTPUTS[kind]),
        legacyTimestamps: kind !== 'historic',
        product: 'advanced-pv',
      }),
    ),
  });
};
