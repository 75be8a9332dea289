/**
 * Decomposition of global horizontal irradiance into direct and diffuse parts: the clearness
 * index, Erbs (1982), DISC (Maxwell 1987) and DIRINT (Perez et al. 1992).
 * Zenith angles are true (not refraction-corrected) [deg], irradiance W/m2, times Unix seconds.
 */
import {
  arrayOf,
  asColumn,
  type Column,
  columnOf,
  maskOf,
  outputColumn,
  scalarOf,
  seriesLength,
} from '../util/columns.js';
import { checkAtLeast, checkObject, checkSeries } from '../util/validate.js';
import { checkClearnessIndex, checkDisc, checkErbs } from './checks.js';
import { dayOfYearFromEpochDays, spencerDistanceFactor } from '../atmosphere/extraterrestrial.js';
import { DIRINT_COEFFICIENTS } from './dirint-coefficients.js';
import { extraForDay, type KtBlockLayout, ktBlockLayout, runKtBlocks } from './kt-blocks.js';
import { COS_NODES, SIN_NODES } from '../util/trig-tables.js';
import { lazyWasmKernel, loadWasmKernel, writePairs } from '../util/wasm.js';
import { ERBS_WASM_BASE64 } from './wasm/erbs.wasm.js';

const D2R = Math.PI / 180;
const SECONDS_PER_DAY = 86_400;
const STANDARD_PRESSURE = 101_325;

/**
 * Clearness index kt [unitless]: GHI over extraterrestrial horizontal irradiance, with cos z held
 * at or above minCosZenith, clipped to [0, maxClearnessIndex].
 * @param input.ghi [W/m2]; input.zenith true solar zenith [deg]; input.dniExtra [W/m2]
 * @param options.minCosZenith default 0.065 (zenith 86.27 deg); options.maxClearnessIndex default 2
 * Maxwell, E.L. (1987), SERI/TR-215-3087; follows pvlib.irradiance.clearness_index.
 * @example
 * clearnessIndex({ ghi: 500, zenith: 60, dniExtra: 1361 })[0]; // about 0.735
 */
export function clearnessIndex(
  input: { ghi: Column; zenith: Column; dniExtra: Column },
  options: { minCosZenith?: number; maxClearnessIndex?: number } = {},
  out?: Float64Array,
): Float64Array {
  checkClearnessIndex(input, options);
  const { ghi, zenith, dniExtra } = input;
  const minCos = options.minCosZenith ?? 0.065;
  const maxKt = options.maxClearnessIndex ?? 2;
  const n = seriesLength(ghi, zenith, dniExtra);
  const res = outputColumn(out, n);
  const gA = arrayOf(ghi);
  const zA = arrayOf(zenith);
  const eA = arrayOf(dniExtra);
  for (let i = 0; i < n; i++) {
    let c = Math.cos((zA !== null ? zA[i]! : (zenith as number)) * D2R);
    if (c < minCos) c = minCos;
    let kt = (gA !== null ? gA[i]! : (ghi as number)) / ((eA !== null ? eA[i]! : (dniExtra as number)) * c);
    if (kt < 0) kt = 0;
    if (kt > maxKt) kt = maxKt;
    res[i] = kt;
  }
  return res;
}

/** Inputs of {@link erbs}. */
export interface ErbsInput {
  /** Global horizontal irradiance [W/m2]. */
  ghi: Column;
  /** True solar zenith [deg]. */
  zenith: Column;
  /** Times [s, Unix, UTC] for the extraterrestrial irradiance; or give dniExtra. */
  unixSeconds?: Float64Array;
  /** Extraterrestrial normal irradiance [W/m2]; default Spencer (1366.1 W/m2) at unixSeconds. */
  dniExtra?: Column;
}

/** Direct normal and diffuse horizontal irradiance [W/m2] and the clearness index. */
export interface Decomposition {
  /** Direct normal irradiance, W/m2. */
  dni: Float64Array;
  /** Diffuse horizontal irradiance, W/m2. */
  dhi: Float64Array;
  /** Clearness index kt (GHI over extraterrestrial horizontal irradiance), unitless. */
  kt: Float64Array;
}

