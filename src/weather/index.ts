// Public exports of src/weather (re-exports only): the weather columns, the sources, the file
// readers. The synthetic model's plumbing (climate, normals, noise, state, sky, snow budget) is
// reached through its modules; what the server needs of it is in src/internal.ts.
export {
  type WeatherColumns,
  type NumericWeatherColumns,
  type WeatherColumnName,
  type NumericWeatherColumnName,
  type PeriodWeather,
  ACTUAL_COLUMNS,
  QUANTILE_COLUMNS,
  FORECAST_COLUMNS,
} from './columns.js';
export { WEATHER_TYPES, type WeatherType, type WeatherTypeInput, weatherType } from './parameters.js';
export {
  type WeatherQuery,
  type ForecastQuery,
  type QueryPlane,
  type WeatherSource,
  composeSources,
} from './source.js';
export {
  type SyntheticOptions,
  type DefaultSourceOptions,
  syntheticSource,
  defaultWeatherSource,
} from './synthetic.js';
export { type WeatherScratch, createWeatherScratch } from './scratch.js';
export {
  type RealDataOptions,
  type NearestSeriesOptions,
  type TypicalYearFromSeriesOptions,
  type PeriodGrid,
  type LatLon,
  realDataSource,
  nearestSeries,
  typicalYearFromSeries,
  type ResampleInput,
  resampleColumn,
} from './real.js';
export { type HistoryYears, syntheticHistory } from './history.js';
export type { WeatherPlace } from './climate.js';
export {
  type ClimateGrid,
  type ClimateGrids,
  type ClimateNormals,
  type LandShareAround,
  type NormalsSite,
  climateNormalsAt,
} from './normals.js';
export type { ClimateStations, StationSite } from './stations.js';
export type { CalibrationYears } from './calibration-anchors.js';
export { WEATHER_TRACKER } from './sky.js';
export {
  type FilePlaceHint,
  type WeatherSeries,
  type ApiCsvPlace,
  type Psm3Place,
  type CalendarReadOptions,
  readWeatherFile,
  guessPlaceFromName,
  readApiCsv,
  readEpw,
  readPsm3,
  readPvgisTmyCsv,
  readPvgisTmyJson,
  readTmy2,
  readTmy3,
} from './readers/index.js';
