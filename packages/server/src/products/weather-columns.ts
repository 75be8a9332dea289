/**
 * The API's weather output parameters (contract.md section 4) and the core's weather columns
 * (WeatherColumns: camelCase names, pvlib's units): the one table between them. Products ask the
 * weather source for core columns and compute with them; a response's columns get the API's
 * names and units here, once, as plane azimuths are converted once (common.ts). The core's API
 * CSV reader (readApiCsv) reads the same names back; a test checks the two agree.
 */
import type { WeatherColumnName, WeatherColumns } from 'solarkit';
import { pvlibAzimuthToApi } from './common.js';

/** Weather columns by API output parameter name, in the API's units; weather_type as labels. */
export type ApiWeatherColumns = Record<string, Float64Array | string[]>;

/** An API weather parameter: the core's column, and its conversion when the API's unit or convention differs. */
export interface ApiWeatherColumn {
  column: WeatherColumnName;
  /** from the core's value to the API's (absent: the same number) */
  toApi?: (value: number) => number;
}

/** Every weather output parameter of the API (actuals, forecasts and their P10/P90) and its core column. */
export const API_WEATHER_COLUMNS: Readonly<Record<string, ApiWeatherColumn>> = {
  air_temp: { column: 'airTemp' },
  albedo: { column: 'albedo' },
  // The sun's azimuth: the core's degrees east of north to the API's (east -90, west 90).
  azimuth: { column: 'solarAzimuth', toApi: pvlibAzimuthToApi },
  clearsky_dhi: { column: 'clearskyDhi' },
  clearsky_dni: { column: 'clearskyDni' },
  clearsky_ghi: { column: 'clearskyGhi' },
  clearsky_gti: { column: 'clearskyGti' },
  cloud_opacity: { column: 'cloudOpacity' },
  dewpoint_temp: { column: 'dewPoint' },
  dhi: { column: 'dhi' },
  dni: { column: 'dni' },
  ghi: { column: 'ghi' },
  gti: { column: 'gti' },
  // cm (pvlib) to kg/m2 (the API)
  precipitable_water: { column: 'precipitableWater', toApi: (cm) => cm * 10 },
  precipitation_rate: { column: 'precipitationRate' },
  relative_humidity: { column: 'relativeHumidity' },
  // Pa (pvlib) to hPa (the API)
  surface_pressure: { column: 'pressure', toApi: (pa) => pa / 100 },
  snow_soiling_rooftop: { column: 'snowSoilingRooftop' },
  snow_soiling_ground: { column: 'snowSoilingGround' },
  wind_direction_100m: { column: 'windDirection100m' },
  wind_direction_10m: { column: 'windDirection' },
  wind_speed_100m: { column: 'windSpeed100m' },
  wind_speed_10m: { column: 'windSpeed' },
  zenith: { column: 'solarZenith' },
  snow_depth: { column: 'snowDepth' },
  snow_water_equivalent: { column: 'snowWaterEquivalent' },
  snowfall_rate: { column: 'snowfallRate' },
  wind_gust: { column: 'windGust' },
  cape: { column: 'cape' },
  weather_type: { column: 'weatherType' },
  min_air_temp: { column: 'minAirTemp' },
  max_air_temp: { column: 'maxAirTemp' },
  pm10: { column: 'pm10' },
  'pm2.5': { column: 'pm25' },
  cloud_opacity10: { column: 'cloudOpacity10' },
  cloud_opacity90: { column: 'cloudOpacity90' },
  dhi10: { column: 'dhi10' },
  dhi90: { column: 'dhi90' },
  dni10: { column: 'dni10' },
  dni90: { column: 'dni90' },
  ghi10: { column: 'ghi10' },
  ghi90: { column: 'ghi90' },
  gti10: { column: 'gti10' },
  gti90: { column: 'gti90' },
};

function entry(parameter: string): ApiWeatherColumn {
  const e = Object.hasOwn(API_WEATHER_COLUMNS, parameter) ? API_WEATHER_COLUMNS[parameter] : undefined;
  if (e === undefined) throw new Error(`${parameter} is not a weather output parameter`);
  return e;
}

/** The core's columns of API output parameters, in their order. */
export function coreWeatherColumns(parameters: readonly string[]): WeatherColumnName[] {
  return parameters.map((p) => entry(p).column);
}

/**
 * Core weather columns as the API's output parameters: each requested parameter's column (when
 * the columns hold it) under its API name, converted to the API's unit and convention.
 */
export function apiWeatherColumns(columns: WeatherColumns, parameters: readonly string[]): ApiWeatherColumns {
  const out: ApiWeatherColumns = {};
  for (const parameter of parameters) {
    const { column, toApi } = entry(parameter);
    const values = columns[column];
    if (values === undefined) continue;
    out[parameter] = toApi === undefined || Array.isArray(values) ? values : values.map(toApi);
  }
  return out;
}