/**
 * Erbs decomposition: diffuse fraction as a piecewise polynomial of the clearness index kt (clipped
 * to [0, 1]), DHI = fraction * GHI, DNI = (GHI - DHI) / cos z. Where zenith > maxZenith, GHI < 0 or
 * DNI < 0, DNI is 0 and DHI = GHI, so GHI = DNI cos z + DHI holds everywhere.
 * @param options.minCosZenith default 0.065; options.maxZenith [deg] default 87
 * Erbs, D.G., Klein, S.A., Duffie, J.A. (1982), Estimation of the diffuse radiation fraction for
 * hourly, daily and monthly-average global radiation, Solar Energy 28(4), 293-302,
 * doi:10.1016/0038-092X(82)90302-4; follows pvlib.irradiance.erbs.
 * @example
 * const split = erbs({ ghi: Float64Array.of(600), zenith: Float64Array.of(40), dniExtra: 1361 });
 * split.dhi[0]; // about 296 W/m2
 * split.dni[0]; // about 396 W/m2
 */
export function erbs(
  input: ErbsInput,
  options: { minCosZenith?: number; maxZenith?: number } = {},
  out?: Partial<Decomposition>,
): Decomposition {
  checkErbs(input, options);
  const { ghi, zenith, unixSeconds, dniExtra } = input;
  const minCos = options.minCosZenith ?? 0.065;
  const maxZenith = options.maxZenith ?? 87;
  const cols: Column[] = [ghi, zenith];
  if (unixSeconds !== undefined) cols.push(unixSeconds);
  if (dniExtra !== undefined) cols.push(dniExtra);
  const n = seriesLength(...cols);
  const res: Decomposition = {
    dni: outputColumn(out?.dni, n, 'dni'),
    dhi: outputColumn(out?.dhi, n, 'dhi'),
    kt: outputColumn(out?.kt, n, 'kt'),
  };
  if (dniExtra === undefined && unixSeconds === undefined) throw new RangeError('erbs needs unixSeconds or dniExtra');
  const gA = asColumn(ghi, n);
  const zA = asColumn(zenith, n);
  if (!erbsKernelWasm(n, gA, zA, unixSeconds, dniExtra, minCos, maxZenith, res)) {
    erbsKernel(n, gA, zA, unixSeconds, dniExtra, minCos, maxZenith, res);
  }
  return res;
}

/** The loaded WebAssembly form of the Erbs loop: its run function and block layout. */
interface ErbsWasm extends KtBlockLayout {
  run: (rows: number, mode: number, extraScalar: number, minCos: number, maxZenith: number) => void;
}

function loadErbsWasm(): ErbsWasm | null {
  const kernel = loadWasmKernel(ERBS_WASM_BASE64, { js: { cos: Math.cos, extraForDay } });
  if (kernel === null) return null;
  // cos and sin of each node side by side (see erbs.wat).
  writePairs(kernel.memory, kernel.offset('nodeTable'), COS_NODES, SIN_NODES);
  return { run: kernel.exports.erbs as ErbsWasm['run'], ...ktBlockLayout(kernel) };
}

/** The module, loaded on first use; null where it cannot run or the kernels are off. */
const erbsWasm = lazyWasmKernel(loadErbsWasm);

/**
 * Which form of the Erbs loop {@link erbs} runs in this engine: 'wasm' (WebAssembly SIMD, see
 * wasm/erbs.wat) where the module loads and the kernels are on (setWasmKernels in
 * util/wasm.ts), else 'typescript'. Both give the same doubles [W/m2]; Erbs et al. (1982).
 * Loads the module on its first call, as erbs does.
 * @example
 * erbsKernelInUse(); // => 'wasm'
 */
export function erbsKernelInUse(): 'wasm' | 'typescript' {
  return erbsWasm() === null ? 'typescript' : 'wasm';
}

