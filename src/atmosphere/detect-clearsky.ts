/**
 * Clear-sky detection (Reno & Hansen 2016, with the thresholds of Jordan & Hansen 2023) and the
 * clear-sky index.
 */
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import {
  checkAtLeast,
  checkConstantStep,
  checkFinite,
  checkObject,
  checkSeries,
  checkTimes,
  isFloat64Array,
  rangeFailure,
  typeFailure,
} from '../util/validate.js';

/** Inputs of {@link detectClearsky}: three columns of one length. */
export interface DetectClearskyInput {
  /** Measured irradiance (GHI, or plane-of-array irradiance) [W/m2]; NaN marks a missing value. */
  measured: Float64Array;
  /** Modelled clear-sky irradiance on the same plane and at the same times [W/m2]. */
  clearsky: Float64Array;
  /** Times [s, Unix, UTC], equally spaced (pvlib requires a regular index too). */
  unixSeconds: Float64Array;
}

/** Options of {@link detectClearsky}: pvlib's keyword arguments and their defaults. */
export interface DetectClearskyOptions {
  /**
   * Take the window and the thresholds from Table 1 of Jordan & Hansen (2023), interpolated at the
   * sample interval (1 to 30 minutes), instead of the options below (default false).
   */
  inferLimits?: boolean;
  /** Length of the sliding window [min], default 10; a window holds at least 3 samples. */
  windowLength?: number;
  /** Largest difference of the window means of measured and scaled clear sky [W/m2], default 75. */
  meanDiff?: number;
  /** Largest difference of the window maxima [W/m2], default 75. */
  maxDiff?: number;
  /** Lower limit of the difference of the line lengths [W/m2 over the window], default -5. */
  lowerLineLength?: number;
  /** Upper limit of the difference of the line lengths, default 10. */
  upperLineLength?: number;
  /** Largest standard deviation of the slopes over the window mean [1/min], default 0.005. */
  varDiff?: number;
  /** Largest change between successive differences of measured and clear sky [W/m2], default 8. */
  slopeDev?: number;
  /** Most rescalings of the clear sky (>= 1), default 20. */
  maxIterations?: number;
  /** Also return the criteria of each window (pvlib's `return_components`), default false. */
  returnComponents?: boolean;
}

/**
 * The criteria of each window, at the window's centre sample (pvlib's `components`). Flags are 0
 * or 1 (0 where no window is centred); values are NaN where no window is centred.
 */
export interface DetectClearskyComponents {
  /** |mean measured - alpha mean clear sky| < meanDiff. */
  meanDiffFlag: Uint8Array;
  /** |max measured - alpha max clear sky| < maxDiff. */
  maxDiffFlag: Uint8Array;
  /** lowerLineLength < line length difference < upperLineLength. */
  lineLengthFlag: Uint8Array;
  /** Normalised standard deviation of the slopes < varDiff. */
  slopeNstdFlag: Uint8Array;
  /** Largest change of the difference < slopeDev. */
  slopeMaxFlag: Uint8Array;
  /** The clear-sky mean of the window is a number other than 0. */
  meanNanFlag: Uint8Array;
  /** All six: the window is clear. */
  windows: Uint8Array;
  /** |mean measured - alpha mean clear sky| with the final alpha [W/m2]. */
  meanDiff: Float64Array;
  /** |max measured - alpha max clear sky| with the final alpha [W/m2]. */
  maxDiff: Float64Array;
  /** Line length of measured minus that of the scaled clear sky (last iteration). */
  lineLength: Float64Array;
  /** Standard deviation of the measured slopes over the measured mean [1/min]. */
  slopeNstd: Float64Array;
  /** Largest change of measured minus scaled clear sky between samples [W/m2] (last iteration). */
  slopeMax: Float64Array;
}

/** What {@link detectClearsky} returns. */
export interface DetectClearskyResult {
  /** 1 where the sample lies in at least one clear window, else 0. */
  clearSamples: Uint8Array;
  /** The scaling of the clear sky that the detected clear samples fit best (least squares). */
  alpha: number;
  /** Rescalings run (1 to maxIterations). */
  iterations: number;
  /** Whether alpha settled (to 1e-4) before maxIterations; pvlib warns when it did not. */
  converged: boolean;
  /** The criteria of each window, when options.returnComponents is true. */
  components?: DetectClearskyComponents;
}

