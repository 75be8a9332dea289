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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requirePlan } from '../auth.js';
import { type FieldError, badRequest, fieldError, notFound } from '../errors.js';
import { recordsToCsv } from '../formats/index.js';
import { type ParamDef, validateQuery } from '../params.js';
import { type MeasurementRecord, SiteGoneError, type SiteKind, type StoredSite, type SubUnitRecord, type Viewer } from '../storage/types.js';
import { TimeParseError, formatPeriod, formatTimestamp, parseDateTime, parsePeriod } from 'solarkit';
import { type ResourceContext, describeOperation, readFormat, storesOf } from './resources.js';

/** Most records one upload may carry (spec part 8). */
export const MAX_RECORDS = 1000;
/** Shortest and longest accepted measurement period, seconds (PT5M to PT60M). */
const MIN_PERIOD = 300;
const MAX_PERIOD = 3600;
/**
 * Accepted period_end instants, Unix seconds: 1900-01-01 to 2099-12-31. Years outside 0..9999
 * cannot be written in the v3 timestamp form (+275760-09-13...), and nothing measured lies
 * outside this span.
 */
const EARLIEST_PERIOD_END = Date.UTC(1900, 0, 1) / 1000;
const LATEST_PERIOD_END = Date.UTC(2100, 0, 1) / 1000;

type Num = { kind: 'number'; min?: number; max?: number; exclusiveMin?: number };
type FieldRule = { name: string; key: keyof MeasurementRecord; required?: boolean } & (Num | { kind: 'boolean' });

/** The optional and required value fields of a utility-scale record (contract.md section 7). */
const VALUE_FIELDS: readonly FieldRule[] = [
  { name: 'total_power', key: 'totalPower', required: true, kind: 'number', min: 0 },
  { name: 'availability', key: 'availability', kind: 'number', min: 0, max: 100 },
  { name: 'mean_ghi', key: 'meanGhi', kind: 'number', min: 0 },
  { name: 'tracking_angle', key: 'trackingAngle', kind: 'number', min: -90, max: 90 },
  { name: 'network_constraint', key: 'networkConstraint', kind: 'boolean' },
  { name: 'constraint_power_ceiling', key: 'constraintPowerCeiling', kind: 'number', min: 0 },
  { name: 'local_limit', key: 'localLimit', kind: 'number', min: 0 },
  { name: 'frequency', key: 'frequency', kind: 'number', exclusiveMin: 0 },
];

/** Reads a record's period_end and period; pushes errors named with the record's path. */
function readTime(rec: Record<string, unknown>, at: string, errors: FieldError[]): { periodEnd: number; period: number } | undefined {
  let periodEnd: number | undefined;
  let period: number | undefined;
  const pe = rec.period_end;
  const f1 = `${at}.period_end`;
  if (pe === undefined || pe === null || pe === '') errors.push(fieldError('NotEmpty', f1, `'${f1}' must not be empty.`));
  else if (typeof pe !== 'string') errors.push(fieldError('InvalidType', f1, `'${f1}' must be an ISO 8601 date-time string.`));
  else {
    try {
      // Whole seconds: the key of a record is what reads back (timestamps show no fraction), so
      // 00:05:00.4 replaces 00:05:00 instead of standing beside it under the same period_end.
      periodEnd = Math.round(parseDateTime(pe));
      if (!(periodEnd >= EARLIEST_PERIOD_END && periodEnd < LATEST_PERIOD_END)) {
        errors.push(fieldError('InclusiveBetween', f1, `'${f1}' must be between 1900-01-01 and 2099-12-31. You entered '${pe.slice(0, 64)}'.`));
        periodEnd = undefined;
      }
    } catch (e) {
      if (!(e instanceof TimeParseError)) throw e;
      errors.push(fieldError('InvalidDateTime', f1, `'${f1}' must be an ISO 8601 date-time. You entered '${pe.slice(0, 64)}'.`));
    }
  }
  const p = rec.period;
  const f2 = `${at}.period`;
  if (p === undefined || p === null || p === '') errors.push(fieldError('NotEmpty', f2, `'${f2}' must not be empty.`));
  else if (typeof p !== 'string') errors.push(fieldError('InvalidType', f2, `'${f2}' must be an ISO 8601 duration string.`));
  else {
    try {
      period = parsePeriod(p);
      if (period < MIN_PERIOD || period > MAX_PERIOD) {
        errors.push(fieldError('InclusiveBetween', f2, `'${f2}' must be between PT5M and PT60M. You entered '${p.slice(0, 32)}'.`));
        period = undefined;
      }
    } catch (e) {
      if (!(e instanceof TimeParseError)) throw e;
      errors.push(fieldError('InvalidDuration', f2, `'${f2}' must be an ISO 8601 duration from PT5M to PT60M. You entered '${p.slice(0, 32)}'.`));
    }
  }
  return periodEnd !== undefined && period !== undefined ? { periodEnd, period } : undefined;
}

