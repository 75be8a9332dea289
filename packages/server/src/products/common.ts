/**
 * Parameters and rules shared by the time-series products (spec 4.1, contract.md section 2):
 * place, orientation, period, time zone, and the historic, live, forecast and TMY windows.
 * Everything here is pure: "now" is passed in.
 */
import {
  addDuration,
  durationSeconds,
  parseDateTime,
  parseDuration,
  parseTimeZone,
  parseRepeatingInterval,
  periodGrid,
  TimeParseError,
  defaultAzimuth as coreDefaultAzimuth,
  defaultTilt as coreDefaultTilt,
} from 'solarkit';
import { forecastGrid, liveGrid, parsePeriod, parseWashDates } from 'solarkit/internal';
import type { FieldError, ParamDef, ParamValues } from './params.js';

export const DAY = 86400;
/** Earliest historic data: 2007-01-01T00:00Z. */
export const HISTORIC_EARLIEST = Date.UTC(2007, 0, 1) / 1000;
/** Historic data ends this long before now. */
export const HISTORIC_LAG_SECONDS = 7 * DAY;
/** Longest historic window. */
export const HISTORIC_MAX_SECONDS = 31 * DAY;
/** TMY responses are dated in this single year (contract section 2). */
export const TMY_YEAR = 2059;

export const PERIODS = ['PT5M', 'PT10M', 'PT15M', 'PT20M', 'PT30M', 'PT60M'] as const;

export function fieldError(
  code: string,
  field: string,
  message: string,
  meta: Record<string, unknown> = {},
): FieldError {
  return { error_code: code, field_name: field, message, meta };
}

// ---- Parameter definitions shared by several endpoints ----

export const LATITUDE: ParamDef = {
  name: 'latitude',
  type: 'number',
  required: true,
  minimum: -90,
  maximum: 90,
  description: 'Latitude, decimal degrees north (EPSG:4326), -90 to 90.',
  example: '-33.856784',
};
export const LONGITUDE: ParamDef = {
  name: 'longitude',
  type: 'number',
  required: true,
  minimum: -180,
  maximum: 180,
  description: 'Longitude, decimal degrees east (EPSG:4326), -180 to 180.',
  example: '151.215297',
};
export function periodDef(defaultPeriod: 'PT30M' | 'PT60M' = 'PT30M'): ParamDef {
  return {
    name: 'period',
    type: 'enum',
    enum: [...PERIODS, 'PT1H'],
    default: defaultPeriod,
    description: `Length of the averaging period, ISO 8601: ${PERIODS.join(', ')} (PT1H is read as PT60M). Default ${defaultPeriod}.`,
  };
}
export const TILT: ParamDef = {
  name: 'tilt',
  type: 'number',
  minimum: 0,
  maximum: 90,
  description:
    'Tilt of the modules from horizontal, degrees (0 faces up, 90 is vertical). Default: |latitude|, at most 90.',
};
export const AZIMUTH: ParamDef = {
  name: 'azimuth',
  type: 'number',
  minimum: -180,
  maximum: 180,
  description:
    'Direction the modules face, degrees from true north, east negative, west positive (-90 faces east, ' +
    '180 faces south). Default 0 in the southern hemisphere, 180 in the northern.',
};
export const ARRAY_TYPE: ParamDef = {
  name: 'array_type',
  type: 'enum',
  enum: ['fixed', 'horizontal_single_axis'],
  default: 'fixed',
  enumErrorCode: 'Predicate',
  enumMessage: "The specified condition was not met for 'array_type'.",
  description:
    'Mounting of the modules for gti and clearsky_gti: fixed, or horizontal_single_axis (north-south axis, backtracking).',
};
export const TERRAIN_SHADING: ParamDef = {
  name: 'terrain_shading',
  type: 'boolean',
  default: false,
  description:
    'When true, beam irradiance is zero when terrain blocks the sun and diffuse is scaled by the sky-view factor.',
};
export const TIME_ZONE: ParamDef = {
  name: 'time_zone',
  type: 'string',
  default: 'utc',
  description:
    'Time zone of the response timestamps and of start/end without an offset: utc, longitudinal ' +
    '(longitude/15 h rounded to 0.25 h), or hours from -13 to 13 in steps of 0.25.',
};
export const START: ParamDef = {
  name: 'start',
  type: 'datetime',
  required: true,
  description:
    'Start of the window (exclusive), ISO 8601; without an offset it is read in time_zone. Not before 2007-01-01T00:00Z.',
  // Midday in Sydney (the example place), so that the documented answers show the sun.
  example: '2022-10-25T01:00:00Z',
};
export const END: ParamDef = {
  name: 'end',
  type: 'datetime',
  description: 'End of the window (inclusive), ISO 8601; not later than now minus 7 days, at most 31 days after start.',
};
export const DURATION: ParamDef = {
  name: 'duration',
  type: 'duration',
  description: 'Length of the window, ISO 8601 duration (e.g. P3D, PT12H, P1M); at most 31 days.',
  example: 'P3D',
};
export function hoursDef(max: number, dflt: number): ParamDef {
  return {
    name: 'hours',
    type: 'integer',
    minimum: 1,
    maximum: max,
    default: dflt,
    description: `Number of hours to return, 1 to ${max}; default ${dflt}.`,
  };
}
export const MANUAL_WASH_DATES: ParamDef = {
  name: 'manual_wash_dates',
  type: 'string[]',
  aliases: ['manual_washdates'],
  description:
    'Dates the modules were washed: a list of ISO 8601 dates, or one repeating interval R<n>/<start>/<duration>. ' +
    'Dates outside the window are ignored.',
};

