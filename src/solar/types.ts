import type { Column } from '../util/columns.js';

/**
 * What the solar position functions take: the times, the place, and the air for refraction
 * (pvlib's `spa_python` arguments `time, latitude, longitude, altitude, pressure, temperature`).
 * The defaults of what is not given are pvlib's `spa_python` ones (elevation 0 m, pressure
 * 101325 Pa, temperature 12 degrees C); see {@link SolarPositionOptions} for pvlib's
 * `get_solarposition` defaults.
 */
export interface SolarPositionInput {
  /** Times, Unix seconds (UTC), any order. */
  unixSeconds: Float64Array;
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
  /** Height of the observer above sea level, m (default 0). */
  elevation?: number;
  /**
   * Local air pressure, Pa, per time or one value (default 101325, or from the elevation with
   * `defaults: 'pvlib'`); used only for refraction.
   */
  pressure?: Column;
  /** Local air temperature, degrees C, per time or one value (default 12); used only for refraction. */
  temperature?: Column;
}

/**
 * Options of the solar position functions: which defaults apply, delta T and the refraction at
 * the horizon. Without them, delta T is estimated per time (pvlib's `delta_t=None`).
 */
export interface SolarPositionOptions {
  /**
   * Which defaults fill what is not given:
   * - 'solarkit' (the default): elevation 0, pressure 101325 Pa whatever the elevation,
   *   temperature 12 degrees C, delta T estimated for each time (Espenak & Meeus, as pvlib's
   *   `spa.calculate_deltat`; pvlib's `delta_t=None`), which follows the real Earth rotation
   *   (69 s in 2024, 67 s in 2008);
   * - 'pvlib': those of pvlib's `solarposition.get_solarposition`, for results identical to a
   *   pvlib script that leaves them out: delta T 67 s; with only an elevation, the pressure of the
   *   standard atmosphere there (pvlib's `alt2pres`); with only a single pressure, the elevation
   *   from it (`pres2alt`); with neither, 0 m and 101325 Pa.
   */
  defaults?: 'solarkit' | 'pvlib';
  /**
   * Terrestrial time minus universal time (delta T), seconds: one value or one per time. Default:
   * the Espenak & Meeus polynomial estimate for the UTC year and month of each time
   * (as pvlib's `spa.calculate_deltat`); 67 with `defaults: 'pvlib'`.
   */
  deltaT?: number | Float64Array;
  /** Refraction of the sun's centre at the horizon, degrees (default 0.5667). */
  atmosRefract?: number;
}

/**
 * The air and the options of one solar position call in one flat object (internal: what the
 * defaults, the checks and the kernels read).
 */
export type SolarPositionSettings = Omit<SolarPositionInput, 'unixSeconds' | 'latitude' | 'longitude'> &
  SolarPositionOptions;

/** Solar position columns, one row per input time. Angles in degrees. */
export interface SolarPosition {
  /** Topocentric zenith angle without refraction (0..180). */
  zenith: Float64Array;
  /** Topocentric zenith angle corrected for atmospheric refraction. */
  apparentZenith: Float64Array;
  /** Topocentric azimuth, degrees east of north, in [0, 360). */
  azimuth: Float64Array;
  /** Topocentric elevation without refraction: 90 - zenith. */
  elevation: Float64Array;
  /** Topocentric elevation corrected for refraction: 90 - apparentZenith. */
  apparentElevation: Float64Array;
  /** Equation of time, minutes (apparent minus mean solar time). */
  equationOfTime: Float64Array;
}
