/**
 * Wind speed at another height by Hellmann's power law.
 */
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import { checkFinite, checkObject, checkOneOf, checkSeries, rangeFailure } from '../util/validate.js';

/**
 * Hellmann exponents by surface and stability of the air [unitless] (Kaltschmitt et al. 2007, as
 * pvlib.atmosphere.HELLMANN_SURFACE_EXPONENTS).
 */
export const HELLMANN_SURFACE_EXPONENTS = {
  unstable_air_above_open_water_surface: 0.06,
  neutral_air_above_open_water_surface: 0.1,
  stable_air_above_open_water_surface: 0.27,
  unstable_air_above_flat_open_coast: 0.11,
  neutral_air_above_flat_open_coast: 0.16,
  stable_air_above_flat_open_coast: 0.4,
  unstable_air_above_human_inhabited_areas: 0.27,
  neutral_air_above_human_inhabited_areas: 0.34,
  stable_air_above_human_inhabited_areas: 0.6,
} as const;

/** A surface and stability of {@link HELLMANN_SURFACE_EXPONENTS}. */
export type HellmannSurfaceType = keyof typeof HELLMANN_SURFACE_EXPONENTS;

/** Inputs of {@link windspeedPowerlaw}. */
export interface WindspeedPowerlawInput {
  /** Measured wind speed [m/s]. */
  windSpeedReference: Column;
  /** Height of the measurement above ground [m]. */
  heightReference: Column;
  /** Height wanted above ground [m]. */
  heightDesired: Column;
}

/** Options of {@link windspeedPowerlaw}: exactly one of the two. */
export interface WindspeedPowerlawOptions {
  /** Hellmann exponent [unitless] (0.219 measured by Sandia at Albuquerque). */
  exponent?: number;
  /** The surface and stability whose exponent to take (pvlib's names). */
  surfaceType?: HellmannSurfaceType;
}

/**
 * Wind speed [m/s] at another height by Hellmann's power law, ws (h / href)^a; NaN where the result
 * would be negative or complex (a negative speed or height), as pvlib.atmosphere.windspeed_powerlaw.
 * Hellmann, G. (1915), Meteorologische Zeitschrift 32; Kaltschmitt, M., Streicher, W., Wiese, A.
 * (2007), Renewable Energy, Springer, doi:10.1007/3-540-70949-5; Menicucci, D.F., Hall, I.J. (1985),
 * SAND84-2530.
 * @param input `windSpeedReference` [m/s], `heightReference` and `heightDesired` [m]
 * @param options `exponent` or `surfaceType`, one of them
 * @param out optional output buffer
 * @example
 * windspeedPowerlaw({ windSpeedReference: 5, heightReference: 10, heightDesired: 2 }, { exponent: 0.2 })[0]; // about 3.62
 */
export function windspeedPowerlaw(
  input: WindspeedPowerlawInput,
  options: WindspeedPowerlawOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'windspeedPowerlaw';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  let a: number;
  if (options.surfaceType !== undefined && options.exponent === undefined) {
    const types = Object.keys(HELLMANN_SURFACE_EXPONENTS) as HellmannSurfaceType[];
    a = HELLMANN_SURFACE_EXPONENTS[checkOneOf(fn, 'options.surfaceType', options.surfaceType, types)];
  } else if (options.surfaceType === undefined && options.exponent !== undefined) {
    a = checkFinite(fn, 'options.exponent', options.exponent, 'unitless');
  } else {
    rangeFailure(fn, 'options', 'one of exponent and surfaceType', options);
  }
  const n = checkSeries(fn, [
    ['windSpeedReference', input.windSpeedReference, 'm/s'],
    ['heightReference', input.heightReference, 'm'],
    ['heightDesired', input.heightDesired, 'm'],
  ]);
  const res = outputColumn(out, n);
  const wA = arrayOf(input.windSpeedReference);
  const rA = arrayOf(input.heightReference);
  const dA = arrayOf(input.heightDesired);
  const w0 = scalarOf(input.windSpeedReference);
  const r0 = scalarOf(input.heightReference);
  const d0 = scalarOf(input.heightDesired);
  for (let i = 0; i < n; i++) {
    const ratio = (dA !== null ? dA[i]! : d0) / (rA !== null ? rA[i]! : r0);
    const ws = (wA !== null ? wA[i]! : w0) * Math.pow(ratio, a);
    res[i] = ws < 0 ? Number.NaN : ws;
  }
  return res;
}
