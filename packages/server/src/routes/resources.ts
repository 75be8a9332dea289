/**
 * PV and wind power sites (spec 2.1, 2.2, 4.6, 4.7; contract.md section 7):
 *
 *   GET/POST/PUT/PATCH/DELETE /resources/pv_power_site     GET /resources/pv_power_sites
 *   GET/POST/PUT/PATCH/DELETE /resources/wind_power_site   GET /resources/wind_power_sites
 *
 * Site fields come from a JSON body, the query string (the Python SDK sends every field there),
 * or both (the body wins). Names are matched as query names are (case-insensitive, with or
 * without underscores), so camelCase bodies of generated clients work too. Each field is
 * declared once below (a `ParamDef`, which also feeds the OpenAPI document); a value of the
 * wrong type or outside its range is a 400 naming the field. Resource endpoints answer JSON
 * when `format` is absent (a resource is a record, not a series to chart).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../auth.js';
import { requirePlan } from '../auth.js';
import type { Database } from '../db.js';
import { ApiError, type FieldError, badRequest, fieldError, forbidden, notFound } from '../errors.js';
import { recordsToCsv } from '../formats/index.js';
import { type OperationDoc, type OpenApiRegistry, paramSchema } from '../openapi.js';
import { type NormalizedQuery, type ParamDef, normalizeName, normalizeQuery, parseParams, validateQuery } from '../params.js';
import { SqliteMeasurementStore } from '../storage/measurements.js';
import { SqliteSiteStore } from '../storage/sites.js';
import {
  type MeasurementStore, ReadOnlySiteError, ResourceIdTakenError, type SiteConfigBase, type SiteKind, type SiteStore,
  type StoredSite, type Viewer,
} from '../storage/types.js';
import { type Clock, TimeParseError, formatTimestamp, parseDateTime } from 'solarkit';

// ---------------------------------------------------------------------------------------------
// Field definitions

/**
 * Largest capacity (AC or DC) a site may declare, MW: ten terawatts, above any plant and above
 * the largest wind farm spec 2.2's ranges allow (15,000 MW x 500 turbines). Without a bound a
 * capacity near 1e308 makes the power series overflow to Infinity, which JSON cannot carry.
 */
const MAX_CAPACITY_MW = 1e7;

const RESOURCE_ID_RE = /^[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}$/;

const common: ParamDef[] = [
  { name: 'resource_id', type: 'string', description: 'Unique identifier of the site (1 to 64 letters, digits, _ . -); generated when a create omits it.', example: 'ba75-e17a-7374-95ed' },
  { name: 'name', type: 'string', description: 'Site name (1 to 200 characters).' },
  { name: 'latitude', type: 'number', minimum: -90, maximum: 90, description: 'Decimal degrees, -90 to 90.' },
  { name: 'longitude', type: 'number', minimum: -180, maximum: 180, description: 'Decimal degrees, -180 to 180.' },
  { name: 'capacity', type: 'number', exclusiveMinimum: 0, maximum: MAX_CAPACITY_MW, description: 'AC (inverter) capacity, MW; greater than 0, at most 1e7.' },
];

const gridExportLimit: ParamDef = {
  name: 'grid_export_limit', type: 'number', minimum: -1,
  description: 'Maximum export to the grid, MW: >= 0 sets a limit, -1 (or omitting it) means none. A change applies to periods ending after it was made.',
};