/** Checks a number against a rule; returns it, or undefined after pushing the error. */
function readNumber(v: unknown, f: string, rule: Num, errors: FieldError[]): number | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    errors.push(fieldError('InvalidType', f, `'${f}' must be a number.`));
    return undefined;
  }
  if (rule.min !== undefined && rule.max !== undefined && (v < rule.min || v > rule.max)) {
    errors.push(fieldError('InclusiveBetween', f, `'${f}' must be between ${rule.min} and ${rule.max}. You entered ${v}.`));
    return undefined;
  }
  if (rule.min !== undefined && rule.max === undefined && v < rule.min) {
    errors.push(fieldError('GreaterThanOrEqual', f, `'${f}' must be greater than or equal to '${rule.min}'.`));
    return undefined;
  }
  if (rule.exclusiveMin !== undefined && !(v > rule.exclusiveMin)) {
    errors.push(fieldError('GreaterThan', f, `'${f}' must be greater than '${rule.exclusiveMin}'.`));
    return undefined;
  }
  return v;
}

/** Validates one utility-scale record (at = its path in the body, for error names). */
export function readMeasurement(value: unknown, at: string, errors: FieldError[]): MeasurementRecord | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push(fieldError('InvalidType', at, `'${at}' must be an object.`));
    return undefined;
  }
  const rec = value as Record<string, unknown>;
  const before = errors.length;
  const time = readTime(rec, at, errors);
  const out: Record<string, unknown> = {};
  for (const rule of VALUE_FIELDS) {
    const f = `${at}.${rule.name}`;
    const v = rec[rule.name];
    if (v === undefined || v === null) {
      if (rule.required) errors.push(fieldError('NotEmpty', f, `'${f}' must not be empty.`));
      out[rule.key] = null;
      continue;
    }
    if (rule.kind === 'boolean') {
      if (typeof v !== 'boolean') errors.push(fieldError('InvalidType', f, `'${f}' must be true or false.`));
      out[rule.key] = v;
      continue;
    }
    out[rule.key] = readNumber(v, f, rule, errors);
  }
  if (errors.length > before || time === undefined) return undefined;
  return { ...(out as unknown as MeasurementRecord), periodEnd: time.periodEnd, period: time.period };
}

/** Validates one sub-unit record. */
export function readSubUnitRecord(value: unknown, at: string, errors: FieldError[]): SubUnitRecord | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push(fieldError('InvalidType', at, `'${at}' must be an object.`));
    return undefined;
  }
  const rec = value as Record<string, unknown>;
  const before = errors.length;
  const time = readTime(rec, at, errors);
  const su = rec.sub_unit;
  const fs = `${at}.sub_unit`;
  if (su === undefined || su === null || su === '') errors.push(fieldError('NotEmpty', fs, `'${fs}' must not be empty.`));
  else if (typeof su !== 'string' || su.length > 100) errors.push(fieldError('InvalidType', fs, `'${fs}' must be a string of 1 to 100 characters.`));
  const fp = `${at}.power`;
  let power: number | undefined;
  if (rec.power === undefined || rec.power === null) errors.push(fieldError('NotEmpty', fp, `'${fp}' must not be empty.`));
  else power = readNumber(rec.power, fp, { kind: 'number' }, errors);
  if (errors.length > before || time === undefined || power === undefined) return undefined;
  return { subUnit: su as string, periodEnd: time.periodEnd, period: time.period, power };
}

