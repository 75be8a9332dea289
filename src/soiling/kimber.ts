/**
 * Kimber soiling model: A. Kimber, L. Mitchell, S. Nogradi, H. Wenger, "The Effect of Soiling on
 * Large Grid-Connected Photovoltaic Systems in California and the Southwest Region of the United
 * States", IEEE 4th World Conference on Photovoltaic Energy Conversion (2006),
 * DOI 10.1109/WCPEC.2006.279690. Semantics follow pvlib.soiling.kimber.
 */
import { outputColumn, seriesLength, sharesMemory } from '../util/columns.js';
import { checkKimber } from './checks.js';
import { rollingRainSum } from './rain-window.js';

/** Input columns of {@link kimberSoiling}: times at a constant step and rainfall [mm]. */
export interface KimberInput {
  /** Period-end times, Unix seconds (UTC), increasing, at a constant step. */
  unixSeconds: Float64Array;
  /** Rain accumulated in each period, mm, >= 0. NaN is taken as missing (not counted). */
  rainfall: Float64Array;
}

/** Options of {@link kimberSoiling}: cleaning threshold [mm], loss rate [1/day], grace period [days], washes. */
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
 * @throws RangeError for times that do not increase by one constant step (naming the first index
 *   whose step differs) or negative rainfall
 * @example
 * // Sixty days of hourly periods without rain: the loss grows by 0.0015 a day from 0.
 * const t = Float64Array.from({ length: 1440 }, (_, i) => 1_700_000_000 + 3600 * i);
 * kimberSoiling({ unixSeconds: t, rainfall: new Float64Array(1440) })[1439]; // about 0.09
 */
export function kimberSoiling(input: KimberInput, options: KimberOptions = {}, out?: Float64Array): Float64Array {
  checkKimber(input, options);
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

  // The rain window sums wait in the output column (each row reads its sum before writing its
  // loss), unless the caller's buffer is one of the inputs: no 8-byte-a-row allocation per call.
  const scratch = sharesMemory(result, t) || sharesMemory(result, rain) ? new Float64Array(n) : result;
  const rainSum = rollingRainSum({ unixSeconds: t, rainfall: rain }, { windowSeconds: accumPeriod }, scratch);
  const state = Float64Array.of(0, 0, Number.NEGATIVE_INFINITY);
  const params = Float64Array.of(initial, perRow, threshold, graceSeconds, maxSoiling);
  for (let start = 0; start < n; ) {
    let end = start + BLOCK_ROWS < n ? start + BLOCK_ROWS : n;
    // A manual wash cleans the first row ending at or after it: end the block there, so that the
    // row loop has no wash test.
    let washAt = -1;
    if (w < nWash) {
      const washTime = washes![w]!;
      let k = start;
      // (Written so that a NaN wash time never washes.)
      while (k < end && !(washTime <= t[k]!)) k++;
      if (k < end) {
        end = k + 1;
        washAt = k;
        while (w < nWash && washes![w]! <= t[k]!) w++;
      }
    }
    kimberRows(start, end, washAt, t, rainSum, params, state, result);
    start = end;
  }
  return result;
}

/**
 * Rows per call of `kimberRows`: a function called per block is optimised as a whole, where one
 * loop over a whole year could run as on-stack-replacement code with its carried doubles boxed
 * (see rain-window.ts).
 */
const BLOCK_ROWS = 1024;

/**
 * Rows [start, end) of the Kimber model from and to `state` (running total, total at the last
 * clean, time of the last cleaning rain); `washAt` is a row cleaned by a manual wash, or -1.
 * `params`: initial soiling, build-up per row, threshold, grace seconds, maximum.
 */
function kimberRows(
  start: number,
  end: number,
  washAt: number,
  t: Float64Array,
  rainSum: Float64Array,
  params: Float64Array,
  state: Float64Array,
  result: Float64Array,
): void {
  const initial = params[0]!;
  const perRow = params[1]!;
  const threshold = params[2]!;
  const graceSeconds = params[3]!;
  const maxSoiling = params[4]!;
  let total = state[0]!;
  let cleanedAt = state[1]!;
  let lastEvent = state[2]!;
  for (let i = start; i < end; i++) {
    const ti = t[i]!;
    total += i === 0 ? initial : perRow;
    if (rainSum[i]! > threshold) lastEvent = ti;
    // Grace window (t - grace, t] holds an event; the event row itself always counts.
    if (lastEvent === ti || lastEvent > ti - graceSeconds || i === washAt) cleanedAt = total;
    const soiling = total - cleanedAt;
    result[i] = soiling < maxSoiling ? soiling : maxSoiling;
  }
  state[0] = total;
  state[1] = cleanedAt;
  state[2] = lastEvent;
}
