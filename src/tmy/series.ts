/**
 * The typical year as a series: each calendar month taken from its chosen year, evaluated by a
 * weather source at the requested period, dated in 2059 (contract.md section 2), with the months
 * joined smoothly at their seams.
 */
import type { NumericWeatherColumnName, PeriodWeather, WeatherColumnName } from '../weather/columns.js';
import type { WeatherType } from '../weather/parameters.js';
import type { WeatherColumns, WeatherQuery, WeatherSource } from '../weather/source.js';
import { syntheticSource } from '../weather/synthetic.js';
import type { TmySelection } from './select.js';
import { checkObject, checkOffsetMinutes, checkRange, typeFailure } from '../util/validate.js';

/** The year TMY responses are dated in (not a leap year). */
export const TMY_YEAR = 2059;

/**
 * Columns blended across month seams: the slowly varying state (TMY3 smooths dry bulb, dew
 * point, humidity, pressure and wind over 6 hours either side of each seam; irradiance is not
 * smoothed, Wilcox & Marion 2008, section 1.3).
 */
export const SMOOTHED_COLUMNS: readonly WeatherColumnName[] = [
  'airTemp',
  'minAirTemp',
  'maxAirTemp',
  'dewPoint',
  'relativeHumidity',
  'pressure',
  'windSpeed',
  'windSpeed100m',
  'precipitableWater',
  'snowDepth',
  'snowWaterEquivalent',
  'albedo',
];

/** Options of {@link typicalYearWeather}. */
export interface TypicalYearOptions {
  /** the weather of the chosen months (default: the synthetic source, syntheticSource()) */
  source?: WeatherSource;
  /** time zone of the calendar, minutes east of UTC (default 0) */
  offsetMinutes?: number;
  /** half-width of the seam blend, hours (default 6) */
  smoothingHours?: number;
}

/** A typical-year series: period ends in 2059 and the requested columns. */
export type TypicalYearSeries = PeriodWeather;

const DAY_MS = 86400000;

/**
 * Evaluates the source (`options.source`, default the synthetic one) for each month of
 * `selection` in its chosen year and lays the months into 2059 (February 29 dropped). At each
 * seam between two months from different years, the columns of SMOOTHED_COLUMNS move linearly
 * from the earlier month's year to the later one's over `smoothingHours` either side; other
 * columns (irradiance, precipitation, labels) switch at the seam.
 * @param query the request without period ends (place, period, columns, plane)
 * @param selection the months and their years (selectTypicalYear, syntheticTypicalYear)
 * @example
 * const place = { latitude: 52.37, longitude: 4.9 };
 * const selection = syntheticTypicalYear(place, { firstYear: 2015, lastYear: 2024 });
 * const year = typicalYearWeather({ ...place, periodSeconds: 3600, parameters: ['ghi', 'airTemp'] }, selection);
 * year.periodEnd.length; // => 8760
 */
