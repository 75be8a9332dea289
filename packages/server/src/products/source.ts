/**
 * What the products need from a weather source: columns of the API's output parameters (API
 * names and units, contract.md section 4) for a place and a grid of period ends, as estimated
 * actuals or as a forecast issued at a given time. The interface is src/weather's.
 */
export type { ForecastQuery, WeatherColumns, WeatherQuery, WeatherSource } from 'solarkit';
