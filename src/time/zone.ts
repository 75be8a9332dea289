import { Info } from 'luxon';
import { checkFinite, checkString } from '../util/validate.js';
import { TimeParseError } from './errors.js';

const NUMERIC_HOURS = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The API's `time_zone` as an offset in minutes east of UTC (api-spec 4.1, contract section 2):
 * `utc`; `longitudinal`, the offset longitude / 15 hours rounded to the nearest quarter hour;
 * or a number of hours from -13 to 13 in steps of 0.25.
 * @param text the parameter as sent
 * @param longitude degrees east, for `longitudinal`
 * @throws TimeParseError naming the accepted forms
 * @example
 * parseTimeZone('longitudinal', 151.2); // => 600
 * parseTimeZone('5.75', 0); // => 345
 */
export function parseTimeZone(text: string, longitude: number): number {
  checkString('parseTimeZone', 'text', text, 'a time zone string: utc, longitudinal or hours');
  checkFinite('parseTimeZone', 'longitude', longitude, 'degrees east');
  const t = text.trim().toLowerCase();
  if (t === 'utc') return 0;
  if (t === 'longitudinal') {
    const quarters = Math.round((longitude / 15) * 4);
    return quarters * 15 + 0; // + 0 turns -0 into 0
  }
  if (NUMERIC_HOURS.test(t)) {
    const hours = Number(t);
    if (hours < -13 || hours > 13) {
      throw new TimeParseError(`time_zone ${text} is outside -13 to 13 hours`);
    }
    if (!Number.isInteger(hours * 4)) {
      throw new TimeParseError(`time_zone ${text} is not a whole number of quarter hours`);
    }
    return hours * 60 + 0;
  }
  throw new TimeParseError(
    `'${text}' is not a time_zone: use utc, longitudinal or hours from -13 to 13 in steps of 0.25`,
  );
}

/**
 * A time zone as the core's local-time functions take it: a number is a fixed offset in minutes
 * east of UTC (what the API's `time_zone` resolves to, see {@link parseTimeZone}); a string is a
 * zone name luxon knows: an IANA zone (`America/New_York`, `Europe/Berlin`), `UTC`, or a fixed
 * offset written `UTC+5:30` / `UTC-3`.
 */
export type TimeZoneInput = number | string;

/**
 * What a local date-time that a zone's clock skips or repeats means (the choices of TC39
 * Temporal's `disambiguation`):
 * - 'compatible' (default): a skipped time (spring forward: 02:30 in New York on 10 March 2024) is
 *   read with the offset before the change, so it lands that much later (03:30 EDT); a repeated
 *   time (fall back: 01:30 on 3 November 2024) is its first occurrence (01:30 EDT). The rule of
 *   RFC 5545, Python's zoneinfo (fold=0) and Java's ZonedDateTime.
 * - 'earlier' / 'later': the earlier or later of the two candidate instants, in a gap as in an overlap.
 * - 'reject': throw a TimeParseError naming the local time and the zone.
 */
export type Disambiguation = 'compatible' | 'earlier' | 'later' | 'reject';

/** A resolved zone: its name and its offset at any instant. */
export interface ResolvedTimeZone {
  /** The zone's name (`America/New_York`, `UTC+5:30`), for messages. */
  name: string;
  /** The offset in minutes east of UTC when it never changes, else undefined. */
  fixedOffsetMinutes: number | undefined;
  /** Offset in force at an instant (Unix s), minutes east of UTC. */
  offsetAt(unixSeconds: number): number;
}

const resolvedZones = new Map<string, ResolvedTimeZone>();

/**
 * A time zone resolved for repeated use (IANA zones through luxon and the platform's time zone
 * database, Intl).
 * @param zone minutes east of UTC, or a zone name
 * @param argument the name of the caller's argument, for the error message
 * @throws TimeParseError naming the argument when the zone is not a finite offset or a known name
 * @example
 * resolveTimeZone('America/New_York').offsetAt(Date.UTC(2024, 6, 1) / 1000); // => -240
 */
