import { altitudeToPressure, pressureToAltitude } from '../atmosphere/airmass.js';
import type { SolarPositionInput, SolarPositionOptions, SolarPositionSettings } from './types.js';

/** pvlib's default delta T (`spa_python`, `get_solarposition`), seconds. */
export const PVLIB_DEFAULT_DELTA_T = 67;

/**
 * The options with `defaults: 'pvlib'` resolved to explicit values, as pvlib's
 * `solarposition.get_solarposition` fills them: delta T 67 s; with only an elevation, the pressure
 * of the standard atmosphere there (`altitudeToPressure`, pvlib's `alt2pres`); with only a
 * (single) pressure, the elevation from it (`pressureToAltitude`, pvlib's `pres2alt`); with
 * neither, 0 m and 101325 Pa. Options without `defaults: 'pvlib'` are returned as they are (the
 * solarkit defaults apply in the kernels).
 * @param options the caller's options (elevation m, pressure Pa, deltaT s)
 * @example
 * const o = withSolarPositionDefaults({ defaults: 'pvlib', elevation: 1800 });
 * o.deltaT; // => 67
 * o.pressure; // about 81489.52 Pa
 */
export function withSolarPositionDefaults(options: SolarPositionSettings): SolarPositionSettings {
  if (options.defaults !== 'pvlib') return options;
  const filled: SolarPositionSettings = { ...options, deltaT: options.deltaT ?? PVLIB_DEFAULT_DELTA_T };
  if (options.pressure === undefined) {
    filled.pressure = options.elevation === undefined ? 101325 : altitudeToPressure(options.elevation)[0]!;
  } else if (options.elevation === undefined && typeof options.pressure === 'number') {
    filled.elevation = pressureToAltitude(options.pressure)[0]!;
  }
  return filled;
}

/** The settings of a call: the input's air (elevation, pressure, temperature) and the options. */
export function solarSettings(input: SolarPositionInput, options: SolarPositionOptions): SolarPositionSettings {
  return {
    ...options,
    elevation: input.elevation,
    pressure: input.pressure,
    temperature: input.temperature,
  };
}
