import { parseDateTime } from '../../time/datetime.js';
import { parsePeriod } from '../../time/duration.js';
import { increasingInTime } from './calendar.js';
import { type WeatherSeries, numberOr, splitCsv, textLines } from './types.js';
import { checkLatitude, checkLongitude, checkString } from '../../util/validate.js';
import type { NumericWeatherColumnName, NumericWeatherColumns } from '../columns.js';

/** Where an API CSV was requested for (the CSV itself does not say). */
export interface ApiCsvPlace {
  latitude: number;
  longitude: number;
  elevation?: number;
}

/**
 * The API's weather columns as this file format names them (contract.md section 4), with the
 * core's name and the factor from the API's unit to the core's. The solar `azimuth` also changes
 * convention (see readApiCsv). The server has its own table of the same names
 * (packages/server/src/products/weather-columns.ts), checked against this one by its tests.
 */
const API_CSV_COLUMNS: Readonly<Record<string, readonly [NumericWeatherColumnName, number]>> = {
  air_temp: ['airTemp', 1], albedo: ['albedo', 1], azimuth: ['solarAzimuth', 1], zenith: ['solarZenith', 1],
  clearsky_dhi: ['clearskyDhi', 1], clearsky_dni: ['clearskyDni', 1], clearsky_ghi: ['clearskyGhi', 1], clearsky_gti: ['clearskyGti', 1],
  cloud_opacity: ['cloudOpacity', 1], cloud_opacity10: ['cloudOpacity10', 1], cloud_opacity90: ['cloudOpacity90', 1],
  dewpoint_temp: ['dewPoint', 1], dhi: ['dhi', 1], dni: ['dni', 1], ghi: ['ghi', 1], gti: ['gti', 1],
  dhi10: ['dhi10', 1], dhi90: ['dhi90', 1], dni10: ['dni10', 1], dni90: ['dni90', 1],
  ghi10: ['ghi10', 1], ghi90: ['ghi90', 1], gti10: ['gti10', 1], gti90: ['gti90', 1],
  precipitable_water: ['precipitableWater', 0.1], // kg/m2 -> cm
  precipitation_rate: ['precipitationRate', 1], relative_humidity: ['relativeHumidity', 1],
  surface_pressure: ['pressure', 100], // hPa -> Pa
  snow_soiling_rooftop: ['snowSoilingRooftop', 1], snow_soiling_ground: ['snowSoilingGround', 1],
  wind_direction_100m: ['windDirection100m', 1], wind_direction_10m: ['windDirection', 1],
  wind_speed_100m: ['windSpeed100m', 1], wind_speed_10m: ['windSpeed', 1],
  snow_depth: ['snowDepth', 1], snow_water_equivalent: ['snowWaterEquivalent', 1], snowfall_rate: ['snowfallRate', 1],
  wind_gust: ['windGust', 1], cape: ['cape', 1], min_air_temp: ['minAirTemp', 1], max_air_temp: ['maxAirTemp', 1],
  pm10: ['pm10', 1], 'pm2.5': ['pm25', 1],
};

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
  if (iEnd < 0 || iPeriod < 0) throw new Error('API CSV: period_end and period columns are required');
  const rows = lines.slice(1);
  const n = rows.length;
  const periodEnd = new Float64Array(n);
  const valueCols = header.map((h, i) => [h, i] as const).filter(([h, i]) => i !== iEnd && i !== iPeriod && Object.prototype.hasOwnProperty.call(API_CSV_COLUMNS, h));
  const cols: NumericWeatherColumns = {};
  for (const [h] of valueCols) cols[API_CSV_COLUMNS[h]![0]] = new Float64Array(n);
  let periodSeconds = 0;
  for (let i = 0; i < n; i++) {
    const f = splitCsv(rows[i]!);
    periodEnd[i] = parseDateTime(f[iEnd]!);
    if (i === 0) periodSeconds = parsePeriod(f[iPeriod]!);
    for (const [h, j] of valueCols) {
      const [name, scale] = API_CSV_COLUMNS[h]!;
      cols[name]![i] = numberOr(f[j]) * scale;
    }
  }
  const azimuth = cols.solarAzimuth;
  if (azimuth !== undefined) {
    for (let i = 0; i < n; i++) {
      const a = -azimuth[i]! % 360;
      azimuth[i] = a < 0 ? a + 360 : a + 0; // + 0: no -0
    }
  }
  const typical = n > 0 && new Date(periodEnd[0]! * 1000).getUTCFullYear() === 2059;
  return increasingInTime({
    format: 'api-csv', latitude: place.latitude, longitude: place.longitude, elevation: place.elevation ?? Number.NaN,
    timeZone: Number.NaN, typical, periodEnd, periodSeconds, columns: cols,
  }, 'API CSV');
}