export function typicalYearWeather(
  query: Omit<WeatherQuery, 'periodEnd'>,
  selection: TmySelection,
  options: TypicalYearOptions = {},
): TypicalYearSeries {
  const fn = 'typicalYearWeather';
  checkObject(fn, 'query', query);
  checkObject(fn, 'selection', selection);
  checkObject(fn, 'options', options);
  const source = options.source ?? syntheticSource();
  if (typeof source !== 'object' || source === null || typeof source.actuals !== 'function')
    typeFailure(fn, 'options.source', 'a WeatherSource', source);
  if (options.offsetMinutes !== undefined) checkOffsetMinutes(fn, options.offsetMinutes, 'options.offsetMinutes');
  if (options.smoothingHours !== undefined)
    checkRange(fn, 'options.smoothingHours', options.smoothingHours, 0, 24 * 15, 'hours');
  const P = query.periodSeconds;
  const offset = (options.offsetMinutes ?? 0) * 60;
  const S = (options.smoothingHours ?? 6) * 3600;
  const first = Date.UTC(TMY_YEAR, 0, 1) / 1000 - offset;
  const n = Math.round((365 * 86400) / P);
  const periodEnd = new Float64Array(n);
  for (let r = 0; r < n; r++) periodEnd[r] = first + (r + 1) * P;

  const numeric = new Map<NumericWeatherColumnName, { sum: Float64Array; weight: Float64Array }>();
  let labels: WeatherType[] | undefined;
  const smoothed = new Set(SMOOTHED_COLUMNS);

  const months = [...selection.months].sort((a, b) => a.month - b.month);
  for (const mo of months) {
    const y = mo.year;
    const m = mo.month;
    const start = Date.UTC(y, m - 1, 1) / 1000 - offset;
    const end = Date.UTC(y, m, 1) / 1000 - offset;
    const before = m > 1 ? S : 0;
    const after = m < 12 ? S : 0;
    const count = Math.round((end + after - (start - before)) / P);
    const ends = new Float64Array(count);
    for (let i = 0; i < count; i++) ends[i] = start - before + (i + 1) * P;
    const cols = source.actuals({ ...query, periodEnd: ends });
    // The month's columns with their accumulators, looked up once (not per row).
    const numericCols: { col: Float64Array; smooth: boolean; sum: Float64Array; weight: Float64Array }[] = [];
    const labelCols: { col: WeatherType[]; out: WeatherType[] }[] = [];
    if (cols.weatherType !== undefined) {
      labels ??= new Array<WeatherType>(n).fill('' as WeatherType);
      labelCols.push({ col: cols.weatherType, out: labels });
    }
    for (const [key, col] of Object.entries(cols)) {
      const name = key as NumericWeatherColumnName;
      if (Array.isArray(col) || col === undefined) continue;
      let acc = numeric.get(name);
      if (acc === undefined) numeric.set(name, (acc = { sum: new Float64Array(n), weight: new Float64Array(n) }));
      numericCols.push({ col, smooth: smoothed.has(name), sum: acc.sum, weight: acc.weight });
    }
    // 2059 boundaries of this month.
    const lo = Date.UTC(TMY_YEAR, m - 1, 1) / 1000 - offset;
    const hi = Date.UTC(TMY_YEAR, m, 1) / 1000 - offset;
    // Calendar date of each period (its middle) in the zone, computed once per local day.
    let lastDay = Number.NaN;
    let leapDay = false;
    let shift = 0;
    for (let i = 0; i < count; i++) {
      const t = ends[i]!;
      const day = Math.floor((t - P / 2 + offset) / 86400);
      if (day !== lastDay) {
        lastDay = day;
        const local = new Date(day * DAY_MS);
        const Y = local.getUTCFullYear(),
          M = local.getUTCMonth(),
          D = local.getUTCDate();
        leapDay = M === 1 && D === 29;
        shift = (Date.UTC(TMY_YEAR, M, D) - Date.UTC(Y, M, D)) / 1000;
      }
      // Feb 29 has no place in 2059.
      if (leapDay) continue;
      const T = t + shift;
      const r = Math.round((T - first) / P) - 1;
      if (r < 0 || r >= n) continue;
      const mid = T - P / 2;
      const inside = mid > lo && mid < hi;
      // Triangular weights summing to 1 across a seam.
      let wSmooth: number;
      if (mid <= lo) wSmooth = 0.5 - (lo - mid) / (2 * S);
      else if (mid >= hi) wSmooth = 0.5 - (mid - hi) / (2 * S);
      else wSmooth = Math.min(1, 0.5 + Math.min(mid - lo, hi - mid) / (2 * S));
      if (m === 1 && mid - lo < S) wSmooth = mid >= lo ? 1 : 0;
      if (m === 12 && hi - mid < S) wSmooth = mid <= hi ? 1 : 0;
      if (wSmooth < 0) wSmooth = 0;
      if (inside) for (const c of labelCols) c.out[r] = c.col[i]!;
      for (const c of numericCols) {
        const w = c.smooth ? wSmooth : inside ? 1 : 0;
        if (w === 0) continue;
        c.sum[r] = c.sum[r]! + w * c.col[i]!;
        c.weight[r] = c.weight[r]! + w;
      }
    }
  }
  const columns: WeatherColumns = {};
  for (const name of query.parameters) {
    if (name === 'weatherType') {
      if (labels !== undefined) columns.weatherType = labels;
      continue;
    }
    const acc = numeric.get(name);
    if (acc !== undefined) {
      const v = new Float64Array(n);
      for (let r = 0; r < n; r++) v[r] = acc.weight[r]! > 0 ? acc.sum[r]! / acc.weight[r]! : Number.NaN;
      columns[name] = v;
    }
  }
  return { periodEnd, periodSeconds: P, columns };
}

/** Days of a month (1..12) in the TMY year. */
export function tmyDaysInMonth(month: number): number {
  if (!(Number.isInteger(month) && month >= 1 && month <= 12))
    throw new RangeError(`tmyDaysInMonth: month must be a whole number from 1 to 12 (got ${month})`);
  return Math.round((Date.UTC(TMY_YEAR, month, 1) - Date.UTC(TMY_YEAR, month - 1, 1)) / DAY_MS);
}
