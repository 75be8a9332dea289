/**
 * HSU soiling model: M. Coello and L. Boyle, "Simple Model For Predicting Time Series Soiling of
 * Photovoltaic Panels", IEEE Journal of Photovoltaics 9(5) (2019) 1382-1387,
 * DOI 10.1109/JPHOTOV.2019.2919628. Semantics follow pvlib.soiling.hsu.
 */
import { asColumn, type Column, outputColumn, seriesLength, sharesMemory } from '../util/columns.js';
import { checkHsu } from './checks.js';
import { erf, ERF_SMALL_COEFFICIENTS, ERF_SMALL_LIMIT, erfInv } from './erf.js';
import { rollingRainSum } from './rain-window.js';
import { lazyWasmKernel, loadWasmKernel, writePairs } from '../util/wasm.js';
import { HSU_WASM_BASE64 } from './wasm/hsu.wasm.js';

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
/**
 * m^0.8473 by tables (see `massPower` in the kernel): m = 2^e f with f in [1, 2), f = c_j (1 + r)
 * with c_j the centre of the j-th of POWER_CELLS cells of [1, 2), so that
 * m^0.8473 = (2^e)^0.8473 c_j^0.8473 (1 + r)^0.8473 and |r| <= 1 / (2 POWER_CELLS).
 */
const POWER_CELL_BITS = 12;
const POWER_CELLS = 1 << POWER_CELL_BITS;
/** (2^(b - 1023))^0.8473 for a biased exponent b (1..2046: normal numbers). */
const POWER_OF_SCALE = new Float64Array(2048);
/** 2^-(b - 1023): brings m to f in [1, 2) exactly (a power-of-two scaling). */
const INVERSE_SCALE = new Float64Array(2048);
for (let b = 1; b < 2047; b++) {
  POWER_OF_SCALE[b] = Math.pow(Math.pow(2, b - 1023), HSU_MASS_EXPONENT);
  INVERSE_SCALE[b] = Math.pow(2, 1023 - b);
}
/** Width of a cell; the centre of cell j is 1 + (j + 0.5) CELL_WIDTH (exact in doubles). */
const CELL_WIDTH = 1 / POWER_CELLS;
/** Inverses of the cell centres, and the centres to the power 0.8473. */
const CELL_INVERSE = new Float64Array(POWER_CELLS);
const CELL_POWER = new Float64Array(POWER_CELLS);
for (let j = 0; j < POWER_CELLS; j++) {
  const centre = 1 + (j + 0.5) * CELL_WIDTH;
  CELL_INVERSE[j] = 1 / centre;
  CELL_POWER[j] = Math.pow(centre, HSU_MASS_EXPONENT);
}
// Binomial coefficients of (1 + r)^0.8473: B_k = B_{k-1} (0.8473 - k + 1) / k. With
// |r| <= 1/8192 the first omitted term, B4 r^4, is below 3e-18 relative (a thirtieth of the half
// ulp that rounding the result costs anyway).
const B1 = HSU_MASS_EXPONENT;
const B2 = (B1 * (HSU_MASS_EXPONENT - 1)) / 2;
const B3 = (B2 * (HSU_MASS_EXPONENT - 2)) / 3;

/**
 * erf(y) = y (E0 + E1 y^2 + ... ) by its Maclaurin series, E_k = 2/sqrt(pi) (-1)^k / (k! (2k + 1)),
 * used for y <= ERF_SERIES_LIMIT (masses up to about 0.7 g/m2, the usual range): the first term
 * left out, E7 y^14, is below 4e-18 relative there. No division, unlike Cody's rational form used
 * above it, and evaluated in Estrin's order so that the processor overlaps rows.
 */
