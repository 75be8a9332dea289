import { parseDateTime } from '../../time/datetime.js';
import { parsePeriod } from '../../time/duration.js';
import { increasingInTime } from './calendar.js';
import { type WeatherSeries, numberOr, splitCsv, textLines } from './types.js';
import { checkLatitude, checkLongitude, checkString } from '../../util/validate.js';

/** Where an API CSV was requested for (the CSV itself does not say). */
export interface ApiCsvPlace {
  latitude: number;
  longitude: number;
  elevation?: number;
}

/**
 * Reads the API's own CSV output (contract.md section 3): a header of value columns (API
 * parameter names, API units), then `period_end` and `period`; one row per period, empty cell
 * for no value, timestamps in either the legacy or the version 3 style. Rows are sorted by
 * time (live responses list newest first). A file dated in 2059 is a typical year (TMY).
 * weather_type and other text columns are skipped. The solar `azimuth` column, in the API's
 * convention in the file (east -90, west 90), becomes the core's (degrees east of north, [0, 360)).
 */
export function readApiCsv(text: string, place: ApiCsvPlace): WeatherSeries {
  checkString('readApiCsv', 'text', text, 'the text of a weather file');
  checkLatitude('readApiCsv', place?.latitude, 'place.latitude');
  checkLongitude('readApiCsv', place?.longitude, 'place.longitude');
  const lines = textLines(text);
  const header = splitCsv(lines[0] ?? '').map((s) => s.trim());
  const iEnd = header.indexOf('period_end');
  const iPeriod = header.indexOf('period');
  if (iEnd < 0 || iPeriod < 0) throw new Error('API CSV: period_end and period columns are required');
  const rows = lines.slice(1);
  const n = rows.length;
  const periodEnd = new Float64Array(n);
  const valueCols = header.map((h, i) => [h, i] as const).filter(([h, i]) => i !== iEnd && i !== iPeriod && h !== 'weather_type');
  const cols: Record<string, Float64Array> = {};
  for (const [h] of valueCols) cols[h] = new Float64Array(n);
  let periodSeconds = 0;
  for (let i = 0; i < n; i++) {
    const f = splitCsv(rows[i]!);
    periodEnd[i] = parseDateTime(f[iEnd]!);
    if (i === 0) periodSeconds = parsePeriod(f[iPeriod]!);
    for (const [h, j] of valueCols) cols[h]![i] = numberOr(f[j]);
  }
  const azimuth = cols.azimuth;
  if (azimuth !== undefined) {
    for (let i = 0; i < n; i++) {
      const a = -azimuth[i]! % 360;
      azimuth[i] = a < 0 ? a + 360 : a + 0; // + 0: no -0
    }
  }
  const typical = n > 0 && new Date(periodEnd[0]! * 1000).getUTCFullYear() === 2059;
  return increasingInTime({
    format: 'api-csv', latitude: place.latitude, longitude: place.longitude, elevation: place.elevation ?? Number.NaN,
    timeZone: Number.NaN, typical, periodEnd, periodSeconds, columns: cols,
  }, 'API CSV');
}