/** Sample intervals [min] of Table 1 of Jordan & Hansen (2023) and the thresholds at each. */
const TABLE_INTERVALS = [1, 5, 15, 30];
const TABLE = {
  windowLength: [50, 60, 90, 120],
  meanDiff: [75, 75, 75, 75],
  maxDiff: [60, 65, 75, 90],
  lowerLineLength: [-45, -45, -45, -45],
  upperLineLength: [80, 80, 80, 80],
  varDiff: [0.005, 0.01, 0.032, 0.07],
  slopeDev: [50, 60, 75, 96],
};

/** Linear interpolation in the table at x (1 <= x <= 30), as numpy.interp. */
function interpolate(x: number, fp: readonly number[]): number {
  const xp = TABLE_INTERVALS;
  for (let k = 0; k < xp.length - 1; k++) {
    if (x === xp[k]) return fp[k]!;
    if (x < xp[k + 1]!) {
      const slope = (fp[k + 1]! - fp[k]!) / (xp[k + 1]! - xp[k]!);
      return slope * (x - xp[k]!) + fp[k]!;
    }
  }
  return fp[fp.length - 1]!;
}

/** The thresholds of the options, or of Table 1 of Jordan & Hansen (2023) at the sample interval [min]. */
function thresholds(fn: string, options: DetectClearskyOptions, interval: number) {
  if (options.inferLimits === true) {
    if (!(interval >= 1 && interval <= 30))
      rangeFailure(fn, 'unixSeconds', 'a step of 1 to 30 minutes with options.inferLimits', interval, ' min');
    return {
      windowLength: interpolate(interval, TABLE.windowLength),
      meanDiff: interpolate(interval, TABLE.meanDiff),
      maxDiff: interpolate(interval, TABLE.maxDiff),
      lowerLineLength: interpolate(interval, TABLE.lowerLineLength),
      upperLineLength: interpolate(interval, TABLE.upperLineLength),
      varDiff: interpolate(interval, TABLE.varDiff),
      slopeDev: interpolate(interval, TABLE.slopeDev),
    };
  }
  return {
    windowLength: checkAtLeast(fn, 'options.windowLength', options.windowLength ?? 10, 0, 'minutes', true),
    meanDiff: checkFinite(fn, 'options.meanDiff', options.meanDiff ?? 75, 'W/m2'),
    maxDiff: checkFinite(fn, 'options.maxDiff', options.maxDiff ?? 75, 'W/m2'),
    lowerLineLength: checkFinite(fn, 'options.lowerLineLength', options.lowerLineLength ?? -5, ''),
    upperLineLength: checkFinite(fn, 'options.upperLineLength', options.upperLineLength ?? 10, ''),
    varDiff: checkFinite(fn, 'options.varDiff', options.varDiff ?? 0.005, '1/min'),
    slopeDev: checkFinite(fn, 'options.slopeDev', options.slopeDev ?? 8, 'W/m2'),
  };
}

/**
 * numpy's pairwise summation (the order of numpy.sum and pandas' Series.sum) of a[0..n): the same
 * double, so that alpha and its convergence test are pvlib's to the last bit.
 */
