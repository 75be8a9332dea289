import { parseDateTime } from '../../time/datetime.js';
import { parsePeriod } from '../../time/duration.js';
import { increasingInTime } from './calendar.js';
import { type WeatherSeries, numberOr, splitCsv, textLines } from './types.js';
import { checkLatitude, checkLongitude, checkString } from '../../util/validate.js';
import type { NumericWeatherColumnName, NumericWeatherColumns } from '../columns.js';

/** Where an API CSV was requested for (the CSV itself does not say). */
export interface ApiCsvPlace {
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
  /** Height above sea level, m (absent: unknown). */
  elevation?: number;
}

/**
 * The API's weather columns as this file format names them (contract.md section 4), with the
 * core's name and the conversion from the API's unit to the core's, where they differ. The solar
 * `azimuth` also changes convention (see readApiCsv). The server has its own table of the same
 * names (packages/server/src/products/weather-columns.ts), checked against this one by its tests.
 */
const API_CSV_COLUMNS: Readonly<Record<string, readonly [NumericWeatherColumnName, ((value: number) => number)?]>> = {
  air_temp: ['airTemp'],
  albedo: ['albedo'],
  azimuth: ['solarAzimuth'],
  zenith: ['solarZenith'],
  clearsky_dhi: ['clearskyDhi'],
  clearsky_dni: ['clearskyDni'],
  clearsky_ghi: ['clearskyGhi'],
  clearsky_gti: ['clearskyGti'],
  cloud_opacity: ['cloudOpacity'],
  cloud_opacity10: ['cloudOpacity10'],
  cloud_opacity90: ['cloudOpacity90'],
  dewpoint_temp: ['dewPoint'],
  dhi: ['dhi'],
  dni: ['dni'],
  ghi: ['ghi'],
  gti: ['gti'],
  dhi10: ['dhi10'],
  dhi90: ['dhi90'],
  dni10: ['dni10'],
  dni90: ['dni90'],
  ghi10: ['ghi10'],
  ghi90: ['ghi90'],
  gti10: ['gti10'],
  gti90: ['gti90'],
  precipitable_water: ['precipitableWater', (kgPerM2) => kgPerM2 / 10], // kg/m2 -> cm
  precipitation_rate: ['precipitationRate'],
  relative_humidity: ['relativeHumidity'],
  surface_pressure: ['pressure', (hPa) => hPa * 100], // hPa -> Pa
  snow_soiling_rooftop: ['snowSoilingRooftop'],
  snow_soiling_ground: ['snowSoilingGround'],
  wind_direction_100m: ['windDirection100m'],
  wind_direction_10m: ['windDirection'],
  wind_speed_100m: ['windSpeed100m'],
  wind_speed_10m: ['windSpeed'],
  snow_depth: ['snowDepth'],
  snow_water_equivalent: ['snowWaterEquivalent'],
  snowfall_rate: ['snowfallRate'],
  wind_gust: ['windGust'],
  cape: ['cape'],
  min_air_temp: ['minAirTemp'],
  max_air_temp: ['maxAirTemp'],
  pm10: ['pm10'],
  'pm2.5': ['pm25'],
};

/** The API's names of weather columns (the keys of the table above). */
export const API_WEATHER_COLUMN_NAMES: readonly string[] = Object.keys(API_CSV_COLUMNS);

/** The API's solar azimuth (degrees, 0 north, east -90) as pvlib's (east of north, 0..360), in place. */
function apiAzimuthToCore(azimuth: Float64Array): void {
  for (let i = 0; i < azimuth.length; i++) {
    const a = -azimuth[i]! % 360;
    azimuth[i] = a < 0 ? a + 360 : a + 0; // + 0: no -0
  }
}

/**
 * A column named and measured as the API names it (`air_temp`, `surface_pressure` in hPa, the
 * solar `azimuth` east -90) as the core's column (`airTemp`, `pressure` in Pa, `solarAzimuth`
 * east of north), converted in place; undefined for a name that is not an API weather column.
 * For series stored by earlier versions, whose columns had the API's names.
 */
