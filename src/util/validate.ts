/**
 * Checks of the public boundary: what a caller can get wrong cheaply (the kind of an argument, a
 * column's length, a required column, a latitude out of range, times in milliseconds, a negative
 * capacity, an unknown name, a non-finite scalar). Every exported function runs its checks once
 * per call, before its loop; kernels' loops stay free of them. A failed check throws a TypeError
 * (wrong kind of value) or a RangeError (a value outside its range) whose message names the
 * function, the argument and the expected unit, for example
 *
 *   solarPositionSpa: unixSeconds must be Unix seconds (got 1.7e+12, which looks like milliseconds)
 *   rooftopPvPower: capacity must be a finite number >= 0 kW (got -5)
 *
 * Values inside columns are not checked one by one: NaN in a column gives NaN out, as in pvlib.
 * What a whole column says at a glance is, in one cheap pass, where a mistake gives wrong numbers
 * without a word (issue 34): times that do not increase where the order matters (energy sums,
 * models with a state, resampling), air temperature in kelvin, irradiance in kW/m2, rain below 0.
 */
import type { Column } from './columns.js';

/**
 * Largest magnitude accepted as Unix seconds: 10000-01-01T00:00Z (253402300800 s), the end of
 * four-digit years. Times in milliseconds since January 1978 are larger, so they fail the check.
 */
export const MAX_UNIX_SECONDS = 253_402_300_800;

/** A short description of a value for an error message. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object') return `a ${typeof value}`;
  if (value instanceof Date) return `a Date (${Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString()})`;
  if (Array.isArray(value)) return `an Array of length ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  return 'an object';
}

function formatNumber(x: number): string {
  if (!Number.isFinite(x) || x === 0) return String(x);
  const a = Math.abs(x);
  return a >= 1e6 || a < 1e-4 ? x.toExponential(Math.min(6, precisionOf(x))) : String(x);
}

/** Significant digits worth showing of a number in exponent form (1.7e+12, not 1.700000e+12). */
function precisionOf(x: number): number {
  const digits = x.toExponential().replace(/e.*$/, '').replace(/[-.]/g, '');
  return Math.max(0, digits.length - 1);
}

/** Throws the TypeError of an argument of the wrong kind. */
export function typeFailure(fn: string, name: string, expected: string, value: unknown): never {
  throw new TypeError(`${fn}: ${name} must be ${expected} (got ${describeValue(value)})`);
}

/** Throws the RangeError of an argument outside its range. */
export function rangeFailure(fn: string, name: string, expected: string, value: unknown, why = ''): never {
  throw new RangeError(`${fn}: ${name} must be ${expected} (got ${describeValue(value)}${why})`);
}

/** Whether a value is a Float64Array (also one made in another realm, e.g. a vm context). */
export function isFloat64Array(x: unknown): x is Float64Array {
  return x instanceof Float64Array || Object.prototype.toString.call(x) === '[object Float64Array]';
}

/** A finite number; `unit` completes the message ("degrees", "kW", "" for none). */
export function checkFinite(fn: string, name: string, value: unknown, unit: string): number {
  if (typeof value !== 'number') typeFailure(fn, name, `a number${unitText(unit)}`, value);
  if (!Number.isFinite(value)) rangeFailure(fn, name, `a finite number${unitText(unit)}`, value);
  return value;
}

/** A finite number in [min, max]. */
export function checkRange(fn: string, name: string, value: unknown, min: number, max: number, unit: string): number {
  if (typeof value !== 'number') typeFailure(fn, name, `a number${unitText(unit)}`, value);
  if (!(value >= min && value <= max)) rangeFailure(fn, name, `a number from ${min} to ${max}${unitText(unit)}`, value);
  return value;
}