/** Fields of a PV power site (spec 2.1), with the ranges this server enforces. */
export const PV_SITE_FIELDS: readonly ParamDef[] = [
  ...common,
  { name: 'capacity_dc', type: 'number', exclusiveMinimum: 0, maximum: MAX_CAPACITY_MW, description: 'DC (module) capacity, MW; greater than 0, at most 1e7. Default at creation: capacity.' },
  { name: 'install_date', type: 'datetime', description: 'Installation date (ISO 8601); drives age derating. Default at creation: the day of creation.' },
  { name: 'tracking_type', type: 'enum', enum: ['fixed', 'horizontal_single_axis'], description: 'fixed (default) or horizontal_single_axis.' },
  { name: 'azimuth', type: 'number', minimum: -180, maximum: 180, description: 'Module azimuth, degrees from north, -90 east, 90 west, 180 south. Absent: facing the equator.' },
  { name: 'tilt', type: 'number', minimum: 0, maximum: 90, description: 'Module tilt of a fixed site, degrees 0 to 90. Absent: from the latitude.' },
  { name: 'bifacial_system', type: 'boolean', description: 'Whether modules also produce from the rear side (default false).' },
  { name: 'bifaciality_factor', type: 'number', minimum: 0, maximum: 1, description: 'Rear efficiency as a fraction of the front, 0 to 1 (default 0.7 when bifacial).' },
  { name: 'clearsky_zenith_coefficients', type: 'string', description: 'JSON array of {day_of_year (1 to 366), signed_zenith_coefficients (object)}; stored and echoed.' },
  { name: 'cloudy_zenith_coefficients', type: 'string', description: 'Same, for cloudy sky.' },
  { name: 'derating_age_system', type: 'number', minimum: 0, maximum: 0.1, description: 'Fraction of output lost per year since install_date, 0 to 0.1. Absent: from module_type.' },
  { name: 'derating_other_system', type: 'number', minimum: 0, maximum: 1, description: 'Other system losses (wiring...), fraction 0 to 1 (default 0.03).' },
  { name: 'derating_temp_module', type: 'number', minimum: -0.1, maximum: 0.1, description: 'Temperature coefficient of power, per degree C; its magnitude is used as a loss above 25 C. Absent: from module_type.' },
  { name: 'dust_soiling_average', type: 'number[]', minimum: 0, maximum: 1, description: 'Fraction lost to dust soiling: 12 monthly values (January first), or 1, 2, 3, 4 or 6 values each covering 12/n consecutive months from January. Default twelve values of 0.015.' },
  gridExportLimit,
  { name: 'ground_coverage_ratio', type: 'number', minimum: 0.01, maximum: 1, description: 'Module area over ground area, 0.01 to 1 (default 0.36).' },
  { name: 'inverter_peak_efficiency', type: 'number', minimum: 0.01, maximum: 1, description: 'Peak inverter efficiency, 0.01 to 1 (default 0.98).' },
  { name: 'module_type', type: 'enum', enum: ['poly-si', 'mono-si', 'multi-si', 'hit', 'cdte', 'cigs', 'a-si'], description: 'Module technology (default poly-si).' },
  { name: 'pvrow_height', type: 'number', exclusiveMinimum: 0, maximum: 50, description: 'Row height, ground to row centre, metres (bifacial).' },
  { name: 'pvrow_width', type: 'number', exclusiveMinimum: 0, maximum: 50, description: 'Row cross-section width, metres (bifacial).' },
  { name: 'site_ground_albedo', type: 'number', minimum: 0, maximum: 1, description: 'Ground albedo, 0 to 1 (default 0.2).' },
  { name: 'terrain_azimuth', type: 'number', minimum: -180, maximum: 180, description: 'Downhill direction of the terrain, degrees (as azimuth).' },
  { name: 'terrain_slope', type: 'number', minimum: 0, maximum: 60, description: 'Terrain slope, degrees 0 to 60.' },
  { name: 'tracker_axis_azimuth', type: 'number', minimum: -180, maximum: 180, description: 'Tracker axis azimuth off north-south, degrees (default 0).' },
  { name: 'tracker_back_tracking', type: 'boolean', description: 'Whether trackers backtrack (default true).' },
  { name: 'tracker_max_rotation_angle', type: 'number', minimum: 0, maximum: 90, description: 'Largest tracker rotation, degrees 0 to 90 (default 60).' },
  { name: 'tracker_smart_tracking', type: 'boolean', description: 'Whether trackers go flat in overcast periods (default false).' },
];

