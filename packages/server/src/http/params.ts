/**
 * Query parameters of the server: the declarative definitions (products/params.ts, shared
 * with the products and the OpenAPI document) and the query normalisation of contract.md
 * section 1. Routes call `validateQuery(defs, request.query)` and get typed values or a 400.
 */
import { TimeParseError, parseDateTime } from 'solarkit';
import { type FieldError, type ParamDef, type ParamValues, normalizeQuery, parseParams } from '../products/params.js';
import { badRequest, fieldError } from './errors.js';

export {
  type FieldError, type NormalizedQuery, type ParamDef, type ParamType, type ParamValues,
  normalizeName, normalizeQuery, parseParams, rawValues, splitList,
} from '../products/params.js';

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
    errors.push(fieldError('InvalidDateTime', field, `'${field}' must be an ISO 8601 date-time. You entered '${text.slice(0, 64)}'.`));
    return undefined;
  }
}
