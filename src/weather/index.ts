// Public exports of src/weather (re-exports only).
export { type WeatherPlace, type PlaceClimate, placeClimate, continentalityFromLand, cloudinessForClearSkyIndex, ELEVATION_LAPSE_RATE, TROPICAL_YEAR_SECONDS, seasonIndex } from './climate.js';
export { hash4, hashUniform, hashGaussian, inverseNormalCdf, normalCdf, valueNoise, accumulateNoise, placeKey, type NoiseSite, spatialSpacingDegrees } from './noise.js';
export {
  type ClimateGrid,
  type ClimateGrids,
  type ClimateNormals,
  type NormalsSite,
  type ClearnessInputs,
  type LandShareAround,
  climateNormalsAt,
  siteTemperature,
  correctedTemperature,
  gridSurfaceElevation,
  gridTemperatureAtSite,
  regressedGridTemperature,
  monthlyClearnessIndex,
  extraterrestrialToClearSky,
  monthlyToSeasonal,
  windSpeedFromMeanVector,
  landNeighbourPoints,
  upwindLandShare,
  LAND_NEIGHBOUR_DISTANCE,
  CLEARNESS_COEFFICIENTS,
  TEMPERATURE_CORRECTION,
  GRID_LAPSE_RATE,
  TEMPERATURE_REGRESSION_RADIUS,
} from './normals.js';
export {
  type WeatherState,
  type StatePerturbation,
  weatherState,
  opacityFromLatent,
  clearSkyIndexFromOpacity,
  saturationVapourPressure,
  precipitableWaterFromDewPoint,
  CLOUD_ENHANCEMENT_CAP,
  PRECIPITATION_OPACITY,
} from './state.js';
export { type DailyBudget, dailyBudget, snowAnchorDay } from './snow.js';
export { syntheticHistory } from './history.js';
export { type SkyColumns, WEATHER_TRACKER, skyAtInstants, allSky, tiltedIrradiance, stationPressure, weatherMount } from './sky.js';
export {
  ACTUAL_PARAMETERS,
  QUANTILE_PARAMETERS,
  FORECAST_PARAMETERS,
  WEATHER_TYPES,
  type WeatherType,
  type WeatherTypeInput,
  weatherType,
} from './parameters.js';
export { type WeatherQuery, type ForecastQuery, type QueryPlane, type WeatherColumns, type WeatherSource, composeSources, queryPlane } from './source.js';
export { type RealDataOptions, realDataSource, typicalYearFromSeries, resampleColumn, nearestSeries } from './real.js';
export {
  type SyntheticOptions,
  type DefaultSourceOptions,
  BASE_STEP,
  syntheticSource,
  defaultWeatherSource,
  cloudForecastSpread,
  temperatureForecastSpread,
} from './synthetic.js';
export {
  type FilePlaceHint,
  type WeatherSeries,
  type ApiCsvPlace,
  type Psm3Place,
  readWeatherFile,
  guessPlaceFromName,
  readApiCsv,
  readEpw,
  readPsm3,
  readPvgisTmyCsv,
  readPvgisTmyJson,
  readTmy2,
  readTmy3,
  type CalendarReadOptions,
  TYPICAL_YEAR,
  PSM_PLACE_HINT_MESSAGE,
} from './readers/index.js';