const ERF_SERIES_LIMIT = 0.125;
const E0 = 1.1283791670955126;
const E1 = -E0 / 3;
const E2 = E0 / 10;
const E3 = -E0 / 42;
const E4 = E0 / 216;
const E5 = -E0 / 1320;
const E6 = E0 / 9360;
/** A double seen as two 32-bit words, to read the exponent and leading mantissa bits of a mass. */
const BITS_F64 = new Float64Array(1);
const BITS_I32 = new Int32Array(BITS_F64.buffer);
/** Index of the word holding sign, exponent and top mantissa bits (platform byte order). */
const HIGH_WORD = new Uint8Array(Float64Array.of(1).buffer)[7] === 0x3f ? 1 : 0;

/** Input columns of {@link hsuSoiling}: times, rainfall [mm] and particulate concentrations [g/m3]. */
export interface HsuInput {
  /** Period-end times, Unix seconds (UTC), strictly increasing. */
  unixSeconds: Float64Array;
  /** Rain accumulated in each period, mm, >= 0. NaN is taken as missing (not counted). */
  rainfall: Float64Array;
  /** PM2.5 concentration, g/m3 (as pvlib; the API and weather services serve ug/m3: divide by 1e6). */
  pm2_5: Column;
  /** PM10 concentration, g/m3 (ug/m3 / 1e6). */
  pm10: Column;
}

/** Options of {@link hsuSoiling}: cleaning threshold [mm], tilt [deg], deposition velocities [m/s], state. */
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

/** Result of {@link hsuSoiling}: soiling ratio and loss fraction [unitless] and the final mass [g/m2]. */
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
 * @example
 * hsuMassFromLoss(0.05); // about 0.726 g/m2
 */
