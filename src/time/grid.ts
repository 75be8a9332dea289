/**
 * Period grids of the API (contract section 2). A period is named by its end; period ends fall on
 * whole multiples of the period counted from midnight of the response's zone. All times are Unix
 * seconds.
 *
 * Zones: a number is a fixed offset in minutes east of UTC (the API's `time_zone`); a name is an
 * IANA zone (`America/New_York`) or a fixed one (`UTC+5:30`), see `resolveTimeZone`. In a zone with
 * daylight saving time, the period ends are the instants whose local time (with the offset in
 * force at that instant) is a whole multiple of the period from local midnight. So a grid never
 * repeats or skips an instant: where the clock goes forward, the local labels skip the missing
 * hour (01:00 EST is followed by 03:00 EDT), and where it goes back they show one hour twice with
 * two offsets (01:00 EDT, then 01:00 EST). A period that is a whole number of the change
 * (PT60M, PT30M, PT15M across a one-hour change) stays that long; a longer one (PT3H, P1D) that
 * the change falls into is shorter or longer by it (the 23- and 25-hour days), as local calendars
 * have it: its start is the previous period end.
 */
import { checkAtLeast, checkObject, checkUnixSeconds } from '../util/validate.js';
import {
  type ResolvedTimeZone,
  type TimeZoneInput,
  type ZoneOptions,
  resolveTimeZone,
  zoneOffsetSegments,
} from './zone.js';

/**
 * Most rows a grid may have (80 MB of times; 19 years of 1-minute periods). A longer grid is a
 * unit mistake (a period of 1 meant as an hour) far more often than a wish, and would fill memory
 * before failing.
 */
export const MAX_GRID_ROWS = 10_000_000;

/** The checks of a grid's arguments: a positive period and a grid of at most MAX_GRID_ROWS rows. */
function checkGrid(fn: string, periodSeconds: number, span: number): void {
  checkAtLeast(fn, 'periodSeconds', periodSeconds, 0, 's', true);
  const rows = span / periodSeconds;
  if (!(rows <= MAX_GRID_ROWS)) {
    throw new RangeError(
      `${fn}: the grid would have ${rows} rows (more than ${MAX_GRID_ROWS}); are periodSeconds (${periodSeconds}) and the times in seconds?`,
    );
  }
}

/** Fills period ends first, first + P, ... for `count` rows. */
function evenGrid(first: number, count: number, periodSeconds: number, newestFirst: boolean): Float64Array {
  const out = new Float64Array(Math.max(0, count));
  for (let i = 0; i < out.length; i++) {
    out[newestFirst ? out.length - 1 - i : i] = first + i * periodSeconds;
  }
  return out;
}

/** The zone, for a fixed offset its shift in seconds (undefined for a zone with changes). */
function zoneShift(zone: TimeZoneInput): { z: ResolvedTimeZone; shift: number | undefined } {
  const z = resolveTimeZone(zone, 'zone');
  return { z, shift: z.fixedOffsetMinutes === undefined ? undefined : z.fixedOffsetMinutes * 60 };
}

/**
 * Every aligned period end in `(from, to]` of a zone with offset changes: on each stretch of
 * constant offset, the instants t with t + offset a multiple of the period.
 */
function alignedEnds(z: ResolvedTimeZone, from: number, to: number, periodSeconds: number): number[] {
  const { starts, offsets } = zoneOffsetSegments(z.name, from, to + 1);
  const out: number[] = [];
  for (let k = 0; k < starts.length; k++) {
    const a = starts[k]!;
    const b = k + 1 < starts.length ? starts[k + 1]! : Number.POSITIVE_INFINITY;
    const shift = offsets[k]! * 60;
    const lo = Math.max(a, from);
    let t = Math.ceil((lo + shift) / periodSeconds) * periodSeconds - shift;
    if (t <= from) t += periodSeconds;
    for (; t < b && t <= to; t += periodSeconds) out.push(t);
  }
  return out;
}

/** How far past a window's end the first aligned end can lie in a zone with changes: a period plus the largest change. */
const changeMargin = (periodSeconds: number): number => 2 * periodSeconds + 86_400;

/** The window and the period of {@link periodGrid}. */
export interface PeriodGridInput {
  /** Window start, Unix s (exclusive). */
  start: number;
  /** Window end, Unix s (inclusive). */
  end: number;
  /** Period length, s. */
  periodSeconds: number;
}

/** The time of a live or forecast request and its period (internal: `liveGrid`, `forecastGrid`). */
export interface RequestGridInput {
  /** The request's time, Unix s. */
  now: number;
  /** How far back (live) or ahead (forecast), h. */
  hours: number;
  /** Period length, s. */
  periodSeconds: number;
}

