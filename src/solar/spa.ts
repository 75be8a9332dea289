import { asColumn, outputColumn, seriesLength } from '../util/columns.js';
import { checkSolarCall } from './checks.js';
import { deltaTAt } from './delta-t.js';
import {
  G_ALPHA,
  G_DELTA,
  G_EOT,
  G_NUTATION_RA,
  G_RADIUS,
  G_SIZE,
  geocentricFromHeliocentric,
  heliocentricState,
  julianDay,
  meanSiderealTime,
  observer,
  periodicTerms,
  P_B,
  P_EPS,
  P_L,
  P_PSI,
  P_R,
  P_SIZE,
  refractionFactor,
  sinParallax,
  topocentric,
  DEG,
} from './spa-core.js';
import { SC, sinCos } from './trig.js';
import { solarSettings, withSolarPositionDefaults } from './defaults.js';
import type { SolarPosition, SolarPositionInput, SolarPositionOptions, SolarPositionSettings } from './types.js';

const EMPTY = new Float64Array(0);

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

/** Spacing (s of terrestrial time) of the nodes at which dense series evaluate the periodic sums. */
export const SPA_NODE_STEP_SECONDS = 3600;

/** The per-call inputs both solar position forms share (see `resolveSolarInputs`). */
export interface ResolvedSolarInputs {
  n: number;
  deltaTIn: number | Float64Array | undefined;
  /** True when pressure and temperature are scalars: one refraction factor serves every row. */
  constantRefraction: boolean;
  /** Pa and degrees C per row, or empty arrays when `constantRefraction`. */
  pressure: Float64Array;
  temperature: Float64Array;
  /** The refraction factor (P/1010)(283/(273+T)) when constant, else 0. */
  refraction0: number;
}

/**
 * Resolves the options of `solarPositionSpa` and `solarPositionFast` with pvlib's defaults:
 * pressure 101325 Pa, temperature 12 degrees C, delta T estimated from the year when absent.
 * Builds per-row columns only when pressure or temperature varies (broadcasting two scalars would
 * cost two fills for nothing).
 */
export function resolveSolarInputs(unixSeconds: Float64Array, options: SolarPositionSettings): ResolvedSolarInputs {
  const pressureIn = options.pressure ?? 101325;
  const temperatureIn = options.temperature ?? 12;
  const deltaTIn = options.deltaT;
  const n = seriesLength(unixSeconds, pressureIn, temperatureIn, deltaTIn ?? 0);
  const constantRefraction = typeof pressureIn === 'number' && typeof temperatureIn === 'number';
  return {
    n,
    deltaTIn,
    constantRefraction,
    pressure: constantRefraction ? EMPTY : asColumn(pressureIn, n),
    temperature: constantRefraction ? EMPTY : asColumn(temperatureIn, n),
    refraction0: constantRefraction ? refractionFactor(pressureIn / 100, temperatureIn) : 0,
  };
}

/**
 * Whether a series is dense enough for the node form: sorted ascending and with at least two
 * times per node interval on average, so that nodes cost less than evaluating every time.
 */
function isDenseSorted(t: Float64Array, n: number): boolean {
  if (n < 64) return false;
  for (let i = 1; i < n; i++) if (!(t[i]! >= t[i - 1]!)) return false;
  return n >= (2 * (t[n - 1]! - t[0]!)) / SPA_NODE_STEP_SECONDS + 8;
}

/**
 * Solar position by the NREL Solar Position Algorithm: the topocentric zenith, azimuth and
 * elevation of the sun's centre (with and without refraction) and the equation of time, for one
 * place. Agrees with pvlib's `solarposition.spa_python` to about 1e-10 degree (tested against its
 * values); the algorithm's own uncertainty is +-0.0003 degree over -2000..6000.
 *
 * Every step is the paper's; two evaluation devices keep long series fast without changing the
 * result beyond rounding. (1) Times a constant step apart advance the phase of each periodic term
 * by a complex rotation rather than a new cosine. (2) Dense sorted series (two or more times per
 * hour) evaluate the periodic sums (the Earth's heliocentric longitude, latitude and radius, and
 * the nutation) at hourly nodes and interpolate them by 4-point cubic polynomials: their fastest
 * term has a 9-day period, so the interpolation error is below 1e-14 rad; everything else
 * (aberration, obliquity, right ascension, declination, sidereal time, parallax, refraction,
 * angles, equation of time) is computed at every time. Both devices agree with time-by-time
 * evaluation to about 5e-10 degree, the size of the 40-microsecond rounding of the Julian day
 * count that pvlib's arithmetic (followed here) carries anyway.
 *
 * Reda, I., Andreas, A. (2004) Solar position algorithm for solar radiation applications.
 * Solar Energy 76(5), 577-589, doi:10.1016/j.solener.2003.12.003; corrigendum (2007) Solar Energy
 * 81(6), 838, doi:10.1016/j.solener.2007.01.003.
 *
 * @param input times `unixSeconds` (Unix seconds, UTC, a Float64Array, any order; one instant:
 *   `sunPosition`), `latitude` (degrees north, -90..90), `longitude` (degrees east, -180..180),
 *   optional `elevation` (m), `pressure` (Pa) and `temperature` (degrees C).
 * @param options deltaT (s), atmosRefract (deg); `defaults: 'pvlib'` for pvlib's
 *   `get_solarposition` defaults (delta T 67 s, pressure from elevation).
 * @param out optional output buffers of length unixSeconds.length.
 * @returns zenith, apparentZenith, azimuth (east of north, [0, 360)), elevation,
 *   apparentElevation (degrees) and equationOfTime (minutes). Refraction is applied only while
 *   the geometric elevation is at least -(0.26667 + atmosRefract) degrees, as in pvlib.
 * @throws TypeError/RangeError naming the argument: times not a Float64Array of Unix seconds (a
 *   Date, milliseconds), latitude or longitude out of range, a pressure in hPa, columns of
 *   different lengths.
 * @example
 * const t = Float64Array.of(Date.UTC(2024, 5, 21, 12) / 1000); // noon UTC, 21 June 2024
 * const sun = solarPositionSpa({ unixSeconds: t, latitude: 52.37, longitude: 4.9 }); // Amsterdam
 * sun.zenith[0]; // about 29.1 degrees
 * sun.azimuth[0]; // about 188 degrees (east of north: a little west of south)
 */
