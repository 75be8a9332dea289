/**
 * Extraterrestrial irradiance normal to the sun, from the day of year (Spencer 1971).
 */
import { nrelEarthSunDistance } from '../solar/earth-sun-distance.js';
import { outputColumn } from '../util/columns.js';
import {
  checkAtLeast,
  checkObject,
  checkOneOf,
  checkSecondsValue,
  checkTimes,
  rangeFailure,
  typeFailure,
} from '../util/validate.js';

const SECONDS_PER_DAY = 86_400;

/** A day of the year, 1..366 (fractions allowed), or NaN. */
function checkDayOfYear(fn: string, dayOfYear: unknown): void {
  if (typeof dayOfYear !== 'number') typeFailure(fn, 'dayOfYear', 'a number from 1 to 366', dayOfYear);
  if (dayOfYear < 1 || dayOfYear >= 367) rangeFailure(fn, 'dayOfYear', 'a number from 1 to 366', dayOfYear);
}

/**
 * Day of the year (1..366) in UTC of a Unix time [s]; NaN for NaN.
 * Civil-from-days arithmetic (H. Hinnant, chrono-compatible low-level date algorithms), so no
 * Date object is made per row.
 * @example
 * dayOfYearUtc(Date.UTC(2024, 11, 31, 23) / 1000); // => 366
 */
export function dayOfYearUtc(unixSeconds: number): number {
  checkSecondsValue('dayOfYearUtc', 'unixSeconds', unixSeconds);
  const days = Math.floor(unixSeconds / SECONDS_PER_DAY);
  return dayOfYearFromEpochDays(days);
}

/**
 * Day of the year (1..366) of a day counted from 1970-01-01 (day 0).
 * @example
 * // 1 March 1970:
 * dayOfYearFromEpochDays(59); // => 60
 */
export function dayOfYearFromEpochDays(days: number): number {
  // Shift the era to start on 0000-03-01 so the leap day is the last day of a computed year.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doyFromMarch = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  if (doyFromMarch >= 306) return doyFromMarch - 305; // January or February of the next civil year
  const year = yoe + era * 400; // civil year of this March..December
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 1 : 0;
  return doyFromMarch + 60 + leap;
}

/**
 * Spencer's (1971) Fourier series of the inverse squared Earth-Sun distance (R0/R)^2 for an
 * integer day of year, with the day angle 2 pi (doy - 1) / 365 as in pvlib.
 * @example
 * spencerDistanceFactor(3); // about 1.0350 (perihelion, early January)
 */
export function spencerDistanceFactor(dayOfYear: number): number {
  checkDayOfYear('spencerDistanceFactor', dayOfYear);
  const b = ((2 * Math.PI) / 365) * (dayOfYear - 1);
  const c1 = Math.cos(b);
  const s1 = Math.sin(b);
  // cos 2b and sin 2b from the double-angle identities: two fewer transcendental calls.
  const c2 = c1 * c1 - s1 * s1;
  const s2 = 2 * s1 * c1;
  return 1.00011 + 0.034221 * c1 + 0.00128 * s1 + 0.000719 * c2 + 7.7e-5 * s2;
}

/**
 * The one-term inverse squared Earth-Sun distance 1 + 0.033 cos(2 pi doy / 365) of the ASCE
 * standardized reference evapotranspiration equation (Allen et al. 2005, doi:10.1061/9780784408056),
 * as pvlib's method 'asce'.
 * @example
 * asceDistanceFactor(182); // about 0.967
 */
export function asceDistanceFactor(dayOfYear: number): number {
  checkDayOfYear('asceDistanceFactor', dayOfYear);
  return 1 + 0.033 * Math.cos(((2 * Math.PI) / 365) * dayOfYear);
}

/**
 * Extraterrestrial irradiance normal to the sun [W/m2] for one integer day of year.
 * @param solarConstant [W/m2], default 1366.1
 * @example
 * extraterrestrialRadiationForDay(172); // about 1322 W/m2
 */
