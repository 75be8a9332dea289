/**
 * HSU soiling model: M. Coello and L. Boyle, "Simple Model For Predicting Time Series Soiling of
 * Photovoltaic Panels", IEEE Journal of Photovoltaics 9(5) (2019) 1382-1387,
 * DOI 10.1109/JPHOTOV.2019.2919628. Semantics follow pvlib.soiling.hsu.
 */
import { asColumn, type Column, seriesLength, outputColumn } from '../util/columns.js';
import { erf, ERF_SMALL_COEFFICIENTS, ERF_SMALL_LIMIT, erfInv } from './erf.js';
import { rollingRainSum } from './rainWindow.js';

/** Largest loss the HSU model can give: SR = 1 - 0.3437 erf(...) tends to 0.6563. */
export const HSU_MAX_LOSS = 0.3437;

/**
 * Length of the ramp-up window run before a requested start when no initial soiling is given:
 * 30 days. A month covers the dry spell between cleaning rains in most climates, and the HSU
 * mass grows linearly, so after a month the state carries what it would have carried from any
 * earlier clean start, unless no rain above the threshold fell for the whole month (then the
 * real loss is at least the ramped-up one). Callers may choose another length.
 */
export const HSU_RAMP_UP_SECONDS = 30 * 86_400;

const HSU_ERF_SCALE = 0.17;
const HSU_MASS_EXPONENT = 0.8473;
const DEG = Math.PI / 180;
/** Rows between exact evaluations of m^0.8473 in the carried form. */
const EXACT_EVERY = 512;
// Binomial coefficients of (1 + x)^0.8473: B_k = B_{k-1} (0.8473 - k + 1) / k.
const B1 = HSU_MASS_EXPONENT;
const B2 = (B1 * (HSU_MASS_EXPONENT - 1)) / 2;
const B3 = (B2 * (HSU_MASS_EXPONENT - 2)) / 3;
const B4 = (B3 * (HSU_MASS_EXPONENT - 3)) / 4;
const B5 = (B4 * (HSU_MASS_EXPONENT - 4)) / 5;
const B6 = (B5 * (HSU_MASS_EXPONENT - 5)) / 6;
const B7 = (B6 * (HSU_MASS_EXPONENT - 6)) / 7;
const B8 = (B7 * (HSU_MASS_EXPONENT - 7)) / 8;

export interface HsuInput {
  /** Period-end times, Unix seconds (UTC), increasing. */
  unixSeconds: Float64Array;
  /** Rain accumulated in each period, mm. NaN is taken as missing (not counted). */
  rainfall: Float64Array;
  /** PM2.5 concentration, g/m3. */
  pm2_5: Column;
  /** PM10 concentration, g/m3. */
  pm10: Column;
}

export interface HsuOptions {
  /** Rain, mm, over `rainAccumPeriod` that cleans the modules (a clean when the sum is >= it). */
  cleaningThreshold: number;
  /** Module tilt from horizontal, degrees. */
  surfaceTilt: number;
  /** Deposition velocity of PM2.5, m/s (default 0.0009). */
  depoVelocPm2_5?: number;
  /** Deposition velocity of PM10, m/s (default 0.004). */
  depoVelocPm10?: number;
  /** Rain accumulation window, seconds (default 3600): the sum over (t - period, t]. */
  rainAccumPeriod?: number;
  /**
   * Loss fraction at the first row before its own deposit, 0 <= x < 0.3437: turned into the
   * equivalent accumulated mass (see `hsuMassFromLoss`). Ignored when `initialMass` is given.
   */
  initialSoiling?: number;
  /** Accumulated mass at the start, g/m2 (for example the end state of a ramp-up run). */
  initialMass?: number;
  /**
   * Manual wash times, Unix seconds, sorted: each resets the accumulated mass to zero at the first
   * row whose period-end time is at or after it; washes before the first period are ignored.
   */
  manualWashTimes?: Float64Array;
  /** Length of a period, s: used only when the series has a single row (else from the times). */
  periodSeconds?: number;
}

export interface HsuResult {
  /** 1 - transmission loss, in (0.6563, 1]. */
  soilingRatio: Float64Array;
  /** Fraction of energy lost, 1 - soiling ratio, in [0, 0.3437). */
  lossFraction: Float64Array;
  /** Accumulated mass on the tilted surface at the last row, g/m2 (state for a next window). */
  finalMass: number;
}