function pairwiseSum(a: Float64Array, start: number, n: number): number {
  if (n < 8) {
    let s = 0;
    for (let i = start; i < start + n; i++) s += a[i]!;
    return s;
  }
  if (n <= 128) {
    let r0 = a[start]!;
    let r1 = a[start + 1]!;
    let r2 = a[start + 2]!;
    let r3 = a[start + 3]!;
    let r4 = a[start + 4]!;
    let r5 = a[start + 5]!;
    let r6 = a[start + 6]!;
    let r7 = a[start + 7]!;
    const end8 = start + (n - (n % 8));
    let i = start + 8;
    for (; i < end8; i += 8) {
      r0 += a[i]!;
      r1 += a[i + 1]!;
      r2 += a[i + 2]!;
      r3 += a[i + 3]!;
      r4 += a[i + 4]!;
      r5 += a[i + 5]!;
      r6 += a[i + 6]!;
      r7 += a[i + 7]!;
    }
    let s = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
    for (; i < start + n; i++) s += a[i]!;
    return s;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(a, start, n2) + pairwiseSum(a, start + n2, n - n2);
}

/** Python's round() of a double to an integer: halves to even. */
function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/**
 * Flags the clear-sky samples of a measured irradiance series by the method of Reno & Hansen
 * (2016): over a sliding window (10 minutes by default) five statistics of the measured series
 * (mean, maximum, line length, normalised standard deviation of the slopes, largest change of the
 * difference to the clear sky) must agree with those of the clear-sky series scaled by alpha;
 * alpha is then refitted to the samples found clear (least squares) and the test repeated until
 * alpha settles to 1e-4 (at most maxIterations times). Windows are centred; a sample is clear
 * when it lies in a clear window. With `inferLimits`, the window and thresholds are those of
 * Jordan & Hansen (2023), Table 1, interpolated at the sample interval (1 to 30 minutes). A
 * window with a NaN sample (measured or clear sky) is not clear. Irradiance in W/m2, window in
 * minutes, times equally spaced (to 1 ms; a step of a day or more is taken whole, where pvlib's
 * reading of the step drops the days and fails). Same flags, alpha and components as pvlib's, by the same
 * arithmetic in the same order (numpy's pairwise sums for alpha).
 * Reno, M.J., Hansen, C.W. (2016), Identification of periods of clear sky irradiance in time series
 * of GHI measurements, Renewable Energy 90, 520-531, doi:10.1016/j.renene.2015.12.031; Jordan, D.C.,
 * Hansen, C. (2023), Clear-sky detection for PV degradation analysis using multiple regression,
 * Renewable Energy 209, 393-400, doi:10.1016/j.renene.2023.04.035. Follows
 * pvlib.clearsky.detect_clearsky.
 * @param input measured and clear-sky irradiance [W/m2] and their times [s, Unix]
 * @param options the window [min], thresholds, `inferLimits`, `maxIterations`, `returnComponents`
 * @param out optional buffer of the flags (one byte per sample)
 * @throws RangeError when the times are not equally spaced, a window holds fewer than 3 samples,
 *   or the series is shorter than one window
 * @example
 * const unixSeconds = Float64Array.from({ length: 30 }, (_, i) => 1333301400 + 60 * i);
 * const clearsky = Float64Array.from({ length: 30 }, (_, i) => 900 + 2 * i);
 * const measured = clearsky.map((v, i) => (i >= 12 && i <= 14 ? 400 : 0.97 * v));
 * const r = detectClearsky({ measured, clearsky, unixSeconds });
 * r.clearSamples[5]; // => 1
 * r.clearSamples[13]; // => 0
 */
export function detectClearsky(
  input: DetectClearskyInput,
  options: DetectClearskyOptions = {},
  out?: Uint8Array,
): DetectClearskyResult {
  const fn = 'detectClearsky';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const { measured, clearsky, unixSeconds } = input;
  if (!isFloat64Array(measured)) typeFailure(fn, 'measured', 'a Float64Array (W/m2)', measured);
  if (!isFloat64Array(clearsky)) typeFailure(fn, 'clearsky', 'a Float64Array (W/m2)', clearsky);
  checkTimes(fn, 'unixSeconds', unixSeconds);
  const n = checkSeries(fn, [
    ['measured', measured, 'W/m2'],
    ['clearsky', clearsky, 'W/m2'],
    ['unixSeconds', unixSeconds, 'Unix seconds'],
  ]);
  for (let i = 0; i < n; i++) {
    if (unixSeconds[i]! !== unixSeconds[i]!) rangeFailure(fn, `unixSeconds[${i}]`, 'a time (Unix seconds)', Number.NaN);
  }
  if (n < 2) rangeFailure(fn, 'unixSeconds', 'at least two times (the step sets the sample interval)', n, ' rows');
  const step = checkConstantStep(fn, 'unixSeconds', unixSeconds);
  const interval = step / 60;
  const th = thresholds(fn, options, interval);
  const maxIterations = options.maxIterations ?? 20;
  if (!(Number.isInteger(maxIterations) && maxIterations >= 1))
    rangeFailure(fn, 'options.maxIterations', 'an integer >= 1', maxIterations);
  const w = Math.trunc(th.windowLength / interval);
  if (w < 3)
    rangeFailure(
      fn,
      'options.windowLength',
      `at least 3 samples long: ${3 * interval} minutes or longer at this step`,
      th.windowLength,
      ` minutes, ${w} samples`,
    );
  if (n < w) rangeFailure(fn, 'measured', `at least one window long (${w} samples)`, n, ' samples');
  if (out !== undefined && (!(out instanceof Uint8Array) || out.length !== n))
    rangeFailure(fn, 'out', `a Uint8Array of length ${n}`, out);
  const clear = out ?? new Uint8Array(n);

  const m = n - w + 1; // windows: window j holds samples j .. j + w - 1
  const si2 = interval * interval;
  // Statistics of the measured and clear-sky series that do not depend on alpha, per window.
  const measMean = new Float64Array(m);
  const measMax = new Float64Array(m);
  const measNstd = new Float64Array(m);
  const measLine = new Float64Array(m);
  const clearMean = new Float64Array(m);
  const clearMax = new Float64Array(m);
  const segment = new Float64Array(n); // per sample k < n - 1: a term between k and k + 1
  windowMeanMax(measured, w, m, measMean, measMax);
  windowMeanMax(clearsky, w, m, clearMean, clearMax);
  for (let k = 0; k < n - 1; k++) {
    const d = measured[k + 1]! - measured[k]!;
    segment[k] = Math.sqrt(d * d + si2);
  }
  windowSum(segment, w - 1, m, measLine);
  slopeNstd(measured, interval, w, m, measMean, measNstd);

  const clearLine = new Float64Array(m);
  const slopeMax = new Float64Array(m);
  const windows = new Uint8Array(m);
  const picked = new Float64Array(n);
  const pickedClear = new Float64Array(n);
  let alpha = 1;
  let alphaUsed = 1;
  let iterations = 0;
  let converged = false;
  const { meanDiff, maxDiff, lowerLineLength, upperLineLength, varDiff, slopeDev } = th;
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    iterations = iteration + 1;
    alphaUsed = alpha;
    // Line length of the scaled clear sky, and the largest change of measured - scaled clear sky.
    for (let k = 0; k < n - 1; k++) {
      const d = alpha * clearsky[k + 1]! - alpha * clearsky[k]!;
      segment[k] = Math.sqrt(d * d + si2);
    }
    windowSum(segment, w - 1, m, clearLine);
    for (let k = 0; k < n - 1; k++) {
      const d = measured[k + 1]! - alpha * clearsky[k + 1]! - (measured[k]! - alpha * clearsky[k]!);
      segment[k] = d < 0 ? -d : d;
    }
    windowMax(segment, w - 1, m, slopeMax);
    for (let j = 0; j < m; j++) {
      const c1 = Math.abs(measMean[j]! - alpha * clearMean[j]!) < meanDiff;
      const c2 = Math.abs(measMax[j]! - alpha * clearMax[j]!) < maxDiff;
      const lineDiff = measLine[j]! - clearLine[j]!;
      const c3 = lineDiff > lowerLineLength && lineDiff < upperLineLength;
      const c4 = measNstd[j]! < varDiff;
      const c5 = slopeMax[j]! < slopeDev;
      const cm = clearMean[j]!;
      const c6 = cm !== 0 && cm === cm;
      windows[j] = c1 && c2 && c3 && c4 && c5 && c6 ? 1 : 0;
    }
    // A sample is clear when a clear window holds it: the last clear window starts < w samples before.
    let lastClear = -w;
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (i < m && windows[i] === 1) lastClear = i;
      if (i - lastClear < w) {
        clear[i] = 1;
        picked[count] = measured[i]! * clearsky[i]!;
        pickedClear[count] = clearsky[i]! * clearsky[i]!;
        count++;
      } else {
        clear[i] = 0;
      }
    }
    // Least-squares alpha over the clear samples (numpy's sums: pvlib's double).
    const previous = alpha;
    const c = pairwiseSum(pickedClear, 0, count);
    if (c === c && c !== 0) alpha = pairwiseSum(picked, 0, count) / c;
    if (roundHalfEven(alpha * 10000) === roundHalfEven(previous * 10000)) {
      converged = true;
      break;
    }
  }

  const result: DetectClearskyResult = { clearSamples: clear, alpha, iterations, converged };
  if (options.returnComponents === true) {
    result.components = components(n, w, m, th, alphaUsed, alpha, {
      measMean,
      measMax,
      measNstd,
      measLine,
      clearMean,
      clearMax,
      clearLine,
      slopeMax,
      windows,
    });
  }
  return result;
}