export function extraterrestrialRadiationForDay(dayOfYear: number, solarConstant = 1366.1): number {
  checkAtLeast('extraterrestrialRadiationForDay', 'solarConstant', solarConstant, 0, 'W/m2', true);
  return solarConstant * spencerDistanceFactor(dayOfYear);
}

/** Options of {@link extraterrestrialRadiation}. */
export interface ExtraterrestrialRadiationOptions {
  /** The solar constant, W/m2 (default 1366.1, Gueymard 2004). */
  solarConstant?: number;
  /**
   * How the Earth-Sun distance is found: 'spencer' (default; Spencer's series of the UTC day of
   * year), 'asce' (the one-term series of `asceDistanceFactor`, by day) or 'nrel' (the SPA's radius
   * vector at each instant, {@link nrelEarthSunDistance}).
   */
  method?: 'spencer' | 'asce' | 'nrel';
  /**
   * Delta T, s, one value or one per time, for method 'nrel' only (default: the Espenak & Meeus
   * estimate; pvlib's default is 67 s, which changes the result by less than 1e-7 relative).
   */
  deltaT?: number | Float64Array;
}

/**
 * Extraterrestrial irradiance normal to the sun [W/m2] at each time: the solar constant scaled by
 * the inverse squared Earth-Sun distance, (R0/R)^2. Methods 'spencer' and 'asce' take the factor
 * of the UTC day of year (an integer day, as pvlib does for timestamps); 'nrel' takes 1/R^2 of the
 * SPA's radius vector R (AU) at each instant.
 * Spencer, J.W. (1971), Fourier series representation of the position of the sun, Search 2(5), 172;
 * Reda, I., Andreas, A. (2004) Solar position algorithm for solar radiation applications, Solar
 * Energy 76(5), 577-589, doi:10.1016/j.solener.2003.12.003 (method 'nrel');
 * follows pvlib.irradiance.get_extra_radiation (methods 'spencer', 'asce', 'nrel').
 * @param unixSeconds times [s, Unix, UTC]
 * @param options the solar constant (W/m2), the method, delta T (s, 'nrel' only)
 * @param out optional output buffer
 * @example
 * extraterrestrialRadiation(Float64Array.of(Date.UTC(2024, 0, 3) / 1000))[0]; // about 1414 W/m2
 * extraterrestrialRadiation(Float64Array.of(Date.UTC(2024, 0, 3) / 1000), { method: 'nrel' })[0]; // about 1412.8 W/m2
 */
export function extraterrestrialRadiation(
  unixSeconds: Float64Array,
  options: ExtraterrestrialRadiationOptions = {},
  out?: Float64Array,
): Float64Array {
  const fn = 'extraterrestrialRadiation';
  checkTimes(fn, 'unixSeconds', unixSeconds);
  checkObject(fn, 'options', options);
  if (options.solarConstant !== undefined)
    checkAtLeast(fn, 'options.solarConstant', options.solarConstant, 0, 'W/m2', true);
  if (options.method !== undefined) checkOneOf(fn, 'options.method', options.method, ['spencer', 'asce', 'nrel']);
  const solarConstant = options.solarConstant ?? 1366.1;
  if (options.method === 'nrel') {
    const res = nrelEarthSunDistance(unixSeconds, options.deltaT === undefined ? {} : { deltaT: options.deltaT }, out);
    for (let i = 0; i < res.length; i++) res[i] = solarConstant / (res[i]! * res[i]!);
    return res;
  }
  const factor = options.method === 'asce' ? asceDistanceFactor : spencerDistanceFactor;
  const n = unixSeconds.length;
  const res = outputColumn(out, n);
  // Consecutive times mostly share a day: the series is evaluated once per day.
  let dayStart = Number.POSITIVE_INFINITY;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let value = Number.NaN;
  for (let i = 0; i < n; i++) {
    const t = unixSeconds[i]!;
    if (!(t >= dayStart && t < dayEnd)) {
      const days = Math.floor(t / SECONDS_PER_DAY);
      dayStart = days * SECONDS_PER_DAY;
      dayEnd = dayStart + SECONDS_PER_DAY;
      value = solarConstant * factor(dayOfYearFromEpochDays(days));
    }
    res[i] = value;
  }
  return res;
}
