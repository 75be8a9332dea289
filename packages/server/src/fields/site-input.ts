/**
 * Site fields as a request gives them: from a JSON body, the query string (the Python SDK sends
 * every field there), or both (the body wins). Names are matched as query names are
 * (case-insensitive, with or without underscores), so camelCase bodies of generated clients work
 * too. A value of the wrong type or outside its range is a 400 naming the field; the definitions
 * are fields/sites.ts.
 */
import { formatTimestamp, parseDateTime } from 'solarkit';
import { type FieldError, badRequest, fieldError } from '../http/errors.js';
import { type NormalizedQuery, type ParamDef, normalizeName, normalizeQuery, parseParams } from '../http/params.js';
import type { SiteKind } from '../storage/types.js';
import { REQUIRED_SITE_FIELDS, type SiteWrite, siteFields } from './sites.js';

const RESOURCE_ID_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

const JSON_TYPE: Record<string, string> = {
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  string: 'string',
  enum: 'string',
  datetime: 'string',
};

/**
 * Turns a JSON body into the string form the query definitions parse, checking JSON types on the
 * way: a JSON body must send a number as a number and a boolean as a boolean (the query string
 * cannot, so there strings are read). Null counts as absent.
 */
function bodyAsQuery(
  defs: readonly ParamDef[],
  body: Record<string, unknown>,
  into: NormalizedQuery,
  errors: FieldError[],
): Map<string, unknown> {
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
      const what =
        def.type === 'integer'
          ? 'an integer'
          : want === 'number'
            ? 'a number'
            : want === 'boolean'
              ? 'true or false'
              : 'a string';
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
    .replace(/\bTrue\b/g, 'true')
    .replace(/\bFalse\b/g, 'false')
    .replace(/\bNone\b/g, 'null');
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
      errors.push(
        fieldError(
          'InclusiveBetween',
          `${at}.day_of_year`,
          `'${at}.day_of_year' must be an integer between 1 and 366.`,
        ),
      );
      return undefined;
    }
    const c = item.signed_zenith_coefficients;
    if (c !== undefined && (typeof c !== 'object' || c === null || Array.isArray(c))) {
      errors.push(
        fieldError(
          'InvalidType',
          `${at}.signed_zenith_coefficients`,
          `'${at}.signed_zenith_coefficients' must be an object.`,
        ),
      );
      return undefined;
    }
    if (c !== undefined && !nestedAtMost(c, MAX_COEFFICIENT_DEPTH)) {
      errors.push(
        fieldError(
          'InvalidType',
          `${at}.signed_zenith_coefficients`,
          `'${at}.signed_zenith_coefficients' must not nest objects or arrays more than ${MAX_COEFFICIENT_DEPTH} levels deep.`,
        ),
      );
      return undefined;
    }
  }
  return value;
}

/** The fields a request gives (validated, typed), or a 400 listing every problem. */
export function readSiteFields(
  kind: SiteKind,
  mode: SiteWrite,
  body: unknown,
  query: unknown,
): Record<string, unknown> {
  const defs = siteFields(kind);
  const errors: FieldError[] = [];
  const q = normalizeQuery(query as Record<string, unknown>);
  let structured = new Map<string, unknown>();
  if (body !== undefined && body !== null && body !== '') {
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest([fieldError('InvalidType', 'body', 'The JSON body must be an object of site fields.')]);
    }
    structured = bodyAsQuery(defs, body as Record<string, unknown>, q, errors);
  }
  const { values, errors: parseErrors } = parseParams(
    defs.map((d) => ({ ...d, required: false, default: undefined })),
    q,
  );
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
    errors.push(
      fieldError(
        'Matches',
        'resource_id',
        "'resource_id' must be 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit.",
      ),
    );
  }
  const name = values.name as string | undefined;
  if (name !== undefined && (name.trim() === '' || name.length > 200)) {
    errors.push(fieldError('Length', 'name', "'name' must be 1 to 200 characters long."));
  }
  const limit = values.grid_export_limit as number | undefined;
  if (limit !== undefined && limit < 0 && limit !== -1) {
    errors.push(
      fieldError(
        'GridExportLimit',
        'grid_export_limit',
        "'grid_export_limit' must be greater than or equal to '0', or -1 for no limit.",
      ),
    );
  }
  const dust = values.dust_soiling_average as number[] | undefined;
  if (dust !== undefined && ![1, 2, 3, 4, 6, 12].includes(dust.length)) {
    errors.push(
      fieldError(
        'Length',
        'dust_soiling_average',
        "'dust_soiling_average' must hold 12 monthly values (or 1, 2, 3, 4 or 6 values each covering 12/n months).",
      ),
    );
  }
  const install = values.install_date as string | undefined;
  if (install !== undefined) {
    try {
      values.install_date = formatTimestamp(parseDateTime(install), 'v3');
    } catch (e) {
      if (!(e instanceof RangeError)) throw e; // TimeParseError, or a date beyond year 9999
      errors.push(
        fieldError(
          'InvalidDateTime',
          'install_date',
          `'install_date' must be an ISO 8601 date or date-time. You entered '${install.slice(0, 64)}'.`,
        ),
      );
    }
  }
  for (const f of REQUIRED_SITE_FIELDS[kind][mode]) {
    if (values[f] === undefined && !errors.some((e) => e.field_name === f)) {
      errors.push(fieldError('NotEmpty', f, `'${f}' must not be empty.`));
    }
  }
  if (errors.length > 0) throw badRequest(errors);
  return values;
}
