import { DateTime, Duration, FixedOffsetZone } from 'luxon';
import { checkAtLeast, checkObject, checkString, checkUnixSeconds } from '../util/validate.js';
import { TimeParseError } from './errors.js';
import { type ZoneOptions, resolveTimeZone } from './zone.js';

/** The parts of an ISO 8601 duration (`P1Y2M3W4DT5H6M7.5S`); absent parts are 0. */
export interface IsoDuration {
  /** Calendar years (Y). */
  years: number;
  /** Calendar months (M before T). */
  months: number;
  /** Weeks (W). */
  weeks: number;
  /** Days (D). */
  days: number;
  /** Hours (H). */
  hours: number;
  /** Minutes (M after T). */
  minutes: number;
  /** Seconds (S), possibly fractional. */
  seconds: number;
}

/**
 * Reads an ISO 8601 duration such as `PT5M`, `PT1H`, `P3D`, `P1DT12H` or `P1M`.
 * @throws TimeParseError when the text is not a duration, is empty (`P`, `PT`) or negative
 * @example
 * parseDuration('P1DT12H'); // => { years: 0, months: 0, weeks: 0, days: 1, hours: 12, minutes: 0, seconds: 0 }
 */
export function parseDuration(text: string): IsoDuration {
  checkString('parseDuration', 'text', text, 'an ISO 8601 duration string (for example PT30M, P3D)');
  const trimmed = text.trim();
  const d = Duration.fromISO(trimmed.toUpperCase());
  if (!d.isValid || !/\d/.test(trimmed)) {
    throw new TimeParseError(`'${text}' is not an ISO 8601 duration (for example PT30M, P3D)`);
  }
  const o = d.toObject();
  const parts: IsoDuration = {
    years: o.years ?? 0,
    months: o.months ?? 0,
    weeks: o.weeks ?? 0,
    days: o.days ?? 0,
    hours: o.hours ?? 0,
    minutes: o.minutes ?? 0,
    seconds: (o.seconds ?? 0) + (o.milliseconds ?? 0) / 1000,
  };
  if (Object.values(parts).some((v) => v < 0)) {
    throw new TimeParseError(`'${text}' is a negative duration`);
  }
  return parts;
}

/**
 * Length in seconds of a duration of fixed length (weeks, days, hours, minutes, seconds; a day is
 * 86,400 s, as in UTC and fixed-offset zones).
 * @throws TimeParseError when it has years or months, whose length depends on the calendar
 * @example
 * durationSeconds(parseDuration('P1DT12H')); // => 129600
 */
export function durationSeconds(d: IsoDuration): number {
  checkObject('durationSeconds', 'd', d);
  if (d.years !== 0 || d.months !== 0) {
    throw new TimeParseError('a duration in years or months has no fixed length here; use days (P31D)');
  }
  return d.weeks * 604_800 + d.days * 86_400 + d.hours * 3_600 + d.minutes * 60 + d.seconds;
}

/**
 * Adds a duration to an instant in the calendar of a zone (P1M from January 31 is the last day of
 * February, as luxon does). In a zone with daylight saving time, days, months and years keep the
 * wall-clock time (P1D across the spring change is 23 hours; a time the clock skips moves forward
 * by the change, as luxon does), hours and smaller units are exact.
 * @param unixSeconds the start, Unix seconds
 * @param d the duration
 * @param options `zone`: minutes east of UTC, or a zone name such as 'Europe/Berlin'
 * @returns Unix seconds
 * @example
 * const end = addDuration(parseDateTime('2024-01-31T00:00Z'), parseDuration('P1M'));
 * new Date(end * 1000).toISOString(); // => '2024-02-29T00:00:00.000Z'
 * // One day across the spring change in Berlin is 23 hours:
 * (addDuration(Date.UTC(2024, 2, 30, 12) / 1000, parseDuration('P1D'), { zone: 'Europe/Berlin' }) - Date.UTC(2024, 2, 30, 12) / 1000) / 3600; // => 23
 */
export function addDuration(unixSeconds: number, d: IsoDuration, options: ZoneOptions = {}): number {
  checkUnixSeconds('addDuration', 'unixSeconds', unixSeconds);
  checkObject('addDuration', 'd', d);
  checkObject('addDuration', 'options', options);
  const z = resolveTimeZone(options.zone ?? 0, 'options.zone');
  const luxonZone = z.fixedOffsetMinutes !== undefined ? FixedOffsetZone.instance(z.fixedOffsetMinutes) : z.name;
  const start = DateTime.fromMillis(unixSeconds * 1000, { zone: luxonZone });
  return start.plus(d).toMillis() / 1000;
}

/**
 * Reads an averaging period (`PT5M`, `PT30M`, `PT1H`, `PT60M`) as seconds.
 * @throws TimeParseError when it is not a positive duration of fixed length
 * @example
 * parsePeriod('PT30M'); // => 1800
 */
export function parsePeriod(text: string): number {
  const seconds = durationSeconds(parseDuration(text));
  if (!(seconds > 0)) throw new TimeParseError(`'${text}' is not a positive period`);
  return seconds;
}

/**
 * The API's spelling of a period: whole minutes as `PT<n>M` (3600 s is `PT60M`, as the API echoes
 * `PT1H`), anything else as `PT<n>S`.
 * @param seconds period length, s
 * @example
 * formatPeriod(3600); // => 'PT60M'
 */
export function formatPeriod(seconds: number): string {
  checkAtLeast('formatPeriod', 'seconds', seconds, 0, 's', true);
  return seconds % 60 === 0 ? `PT${seconds / 60}M` : `PT${seconds}S`;
}
