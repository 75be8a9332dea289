import { readApiCsv } from './apiCsv.js';
import { readEpw } from './epw.js';
import { type Psm3Place, readPsm3 } from './psm3.js';
import { readPvgisTmyCsv, readPvgisTmyJson } from './pvgis.js';
import { readTmy3 } from './tmy3.js';
import type { WeatherSeries } from './types.js';

/** Where a file that does not name its place was made for (PSM3 without metadata, API CSV). */
export interface FilePlaceHint {
  latitude?: number;
  longitude?: number;
  elevation?: number;
  /** hours east of UTC of the file's local standard time */
  timeZone?: number;
}

/**
 * Reads a weather file of any supported format, recognised by its content: EPW (LOCATION line),
 * PVGIS TMY JSON, PVGIS TMY CSV (Latitude (decimal degrees) line), NSRDB TMY3 (second line with
 * "Date (MM/DD/YYYY)"), the API's CSV (period_end and period columns), NSRDB PSM3 (Year, Month,
 * Day, Hour columns). `hint` gives what the file does not say; the file name often does
 * (guessPlaceFromName).
 */
export function readWeatherFile(text: string, hint: FilePlaceHint = {}): WeatherSeries {
  const head = text.slice(0, 4000);
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  if (/^LOCATION,/i.test(firstLine)) return readEpw(text);
  if (head.trimStart().startsWith('{')) return readPvgisTmyJson(text);
  if (/^Latitude \(decimal degrees\)/m.test(head)) return readPvgisTmyCsv(text);
  if (/Date \(MM\/DD\/YYYY\)/.test(head)) return readTmy3(text);
  if (/(^|,)period_end(,|$)/m.test(firstLine)) {
    if (hint.latitude === undefined || hint.longitude === undefined) throw new Error('API CSV: give the latitude and longitude it was requested for');
    return readApiCsv(text, { latitude: hint.latitude, longitude: hint.longitude, elevation: hint.elevation });
  }
  if (/^Source,/i.test(firstLine) || /Year,Month,Day,Hour/.test(head)) {
    const place: Psm3Place | undefined = hint.latitude !== undefined && hint.longitude !== undefined
      ? { latitude: hint.latitude, longitude: hint.longitude, timeZone: hint.timeZone ?? Math.round(hint.longitude / 15), elevation: hint.elevation }
      : undefined;
    return readPsm3(text, place);
  }
  throw new Error('weather file: format not recognised (EPW, TMY3, PSM3, PVGIS TMY CSV/JSON, API CSV)');
}

/**
 * Latitude and longitude written into a file name the way NSRDB and PVGIS name their downloads
 * ("..._40.5137_-108.5449.csv", "pvgis_tmy_45.000_8.000_2005_2023.csv"), or undefined.
 */
export function guessPlaceFromName(name: string): { latitude: number; longitude: number } | undefined {
  const m = /(-?\d{1,2}\.\d+)_(-?\d{1,3}\.\d+)/.exec(name);
  if (!m) return undefined;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

export { readApiCsv, readEpw, readPsm3, readPvgisTmyCsv, readPvgisTmyJson, readTmy3 };
export type { ApiCsvPlace } from './apiCsv.js';
export type { Psm3Place } from './psm3.js';
export type { WeatherSeries } from './types.js';
