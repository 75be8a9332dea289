import { type WeatherSeries, civilToUnix, numberOr, splitCsv, textLines } from './types.js';

/**
 * Reads an EnergyPlus weather file (EPW; U.S. DOE, "Auxiliary Programs", EnergyPlus
 * documentation, ch. 2.9): 8 header lines (LOCATION gives latitude, longitude, time zone,
 * elevation), then hourly rows dated in local standard time, hour ending (hour 1..24). Rows are
 * typical-year rows when the header's data period spans a single year of mixed sources.
 * @param text the file's content
 * @returns hourly series: ghi, dni, dhi (W/m2), air_temp, dewpoint_temp (C), relative_humidity
 *   (%), surface_pressure (hPa), wind_speed_10m (m/s), wind_direction_10m (deg), albedo,
 *   precipitable_water (kg/m2), snow_depth (cm), precipitation_rate (mm/h)
 */
export function readEpw(text: string): WeatherSeries {
  const lines = textLines(text);
  const loc = splitCsv(lines[0] ?? '');
  if (loc[0]?.trim().toUpperCase() !== 'LOCATION') throw new Error('EPW: the first line must be LOCATION');
  const latitude = Number(loc[6]);
  const longitude = Number(loc[7]);
  const timeZone = Number(loc[8]);
  const elevation = Number(loc[9]);
  let first = 0;
  while (first < lines.length && !/^\d{4},/.test(lines[first]!)) first++;
  const rows = lines.slice(first);
  const n = rows.length;
  const periodEnd = new Float64Array(n);
  const names = ['air_temp', 'dewpoint_temp', 'relative_humidity', 'surface_pressure', 'ghi', 'dni', 'dhi', 'wind_direction_10m', 'wind_speed_10m', 'precipitable_water', 'snow_depth', 'albedo', 'precipitation_rate'] as const;
  const cols: Record<string, Float64Array> = {};
  for (const k of names) cols[k] = new Float64Array(n);
  const years = new Set<number>();
  for (let i = 0; i < n; i++) {
    const f = splitCsv(rows[i]!);
    const year = Number(f[0]);
    years.add(year);
    periodEnd[i] = civilToUnix(year, Number(f[1]), Number(f[2]), Number(f[3]), 0, timeZone);
    cols.air_temp![i] = numberOr(f[6], [99.9]);
    cols.dewpoint_temp![i] = numberOr(f[7], [99.9]);
    cols.relative_humidity![i] = numberOr(f[8], [999]);
    cols.surface_pressure![i] = numberOr(f[9], [999999]) / 100;
    cols.ghi![i] = numberOr(f[13], [9999]);
    cols.dni![i] = numberOr(f[14], [9999]);
    cols.dhi![i] = numberOr(f[15], [9999]);
    cols.wind_direction_10m![i] = numberOr(f[20], [999]);
    cols.wind_speed_10m![i] = numberOr(f[21], [999]);
    cols.precipitable_water![i] = numberOr(f[28], [999]);
    cols.snow_depth![i] = numberOr(f[30], [999]);
    cols.albedo![i] = numberOr(f[32], [999]);
    const depth = numberOr(f[33], [999]);
    const hours = numberOr(f[34], [99]);
    cols.precipitation_rate![i] = hours > 0 ? depth / hours : depth;
  }
  return { format: 'epw', latitude, longitude, elevation, timeZone, typical: years.size > 1, periodEnd, periodSeconds: 3600, columns: cols };
}