/** Reads the records of an upload body: `measurement` and/or `measurements`, 1 to 1000 together. */
function readBatch<T>(
  body: Record<string, unknown>, single: string | undefined, read: (v: unknown, at: string, errors: FieldError[]) => T | undefined,
): { one: T | undefined; many: T[] | undefined } {
  const errors: FieldError[] = [];
  const oneRaw = single === undefined ? undefined : body[single];
  const manyRaw = body.measurements;
  if (manyRaw !== undefined && manyRaw !== null && !Array.isArray(manyRaw)) {
    throw badRequest([fieldError('InvalidType', 'measurements', "'measurements' must be an array of records.")]);
  }
  const hasOne = oneRaw !== undefined && oneRaw !== null;
  const count = (hasOne ? 1 : 0) + (Array.isArray(manyRaw) ? manyRaw.length : 0);
  if (count < 1 || count > MAX_RECORDS) {
    const names = single === undefined ? "'measurements'" : "'measurement' and 'measurements'";
    throw badRequest([fieldError('InclusiveBetween', 'measurements',
      `${names} must hold between 1 and ${MAX_RECORDS} records together. You sent ${count}.`, { From: 1, To: MAX_RECORDS, PropertyValue: count })]);
  }
  const one = hasOne ? read(oneRaw, single!, errors) : undefined;
  const many = Array.isArray(manyRaw) ? manyRaw.map((r, i) => read(r, `measurements[${i}]`, errors)) : undefined;
  if (errors.length > 0) throw badRequest(errors);
  return { one, many: many as T[] | undefined };
}

/** A record as the API shows it (absent values left out). */
export function measurementView(r: MeasurementRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { period_end: formatTimestamp(r.periodEnd, 'v3'), period: formatPeriod(r.period), total_power: r.totalPower };
  for (const rule of VALUE_FIELDS) {
    const v = r[rule.key];
    if (rule.name !== 'total_power' && v !== null) out[rule.name] = v;
  }
  return out;
}

function subUnitView(r: SubUnitRecord): Record<string, unknown> {
  return { sub_unit: r.subUnit, power: r.power, period_end: formatTimestamp(r.periodEnd, 'v3'), period: formatPeriod(r.period) };
}

const MEASUREMENT_COLUMNS = ['period_end', 'period', ...VALUE_FIELDS.map((f) => f.name)];
const SUB_UNIT_COLUMNS = ['sub_unit', 'power', 'period_end', 'period'];

/** Runs a store write; a site deleted since it was looked up is a 404, as if it had never been found. */
async function written(site: StoredSite, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (e) {
    if (e instanceof SiteGoneError) throw notFound(`No site with resource_id '${site.resourceId}'.`);
    throw e;
  }
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest([fieldError('InvalidType', 'body', 'The JSON body must be an object.')]);
  }
  return body as Record<string, unknown>;
}

const PAGE_PARAMS: ParamDef[] = [
  { name: 'start', type: 'datetime', description: 'Keep records with period_end >= start (ISO 8601).' },
  { name: 'end', type: 'datetime', description: 'Keep records with period_end <= end (ISO 8601).' },
  { name: 'skip', type: 'integer', minimum: 0, maximum: 2147483647, default: 0, description: 'Records to skip (default 0; at most 2^31 - 1, as offset is an int32).' },
  { name: 'take', type: 'integer', minimum: 1, maximum: 1000, default: 100, description: 'Records to return, 1 to 1000 (default 100).' },
  { name: 'format', type: 'string', description: 'json (default) or csv.' },
];
const DELETE_PARAMS: ParamDef[] = [
  { name: 'start', type: 'datetime', required: true, description: 'Delete records with period_end >= start (ISO 8601).' },
  { name: 'end', type: 'datetime', required: true, description: 'Delete records with period_end <= end (ISO 8601).' },
];
const SUB_UNIT_PARAMS: ParamDef[] = [
  { name: 'resource_id', type: 'string', required: true, description: 'The PV site.' },
  { name: 'sub_unit', type: 'string', description: 'Only this sub-unit.' },
  ...PAGE_PARAMS,
];

