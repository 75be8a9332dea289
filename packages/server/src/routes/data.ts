/**
 * The time-series data routes by place (spec 4.2-4.5 and /data/tmy/radiation_and_weather):
 * radiation and weather, rooftop PV power and soiling. Each is one entry of `DATA_ENDPOINTS`
 * (path, plan family, parameters, formats, version rules, product call); the one handler that
 * serves them is endpoints/series.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type DataEndpoint, seriesEndpoints } from '../endpoints/series.js';
import { PVSYST_PARAMETERS } from '../formats/pvsyst.js';
import { badRequest } from '../http/errors.js';
import type { FieldError } from '../http/params.js';
import { ROOFTOP_FORECAST_OUTPUTS, ROOFTOP_OUTPUTS, outputDocs } from '../products/outputs.js';
import { radiationOutputNames, radiationParams, validateRadiation } from '../products/radiation.js';
import type { SeriesKind } from '../products/request.js';
import { rooftopParams, validateRooftop } from '../products/rooftop.js';
import { type SoilingKind, type SoilingModel, soilingParams, validateSoiling } from '../products/soiling.js';

function throwIfErrors(errors: FieldError[] | undefined): void {
  if (errors && errors.length > 0) throw badRequest(errors);
}

function radiationEndpoint(kind: SeriesKind, summary: string): DataEndpoint {
  return {
    path: `/data/${kind}/radiation_and_weather`,
    family: kind === 'tmy' ? 'tmy' : 'radiation',
    kind,
    summary,
    params: radiationParams(kind),
    outputs: outputDocs(radiationOutputNames(kind)),
    formats: kind === 'historic' || kind === 'tmy' ? ['json', 'csv', 'pvsyst'] : ['json', 'csv'],
    legacyTimestamps: kind === 'live' || kind === 'forecast',
    legacyPrecision: kind !== 'tmy',
    validate(values, now, format) {
      if (format === 'pvsyst') values = { ...values, output_parameters: [...PVSYST_PARAMETERS] };
      const v = validateRadiation(kind, values, now);
      throwIfErrors(v.errors);
      return { product: 'radiation', request: v.request! };
    },
  };
}

function soilingEndpoint(model: SoilingModel, kind: SoilingKind): DataEndpoint {
  const name = model === 'hsu' ? 'HSU' : 'Kimber';
  const what =
    kind === 'historic'
      ? 'Historic (2007-01-01 to 7 days ago, at most 31 days)'
      : kind === 'live'
        ? 'Live (the past hours, newest first)'
        : 'Forecast (up to 14 days ahead)';
  return {
    path: `/data/${kind}/soiling/${model}`,
    family: 'soiling',
    kind,
    summary: `${what} ${name} soiling loss fraction (${model}_loss_fraction).`,
    params: soilingParams(model, kind),
    outputs: outputDocs([`${model}_loss_fraction`]),
    formats: ['json', 'csv'],
    legacyTimestamps: false,
    legacyPrecision: false,
    validate(values, now) {
      const v = validateSoiling(model, kind, values, now);
      throwIfErrors(v.errors);
      return { product: 'soiling', request: v.request! };
    },
  };
}

function rooftopEndpoint(kind: SeriesKind, summary: string): DataEndpoint {
  return {
    path: `/data/${kind}/rooftop_pv_power`,
    family: kind === 'tmy' ? 'tmy' : 'rooftop',
    kind,
    summary,
    params: rooftopParams(kind),
    outputs: outputDocs(Object.keys(kind === 'forecast' ? ROOFTOP_FORECAST_OUTPUTS : ROOFTOP_OUTPUTS)),
    formats: ['json', 'csv'],
    legacyTimestamps: kind === 'live' || kind === 'forecast',
    legacyPrecision: false,
    validate(values, now) {
      const v = validateRooftop(kind, values, now);
      throwIfErrors(v.errors);
      return { product: 'rooftop', request: v.request! };
    },
  };
}

/** Every time-series endpoint of this server part. */
export const DATA_ENDPOINTS: DataEndpoint[] = [
  radiationEndpoint(
    'historic',
    'Historic estimated actuals of irradiance and weather (2007-01-01 to 7 days ago, at most 31 days).',
  ),
  radiationEndpoint(
    'live',
    'Live estimated actuals of irradiance and weather (the past hours up to 7 days), newest first.',
  ),
  radiationEndpoint('forecast', 'Forecast of irradiance and weather up to 14 days ahead.'),
  radiationEndpoint('tmy', 'Typical meteorological year of irradiance and weather, dated 2059.'),
  rooftopEndpoint('historic', 'Historic rooftop PV power, kW (2007-01-01 to 7 days ago, at most 31 days).'),
  rooftopEndpoint('live', 'Live rooftop PV power, kW (the past hours up to 7 days), newest first.'),
  rooftopEndpoint('forecast', 'Forecast rooftop PV power, kW, with P10/P90, up to 14 days ahead.'),
  rooftopEndpoint('tmy', 'Rooftop PV power, kW, over a typical meteorological year dated 2059.'),
  ...(['hsu', 'kimber'] as const).flatMap((m) =>
    (['historic', 'live', 'forecast'] as const).map((k) => soilingEndpoint(m, k)),
  ),
];

/** Every data route of DATA_ENDPOINTS (their responses share the server's response cache). */
export const dataRoutes: FastifyPluginAsync = async (app) => {
  await app.register(seriesEndpoints, { endpoints: DATA_ENDPOINTS });
};