// ---- Rules across fields ----

/** The place and orientation of a request, resolved with defaults. */
export interface Place {
  latitude: number;
  longitude: number;
}

/** The spec's default tilt: |latitude|, capped at 90 (the core's `defaultTilt`). */
export function defaultTilt(latitude: number): number {
  return coreDefaultTilt(latitude, 90);
}

/**
 * The spec's default azimuth: facing the equator (0 south of it, 180 north of it). The two numbers
 * are the same in the API's convention and the core's.
 */
export function defaultAzimuth(latitude: number): number {
  return coreDefaultAzimuth(latitude);
}

/**
 * An azimuth of the API (degrees from true north, anticlockwise positive seen from above: north 0,
 * east -90, west 90, south +-180; spec 2.1 and 4.1 say the same thing in two ways, "-90 is due
 * east", "135 south-west-facing") in the core's convention (pvlib's: degrees east of north,
 * clockwise, in [0, 360)): the negation, wrapped. East -90 -> 90, south-west 135 -> 225, south
 * 180 -> 180. The one place where the API's azimuths enter the core.
 */
export function apiAzimuthToPvlib(apiAzimuth: number): number {
  const a = -apiAzimuth % 360;
  const wrapped = a < 0 ? a + 360 : a;
  return wrapped === 0 ? 0 : wrapped; // no -0
}

/**
 * The inverse of {@link apiAzimuthToPvlib}: an azimuth east of north (the core's solar azimuth
 * column) in the API's convention, [-180, 180): north 0, east -90, west 90, south -180.
 */
export function pvlibAzimuthToApi(pvlibAzimuth: number): number {
  let a = -pvlibAzimuth % 360;
  if (a < -180) a += 360;
  else if (a >= 180) a -= 360;
  return a === 0 ? 0 : a;
}

/**
 * The core's direction of a tracker axis (pvlib's `axis_azimuth`) from the API's
 * `tracker_axis_azimuth` (the axis' angle off north-south, API convention; 0 is a north-south
 * axis, which the core names 180).
 */
export function apiTrackerAxisToPvlib(apiAxisAzimuth: number): number {
  const axis = apiAzimuthToPvlib(apiAxisAzimuth) + 180;
  return axis >= 360 ? axis - 360 : axis;
}