/**
 * The Erbs loop in WebAssembly SIMD (wasm/erbs.wat), block by block: the block's columns are
 * copied into the module's memory, its loop takes two rows per f64x2 instruction, and the results
 * are copied out. The loop repeats the IEEE operations of {@link erbsKernel} in its order, so the
 * doubles are the same (the tests compare them bit for bit). Returns false, having done nothing,
 * where the module cannot run (no WebAssembly or SIMD) or the kernels are switched off.
 * Measured against erbsKernel: docs/performance.md, "Erbs".
 */
function erbsKernelWasm(
  n: number,
  gA: Float64Array,
  zA: Float64Array,
  unixSeconds: Float64Array | undefined,
  dniExtra: Column | undefined,
  minCos: number,
  maxZenith: number,
  out: Decomposition,
): boolean {
  const kernel = erbsWasm();
  if (kernel === null) return false;
  runKtBlocks(kernel, n, gA, zA, unixSeconds, dniExtra, out, (rows, mode, extraScalar) =>
    kernel.run(rows, mode, extraScalar, minCos, maxZenith),
  );
  return true;
}

/** Rows per block of the Erbs loop: a first pass fills the block's cosines and kt denominators. */
const ERBS_BLOCK = 512;
const erbsCosZ = new Float64Array(ERBS_BLOCK);
const erbsDenominator = new Float64Array(ERBS_BLOCK);

/**
 * The Erbs loop, in blocks of rows. A first pass takes the extraterrestrial irradiance (Spencer's
 * series once per UTC day when it comes from the times) and cos z (table nodes and remainder
 * series, see trig-tables.ts) and keeps cos z and the kt denominator E0 max(cos z, minCos) of the
 * block; a second takes the clearness index, the diffuse fraction and the split. The columns are
 * whole arrays (a one-value ghi or zenith is broadcast by the caller): reading them through index
 * masks cost 5-18 % here. The data-dependent choices are plain branches, which V8 compiles to
 * fewer instructions than the selects (one division for DNI instead of two copies of it).
 * Interleaved best-of CPU time on the bench series, against the masked form with only the cosines
 * in the first pass: 4.7e7 -> 5.6e7 points/s (1.17-1.19x); results bit-identical.
 */
function erbsKernel(
  n: number,
  gA: Float64Array,
  zA: Float64Array,
  unixSeconds: Float64Array | undefined,
  dniExtra: Column | undefined,
  minCos: number,
  maxZenith: number,
  out: Decomposition,
): void {
  const { dni: dniOut, dhi: dhiOut, kt: ktOut } = out;
  const fromTimes = dniExtra === undefined;
  const times = unixSeconds ?? erbsCosZ;
  const eA = columnOf(dniExtra, 0);
  const eM = maskOf(dniExtra);
  // Per-day cache of the Spencer series when it comes from the times.
  let dayStart = Number.POSITIVE_INFINITY;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let extraFromTime = Number.NaN;
  // Node tables and scratch in locals for the inlined cosine (see trig-tables.ts).
  const cosNodes = COS_NODES;
  const sinNodes = SIN_NODES;
  const cosBlock = erbsCosZ;
  const denominatorBlock = erbsDenominator;
  for (let start = 0; start < n; start += ERBS_BLOCK) {
    const end = start + ERBS_BLOCK < n ? start + ERBS_BLOCK : n;
    for (let i = start; i < end; i++) {
      let extra: number;
      if (fromTimes) {
        const t = times[i]!;
        if (!(t >= dayStart && t < dayEnd)) {
          const days = Math.floor(t / SECONDS_PER_DAY);
          dayStart = days * SECONDS_PER_DAY;
          dayEnd = dayStart + SECONDS_PER_DAY;
          extraFromTime = extraForDay(days);
        }
        extra = extraFromTime;
      } else {
        extra = eA[i & eM]!;
      }
      const zen = zA[i]!;
      let cosZ: number;
      if (zen >= 0 && zen <= 360) {
        const k = Math.floor(zen * 4 + 0.5);
        const r = (zen - k * 0.25) * D2R;
        const r2 = r * r;
        cosZ =
          cosNodes[k]! * (1 - r2 * (0.5 - r2 * (1 / 24))) - sinNodes[k]! * (r * (1 - r2 * (1 / 6 - r2 * (1 / 120))));
      } else {
        cosZ = Math.cos(zen * D2R);
      }
      cosBlock[i - start] = cosZ;
      denominatorBlock[i - start] = extra * (cosZ < minCos ? minCos : cosZ);
    }
    for (let i = start; i < end; i++) {
      const g = gA[i]!;
      const zen = zA[i]!;
      const cosZ = cosBlock[i - start]!;
      let kt = g / denominatorBlock[i - start]!;
      kt = kt < 0 ? 0 : kt;
      kt = kt > 1 ? 1 : kt;
      let fraction: number;
      if (kt > 0.8) fraction = 0.165;
      else if (kt > 0.22) fraction = 0.9511 + kt * (-0.1604 + kt * (4.388 + kt * (-16.638 + kt * 12.336)));
      else fraction = 1 - 0.09 * kt;
      const dhi = fraction * g;
      const dni = (g - dhi) / cosZ;
      ktOut[i] = kt;
      if (zen > maxZenith || g < 0 || dni < 0) {
        dniOut[i] = 0;
        dhiOut[i] = g;
      } else {
        dniOut[i] = dni;
        dhiOut[i] = dhi;
      }
    }
  }
}

