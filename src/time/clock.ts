import { checkUnixSeconds } from '../util/validate.js';
import { parseDateTime } from './datetime.js';

/** Where "now" comes from. One clock serves the server and the tests, so every run is reproducible. */
export interface Clock {
  /** The current instant, Unix seconds. */
  now(): number;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => Date.now() / 1000 };

/**
 * A clock stopped at one instant (Unix seconds).
 * @example
 * fixedClock(1718971200).now(); // => 1718971200
 */
export function fixedClock(unixSeconds: number): Clock {
  checkUnixSeconds('fixedClock', 'unixSeconds', unixSeconds);
  return { now: () => unixSeconds };
}

/**
 * A fixed clock when `value` is set (an ISO 8601 instant, for example the SOLARKIT_NOW environment
 * variable, which the caller reads), else the system clock. The core never reads the environment itself.
 * @throws TimeParseError when the value is set but is not a date-time
 * @example
 * clockFrom('2026-11-20T12:07:00Z').now(); // => 1795176420
 */
export function clockFrom(value: string | undefined): Clock {
  if (value === undefined || value.trim() === '') return systemClock;
  return fixedClock(parseDateTime(value));
}
