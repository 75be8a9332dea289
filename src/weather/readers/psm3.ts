import { type TimeZoneInput, resolveTimeZone, standardOffsetMinutes } from '../../time/zone.js';
import { type CalendarReadOptions, dateRows, increasingInTime } from './calendar.js';
import { type WeatherSeries, humidityFromDewPoint, numberOr, splitCsv, textLines } from './types.js';
import { checkString } from '../../util/validate.js';
import type { NumericWeatherColumnName, NumericWeatherColumns } from '../columns.js';

/** Where a PSM3/PSM4 file without its metadata lines is, and its time zone. */
export interface Psm3Place {
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
  /**
   * The zone of the file's stamps: hours east of UTC of its local standard time (a number), or a
   * zone name (`America/Denver`: its standard-time offset in the file's first year, since the
   * NSRDB writes standard time all year, never daylight saving time).
   */
  timeZone: number | string;
  /** Height above sea level, m (absent: unknown). */
  elevation?: number;
}

/** What a PSM3/PSM4 CSV without its metadata lines needs, named in the error. */
export const PSM_PLACE_HINT_MESSAGE =
  'NSRDB PSM3/PSM4 CSV without its two metadata lines (Source, Location ID, ..., Latitude, Longitude, Time Zone, Elevation): ' +
  'the file does not say where it is or which time zone its stamps are in, so give latitude, longitude and timeZone as a hint: ' +
  'readPsm3(text, { latitude, longitude, timeZone }) or readWeatherFile(text, { latitude, longitude, timeZone }) ' +
  '(degrees north and east; timeZone in hours east of UTC of the local standard time the NSRDB wrote, e.g. -7 for Colorado, or an IANA zone name); ' +
  'the command line takes --latitude, --longitude and --time-zone. NSRDB file names often hold the place (guessPlaceFromName)';

/**
 * Reads an NSRDB PSM3 or PSM4 CSV (Sengupta et al. 2018, "The National Solar Radiation Data Base
 * (NSRDB)", Renew. Sust. Energy Rev. 89, doi:10.1016/j.rser.2018.03.003): with its two metadata
 * lines (Source, Location ID, ..., Latitude, Longitude, Time Zone, Elevation) or, as pvlib saves
 * them, with only the column header, possibly after a leading index column (then `place` is
 * required: the error says so). Rows are instantaneous values at the time stamp, in the zone of
 * the metadata's `Time Zone` (local standard time, or UTC for some downloads); each is taken as
 * the mean of the period centred on it, so a 30-minute file gives periods ending 15 minutes after
 * each stamp, and a TMY's HH:30 stamps give hours ending at HH+1:00. pvlib's index is the stamp
 * itself (`periodEnd` - half a step).
 *
 * Times: a PSM TMY (months of several years) is re-dated into one year, by default 2059
 * (`coerceYear`), with the file's own period ends in `sourcePeriodEnd`.
 * @param text the file's content
 * @param place latitude, longitude, timeZone (and elevation) of a file without metadata lines
 * @param options coerceYear
 * @returns ghi, dni, dhi, airTemp, dewPoint, relativeHumidity, pressure (Pa), windSpeed,
 *   windDirection, albedo, precipitableWater (cm) as present
 * @throws TypeError naming the hint a file without metadata needs; RangeError for rows ending at the same time
 * @example
 * const text = readFileSync(dataFilePath('weather/nsrdb_psm3_2017_40.5137_-108.5449.csv'), 'utf8');
 * const s = readPsm3(text, { latitude: 40.5137, longitude: -108.5449, timeZone: -7 });
 * s.periodSeconds; // => 1800
 */
export function readPsm3(text: string, place?: Psm3Place, options: CalendarReadOptions = {}): WeatherSeries {
  checkString('readPsm3', 'text', text, 'the text of a weather file');
  const lines = textLines(text);
  let latitude = place?.latitude ?? Number.NaN;
  let longitude = place?.longitude ?? Number.NaN;
  const zoneHint: TimeZoneInput | undefined = place?.timeZone;
  if (typeof zoneHint === 'string') resolveTimeZone(zoneHint, 'timeZone'); // a clear error for an unknown name
  let timeZone = typeof zoneHint === 'number' ? zoneHint : Number.NaN;
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
  if (!Number.isFinite(timeZone) && typeof zoneHint !== 'string') throw new TypeError(PSM_PLACE_HINT_MESSAGE);
  const header = splitCsv(lines[h]!).map((s) => s.trim());
  const col = (name: string): number => header.indexOf(name);
  const iY = col('Year'),
    iM = col('Month'),
    iD = col('Day'),
    iH = col('Hour'),
    iMin = col('Minute');
  if (iY < 0 || iM < 0 || iD < 0 || iH < 0)
    throw new RangeError('PSM3/PSM4: the column header must hold Year, Month, Day and Hour');
  const map: [NumericWeatherColumnName, string, number][] = [
    ['ghi', 'GHI', 1],
    ['dni', 'DNI', 1],
    ['dhi', 'DHI', 1],
    ['airTemp', 'Temperature', 1],
    ['dewPoint', 'Dew Point', 1],
    ['relativeHumidity', 'Relative Humidity', 1],
    ['pressure', 'Pressure', 100],
    ['windSpeed', 'Wind Speed', 1], // mbar -> Pa
    ['windDirection', 'Wind Direction', 1],
    ['albedo', 'Surface Albedo', 1],
    ['precipitableWater', 'Precipitable Water', 1], // cm
  ];
  const present = map.filter(([, name]) => col(name) >= 0);
  const rows = lines.slice(h + 1);
  const n = rows.length;
  const labels = {
    year: new Float64Array(n),
    month: new Float64Array(n),
    day: new Float64Array(n),
    hour: new Float64Array(n),
    minute: new Float64Array(n),
  };
  const cols: NumericWeatherColumns = {};
  for (const [k] of present) cols[k] = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const f = splitCsv(rows[i]!);
    labels.year[i] = Number(f[iY]);
    labels.month[i] = Number(f[iM]);
    labels.day[i] = Number(f[iD]);
    labels.hour[i] = Number(f[iH]);
    labels.minute[i] = iMin >= 0 ? Number(f[iMin]) : 0;
    for (const [k, name, scale] of present) cols[k]![i] = numberOr(f[col(name)], [-9999]) * scale;
  }
  if (!Number.isFinite(timeZone) && typeof zoneHint === 'string')
    timeZone = standardOffsetMinutes(zoneHint, labels.year[0] ?? 2000) / 60;
  const stamp = (i: number): number =>
    Date.UTC(labels.year[i]!, labels.month[i]! - 1, labels.day[i]!, labels.hour[i]!, labels.minute[i]!) / 1000;
  const step = n > 1 ? stamp(1) - stamp(0) : 3600;
  if (!(step > 0)) throw new RangeError(`PSM3/PSM4: the first two rows must be one time step apart, got ${step} s`);
  if (cols.relativeHumidity === undefined && cols.airTemp && cols.dewPoint) {
    const rh = new Float64Array(n);
    for (let i = 0; i < n; i++) rh[i] = humidityFromDewPoint(cols.airTemp[i]!, cols.dewPoint[i]!);
    cols.relativeHumidity = rh;
  }
  const dated = dateRows(
    labels,
    { offsetHours: timeZone, periodSeconds: step, labelToEnd: step / 2 },
    options,
    'PSM3/PSM4',
  );
  return increasingInTime(
    { format: 'psm3', latitude, longitude, elevation, timeZone, periodSeconds: step, columns: cols, ...dated },
    'PSM3/PSM4',
  );
}
