/**
 * What the products need from a weather source: weather columns (the core's names and units,
 * WeatherColumns) for a place and a grid of period ends, as estimated actuals or as a forecast
 * issued at a given time. The interface is src/weather's; weather-columns.ts converts the
 * columns to the API's output parameters.
 */
export type {
  ForecastQuery,
  NumericWeatherColumnName,
  WeatherColumnName,
  WeatherColumns,
  WeatherQuery,
  WeatherSource,
} from 'solarkit';