export function hsuMassFromLoss(loss: number): number {
  if (!(loss >= 0 && loss < HSU_MAX_LOSS)) {
    throw new RangeError(`hsuMassFromLoss: loss must be a fraction >= 0 and < ${HSU_MAX_LOSS} (got ${loss})`);
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
 * threshold decisions and values agree with pvlib.soiling.hsu to rounding (m^0.8473 and erf are
 * evaluated within a few units in the last place, without Math.pow). A pass for the rain window
 * sums (written into the ratio column when the caller's buffer is not an input), then blocks of
 * rows: masses, then losses.
 *
 * Inputs: times (Unix s), rainfall (mm per period), PM (g/m3). Outputs: ratio and loss (unitless).
 * @throws RangeError for times that do not increase strictly (naming the first index that does not),
 *   negative rainfall, or PM above 0.01 g/m3 (10,000 ug/m3: values in ug/m3, divide by 1e6)
 * @example
 * // Thirty dry days of hourly periods at 40 and 60 micrograms/m3, a module at 20 degrees:
 * const t = Float64Array.from({ length: 720 }, (_, i) => 1_700_000_000 + 3600 * i);
 * const r = hsuSoiling({ unixSeconds: t, rainfall: new Float64Array(720), pm2_5: 40e-6, pm10: 60e-6 }, { cleaningThreshold: 1, surfaceTilt: 20 });
 * r.lossFraction[719]; // about 0.0226
 */
export function hsuSoiling(
  input: HsuInput,
  options: HsuOptions,
  out?: { soilingRatio?: Float64Array; lossFraction?: Float64Array },
): HsuResult {
  checkHsu('hsuSoiling', input, options);
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
    n,
    t,
    rain,
    pm25,
    pm10,
    v25,
    v10,
    cosTilt,
    threshold,
    accumPeriod,
    firstDt,
    startMass,
    washes ?? NO_WASHES,
    ratio,
    loss,
    sharesMemory(ratio, t) ||
      sharesMemory(ratio, rain) ||
      sharesMemory(ratio, pm25) ||
      sharesMemory(ratio, pm10) ||
      sharesMemory(ratio, loss)
      ? new Float64Array(n)
      : ratio,
  );
  return { soilingRatio: ratio, lossFraction: loss, finalMass };
}

const NO_WASHES = new Float64Array(0);

/**
 * Rows per call of `hsuRows`. The loop runs in blocks so that V8 sees a function called many times
 * and gives it fully optimised code within the first series: one loop over a whole year ran, for
 * tens of calls, as on-stack-replacement code in which the values carried from row to row were
 * boxed (about 1.7x slower).
 */
const BLOCK_ROWS = 1024;

// Slots of the state carried from block to block (a Float64Array, so that every read is a double).
const S_TOTAL = 0;
const S_REMOVED = 1;
const S_LAST_MASS = 2;
const S_V25 = 3;
const S_V10 = 4;
const S_COS_TILT = 5;
const S_THRESHOLD = 6;
const S_FIRST_DT = 7;
const STATE_SLOTS = 8;

/**
 * The HSU model over a series, apart from the option handling of its caller. Writes ratio and
 * loss; returns the accumulated mass at the last row. `scratch` (length n) takes the rain window
 * sums: the ratio column when it is not an input, which each row reads before overwriting.
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
  scratch: Float64Array,
): number {
  const rainSum = rollingRainSum({ unixSeconds: t, rainfall: rain }, { windowSeconds: accumPeriod }, scratch);
  // Washes before the first period began are already part of the initial state.
  const nWash = washes.length;
  let w = 0;
  while (w < nWash && washes[w]! <= t[0]! - firstDt) w++;
  const state = new Float64Array(STATE_SLOTS);
  state[S_TOTAL] = startMass;
  state[S_REMOVED] = 0;
  state[S_LAST_MASS] = startMass;
  state[S_V25] = v25;
  state[S_V10] = v10;
  state[S_COS_TILT] = cosTilt;
  state[S_THRESHOLD] = threshold;
  state[S_FIRST_DT] = firstDt;
  let start = 0;
  while (start < n) {
    let end = start + BLOCK_ROWS < n ? start + BLOCK_ROWS : n;
    // A manual wash cleans the first row ending at or after it: end the block there, so that the
    // row loop has no wash test.
    let washAtEnd = false;
    if (w < nWash) {
      const washTime = washes[w]!;
      let k = start;
      // (Written so that a NaN wash time never washes, as the per-row test did.)
      while (k < end && !(t[k]! >= washTime)) k++;
      if (k < end) {
        end = k + 1;
        washAtEnd = true;
        while (w < nWash && washes[w]! <= t[k]!) w++;
      }
    }
    hsuRows(start, end, washAtEnd, t, pm25, pm10, rainSum, state, ratio, loss);
    start = end;
  }
  return state[S_LAST_MASS]!;
}

/**
 * Rows [start, end) of the HSU model, from and to the carried `state` (see the S_ slots); the last
 * row is washed when `washAtEnd`. As pvlib, the mass is a running total minus the total at the
 * last clean.
 */
function hsuRows(
  start: number,
  end: number,
  washAtEnd: boolean,
  t: Float64Array,
  pm25: Float64Array,
  pm10: Float64Array,
  rainSum: Float64Array,
  state: Float64Array,
  ratio: Float64Array,
  loss: Float64Array,
): void {
  // erf below 0.46875 (every realistic mass up to about 3 g/m2) is evaluated inline: V8 did not
  // inline erf into this loop, and a call returns a boxed number. Imported bindings and module
  // tables are read once into locals.
  const erfSmallLimit = ERF_SMALL_LIMIT;
  const erfSeriesLimit = ERF_SERIES_LIMIT;
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
  const bitsF64 = BITS_F64;
  const bitsI32 = BITS_I32;
  const highWord = HIGH_WORD;
  const powerOfScale = POWER_OF_SCALE;
  const inverseScale = INVERSE_SCALE;
  const cellWidth = CELL_WIDTH;
  const cellInverse = CELL_INVERSE;
  const cellPower = CELL_POWER;
  const maxLoss = HSU_MAX_LOSS;
  const erfScale = HSU_ERF_SCALE;

  const v25 = state[S_V25]!;
  const v10 = state[S_V10]!;
  const cosTilt = state[S_COS_TILT]!;
  const threshold = state[S_THRESHOLD]!;
  const firstDt = state[S_FIRST_DT]!;
  let total = state[S_TOTAL]!;
  let removed = state[S_REMOVED]!;
  let mass = state[S_LAST_MASS]!;

  for (let i = start; i < end; i++) {
    const ti = t[i]!;
    const coarse = pm10[i]! - pm25[i]!;
    const dt = i === 0 ? firstDt : ti - t[i - 1]!;
    total += (pm25[i]! * v25 + (coarse > 0 ? coarse : 0) * v10) * dt * cosTilt;

    if (rainSum[i]! >= threshold) removed = total;
    mass = total - removed;
    // The mass waits in the loss column for the second loop.
    loss[i] = mass;
  }
  if (washAtEnd) {
    removed = total;
    mass = total - removed;
    loss[end - 1] = mass;
  }

  // Loss from mass: rows independent of each other, so the processor overlaps them.
  if (hsuLossWasm(start, end, ratio, loss)) {
    state[S_TOTAL] = total;
    state[S_REMOVED] = removed;
    state[S_LAST_MASS] = mass;
    return;
  }
  for (let i = start; i < end; i++) {
    const m = loss[i]!;
    // m^0.8473 without Math.pow (or log and exp): the exponent and the top mantissa bits of m
    // pick table entries, and the binomial series in the small rest r is exact to rounding.
    bitsF64[0] = m;
    const hi = bitsI32[highWord]!;
    const biased = hi >>> 20;
    let massPower: number;
    if (biased > 0 && biased < 2047) {
      const j = (hi >>> (20 - POWER_CELL_BITS)) & (POWER_CELLS - 1);
      // f - c_j is exact (both in [1, 2) and close), so r carries only the rounding of one product.
      const r = (m * inverseScale[biased]! - (1 + (j + 0.5) * cellWidth)) * cellInverse[j]!;
      massPower = powerOfScale[biased]! * cellPower[j]! * (1 + B1 * r + r * r * (B2 + B3 * r));
    } else {
      // Zero, subnormal, negative, infinite or NaN mass.
      massPower = 0 + massToPower(m);
    }
    const y = erfScale * massPower;
    let erfY: number;
    if (y <= erfSeriesLimit && y >= 0) {
      const z = y * y;
      const z2 = z * z;
      erfY = y * (E0 + E1 * z + z2 * (E2 + E3 * z) + z2 * z2 * (E4 + E5 * z + z2 * E6));
    } else if (y <= erfSmallLimit && y >= 0) {
      const z = y * y;
      erfY = (y * ((((a4 * z + a0) * z + a1) * z + a2) * z + a3)) / ((((z + b0) * z + b1) * z + b2) * z + b3);
    } else erfY = 0 + erfAny(y);
    const l = maxLoss * erfY;
    ratio[i] = 1 - l;
    loss[i] = l;
  }
  state[S_TOTAL] = total;
  state[S_REMOVED] = removed;
  state[S_LAST_MASS] = mass;
}

/** The loaded WebAssembly form of the loss loop: its run function and memory (offsets in doubles). */
interface HsuWasm {
  run: (rows: number) => void;
  memory: Float64Array;
  blockRows: number;
  mass: number;
  ratio: number;
  loss: number;
}

function loadHsuWasm(): HsuWasm | null {
  const kernel = loadWasmKernel(HSU_WASM_BASE64, { js: { massToPower, erf } });
  if (kernel === null) return null;
  const { exports, memory, offset } = kernel;
  // The constants and tables of the TypeScript loop, in the layout of hsu.wat.
  const c = ERF_SMALL_COEFFICIENTS;
  memory.set(
    [
      B1,
      B2,
      B3,
      E0,
      E1,
      E2,
      E3,
      E4,
      E5,
      E6,
      c[0]!,
      c[1]!,
      c[2]!,
      c[3]!,
      c[4]!,
      c[5]!,
      c[6]!,
      c[7]!,
      c[8]!,
      HSU_ERF_SCALE,
      HSU_MAX_LOSS,
      ERF_SERIES_LIMIT,
      ERF_SMALL_LIMIT,
    ],
    offset('constants'),
  );
  writePairs(memory, offset('scaleTable'), INVERSE_SCALE, POWER_OF_SCALE);
  writePairs(memory, offset('cellTable'), CELL_INVERSE, CELL_POWER);
  return {
    run: exports.run as HsuWasm['run'],
    memory,
    blockRows: (exports.blockRows as { value: number }).value,
    mass: offset('mass'),
    ratio: offset('ratio'),
    loss: offset('loss'),
  };
}

/** The module, loaded on first use; null where it cannot run or the kernels are off. */
const hsuWasm = lazyWasmKernel(loadHsuWasm);

/**
 * Which form of the loss loop {@link hsuSoiling} runs in this engine: 'wasm' (WebAssembly SIMD,
 * wasm/hsu.wat) where the module loads and the kernels are on (setWasmKernels in util/wasm.ts),
 * else 'typescript'. Both give the same doubles (loss and ratio, unitless); Coello and Boyle (2019).
 * Loads the module on its first call, as hsuSoiling does.
 * @example
 * hsuKernelInUse(); // => 'wasm'
 */
export function hsuKernelInUse(): 'wasm' | 'typescript' {
  return hsuWasm() === null ? 'typescript' : 'wasm';
}

/**
 * The loss loop of hsuRows in WebAssembly SIMD (wasm/hsu.wat) over rows [start, end), whose masses
 * wait in `loss`: they are copied into the module's memory, its loop takes two rows per f64x2
 * instruction with the same IEEE operations as the TypeScript loop (the same doubles), and ratio
 * and loss are copied out. Returns false, having done nothing, where the module cannot run.
 */
function hsuLossWasm(start: number, end: number, ratio: Float64Array, loss: Float64Array): boolean {
  const kernel = hsuWasm();
  if (kernel === null) return false;
  const { run, memory, blockRows, mass: massAt, ratio: ratioAt, loss: lossAt } = kernel;
  for (let from = start; from < end; from += blockRows) {
    const to = from + blockRows < end ? from + blockRows : end;
    const rows = to - from;
    memory.set(loss.subarray(from, to), massAt);
    // The last pair's second lane repeats the last row, so that it reads a defined mass.
    if ((rows & 1) === 1) memory[massAt + rows] = memory[massAt + rows - 1]!;
    run(rows);
    ratio.set(memory.subarray(ratioAt, ratioAt + rows), from);
    loss.set(memory.subarray(lossAt, lossAt + rows), from);
  }
  return true;
}

/**
 * The accumulated mass, g/m2, at the end of a ramp-up run: the HSU model over a spin-up series
 * (typically the `HSU_RAMP_UP_SECONDS` before a requested start) from a clean surface. Pass the
 * result as `initialMass` to `hsuSoiling` over the requested window.
 * @example
 * const t = Float64Array.from({ length: 720 }, (_, i) => 1_700_000_000 + 3600 * i);
 * hsuRampUpMass({ unixSeconds: t, rainfall: new Float64Array(720), pm2_5: 40e-6, pm10: 60e-6 }, { cleaningThreshold: 1, surfaceTilt: 20 }); // about 0.283 g/m2
 */
export function hsuRampUpMass(spinUp: HsuInput, options: Omit<HsuOptions, 'initialSoiling' | 'initialMass'>): number {
  checkHsu('hsuRampUpMass', spinUp, options);
  if (spinUp.unixSeconds.length === 0) return 0;
  return hsuSoiling(spinUp, options).finalMass;
}