/** Period in seconds from the validated enum value. */
export function periodSecondsOf(values: ParamValues): number {
  return parsePeriod(String(values.period ?? 'PT30M'));
}

/** Offset in minutes of the request's time_zone (after latitude/longitude are valid). */
export function timeZoneOffset(values: ParamValues, errors: FieldError[]): number {
  const tz = values.time_zone;
  if (tz === undefined) return 0;
  try {
    return parseTimeZone(String(tz), Number(values.longitude ?? 0));
  } catch (e) {
    errors.push(
      fieldError(
        'InvalidTimeZone',
        'time_zone',
        `'time_zone' must be utc, longitudinal, or a number of hours from -13 to 13 in steps of 0.25. You entered '${String(tz).slice(0, 32)}'.`,
        { detail: e instanceof Error ? e.message : String(e) },
      ),
    );
    return 0;
  }
}

/** How a historic endpoint takes its end: one of end/duration at least (irradiance) or exactly one (soiling). */
export type EndRule = 'end-or-duration' | 'exactly-one';

/** A resolved window: the period ends of the response, oldest first (live: newest first). */
export interface Window {
  periodEnd: Float64Array;
  periodSeconds: number;
  offsetMinutes: number;
}

/**
 * Resolves a historic window (contract section 2): start required; end and/or duration per
 * `rule`, agreeing when both are given; at most 31 days; start not before 2007-01-01; end not
 * after now - 7 days. Pushes field errors and returns undefined when any rule fails.
 */
export function historicWindow(
  values: ParamValues,
  now: number,
  rule: EndRule,
  offsetMinutes: number,
  errors: FieldError[],
): Window | undefined {
  const before = errors.length;
  let start = NaN;
  try {
    start = parseDateTime(String(values.start), { zone: offsetMinutes });
  } catch (e) {
    errors.push(
      fieldError('InvalidDateTime', 'start', `'start' is not a valid ISO 8601 date-time: ${(e as Error).message}`),
    );
  }
  const hasEnd = values.end !== undefined;
  const hasDuration = values.duration !== undefined;
  if (rule === 'exactly-one' && hasEnd && hasDuration) {
    errors.push(fieldError('Conflict', 'duration', "Only one of 'end' or 'duration' may be given."));
  }
  if (!hasEnd && !hasDuration) {
    errors.push(
      fieldError(
        'NotEmpty',
        'end',
        rule === 'exactly-one' ? "One of 'end' or 'duration' must be given." : "'end' or 'duration' must be given.",
      ),
    );
  }
  let endFromEnd = NaN;
  let endFromDuration = NaN;
  if (hasEnd) {
    try {
      endFromEnd = parseDateTime(String(values.end), { zone: offsetMinutes });
    } catch (e) {
      errors.push(
        fieldError('InvalidDateTime', 'end', `'end' is not a valid ISO 8601 date-time: ${(e as Error).message}`),
      );
    }
  }
  if (hasDuration) {
    try {
      const d = parseDuration(String(values.duration));
      if (Number.isFinite(start)) {
        endFromDuration = addDuration(start, d, { zone: offsetMinutes });
      } else {
        durationSeconds(d.years || d.months ? { ...d, years: 0, months: 0 } : d);
      }
    } catch (e) {
      errors.push(
        fieldError(
          'InvalidDuration',
          'duration',
          `'duration' is not a valid ISO 8601 duration: ${(e as Error).message}`,
        ),
      );
    }
  }
  if (errors.length > before || !Number.isFinite(start)) return undefined;
  if (hasEnd && hasDuration && Math.abs(endFromEnd - endFromDuration) > 0.5) {
    errors.push(fieldError('Conflict', 'duration', "'end' and 'duration' describe different ends of the window."));
    return undefined;
  }
  const end = hasEnd ? endFromEnd : endFromDuration;
  if (!(end > start)) {
    errors.push(fieldError('GreaterThan', hasEnd ? 'end' : 'duration', "The window must end after 'start'."));
    return undefined;
  }
  if (end - start > HISTORIC_MAX_SECONDS) {
    errors.push(
      fieldError('LessThanOrEqual', hasEnd ? 'end' : 'duration', 'The window must be at most 31 days from start.', {
        MaxDays: 31,
      }),
    );
  }
  if (start < HISTORIC_EARLIEST) {
    errors.push(
      fieldError('GreaterThanOrEqual', 'start', "'start' must not be before 2007-01-01T00:00:00Z.", {
        Earliest: '2007-01-01T00:00:00Z',
      }),
    );
  }
  if (end > now - HISTORIC_LAG_SECONDS) {
    errors.push(
      fieldError(
        'LessThanOrEqual',
        hasEnd ? 'end' : 'duration',
        'The window must end at least 7 days before now: historic data ends 7 days ago; use the live endpoint for later data.',
        { Latest: new Date((now - HISTORIC_LAG_SECONDS) * 1000).toISOString() },
      ),
    );
  }
  if (errors.length > before) return undefined;
  const periodSeconds = periodSecondsOf(values);
  const periodEnd = periodGrid({ start, end, periodSeconds }, { zone: offsetMinutes });
  return { periodEnd, periodSeconds, offsetMinutes };
}