export function resolveTimeZone(zone: TimeZoneInput, argument = 'zone'): ResolvedTimeZone {
  if (typeof zone === 'number') {
    if (!Number.isFinite(zone) || Math.abs(zone) > 18 * 60) {
      throw new TimeParseError(
        `${argument} must be an offset in minutes east of UTC (-1080..1080) or a zone name such as 'America/New_York', got ${zone}`,
      );
    }
    const minutes = zone + 0;
    return { name: formatOffsetName(minutes), fixedOffsetMinutes: minutes, offsetAt: () => minutes };
  }
  const key = zone.trim();
  const cached = resolvedZones.get(key);
  if (cached) return cached;
  const z = Info.normalizeZone(key);
  if (z === null || !z.isValid) {
    throw new TimeParseError(
      `${argument} '${zone}' is not a time zone: use an IANA name such as 'America/New_York' or 'Europe/Berlin', 'UTC', 'UTC+5:30', or an offset in minutes`,
    );
  }
  const fixed = z.isUniversal ? z.offset(0) + 0 : undefined;
  const resolved: ResolvedTimeZone = {
    name: z.name,
    fixedOffsetMinutes: fixed,
    offsetAt: fixed !== undefined ? () => fixed : (t) => z.offset(t * 1000) + 0,
  };
  if (resolvedZones.size > 500) resolvedZones.clear();
  resolvedZones.set(key, resolved);
  return resolved;
}