/*
 * The window sums below take eight windows at a time: eight sums advance side by side, each over its
 * own window in order, so every window's double is the one a loop over that window alone gives
 * (numpy's order), while the processor overlaps eight chains of additions where one would wait on
 * each addition in turn. Maxima need no order: a sliding-window maximum finds them in one pass.
 */

/** Mean (sum in order, then / w, as numpy) and maximum (NaN if any is NaN) of each window. */
function windowMeanMax(x: Float64Array, w: number, m: number, mean: Float64Array, max: Float64Array): void {
  windowSum(x, w, m, mean);
  for (let j = 0; j < m; j++) mean[j] = mean[j]! / w;
  windowMax(x, w, m, max);
}

/** Sum of each window of `len` terms (in order, as numpy's sum over the window axis). */
function windowSum(x: Float64Array, len: number, m: number, res: Float64Array): void {
  let j = 0;
  for (; j + 8 <= m; j += 8) {
    let s0 = 0,
      s1 = 0,
      s2 = 0,
      s3 = 0,
      s4 = 0,
      s5 = 0,
      s6 = 0,
      s7 = 0;
    for (let k = j; k < j + len; k++) {
      s0 += x[k]!;
      s1 += x[k + 1]!;
      s2 += x[k + 2]!;
      s3 += x[k + 3]!;
      s4 += x[k + 4]!;
      s5 += x[k + 5]!;
      s6 += x[k + 6]!;
      s7 += x[k + 7]!;
    }
    res[j] = s0;
    res[j + 1] = s1;
    res[j + 2] = s2;
    res[j + 3] = s3;
    res[j + 4] = s4;
    res[j + 5] = s5;
    res[j + 6] = s6;
    res[j + 7] = s7;
  }
  for (; j < m; j++) {
    let s = 0;
    for (let k = j; k < j + len; k++) s += x[k]!;
    res[j] = s;
  }
}