/** Inputs of {@link disc} and {@link dirint}. */
export interface DiscInput {
  /** Global horizontal irradiance [W/m2]. */
  ghi: Column;
  /** True solar zenith [deg]. */
  zenith: Column;
  /** Times [s, Unix, UTC]. */
  unixSeconds: Float64Array;
  /**
   * Site pressure [Pa], default 101325. `null` uses the relative air mass, as the original DISC
   * report does (pvlib `pressure=None`).
   */
  pressure?: Column | null;
}

/** Options of {@link disc}: the limits of its fit. */
export interface DiscOptions {
  /** Floor of cos(zenith) in the clearness index; default 0.065. */
  minCosZenith?: number;
  /** DNI is 0 above this zenith [deg]; default 87. */
  maxZenith?: number;
  /** Air mass is capped at this value in Kn (the range of the fit); default 12. */
  maxAirmass?: number;
}

/** DISC output: DNI [W/m2], clearness index and the (capped) air mass used. */
export interface DiscResult {
  /** Direct normal irradiance, W/m2. */
  dni: Float64Array;
  /** Clearness index, unitless. */
  kt: Float64Array;
  /** Relative air mass (Kasten 1966) used, unitless. */
  airmass: Float64Array;
}

/**
 * The clear sky's beam transmittance Knc of DISC, a polynomial in air mass (Maxwell 1987, eq. 12).
 * Shared by the loops of disc, gtiDirint and dirindex, which must give the same doubles.
 */
export function maxwellKnClear(am: number): number {
  return 0.866 + am * (-0.122 + am * (0.0121 + am * (-0.000653 + 1.4e-5 * am)));
}

/**
 * DISC's loss of beam transmittance below the clear sky's, a + b exp(c AM), with a, b, c cubic in
 * the clearness index on either side of kt = 0.6 (Maxwell 1987, Table 1 as pvlib.irradiance.disc):
 * Kn = maxwellKnClear(AM) - maxwellDeltaKn(kt, AM).
 */
export function maxwellDeltaKn(kt: number, am: number): number {
  let a: number;
  let b: number;
  let c: number;
  if (kt <= 0.6) {
    a = 0.512 + kt * (-1.56 + kt * (2.286 - 2.222 * kt));
    b = 0.37 + 0.962 * kt;
    c = -0.28 + kt * (0.932 - 2.048 * kt);
  } else {
    a = -5.743 + kt * (21.77 + kt * (-27.49 + 11.56 * kt));
    b = 41.4 + kt * (-118.5 + kt * (66.05 + 31.9 * kt));
    c = -47.01 + kt * (184.2 + kt * (-222.0 + 73.81 * kt));
  }
  return a + b * Math.exp(c * am);
}