/** Fields of a wind power site (spec 2.2). */
export const WIND_SITE_FIELDS: readonly ParamDef[] = [
  ...common,
  { name: 'rotor_diameter', type: 'number', minimum: 20, maximum: 200, description: 'Average rotor diameter, m, 20 to 200 (default 100).' },
  { name: 'rated_power', type: 'number', minimum: 0.1, maximum: 15000, description: 'Average turbine rated power, MW, 0.1 to 15000. Absent: capacity / number_of_turbines.' },
  { name: 'hub_height', type: 'number', minimum: 10, maximum: 200, description: 'Average hub height, m, 10 to 200 (default 80).' },
  { name: 'number_of_turbines', type: 'integer', minimum: 1, maximum: 500, description: 'Number of turbines, 1 to 500 (default 1).' },
  { name: 'cut_in_wind_speed', type: 'number', minimum: 0, maximum: 10, description: 'Cut-in wind speed, m/s, 0 to 10 (default 3).' },
  { name: 'cut_out_wind_speed', type: 'number', minimum: 15, maximum: 35, description: 'Cut-out wind speed, m/s, 15 to 35 (default 25).' },
  { name: 'rated_wind_speed', type: 'number', minimum: 8, maximum: 20, description: 'Wind speed of rated power, m/s, 8 to 20 (default 12); above cut-in, below cut-out.' },
  { name: 'allow_negative_power', type: 'boolean', description: 'Whether predictions may hold negative power (default false).' },
  gridExportLimit,
];

/** Defaults applied when a PV site is created or replaced (contract.md section 7). */
export const PV_SITE_DEFAULTS: Readonly<Record<string, unknown>> = {
  tracking_type: 'fixed',
  module_type: 'poly-si',
  ground_coverage_ratio: 0.36,
  inverter_peak_efficiency: 0.98,
  dust_soiling_average: [0.015, 0.015, 0.015, 0.015, 0.015, 0.015, 0.015, 0.015, 0.015, 0.015, 0.015, 0.015],
  site_ground_albedo: 0.2,
  derating_other_system: 0.03,
};

/** Defaults of a wind site (spec 2.2). */
export const WIND_SITE_DEFAULTS: Readonly<Record<string, unknown>> = {
  rotor_diameter: 100,
  hub_height: 80,
  number_of_turbines: 1,
  cut_in_wind_speed: 3,
  cut_out_wind_speed: 25,
  rated_wind_speed: 12,
  allow_negative_power: false,
};

/** Output order of a site's fields in JSON and CSV. */
const PV_ORDER = [...PV_SITE_FIELDS.map((d) => d.name), 'is_unmetered'];
const WIND_ORDER = [...WIND_SITE_FIELDS.map((d) => d.name)];

type Mode = 'create' | 'replace' | 'patch';

/** Fields a body must carry, by kind and operation (spec 2.1 'Req' column, 4.7). */
const REQUIRED: Record<SiteKind, Record<Mode, readonly string[]>> = {
  pv: {
    create: ['name', 'latitude', 'longitude', 'capacity'],
    replace: ['resource_id', 'name', 'latitude', 'longitude', 'capacity', 'capacity_dc', 'install_date', 'tracking_type'],
    patch: ['resource_id'],
  },
  wind: {
    create: ['name', 'latitude', 'longitude', 'capacity'],
    replace: ['resource_id', 'name', 'latitude', 'longitude', 'capacity'],
    patch: ['resource_id'],
  },
};

const JSON_TYPE: Record<string, string> = {
  number: 'number', integer: 'number', boolean: 'boolean', string: 'string', enum: 'string', datetime: 'string',
};

/**
 * Turns a JSON body into the string form the query definitions parse, checking JSON types on the
 * way: a JSON body must send a number as a number and a boolean as a boolean (the query string
 * cannot, so there strings are read). Null counts as absent.
 */
