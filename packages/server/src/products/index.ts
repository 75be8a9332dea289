// Public exports of src/products (re-exports only).
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
} from './params.js';
export type { SeriesColumn, SeriesTable } from './table.js';
export {
  ARRAY_TYPE,
  AZIMUTH,
  DURATION,
  END,
  HISTORIC_EARLIEST,
  HISTORIC_LAG_SECONDS,
  HISTORIC_MAX_SECONDS,
  LATITUDE,
  LONGITUDE,
  MANUAL_WASH_DATES,
  MAX_WASH_DATES,
  PERIODS,
  START,
  TERRAIN_SHADING,
  TILT,
  TIME_ZONE,
  TMY_YEAR,
  type EndRule,
  type Window,
  defaultAzimuth,
  defaultTilt,
  forecastWindow,
  historicWindow,
  hoursDef,
  liveWindow,
  periodDef,
  periodSecondsOf,
  timeZoneOffset,
  tmyWindow,
  apiAzimuthToPvlib,
  apiTrackerAxisToPvlib,
  pvlibAzimuthToApi,
  washDates,
} from './common.js';
export {
  FORECAST_OUTPUT_NAMES,
  RADIATION_OUTPUTS,
  RADIATION_OUTPUT_NAMES,
  ROOFTOP_FORECAST_OUTPUTS,
  ROOFTOP_OUTPUTS,
  SITE_POWER_OUTPUTS,
  SOILING_OUTPUTS,
  outputDocs,
  outputInfo,
  type OutputDoc,
  type OutputInfo,
} from './outputs.js';
export type { ForecastQuery, WeatherColumns, WeatherQuery, WeatherSource } from './source.js';
export {
  API_WEATHER_COLUMNS,
  type ApiWeatherColumn,
  type ApiWeatherColumns,
  apiWeatherColumns,
  coreWeatherColumns,
} from './weather-columns.js';
export {
  type PlaceFacts,
  type ProductContext,
  type ProductContextOptions,
  type WeatherNeed,
  createProductContext,
} from './context.js';
export {
  DEFAULT_TMY_REQUEST,
  type PlaneRequest,
  type SeriesKind,
  type TmyRequestOptions,
  issueTime,
} from './request.js';
export {
  DNI_WEIGHT,
  GHI_WEIGHT,
  PROBABILITY,
  RADIATION_DEFAULT_OUTPUTS,
  type RadiationRequest,
  planeOf,
  radiation,
  radiationOutputNames,
  radiationParams,
  tmyOptionsOf,
  toColumns,
  validateRadiation,
  windowOf,
} from './radiation.js';
export {
  HSU_MAX_INITIAL_SOILING,
  type SoilingKind,
  type SoilingModel,
  type SoilingRequest,
  soiling,
  soilingParams,
  validateSoiling,
} from './soiling.js';
export {
  CAPACITY,
  INSTALL_DATE,
  LOSS_FACTOR,
  type RooftopRequest,
  rooftop,
  rooftopParams,
  validateRooftop,
} from './rooftop.js';
export { SHADING_INPUTS, applyTerrainShading } from './terrain-shading.js';
export * from './advanced-pv.js';
export * from './wind.js';