export function apiColumnToCore(
  apiName: string,
  values: Float64Array,
): { name: NumericWeatherColumnName; values: Float64Array } | undefined {
  const entry = Object.hasOwn(API_CSV_COLUMNS, apiName) ? API_CSV_COLUMNS[apiName] : undefined;
  if (entry === undefined) return undefined;
  const [name, toCore] = entry;
  if (toCore !== undefined) for (let i = 0; i < values.length; i++) values[i] = toCore(values[i]!);
  if (name === 'solarAzimuth') apiAzimuthToCore(values);
  return { name, values };
}

/**
 * Reads the API's own CSV output (contract.md section 3): a header of value columns (API
 * parameter names, API units), then `period_end` and `period`; one row per period, empty cell
 * for no value, timestamps in either the legacy or the version 3 style. Rows are sorted by
 * time (live responses list newest first). A file dated in 2059 is a typical year (TMY).
 * The columns become the core's (WeatherColumns: `air_temp` -> `airTemp`, `surface_pressure` in
 * hPa -> `pressure` in Pa, `precipitable_water` in kg/m2 -> `precipitableWater` in cm, ...);
 * weather_type and columns that are not weather (power) are skipped. The solar `azimuth`, in the
 * API's convention in the file (east -90, west 90), becomes `solarAzimuth` in the core's (degrees
 * east of north, [0, 360)).
 * @example
 * const csv = 'air_temp,surface_pressure,period_end,period\n21.5,1013.2,2024-06-01T12:00:00Z,PT60M\n';
 * const s = readApiCsv(csv, { latitude: 52.37, longitude: 4.9 });
 * s.columns.airTemp![0]; // => 21.5
 * s.columns.pressure![0]; // about 101320
 */
export function readApiCsv(text: string, place: ApiCsvPlace): WeatherSeries {
  checkString('readApiCsv', 'text', text, 'the text of a weather file');
  checkLatitude('readApiCsv', place?.latitude, 'place.latitude');
  checkLongitude('readApiCsv', place?.longitude, 'place.longitude');
  const lines = textLines(text);
  const header = splitCsv(lines[0] ?? '').map((s) => s.trim());
  const iEnd = header.indexOf('period_end');
  const iPeriod = header.indexOf('period');
  if (iEnd < 0 || iPeriod < 0) throw new RangeError('API CSV: period_end and period columns are required');
  const rows = lines.slice(1);
  const n = rows.length;
  const periodEnd = new Float64Array(n);
  const valueCols = header
    .map((h, i) => [h, i] as const)
    .filter(([h, i]) => i !== iEnd && i !== iPeriod && Object.hasOwn(API_CSV_COLUMNS, h));
  const cols: NumericWeatherColumns = {};
  for (const [h] of valueCols) cols[API_CSV_COLUMNS[h]![0]] = new Float64Array(n);
  let periodSeconds = 0;
  for (let i = 0; i < n; i++) {
    const f = splitCsv(rows[i]!);
    try {
      periodEnd[i] = parseDateTime(f[iEnd] ?? '');
      if (i === 0) periodSeconds = parsePeriod(f[iPeriod] ?? '');
    } catch (e) {
      const column = i === 0 && Number.isFinite(periodEnd[0]) ? 'period' : 'period_end';
      throw new RangeError(`API CSV: line ${i + 2}, column ${column}: ${(e as Error).message}`);
    }
    for (const [h, j] of valueCols) {
      const [name, toCore] = API_CSV_COLUMNS[h]!;
      const v = numberOr(f[j]);
      cols[name]![i] = toCore === undefined ? v : toCore(v);
    }
  }
  if (cols.solarAzimuth !== undefined) apiAzimuthToCore(cols.solarAzimuth);
  const typical = n > 0 && new Date(periodEnd[0]! * 1000).getUTCFullYear() === 2059;
  return increasingInTime(
    {
      format: 'api-csv',
      latitude: place.latitude,
      longitude: place.longitude,
      elevation: place.elevation ?? Number.NaN,
      timeZone: Number.NaN,
      typical,
      periodEnd,
      periodSeconds,
      columns: cols,
    },
    'API CSV',
  );
}
