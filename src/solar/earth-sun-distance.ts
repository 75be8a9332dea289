/**
 * The Earth-Sun distance of the NREL Solar Position Algorithm: the radius vector of the Earth's
 * heliocentric position (SPA step 3.2.8), which the extraterrestrial irradiance of the 'nrel'
 * method divides by.
 */
import { outputColumn } from '../util/columns.js';
import { checkObject, checkSeries, checkTimes } from '../util/validate.js';
import { deltaTAt } from './delta-t.js';
import { P_R, P_SIZE, heliocentricState, periodicTerms } from './spa-core.js';

/** Options of {@link nrelEarthSunDistance}. */
export interface EarthSunDistanceOptions {
  /**
   * Terrestrial time minus universal time (delta T), seconds: one value or one per time. Default:
   * the Espenak & Meeus estimate for each time (as `solarPositionSpa`); pvlib's default is 67.
   * A minute of delta T moves the distance by about 1e-9 AU.
   */
  deltaT?: number | Float64Array;
}

/**
 * Earth-Sun distance [AU] at each time by the NREL SPA: the radius vector R of the Earth's
 * heliocentric position from the VSOP87 periodic terms of the paper's Table A4.2, evaluated at the
 * Julian ephemeris millennium of each time (Unix seconds plus delta T). Between about 0.9833 AU
 * (early January) and 1.0167 AU (early July).
 *
 * Reda, I., Andreas, A. (2004) Solar position algorithm for solar radiation applications.
 * Solar Energy 76(5), 577-589, doi:10.1016/j.solener.2003.12.003. Follows
 * pvlib.solarposition.nrel_earthsun_distance.
 *
 * @param unixSeconds times, Unix seconds (UTC), any order
 * @param options delta T, s
 * @param out optional output buffer
 * @returns Earth-Sun distance, AU
 * @example
 * nrelEarthSunDistance(Float64Array.of(Date.UTC(2024, 0, 3) / 1000))[0]; // about 0.98333 AU (perihelion)
 */
export function nrelEarthSunDistance(
  unixSeconds: Float64Array,
  options: EarthSunDistanceOptions = {},
  out?: Float64Array,
): Float64Array {
  const fn = 'nrelEarthSunDistance';
  checkTimes(fn, 'unixSeconds', unixSeconds);
  checkObject(fn, 'options', options);
  const n = checkSeries(fn, [
    ['unixSeconds', unixSeconds, 'Unix seconds'],
    ['options.deltaT', options.deltaT, 's', true],
  ]);
  const res = outputColumn(out, n);
  const deltaT = options.deltaT;
  const st = heliocentricState();
  const p = new Float64Array(P_SIZE);
  for (let i = 0; i < n; i++) {
    const t = unixSeconds[i]!;
    const dT = deltaT === undefined ? deltaTAt(t) : typeof deltaT === 'number' ? deltaT : deltaT[i]!;
    if (t !== t || dT !== dT) {
      res[i] = Number.NaN;
      continue;
    }
    periodicTerms(st, t, dT, p);
    res[i] = p[P_R]!;
  }
  return res;
}
