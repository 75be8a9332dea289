import { type CalendarReadOptions, dateRows, increasingInTime } from './calendar.js';
import { type WeatherSeries, dewPointFromHumidity, numberOr, splitCsv, textLines } from './types.js';
import { checkString } from '../../util/validate.js';
import type { NumericWeatherColumnName, NumericWeatherColumns } from '../columns.js';

/** "20180101:0000" (UTC): year, month, day, hour, minute. */
function pvgisLabel(s: string): [number, number, number, number, number] {
  const t = s.trim();
  return [
    Number(t.slice(0, 4)),
    Number(t.slice(4, 6)),
    Number(t.slice(6, 8)),
    Number(t.slice(9, 11)),
    Number(t.slice(11, 13)),
  ];
}

/** The columns read: the core's name, PVGIS's field (in the core's unit: SP is in Pa). */
const PVGIS_COLUMNS: [NumericWeatherColumnName, string][] = [
  ['airTemp', 'T2m'],
  ['relativeHumidity', 'RH'],
  ['ghi', 'G(h)'],
  ['dni', 'Gb(n)'],
  ['dhi', 'Gd(h)'],
  ['windSpeed', 'WS10m'],
  ['windDirection', 'WD10m'],
  ['pressure', 'SP'],
];

function finish(
  latitude: number,
  longitude: number,
  elevation: number,
  stamps: string[],
  raw: Record<string, number[]>,
  monthYears: Record<number, number>,
  options: CalendarReadOptions,
): WeatherSeries {
  const n = stamps.length;
  const labels = {
    year: new Float64Array(n),
    month: new Float64Array(n),
    day: new Float64Array(n),
    hour: new Float64Array(n),
    minute: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    [labels.year[i], labels.month[i], labels.day[i], labels.hour[i], labels.minute[i]] = pvgisLabel(stamps[i]!);
  }
  const cols: NumericWeatherColumns = {};
  for (const [k, v] of Object.entries(raw)) cols[k as NumericWeatherColumnName] = Float64Array.from(v);
  if (cols.airTemp && cols.relativeHumidity) {
    const td = new Float64Array(n);
    for (let i = 0; i < n; i++) td[i] = dewPointFromHumidity(cols.airTemp[i]!, cols.relativeHumidity[i]!);
    cols.dewPoint = td;
  }
  // PVGIS writes -0.0 for night-time beam irradiance.
  for (const k of ['ghi', 'dni', 'dhi'] as const) {
    const c = cols[k];
    if (c) for (let i = 0; i < n; i++) if (c[i]! <= 0) c[i] = 0;
  }
  // PVGIS stamps the hour by its start (values are sampled a few minutes into it), so each row is
  // the period ending one hour after its stamp.
  const dated = dateRows(
    labels,
    { offsetHours: 0, periodSeconds: 3600, labelToEnd: 3600, typical: true },
    options,
    'PVGIS TMY',
  );
  return increasingInTime(
    {
      format: 'pvgis-tmy',
      latitude,
      longitude,
      elevation,
      timeZone: 0,
      periodSeconds: 3600,
      columns: cols,
      ...dated,
      ...(Object.keys(monthYears).length > 0 ? { monthYears } : {}),
    },
    'PVGIS TMY',
  );
}

/**
 * Reads a PVGIS TMY file in CSV (Huld, Mueller & Gambardella 2012, "A new solar radiation
 * database for estimating PV performance in Europe and Africa", Solar Energy 86,
 * doi:10.1016/j.solener.2012.03.006; PVGIS user manual): metadata lines (latitude, longitude,
 * elevation), the month/year table of the selected months, then hourly rows stamped
 * "YYYYMMDD:HHMM" in UTC, in the order of the typical year. The year is re-dated into one year,
 * by default 2059 (`coerceYear`), with the file's own period ends (in the source years of each
 * month) in `sourcePeriodEnd`.
 * @returns airTemp, relativeHumidity, dewPoint, ghi, dni, dhi, windSpeed, windDirection,
 *   pressure (Pa)
 */
export function readPvgisTmyCsv(text: string, options: CalendarReadOptions = {}): WeatherSeries {
  checkString('readPvgisTmyCsv', 'text', text, 'the text of a weather file');
  const lines = textLines(text);
  let latitude = Number.NaN,
    longitude = Number.NaN,
    elevation = Number.NaN;
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
  const stamps: string[] = [];
  const raw: Record<string, number[]> = {};
  for (const [k] of present) raw[k] = [];
  for (i++; i < lines.length; i++) {
    const l = lines[i]!;
    if (!/^\d{8}:\d{4}/.test(l)) break;
    const f = splitCsv(l);
    stamps.push(f[0]!);
    for (const [k, name] of present) raw[k]!.push(numberOr(f[header.indexOf(name)]));
  }
  return finish(latitude, longitude, elevation, stamps, raw, monthYears, options);
}

/** JSON.parse, its SyntaxError as the RangeError of a file that is not valid JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new RangeError(`PVGIS TMY JSON: the text is not valid JSON (${(e as Error).message})`);
  }
}

/**
 * Reads a PVGIS TMY file in JSON (the `outputs.tmy_hourly` records and `outputs.months_selected`,
 * location under `inputs.location`). Same columns and conventions as {@link readPvgisTmyCsv}.
 */
export function readPvgisTmyJson(text: string, options: CalendarReadOptions = {}): WeatherSeries {
  checkString('readPvgisTmyJson', 'text', text, 'the text of a weather file');
  const doc = parseJson(text) as {
    inputs?: { location?: { latitude?: number; longitude?: number; elevation?: number } };
    outputs?: { months_selected?: { month: number; year: number }[]; tmy_hourly?: Record<string, number | string>[] };
  };
  const loc = doc.inputs?.location ?? {};
  const monthYears: Record<number, number> = {};
  for (const m of doc.outputs?.months_selected ?? []) monthYears[m.month] = m.year;
  const records = doc.outputs?.tmy_hourly;
  // Any JSON parses: refuse what is not a PVGIS TMY document instead of returning an empty year.
  if (
    !Array.isArray(records) ||
    records.length === 0 ||
    typeof records[0] !== 'object' ||
    !('time(UTC)' in records[0]!)
  ) {
    throw new RangeError('not a PVGIS TMY JSON document: outputs.tmy_hourly with time(UTC) rows is missing');
  }
  const stamps: string[] = [];
  const raw: Record<string, number[]> = {};
  const present = PVGIS_COLUMNS.filter(([, name]) => records.length > 0 && name in records[0]!);
  for (const [k] of present) raw[k] = [];
  for (const r of records) {
    stamps.push(String(r['time(UTC)']));
    for (const [k, name] of present) raw[k]!.push(Number(r[name]));
  }
  return finish(
    loc.latitude ?? Number.NaN,
    loc.longitude ?? Number.NaN,
    loc.elevation ?? Number.NaN,
    stamps,
    raw,
    monthYears,
    options,
  );
}
