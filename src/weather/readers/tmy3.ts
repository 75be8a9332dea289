import { type WeatherSeries, civilToUnix, numberOr, splitCsv, textLines } from './types.js';

/**
 * Reads an NSRDB TMY3 file (Wilcox & Marion 2008, "Users Manual for TMY3 Data Sets",
 * NREL/TP-581-43156): a metadata line (USAF, name, state, time zone, latitude, longitude,
 * elevation), a header line, then hourly rows "MM/DD/YYYY,HH:MM" in local standard time, hour
 * ending (24:00 is the end of the day). -9900 marks missing values.
 * @returns a typical-year series with ghi, dni, dhi, air_temp, dewpoint_temp, relative_humidity,
 *   surface_pressure (hPa), wind_speed_10m, wind_direction_10m, precipitable_water (kg/m2),
 *   albedo, precipitation_rate (mm/h)
 */
export function readTmy3(text: string): WeatherSeries {
  const lines = textLines(text);
  const meta = splitCsv(lines[0] ?? '');
  const timeZone = Number(meta[3]);
  const latitude = Number(meta[4]);
  const longitude = Number(meta[5]);
  const elevation = Number(meta[6]);
  const header = splitCsv(lines[1] ?? '').map((h) => h.trim());
  const at = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`TMY3: column '${name}' not found`);
    return i;
  };
  const iDate = at('Date (MM/DD/YYYY)');
  const iTime = at('Time (HH:MM)');
  const map: [string, number, number][] = [
    ['ghi', at('GHI (W/m^2)'), 1],
    ['dni', at('DNI (W/m^2)'), 1],
    ['dhi', at('DHI (W/m^2)'), 1],
    ['air_temp', at('Dry-bulb (C)'), 1],
    ['dewpoint_temp', at('Dew-point (C)'), 1],
    ['relative_humidity', at('RHum (%)'), 1],
    ['surface_pressure', at('Pressure (mbar)'), 1],
    ['wind_direction_10m', at('Wdir (degrees)'), 1],
    ['wind_speed_10m', at('Wspd (m/s)'), 1],
    ['precipitable_water', at('Pwat (cm)'), 10],
    ['albedo', at('Alb (unitless)'), 1],
  ];
  const iPrecip = header.indexOf('Lprecip depth (mm)');
  const iPrecipHours = header.indexOf('Lprecip quantity (hr)');
  const rows = lines.slice(2);
  const n = rows.length;
  const periodEnd = new Float64Array(n);
  const cols: Record<string, Float64Array> = {};
  for (const [k] of map) cols[k] = new Float64Array(n);
  if (iPrecip >= 0) cols.precipitation_rate = new Float64Array(n);
  const missing = [-9900, -9999];
  for (let i = 0; i < n; i++) {
    const f = splitCsv(rows[i]!);
    const [mm, dd, yyyy] = f[iDate]!.split('/').map(Number) as [number, number, number];
    const [hh, mi] = f[iTime]!.split(':').map(Number) as [number, number];
    periodEnd[i] = civilToUnix(yyyy, mm, dd, hh, mi, timeZone);
    for (const [k, j, scale] of map) cols[k]![i] = numberOr(f[j], missing) * scale;
    if (iPrecip >= 0) {
      const depth = numberOr(f[iPrecip], missing);
      const hours = numberOr(f[iPrecipHours], missing);
      cols.precipitation_rate![i] = hours > 0 ? depth / hours : depth;
    }
  }
  return { format: 'tmy3', latitude, longitude, elevation, timeZone, typical: true, periodEnd, periodSeconds: 3600, columns: cols };
}
