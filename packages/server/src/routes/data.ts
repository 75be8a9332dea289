/**
 * The time-series data routes (spec 4.2-4.5, 4.9, and /data/tmy/radiation_and_weather): each is
 * one entry of `DATA_ENDPOINTS` (path, plan family, parameters, formats, version rules, product
 * call). One handler serves them all: plan check, validation, product, format.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ProductContext } from '../products/context.js';
import type { ParamDef, ParamValues } from '../products/params.js';
import { radiation, radiationParams, validateRadiation, type SeriesKind } from '../products/radiation.js';
import type { SeriesTable } from '../products/table.js';
import { rooftop, rooftopParams, validateRooftop } from '../products/rooftop.js';
import { soiling, soilingParams, validateSoiling, type SoilingKind, type SoilingModel } from '../products/soiling.js';
import type { TimestampStyle } from 'solarkit';
import type { ServerContext } from '../app.js';
import { requirePlan, type Account, type PlanFamily } from '../auth.js';
import { badRequest, fieldError } from '../errors.js';
import { PVSYST_PARAMETERS, seriesToCsv, seriesToHtml, seriesToJson, seriesToPvsyst, type FormatVersionStyle } from '../formats/index.js';
import { validateQuery } from '../params.js';
import type { FieldError } from '../params.js';

export type DataFormat = 'html' | 'json' | 'csv' | 'pvsyst';

/** From this instant (server clock) every request gets response format version 3. */
export const LEGACY_RETIREMENT = Date.UTC(2027, 1, 1) / 1000;

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
  run(values: ParamValues, now: number, products: ProductContext, format: DataFormat): Promise<SeriesTable>;
}

function formatDef(formats: readonly string[]): ParamDef {
  return {
    name: 'format', type: 'string',
    description: `Response format: ${formats.join(', ')}; json and csv accept the suffix ';version=3'. HTML when absent.`,
  };
}

/** Reads `format` (`json`, `csv;version=3`, ...). @throws ApiError 400 for any other value */
export function parseFormat(value: unknown, accepted: readonly string[]): { format: DataFormat; version3: boolean } {
  if (value === undefined) return { format: 'html', version3: false };
  const text = String(value).trim().toLowerCase();
  const [base = '', ...suffixes] = text.split(';').map((s) => s.trim());
  let version3 = false;
  let ok = accepted.includes(base);
  for (const s of suffixes) {
    const m = /^version\s*=\s*(\d+)$/.exec(s);
    if (m && m[1] === '3' && (base === 'json' || base === 'csv')) version3 = true;
    else ok = false;
  }
  if (!ok) {
    throw badRequest([fieldError('Enum', 'format',
      `'format' must be one of ${accepted.join(', ')} (json and csv may end in ';version=3'). You entered '${String(value).slice(0, 32)}'.`,
      { AllowedValues: accepted })]);
  }
  return { format: base as DataFormat, version3 };
}

/** The response version of a request: 3 when asked, by account default, or after the legacy retirement. */
export function responseVersion(account: Account | undefined, version3: boolean, now: number): FormatVersionStyle {
  if (version3 || now >= LEGACY_RETIREMENT || account?.formatVersion !== 'legacy') return '3';
  return 'legacy';
}

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
    formats: kind === 'historic' || kind === 'tmy' ? ['json', 'csv', 'pvsyst'] : ['json', 'csv'],
    legacyTimestamps: kind === 'live' || kind === 'forecast',
    legacyPrecision: kind !== 'tmy',
    async run(values, now, products, format) {
      if (format === 'pvsyst') values = { ...values, output_parameters: [...PVSYST_PARAMETERS] };
      const v = validateRadiation(kind, values, now);
      throwIfErrors(v.errors);
      return radiation(v.request!, products);
    },
  };
}

