import { DateTime, FixedOffsetZone } from 'luxon';
import { TimeParseError } from './errors.js';

/** "2021-05-14 00:00" or "2022-01-01 00:00:00": a date and a time separated by one space. */
const SPACE_SEPARATED = /^(\d{4}-\d{2}-\d{2}) +(\d{2}:\d{2}.*)$/;

/**
 * Reads an ISO 8601 date or date-time as Unix seconds (UTC).
 *
 * Accepts every form of the API contract (section 2): with or without seconds and fractions
 * (kept to the millisecond), with `Z`, `+hh:mm`, `+hhmm` or `+hh`, a space instead of `T`
 * (`2021-05-14 00:00`), and a bare date (`2024-01-01`, midnight). A value without a zone is read
 * at `defaultOffsetMinutes` east of UTC (the request's `time_zone`, else 0 = UTC).
 *
 * @param text the date-time as sent by the caller
 * @param defaultOffsetMinutes offset east of UTC, minutes, for a value that has no zone
 * @returns Unix seconds (may carry a millisecond fraction)
 * @throws TimeParseError naming the value when it is not ISO 8601
 */
export function parseDateTime(text: string, defaultOffsetMinutes = 0): number {
  const trimmed = text.trim();
  if (trimmed === '') throw new TimeParseError('an empty value is not a date-time');
  const spaced = SPACE_SEPARATED.exec(trimmed);
  const iso = spaced ? `${spaced[1]}T${spaced[2]}` : trimmed;
  const parsed = DateTime.fromISO(iso, { zone: FixedOffsetZone.instance(defaultOffsetMinutes) });
  if (!parsed.isValid) {
    throw new TimeParseError(`'${text}' is not an ISO 8601 date-time (for example 2024-01-31T12:00:00Z)`);
  }
  return parsed.toMillis() / 1000;
}