/** m^0.8473 for a mass m >= 0 (NaN otherwise), as exp(0.8473 ln m): faster than Math.pow in V8. */
function massToPower(mass: number): number {
  if (mass > 0) return Math.exp(HSU_MASS_EXPONENT * Math.log(mass));
  return mass === 0 ? 0 : NaN;
}

/**
 * Accumulated particulate mass, g/m2, that gives an HSU loss fraction: the inverse of
 * loss = 0.3437 erf(0.17 m^0.8473). `loss` must be in [0, 0.3437).
 */
export function hsuMassFromLoss(loss: number): number {
  if (!(loss >= 0 && loss < HSU_MAX_LOSS)) {
    throw new RangeError(`initial soiling must be >= 0 and < ${HSU_MAX_LOSS}, got ${loss}`);
  }
  if (loss === 0) return 0;
  return Math.pow(erfInv(loss / HSU_MAX_LOSS) / HSU_ERF_SCALE, 1 / HSU_MASS_EXPONENT);
}

/**
 * HSU soiling ratio and loss fraction over a series (Coello & Boyle 2019).
 *
 * Particles settle at their deposition velocities, PM2.5 at `depoVelocPm2_5` and the coarse
 * fraction (PM10 - PM2.5, at least 0) at `depoVelocPm10`, for the length of each period (the
 * first period is taken as long as the second), scaled by cos(tilt) for the tilted surface. The
 * accumulated mass m (g/m2) gives SR = 1 - 0.3437 erf(0.17 m^0.8473). Rain summed over
 * (t - rainAccumPeriod, t] that reaches `cleaningThreshold` (>=) removes all the mass at that row,
 * and so does a manual wash. As pvlib, the mass is kept as a running total minus the total at the
 * last cleaning, and the rain window sum is compensated (Kahan) as pandas' rolling sum is, so the
 * threshold decisions and values agree with pvlib.soiling.hsu to rounding. One pass.
 *
 * Inputs: times (Unix s), rainfall (mm per period), PM (g/m3). Outputs: ratio and loss (unitless).
 */
export function hsuSoiling(
  input: HsuInput,
  options: HsuOptions,
  out?: { soilingRatio?: Float64Array; lossFraction?: Float64Array },
): HsuResult {
  const { unixSeconds: t, rainfall: rain } = input;
  const n = seriesLength(t, rain, input.pm2_5, input.pm10);
  const pm25 = asColumn(input.pm2_5, n);
  const pm10 = asColumn(input.pm10, n);
  const ratio = outputColumn(out?.soilingRatio, n, 'soilingRatio');
  const loss = outputColumn(out?.lossFraction, n, 'lossFraction');
  if (n === 0) return { soilingRatio: ratio, lossFraction: loss, finalMass: options.initialMass ?? 0 };

  const v25 = options.depoVelocPm2_5 ?? 0.0009;
  const v10 = options.depoVelocPm10 ?? 0.004;
  const threshold = options.cleaningThreshold;
  const accumPeriod = options.rainAccumPeriod ?? 3600;
  const cosTilt = Math.cos(options.surfaceTilt * DEG);
  let firstDt: number;
  if (n >= 2) firstDt = t[1]! - t[0]!;
  else if (options.periodSeconds !== undefined) firstDt = options.periodSeconds;
  else throw new RangeError('a single-row series needs options.periodSeconds');
  const startMass =
    options.initialMass !== undefined
      ? options.initialMass
      : options.initialSoiling !== undefined
        ? hsuMassFromLoss(options.initialSoiling)
        : 0;
  const washes = options.manualWashTimes;
  const finalMass = hsuKernel(
    n, t, rain, pm25, pm10, v25, v10, cosTilt, threshold, accumPeriod, firstDt, startMass,
    washes ?? NO_WASHES, ratio, loss,
  );
  return { soilingRatio: ratio, lossFraction: loss, finalMass };
}

const NO_WASHES = new Float64Array(0);

/**
 * The HSU loop, apart from the option handling of its caller so that V8 optimises a small
 * function with plain number parameters. Writes ratio and loss; returns the accumulated mass at
 * the last row.
 */
