import { type WeatherSeries, civilToUnix, humidityFromDewPoint, numberOr, splitCsv, textLines } from './types.js';

/** Where a PSM3 file without its metadata lines is, and its time zone. */
export interface Psm3Place {
  latitude: number;
  longitude: number;
  /** hours east of UTC of the file's local standard time */
  timeZone: number;
  elevation?: number;
}

/**
 * Reads an NSRDB PSM3 CSV (Sengupta et al. 2018, "The National Solar Radiation Data Base
 * (NSRDB)", Renew. Sust. Energy Rev. 89, doi:10.1016/j.rser.2018.03.003): with its two metadata
 * lines (Source, Location ID, ..., Latitude, Longitude, Time Zone, Elevation) or, as pvlib
 * saves them, with only the column header (then `place` is required). Rows are instantaneous
 * values at the time stamp, local standard time; each is taken as the mean of the period centred
 * on it, so a 30-minute file gives periods ending 15 minutes after each stamp.
 * @returns ghi, dni, dhi, air_temp, dewpoint_temp, relative_humidity, surface_pressure (hPa),
 *   wind_speed_10m, wind_direction_10m, albedo, precipitable_water (kg/m2) as present
 */
export function readPsm3(text: string, place?: Psm3Place): WeatherSeries {
  const lines = textLines(text);
  let latitude = place?.latitude ?? Number.NaN;
  let longitude = place?.longitude ?? Number.NaN;
  let timeZone = place?.timeZone ?? Number.NaN;
  let elevation = place?.elevation ?? Number.NaN;
  let h = 0;
  if (/^Source\b/i.test(lines[0] ?? '')) {
    const keys = splitCsv(lines[0]!).map((s) => s.trim());
    const vals = splitCsv(lines[1] ?? '');
    const get = (k: string): number => Number(vals[keys.indexOf(k)]);
    if (keys.includes('Latitude')) latitude = get('Latitude');
    if (keys.includes('Longitude')) longitude = get('Longitude');
    if (keys.includes('Time Zone')) timeZone = get('Time Zone');
    if (keys.includes('Elevation')) elevation = get('Elevation');
    h = 2;
  }
  if (!Number.isFinite(timeZone)) throw new Error('PSM3: the file has no metadata lines; give latitude, longitude and timeZone');
  const header = splitCsv(lines[h]!).map((s) => s.trim());
  const col = (name: string): number => header.indexOf(name);
  const iY = col('Year'), iM = col('Month'), iD = col('Day'), iH = col('Hour'), iMin = col('Minute');
  const map: [string, string, number][] = [
    ['ghi', 'GHI', 1], ['dni', 'DNI', 1], ['dhi', 'DHI', 1], ['air_temp', 'Temperature', 1],
    ['dewpoint_temp', 'Dew Point', 1], ['relative_humidity', 'Relative Humidity', 1],
    ['surface_pressure', 'Pressure', 1], ['wind_speed_10m', 'Wind Speed', 1],
    ['wind_direction_10m', 'Wind Direction', 1], ['albedo', 'Surface Albedo', 1],
    ['precipitable_water', 'Precipitable Water', 10],
  ];
  const present = map.filter(([, name]) => col(name) >= 0);
  const rows = lines.slice(h + 1);
  const n = rows.length;
  const stamps = new Float64Array(n);
  const cols: Record<string, Float64Array> = {};
  for (const [k] of present) cols[k] = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const f = splitCsv(rows[i]!);
    stamps[i] = civilToUnix(Number(f[iY]), Number(f[iM]), Number(f[iD]), Number(f[iH]), iMin >= 0 ? Number(f[iMin]) : 0, timeZone);
    for (const [k, name, scale] of present) cols[k]![i] = numberOr(f[col(name)], [-9999]) * scale;
  }
  const step = n > 1 ? stamps[1]! - stamps[0]! : 3600;
  const periodEnd = new Float64Array(n);
  for (let i = 0; i < n; i++) periodEnd[i] = stamps[i]! + step / 2;
  if (cols.relative_humidity === undefined && cols.air_temp && cols.dewpoint_temp) {
    const rh = new Float64Array(n);
    for (let i = 0; i < n; i++) rh[i] = humidityFromDewPoint(cols.air_temp[i]!, cols.dewpoint_temp[i]!);
    cols.relative_humidity = rh;
  }
  return { format: 'psm3', latitude, longitude, elevation, timeZone, typical: false, periodEnd, periodSeconds: step, columns: cols };
}
