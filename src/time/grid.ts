/**
 * Period grids of the API (contract section 2). A period is named by its end; period ends fall on
 * whole multiples of the period counted from midnight of the response's zone. All times are Unix
 * seconds; zones are fixed offsets in minutes east of UTC.
 */

function checkPeriod(periodSeconds: number): void {
  if (!(periodSeconds > 0) || !Number.isFinite(periodSeconds)) {
    throw new RangeError(`period must be a positive number of seconds, got ${periodSeconds}`);
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

/**
 * The period ends of a historic window `(start, end]`: every aligned period whose interval
 * `(period_end - period, period_end]` overlaps the window, oldest first. Month-by-month windows
 * (start = first of a month, end = first of the next) therefore join without overlap or gap, and
 * `start=2022-10-25T14:45Z`, P3D at PT30M gives 145 rows, 15:00 on day 0 to 15:00 on day 3.
 *
 * @param start window start, Unix s (exclusive)
 * @param end window end, Unix s (inclusive)
 * @param periodSeconds period length, s
 * @param offsetMinutes zone of the alignment, minutes east of UTC
 * @returns period ends, Unix s, increasing (empty when end <= start)
 */
export function periodGrid(start: number, end: number, periodSeconds: number, offsetMinutes = 0): Float64Array {
  checkPeriod(periodSeconds);
  if (!(end > start)) return new Float64Array(0);
  const shift = offsetMinutes * 60;
  // First: the smallest aligned end strictly after start. Last: the smallest aligned end >= end
  // (its period starts before end, so it overlaps the window).
  const first = (Math.floor((start + shift) / periodSeconds) + 1) * periodSeconds - shift;
  const last = Math.ceil((end + shift) / periodSeconds) * periodSeconds - shift;
  const count = Math.round((last - first) / periodSeconds) + 1;
  return evenGrid(first, count, periodSeconds, false);
}

/**
 * The period ends of a live request: complete periods ending in `(now - hours, now]`, NEWEST FIRST,
 * as the API's live endpoints list them.
 * @param now Unix s
 * @param hours how far back, h
 */
export function liveGrid(now: number, hours: number, periodSeconds: number, offsetMinutes = 0): Float64Array {
  checkPeriod(periodSeconds);
  const shift = offsetMinutes * 60;
  const newest = Math.floor((now + shift) / periodSeconds) * periodSeconds - shift;
  const from = now - hours * 3600; // exclusive
  const count = Math.floor((newest - from) / periodSeconds - 1e-9) + 1;
  const oldest = newest - (count - 1) * periodSeconds;
  return evenGrid(oldest, count, periodSeconds, true);
}

/**
 * The period ends of a forecast: periods ending in `(now, now + hours]`, oldest first.
 * @param now Unix s (the issue time)
 * @param hours horizon, h
 */
export function forecastGrid(now: number, hours: number, periodSeconds: number, offsetMinutes = 0): Float64Array {
  checkPeriod(periodSeconds);
  const shift = offsetMinutes * 60;
  const first = (Math.floor((now + shift) / periodSeconds) + 1) * periodSeconds - shift;
  const last = Math.floor((now + hours * 3600 + shift) / periodSeconds) * periodSeconds - shift;
  const count = last >= first ? Math.round((last - first) / periodSeconds) + 1 : 0;
  return evenGrid(first, count, periodSeconds, false);
}