function hsuKernel(
  n: number,
  t: Float64Array,
  rain: Float64Array,
  pm25: Float64Array,
  pm10: Float64Array,
  v25: number,
  v10: number,
  cosTilt: number,
  threshold: number,
  accumPeriod: number,
  firstDt: number,
  startMass: number,
  washes: Float64Array,
  ratio: Float64Array,
  loss: Float64Array,
): number {
  const nWash = washes.length;
  // erf below 0.46875 (every realistic mass up to about 3 g/m2) is evaluated inline: V8 did not
  // inline erf into this large loop, and a call returns a boxed number. Imported bindings are
  // read once into locals.
  const erfSmallLimit = ERF_SMALL_LIMIT;
  const erfAny = erf;
  const c = ERF_SMALL_COEFFICIENTS;
  const a0 = c[0]!;
  const a1 = c[1]!;
  const a2 = c[2]!;
  const a3 = c[3]!;
  const a4 = c[4]!;
  const b0 = c[5]!;
  const b1 = c[6]!;
  const b2 = c[7]!;
  const b3 = c[8]!;
  // Washes before the first period began are already part of the initial state.
  let w = 0;
  while (w < nWash && washes[w]! <= t[0]! - firstDt) w++;

  // Running totals: mass deposited since the start (plus the initial mass) and at the last clean.
  // `0 + x` makes these numbers V8 can keep unboxed: a value that merges a parameter of unknown
  // type with a computed double stays boxed, and every row then allocated a heap number.
  let total = 0 + startMass;
  const firstStep = 0 + firstDt;
  let removed = 0;
  const rainSum = rollingRainSum(t, rain, accumPeriod);

  // State of the carried mass power (see the loop).
  let prevMass = 0;
  let prevPower = 0;
  let sinceExact = 0;
  let lastMass = total;

  for (let i = 0; i < n; i++) {
    const ti = t[i]!;
    const dt = i === 0 ? firstStep : ti - t[i - 1]!;
    const coarse = pm10[i]! - pm25[i]!;
    const rate = (pm25[i]! * v25 + (coarse > 0 ? coarse : 0) * v10) * dt;
    total += rate * cosTilt;

    const accum = rainSum[i]!;

    let clean = accum >= threshold;
    while (w < nWash && washes[w]! <= ti) {
      clean = true;
      w++;
    }
    if (clean) removed = total;
    const mass = total - removed;
    lastMass = mass;
    // m^0.8473. Between cleanings the mass grows by a small fraction x per row, so the power is
    // carried forward as prev * (1 + x)^0.8473 with the binomial series (8 terms, exact to
    // rounding for x <= 0.01), at the cost of one division instead of Math.log and Math.exp
    // (Math.pow itself costs twice those). It is recomputed exactly after a cleaning, whenever
    // x is larger, and every EXACT_EVERY rows so that rounding cannot drift.
    let massPower: number;
    const x = (mass - prevMass) / prevMass;
    if (x >= 0 && x <= 0.01 && sinceExact < EXACT_EVERY) {
      massPower =
        prevPower * (1 + x * (B1 + x * (B2 + x * (B3 + x * (B4 + x * (B5 + x * (B6 + x * (B7 + x * B8))))))));
      sinceExact++;
    } else {
      // `0 +`: a call's result has no known type; without it the merged value is boxed per row.
      massPower = 0 + massToPower(mass);
      sinceExact = 0;
    }
    prevMass = mass;
    prevPower = massPower;
    const y = HSU_ERF_SCALE * massPower;
    let erfY: number;
    if (y <= erfSmallLimit && y >= 0) {
      const z = y * y;
      erfY = (y * ((((a4 * z + a0) * z + a1) * z + a2) * z + a3)) / ((((z + b0) * z + b1) * z + b2) * z + b3);
    } else erfY = 0 + erfAny(y);
    const l = HSU_MAX_LOSS * erfY;
    ratio[i] = 1 - l;
    loss[i] = l;
  }
  // The end state is the last row's mass: no arithmetic after the loop, so the loop's optimised
  // code does not meet an operation without type feedback on exit (V8 deoptimised there).
  return lastMass;
}

/**
 * The accumulated mass, g/m2, at the end of a ramp-up run: the HSU model over a spin-up series
 * (typically the `HSU_RAMP_UP_SECONDS` before a requested start) from a clean surface. Pass the
 * result as `initialMass` to `hsuSoiling` over the requested window.
 */
export function hsuRampUpMass(spinUp: HsuInput, options: Omit<HsuOptions, 'initialSoiling' | 'initialMass'>): number {
  if (spinUp.unixSeconds.length === 0) return 0;
  return hsuSoiling(spinUp, options).finalMass;
}