function bodyAsQuery(defs: readonly ParamDef[], body: Record<string, unknown>, into: NormalizedQuery, errors: FieldError[]): Map<string, unknown> {
  const raw = new Map<string, unknown>();
  for (const key of Object.keys(body)) raw.set(normalizeName(key), body[key]);
  const structured = new Map<string, unknown>();
  for (const def of defs) {
    const k = normalizeName(def.name);
    if (!raw.has(k)) continue;
    const v = raw.get(k);
    if (v === null || v === undefined) continue;
    const f = def.name;
    if (def.name.endsWith('_zenith_coefficients')) {
      structured.set(f, v);
      into.delete(k);
      continue;
    }
    if (def.type === 'number[]') {
      if (Array.isArray(v) && v.length === 0) {
        // The query form reads an empty list as absent; a body's [] is a value, and a wrong one.
        errors.push(fieldError('NotEmpty', f, `'${f}' must not be empty.`));
        into.delete(k);
        continue;
      }
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'number')) {
        errors.push(fieldError('InvalidType', f, `'${f}' must be an array of numbers.`));
        into.delete(k);
        continue;
      }
      into.set(k, [v.map(String).join(',')]);
      continue;
    }
    const want = JSON_TYPE[def.type];
    if (typeof v !== want) {
      const what = def.type === 'integer' ? 'an integer' : want === 'number' ? 'a number' : want === 'boolean' ? 'true or false' : 'a string';
      errors.push(fieldError('InvalidType', f, `'${f}' must be ${what}.`));
      into.delete(k);
      continue;
    }
    if (typeof v === 'string' && v.trim() === '' && def.name !== 'resource_id') {
      // A blank text reads as absent in the query string; sent in a body it would silently keep
      // the old value on PATCH (or take the default on create), so it is refused. An empty
      // resource_id still asks a create to generate one.
      errors.push(fieldError('NotEmpty', f, `'${f}' must not be empty.`));
      into.delete(k);
      continue;
    }
    into.set(k, [String(v)]);
  }
  return structured;
}

/**
 * A structured value sent as text in the query string: JSON, or the repr of a Python list of
 * dicts (the Python SDK formats a list argument with str(): single quotes, True/False/None).
 */
