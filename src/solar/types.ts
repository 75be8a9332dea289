import type { Column } from '../util/columns.js';

/** Options of the solar position functions (defaults are those of pvlib's `spa_python`). */
export interface SolarPositionOptions {
  /** Height of the observer above sea level, m (default 0). */
  elevation?: number;
  /** Local air pressure, Pa, per time or one value (default 101325); used only for refraction. */
  pressure?: Column;
  /** Local air temperature, degrees C, per time or one value (default 12); used only for refraction. */
  temperature?: Column;
  /**
   * Terrestrial time minus universal time (delta T), seconds: one value or one per time. Default:
   * the Espenak & Meeus polynomial estimate for the UTC year and month of each time
   * (as pvlib's `spa.calculate_deltat`), see `deltaTEstimate`.
   */
  deltaT?: number | Float64Array;
  /** Refraction of the sun's centre at the horizon, degrees (default 0.5667). */
  atmosRefract?: number;
}

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