/** A finite number >= min (or > min when `exclusive`). */
export function checkAtLeast(
  fn: string,
  name: string,
  value: unknown,
  min: number,
  unit: string,
  exclusive = false,
): number {
  if (typeof value !== 'number') typeFailure(fn, name, `a number${unitText(unit)}`, value);
  const ok = exclusive ? value > min : value >= min;
  if (!ok || !Number.isFinite(value))
    rangeFailure(fn, name, `a finite number ${exclusive ? '>' : '>='} ${min}${unitText(unit)}`, value);
  return value;
}

/** A finite number in (0, 1]: a ratio that cannot be 0 (a ground coverage ratio, an efficiency). */
export function checkPositiveFraction(fn: string, name: string, value: unknown, unit: string): number {
  if (typeof value !== 'number') typeFailure(fn, name, `a number${unitText(unit)}`, value);
  if (!(value > 0 && value <= 1)) rangeFailure(fn, name, `a number > 0 and <= 1${unitText(unit)}`, value);
  return value;
}

/** Latitude, degrees north, -90..90. */
export function checkLatitude(fn: string, value: unknown, name = 'latitude'): number {
  return checkRange(fn, name, value, -90, 90, 'degrees north');
}

/**
 * Longitude, degrees east, -180..180 (pvlib's and the API's convention). A longitude of 0..360
 * past 180 is refused rather than wrapped: 200 is as likely a typing mistake as -160.
 */
export function checkLongitude(fn: string, value: unknown, name = 'longitude'): number {
  return checkRange(fn, name, value, -180, 180, 'degrees east');
}

/** Why a time is not Unix seconds, or '' when it may be. */
function notSeconds(t: number): string {
  const a = Math.abs(t);
  if (!(a > MAX_UNIX_SECONDS)) return '';
  if (a / 1000 <= MAX_UNIX_SECONDS) return ', which looks like milliseconds: divide by 1000';
  return ', which looks like microseconds or nanoseconds';
}

/**
 * One time of a function of one value (called row by row by kernels): Unix seconds, or NaN (NaN
 * in, NaN out). Only a number that is clearly another unit fails.
 */
export function checkSecondsValue(fn: string, name: string, value: unknown): number {
  if (typeof value !== 'number') typeFailure(fn, name, 'Unix seconds, a number', value);
  if (value !== value) return value;
  const why = notSeconds(value);
  if (why !== '') rangeFailure(fn, name, 'Unix seconds', value, why);
  return value;
}

/** One time, Unix seconds (UTC): a finite number of magnitude at most {@link MAX_UNIX_SECONDS}. */
export function checkUnixSeconds(fn: string, name: string, value: unknown): number {
  if (value instanceof Date) typeFailure(fn, name, 'Unix seconds, a number (use date.getTime() / 1000)', value);
  const t = checkFinite(fn, name, value, 's');
  const why = notSeconds(t);
  if (why !== '') rangeFailure(fn, name, 'Unix seconds', t, why);
  return t;
}

/**
 * A column of times, Unix seconds (UTC): a Float64Array whose values are not clearly another unit.
 * Looks at the first, middle and last times only (a column in milliseconds is in milliseconds
 * throughout), so it costs nothing whatever the length. NaN times are allowed (NaN out).
 */
export function checkTimes(fn: string, name: string, value: unknown): Float64Array {
  if (!isFloat64Array(value)) {
    const hint =
      value instanceof Date
        ? '; for one instant use Float64Array.of(date.getTime() / 1000), or sunPosition(date, latitude, longitude)'
        : Array.isArray(value)
          ? '; use Float64Array.from(times)'
          : '';
    typeFailure(fn, name, `a Float64Array of Unix seconds${hint}`, value);
  }
  const n = value.length;
  if (n > 0) {
    for (const i of [0, n >> 1, n - 1]) {
      const why = notSeconds(value[i]!);
      if (why !== '') rangeFailure(fn, name, 'Unix seconds', value[i], why);
    }
  }
  return value;
}