function parseListText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // fall through to the Python repr
  }
  const json = text
    .replace(/'/g, '"')
    .replace(/\bTrue\b/g, 'true').replace(/\bFalse\b/g, 'false').replace(/\bNone\b/g, 'null');
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/**
 * Deepest nesting of objects and arrays accepted inside signed_zenith_coefficients. Its content is
 * opaque (not shown in the spec), but a body can nest 100,000 levels within the size limit, and
 * storing that (JSON.stringify recurses) overflows the stack.
 */
const MAX_COEFFICIENT_DEPTH = 16;

/** Whether a parsed JSON value nests objects/arrays at most `max` levels deep (iterative: no recursion to overflow). */
function nestedAtMost(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return false;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return true;
}

/** Validates zenith coefficient arrays (content of the inner object is opaque: not shown in the spec). */
function zenithCoefficients(name: string, v: unknown, errors: FieldError[]): unknown[] | undefined {
  let value = v;
  if (typeof v === 'string') {
    value = parseListText(v);
    if (value === undefined) {
      errors.push(fieldError('InvalidType', name, `'${name}' must be a JSON array.`));
      return undefined;
    }
  }
  if (!Array.isArray(value)) {
    errors.push(fieldError('InvalidType', name, `'${name}' must be an array.`));
    return undefined;
  }
  for (let i = 0; i < value.length; i++) {
    const item = value[i] as Record<string, unknown> | null;
    const at = `${name}[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors.push(fieldError('InvalidType', at, `'${at}' must be an object.`));
      return undefined;
    }
    const day = item.day_of_year;
    if (typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > 366) {
      errors.push(fieldError('InclusiveBetween', `${at}.day_of_year`, `'${at}.day_of_year' must be an integer between 1 and 366.`));
      return undefined;
    }
    const c = item.signed_zenith_coefficients;
    if (c !== undefined && (typeof c !== 'object' || c === null || Array.isArray(c))) {
      errors.push(fieldError('InvalidType', `${at}.signed_zenith_coefficients`, `'${at}.signed_zenith_coefficients' must be an object.`));
      return undefined;
    }
    if (c !== undefined && !nestedAtMost(c, MAX_COEFFICIENT_DEPTH)) {
      errors.push(fieldError('InvalidType', `${at}.signed_zenith_coefficients`,
        `'${at}.signed_zenith_coefficients' must not nest objects or arrays more than ${MAX_COEFFICIENT_DEPTH} levels deep.`));
      return undefined;
    }
  }
  return value;
}

/** The fields a request gives (validated, typed), or a 400 listing every problem. */
export function readSiteFields(kind: SiteKind, mode: Mode, body: unknown, query: unknown): Record<string, unknown> {
  const defs = kind === 'pv' ? PV_SITE_FIELDS : WIND_SITE_FIELDS;
  const errors: FieldError[] = [];
  const q = normalizeQuery(query as Record<string, unknown>);
  let structured = new Map<string, unknown>();
  if (body !== undefined && body !== null && body !== '') {
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest([fieldError('InvalidType', 'body', 'The JSON body must be an object of site fields.')]);
    }
    structured = bodyAsQuery(defs, body as Record<string, unknown>, q, errors);
  }
  const { values, errors: parseErrors } = parseParams(defs.map((d) => ({ ...d, required: false, default: undefined })), q);
  errors.push(...parseErrors);
  for (const def of defs) {
    if (!def.name.endsWith('_zenith_coefficients')) continue;
    const v = structured.get(def.name) ?? q.get(normalizeName(def.name))?.[0];
    if (v === undefined) {
      delete values[def.name];
      continue;
    }
    const parsed = zenithCoefficients(def.name, v, errors);
    if (parsed !== undefined) values[def.name] = parsed;
    else delete values[def.name];
  }
  // Rules a definition cannot express.
  const rid = values.resource_id as string | undefined;
  if (rid !== undefined && mode === 'create' && !RESOURCE_ID_RE.test(rid)) {
    errors.push(fieldError('Matches', 'resource_id', "'resource_id' must be 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit."));
  }
  const name = values.name as string | undefined;
  if (name !== undefined && (name.trim() === '' || name.length > 200)) {
    errors.push(fieldError('Length', 'name', "'name' must be 1 to 200 characters long."));
  }
  const limit = values.grid_export_limit as number | undefined;
  if (limit !== undefined && limit < 0 && limit !== -1) {
    errors.push(fieldError('GridExportLimit', 'grid_export_limit', "'grid_export_limit' must be greater than or equal to '0', or -1 for no limit."));
  }
  const dust = values.dust_soiling_average as number[] | undefined;
  if (dust !== undefined && ![1, 2, 3, 4, 6, 12].includes(dust.length)) {
    errors.push(fieldError('Length', 'dust_soiling_average', "'dust_soiling_average' must hold 12 monthly values (or 1, 2, 3, 4 or 6 values each covering 12/n months)."));
  }
  const install = values.install_date as string | undefined;
  if (install !== undefined) {
    try {
      values.install_date = formatTimestamp(parseDateTime(install), 'v3');
    } catch (e) {
      if (!(e instanceof TimeParseError)) throw e;
      errors.push(fieldError('InvalidDateTime', 'install_date', `'install_date' must be an ISO 8601 date or date-time. You entered '${install.slice(0, 64)}'.`));
    }
  }
  for (const f of REQUIRED[kind][mode]) {
    if (values[f] === undefined && !errors.some((e) => e.field_name === f)) {
      errors.push(fieldError('NotEmpty', f, `'${f}' must not be empty.`));
    }
  }
  if (errors.length > 0) throw badRequest(errors);
  return values;
}

/** Rules across fields, checked on the configuration that would be stored. */
function checkCombined(kind: SiteKind, config: Record<string, unknown>): void {
  const errors: FieldError[] = [];
  if (kind === 'wind') {
    const cutIn = config.cut_in_wind_speed as number;
    const rated = config.rated_wind_speed as number;
    const cutOut = config.cut_out_wind_speed as number;
    if (!(rated > cutIn)) {
      errors.push(fieldError('GreaterThan', 'rated_wind_speed', `'rated_wind_speed' must be greater than 'cut_in_wind_speed' (${cutIn}).`));
    }
    if (!(cutOut > rated)) {
      errors.push(fieldError('GreaterThan', 'cut_out_wind_speed', `'cut_out_wind_speed' must be greater than 'rated_wind_speed' (${rated}).`));
    }
  }
  if (errors.length > 0) throw badRequest(errors);
}

/** What a -1 grid_export_limit means: no limit, stored as the field's absence. */
function dropNoLimit(config: Record<string, unknown>): Record<string, unknown> {
  if (config.grid_export_limit === -1) delete config.grid_export_limit;
  return config;
}

/** The stored configuration of a new (or fully replaced) site. */
export function newSiteConfig(kind: SiteKind, fields: Record<string, unknown>, now: number): SiteConfigBase {
  const config: Record<string, unknown> = { ...(kind === 'pv' ? PV_SITE_DEFAULTS : WIND_SITE_DEFAULTS) };
  if (kind === 'pv') {
    config.capacity_dc = fields.capacity;
    config.install_date = formatTimestamp(Math.floor(now / 86400) * 86400, 'v3');
  }
  for (const [k, v] of Object.entries(fields)) if (k !== 'resource_id') config[k] = v;
  dropNoLimit(config);
  checkCombined(kind, config);
  return config as SiteConfigBase;
}

/** A stored configuration with a patch applied. */
export function patchedSiteConfig(kind: SiteKind, current: SiteConfigBase, fields: Record<string, unknown>): SiteConfigBase {
  const config: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(fields)) if (k !== 'resource_id') config[k] = v;
  dropNoLimit(config);
  checkCombined(kind, config);
  return config as SiteConfigBase;
}

/** A site as the API shows it: resource_id first, then the fields in spec order. */
export function siteView(site: StoredSite): Record<string, unknown> {
  const order = site.kind === 'pv' ? PV_ORDER : WIND_ORDER;
  const out: Record<string, unknown> = {};
  const src: Record<string, unknown> = { ...site.config, resource_id: site.resourceId };
  if (site.kind === 'pv') src.is_unmetered = site.unmetered;
  for (const k of order) if (src[k] !== undefined) out[k] = src[k];
  return out;
}

// ---------------------------------------------------------------------------------------------
// Responses

export type OutputFormat = 'json' | 'csv';

/** The `format` of a resource endpoint (json when absent) and whether version 3 is asked for. */
export function readFormat(query: unknown): { format: OutputFormat; v3Requested: boolean } {
  const raw = normalizeQuery(query as Record<string, unknown>).get('format')?.[0]?.trim();
  if (raw === undefined || raw === '') return { format: 'json', v3Requested: false };
  const [base, ...opts] = raw.split(';').map((s) => s.trim().toLowerCase());
  let v3Requested = false;
  for (const o of opts) {
    if (o === 'version=3') v3Requested = true;
    else if (o !== '') throw badRequest([fieldError('Enum', 'format', `'format' has an option that is not accepted: '${o}'. Accepted: version=3.`)]);
  }
  if (base !== 'json' && base !== 'csv') {
    throw badRequest([fieldError('Enum', 'format', `'format' must be json or csv. You entered '${raw.slice(0, 64)}'.`)]);
  }
  return { format: base, v3Requested };
}

/** Instant from which every request gets version 3 (contract.md section 3). */
export const LEGACY_RETIRES_AT = Date.UTC(2027, 1, 1) / 1000;

/** Whether the response uses format version 3. */
export function useVersion3(account: Account, v3Requested: boolean, now: number): boolean {
  return v3Requested || account.formatVersion === '3' || now >= LEGACY_RETIRES_AT;
}

function sendRecords(reply: FastifyReply, format: OutputFormat, columns: readonly string[], records: Record<string, unknown>[], json: unknown): FastifyReply {
  if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(recordsToCsv(columns, records));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(json));
}

// ---------------------------------------------------------------------------------------------
// Routes

/** What the site and measurement routes need from the server. */
export interface ResourceContext {
  db: Database;
  clock: Clock;
  /** Stores to use instead of the SQLite ones over `db` (e.g. a PostgreSQL implementation). */
  stores?: { sites: SiteStore; measurements: MeasurementStore };
  /** The OpenAPI registry routes describe themselves in. */
  openapi?: OpenApiRegistry;
}

const storeCache = new WeakMap<object, { sites: SiteStore; measurements: MeasurementStore }>();

/** The stores of a server context: the given ones, else SQLite stores over its database (one pair per database). */
export function storesOf(ctx: ResourceContext): { sites: SiteStore; measurements: MeasurementStore } {
  if (ctx.stores) return ctx.stores;
  let s = storeCache.get(ctx.db);
  if (!s) {
    s = { sites: new SqliteSiteStore(ctx.db), measurements: new SqliteMeasurementStore(ctx.db) };
    storeCache.set(ctx.db, s);
  }
  return s;
}

const LIST_PARAMS: ParamDef[] = [
  { name: 'query', type: 'string', description: 'Case-insensitive substring of the site name or resource_id.' },
  { name: 'start', type: 'datetime', description: 'Keep sites created at or after this instant (ISO 8601).' },
  { name: 'end', type: 'datetime', description: 'Keep sites created before this instant (ISO 8601).' },
  { name: 'entitlement', type: 'enum', enum: ['advanced', 'premium'], description: 'advanced (PV sites) or premium (wind sites): a site list of the other entitlement is empty.' },
  { name: 'forecast_production', type: 'boolean', description: 'true keeps only sites with machine-learning forecast production, which this server does not run: the list is then empty.' },
  { name: 'show_all', type: 'boolean', default: false, description: 'Every account\'s sites (admin only; 403 otherwise).' },
  { name: 'skip', type: 'integer', minimum: 0, maximum: 2147483647, default: 0, description: 'Sites to skip (default 0; at most 2^31 - 1, as offset is an int32).' },
  { name: 'take', type: 'integer', minimum: 1, maximum: 1000, default: 100, description: 'Sites to return, 1 to 1000 (default 100).' },
  { name: 'format', type: 'string', description: 'json (default) or csv; `;version=3` asks for the paged object.' },
];

const ONE_PARAMS: ParamDef[] = [
  { name: 'resource_id', type: 'string', required: true, description: 'The site.' },
  { name: 'format', type: 'string', description: 'json (default) or csv.' },
];

function parseInstant(field: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  try {
    return parseDateTime(text);
  } catch (e) {
    if (!(e instanceof TimeParseError)) throw e;
    throw badRequest([fieldError('InvalidDateTime', field, `'${field}' must be an ISO 8601 date-time. You entered '${text.slice(0, 64)}'.`)]);
  }
}

/** Records an operation in the OpenAPI document, when the server keeps one. */
export function describeOperation(ctx: ResourceContext, method: OperationDoc['method'], path: string, summary: string,
  params: readonly ParamDef[], extra: Partial<OperationDoc> = {}): void {
  ctx.openapi?.add({ method, path, summary, tags: ['resources'], params, responseTypes: ['text/csv'], ...extra });
}

/** JSON schema of a site body, from the field definitions. */
function bodySchema(defs: readonly ParamDef[], required: readonly string[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const d of defs) {
    properties[d.name] = d.name.endsWith('_zenith_coefficients')
      ? { type: 'array', items: { type: 'object' }, description: d.description }
      : { ...paramSchema(d), description: d.description };
  }
  return { type: 'object', required: [...required], properties };
}

/**
 * Registers the site routes of both kinds. Every route needs the `resources` plan family.
 */
export async function registerResourceRoutes(app: FastifyInstance, ctx: ResourceContext): Promise<void> {
  const { sites } = storesOf(ctx);
  for (const kind of ['pv', 'wind'] as const) {
    const one = kind === 'pv' ? '/resources/pv_power_site' : '/resources/wind_power_site';
    const many = kind === 'pv' ? '/resources/pv_power_sites' : '/resources/wind_power_sites';
    const defs = kind === 'pv' ? PV_SITE_FIELDS : WIND_SITE_FIELDS;
    const order = kind === 'pv' ? PV_ORDER : WIND_ORDER;
    const what = kind === 'pv' ? 'PV power site' : 'wind power site';

    const viewerOf = (request: FastifyRequest): { account: Account; viewer: Viewer } => {
      const account = requirePlan(request, 'resources');
      return { account, viewer: { accountId: account.id } };
    };
    const missing = (rid: string): ApiError => notFound(`No ${what} with resource_id '${rid}'.`);
    const respondSite = (request: FastifyRequest, reply: FastifyReply, site: StoredSite) => {
      const { format } = readFormat(request.query);
      const view = siteView(site);
      return sendRecords(reply, format, order, [view], view);
    };
    const guarded = async <T>(rid: string, fn: () => Promise<T>): Promise<T> => {
      try {
        return await fn();
      } catch (e) {
        if (e instanceof ReadOnlySiteError) throw forbidden(`'${rid}' is a shared test site: it cannot be changed or deleted.`);
        if (e instanceof ResourceIdTakenError) {
          throw new ApiError(409, 'Conflict', `resource_id '${rid}' is already in use.`,
            [fieldError('Unique', 'resource_id', `resource_id '${rid}' is already in use.`)]);
        }
        throw e;
      }
    };

    describeOperation(ctx, 'GET', one, `Read one ${what}`, ONE_PARAMS);
    app.get(one, async (request, reply) => {
      const { viewer } = viewerOf(request);
      const { resource_id: rid } = validateQuery(ONE_PARAMS, request.query) as { resource_id: string };
      readFormat(request.query);
      const site = await sites.getSite(kind, rid, viewer);
      if (!site) throw missing(rid);
      return respondSite(request, reply, site);
    });

    describeOperation(ctx, 'POST', one, `Create a ${what} (fields in a JSON body or the query string)`, [], { requestBody: bodySchema(defs, REQUIRED[kind].create) });
    app.post(one, async (request, reply) => {
      const { account } = viewerOf(request);
      const fields = readSiteFields(kind, 'create', request.body, request.query);
      readFormat(request.query);
      const now = ctx.clock.now();
      const config = newSiteConfig(kind, fields, now);
      const rid = fields.resource_id as string | undefined;
      const site = await guarded(rid ?? '', () => sites.createSite(kind, account.id, rid, config, now));
      return respondSite(request, reply, site);
    });

    describeOperation(ctx, 'PUT', one, `Replace a ${what}`, [], { requestBody: bodySchema(defs, REQUIRED[kind].replace) });
    app.put(one, async (request, reply) => {
      const { viewer } = viewerOf(request);
      const fields = readSiteFields(kind, 'replace', request.body, request.query);
      readFormat(request.query);
      const rid = fields.resource_id as string;
      const now = ctx.clock.now();
      const site = await guarded(rid, () => sites.updateSite(kind, rid, viewer, () => newSiteConfig(kind, fields, now), now));
      if (!site) throw missing(rid);
      return respondSite(request, reply, site);
    });

    describeOperation(ctx, 'PATCH', one, `Change some fields of a ${what}`, [], { requestBody: bodySchema(defs, REQUIRED[kind].patch) });
    app.patch(one, async (request, reply) => {
      const { viewer } = viewerOf(request);
      const fields = readSiteFields(kind, 'patch', request.body, request.query);
      readFormat(request.query);
      const rid = fields.resource_id as string;
      const now = ctx.clock.now();
      const site = await guarded(rid, () => sites.updateSite(kind, rid, viewer, (current) => patchedSiteConfig(kind, current, fields), now));
      if (!site) throw missing(rid);
      return respondSite(request, reply, site);
    });

    describeOperation(ctx, 'DELETE', one, `Delete a ${what} with its measurements`, ONE_PARAMS);
    app.delete(one, async (request, reply) => {
      const { viewer } = viewerOf(request);
      const { resource_id: rid } = validateQuery(ONE_PARAMS, request.query) as { resource_id: string };
      readFormat(request.query);
      const site = await sites.getSite(kind, rid, viewer);
      if (!site) throw missing(rid);
      await guarded(rid, () => sites.deleteSite(kind, rid, viewer));
      return respondSite(request, reply, site);
    });

    describeOperation(ctx, 'GET', many, `List ${what}s`, LIST_PARAMS);
    app.get(many, async (request, reply) => {
      const { account, viewer } = viewerOf(request);
      const p = validateQuery(LIST_PARAMS, request.query);
      const { format, v3Requested } = readFormat(request.query);
      if (p.show_all === true) {
        if (!account.admin) throw forbidden("'show_all' needs an admin account.");
        viewer.all = true;
      }
      const createdFrom = parseInstant('start', p.start as string | undefined);
      const createdBefore = parseInstant('end', p.end as string | undefined);
      const skip = p.skip as number;
      const take = p.take as number;
      const wrongEntitlement = p.entitlement !== undefined && p.entitlement !== (kind === 'pv' ? 'advanced' : 'premium');
      const page = wrongEntitlement || p.forecast_production === true
        ? { total: 0, results: [] as StoredSite[] }
        : await sites.listSites({
          kind, viewer, skip, take,
          ...(p.query !== undefined ? { query: p.query as string } : {}),
          ...(createdFrom !== undefined ? { createdFrom } : {}),
          ...(createdBefore !== undefined ? { createdBefore } : {}),
        });
      const views = page.results.map(siteView);
      const v3 = useVersion3(account, v3Requested, ctx.clock.now());
      return sendRecords(reply, format, order, views, v3 ? { offset: skip, total: page.total, results: views, meta: {} } : views);
    });
  }
}
