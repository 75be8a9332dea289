/**
 * The core's one shape of weather: columns by camelCase name, in pvlib's quantities and units.
 * Weather sources, the file readers, the synthetic history and typical years all give columns of
 * this type, and simulatePv and the fleet take them. The API's snake_case names and units (hPa,
 * kg/m2 of water, azimuth east -90) exist only in the server, converted once.
 */
import type { WeatherType } from './parameters.js';

/**
 * Weather columns, one value per period (period means unless said otherwise; NaN = missing).
 * Every column is optional: a source gives the ones asked for, a file the ones it has.
 */
export interface WeatherColumns {
  /** global horizontal irradiance, W/m2 */
  ghi?: Float64Array;
  /** direct normal irradiance, W/m2 */
  dni?: Float64Array;
  /** diffuse horizontal irradiance, W/m2 */
  dhi?: Float64Array;
  /** global irradiance on the query's plane (tilt, azimuth, tracker), W/m2 */
  gti?: Float64Array;
  /** clear-sky global horizontal irradiance, W/m2 */
  clearskyGhi?: Float64Array;
  /** clear-sky direct normal irradiance, W/m2 */
  clearskyDni?: Float64Array;
  /** clear-sky diffuse horizontal irradiance, W/m2 */
  clearskyDhi?: Float64Array;
  /** clear-sky global irradiance on the query's plane, W/m2 */
  clearskyGti?: Float64Array;
  /** P10 (forecasts: exceeded with 90 % probability) of GHI, W/m2 */
  ghi10?: Float64Array;
  /** P90 of GHI, W/m2 */
  ghi90?: Float64Array;
  /** P10 of DNI, W/m2 */
  dni10?: Float64Array;
  /** P90 of DNI, W/m2 */
  dni90?: Float64Array;
  /** P10 of DHI, W/m2 */
  dhi10?: Float64Array;
  /** P90 of DHI, W/m2 */
  dhi90?: Float64Array;
  /** P10 of GTI, W/m2 */
  gti10?: Float64Array;
  /** P90 of GTI, W/m2 */
  gti90?: Float64Array;
  /** cloud opacity, % (0 clear .. 100 opaque) */
  cloudOpacity?: Float64Array;
  /** P10 of the cloud opacity (the clearer side), % */
  cloudOpacity10?: Float64Array;
  /** P90 of the cloud opacity (the cloudier side), % */
  cloudOpacity90?: Float64Array;
  /** solar zenith angle at the period's middle, degrees */
  solarZenith?: Float64Array;
  /** solar azimuth at the period's middle, degrees east of north (pvlib: 90 east, 180 south) */
  solarAzimuth?: Float64Array;
  /** air temperature at 2 m, degrees C */
  airTemp?: Float64Array;
  /** lowest air temperature within the period, degrees C */
  minAirTemp?: Float64Array;
  /** highest air temperature within the period, degrees C */
  maxAirTemp?: Float64Array;
  /** dew point temperature at 2 m, degrees C */
  dewPoint?: Float64Array;
  /** relative humidity, % */
  relativeHumidity?: Float64Array;
  /** surface (station) pressure, Pa */
  pressure?: Float64Array;
  /** precipitable water, cm (pvlib's unit; 1 cm = 10 kg/m2) */
  precipitableWater?: Float64Array;
  /** precipitation rate, mm/h of water */
  precipitationRate?: Float64Array;
  /** snowfall rate, cm/h of fresh snow */
  snowfallRate?: Float64Array;
  /** snow depth on the ground, cm */
  snowDepth?: Float64Array;
  /** snow water equivalent on the ground, cm of water */
  snowWaterEquivalent?: Float64Array;
  /** share of a rooftop array covered by snow, % */
  snowSoilingRooftop?: Float64Array;
  /** share of a ground-mounted array covered by snow, % */
  snowSoilingGround?: Float64Array;
  /** ground albedo, fraction 0..1 */
  albedo?: Float64Array;
  /** wind speed at 10 m, m/s */
  windSpeed?: Float64Array;
  /** wind speed at 100 m, m/s */
  windSpeed100m?: Float64Array;
  /** wind direction at 10 m (where the wind comes from), degrees east of north */
  windDirection?: Float64Array;
  /** wind direction at 100 m, degrees east of north */
  windDirection100m?: Float64Array;
  /** strongest gust within the period, m/s */
  windGust?: Float64Array;
  /** convective available potential energy, J/kg */
  cape?: Float64Array;
  /** particulate matter up to 10 micrometres, micrograms/m3 */
  pm10?: Float64Array;
  /** particulate matter up to 2.5 micrometres, micrograms/m3 */
  pm25?: Float64Array;
  /** the period's weather label (see weatherType) */
  weatherType?: WeatherType[];
}

/** The numeric columns (every one but the weatherType labels): what the file readers give. */
export type NumericWeatherColumns = Omit<WeatherColumns, 'weatherType'>;

/**
 * Weather columns on a grid of periods: what a file reader (WeatherSeries), a typical year
 * (TypicalYearResult) or a user gives simulatePv.
 */
export interface PeriodWeather {
  /** period ends, Unix s (UTC), increasing */
  periodEnd: Float64Array;
  /** period length, s */
  periodSeconds: number;
  /** the columns, one value per period */
  columns: WeatherColumns;
}

/** The name of a weather column. */
export type WeatherColumnName = keyof WeatherColumns;

/** The name of a numeric weather column (every one but the weatherType labels). */
export type NumericWeatherColumnName = Exclude<WeatherColumnName, 'weatherType'>;

/** Columns of estimated actuals (historic and live weather) that the weather sources give. */
export const ACTUAL_COLUMNS = [
  'airTemp',
  'albedo',
  'solarAzimuth',
  'clearskyDhi',
  'clearskyDni',
  'clearskyGhi',
  'clearskyGti',
  'cloudOpacity',
  'dewPoint',
  'dhi',
  'dni',
  'ghi',
  'gti',
  'precipitableWater',
  'precipitationRate',
  'relativeHumidity',
  'pressure',
  'snowSoilingRooftop',
  'snowSoilingGround',
  'windDirection100m',
  'windDirection',
  'windSpeed100m',
  'windSpeed',
  'solarZenith',
  'snowDepth',
  'snowWaterEquivalent',
  'snowfallRate',
  'windGust',
  'cape',
  'weatherType',
  'minAirTemp',
  'maxAirTemp',
  'pm10',
  'pm25',
] as const satisfies readonly WeatherColumnName[];

/** The forecast-only quantile columns (P10 and P90). */
export const QUANTILE_COLUMNS = [
  'cloudOpacity10',
  'cloudOpacity90',
  'dhi10',
  'dhi90',
  'dni10',
  'dni90',
  'ghi10',
  'ghi90',
  'gti10',
  'gti90',
] as const satisfies readonly WeatherColumnName[];

/** Every column a forecast gives. */
export const FORECAST_COLUMNS = [...ACTUAL_COLUMNS, ...QUANTILE_COLUMNS] as const;

/** The median column of a quantile column (`ghi10` -> `ghi`), or undefined for any other. */
export function quantileBase(name: WeatherColumnName): NumericWeatherColumnName | undefined {
  return (QUANTILE_COLUMNS as readonly string[]).includes(name)
    ? (name.slice(0, -2) as NumericWeatherColumnName)
    : undefined;
}