/** Indices of the sliding maximum's candidates (reused; a window's candidates are distinct samples). */
let candidates = new Int32Array(0);

/**
 * Largest of each window of `len` terms, NaN if any is NaN (numpy's max). One pass with the
 * indices of the candidates in decreasing order of value (a later sample drops the smaller ones
 * before it): the front is the window's maximum, the first of equal ones, as a scan would find it.
 */
function windowMax(x: Float64Array, len: number, m: number, res: Float64Array): void {
  const end = m + len - 1;
  if (candidates.length < end) candidates = new Int32Array(end);
  const queue = candidates;
  let head = 0;
  let tail = 0;
  let lastNaN = -1;
  for (let k = 0; k < end; k++) {
    const v = x[k]!;
    if (v !== v) lastNaN = k;
    else {
      while (tail > head && x[queue[tail - 1]!]! < v) tail--;
      queue[tail++] = k;
    }
    const j = k - len + 1; // the window that ends at k
    if (j >= 0) {
      if (lastNaN >= j) res[j] = Number.NaN;
      else {
        while (queue[head]! < j) head++;
        res[j] = x[queue[head]!]!;
      }
    }
  }
}

/**
 * Standard deviation (ddof 1) of the w - 1 slopes of each window [W/m2/min], over the window's
 * mean: numpy's two passes (mean of the slopes, then the sum of squared deviations). Each slope
 * is divided once, not once per window that holds it (the same double either way), and eight
 * windows advance side by side as in {@link windowSum}.
 */
