/**
 * Timestamp formatting for the API's two styles (api-spec 2.6 and 9, contract section 3):
 *   legacy     2026-11-15T10:30:00.0000000Z   (always UTC, seven fraction digits)
 *   version 3  2026-11-15T10:30:00+00:00      (local time of the offset, e.g. +05:30)
 * Hand-written rather than through luxon: a response can hold 100,000 stamps, and building a
 * DateTime per stamp costs microseconds each (bench/suites/time.bench.ts has the figures).
 */

export type TimestampStyle = 'legacy' | 'v3';

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
 * @param offsetMinutes for v3, the zone to show, minutes east of UTC (legacy is always UTC)
 */
export function formatTimestamp(unixSeconds: number, style: TimestampStyle, offsetMinutes = 0): string {
  const shift = style === 'v3' ? offsetMinutes * 60 : 0;
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
 */
export function formatTimestamps(column: Float64Array, style: TimestampStyle, offsetMinutes = 0): string[] {
  const out: string[] = [];
  const shift = style === 'v3' ? offsetMinutes * 60 : 0;
  const suffix = style === 'v3' ? offsetText(offsetMinutes) : '.0000000Z';
  const clockText = new Map<number, string>();
  let cachedDay = Number.NaN;
  let datePrefix = '';
  for (let i = 0; i < column.length; i++) {
    const t = column[i]!;
    const local = t + shift;
    const whole = Math.floor(local);
    if (style === 'legacy' && local !== whole) {
      out.push(formatTimestamp(t, style, offsetMinutes)); // rare: a fraction of a second
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