function window(p: Record<string, unknown>): { start?: number; end?: number; skip: number; take: number } {
  const out: { start?: number; end?: number; skip: number; take: number } = { skip: p.skip as number, take: p.take as number };
  const errors: FieldError[] = [];
  for (const f of ['start', 'end'] as const) {
    const text = p[f] as string | undefined;
    if (text === undefined) continue;
    try {
      out[f] = parseDateTime(text);
    } catch (e) {
      if (!(e instanceof TimeParseError)) throw e;
      errors.push(fieldError('InvalidDateTime', f, `'${f}' must be an ISO 8601 date-time. You entered '${text.slice(0, 64)}'.`));
    }
  }
  if (errors.length > 0) throw badRequest(errors);
  return out;
}

function sendPage(reply: FastifyReply, format: 'json' | 'csv', columns: readonly string[], skip: number, total: number, views: Record<string, unknown>[]): FastifyReply {
  if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(recordsToCsv(columns, views));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify({ offset: skip, total, results: views, meta: {} }));
}

/** Registers the measurement routes listed at the top of this file (plan family `measurements`). */
export async function registerMeasurementRoutes(app: FastifyInstance, ctx: ResourceContext): Promise<void> {
  const { sites, measurements } = storesOf(ctx);
  const siteFor = async (request: FastifyRequest, rid: string, kind?: SiteKind): Promise<{ site: StoredSite; viewer: Viewer }> => {
    const account = requirePlan(request, 'measurements');
    const viewer = { accountId: account.id };
    const site = await sites.getSite(kind, rid, viewer);
    if (!site) throw notFound(`No ${kind === undefined ? '' : kind === 'pv' ? 'PV power ' : 'wind power '}site with resource_id '${rid}'.`);
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
  const uploadResponse = (reply: FastifyReply, site: StoredSite, one: MeasurementRecord | undefined, many: MeasurementRecord[] | undefined) => {
    const body: Record<string, unknown> = { site_resource_id: site.resourceId };
    if (one) body.measurement = measurementView(one);
    body.measurements = (many ?? []).map(measurementView);
    body.response_status = { errors: [], meta: {} };
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  };
  const tags = { tags: ['measurements'] };
  const ridParam = [{ name: 'resource_id', description: 'The site (PV or wind).' }];

  describeOperation(ctx, 'POST', '/utility_scale_sites/{resource_id}/measurements',
    'Upload 1 to 1000 measurement records (all or nothing; a record for a stored period replaces it)', [],
    { ...tags, pathParams: ridParam, responseTypes: [] });
  app.post<{ Params: { resource_id: string } }>('/utility_scale_sites/:resource_id/measurements', async (request, reply) => {
    const { site, viewer } = await siteFor(request, request.params.resource_id);
    const { one, many } = readBatch(bodyObject(request.body), 'measurement', readMeasurement);
    const all = [...(one ? [one] : []), ...(many ?? [])];
    await written(site, () => measurements.upsertMeasurements(site.id, viewer.accountId, all));
    return uploadResponse(reply, site, one, many);
  });

  describeOperation(ctx, 'GET', '/utility_scale_sites/{resource_id}/measurements', 'Read stored measurement records (paged)', PAGE_PARAMS,
    { ...tags, pathParams: ridParam });
  app.get<{ Params: { resource_id: string } }>('/utility_scale_sites/:resource_id/measurements', async (request, reply) => {
    const { site, viewer } = await siteFor(request, request.params.resource_id);
    const q = window(validateQuery(PAGE_PARAMS, request.query));
    const { format } = readFormat(request.query);
    const page = await measurements.listMeasurements(site.id, viewer.accountId, q);
    return sendPage(reply, format, MEASUREMENT_COLUMNS, q.skip, page.total, page.results.map(measurementView));
  });

  for (const kind of ['pv', 'wind'] as const) {
    const what = kind === 'pv' ? 'PV' : 'wind';
    const base = `/resources/${kind}_power_site_measurements`;
    const subUnits = `${base}/sub_units`;
    const ridParams: ParamDef[] = [{ name: 'resource_id', type: 'string', required: true, description: `The ${what} site.` }];

    describeOperation(ctx, 'POST', base, `Upload measurement records of a ${what} site: {resource_id, measurements} (as /utility_scale_sites/{resource_id}/measurements)`, [],
      { ...tags, responseTypes: [] });
    app.post(base, async (request, reply) => {
      const body = bodyObject(request.body);
      const { site, viewer } = await siteFor(request, bodyResourceId(request, body), kind);
      const { one, many } = readBatch(body, 'measurement', readMeasurement);
      await written(site, () => measurements.upsertMeasurements(site.id, viewer.accountId, [...(one ? [one] : []), ...(many ?? [])]));
      return uploadResponse(reply, site, one, many);
    });

    describeOperation(ctx, 'GET', base, `Read measurement records of a ${what} site (paged)`, [...ridParams, ...PAGE_PARAMS], tags);
    app.get(base, async (request, reply) => {
      requirePlan(request, 'measurements');
      const p = validateQuery([...ridParams, ...PAGE_PARAMS], request.query);
      const { format } = readFormat(request.query);
      const { site, viewer } = await siteFor(request, p.resource_id as string, kind);
      const q = window(p);
      const page = await measurements.listMeasurements(site.id, viewer.accountId, q);
      return sendPage(reply, format, MEASUREMENT_COLUMNS, q.skip, page.total, page.results.map(measurementView));
    });

    describeOperation(ctx, 'DELETE', base, `Delete the measurement records of a ${what} site with period_end from start to end`, [...ridParams, ...DELETE_PARAMS], tags);
    app.delete(base, async (request, reply) => {
      requirePlan(request, 'measurements');
      const p = validateQuery([...ridParams, ...DELETE_PARAMS], request.query);
      const { site, viewer } = await siteFor(request, p.resource_id as string, kind);
      const w = window({ ...p, skip: 0, take: 1 }) as { start: number; end: number };
      const deleted = await measurements.deleteMeasurements(site.id, viewer.accountId, w);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify({ site_resource_id: site.resourceId, deleted, response_status: { errors: [], meta: {} } }));
    });

    describeOperation(ctx, 'POST', subUnits, `Upload sub-unit records of a ${what} site: {resource_id, measurements: [{sub_unit, period_end, period, power}]}`, [],
      { ...tags, responseTypes: [] });
    app.post(subUnits, async (request, reply) => {
      const body = bodyObject(request.body);
      const { site, viewer } = await siteFor(request, bodyResourceId(request, body), kind);
      const { many } = readBatch(body, undefined, readSubUnitRecord);
      await written(site, () => measurements.upsertSubUnitMeasurements(site.id, viewer.accountId, many!));
      return reply.type('application/json; charset=utf-8').send(JSON.stringify({
        site_resource_id: site.resourceId, measurements: many!.map(subUnitView), response_status: { errors: [], meta: {} },
      }));
    });

    describeOperation(ctx, 'GET', subUnits, `Read sub-unit records of a ${what} site (paged)`, SUB_UNIT_PARAMS, tags);
    app.get(subUnits, async (request, reply) => {
      requirePlan(request, 'measurements');
      const p = validateQuery(SUB_UNIT_PARAMS, request.query);
      const { format } = readFormat(request.query);
      const { site, viewer } = await siteFor(request, p.resource_id as string, kind);
      const q = window(p);
      const page = await measurements.listSubUnitMeasurements(site.id, viewer.accountId, {
        ...q, ...(p.sub_unit !== undefined ? { subUnit: p.sub_unit as string } : {}),
      });
      return sendPage(reply, format, SUB_UNIT_COLUMNS, q.skip, page.total, page.results.map(subUnitView));
    });

    const subDeleteParams: ParamDef[] = [...ridParams, { name: 'sub_unit', type: 'string', description: 'Only this sub-unit.' }, ...DELETE_PARAMS];
    describeOperation(ctx, 'DELETE', subUnits, `Delete sub-unit records of a ${what} site with period_end from start to end`, subDeleteParams, tags);
    app.delete(subUnits, async (request, reply) => {
      requirePlan(request, 'measurements');
      const p = validateQuery(subDeleteParams, request.query);
      const { site, viewer } = await siteFor(request, p.resource_id as string, kind);
      const w = window({ ...p, skip: 0, take: 1 }) as { start: number; end: number };
      const deleted = await measurements.deleteSubUnitMeasurements(site.id, viewer.accountId, {
        ...w, ...(p.sub_unit !== undefined ? { subUnit: p.sub_unit as string } : {}),
      });
      return reply.type('application/json; charset=utf-8').send(JSON.stringify({ site_resource_id: site.resourceId, deleted, response_status: { errors: [], meta: {} } }));
    });
  }
}