/**
 * DISC model: DNI from GHI through the empirical relation between the direct beam transmittance Kn
 * and the clearness index kt (clipped to [0, 1]) and air mass (Kasten 1966, pressure-corrected,
 * capped at maxAirmass). Extraterrestrial irradiance from Spencer with a 1370 W/m2 solar constant,
 * as the reference code. DNI is 0 where zenith > maxZenith, GHI < 0 or the model gives DNI < 0.
 * Maxwell, E.L. (1987), A quasi-physical model for converting hourly global horizontal to direct
 * normal insolation, SERI/TR-215-3087, Solar Energy Research Institute; follows pvlib.irradiance.disc.
 * @example
 * disc({ ghi: Float64Array.of(600), zenith: Float64Array.of(40), unixSeconds: Float64Array.of(Date.UTC(2024, 5, 1) / 1000) }).dni[0]; // about 355 W/m2
 */
export function disc(input: DiscInput, options: DiscOptions = {}, out?: Partial<DiscResult>): DiscResult {
  checkDisc('disc', input, options);
  const { ghi, zenith, unixSeconds } = input;
  const pressure = input.pressure === undefined ? STANDARD_PRESSURE : input.pressure;
  const minCos = options.minCosZenith ?? 0.065;
  const maxZenith = options.maxZenith ?? 87;
  const maxAirmass = options.maxAirmass ?? 12;
  const n = seriesLength(ghi, zenith, unixSeconds, ...(pressure === null ? [] : [pressure]));
  const res: DiscResult = {
    dni: outputColumn(out?.dni, n, 'dni'),
    kt: outputColumn(out?.kt, n, 'kt'),
    airmass: outputColumn(out?.airmass, n, 'airmass'),
  };
  const { dni: dniOut, kt: ktOut, airmass: amOut } = res;
  const gA = arrayOf(ghi);
  const zA = arrayOf(zenith);
  const pA = arrayOf(pressure);
  const g0 = scalarOf(ghi);
  const z0 = scalarOf(zenith);
  const p0 = scalarOf(pressure);
  const relativeOnly = pressure === null;
  let dayStart = Number.POSITIVE_INFINITY;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let i0 = Number.NaN;
  for (let i = 0; i < n; i++) {
    const t = unixSeconds[i]!;
    if (!(t >= dayStart && t < dayEnd)) {
      const days = Math.floor(t / SECONDS_PER_DAY);
      dayStart = days * SECONDS_PER_DAY;
      dayEnd = dayStart + SECONDS_PER_DAY;
      i0 = 1370 * spencerDistanceFactor(dayOfYearFromEpochDays(days));
    }
    const g = gA !== null ? gA[i]! : g0;
    const zen = zA !== null ? zA[i]! : z0;
    const cosZ = Math.cos(zen * D2R);
    let kt = g / (i0 * (cosZ < minCos ? minCos : cosZ));
    if (kt < 0) kt = 0;
    if (kt > 1) kt = 1;
    let am = zen > 90 ? Number.NaN : 1 / (cosZ + 0.15 * Math.pow(93.885 - zen, -1.253));
    if (!relativeOnly) am = (am * (pA !== null ? pA[i]! : p0)) / STANDARD_PRESSURE;
    if (am > maxAirmass) am = maxAirmass;
    // maxwellKnClear(am) - maxwellDeltaKn(kt, am), written out: V8 does not inline them into this
    // loop, and the calls cost disc 15 % of its time.
    let a: number;
    let b: number;
    let c: number;
    if (kt <= 0.6) {
      a = 0.512 + kt * (-1.56 + kt * (2.286 - 2.222 * kt));
      b = 0.37 + 0.962 * kt;
      c = -0.28 + kt * (0.932 - 2.048 * kt);
    } else {
      a = -5.743 + kt * (21.77 + kt * (-27.49 + 11.56 * kt));
      b = 41.4 + kt * (-118.5 + kt * (66.05 + 31.9 * kt));
      c = -47.01 + kt * (184.2 + kt * (-222.0 + 73.81 * kt));
    }
    const knc = 0.866 + am * (-0.122 + am * (0.0121 + am * (-0.000653 + 1.4e-5 * am)));
    let dni = (knc - (a + b * Math.exp(c * am))) * i0;
    if (zen > maxZenith || g < 0 || dni < 0) dni = 0;
    dniOut[i] = dni;
    ktOut[i] = kt;
    amOut[i] = am;
  }
  return res;
}

