import { type CalendarReadOptions, dateRows, increasingInTime } from './calendar.js';
import { type WeatherSeries, numberOr, splitCsv, textLines } from './types.js';
import { checkString } from '../../util/validate.js';
import type { NumericWeatherColumnName, NumericWeatherColumns } from '../columns.js';

/**
 * Header names of each TMY3 column the reader takes, the manual's spelling first. SolarAnywhere's
 * files in TMY3 layout write `DNI (W/m^2))` (pvlib reads them as they are, under that name).
 */
const TMY3_COLUMNS: readonly [column: NumericWeatherColumnName, headers: readonly string[], scale: number][] = [
  ['ghi', ['GHI (W/m^2)'], 1],
  ['dni', ['DNI (W/m^2)', 'DNI (W/m^2))'], 1],
  ['dhi', ['DHI (W/m^2)'], 1],
  ['airTemp', ['Dry-bulb (C)'], 1],
  ['dewPoint', ['Dew-point (C)'], 1],
  ['relativeHumidity', ['RHum (%)'], 1],
  ['pressure', ['Pressure (mbar)'], 100], // mbar -> Pa
  ['windDirection', ['Wdir (degrees)'], 1],
  ['windSpeed', ['Wspd (m/s)'], 1],
  ['precipitableWater', ['Pwat (cm)'], 1],
  ['albedo', ['Alb (unitless)'], 1],
];

/**
 * Reads an NSRDB TMY3 file (Wilcox & Marion 2008, "Users Manual for TMY3 Data Sets",
 * NREL/TP-581-43156), or a SolarAnywhere time series in TMY3 layout: a metadata line (USAF, name,
 * state, time zone, latitude, longitude, elevation), a header line, then hourly rows
 * "MM/DD/YYYY,HH:MM" in local standard time, hour ending (NREL writes midnight as 24:00 of the day
 * ending, SolarAnywhere as 00:00 of the next). -9900 marks missing values. What pvlib's
 * `read_tmy3` reads of a file re-saved by a spreadsheet reads here too: dates and hours without
 * zero padding (1/1/1976, 1:00), times with seconds (24:00:00), a UTF-8 byte order mark, CRLF
 * line ends, trailing commas.
 *
 * Times: a typical year (NREL's TMY3: months of different years in calendar order) is re-dated
 * into one year, by default 2059 (`coerceYear`, as pvlib's `read_tmy3(coerce_year=...)`), with the
 * file's own period ends in `sourcePeriodEnd`; a real series (SolarAnywhere) keeps its times. The
 * hour ending at 24:00 on 28 February ends at 1 March 00:00 even in a leap year, as pvlib reads
 * it (a typical year has no 29 February). Period ends equal pvlib's index (which labels rows by
 * their end too): `sourcePeriodEnd` its index without coerce_year, `periodEnd` with it.
 * @param text the file's content
 * @param options coerceYear
 * @returns ghi, dni, dhi, airTemp, dewPoint, relativeHumidity, pressure (Pa), windSpeed,
 *   windDirection, precipitableWater (cm), albedo, precipitationRate (mm/h)
 * @throws RangeError naming a missing column, a row whose date or time cannot be read (its line), or rows that end at the same time
 * @example
 * // NREL TMY3: periodEnd in 2059, sourcePeriodEnd in the source years.
 * const text = readFileSync(dataFilePath('weather/tmy3_sand_point_ak_703165.csv'), 'utf8');
 * new Date(readTmy3(text).periodEnd[0]! * 1000).getUTCFullYear(); // => 2059
 * new Date(readTmy3(text, { coerceYear: 1990 }).periodEnd[0]! * 1000).getUTCFullYear(); // => 1990
 */
export function readTmy3(text: string, options: CalendarReadOptions = {}): WeatherSeries {
  checkString('readTmy3', 'text', text, 'the text of a weather file');
  const lines = textLines(text);
  const meta = splitCsv(lines[0] ?? '');
  const timeZone = Number(meta[3]);
  const latitude = Number(meta[4]);
  const longitude = Number(meta[5]);
  const elevation = Number(meta[6]);
  const header = splitCsv(lines[1] ?? '').map((h) => h.trim());
  const at = (names: readonly string[]): number => {
    for (const name of names) {
      const i = header.indexOf(name);
      if (i >= 0) return i;
    }
    throw new RangeError(`TMY3: column '${names[0]}' not found`);
  };
  if (!Number.isFinite(timeZone))
    throw new RangeError(
      `TMY3: the first line's fourth field must be the time zone (hours east of UTC), got '${meta[3] ?? ''}'`,
    );
  const iDate = at(['Date (MM/DD/YYYY)']);
  const iTime = at(['Time (HH:MM)']);
  const map = TMY3_COLUMNS.map(([k, names, scale]) => [k, at(names), scale] as const);
  const iPrecip = header.indexOf('Lprecip depth (mm)');
  const iPrecipHours = header.indexOf('Lprecip quantity (hr)');
  const rows = lines.slice(2);
  const n = rows.length;
  const labels = {
    year: new Float64Array(n),
    month: new Float64Array(n),
    day: new Float64Array(n),
    hour: new Float64Array(n),
    minute: new Float64Array(n),
  };
  const cols: NumericWeatherColumns = {};
  for (const [k] of map) cols[k] = new Float64Array(n);
  if (iPrecip >= 0) cols.precipitationRate = new Float64Array(n);
  const missing = [-9900, -9999];
  for (let i = 0; i < n; i++) {
    const f = splitCsv(rows[i]!);
    const date = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((f[iDate] ?? '').trim());
    // As a spreadsheet re-saves them too (pvlib reads both): 1/1/1976 and 1:00, or 24:00:00.
    const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec((f[iTime] ?? '').trim());
    if (!date || !time || (time[3] !== undefined && time[3] !== '00'))
      throw new RangeError(
        `TMY3: line ${i + 3} has no date MM/DD/YYYY and time HH:MM[:SS] ('${f[iDate] ?? ''}', '${f[iTime] ?? ''}')`,
      );
    labels.month[i] = Number(date[1]);
    labels.day[i] = Number(date[2]);
    labels.year[i] = Number(date[3]);
    labels.hour[i] = Number(time[1]);
    labels.minute[i] = Number(time[2]);
    for (const [k, j, scale] of map) cols[k]![i] = numberOr(f[j], missing) * scale;
    if (iPrecip >= 0) {
      const depth = numberOr(f[iPrecip], missing);
      const hours = numberOr(f[iPrecipHours], missing);
      cols.precipitationRate![i] = hours > 0 ? depth / hours : depth;
    }
  }
  const dated = dateRows(
    labels,
    { offsetHours: timeZone, periodSeconds: 3600, labelToEnd: 0, february28MidnightIsMarch1: true },
    options,
    'TMY3',
  );
  return increasingInTime(
    { format: 'tmy3', latitude, longitude, elevation, timeZone, periodSeconds: 3600, columns: cols, ...dated },
    'TMY3',
  );
}
