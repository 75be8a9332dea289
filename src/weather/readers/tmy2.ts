import { type CalendarReadOptions, dateRows, increasingInTime } from './calendar.js';
import { type WeatherSeries, textLines } from './types.js';
import type { NumericWeatherColumnName, NumericWeatherColumns } from '../columns.js';

/**
 * The fixed-width fields of a TMY2 data row (Marion & Urban 1995, "User's Manual for TMY2s",
 * NREL, table 3-1): name and width in characters, from the second character of the line. Each
 * value field is followed by its source flag (1 letter) and uncertainty (1 digit), which are
 * skipped here.
 */
const TMY2_FIELDS: readonly [name: string, width: number][] = [
  ['year', 2],
  ['month', 2],
  ['day', 2],
  ['hour', 2],
  ['etr', 4],
  ['etrn', 4],
  ['ghi', 4],
  ['', 2],
  ['dni', 4],
  ['', 2],
  ['dhi', 4],
  ['', 2],
  ['ghIllum', 4],
  ['', 2],
  ['dnIllum', 4],
  ['', 2],
  ['dhIllum', 4],
  ['', 2],
  ['zenithLum', 4],
  ['', 2],
  ['totalCloud', 2],
  ['', 2],
  ['opaqueCloud', 2],
  ['', 2],
  ['dryBulb', 4],
  ['', 2],
  ['dewPoint', 4],
  ['', 2],
  ['humidity', 3],
  ['', 2],
  ['pressure', 4],
  ['', 2],
  ['windDirection', 3],
  ['', 2],
  ['windSpeed', 3],
  ['', 2],
  ['visibility', 4],
  ['', 2],
  ['ceiling', 5],
  ['', 2],
  ['presentWeather', 10],
  ['precipitableWater', 3],
  ['', 2],
  ['aod', 3],
  ['', 2],
  ['snowDepth', 3],
  ['', 2],
  ['daysSinceSnow', 2],
  ['', 2],
];

/** Start of each named field in a line (the line's first character is a blank). */
const FIELD_AT: ReadonlyMap<string, [start: number, end: number]> = (() => {
  const at = new Map<string, [number, number]>();
  let cursor = 1;
  for (const [name, width] of TMY2_FIELDS) {
    if (name !== '') at.set(name, [cursor, cursor + width]);
    cursor += width;
  }
  return at;
})();

/** The columns read, with their TMY2 field and the factor to the core's unit. */
const TMY2_COLUMNS: readonly [column: NumericWeatherColumnName, field: string, scale: number][] = [
  ['ghi', 'ghi', 1], // Wh/m2 over the hour = mean W/m2
  ['dni', 'dni', 1],
  ['dhi', 'dhi', 1],
  ['airTemp', 'dryBulb', 0.1], // tenths of degrees C
  ['dewPoint', 'dewPoint', 0.1],
  ['relativeHumidity', 'humidity', 1],
  ['pressure', 'pressure', 100], // mbar -> Pa
  ['windDirection', 'windDirection', 1],
  ['windSpeed', 'windSpeed', 0.1], // tenths of m/s
  ['precipitableWater', 'precipitableWater', 1], // mm, to cm below
  ['snowDepth', 'snowDepth', 1], // cm, 999 = missing
];

/**
 * Reads an NREL TMY2 file (Marion, W., Urban, K. (1995), "User's Manual for TMY2s", NREL,
 * doi:10.2172/87130): a fixed-width header line (WBAN number, city, state, time zone, latitude and
 * longitude in degrees and minutes, elevation), then 8760 fixed-width hourly rows dated
 * YYMMDDHH in local standard time, hour ending (hour 1..24), months taken from different years of
 * 1961-1990. Values in the core's units: temperatures and wind speed are stored in tenths.
 *
 * Times: the typical year is re-dated into one year, by default 2059 (`coerceYear`), with the
 * file's own period ends (19xx years of each month) in `sourcePeriodEnd`. pvlib's `read_tmy2`
 * dates every row in the year of the first row and labels it by the start of its hour: its index
 * is `periodEnd` - 3600 s with `coerceYear` = that year.
 * @param text the file's content
 * @param options coerceYear
 * @returns ghi, dni, dhi (W/m2), airTemp, dewPoint (C), relativeHumidity (%), pressure (Pa),
 *   windDirection (deg), windSpeed (m/s), precipitableWater (cm), snowDepth (cm; NaN where 999)
 * @throws RangeError when the header line is not a TMY2 header or a row is too short
 * @example
 * // Miami: 8760 hours of 2059, sourcePeriodEnd in 1961-1990.
 * const s = readTmy2(readFileSync(dataFilePath('weather/tmy2_miami_12839.tm2'), 'utf8'));
 * s.periodEnd.length; // => 8760
 * new Date(s.sourcePeriodEnd![0]! * 1000).getUTCFullYear(); // => 1962
 */
export function readTmy2(text: string, options: CalendarReadOptions = {}): WeatherSeries {
  const lines = textLines(text);
  const head =
    /^\s*(\d+)\s+(.*?)\s+(\S{2})\s+(-?\d+(?:\.\d+)?)\s+([NS])\s+(\d+)\s+(\d+)\s+([EW])\s+(\d+)\s+(\d+)\s+(-?\d+)\s*$/.exec(
      lines[0] ?? '',
    );
  if (!head)
    throw new RangeError(
      'TMY2: the first line must be the station header (WBAN, city, state, time zone, N/S dd mm, E/W ddd mm, elevation)',
    );
  const timeZone = Number(head[4]);
  const latitude = (Number(head[6]) + Number(head[7]) / 60) * (head[5] === 'N' ? 1 : -1);
  const longitude = (Number(head[9]) + Number(head[10]) / 60) * (head[8] === 'E' ? 1 : -1);
  const elevation = Number(head[11]);
  const rows = lines.slice(1);
  const n = rows.length;
  const labels = {
    year: new Float64Array(n),
    month: new Float64Array(n),
    day: new Float64Array(n),
    hour: new Float64Array(n),
    minute: new Float64Array(n),
  };
  const cols: NumericWeatherColumns = {};
  for (const [k] of TMY2_COLUMNS) cols[k] = new Float64Array(n);
  const lineLength = FIELD_AT.get('daysSinceSnow')![1];
  const field = (line: string, name: string): number => {
    const [a, b] = FIELD_AT.get(name)!;
    return Number(line.slice(a, b));
  };
  for (let i = 0; i < n; i++) {
    const line = rows[i]!;
    if (line.length < lineLength)
      throw new RangeError(`TMY2: line ${i + 2} has ${line.length} characters, a TMY2 row has ${lineLength}`);
    // Two-digit years of the 1961-1990 data (TMY2 predates 2000).
    labels.year[i] = 1900 + field(line, 'year');
    labels.month[i] = field(line, 'month');
    labels.day[i] = field(line, 'day');
    labels.hour[i] = field(line, 'hour');
    for (const [k, name, scale] of TMY2_COLUMNS) cols[k]![i] = field(line, name) * scale;
    if (cols.snowDepth![i] === 999) cols.snowDepth![i] = Number.NaN;
    cols.precipitableWater![i] = cols.precipitableWater![i]! / 10; // mm -> cm
  }
  const dated = dateRows(
    labels,
    { offsetHours: timeZone, periodSeconds: 3600, labelToEnd: 0, typical: true },
    options,
    'TMY2',
  );
  return increasingInTime(
    { format: 'tmy2', latitude, longitude, elevation, timeZone, periodSeconds: 3600, columns: cols, ...dated },
    'TMY2',
  );
}
