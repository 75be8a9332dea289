/**
 * Timestamp formatting for the API's two styles (api-spec 2.6 and 9, contract section 3):
 *   legacy     2026-11-15T10:30:00.0000000Z   (always UTC, seven fraction digits)
 *   version 3  2026-11-15T10:30:00+00:00      (local time of the zone, with the offset in force)
 * Hand-written rather than through luxon: a response can hold 100,000 stamps, and building a
 * DateTime per stamp costs microseconds each (bench/suites/time.bench.ts has the figures). A zone
 * with daylight saving time (an IANA name) is looked up once per stretch of constant offset
 * (luxon and the platform's zone database), so each stamp shows its own offset: the repeated hour
 * of a fall-back night is written twice with two offsets (01:30-04:00, then 01:30-05:00).
 */
import { type ZoneOptions, resolveTimeZone, zoneOffsetSegments } from './zone.js';

import { checkObject, checkOneOf, checkSecondsValue, checkTimes } from '../util/validate.js';

/**
 * How timestamps are written: 'legacy' as `2026-11-15T10:30:00.0000000Z` (UTC, seven fraction
 * digits), 'v3' as `2026-11-15T10:30:00+00:00` (local time of the zone with its offset).
 */
export type TimestampStyle = 'legacy' | 'v3';
const STYLES: readonly TimestampStyle[] = ['legacy', 'v3'];

const TWO_DIGITS: string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : `${i}`));

/**
 * Civil date from days since 1970-01-01 (proleptic Gregorian), after H. Hinnant's
 * "chrono-compatible low-level date algorithms" (days_from_civil / civil_from_days).
 */
function civilFromDays(days: number): [year: number, month: number, day: number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return [year, month, day];
}

function yearText(year: number): string {
  if (year >= 0 && year <= 9999) return String(year).padStart(4, '0');
  return (year < 0 ? '-' : '+') + String(Math.abs(year)).padStart(6, '0');
}

function offsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${TWO_DIGITS[Math.floor(abs / 60)]}:${TWO_DIGITS[abs % 60]}`;
}

/**
 * One timestamp in the API's style.
 * @param unixSeconds the instant, Unix s (legacy keeps a fraction to 100 ns; v3 drops it)
 * @param style 'legacy' or 'v3'
 * @param options `zone` for v3, the zone to show: minutes east of UTC, or a zone name such as
 *   'Europe/Berlin' (its offset at that instant); legacy is always UTC
 * @example
 * formatTimestamp(Date.UTC(2024, 6, 1, 12) / 1000, 'v3', { zone: 'Europe/Berlin' }); // => '2024-07-01T14:00:00+02:00'
 * formatTimestamp(1718971200, 'v3', { zone: 330 }); // => '2024-06-21T17:30:00+05:30'
 * formatTimestamp(1718971200, 'legacy'); // => '2024-06-21T12:00:00.0000000Z'
 */
export function formatTimestamp(unixSeconds: number, style: TimestampStyle, options: ZoneOptions = {}): string {
  checkObject('formatTimestamp', 'options', options);
  const zone = options.zone ?? 0;
  checkSecondsValue('formatTimestamp', 'unixSeconds', unixSeconds);
  checkOneOf('formatTimestamp', 'style', style, STYLES);
  const offsetMinutes = style === 'v3' ? resolveTimeZone(zone).offsetAt(unixSeconds) : 0;
  const shift = offsetMinutes * 60;
  const local = unixSeconds + shift;
  const whole = Math.floor(local);
  const days = Math.floor(whole / 86_400);
  const secondOfDay = whole - days * 86_400;
  const [y, mo, d] = civilFromDays(days);
  const hh = Math.floor(secondOfDay / 3600);
  const mm = Math.floor((secondOfDay % 3600) / 60);
  const ss = secondOfDay % 60;
  const base = `${yearText(y)}-${TWO_DIGITS[mo]}-${TWO_DIGITS[d]}T${TWO_DIGITS[hh]}:${TWO_DIGITS[mm]}:${TWO_DIGITS[ss]}`;
  if (style === 'legacy') {
    const ticks = Math.round((local - whole) * 1e7);
    return `${base}.${String(Math.min(ticks, 9_999_999)).padStart(7, '0')}Z`;
  }
  return base + offsetText(offsetMinutes);
}

/**
 * A column of timestamps in one style. Consecutive stamps of the same day reuse the date text and
 * each second of the day is spelled once (a 5-minute grid has 288 of them), so a series of
 * 100,000 stamps costs one string concatenation each.
 * @param column instants, Unix s, any order
 * @param style 'legacy' or 'v3'
 * @param options `zone` for v3: minutes east of UTC, or a zone name (each stamp with its own offset)
 * @example
 * formatTimestamps(Float64Array.of(1718971200, 1718973000), 'v3'); // => ['2024-06-21T12:00:00+00:00', '2024-06-21T12:30:00+00:00']
 * // 01:30 twice in New York the night the clocks go back:
 * formatTimestamps(Float64Array.of(1730611800, 1730615400), 'v3', { zone: 'America/New_York' }); // => ['2024-11-03T01:30:00-04:00', '2024-11-03T01:30:00-05:00']
 */
export function formatTimestamps(column: Float64Array, style: TimestampStyle, options: ZoneOptions = {}): string[] {
  checkObject('formatTimestamps', 'options', options);
  const zone = options.zone ?? 0;
  checkTimes('formatTimestamps', 'column', column);
  checkOneOf('formatTimestamps', 'style', style, STYLES);
  const z = resolveTimeZone(zone);
  if (style === 'v3' && z.fixedOffsetMinutes === undefined) return formatTimestampsChangingZone(column, z.name);
  const offsetMinutes = style === 'v3' ? z.fixedOffsetMinutes! : 0;
  return formatWithOffset(column, style, offsetMinutes, 0, column.length, []);
}

/** v3 stamps in a zone with offset changes: each stretch of constant offset formatted at once. */
function formatTimestampsChangingZone(column: Float64Array, zone: string): string[] {
  const n = column.length;
  let lo = Number.POSITIVE_INFINITY,
    hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const t = column[i]!;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  if (!(hi >= lo)) return Array.from(column, (t) => formatTimestamp(t, 'v3', { zone })); // empty, or NaN stamps
  const { starts, offsets } = zoneOffsetSegments(zone, Math.floor(lo), Math.floor(hi) + 1);
  const out = new Array<string>(n);
  const segmentOf = (t: number): number => {
    let a = 0,
      b = starts.length - 1;
    while (a < b) {
      const m = (a + b + 1) >> 1;
      if (starts[m]! <= t) a = m;
      else b = m - 1;
    }
    return a;
  };
  // Runs of consecutive stamps in one stretch share the offset (sorted either way, a run is long).
  let i = 0;
  while (i < n) {
    const k = segmentOf(column[i]!);
    const a = starts[k]!,
      b = k + 1 < starts.length ? starts[k + 1]! : Number.POSITIVE_INFINITY;
    let j = i + 1;
    while (j < n && column[j]! >= a && column[j]! < b) j++;
    const part = formatWithOffset(column, 'v3', offsets[k]!, i, j, []);
    for (let m = i; m < j; m++) out[m] = part[m - i]!;
    i = j;
  }
  return out;
}

/** Stamps from..to (exclusive) of a column at one fixed offset, appended to `out`. */
function formatWithOffset(
  column: Float64Array,
  style: TimestampStyle,
  offsetMinutes: number,
  from: number,
  to: number,
  out: string[],
): string[] {
  const shift = style === 'v3' ? offsetMinutes * 60 : 0;
  const suffix = style === 'v3' ? offsetText(offsetMinutes) : '.0000000Z';
  const clockText = new Map<number, string>();
  let cachedDay = Number.NaN;
  let datePrefix = '';
  for (let i = from; i < to; i++) {
    const t = column[i]!;
    const local = t + shift;
    const whole = Math.floor(local);
    if (style === 'legacy' && local !== whole) {
      out.push(formatTimestamp(t, style, { zone: offsetMinutes })); // rare: a fraction of a second
      continue;
    }
    const days = Math.floor(whole / 86_400);
    if (days !== cachedDay) {
      const [y, mo, d] = civilFromDays(days);
      datePrefix = `${yearText(y)}-${TWO_DIGITS[mo]}-${TWO_DIGITS[d]}T`;
      cachedDay = days;
    }
    const sod = whole - days * 86_400;
    let clock = clockText.get(sod);
    if (clock === undefined) {
      clock = `${TWO_DIGITS[Math.floor(sod / 3600)]}:${TWO_DIGITS[Math.floor((sod % 3600) / 60)]}:${TWO_DIGITS[sod % 60]}${suffix}`;
      clockText.set(sod, clock);
    }
    out.push(datePrefix + clock);
  }
  return out;
}
