/**
 * Measurements of sites (spec 2.4, 2.5, 4.8; contract.md section 7):
 *
 *   POST /utility_scale_sites/{resource_id}/measurements     upload 1 to 1000 records
 *   GET  /utility_scale_sites/{resource_id}/measurements     read them back (this server's addition)
 *   POST/GET/DELETE /resources/{pv,wind}_power_site_measurements            records of a PV or wind site
 *   POST/GET/DELETE /resources/{pv,wind}_power_site_measurements/sub_units  sub-unit records
 *
 * (the spec gives the sub-unit GET; the others are the forms newer Python SDKs call, with the
 * same record rules; DELETE takes resource_id, start and end.)
 *
 * All or nothing: every record is validated before anything is written, a bad record refuses the
 * whole request with a 400 naming each bad record's index and field (`measurements[12].total_power`),
 * and the accepted batch is written in one transaction. A record for a (period_end, period) the
 * site already has (for the same account) replaces it. Measurements belong to the uploading
 * account, so every account may use the shared test sites without seeing another's data.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  MEASUREMENT_COLUMNS,
  SUB_UNIT_COLUMNS,
  bodyObject,
  measurementView,
  readBatch,
  readMeasurement,
  readSubUnitRecord,
  subUnitView,
} from '../fields/measurements.js';
import { type RecordFormat, parseRecordFormat } from '../formats/version.js';
import { JSON_TYPE, renderRecords } from '../formats/render.js';
import { requirePlan } from '../http/auth.js';
import { ApiError, type FieldError, badRequest, fieldError, notFound } from '../http/errors.js';
import { EXAMPLE_SITE_IDS, recordDoc } from '../http/openapi.js';
import { type ParamDef, readInstant, validateQuery } from '../http/params.js';
import {
  MeasurementLimitError,
  type MeasurementRecord,
  SiteGoneError,
  type SiteKind,
  type StoredSite,
  type Viewer,
} from '../storage/types.js';

/**
 * Runs a store write; a site deleted since it was looked up is a 404, as if it had never been
 * found, and an upload past the account's cap of stored records a 403 naming the cap.
 */
async function written(site: StoredSite, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (e) {
    if (e instanceof SiteGoneError) throw notFound(`No site with resource_id '${site.resourceId}'.`);
    if (e instanceof MeasurementLimitError) {
      const message =
        `An account may store at most ${e.limit} measurement records; this upload would bring yours to ${e.stored}. ` +
        'Nothing was stored; delete older records (DELETE with start and end) first.';
      throw new ApiError(403, 'Forbidden', message, [
        fieldError('StorageLimit', 'measurements', message, { Limit: e.limit, Stored: e.stored }),
      ]);
    }
    throw e;
  }
}
const PAGE_PARAMS: ParamDef[] = [
  { name: 'start', type: 'datetime', description: 'Keep records with period_end >= start (ISO 8601).' },
  { name: 'end', type: 'datetime', description: 'Keep records with period_end <= end (ISO 8601).' },
  {
    name: 'skip',
    type: 'integer',
    minimum: 0,
    maximum: 2147483647,
    default: 0,
    description: 'Records to skip (default 0; at most 2^31 - 1, as offset is an int32).',
  },
  {
    name: 'take',
    type: 'integer',
    minimum: 1,
    maximum: 1000,
    default: 100,
    description: 'Records to return, 1 to 1000 (default 100).',
  },
  { name: 'format', type: 'string', description: 'json (default) or csv.' },
];
const DELETE_PARAMS: ParamDef[] = [
  {
    name: 'start',
    type: 'datetime',
    required: true,
    description: 'Delete records with period_end >= start (ISO 8601).',
  },
  { name: 'end', type: 'datetime', required: true, description: 'Delete records with period_end <= end (ISO 8601).' },
];
const SUB_UNIT_PARAMS: ParamDef[] = [
  { name: 'resource_id', type: 'string', required: true, description: 'The PV site.' },
  { name: 'sub_unit', type: 'string', description: 'Only this sub-unit.' },
  ...PAGE_PARAMS,
];

function window(p: Record<string, unknown>): { start?: number; end?: number; skip: number; take: number } {
  const out: { start?: number; end?: number; skip: number; take: number } = {
    skip: p.skip as number,
    take: p.take as number,
  };
  const errors: FieldError[] = [];
  for (const f of ['start', 'end'] as const) {
    const text = p[f] as string | undefined;
    if (text === undefined) continue;
    const instant = readInstant(f, text, errors);
    if (instant !== undefined) out[f] = instant;
  }
  if (errors.length > 0) throw badRequest(errors);
  return out;
}

/** A page of records: CSV rows, or the JSON page object. */
function sendPage(
  reply: FastifyReply,
  format: RecordFormat,
  columns: readonly string[],
  skip: number,
  total: number,
  views: Record<string, unknown>[],
): FastifyReply {
  const { type, body } = renderRecords(format, columns, views, { offset: skip, total, results: views, meta: {} });
  return reply.type(type).send(body);
}

