import { type WeatherSeries, dewPointFromHumidity, numberOr, sortSeries, splitCsv, textLines } from './types.js';

/** "20180101:0000" (UTC) to Unix s. */
function pvgisTime(s: string): number {
  const t = s.trim();
  return Date.UTC(Number(t.slice(0, 4)), Number(t.slice(4, 6)) - 1, Number(t.slice(6, 8)), Number(t.slice(9, 11)), Number(t.slice(11, 13))) / 1000;
}

const PVGIS_COLUMNS: [string, string, number][] = [
  ['air_temp', 'T2m', 1], ['relative_humidity', 'RH', 1], ['ghi', 'G(h)', 1], ['dni', 'Gb(n)', 1],
  ['dhi', 'Gd(h)', 1], ['wind_speed_10m', 'WS10m', 1], ['wind_direction_10m', 'WD10m', 1],
  ['surface_pressure', 'SP', 0.01],
];

function finish(latitude: number, longitude: number, elevation: number, times: number[], raw: Record<string, number[]>, monthYears: Record<number, number>): WeatherSeries {
  const n = times.length;
  // PVGIS stamps the hour by its start (values are sampled a few minutes into it), so each row
  // is the period ending one hour after its stamp.
  const periodEnd = new Float64Array(n);
  for (let i = 0; i < n; i++) periodEnd[i] = times[i]! + 3600;
  const cols: Record<string, Float64Array> = {};
  for (const [k, v] of Object.entries(raw)) cols[k] = Float64Array.from(v);
  if (cols.air_temp && cols.relative_humidity) {
    const td = new Float64Array(n);
    for (let i = 0; i < n; i++) td[i] = dewPointFromHumidity(cols.air_temp[i]!, cols.relative_humidity[i]!);
    cols.dewpoint_temp = td;
  }
  // PVGIS writes -0.0 for night-time beam irradiance.
  for (const k of ['ghi', 'dni', 'dhi']) {
    const c = cols[k];
    if (c) for (let i = 0; i < n; i++) if (c[i]! <= 0) c[i] = 0;
  }
  return sortSeries({ format: 'pvgis-tmy', latitude, longitude, elevation, timeZone: 0, typical: true, periodEnd, periodSeconds: 3600, columns: cols, monthYears });
}

/**
 * Reads a PVGIS TMY file in CSV (Huld, Mueller & Gambardella 2012, "A new solar radiation
 * database for estimating PV performance in Europe and Africa", Solar Energy 86,
 * doi:10.1016/j.solener.2012.03.006; PVGIS user manual): metadata lines (latitude, longitude,
 * elevation), the month/year table of the selected months, then hourly rows stamped
 * "YYYYMMDD:HHMM" in UTC, in the order of the typical year (sorted here by time).
 * @returns air_temp, relative_humidity, dewpoint_temp, ghi, dni, dhi, wind_speed_10m,
 *   wind_direction_10m, surface_pressure (hPa)
 */
export function readPvgisTmyCsv(text: string): WeatherSeries {
  const lines = textLines(text);
  let latitude = Number.NaN, longitude = Number.NaN, elevation = Number.NaN;
  const monthYears: Record<number, number> = {};
  let i = 0;
  for (; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.startsWith('time(UTC)')) break;
    const m = /^(Latitude|Longitude|Elevation)[^:]*:\s*([-\d.]+)/.exec(l);
    if (m) {
      if (m[1] === 'Latitude') latitude = Number(m[2]);
      else if (m[1] === 'Longitude') longitude = Number(m[2]);
      else elevation = Number(m[2]);
      continue;
    }
    const my = /^(\d{1,2}),(\d{4})$/.exec(l.trim());
    if (my) monthYears[Number(my[1])] = Number(my[2]);
  }
  const header = splitCsv(lines[i] ?? '').map((s) => s.trim());
  const present = PVGIS_COLUMNS.filter(([, name]) => header.includes(name));
  const times: number[] = [];
  const raw: Record<string, number[]> = {};
  for (const [k] of present) raw[k] = [];
  for (i++; i < lines.length; i++) {
    const l = lines[i]!;
    if (!/^\d{8}:\d{4}/.test(l)) break;
    const f = splitCsv(l);
    times.push(pvgisTime(f[0]!));
    for (const [k, name, scale] of present) raw[k]!.push(numberOr(f[header.indexOf(name)]) * scale);
  }
  return finish(latitude, longitude, elevation, times, raw, monthYears);
}

/**
 * Reads a PVGIS TMY file in JSON (the `outputs.tmy_hourly` records and `outputs.months_selected`,
 * location under `inputs.location`). Same columns and conventions as {@link readPvgisTmyCsv}.
 */
export function readPvgisTmyJson(text: string): WeatherSeries {
  const doc = JSON.parse(text) as {
    inputs?: { location?: { latitude?: number; longitude?: number; elevation?: number } };
    outputs?: { months_selected?: { month: number; year: number }[]; tmy_hourly?: Record<string, number | string>[] };
  };
  const loc = doc.inputs?.location ?? {};
  const monthYears: Record<number, number> = {};
  for (const m of doc.outputs?.months_selected ?? []) monthYears[m.month] = m.year;
  const records = doc.outputs?.tmy_hourly;
  // Any JSON parses: refuse what is not a PVGIS TMY document instead of returning an empty year.
  if (!Array.isArray(records) || records.length === 0 || typeof records[0] !== 'object' || !('time(UTC)' in records[0]!)) {
    throw new Error('not a PVGIS TMY JSON document: outputs.tmy_hourly with time(UTC) rows is missing');
  }
  const times: number[] = [];
  const raw: Record<string, number[]> = {};
  const present = PVGIS_COLUMNS.filter(([, name]) => records.length > 0 && name in records[0]!);
  for (const [k] of present) raw[k] = [];
  for (const r of records) {
    times.push(pvgisTime(String(r['time(UTC)'])));
    for (const [k, name, scale] of present) raw[k]!.push(Number(r[name]) * scale);
  }
  return finish(loc.latitude ?? Number.NaN, loc.longitude ?? Number.NaN, loc.elevation ?? Number.NaN, times, raw, monthYears);
}