function slopeNstd(x: Float64Array, interval: number, w: number, m: number, mean: Float64Array, res: Float64Array) {
  const len = w - 1;
  const slope = new Float64Array(m + len - 1);
  for (let k = 0; k < slope.length; k++) slope[k] = (x[k + 1]! - x[k]!) / interval;
  // numpy's first pass, each window's sum of slopes, into res; then the squared deviations from
  // each window's mean, eight windows side by side.
  windowSum(slope, len, m, res);
  let j = 0;
  for (; j + 8 <= m; j += 8) {
    const mu0 = res[j]! / len,
      mu1 = res[j + 1]! / len,
      mu2 = res[j + 2]! / len,
      mu3 = res[j + 3]! / len,
      mu4 = res[j + 4]! / len,
      mu5 = res[j + 5]! / len,
      mu6 = res[j + 6]! / len,
      mu7 = res[j + 7]! / len;
    let q0 = 0,
      q1 = 0,
      q2 = 0,
      q3 = 0,
      q4 = 0,
      q5 = 0,
      q6 = 0,
      q7 = 0;
    for (let k = j; k < j + len; k++) {
      const d0 = slope[k]! - mu0;
      const d1 = slope[k + 1]! - mu1;
      const d2 = slope[k + 2]! - mu2;
      const d3 = slope[k + 3]! - mu3;
      const d4 = slope[k + 4]! - mu4;
      const d5 = slope[k + 5]! - mu5;
      const d6 = slope[k + 6]! - mu6;
      const d7 = slope[k + 7]! - mu7;
      q0 += d0 * d0;
      q1 += d1 * d1;
      q2 += d2 * d2;
      q3 += d3 * d3;
      q4 += d4 * d4;
      q5 += d5 * d5;
      q6 += d6 * d6;
      q7 += d7 * d7;
    }
    res[j] = Math.sqrt(q0 / (len - 1)) / mean[j]!;
    res[j + 1] = Math.sqrt(q1 / (len - 1)) / mean[j + 1]!;
    res[j + 2] = Math.sqrt(q2 / (len - 1)) / mean[j + 2]!;
    res[j + 3] = Math.sqrt(q3 / (len - 1)) / mean[j + 3]!;
    res[j + 4] = Math.sqrt(q4 / (len - 1)) / mean[j + 4]!;
    res[j + 5] = Math.sqrt(q5 / (len - 1)) / mean[j + 5]!;
    res[j + 6] = Math.sqrt(q6 / (len - 1)) / mean[j + 6]!;
    res[j + 7] = Math.sqrt(q7 / (len - 1)) / mean[j + 7]!;
  }
  for (; j < m; j++) {
    const mu = res[j]! / len;
    let ss = 0;
    for (let k = j; k < j + len; k++) {
      const d = slope[k]! - mu;
      ss += d * d;
    }
    res[j] = Math.sqrt(ss / (len - 1)) / mean[j]!;
  }
}

interface WindowStats {
  measMean: Float64Array;
  measMax: Float64Array;
  measNstd: Float64Array;
  measLine: Float64Array;
  clearMean: Float64Array;
  clearMax: Float64Array;
  clearLine: Float64Array;
  slopeMax: Float64Array;
  windows: Uint8Array;
}