/** The measurement routes listed at the top of this file, each with its OpenAPI operation (plan `measurements`). */
export const measurementRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.solarkit;
  const { sites, measurements } = ctx.stores;
  const cap = { maxRowsPerAccount: ctx.maxMeasurementRows };
  const siteFor = async (
    request: FastifyRequest,
    rid: string,
    kind?: SiteKind,
  ): Promise<{ site: StoredSite; viewer: Viewer }> => {
    const account = requirePlan(request, 'measurements');
    const viewer = { accountId: account.id };
    const site = await sites.getSite(kind, rid, viewer);
    if (!site)
      throw notFound(
        `No ${kind === undefined ? '' : kind === 'pv' ? 'PV power ' : 'wind power '}site with resource_id '${rid}'.`,
      );
    return { site, viewer };
  };
  /** The resource_id of a JSON upload body (checked after the plan). */
  const bodyResourceId = (request: FastifyRequest, body: Record<string, unknown>): string => {
    const rid = body.resource_id ?? body.resourceId;
    if (typeof rid !== 'string' || rid === '') {
      requirePlan(request, 'measurements');
      throw badRequest([fieldError('NotEmpty', 'resource_id', "'resource_id' must not be empty.")]);
    }
    return rid;
  };
  const uploadResponse = (
    reply: FastifyReply,
    site: StoredSite,
    one: MeasurementRecord | undefined,
    many: MeasurementRecord[] | undefined,
  ) => {
    const body: Record<string, unknown> = { site_resource_id: site.resourceId };
    if (one) body.measurement = measurementView(one);
    body.measurements = (many ?? []).map(measurementView);
    body.response_status = { errors: [], meta: {} };
    return reply.type(JSON_TYPE).send(JSON.stringify(body));
  };
  const tags = { tags: ['measurements'] };
  // The documentation's examples write to the sites the site examples create (EXAMPLE_SITE_IDS).
  const records = [
    { period_end: '2026-11-10T01:00:00Z', period: 'PT30M', total_power: 2.1, availability: 100 },
    { period_end: '2026-11-10T01:30:00Z', period: 'PT30M', total_power: 2.4, availability: 100 },
  ];
  const subUnitRecords = [
    { sub_unit: 'inverter-1', period_end: '2026-11-10T01:00:00Z', period: 'PT30M', power: 1.0 },
    { sub_unit: 'inverter-2', period_end: '2026-11-10T01:00:00Z', period: 'PT30M', power: 1.1 },
  ];
  const removal = { start: '2026-11-10T00:00:00Z', end: '2026-11-10T01:00:00Z' };
  const ridParam = [{ name: 'resource_id', description: 'The site (PV or wind).' }];

  app.post<{ Params: { resource_id: string } }>(
    '/utility_scale_sites/:resource_id/measurements',
    {
      config: {
        openapi: recordDoc(
          'Upload 1 to 1000 measurement records (all or nothing; a record for a stored period replaces it)',
          [],
          {
            ...tags,
            pathParams: ridParam,
            responseTypes: [],
            example: { path: { resource_id: EXAMPLE_SITE_IDS.pv }, body: { measurements: records } },
          },
        ),
      },
    },
    async (request, reply) => {
      const { site, viewer } = await siteFor(request, request.params.resource_id);
      const { one, many } = readBatch(bodyObject(request.body), 'measurement', readMeasurement);
      const all = [...(one ? [one] : []), ...(many ?? [])];
      await written(site, () => measurements.upsertMeasurements(site.id, viewer.accountId, all, cap));
      return uploadResponse(reply, site, one, many);
    },
  );

  app.get<{ Params: { resource_id: string } }>(
    '/utility_scale_sites/:resource_id/measurements',
    {
      config: {
        openapi: recordDoc('Read stored measurement records (paged)', PAGE_PARAMS, {
          ...tags,
          pathParams: ridParam,
          example: { path: { resource_id: EXAMPLE_SITE_IDS.pv } },
        }),
      },
    },
    async (request, reply) => {
      const { site, viewer } = await siteFor(request, request.params.resource_id);
      const q = window(validateQuery(PAGE_PARAMS, request.query));
      const { format } = parseRecordFormat(request.query);
      const page = await measurements.listMeasurements(site.id, viewer.accountId, q);
      return sendPage(reply, format, MEASUREMENT_COLUMNS, q.skip, page.total, page.results.map(measurementView));
    },
  );

  for (const kind of ['pv', 'wind'] as const) {
    const what = kind === 'pv' ? 'PV' : 'wind';
    const base = `/resources/${kind}_power_site_measurements`;
    const subUnits = `${base}/sub_units`;
    const ridParams: ParamDef[] = [
      { name: 'resource_id', type: 'string', required: true, description: `The ${what} site.` },
    ];
    const rid = EXAMPLE_SITE_IDS[kind];

    app.post(
      base,
      {
        config: {
          openapi: recordDoc(
            `Upload measurement records of a ${what} site: {resource_id, measurements}` +
              ' (as /utility_scale_sites/{resource_id}/measurements)',
            [],
            { ...tags, responseTypes: [], example: { body: { resource_id: rid, measurements: records } } },
          ),
        },
      },
      async (request, reply) => {
        const body = bodyObject(request.body);
        const { site, viewer } = await siteFor(request, bodyResourceId(request, body), kind);
        const { one, many } = readBatch(body, 'measurement', readMeasurement);
        await written(site, () =>
          measurements.upsertMeasurements(site.id, viewer.accountId, [...(one ? [one] : []), ...(many ?? [])], cap),
        );
        return uploadResponse(reply, site, one, many);
      },
    );

    app.get(
      base,
      {
        config: {
          openapi: recordDoc(`Read measurement records of a ${what} site (paged)`, [...ridParams, ...PAGE_PARAMS], {
            ...tags,
            example: { query: { resource_id: rid } },
          }),
        },
      },
      async (request, reply) => {
        requirePlan(request, 'measurements');
        const p = validateQuery([...ridParams, ...PAGE_PARAMS], request.query);
        const { format } = parseRecordFormat(request.query);
        const { site, viewer } = await siteFor(request, p.resource_id as string, kind);
        const q = window(p);
        const page = await measurements.listMeasurements(site.id, viewer.accountId, q);
        return sendPage(reply, format, MEASUREMENT_COLUMNS, q.skip, page.total, page.results.map(measurementView));
      },
    );

    app.delete(
      base,
      {
        config: {
          openapi: recordDoc(
            `Delete the measurement records of a ${what} site with period_end from start to end`,
            [...ridParams, ...DELETE_PARAMS],
            { ...tags, example: { query: { resource_id: rid, ...removal } } },
          ),
        },
      },
      async (request, reply) => {
        requirePlan(request, 'measurements');
        const p = validateQuery([...ridParams, ...DELETE_PARAMS], request.query);
        const { site, viewer } = await siteFor(request, p.resource_id as string, kind);
        const w = window({ ...p, skip: 0, take: 1 }) as { start: number; end: number };
        const deleted = await measurements.deleteMeasurements(site.id, viewer.accountId, w);
        return reply
          .type(JSON_TYPE)
          .send(
            JSON.stringify({ site_resource_id: site.resourceId, deleted, response_status: { errors: [], meta: {} } }),
          );
      },
    );

    app.post(
      subUnits,
      {
        config: {
          openapi: recordDoc(
            `Upload sub-unit records of a ${what} site:` +
              ' {resource_id, measurements: [{sub_unit, period_end, period, power}]}',
            [],
            { ...tags, responseTypes: [], example: { body: { resource_id: rid, measurements: subUnitRecords } } },
          ),
        },
      },
      async (request, reply) => {
        const body = bodyObject(request.body);
        const { site, viewer } = await siteFor(request, bodyResourceId(request, body), kind);
        const { many } = readBatch(body, undefined, readSubUnitRecord);
        await written(site, () => measurements.upsertSubUnitMeasurements(site.id, viewer.accountId, many!, cap));
        return reply.type(JSON_TYPE).send(
          JSON.stringify({
            site_resource_id: site.resourceId,
            measurements: many!.map(subUnitView),
            response_status: { errors: [], meta: {} },
          }),
        );
      },
    );

    app.get(
      subUnits,
      {
        config: {
          openapi: recordDoc(`Read sub-unit records of a ${what} site (paged)`, SUB_UNIT_PARAMS, {
            ...tags,
            example: { query: { resource_id: rid } },
          }),
        },
      },
      async (request, reply) => {
        requirePlan(request, 'measurements');
        const p = validateQuery(SUB_UNIT_PARAMS, request.query);
        const { format } = parseRecordFormat(request.query);
        const { site, viewer } = await siteFor(request, p.resource_id as string, kind);
        const q = window(p);
        const page = await measurements.listSubUnitMeasurements(site.id, viewer.accountId, {
          ...q,
          ...(p.sub_unit !== undefined ? { subUnit: p.sub_unit as string } : {}),
        });
        return sendPage(reply, format, SUB_UNIT_COLUMNS, q.skip, page.total, page.results.map(subUnitView));
      },
    );

    const subDeleteParams: ParamDef[] = [
      ...ridParams,
      { name: 'sub_unit', type: 'string', description: 'Only this sub-unit.' },
      ...DELETE_PARAMS,
    ];
    app.delete(
      subUnits,
      {
        config: {
          openapi: recordDoc(
            `Delete sub-unit records of a ${what} site with period_end from start to end`,
            subDeleteParams,
            { ...tags, example: { query: { resource_id: rid, ...removal } } },
          ),
        },
      },
      async (request, reply) => {
        requirePlan(request, 'measurements');
        const p = validateQuery(subDeleteParams, request.query);
        const { site, viewer } = await siteFor(request, p.resource_id as string, kind);
        const w = window({ ...p, skip: 0, take: 1 }) as { start: number; end: number };
        const deleted = await measurements.deleteSubUnitMeasurements(site.id, viewer.accountId, {
          ...w,
          ...(p.sub_unit !== undefined ? { subUnit: p.sub_unit as string } : {}),
        });
        return reply
          .type(JSON_TYPE)
          .send(
            JSON.stringify({ site_resource_id: site.resourceId, deleted, response_status: { errors: [], meta: {} } }),
          );
      },
    );
  }
};
