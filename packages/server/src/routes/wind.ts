/**
 * Premium wind power of a stored wind site (spec part 1 "premium wind power", 9.10):
 *
 *   GET /data/{historic,live,forecast}/wind_power?resource_id=   wind_power, MW
 *
 * The spec names the product but not its path; this server uses the path pattern of advanced PV
 * power (docs/api-resources.md). Plan family `premium`; timestamps always in the version 3 form
 * (contract section 3: legacy applies only to radiation, rooftop and advanced PV).
 */
import type { FastifyPluginAsync } from 'fastify';
import { type SitePowerEndpoint, sitePowerEndpoints } from '../endpoints/site-power.js';
import { outputDocs } from '../products/outputs.js';
import { sitePowerParams } from '../products/advanced-pv.js';
import { WIND_OUTPUTS, type WindSiteRecord } from '../products/wind.js';

const SUMMARY = {
  historic: 'Historic power of a wind site (2007-01-01 to 7 days ago, at most 31 days), MW.',
  live: 'Live power of a wind site (the past hours up to 7 days), MW, newest first.',
  forecast: 'Forecast power of a wind site up to 14 days ahead, MW.',
} as const;

/** The wind power endpoints (plan family premium). */
export const windRoutes: FastifyPluginAsync = async (app) => {
  await app.register(sitePowerEndpoints<WindSiteRecord>, {
    endpoints: (['historic', 'live', 'forecast'] as const).map(
      (kind): SitePowerEndpoint<WindSiteRecord> => ({
        path: `/data/${kind}/wind_power`,
        kind,
        family: 'premium',
        siteKind: 'wind',
        summary: SUMMARY[kind],
        params: sitePowerParams(kind, WIND_OUTPUTS, 'MW'),
        outputs: outputDocs(WIND_OUTPUTS),
        legacyTimestamps: false,
        product: 'wind-power',
      }),
    ),
  });
};