/** The criteria at each window's centre sample (pvlib's centred series). */
function components(
  n: number,
  w: number,
  m: number,
  th: ReturnType<typeof thresholds>,
  alphaUsed: number,
  alpha: number,
  s: WindowStats,
): DetectClearskyComponents {
  const half = w >> 1;
  const flag = () => new Uint8Array(n);
  const value = () => new Float64Array(n).fill(Number.NaN);
  const c: DetectClearskyComponents = {
    meanDiffFlag: flag(),
    maxDiffFlag: flag(),
    lineLengthFlag: flag(),
    slopeNstdFlag: flag(),
    slopeMaxFlag: flag(),
    meanNanFlag: flag(),
    windows: flag(),
    meanDiff: value(),
    maxDiff: value(),
    lineLength: value(),
    slopeNstd: value(),
    slopeMax: value(),
  };
  for (let j = 0; j < m; j++) {
    const i = j + half;
    // The flags are those of the last iteration, whose alpha is the one before the final refit.
    c.windows[i] = s.windows[j]!;
    c.meanDiffFlag[i] = Math.abs(s.measMean[j]! - alphaUsed * s.clearMean[j]!) < th.meanDiff ? 1 : 0;
    c.maxDiffFlag[i] = Math.abs(s.measMax[j]! - alphaUsed * s.clearMax[j]!) < th.maxDiff ? 1 : 0;
    c.meanDiff[i] = Math.abs(s.measMean[j]! - alpha * s.clearMean[j]!);
    c.maxDiff[i] = Math.abs(s.measMax[j]! - alpha * s.clearMax[j]!);
    c.lineLength[i] = s.measLine[j]! - s.clearLine[j]!;
    c.slopeNstd[i] = s.measNstd[j]!;
    c.slopeMax[i] = s.slopeMax[j]!;
    const lineDiff = c.lineLength[i]!;
    c.lineLengthFlag[i] = lineDiff > th.lowerLineLength && lineDiff < th.upperLineLength ? 1 : 0;
    c.slopeNstdFlag[i] = s.measNstd[j]! < th.varDiff ? 1 : 0;
    c.slopeMaxFlag[i] = s.slopeMax[j]! < th.slopeDev ? 1 : 0;
    const cm = s.clearMean[j]!;
    c.meanNanFlag[i] = cm !== 0 && cm === cm ? 1 : 0;
  }
  return c;
}

/** Options of {@link clearskyIndex}. */
export interface ClearskyIndexOptions {
  /** Largest clear-sky index returned [unitless], default 2 (over-irradiance in sub-hourly data). */
  maxClearskyIndex?: number;
}

/** Inputs of {@link clearskyIndex}. */
export interface ClearskyIndexInput {
  /** Global horizontal irradiance [W/m2]. */
  ghi: Column;
  /** Modelled clear-sky GHI [W/m2]. */
  ghiClear: Column;
}

/**
 * Clear-sky index [unitless]: GHI over clear-sky GHI, held to 0..maxClearskyIndex; where the
 * ratio is infinite or undefined (clear-sky GHI 0) it is 0, and a NaN or infinite input gives NaN,
 * as pvlib.irradiance.clearsky_index.
 * @param input `ghi` and `ghiClear` [W/m2]
 * @param options `maxClearskyIndex`, default 2
 * @param out optional output buffer
 * @example
 * clearskyIndex({ ghi: 450, ghiClear: 900 })[0]; // => 0.5
 */
export function clearskyIndex(
  input: ClearskyIndexInput,
  options: ClearskyIndexOptions = {},
  out?: Float64Array,
): Float64Array {
  const fn = 'clearskyIndex';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const n = checkSeries(fn, [
    ['ghi', input.ghi, 'W/m2'],
    ['ghiClear', input.ghiClear, 'W/m2'],
  ]);
  const maxIndex = options.maxClearskyIndex ?? 2;
  if (typeof maxIndex !== 'number' || maxIndex !== maxIndex)
    typeFailure(fn, 'options.maxClearskyIndex', 'a number (unitless)', maxIndex);
  const res = outputColumn(out, n);
  const gA = arrayOf(input.ghi);
  const cA = arrayOf(input.ghiClear);
  const g0 = scalarOf(input.ghi);
  const c0 = scalarOf(input.ghiClear);
  for (let i = 0; i < n; i++) {
    const g = gA !== null ? gA[i]! : g0;
    const c = cA !== null ? cA[i]! : c0;
    if (!Number.isFinite(g) || !Number.isFinite(c)) {
      res[i] = Number.NaN;
      continue;
    }
    let k = g / c;
    if (!Number.isFinite(k)) k = 0;
    if (k < 0) k = 0;
    // numpy.minimum: a NaN limit gives NaN (refused above); a limit below 0 wins over the 0.
    res[i] = k > maxIndex ? maxIndex : k;
  }
  return res;
}