/**
 * The period ends of a historic window `(start, end]`: every aligned period whose interval
 * `(period_end - period, period_end]` overlaps the window, oldest first. Month-by-month windows
 * (start = first of a month, end = first of the next) therefore join without overlap or gap, and
 * `start=2022-10-25T14:45Z`, P3D at PT30M gives 145 rows, 15:00 on day 0 to 15:00 on day 3.
 *
 * @param input `start` window start, Unix s (exclusive); `end` window end, Unix s (inclusive);
 *   `periodSeconds` period length, s
 * @param options `zone` of the alignment: minutes east of UTC, or a zone name (IANA, with the
 *   DST rules of the module comment)
 * @returns period ends, Unix s, strictly increasing (empty when end <= start)
 * @throws RangeError naming the argument: times not in Unix seconds (milliseconds), a period
 *   that is not positive, a grid of more than MAX_GRID_ROWS rows
 * @example
 * const hours = periodGrid({ start: Date.UTC(2024, 0, 1) / 1000, end: Date.UTC(2025, 0, 1) / 1000, periodSeconds: 3600 });
 * hours.length; // => 8784
 * new Date(hours[0]! * 1000).toISOString(); // => '2024-01-01T01:00:00.000Z'
 * // 06:00Z (01:00 EST), 07:00Z (03:00 EDT: the clock skips 02:00), 08:00Z, 09:00Z:
 * const march = { start: Date.UTC(2024, 2, 10, 5) / 1000, end: Date.UTC(2024, 2, 10, 9) / 1000, periodSeconds: 3600 };
 * Array.from(periodGrid(march, { zone: 'America/New_York' }), (t) => new Date(t * 1000).getUTCHours()); // => [6, 7, 8, 9]
 */
export function periodGrid(input: PeriodGridInput, options: ZoneOptions = {}): Float64Array {
  checkObject('periodGrid', 'input', input);
  checkObject('periodGrid', 'options', options);
  const { start, end, periodSeconds } = input;
  const zone = options.zone ?? 0;
  checkUnixSeconds('periodGrid', 'start', start);
  checkUnixSeconds('periodGrid', 'end', end);
  checkGrid('periodGrid', periodSeconds, end - start);
  if (!(end > start)) return new Float64Array(0);
  const { z, shift } = zoneShift(zone);
  if (shift !== undefined) {
    // First: the smallest aligned end strictly after start. Last: the smallest aligned end >= end
    // (its period starts before end, so it overlaps the window).
    const first = (Math.floor((start + shift) / periodSeconds) + 1) * periodSeconds - shift;
    const last = Math.ceil((end + shift) / periodSeconds) * periodSeconds - shift;
    const count = Math.round((last - first) / periodSeconds) + 1;
    return evenGrid(first, count, periodSeconds, false);
  }
  const ends = alignedEnds(z, start, end + changeMargin(periodSeconds), periodSeconds);
  const lastIndex = ends.findIndex((t) => t >= end);
  return Float64Array.from(ends.slice(0, lastIndex + 1));
}

/**
 * The period ends of a live request: complete periods ending in `(now - hours, now]`, NEWEST FIRST,
 * as the API's live endpoints list them.
 * @param input `now` Unix s; `hours` how far back, h; `periodSeconds` period length, s
 * @param options `zone`: minutes east of UTC or a zone name (see {@link periodGrid})
 * @example
 * // 12:00Z, 11:30Z, 11:00Z, 10:30Z:
 * Array.from(liveGrid({ now: Date.UTC(2024, 0, 1, 12) / 1000, hours: 2, periodSeconds: 1800 }), (t) => new Date(t * 1000).toISOString().slice(11, 16)); // => ['12:00', '11:30', '11:00', '10:30']
 */
export function liveGrid(input: RequestGridInput, options: ZoneOptions = {}): Float64Array {
  checkObject('liveGrid', 'input', input);
  checkObject('liveGrid', 'options', options);
  const { now, hours, periodSeconds } = input;
  const zone = options.zone ?? 0;
  checkUnixSeconds('liveGrid', 'now', now);
  checkAtLeast('liveGrid', 'hours', hours, 0, 'h');
  checkGrid('liveGrid', periodSeconds, hours * 3600);
  const { z, shift } = zoneShift(zone);
  const from = now - hours * 3600; // exclusive
  if (shift !== undefined) {
    const newest = Math.floor((now + shift) / periodSeconds) * periodSeconds - shift;
    const count = Math.floor((newest - from) / periodSeconds - 1e-9) + 1;
    const oldest = newest - (count - 1) * periodSeconds;
    return evenGrid(oldest, count, periodSeconds, true);
  }
  return Float64Array.from(alignedEnds(z, from, now, periodSeconds).reverse());
}

/**
 * The period ends of a forecast: periods ending in `(now, now + hours]`, oldest first.
 * @param input `now` Unix s (the issue time); `hours` horizon, h; `periodSeconds` period length, s
 * @param options `zone`: minutes east of UTC or a zone name (see {@link periodGrid})
 * @example
 * Array.from(forecastGrid({ now: Date.UTC(2024, 0, 1, 12, 10) / 1000, hours: 1, periodSeconds: 1800 }), (t) => new Date(t * 1000).toISOString().slice(11, 16)); // => ['12:30', '13:00']
 */
export function forecastGrid(input: RequestGridInput, options: ZoneOptions = {}): Float64Array {
  checkObject('forecastGrid', 'input', input);
  checkObject('forecastGrid', 'options', options);
  const { now, hours, periodSeconds } = input;
  const zone = options.zone ?? 0;
  checkUnixSeconds('forecastGrid', 'now', now);
  checkAtLeast('forecastGrid', 'hours', hours, 0, 'h');
  checkGrid('forecastGrid', periodSeconds, hours * 3600);
  const { z, shift } = zoneShift(zone);
  if (shift !== undefined) {
    const first = (Math.floor((now + shift) / periodSeconds) + 1) * periodSeconds - shift;
    const last = Math.floor((now + hours * 3600 + shift) / periodSeconds) * periodSeconds - shift;
    const count = last >= first ? Math.round((last - first) / periodSeconds) + 1 : 0;
    return evenGrid(first, count, periodSeconds, false);
  }
  return Float64Array.from(alignedEnds(z, now, now + hours * 3600, periodSeconds));
}