/** Live window: periods ending in (now - hours, now], newest first. */
export function liveWindow(values: ParamValues, now: number, offsetMinutes: number): Window {
  const periodSeconds = periodSecondsOf(values);
  const periodEnd = liveGrid({ now, hours: Number(values.hours), periodSeconds }, { zone: offsetMinutes });
  return { periodEnd, periodSeconds, offsetMinutes };
}

/** Forecast window: periods ending in (now, now + hours], oldest first. */
export function forecastWindow(values: ParamValues, now: number, offsetMinutes: number): Window {
  const periodSeconds = periodSecondsOf(values);
  const periodEnd = forecastGrid({ now, hours: Number(values.hours), periodSeconds }, { zone: offsetMinutes });
  return { periodEnd, periodSeconds, offsetMinutes };
}

/** TMY window: the whole of 2059 in the response's time zone, at the requested period. */
export function tmyWindow(values: ParamValues, offsetMinutes: number): Window {
  const periodSeconds = periodSecondsOf(values);
  const start = Date.UTC(TMY_YEAR, 0, 1) / 1000 - offsetMinutes * 60;
  const end = Date.UTC(TMY_YEAR + 1, 0, 1) / 1000 - offsetMinutes * 60;
  const periodEnd = periodGrid({ start, end, periodSeconds }, { zone: offsetMinutes });
  return { periodEnd, periodSeconds, offsetMinutes };
}

/** Parses manual wash dates, keeping those inside (start, end]; pushes a field error on bad input. */
export function washDates(
  values: ParamValues,
  offsetMinutes: number,
  start: number,
  end: number,
  errors: FieldError[],
): Float64Array {
  const list = values.manual_wash_dates as string[] | undefined;
  if (!list || list.length === 0) return new Float64Array(0);
  try {
    const all = parseWashDatesSafe(list, offsetMinutes);
    return all.filter((t) => t > start && t <= end);
  } catch (e) {
    errors.push(
      fieldError(
        'InvalidDateTime',
        'manual_wash_dates',
        `'manual_wash_dates' must be ISO 8601 dates or one repeating interval R<n>/<start>/<duration>: ${(e as Error).message}`,
      ),
    );
    return new Float64Array(0);
  }
}

/** Most wash dates a request may name (a repeating interval is checked before it is expanded). */
export const MAX_WASH_DATES = 10_000;

function parseWashDatesSafe(list: string[], offsetMinutes: number): Float64Array {
  let total = 0;
  for (const v of list) {
    total += /^\s*R/i.test(v) ? parseRepeatingInterval(v, offsetMinutes).count : 1;
    if (total > MAX_WASH_DATES) throw new TimeParseError(`too many wash dates (at most ${MAX_WASH_DATES})`);
  }
  return parseWashDates(list, offsetMinutes);
}
