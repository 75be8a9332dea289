/**
 * Kimber soiling model: A. Kimber, L. Mitchell, S. Nogradi, H. Wenger, "The Effect of Soiling on
 * Large Grid-Connected Photovoltaic Systems in California and the Southwest Region of the United
 * States", IEEE 4th World Conference on Photovoltaic Energy Conversion (2006),
 * DOI 10.1109/WCPEC.2006.279690. Semantics follow pvlib.soiling.kimber.
 */
import { outputColumn, seriesLength } from '../util/columns.js';
import { rollingRainSum } from './rainWindow.js';

export interface KimberInput {
  /** Period-end times, Unix seconds (UTC), increasing, at a constant step. */
  unixSeconds: Float64Array;
  /** Rain accumulated in each period, mm. NaN is taken as missing (not counted). */
  rainfall: Float64Array;
}

export interface KimberOptions {
  /** Rain, mm, over `rainAccumPeriod` that cleans the modules: a clean when the sum is > it (default 6). */
  cleaningThreshold?: number;
  /** Fraction of energy lost per day of soiling build-up (default 0.0015). */
  soilingLossRate?: number;
  /** Days after a cleaning rain during which the ground is damp and no soiling builds (default 14). */
  gracePeriod?: number;
  /** Ceiling of the loss fraction (default 0.3). */
  maxSoiling?: number;
  /** Loss fraction at the first row (default 0). */
  initialSoiling?: number;
  /** Rain accumulation window, hours (default 24): the sum over (t - period, t]. */
  rainAccumPeriod?: number;
  /**
   * Manual wash times, Unix seconds, sorted: each cleans at the first row whose period-end time is
   * at or after it (pvlib cleans at the row stamped exactly at the wash date), with no grace
   * period afterwards. Washes before the first period are ignored.
   */
  manualWashTimes?: Float64Array;
  /** Length of a period, s: used only when the series has a single row (else from the first two times). */
  periodSeconds?: number;
}

/**
 * Kimber soiling loss fraction over a series (Kimber et al. 2006).
 *
 * Soiling builds up at `soilingLossRate` per day (the step is that of the first two times, as in
 * pvlib), starting from `initialSoiling`. Rain summed over (t - rainAccumPeriod, t] that exceeds
 * `cleaningThreshold` (strictly: >) is a cleaning event; every row within (event, event +
 * gracePeriod days] after an event, the event row included, is clean (the ground is damp), and
 * build-up resumes from zero afterwards. A manual wash cleans its row only. The loss is capped at
 * `maxSoiling`. As pvlib, the loss is a running total minus the total at the last clean row, and
 * the rain window is summed as pandas' rolling sum does, so results agree with
 * pvlib.soiling.kimber to rounding.
 *
 * One deliberate difference: with `gracePeriod` 0 pvlib's empty grace window never cleans (rain
 * then has no effect at all); here the rain event row itself is still cleaned.
 *
 * Inputs: times (Unix s), rainfall (mm per period). Output: loss fraction (unitless, [0, max]).
 */
export function kimberSoiling(input: KimberInput, options: KimberOptions = {}, out?: Float64Array): Float64Array {
  const { unixSeconds: t, rainfall: rain } = input;
  const n = seriesLength(t, rain);
  const result = outputColumn(out, n);
  if (n === 0) return result;

  const threshold = options.cleaningThreshold ?? 6;
  const lossRate = options.soilingLossRate ?? 0.0015;
  const graceSeconds = (options.gracePeriod ?? 14) * 86_400;
  const maxSoiling = options.maxSoiling ?? 0.3;
  const initial = options.initialSoiling ?? 0;
  const accumPeriod = (options.rainAccumPeriod ?? 24) * 3600;
  let step: number;
  if (n >= 2) step = t[1]! - t[0]!;
  else if (options.periodSeconds !== undefined) step = options.periodSeconds;
  else throw new RangeError('a single-row series needs options.periodSeconds');
  const perRow = lossRate * (step / 86_400);
  const washes = options.manualWashTimes;
  const nWash = washes === undefined ? 0 : washes.length;
  // Washes before the first period began are already part of the initial state.
  let w = 0;
  while (w < nWash && washes![w]! <= t[0]! - step) w++;

  let total = 0;
  let cleanedAt = 0;
  let lastEvent = Number.NEGATIVE_INFINITY;
  const rainSum = rollingRainSum(t, rain, accumPeriod);

  for (let i = 0; i < n; i++) {
    const ti = t[i]!;
    total += i === 0 ? initial : perRow;

    const accum = rainSum[i]!;

    if (accum > threshold) lastEvent = ti;
    // Grace window (t - grace, t] holds an event; the event row itself always counts.
    let clean = lastEvent === ti || lastEvent > ti - graceSeconds;
    while (w < nWash && washes![w]! <= ti) {
      clean = true;
      w++;
    }
    if (clean) cleanedAt = total;
    const soiling = total - cleanedAt;
    result[i] = soiling < maxSoiling ? soiling : maxSoiling;
  }
  return result;
}