/** A column: a Float64Array, or a finite number that stands for every row. */
export function checkColumn(fn: string, name: string, value: unknown, unit: string): Column {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) rangeFailure(fn, name, `a Float64Array or a finite number${unitText(unit)}`, value);
    return value;
  }
  if (!isFloat64Array(value)) {
    const hint = Array.isArray(value) ? '; use Float64Array.from(values)' : '';
    typeFailure(fn, name, `a Float64Array or a number${unitText(unit)}${hint}`, value);
  }
  return value;
}

/**
 * One entry of {@link checkSeries}: the argument's name, its value, its unit, and whether it may
 * be absent (then `undefined` passes).
 */
export type SeriesEntry = readonly [name: string, value: unknown, unit: string, optional?: boolean];

/**
 * Checks the columns of one call (each a Float64Array or a finite number; the required ones
 * present) and returns the series length: the common length of the arrays, 1 when all are
 * numbers. A column of another length is a RangeError naming both columns.
 */
export function checkSeries(fn: string, entries: readonly SeriesEntry[]): number {
  let n = -1;
  let first = '';
  for (const [name, value, unit, optional] of entries) {
    if (value === undefined) {
      if (optional === true) continue;
      typeFailure(fn, name, `given: a Float64Array or a number${unitText(unit)}`, value);
    }
    const column = checkColumn(fn, name, value, unit);
    if (typeof column === 'number') continue;
    if (n === -1) {
      n = column.length;
      first = name;
    } else if (column.length !== n) {
      throw new RangeError(
        `${fn}: ${name} has length ${column.length} but ${first} has length ${n} (columns of one call have one length)`,
      );
    }
  }
  return n === -1 ? 1 : n;
}

/** Station pressures below this (Pa) are clearly in hPa (1013) or kPa (101.3). */
const LOWEST_PRESSURE_PA = 5000;

/**
 * A pressure column in Pa, not hPa: the scalar, or the first value of a column, at least 5000 Pa
 * (the top of Everest is about 33000 Pa). One value looked at; NaN passes.
 */
export function checkPressurePa(fn: string, name: string, value: unknown): void {
  const p0 = typeof value === 'number' ? value : isFloat64Array(value) && value.length > 0 ? value[0]! : Number.NaN;
  if (p0 < LOWEST_PRESSURE_PA)
    rangeFailure(fn, name, 'a pressure in Pa (about 101325 at sea level)', p0, ', which looks like hPa or kPa');
}

/** A string (text to parse). */
export function checkString(fn: string, name: string, value: unknown, expected: string): string {
  if (typeof value !== 'string') typeFailure(fn, name, expected, value);
  return value;
}

/** An offset of a time zone, minutes east of UTC (-24 h .. 24 h). */
export function checkOffsetMinutes(fn: string, value: unknown, name = 'offsetMinutes'): number {
  return checkRange(fn, name, value, -1440, 1440, 'minutes east of UTC');
}

/** An object argument (options, input): a non-null object, not an array. */
export function checkObject<T>(fn: string, name: string, value: T): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) typeFailure(fn, name, 'an object', value);
  return value;
}

/** A string that is one of `allowed`. */
export function checkOneOf<T extends string>(fn: string, name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    rangeFailure(fn, name, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, value);
  }
  return value as T;
}

function unitText(unit: string): string {
  return unit === '' ? '' : ` (${unit})`;
}

/**
 * Times that must increase strictly (period ends of a series whose result depends on the order
 * and spacing of its rows: energy sums, models that carry a state from row to row, resampling).
 * One pass; a NaN time is skipped (it is missing data) and the next time is compared with the
 * last time that was a number. A time not after the one before it is a RangeError naming the
 * function, the argument and both indices, for example
 *
 *   simulatePv: weather.unixSeconds must increase strictly; index 5 (1719792000) is not after index 4 (1719795600)
 */
