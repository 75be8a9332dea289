import type { NumericWeatherColumns, PeriodWeather } from '../columns.js';

/**
 * A real weather series read from a file: weather columns (the core's names, pvlib's units, see
 * WeatherColumns), one row per period, times as period ends in Unix s (UTC).
 */
export interface WeatherSeries extends PeriodWeather {
  /** file format the series came from */
  format: 'epw' | 'tmy2' | 'tmy3' | 'psm3' | 'pvgis-tmy' | 'api-csv';
  /** degrees north, when the file says */
  latitude: number;
  /** degrees east, when the file says */
  longitude: number;
  /** m, when the file says (NaN otherwise) */
  elevation: number;
  /** the file's time zone, hours east of UTC (NaN when the file does not say) */
  timeZone: number;
  /** a typical year (TMY/EPW) whose rows come from different years, rather than a real span */
  typical: boolean;
  /**
   * period end, Unix s, strictly increasing (a typical year is re-dated into one year, by default
   * 2059: see `coerceYear` of the readers)
   */
  periodEnd: Float64Array;
  /**
   * When the rows were re-dated (typical years, or `coerceYear`): each row's period end as the
   * file dates it (a typical year's months in their source years, so not increasing), Unix s.
   */
  sourcePeriodEnd?: Float64Array;
  /** period length, s */
  periodSeconds: number;
  /** the file's columns (NaN = missing) */
  columns: NumericWeatherColumns;
  /** typical years: the source year of each month (1..12), when the file lists it */
  monthYears?: Record<number, number>;
}

/** Splits a CSV line on commas, honouring double quotes. */
export function splitCsv(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/**
 * The lines of a text, without a trailing empty line, for \n, \r\n or \r endings, and without
 * the UTF-8 byte order mark a spreadsheet or an editor may write first (as Python's 'utf-8-sig').
 */
export function textLines(text: string): string[] {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r\n|\r|\n/);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines;
}

/** A number, or NaN for blank cells and the file's missing-value codes. */
export function numberOr(text: string | undefined, missing: readonly number[] = []): number {
  if (text === undefined) return Number.NaN;
  const t = text.trim();
  if (t === '') return Number.NaN;
  const v = Number(t);
  if (!Number.isFinite(v)) return Number.NaN;
  for (const m of missing) if (v === m) return Number.NaN;
  return v;
}

/** Relative humidity, %, from air temperature and dew point (degrees C), Magnus form. */
export function humidityFromDewPoint(t: number, td: number): number {
  const e = (x: number): number => Math.exp((17.625 * x) / (x + 243.04));
  return Math.min(100, (100 * e(td)) / e(t));
}

/** Dew point, degrees C, from air temperature (degrees C) and relative humidity (%), Magnus form. */
export function dewPointFromHumidity(t: number, rh: number): number {
  const g = Math.log(Math.max(rh, 0.1) / 100) + (17.625 * t) / (243.04 + t);
  return (243.04 * g) / (17.625 - g);
}