/**
 * Zenith-independent clearness index kt' [unitless] (Perez et al. 1992, eq. 1):
 * kt / (1.031 exp(-1.4 / (0.9 + 9.4 / AM)) + 0.1), clipped to [0, maxClearnessIndex]. Follows
 * pvlib.irradiance.clearness_index_zenith_independent.
 * @param input `clearnessIndex` kt [unitless] and `airmass` (absolute) [unitless]
 * @param options `maxClearnessIndex`, default 2 (DIRINT uses 1)
 * @param out optional output buffer
 * @example
 * clearnessIndexZenithIndependent({ clearnessIndex: 0.6, airmass: 1.5 })[0]; // about 0.633
 */
export function clearnessIndexZenithIndependent(
  input: { clearnessIndex: Column; airmass: Column },
  options: { maxClearnessIndex?: number } = {},
  out?: Float64Array,
): Float64Array {
  const fn = 'clearnessIndexZenithIndependent';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const { clearnessIndex: kt, airmass } = input;
  const maxClearnessIndex = options.maxClearnessIndex ?? 2;
  const n = checkSeries(fn, [
    ['clearnessIndex', kt, 'clearness index'],
    ['airmass', airmass, 'air mass'],
  ]);
  checkAtLeast(fn, 'options.maxClearnessIndex', maxClearnessIndex, 0, '', true);
  const res = outputColumn(out, n);
  const kA = arrayOf(kt);
  const aA = arrayOf(airmass);
  for (let i = 0; i < n; i++) {
    const am = aA !== null ? aA[i]! : (airmass as number);
    let k = (kA !== null ? kA[i]! : (kt as number)) / (1.031 * Math.exp(-1.4 / (0.9 + 9.4 / am)) + 0.1);
    if (k < 0) k = 0;
    if (k > maxClearnessIndex) k = maxClearnessIndex;
    res[i] = k;
  }
  return res;
}

/** Inputs of {@link dirint}: those of DISC plus an optional dew point. */
export interface DirintInput extends DiscInput {
  /**
   * Surface dew point [deg C], for precipitable water w = exp(0.07 Td - 0.075) [cm] (Perez et al.
   * 1992, eq. 4). Absent: no dew-point refinement. A NaN dew point gives a NaN DNI for that row,
   * as pvlib's code does (and its test suite asserts).
   */
  tempDew?: Column;
}

/** Options of {@link dirint}: those of {@link disc} except the air mass cap, and the stability index. */
export interface DirintOptions extends Omit<DiscOptions, 'maxAirmass'> {
  /**
   * Use the stability index delta kt' from the neighbouring rows (default true); turn off when the
   * rows are 1.5 h or more apart.
   */
  useDeltaKtPrime?: boolean;
}

/** Bin of kt' (Perez et al. 1992, table bins), 0-based; -1 when it has none. */
export function ktPrimeBin(k: number): number {
  if (k >= 0 && k < 0.24) return 0;
  if (k >= 0.24 && k < 0.4) return 1;
  if (k >= 0.4 && k < 0.56) return 2;
  if (k >= 0.56 && k < 0.7) return 3;
  if (k >= 0.7 && k < 0.8) return 4;
  if (k >= 0.8 && k <= 1) return 5;
  return -1;
}

/** Zenith bin of DIRINT, 0-based; -1 when it has none (NaN, negative). */
export function zenithBin(z: number): number {
  if (z >= 0 && z < 25) return 0;
  if (z >= 25 && z < 40) return 1;
  if (z >= 40 && z < 55) return 2;
  if (z >= 55 && z < 70) return 3;
  if (z >= 70 && z < 80) return 4;
  if (z >= 80) return 5;
  return -1;
}

