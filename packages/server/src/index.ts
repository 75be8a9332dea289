// The entry of the `solarkit-server` package: the HTTP front-end and the API products (re-exports only).
export { createServer, redactUrl, type ServerContext, type ServerOptions } from './app.js';
export { migrate, openDatabase, type Database } from './db.js';
export { migrations, type Migration } from './migrations.js';
export {
  ApiError, badRequest, errorBody, errorHandler, fieldError, forbidden, notFound, serviceUnavailable, tooManyRequests, unauthorized,
  type FieldError,
} from './errors.js';
export {
  PLAN_FAMILIES, createAccount, createKey, getAccount, hashKey, isWellFormedKey, keyFromRequest, listAccounts, listKeys,
  AUTH_CACHE_MS, parsePlans, registerAuth, requirePlan, revokeKey,
  type Account, type AccountRow, type CreateAccountOptions, type FormatVersion, type KeyRow, type PlanFamily,
} from './auth.js';
export { UNMETERED_LOCATIONS, isUnmeteredLocation, isUnmeteredQuery, registerLimits, usageOn } from './limits.js';
export { OpenApiRegistry, paramSchema, type OperationDoc } from './openapi.js';
export { normalizeName, normalizeQuery, parseParams, splitList, validateQuery, type ParamDef, type ParamValues } from './params.js';
export * from './formats/index.js';
export {
  DATA_ENDPOINTS, LEGACY_RETIREMENT, NOW_STEP_SECONDS, ResponseCache, parseFormat, registerDataEndpoint, responseVersion, type DataEndpoint,
} from './routes/data.js';
export { placeFacts, placeHorizon } from './place.js';
export { GenerationalResponseCache, type ServerWeatherStore, watchWeatherStore, weatherDirectoryOf } from './weather-store.js';
// The API products (validated request -> columns), for embedding them in another front-end. A
// namespace, because their parameter definitions (LATITUDE, START, …) would crowd the other names.
export * as products from './products/index.js';
