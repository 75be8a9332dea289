import { readApiCsv } from './api-csv.js';
import type { CalendarReadOptions } from './calendar.js';
import { readEpw } from './epw.js';
import { PSM_PLACE_HINT_MESSAGE, type Psm3Place, readPsm3 } from './psm3.js';
import { readPvgisTmyCsv, readPvgisTmyJson } from './pvgis.js';
import { readTmy2 } from './tmy2.js';
import { readTmy3 } from './tmy3.js';
import type { WeatherSeries } from './types.js';
import { checkString } from '../../util/validate.js';

/**
 * Where a file that does not name its place was made for (PSM3/PSM4 without metadata, API CSV),
 * and the reading options (coerceYear).
 */
export interface FilePlaceHint extends CalendarReadOptions {
  /** Degrees north, -90..90 (required by a file that does not name its place). */
  latitude?: number;
  /** Degrees east, -180..180 (required by a file that does not name its place). */
  longitude?: number;
  /** Height above sea level, m (absent: the file's, else unknown). */
  elevation?: number;
  /**
   * The file's zone: hours east of UTC of its local standard time, or a zone name such as
   * `America/Denver` (its standard-time offset: weather files are written in standard time).
   */
  timeZone?: number | string;
}

/**
 * Reads a weather file of any supported format, recognised by its content: EPW (LOCATION line),
 * PVGIS TMY JSON, PVGIS TMY CSV (Latitude (decimal degrees) line), NSRDB TMY3 or SolarAnywhere in
 * TMY3 layout (second line with "Date (MM/DD/YYYY)"), NREL TMY2 (fixed-width station header and
 * YYMMDDHH rows), the API's CSV (period_end and period columns), NSRDB PSM3/PSM4 (Year, Month,
 * Day, Hour columns). `hint` gives what the file does not say (the file name often does:
 * guessPlaceFromName) and `coerceYear` (see the readers). Every series has strictly increasing
 * period ends; typical years are re-dated into one year (2059 unless `coerceYear` says otherwise).
 * @throws TypeError naming what the hint must give (the API's CSV and a PSM file without metadata do
 *   not say where they are); RangeError for content that cannot be read (naming the line and the
 *   column where there is one) or a format that is not recognised
 * @example
 * const text = readFileSync(dataFilePath('weather/nsrdb_psm3_2017_40.5137_-108.5449.csv'), 'utf8');
 * const s = readWeatherFile(text, { latitude: 40.5137, longitude: -108.5449, timeZone: -7 });
 * s.format; // => 'psm3'
 * s.periodEnd.length; // => 17520
 */
export function readWeatherFile(text: string, hint: FilePlaceHint = {}): WeatherSeries {
  checkString('readWeatherFile', 'text', text, 'the text of a weather file');
  // A byte order mark (a file saved by a spreadsheet or a Windows editor) is not content.
  const head = text.slice(text.charCodeAt(0) === 0xfeff ? 1 : 0, 4000);
  const lines = head.split(/\r\n|\r|\n/, 2);
  const firstLine = lines[0] ?? '';
  const options: CalendarReadOptions = hint.coerceYear === undefined ? {} : { coerceYear: hint.coerceYear };
  if (/^LOCATION,/i.test(firstLine)) return readEpw(text, options);
  if (head.trimStart().startsWith('{')) return readPvgisTmyJson(text, options);
  if (/^Latitude \(decimal degrees\)/m.test(head)) return readPvgisTmyCsv(text, options);
  if (/Date \(MM\/DD\/YYYY\)/.test(head)) return readTmy3(text, options);
  if (
    /^\s*\d{5}\s.*\s[NS]\s+\d+\s+\d+\s+[EW]\s+\d+\s+\d+\s+-?\d+\s*$/.test(firstLine) &&
    /^ \d{8}/.test(lines[1] ?? '')
  )
    return readTmy2(text, options);
  if (/(^|,)period_end(,|$)/m.test(firstLine)) {
    if (hint.latitude === undefined || hint.longitude === undefined)
      throw new TypeError(
        "readWeatherFile: this is the API's CSV (period_end and period columns), which does not say where it was " +
          'requested for: give the latitude and longitude it was requested for, readWeatherFile(text, { latitude, longitude }) ' +
          '(degrees north and east; the command line takes --latitude and --longitude)',
      );
    return readApiCsv(text, { latitude: hint.latitude, longitude: hint.longitude, elevation: hint.elevation });
  }
  if (/^Source,/i.test(firstLine) || /Year,Month,Day,Hour/.test(head)) {
    const hasMetadata = /^Source,/i.test(firstLine);
    if (!hasMetadata && (hint.latitude === undefined || hint.longitude === undefined))
      throw new TypeError(PSM_PLACE_HINT_MESSAGE);
    const place: Psm3Place | undefined =
      hint.latitude !== undefined && hint.longitude !== undefined
        ? {
            latitude: hint.latitude,
            longitude: hint.longitude,
            timeZone: hint.timeZone ?? Math.round(hint.longitude / 15),
            elevation: hint.elevation,
          }
        : undefined;
    return readPsm3(text, place, options);
  }
  throw new RangeError('weather file: format not recognised (EPW, TMY2, TMY3, PSM3/PSM4, PVGIS TMY CSV/JSON, API CSV)');
}

/**
 * Latitude and longitude written into a file name the way NSRDB and PVGIS name their downloads
 * ("..._40.5137_-108.5449.csv", "pvgis_tmy_45.000_8.000_2005_2023.csv"), or undefined.
 */
export function guessPlaceFromName(name: string): { latitude: number; longitude: number } | undefined {
  checkString('guessPlaceFromName', 'name', name, 'a file name');
  const m = /(-?\d{1,2}\.\d+)_(-?\d{1,3}\.\d+)/.exec(name);
  if (!m) return undefined;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

export { readApiCsv, readEpw, readPsm3, readPvgisTmyCsv, readPvgisTmyJson, readTmy2, readTmy3 };
export { type CalendarReadOptions, TYPICAL_YEAR } from './calendar.js';
export { PSM_PLACE_HINT_MESSAGE } from './psm3.js';
export type { ApiCsvPlace } from './api-csv.js';
export type { Psm3Place } from './psm3.js';
export type { WeatherSeries } from './types.js';
