/**
 * Query parameters of the server: the declarative definitions (products/params.ts, shared
 * with the products and the OpenAPI document) and the query normalisation of contract.md
 * section 1. Routes call `validateQuery(defs, request.query)` and get typed values or a 400.
 */
import fastQueryString from 'fast-querystring';
import { TimeParseError, parseDateTime } from 'solarkit';
import { type FieldError, type ParamDef, type ParamValues, normalizeQuery, parseParams } from '../products/params.js';
import { badRequest, fieldError } from './errors.js';

export {
  type FieldError,
  type NormalizedQuery,
  type ParamDef,
  type ParamType,
  type ParamValues,
  normalizeName,
  normalizeQuery,
  parseParams,
  rawValues,
  splitList,
} from '../products/params.js';

/**
 * The server's query-string parser (fastify's router is given it): fast-querystring, as fastify's
 * default, named here so that whatever else reads a query (the redaction of keys from logged URLs)
 * reads it exactly as the routes do.
 *
 * @example parseQueryString('a=1&a=2&b=%41') // { a: ['1', '2'], b: 'A' }
 */
export function parseQueryString(query: string): Record<string, unknown> {
  return query.length === 0 ? {} : fastQueryString.parse(query);
}

/**
 * Where the query string of a request target starts, as fastify's router finds it: after the
 * first `?` or `#` past the path's first character; -1 when there is none.
 */
export function queryStart(url: string): number {
  const q = url.indexOf('?', 1);
  const h = url.indexOf('#', 1);
  return q === -1 ? h : h === -1 ? q : Math.min(q, h);
}

/** Validates a raw query against definitions; throws a 400 ApiError listing every field error. */
export function validateQuery(defs: readonly ParamDef[], query: unknown): ParamValues {
  const { values, errors } = parseParams(defs, normalizeQuery(query as Record<string, unknown>));
  if (errors.length > 0) throw badRequest(errors);
  return values;
}

/**
 * An ISO 8601 date-time value of `field` as Unix seconds; for one that does not parse, pushes an
 * InvalidDateTime error naming the field and returns undefined.
 *
 * @example readInstant('start', '2024-01-01T00:00Z', []) // 1704067200
 */
export function readInstant(field: string, text: string, errors: FieldError[]): number | undefined {
  try {
    return parseDateTime(text);
  } catch (e) {
    if (!(e instanceof TimeParseError)) throw e;
    errors.push(
      fieldError(
        'InvalidDateTime',
        field,
        `'${field}' must be an ISO 8601 date-time. You entered '${text.slice(0, 64)}'.`,
      ),
    );
    return undefined;
  }
}
