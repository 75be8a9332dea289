import { DateTime, FixedOffsetZone } from 'luxon';
import { checkString } from '../util/validate.js';
import { TimeParseError } from './errors.js';
import { type Disambiguation, type TimeZoneInput, localTimeToUnix, resolveTimeZone } from './zone.js';

/** Options of {@link parseDateTime}. */
export interface ParseDateTimeOptions {
  /**
   * Zone of a value that has no offset of its own: minutes east of UTC (the request's
   * `time_zone`) or a zone name such as `America/New_York` (default 0, UTC).
   */
  zone?: TimeZoneInput;
  /** DST rule for a local time in a gap or overlap of `zone` (default 'compatible'). */
  disambiguation?: Disambiguation;
}

/** "2021-05-14 00:00" or "2022-01-01 00:00:00": a date and a time separated by one space. */
const SPACE_SEPARATED = /^(\d{4}-\d{2}-\d{2}) +(\d{2}:\d{2}.*)$/;

/**
 * Reads an ISO 8601 date or date-time as Unix seconds (UTC).
 *
 * Accepts every form of the API contract (section 2): with or without seconds and fractions
 * (kept to the millisecond), with `Z`, `+hh:mm`, `+hhmm` or `+hh`, a space instead of `T`
 * (`2021-05-14 00:00`), and a bare date (`2024-01-01`, midnight). A value without a zone is read
 * in `options.zone`: minutes east of UTC (the request's `time_zone`; default 0 = UTC) or a zone name
 * such as `America/New_York`, where a local time that the clock skips or repeats is read by
 * `disambiguation` (default 'compatible': a skipped time moves forward by the change, a repeated
 * time is its first occurrence; see `Disambiguation`).
 *
 * @param text the date-time as sent by the caller
 * @param options `zone` of a value that has no offset of its own; `disambiguation`, the DST rule
 *   for a local time in a gap or overlap of that zone
 * @returns Unix seconds (may carry a millisecond fraction)
 * @throws TimeParseError naming the value when it is not ISO 8601, or the zone when it is unknown
 * @example
 * parseDateTime('2024-06-21T12:00:00+02:00'); // => 1718964000
 * parseDateTime('2024-06-21 12:00', { zone: 120 }); // => 1718964000
 * // The first 01:30 (EDT) of the night the clocks go back:
 * parseDateTime('2024-11-03T01:30', { zone: 'America/New_York' }); // => 1730611800
 */
export function parseDateTime(text: string, options: ParseDateTimeOptions = {}): number {
  const { zone: defaultZone = 0, disambiguation = 'compatible' } = options;
  checkString('parseDateTime', 'text', text, 'an ISO 8601 date-time string (for example 2024-01-31T12:00:00Z)');
  const trimmed = text.trim();
  if (trimmed === '') throw new TimeParseError('an empty value is not a date-time');
  const spaced = SPACE_SEPARATED.exec(trimmed);
  const iso = spaced ? `${spaced[1]}T${spaced[2]}` : trimmed;
  const zone = resolveTimeZone(defaultZone, 'time zone');
  if (zone.fixedOffsetMinutes !== undefined) {
    const parsed = DateTime.fromISO(iso, { zone: FixedOffsetZone.instance(zone.fixedOffsetMinutes) });
    if (!parsed.isValid) throw notIso(text);
    return parsed.toMillis() / 1000;
  }
  // A zone with changes: read the wall-clock fields, then place them with the DST rule. A value
  // with its own offset reads the same in any zone, which is how it is recognised.
  const inUtc = DateTime.fromISO(iso, { zone: FixedOffsetZone.utcInstance });
  if (!inUtc.isValid) throw notIso(text);
  const inOther = DateTime.fromISO(iso, { zone: FixedOffsetZone.instance(60) });
  if (inOther.toMillis() === inUtc.toMillis()) return inUtc.toMillis() / 1000;
  return localTimeToUnix(
    {
      year: inUtc.year,
      month: inUtc.month,
      day: inUtc.day,
      hour: inUtc.hour,
      minute: inUtc.minute,
      second: inUtc.second,
      millisecond: inUtc.millisecond,
    },
    zone.name,
    { disambiguation },
  );
}

function notIso(text: string): TimeParseError {
  return new TimeParseError(`'${text}' is not an ISO 8601 date-time (for example 2024-01-31T12:00:00Z)`);
}