export function solarPositionSpa(
  input: SolarPositionInput,
  options: SolarPositionOptions = {},
  out?: Partial<SolarPosition>,
): SolarPosition {
  checkSolarCall('solarPositionSpa', input, options);
  const { unixSeconds, latitude, longitude } = input;
  const settings = withSolarPositionDefaults(solarSettings(input, options));
  const { n, deltaTIn, constantRefraction, pressure, temperature, refraction0 } = resolveSolarInputs(
    unixSeconds,
    settings,
  );
  const res = solarPositionOutputs(n, out);
  const o = observer(latitude, longitude, settings.elevation ?? 0, settings.atmosRefract ?? 0.5667);
  const g = new Float64Array(G_SIZE);
  const st = heliocentricState();
  const { zenith, apparentZenith, azimuth, elevation, apparentElevation, equationOfTime } = res;
  const dense = isDenseSorted(unixSeconds, n);

  const h = SPA_NODE_STEP_SECONDS;
  // Periodic sums at four nodes k-1..k+2 around the current time (dense form only).
  const nodes = new Float64Array(4 * P_SIZE);
  const p = new Float64Array(P_SIZE);
  let cell = Number.NaN;
  let lastDay = Number.NaN;
  let lastDayDeltaT = 0;

  for (let i = 0; i < n; i++) {
    const t = unixSeconds[i]!;
    let dT: number;
    if (deltaTIn === undefined) {
      // Delta T depends on the month only; compute it once per UTC day.
      const day = Math.floor(t / 86400);
      if (day !== lastDay) {
        lastDay = day;
        lastDayDeltaT = deltaTAt(t);
      }
      dT = lastDayDeltaT;
    } else dT = typeof deltaTIn === 'number' ? deltaTIn : deltaTIn[i]!;
    const jd = julianDay(t);
    const jde = jd + dT / 86400;
    const jce = (jde - 2451545) / 36525;
    if (dense) {
      const tt = t + dT;
      const k = Math.floor(tt / h);
      if (k !== cell) {
        if (k === cell + 1) {
          nodes.copyWithin(0, P_SIZE, 4 * P_SIZE);
          periodicTerms(st, (k + 2) * h, 0, nodes.subarray(3 * P_SIZE));
        } else {
          for (let j = 0; j < 4; j++)
            periodicTerms(st, (k - 1 + j) * h, 0, nodes.subarray(j * P_SIZE, (j + 1) * P_SIZE));
        }
        cell = k;
      }
      // The fraction of the cell from the Julian ephemeris day as pvlib rounds it, so that both
      // forms see the same instant to the last bit of the day count.
      const s = (jde - julianDay(k * h)) * (86400 / h);
      const sp = s + 1;
      const sm = s - 1;
      const sm2 = s - 2;
      const w0 = (-s * sm * sm2) / 6;
      const w1 = (sp * sm * sm2) / 2;
      const w2 = (-sp * s * sm2) / 2;
      const w3 = (sp * s * sm) / 6;
      for (let q = 0; q < P_SIZE; q++) {
        p[q] = w0 * nodes[q]! + w1 * nodes[P_SIZE + q]! + w2 * nodes[2 * P_SIZE + q]! + w3 * nodes[3 * P_SIZE + q]!;
      }
    } else {
      periodicTerms(st, t, dT, p);
    }
    geocentricFromHeliocentric(jce / 10, p[P_L]!, p[P_B]!, p[P_R]!, p[P_PSI]!, p[P_EPS]!, g);
    const nu = meanSiderealTime(jd) + g[G_NUTATION_RA]!;
    sinCos((nu + longitude - g[G_ALPHA]!) * DEG);
    const sinH = SC[0]!;
    const cosH = SC[1]!;
    sinCos(g[G_DELTA]! * DEG);
    const refraction = constantRefraction ? refraction0 : refractionFactor(pressure[i]! / 100, temperature[i]!);
    topocentric(
      o,
      sinH,
      cosH,
      SC[0]!,
      SC[1]!,
      sinParallax(g[G_RADIUS]!),
      refraction,
      i,
      zenith,
      apparentZenith,
      azimuth,
      elevation,
      apparentElevation,
    );
    equationOfTime[i] = g[G_EOT]!;
  }
  return res;
}