/** Stability index (delta kt') bin of DIRINT, 0-based; -1 when it has none. */
export function deltaKtPrimeBin(d: number): number {
  if (d >= 0 && d < 0.015) return 0;
  if (d >= 0.015 && d < 0.035) return 1;
  if (d >= 0.035 && d < 0.07) return 2;
  if (d >= 0.07 && d < 0.15) return 3;
  if (d >= 0.15 && d < 0.3) return 4;
  if (d >= 0.3 && d <= 1) return 5;
  return -1;
}

/** Precipitable water [cm] bin of DIRINT, 0-based; -1 when it has none. */
export function precipitableWaterBin(w: number): number {
  if (w >= 0 && w < 1) return 0;
  if (w >= 1 && w < 2) return 1;
  if (w >= 2 && w < 3) return 2;
  if (w >= 3) return 3;
  return -1;
}

/** Index of the "no stability index" bin and of the "no dew point" bin. */
export const DELTA_KT_UNKNOWN_BIN = 6;
export const W_UNKNOWN_BIN = 4;

/**
 * DIRINT model: DISC DNI times a correction looked up from the zenith-independent clearness index
 * kt', the zenith, the stability index delta kt' (mean absolute difference of kt' to the previous
 * and next rows; one neighbour at the ends and where a neighbour is NaN) and precipitable water
 * from the dew point. Returns DNI [W/m2]; NaN where a bin is undefined (NaN inputs, zenith < 0).
 * Perez, R., Ineichen, P., Maxwell, E., Seals, R., Zelenka, A. (1992), Dynamic global-to-direct
 * irradiance conversion models, ASHRAE Transactions 98(1), 354-369; follows pvlib.irradiance.dirint.
 * @example
 * const t = Float64Array.from({ length: 3 }, (_, i) => Date.UTC(2024, 5, 1, 11 + i) / 1000);
 * dirint({ ghi: Float64Array.of(580, 600, 590), zenith: Float64Array.of(42, 40, 41), unixSeconds: t })[1]; // about 358 W/m2
 */
export function dirint(input: DirintInput, options: DirintOptions = {}, out?: Float64Array): Float64Array {
  checkDisc('dirint', input, options);
  const d = disc(input, {
    ...(options.minCosZenith === undefined ? {} : { minCosZenith: options.minCosZenith }),
    ...(options.maxZenith === undefined ? {} : { maxZenith: options.maxZenith }),
  });
  const n = d.dni.length;
  const res = outputColumn(out, n);
  // kt' overwrites the kt scratch column (no further use of kt).
  const ktp = clearnessIndexZenithIndependent(
    { clearnessIndex: d.kt, airmass: d.airmass },
    { maxClearnessIndex: 1 },
    d.kt,
  );
  const { zenith, tempDew } = input;
  const zA = arrayOf(zenith);
  const tA = arrayOf(tempDew);
  const useDelta = options.useDeltaKtPrime ?? true;
  for (let i = 0; i < n; i++) {
    const k = ktp[i]!;
    let dBin = DELTA_KT_UNKNOWN_BIN;
    if (useDelta) {
      // pandas mean over the available neighbour differences.
      let sum = 0;
      let count = 0;
      if (i + 1 < n) {
        const diff = Math.abs(k - ktp[i + 1]!);
        if (diff === diff) {
          sum += diff;
          count++;
        }
      }
      if (i > 0) {
        const diff = Math.abs(k - ktp[i - 1]!);
        if (diff === diff) {
          sum += diff;
          count++;
        }
      }
      dBin = count > 0 ? deltaKtPrimeBin(sum / count) : -1;
    }
    let wBin = W_UNKNOWN_BIN;
    if (tempDew !== undefined) {
      const td = tA !== null ? tA[i]! : (tempDew as number);
      wBin = precipitableWaterBin(Math.exp(0.07 * td - 0.075));
    }
    const kBin = ktPrimeBin(k);
    const zBin = zenithBin(zA !== null ? zA[i]! : (zenith as number));
    const coefficient =
      kBin < 0 || zBin < 0 || dBin < 0 || wBin < 0
        ? Number.NaN
        : DIRINT_COEFFICIENTS[((kBin * 6 + zBin) * 7 + dBin) * 5 + wBin]!;
    res[i] = d.dni[i]! * coefficient;
  }
  return res;
}
