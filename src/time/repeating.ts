import { parseDateTime } from './datetime.js';
import { type IsoDuration, addDuration, durationSeconds, parseDuration } from './duration.js';
import { checkString, typeFailure } from '../util/validate.js';
import { TimeParseError } from './errors.js';
import type { TimeZoneInput } from './zone.js';

/** A repeating interval `R<count>/<start>/<duration>`, start in Unix seconds. */
export interface RepeatingInterval {
  /** How many times the interval repeats (R<count>). */
  count: number;
  /** The first instant, Unix seconds. */
  start: number;
  /** The step between repetitions. */
  duration: IsoDuration;
}

const REPEATING = /^R(\d+)\/([^/]+)\/(P[^/]+)$/i;

/**
 * Reads an ISO 8601 repeating interval of the form `R<count>/<start>/<duration>`
 * (api-spec 4.1 `manual_wash_dates`). An unbounded `R/...` is refused: the API needs a count.
 * @throws TimeParseError
 * @example
 * parseRepeatingInterval('R3/2024-01-01/P1M').count; // => 3
 */
export function parseRepeatingInterval(text: string, defaultZone: TimeZoneInput = 0): RepeatingInterval {
  checkString('parseRepeatingInterval', 'text', text, 'a repeating interval string R<count>/<start>/<duration>');
  const m = REPEATING.exec(text.trim());
  if (!m) {
    throw new TimeParseError(`'${text}' is not a repeating interval R<count>/<start>/<duration>`);
  }
  const duration = parseDuration(m[3]!);
  const hasLength =
    duration.years +
      duration.months +
      duration.weeks +
      duration.days +
      duration.hours +
      duration.minutes +
      duration.seconds >
    0;
  if (!hasLength) throw new TimeParseError(`the duration of '${text}' is zero`);
  return { count: Number(m[1]), start: parseDateTime(m[2]!, { zone: defaultZone }), duration };
}

/**
 * The instants of a repeating interval: `count` of them, the start and each following repetition
 * (R3/2024-01-01/P1M gives January 1, February 1 and March 1). Calendar-aware for months and years.
 * @returns Unix seconds, increasing
 * @example
 * const washes = expandRepeatingInterval('R3/2024-01-31/P1M');
 * new Date(washes[1]! * 1000).toISOString().slice(0, 10); // => '2024-02-29'
 */
export function expandRepeatingInterval(text: string, defaultZone: TimeZoneInput = 0): Float64Array {
  const { count, start, duration } = parseRepeatingInterval(text, defaultZone);
  const out = new Float64Array(count);
  const fixed = duration.years === 0 && duration.months === 0;
  const step = fixed ? durationSeconds(duration) : 0;
  for (let i = 0; i < count; i++) {
    // Months and years: add i whole durations to the start, so that Jan 31 + P1M steps stay on month ends.
    out[i] = fixed ? start + i * step : addDuration(start, scale(duration, i), { zone: defaultZone });
  }
  return out;
}

function scale(d: IsoDuration, k: number): IsoDuration {
  return {
    years: d.years * k,
    months: d.months * k,
    weeks: d.weeks * k,
    days: d.days * k,
    hours: d.hours * k,
    minutes: d.minutes * k,
    seconds: d.seconds * k,
  };
}

/**
 * The API's `manual_wash_dates`: either ISO 8601 dates or date-times, or repeating intervals
 * `R<count>/<start>/<duration>` (each expanded), as sorted Unix seconds without duplicates.
 * @throws TimeParseError naming the first value that cannot be read
 * @example
 * parseWashDates(['2024-05-01', 'R2/2024-03-01/P1M']).length; // => 3
 */
export function parseWashDates(values: readonly string[], defaultZone: TimeZoneInput = 0): Float64Array {
  if (!Array.isArray(values)) typeFailure('parseWashDates', 'values', 'an array of ISO 8601 strings', values);
  for (const v of values) checkString('parseWashDates', 'values[]', v, 'ISO 8601 strings');
  const instants: number[] = [];
  for (const value of values) {
    const v = value.trim();
    if (v === '') continue;
    if (/^R/i.test(v)) instants.push(...expandRepeatingInterval(v, defaultZone));
    else instants.push(parseDateTime(v, { zone: defaultZone }));
  }
  const sorted = Float64Array.from(new Set(instants)).sort();
  return sorted;
}