function formatOffsetName(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${abs % 60 === 0 ? '' : `:${String(abs % 60).padStart(2, '0')}`}`;
}

/**
 * The offset of a zone at an instant, minutes east of UTC.
 * @example
 * zoneOffsetMinutes('Europe/Berlin', Date.UTC(2024, 0, 15) / 1000); // => 60
 */
export function zoneOffsetMinutes(zone: TimeZoneInput, unixSeconds: number): number {
  return resolveTimeZone(zone).offsetAt(unixSeconds);
}

/** Probe step for transitions: zones change offset at most a few times a year, never twice a day. */
const PROBE_SECONDS = 86_400;
const transitionsByZoneYear = new Map<string, Float64Array>();

/** The instants (Unix s) at which a zone's offset changes within one UTC calendar year, cached. */
function transitionsOfYear(z: ResolvedTimeZone, year: number): Float64Array {
  const key = `${z.name}|${year}`;
  let found = transitionsByZoneYear.get(key);
  if (found !== undefined) return found;
  const out: number[] = [];
  const from = Date.UTC(year, 0, 1) / 1000;
  const to = Date.UTC(year + 1, 0, 1) / 1000;
  let previous = from - 1;
  let previousOffset = z.offsetAt(previous);
  for (let t = from; ; t += PROBE_SECONDS) {
    const probe = Math.min(t, to);
    const offset = z.offsetAt(probe);
    if (offset !== previousOffset) {
      // Bisect (previous has the old offset, probe the new one) down to the second.
      let lo = previous,
        hi = probe;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (z.offsetAt(mid) === previousOffset) lo = mid;
        else hi = mid;
      }
      if (hi >= from && hi < to) out.push(hi);
      previousOffset = offset;
    }
    previous = probe;
    if (probe >= to) break;
  }
  found = Float64Array.from(out);
  if (transitionsByZoneYear.size > 5000) transitionsByZoneYear.clear();
  transitionsByZoneYear.set(key, found);
  return found;
}

/**
 * The stretches of constant offset of a zone over `[from, to)`: `starts[k]` (Unix s; the first is
 * `from`) and the offset in minutes east of UTC in force from it until the next start.
 * @example
 * // starts: 2024-01-01, 2024-03-10T07:00Z, 2024-11-03T06:00Z
 * const s = zoneOffsetSegments('America/New_York', Date.UTC(2024, 0, 1) / 1000, Date.UTC(2025, 0, 1) / 1000);
 * Array.from(s.offsets); // => [-300, -240, -300]
 * s.starts[1] === Date.UTC(2024, 2, 10, 7) / 1000; // => true
 */
export function zoneOffsetSegments(
  zone: TimeZoneInput,
  from: number,
  to: number,
): { starts: Float64Array; offsets: Float64Array } {
  const z = resolveTimeZone(zone);
  if (z.fixedOffsetMinutes !== undefined || !(to > from)) {
    return { starts: Float64Array.of(from), offsets: Float64Array.of(z.offsetAt(from)) };
  }
  const starts = [from];
  const offsets = [z.offsetAt(from)];
  const y0 = new Date(from * 1000).getUTCFullYear();
  const y1 = new Date(to * 1000).getUTCFullYear();
  for (let y = y0; y <= y1; y++) {
    for (const t of transitionsOfYear(z, y)) {
      if (t > from && t < to) {
        starts.push(t);
        offsets.push(z.offsetAt(t));
      }
    }
  }
  return { starts: Float64Array.from(starts), offsets: Float64Array.from(offsets) };
}

/** Options of the functions that read or write local times: the zone. */
export interface ZoneOptions {
  /** Minutes east of UTC, or a zone name such as 'Europe/Berlin' (IANA); default 0 (UTC). */
  zone?: TimeZoneInput;
}

/** Calendar fields of a local date-time (month 1..12). */
export interface LocalDateTime {
  /** Year, e.g. 2024. */
  year: number;
  /** Month, 1..12. */
  month: number;
  /** Day of the month, 1..31. */
  day: number;
  /** Hour, 0..23 (default 0). */
  hour?: number;
  /** Minute, 0..59 (default 0). */
  minute?: number;
  /** Second, 0..59 (default 0). */
  second?: number;
  /** Millisecond, 0..999 (default 0). */
  millisecond?: number;
}

/**
 * The instant of a local date-time (wall clock) in a zone, with the DST rule of `disambiguation`
 * for times the clock skips (a gap) or shows twice (an overlap).
 * @param local calendar fields (hour 24 is midnight at the end of the day)
 * @param zone minutes east of UTC or a zone name
 * @param options `disambiguation`: 'compatible' (default), 'earlier', 'later' or 'reject' (see
 *   {@link Disambiguation})
 * @returns Unix seconds
 * @throws TimeParseError for a skipped or repeated time with 'reject', or an unknown zone
 * @example
 * // 05:30Z, the first 01:30 (EDT); with 'later' 06:30Z (EST):
 * localTimeToUnix({ year: 2024, month: 11, day: 3, hour: 1, minute: 30 }, 'America/New_York'); // => 1730611800
 * localTimeToUnix({ year: 2024, month: 11, day: 3, hour: 1, minute: 30 }, 'America/New_York', { disambiguation: 'later' }); // => 1730615400
 */
export function localTimeToUnix(
  local: LocalDateTime,
  zone: TimeZoneInput,
  options: { disambiguation?: Disambiguation } = {},
): number {
  const { disambiguation = 'compatible' } = options;
  const z = resolveTimeZone(zone);
  const wall =
    Date.UTC(
      local.year,
      local.month - 1,
      local.day,
      local.hour ?? 0,
      local.minute ?? 0,
      local.second ?? 0,
      local.millisecond ?? 0,
    ) / 1000;
  if (z.fixedOffsetMinutes !== undefined) return wall - z.fixedOffsetMinutes * 60;
  const before = z.offsetAt(wall - 86_400);
  const after = z.offsetAt(wall + 86_400);
  const candidates: number[] = [];
  for (const o of before === after ? [before] : [before, after]) {
    const t = wall - o * 60;
    if (z.offsetAt(t) === o) candidates.push(t);
  }
  if (candidates.length === 1) return candidates[0]!;
  const text = `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')} ${String(local.hour ?? 0).padStart(2, '0')}:${String(local.minute ?? 0).padStart(2, '0')}`;
  if (candidates.length === 2) {
    // An overlap (the clock went back): two instants show this time.
    const [first, second] =
      candidates[0]! < candidates[1]! ? [candidates[0]!, candidates[1]!] : [candidates[1]!, candidates[0]!];
    if (disambiguation === 'reject')
      throw new TimeParseError(
        `${text} occurs twice in ${z.name} (the clock goes back); give the offset, or choose 'earlier' or 'later'`,
      );
    return disambiguation === 'later' ? second : first;
  }
  // A gap (the clock went forward): no instant shows this time.
  if (disambiguation === 'reject')
    throw new TimeParseError(
      `${text} does not exist in ${z.name} (the clock skips it); give the offset, or choose 'earlier' or 'later'`,
    );
  const withBefore = wall - before * 60; // read with the offset before the change: later
  const withAfter = wall - after * 60;
  return disambiguation === 'earlier' ? Math.min(withBefore, withAfter) : Math.max(withBefore, withAfter);
}

/**
 * The standard-time offset of a zone in a year, minutes east of UTC: the smaller of its offsets
 * on 1 January and 1 July (daylight saving time adds to the standard offset). Weather files are
 * written in local standard time all year (NSRDB, TMY, EPW); a zone name given for one means this.
 * @example
 * standardOffsetMinutes('America/Denver', 2023); // => -420
 */
export function standardOffsetMinutes(zone: TimeZoneInput, year: number): number {
  const z = resolveTimeZone(zone);
  if (z.fixedOffsetMinutes !== undefined) return z.fixedOffsetMinutes;
  return Math.min(z.offsetAt(Date.UTC(year, 0, 1) / 1000), z.offsetAt(Date.UTC(year, 6, 1) / 1000));
}
