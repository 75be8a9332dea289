/**
 * Query parameters of the server: the declarative definitions (products/params.ts, shared
 * with the products and the OpenAPI document) and the query normalisation of contract.md
 * section 1. Routes call `validateQuery(defs, request.query)` and get typed values or a 400.
 */
import { type ParamDef, type ParamValues, normalizeQuery, parseParams } from '../products/params.js';
import { badRequest } from './errors.js';

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
