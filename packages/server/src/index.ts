// The entry of the `solarkit-server` package: the HTTP front-end and the API products (re-exports only).
export { createServer, redactUrl } from './app.js';
export {
  createServerContext,
  type PluginWithOptions,
  type ServerContext,
  type ServerOptions,
  type ServerPlugin,
} from './context.js';
export type { RequestLogOptions } from './http/request-log.js';
export { migrate, openDatabase, type Database } from './storage/database.js';
export { migrations, type Migration } from './storage/migrations.js';
export {
  AccountNameTakenError,
  PLAN_FAMILIES,
  SqliteAccountStore,
  accountsGeneration,
  createAccount,
  createKey,
  getAccount,
  hashKey,
  isWellFormedKey,
  listAccounts,
  listKeys,
  parsePlans,
  revokeKey,
  type AccountRow,
  type AccountStore,
  type CreateAccountOptions,
  type KeyRow,
  type KeyedAccount,
  type PlanFamily,
} from './storage/accounts.js';
export { isPostgresUrl, openSqliteStorage, openStorage, type SqliteStorage } from './storage/open.js';
export type * from './storage/stores.js';
export { UNMETERED_LOCATIONS } from './storage/test-sites.js';
export type * from './storage/types.js';
export {
  DEFAULT_SITE_LIMITS,
  ReadOnlySiteError,
  ResourceIdTakenError,
  SiteConfigTooLargeError,
  SiteCountLimitError,
  SiteGoneError,
} from './storage/types.js';
export { SqliteSiteStore } from './storage/sites.js';
export { SqliteMeasurementStore } from './storage/measurements.js';
export { SqliteLimitStore, usageOn, utcDay } from './storage/limits.js';
export { MeasurementLimitError } from './storage/types.js';
export { type ServerWeatherStore, watchWeatherStore, weatherDirectoryOf } from './storage/weather-files.js';
export {
  ApiError,
  badRequest,
  errorBody,
  errorHandler,
  fieldError,
  forbidden,
  notFound,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
  type FieldError,
} from './http/errors.js';
export { AUTH_CACHE_MS, isApiKeyName, keyFromRequest, registerAuth, requirePlan, type Account } from './http/auth.js';
export { Quota, isUnmeteredLocation, registerLimits } from './http/limits.js';
export { OpenApiRegistry, paramSchema, type OperationDoc, type RouteDoc } from './http/openapi.js';
export {
  normalizeName,
  normalizeQuery,
  parseParams,
  parseQueryString,
  splitList,
  validateQuery,
  type ParamDef,
  type ParamValues,
} from './http/params.js';
export {
  ResponseCache,
  type CachedResponse,
  type ResponseCacheLimits,
  type ResponseCacheStats,
} from './http/response-cache.js';
export { ComputePool, type ComputePoolOptions, type ComputePoolStats } from './compute/pool.js';
export * from './formats/index.js';
export {
  NOW_STEP_SECONDS,
  seriesEndpoints,
  type DataEndpoint,
  type SeriesEndpointsOptions,
} from './endpoints/series.js';
export {
  sitePowerEndpoints,
  type SitePowerEndpoint,
  type SitePowerEndpointsOptions,
  type SitePowerKind,
} from './endpoints/site-power.js';
export { DATA_ENDPOINTS } from './routes/data.js';
export { placeFacts, placeHorizon } from './place.js';
// The API products (validated request -> columns), for embedding them in another front-end. A
// namespace, because their parameter definitions (LATITUDE, START, …) would crowd the other names.
export * as products from './products/index.js';