function soilingEndpoint(model: SoilingModel, kind: SoilingKind): DataEndpoint {
  const name = model === 'hsu' ? 'HSU' : 'Kimber';
  const what = kind === 'historic' ? 'Historic (2007-01-01 to 7 days ago, at most 31 days)'
    : kind === 'live' ? 'Live (the past hours, newest first)' : 'Forecast (up to 14 days ahead)';
  return {
    path: `/data/${kind}/soiling/${model}`,
    family: 'soiling',
    kind,
    summary: `${what} ${name} soiling loss fraction (${model}_loss_fraction).`,
    params: soilingParams(model, kind),
    formats: ['json', 'csv'],
    legacyTimestamps: false,
    legacyPrecision: false,
    async run(values, now, products) {
      const v = validateSoiling(model, kind, values, now);
      throwIfErrors(v.errors);
      return soiling(v.request!, products);
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
    formats: ['json', 'csv'],
    legacyTimestamps: kind === 'live' || kind === 'forecast',
    legacyPrecision: false,
    async run(values, now, products) {
      const v = validateRooftop(kind, values, now);
      throwIfErrors(v.errors);
      return rooftop(v.request!, products);
    },
  };
}

/** Every time-series endpoint of this server part. */
export const DATA_ENDPOINTS: DataEndpoint[] = [
  radiationEndpoint('historic', 'Historic estimated actuals of irradiance and weather (2007-01-01 to 7 days ago, at most 31 days).'),
  radiationEndpoint('live', 'Live estimated actuals of irradiance and weather (the past hours up to 7 days), newest first.'),
  radiationEndpoint('forecast', 'Forecast of irradiance and weather up to 14 days ahead.'),
  radiationEndpoint('tmy', 'Typical meteorological year of irradiance and weather, dated 2059.'),
  rooftopEndpoint('historic', 'Historic rooftop PV power, kW (2007-01-01 to 7 days ago, at most 31 days).'),
  rooftopEndpoint('live', 'Live rooftop PV power, kW (the past hours up to 7 days), newest first.'),
  rooftopEndpoint('forecast', 'Forecast rooftop PV power, kW, with P10/P90, up to 14 days ahead.'),
  rooftopEndpoint('tmy', 'Rooftop PV power, kW, over a typical meteorological year dated 2059.'),
  ...(['hsu', 'kimber'] as const).flatMap((m) => (['historic', 'live', 'forecast'] as const).map((k) => soilingEndpoint(m, k))),
];

function send(reply: FastifyReply, type: string, body: string): FastifyReply {
  return reply.type(type).send(body);
}

/**
 * Responses by request: a small LRU of rendered bodies. A response is a pure function of the
 * validated parameters, the format and version, and for live and forecast requests of the
 * 5-minute step "now" falls in (every period grid is aligned to 5 minutes, and forecasts are
 * issued on the 5-minute step), so identical requests within a step share one computation.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { type: string; body: string }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string): { type: string; body: string } | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: { type: string; body: string }): void {
    if (value.body.length > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) { this.bytes -= old.body.length; this.entries.delete(key); }
    this.entries.set(key, value);
    this.bytes += value.body.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.body.length;
    }
  }
}

/** The 5-minute step of the clock that live and forecast responses depend on. */
export const NOW_STEP_SECONDS = 300;

/** Registers one endpoint's route and its OpenAPI operation. */
export function registerDataEndpoint(app: FastifyInstance, ctx: ServerContext, endpoint: DataEndpoint, cache = new ResponseCache()): void {
  const defs = [...endpoint.params, formatDef(endpoint.formats)];
  ctx.openapi.add({
    method: 'GET', path: endpoint.path, summary: endpoint.summary, tags: [endpoint.family], params: defs,
    responseTypes: ['text/csv', 'text/html', ...(endpoint.formats.includes('pvsyst') ? [] : [])],
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
    if (urlHit) return send(reply, urlHit.type, urlHit.body);
    const values = validateQuery(defs, request.query);
    const { format, version3 } = parseFormat(values.format, endpoint.formats);
    const version = responseVersion(request.account, version3, now);
    const style: TimestampStyle = endpoint.legacyTimestamps && version === 'legacy' ? 'legacy' : 'v3';
    const precision: FormatVersionStyle = endpoint.legacyPrecision ? version : '3';
    const key = `${endpoint.path}|${format}|${style}|${precision}|${step}|${JSON.stringify(values)}`;
    const hit = cache.get(key);
    if (hit) {
      cache.set(urlKey, hit);
      return send(reply, hit.type, hit.body);
    }
    const table = await endpoint.run(values, now, ctx.products, format);
    let type: string;
    let body: string;
    switch (format) {
      case 'json': type = 'application/json; charset=utf-8'; body = seriesToJson(table, style, precision); break;
      case 'csv': type = 'text/csv; charset=utf-8'; body = seriesToCsv(table, style, precision); break;
      case 'pvsyst': type = 'text/csv; charset=utf-8'; body = seriesToPvsyst(table); break;
      case 'html': {
        const params: Record<string, unknown> = {};
        for (const d of defs) if (values[d.name] !== undefined) params[d.name] = values[d.name];
        type = 'text/html; charset=utf-8';
        body = seriesToHtml(table, style, precision, { path: endpoint.path, params });
        break;
      }
    }
    cache.set(key, { type, body });
    cache.set(urlKey, { type, body });
    return send(reply, type, body);
  });
}

/** Registers every data route of this part. */
export async function registerDataRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const cache = new ResponseCache();
  for (const e of DATA_ENDPOINTS) registerDataEndpoint(app, ctx, e, cache);
}
