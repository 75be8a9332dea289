import { asColumn, outputColumn, seriesLength } from '../util/columns.js';
import { deltaTAt } from './deltaT.js';
import {
  G_ALPHA,
  G_DELTA,
  G_EOT,
  G_NUTATION_RA,
  G_RADIUS,
  G_SIZE,
  geocentricSun,
  julianDay,
  meanSiderealTime,
  observer,
  pyMod,
  refractionFactor,
  sinParallax,
  topocentric,
  DEG,
} from './spaCore.js';
import type { SolarPosition, SolarPositionOptions } from './types.js';

/** The output columns: the caller's buffers where given (length-checked), new ones otherwise. */
export function solarPositionOutputs(n: number, out: Partial<SolarPosition> | undefined): SolarPosition {
  return {
    zenith: outputColumn(out?.zenith, n, 'zenith'),
    apparentZenith: outputColumn(out?.apparentZenith, n, 'apparentZenith'),
    azimuth: outputColumn(out?.azimuth, n, 'azimuth'),
    elevation: outputColumn(out?.elevation, n, 'elevation'),
    apparentElevation: outputColumn(out?.apparentElevation, n, 'apparentElevation'),
    equationOfTime: outputColumn(out?.equationOfTime, n, 'equationOfTime'),
  };
}

/**
 * Solar position by the NREL Solar Position Algorithm, evaluated in full at every time: the
 * topocentric zenith, azimuth and elevation of the sun's centre (with and without refraction)
 * and the equation of time, for one place. Agrees with pvlib's `solarposition.spa_python`
 * (numpy) to about 1e-9 degree, which is the reference it is tested against; the algorithm's
 * own uncertainty is +-0.0003 degree over -2000..6000.
 *
 * Reda, I., Andreas, A. (2004) Solar position algorithm for solar radiation applications.
 * Solar Energy 76(5), 577-589, doi:10.1016/j.solener.2003.12.003; corrigendum (2007) Solar Energy
 * 81(6), 838, doi:10.1016/j.solener.2007.01.003.
 *
 * @param unixSeconds times, Unix seconds (UTC); any order.
 * @param latitude degrees north (-90..90); longitude degrees east (-180..180).
 * @param options elevation (m), pressure (Pa), temperature (degrees C), deltaT (s), atmosRefract (deg).
 * @param out optional output buffers of length unixSeconds.length.
 * @returns zenith, apparentZenith, azimuth (east of north, [0, 360)), elevation,
 *   apparentElevation (degrees) and equationOfTime (minutes). Refraction is applied only while
 *   the geometric elevation is at least -(0.26667 + atmosRefract) degrees, as in pvlib.
 */
export function solarPositionSpa(
  unixSeconds: Float64Array,
  latitude: number,
  longitude: number,
  options: SolarPositionOptions = {},
  out?: Partial<SolarPosition>,
): SolarPosition {
  const pressureIn = options.pressure ?? 101325;
  const temperatureIn = options.temperature ?? 12;
  const deltaTIn = options.deltaT;
  const n = seriesLength(unixSeconds, pressureIn, temperatureIn, deltaTIn ?? 0);
  const pressure = asColumn(pressureIn, n);
  const temperature = asColumn(temperatureIn, n);
  const constantRefraction = typeof pressureIn === 'number' && typeof temperatureIn === 'number';
  const refraction0 = refractionFactor(pressure[0]! / 100, temperature[0]!);
  const res = solarPositionOutputs(n, out);
  const o = observer(latitude, longitude, options.elevation ?? 0, options.atmosRefract ?? 0.5667);
  const g = new Float64Array(G_SIZE);
  const { zenith, apparentZenith, azimuth, elevation, apparentElevation, equationOfTime } = res;
  for (let i = 0; i < n; i++) {
    const t = unixSeconds[i]!;
    const dT = deltaTIn === undefined ? deltaTAt(t) : typeof deltaTIn === 'number' ? deltaTIn : deltaTIn[i]!;
    const jd = julianDay(t);
    geocentricSun(jd + dT / 86400, g);
    const nu = meanSiderealTime(jd) + g[G_NUTATION_RA]!;
    const H = pyMod(nu + longitude - g[G_ALPHA]!, 360);
    const hR = H * DEG;
    const dR = g[G_DELTA]! * DEG;
    const refraction = constantRefraction ? refraction0 : refractionFactor(pressure[i]! / 100, temperature[i]!);
    topocentric(o, Math.sin(hR), Math.cos(hR), Math.sin(dR), Math.cos(dR), sinParallax(g[G_RADIUS]!), refraction, i, zenith, apparentZenith, azimuth, elevation, apparentElevation);
    equationOfTime[i] = g[G_EOT]!;
  }
  return res;
}