export function checkIncreasing(fn: string, name: string, t: Float64Array): void {
  const n = t.length;
  let last = Number.NaN;
  let lastIndex = -1;
  for (let i = 0; i < n; i++) {
    const x = t[i]!;
    if (x !== x) continue;
    if (!(x > last) && lastIndex >= 0) {
      const what = x === last ? 'repeats' : 'is before';
      throw new RangeError(
        `${fn}: ${name} must increase strictly; index ${i} (${x}) ${what} index ${lastIndex} (${last})` +
          ' (sort the rows and drop repeated times first, for example with sortByTime)',
      );
    }
    last = x;
    lastIndex = i;
  }
}

/**
 * Times that must increase by one constant step (models whose step is a parameter, as Kimber's
 * daily build-up): strictly increasing, and every step equal to the first within 1 ms. Returns the
 * step, s (NaN for fewer than two rows). A RangeError names the first row whose step differs.
 */
export function checkConstantStep(fn: string, name: string, t: Float64Array): number {
  checkIncreasing(fn, name, t);
  const n = t.length;
  if (n < 2) return Number.NaN;
  const step = t[1]! - t[0]!;
  for (let i = 2; i < n; i++) {
    const d = t[i]! - t[i - 1]!;
    if (Math.abs(d - step) > 1e-3) {
      throw new RangeError(
        `${fn}: ${name} must have a constant step (that of the first two times, ${step} s); ` +
          `index ${i} (${t[i]}) is ${d} s after index ${i - 1}`,
      );
    }
  }
  return step;
}

/** Smallest and largest number of a column (NaN ignored; NaN, NaN when there is none). */
function extremes(value: Column): [number, number] {
  if (typeof value === 'number') return [value, value];
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < value.length; i++) {
    const x = value[i]!;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  return lo > hi ? [Number.NaN, Number.NaN] : [lo, hi];
}

/**
 * An air temperature in degrees C, not kelvin: a column (or number) whose every value is above
 * 150 (no air on Earth is 150 C; 150 K is colder than any air) is in kelvin. One pass.
 */
export function checkCelsius(fn: string, name: string, value: Column): void {
  const [lo, hi] = extremes(value);
  if (lo > 150)
    throw new RangeError(
      `${fn}: ${name} looks like kelvin (values ${round(lo)}..${round(hi)}); degrees C expected (subtract 273.15)`,
    );
}

/** Rows with the sun this high (zenith below, degrees) have at least some W/m2 of daylight. */
const DAY_ZENITH = 75;
/** How many such rows a series needs before its largest irradiance says something of its unit. */
const DAY_ROWS = 3;

/**
 * An irradiance column in W/m2, not kW/m2: a series with the sun well up (zenith < 75 degrees) on
 * at least 3 rows whose largest value is above 0 but below 2 is in kW/m2 (in W/m2 even a dark
 * overcast sky gives tens of W/m2 with the sun that high). One pass; NaN ignored.
 */
export function checkWattsPerSquareMetre(fn: string, name: string, value: Column, zenith: Float64Array): void {
  const [, hi] = extremes(value);
  if (!(hi > 0 && hi < 2)) return;
  let day = 0;
  for (let i = 0; i < zenith.length && day < DAY_ROWS; i++) if (zenith[i]! < DAY_ZENITH) day++;
  if (day >= DAY_ROWS)
    throw new RangeError(
      `${fn}: ${name} looks like kW/m2 (largest value ${round(hi)} with the sun up); W/m2 expected (multiply by 1000)`,
    );
}

/** A column of amounts that cannot be negative (rain): the first negative value is a RangeError. */
export function checkNonNegativeColumn(fn: string, name: string, value: Column, unit: string): void {
  if (typeof value === 'number') {
    if (value < 0) rangeFailure(fn, name, `>= 0${unitText(unit)}`, value);
    return;
  }
  for (let i = 0; i < value.length; i++) {
    if (value[i]! < 0) rangeFailure(fn, `${name}[${i}]`, `>= 0${unitText(unit)}`, value[i]);
  }
}

function round(x: number): string {
  return String(Math.round(x * 1000) / 1000);
}
