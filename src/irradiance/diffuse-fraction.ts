/**
 * Decompositions of global horizontal irradiance by a diffuse fraction (or a beam fraction) of the
 * clearness index kt: Erbs-Driesse (2024), Orgill & Hollands (1977), Boland et al. (2001) and
 * Louche et al. (1991). Each returns DNI and DHI [W/m2] and kt, and keeps GHI = DNI cos z + DHI
 * where it sets DNI to 0 (zenith above the limit, negative GHI or DNI).
 * Zenith angles are true [deg], irradiance W/m2, times Unix seconds.
 */
import { asColumn, type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { COS_NODES, SIN_NODES } from '../util/trig-tables.js';
import { checkAtLeast, checkFinite, rangeFailure } from '../util/validate.js';
import {
  growForColumns,
  lazyWasmKernel,
  loadWasmKernel,
  stageInputs,
  type WasmKernel,
  writePairs,
} from '../util/wasm.js';
import { checkKtDecomposition } from './checks.js';
import type { Decomposition } from './decomposition.js';
import { extraForDay, type KtBlockLayout, ktBlockLayout, runKtBlocks } from './kt-blocks.js';
import { KT_DECOMPOSITION_WASM_BASE64 } from './wasm/kt-decomposition.wasm.js';

const D2R = Math.PI / 180;
const SECONDS_PER_DAY = 86_400;

/** Inputs of the kt decompositions: GHI, zenith, and the times or the extraterrestrial irradiance. */
export interface KtDecompositionInput {
  /** Global horizontal irradiance [W/m2]. */
  ghi: Column;
  /** True solar zenith [deg]. */
  zenith: Column;
  /** Times [s, Unix, UTC], for the extraterrestrial irradiance (Spencer 1971, 1366.1 W/m2); or give dniExtra. */
  unixSeconds?: Float64Array;
  /** Extraterrestrial normal irradiance [W/m2]; when given, unixSeconds is not needed. */
  dniExtra?: Column;
}

/** Options of the kt decompositions: the cos z floor of kt and the zenith cut-off of DNI. */
export interface KtDecompositionOptions {
  /** Floor of cos(zenith) in the clearness index; default 0.065 (zenith 86.27 deg). */
  minCosZenith?: number;
  /** DNI is 0 (and DHI = GHI) above this zenith [deg]; default 87 (louche: 90). */
  maxZenith?: number;
}

/** Options of {@link boland}: the kt limits and the logistic function's two coefficients. */
export interface BolandOptions extends KtDecompositionOptions {
  /** Steepness a of the logistic diffuse fraction [unitless]; default 8.645 (15-minute data; hourly 7.997). */
  aCoeff?: number;
  /** Centre b of the logistic diffuse fraction [unitless kt]; default 0.613 (15-minute data; hourly 0.586). */
  bCoeff?: number;
}

const ERBS_DRIESSE = 0;
const ORGILL_HOLLANDS = 1;
const BOLAND = 2;
const LOUCHE = 3;

/**
 * Erbs-Driesse decomposition: the continuous form of Erbs et al. (1982), whose diffuse fraction
 * (1 - 0.09 kt up to kt 0.216, a quartic between, 0.165 above kt 0.792) and its first derivative
 * are continuous; it differs from Erbs by less than 0.0005. kt is clipped to [0, 1]; negative GHI
 * is taken as 0. DNI = (GHI - DHI) / cos z; DNI 0 and DHI = GHI above maxZenith or where DNI < 0.
 * Returns DNI, DHI [W/m2] and kt [unitless].
 * Driesse, A., Jensen, A., Perez, R. (2024), A continuous form of the Perez diffuse sky model for
 * forward and reverse transposition, Solar Energy 267, 112093, doi:10.1016/j.solener.2023.112093;
 * follows pvlib.irradiance.erbs_driesse.
 * @param input ghi [W/m2], zenith true [deg], unixSeconds [s] or dniExtra [W/m2]
 * @param options minCosZenith default 0.065, maxZenith [deg] default 87
 * @param out optional output buffers; the three output columns of a {@link ktColumns} allocation
 *   (e.g. the allocation itself) are written by the WebAssembly kernel where they lie, without copies
 * @example
 * erbsDriesse({ ghi: 600, zenith: 40, dniExtra: 1361 }).dhi[0]; // about 296 W/m2
 */
export function erbsDriesse(
  input: KtDecompositionInput,
  options: KtDecompositionOptions = {},
  out?: Partial<Decomposition>,
): Decomposition {
  return ktDecomposition('erbsDriesse', ERBS_DRIESSE, input, options, 0, 0, out);
}

/**
 * Orgill & Hollands decomposition: diffuse fraction 1 - 0.249 kt below kt 0.35, 1.557 - 1.84 kt
 * up to 0.75, 0.177 above (hourly data of Toronto). kt clipped to [0, 1]. DNI = (GHI - DHI) / cos z;
 * DNI 0 and DHI = GHI above maxZenith, where GHI < 0 or DNI < 0. Returns DNI, DHI [W/m2], kt.
 * Orgill, J.F., Hollands, K.G.T. (1977), Correlation equation for hourly diffuse radiation on a
 * horizontal surface, Solar Energy 19(4), 357-359, doi:10.1016/0038-092X(77)90006-8; follows
 * pvlib.irradiance.orgill_hollands.
 * @param input ghi [W/m2], zenith true [deg], unixSeconds [s] or dniExtra [W/m2]
 * @param options minCosZenith default 0.065, maxZenith [deg] default 87
 * @param out optional output buffers; the three output columns of a {@link ktColumns} allocation
 *   (e.g. the allocation itself) are written by the WebAssembly kernel where they lie, without copies
 * @example
 * orgillHollands({ ghi: 600, zenith: 40, dniExtra: 1361 }).dhi[0]; // about 299 W/m2
 */
export function orgillHollands(
  input: KtDecompositionInput,
  options: KtDecompositionOptions = {},
  out?: Partial<Decomposition>,
): Decomposition {
  return ktDecomposition('orgillHollands', ORGILL_HOLLANDS, input, options, 0, 0, out);
}

/**
 * Boland decomposition: the logistic diffuse fraction 1 / (1 + exp(a (kt - b))) over the whole
 * range of kt (clipped to [0, 1]); a = 8.645, b = 0.613 for 15-minute data, 7.997 and 0.586 for
 * hourly data. DNI = (GHI - DHI) / cos z; DNI 0 and DHI = GHI above maxZenith, where GHI < 0 or
 * DNI < 0. Returns DNI, DHI [W/m2], kt.
 * Boland, J., Scott, L., Luther, M. (2001), Modelling the diffuse fraction of global solar
 * radiation on a horizontal surface, Environmetrics 12(2), 103-116, doi:10.1002/1099-095X(200103)12:2<103::AID-ENV447>3.0.CO;2-2;
 * Boland, J., Ridley, B. (2008), doi:10.1007/978-3-540-77455-6_8; follows pvlib.irradiance.boland.
 * @param input ghi [W/m2], zenith true [deg], unixSeconds [s] or dniExtra [W/m2]
 * @param options aCoeff, bCoeff, minCosZenith default 0.065, maxZenith [deg] default 87
 * @param out optional output buffers; the three output columns of a {@link ktColumns} allocation
 *   (e.g. the allocation itself) are written by the WebAssembly kernel where they lie, without copies
 * @example
 * boland({ ghi: 600, zenith: 40, dniExtra: 1361 }).dhi[0]; // about 348 W/m2
 */
export function boland(
  input: KtDecompositionInput,
  options: BolandOptions = {},
  out?: Partial<Decomposition>,
): Decomposition {
  const a = options.aCoeff === undefined ? 8.645 : checkFinite('boland', 'options.aCoeff', options.aCoeff, '');
  const b = options.bCoeff === undefined ? 0.613 : checkFinite('boland', 'options.bCoeff', options.bCoeff, 'kt');
  return ktDecomposition('boland', BOLAND, input, options, a, b, out);
}

/**
 * Louche decomposition: the beam transmittance kb = DNI / E0 as a quintic of kt (kt clipped to
 * [0, 2], as pvlib's clearness_index default), DHI = GHI - DNI cos z; DNI 0 and DHI = GHI above
 * maxZenith (default 90), where GHI < 0 or DNI < 0. Returns DNI, DHI [W/m2], kt.
 * Louche, A., Notton, G., Poggi, P., Simonnot, G. (1991), Correlations for direct normal and global
 * horizontal irradiation on a French Mediterranean site, Solar Energy 46(4), 261-266,
 * doi:10.1016/0038-092X(91)90072-5; follows pvlib.irradiance.louche.
 * @param input ghi [W/m2], zenith true [deg], unixSeconds [s] or dniExtra [W/m2]
 * @param options minCosZenith default 0.065, maxZenith [deg] default 90
 * @param out optional output buffers; the three output columns of a {@link ktColumns} allocation
 *   (e.g. the allocation itself) are written by the WebAssembly kernel where they lie, without copies
 * @example
 * louche({ ghi: 600, zenith: 40, dniExtra: 1361 }).dni[0]; // about 426 W/m2
 */
export function louche(
  input: KtDecompositionInput,
  options: KtDecompositionOptions = {},
  out?: Partial<Decomposition>,
): Decomposition {
  return ktDecomposition('louche', LOUCHE, input, options, 0, 0, out);
}

/** Checks, buffers and the shared loop of the four models. */
function ktDecomposition(
  fn: string,
  model: number,
  input: KtDecompositionInput,
  options: KtDecompositionOptions,
  a: number,
  b: number,
  out: Partial<Decomposition> | undefined,
): Decomposition {
  const n = checkKtDecomposition(fn, input, options);
  const minCos = options.minCosZenith ?? 0.065;
  const maxZenith = options.maxZenith ?? (model === LOUCHE ? 90 : 87);
  const res: Decomposition = {
    dni: outputColumn(out?.dni, n, 'dni'),
    dhi: outputColumn(out?.dhi, n, 'dhi'),
    kt: outputColumn(out?.kt, n, 'kt'),
  };
  const maxKt = model === LOUCHE ? 2 : 1;
  const direct = directAllocation(res, n);
  if (direct !== null && ktDirect(direct, model, n, input, minCos, maxZenith, maxKt, a, b)) return res;
  if (ktKernelWasm(model, n, input, minCos, maxZenith, maxKt, a, b, res)) return res;
  ktKernel(model, n, input, minCos, maxZenith, a, b, res);
  return res;
}

/** The loaded WebAssembly form of the Erbs-Driesse, Orgill-Hollands, Boland and Louche loop: run and block layout. */
interface KtWasm extends KtBlockLayout {
  /** Runs rows [0, rows) of the columns at the given byte addresses (16-byte aligned, room for an even number of rows). */
  run: (
    rows: number,
    ghiAt: number,
    zenithAt: number,
    thirdAt: number,
    dniAt: number,
    dhiAt: number,
    ktAt: number,
    mode: number,
    extraScalar: number,
    minCos: number,
    maxZenith: number,
    model: number,
    maxKt: number,
    a: number,
    b: number,
    nightAbove: number,
  ) => void;
}

/** A new instance of the module (its own memory and one-day cache), or null where it cannot run. */
function instantiateKt(): WasmKernel | null {
  return loadWasmKernel(KT_DECOMPOSITION_WASM_BASE64, { js: { cos: Math.cos, extraForDay, exp: Math.exp } });
}

function loadKtWasm(): KtWasm | null {
  const kernel = instantiateKt();
  return kernel === null ? null : ktKernelOf(kernel);
}

/** An instance's loop, memory (its node table written) and block layout. */
function ktKernelOf(kernel: WasmKernel): KtWasm {
  writePairs(kernel.memory, kernel.offset('nodeTable'), COS_NODES, SIN_NODES);
  return { run: kernel.exports.decompose as KtWasm['run'], ...ktBlockLayout(kernel) };
}

/** The module, loaded on first use; null where it cannot run or the kernels are off. */
const ktWasm = lazyWasmKernel(loadKtWasm);

/**
 * The Erbs-Driesse / Orgill-Hollands / Boland / Louche loop in WebAssembly SIMD (wasm/kt-decomposition.wat),
 * block by block as erbsKernelWasm in decomposition.ts: two rows per f64x2 instruction, the IEEE
 * operations of {@link ktKernel} in its order, so the same doubles; Boland's exp is the module's
 * own (a table of 2^(j/64) and a short series, within a few units in the last place of Math.exp)
 * and its split takes one division (DHI = w cos z, DNI = w exp x with w = GHI / ((1 + exp x) cos z)),
 * so its DNI and DHI may differ in the last bits. Returns false, having done nothing, where the module cannot run.
 */
function ktKernelWasm(
  model: number,
  n: number,
  input: KtDecompositionInput,
  minCos: number,
  maxZenith: number,
  maxKt: number,
  a: number,
  b: number,
  out: Decomposition,
): boolean {
  const kernel = ktWasm();
  if (kernel === null) return false;
  const gA = asColumn(input.ghi, n);
  const zA = asColumn(input.zenith, n);
  const wasmModel = wasmModelOf(model);
  const nightAbove = nightAboveOf(minCos, maxZenith);
  const { ghi, zenith, third, dni, dhi, kt } = kernel;
  runKtBlocks(kernel, n, gA, zA, input.unixSeconds, input.dniExtra, out, (rows, mode, extraScalar) =>
    kernel.run(
      rows,
      ghi * 8,
      zenith * 8,
      third * 8,
      dni * 8,
      dhi * 8,
      kt * 8,
      mode,
      extraScalar,
      minCos,
      maxZenith,
      wasmModel,
      maxKt,
      a,
      b,
      nightAbove,
    ),
  );
  return true;
}

/** The module's number of a model (its `decompose`'s `model`). */
function wasmModelOf(model: number): number {
  return model === ORGILL_HOLLANDS ? 0 : model === BOLAND ? 2 : model === ERBS_DRIESSE ? 3 : 1;
}

/**
 * The zenith [deg] above which (up to 180) a pair of rows skips the cosine (the night): with
 * minCos >= 0 their results do not depend on cos z < 0 (wasm/kt-decomposition.wat).
 */
function nightAboveOf(minCos: number, maxZenith: number): number {
  return minCos >= 0 ? (maxZenith > 90 ? maxZenith : 90) : Number.POSITIVE_INFINITY;
}

/**
 * The input and output columns of {@link erbsDriesse}, {@link orgillHollands}, {@link boland} and
 * {@link louche} that {@link ktColumns} allocates, one column each (units as
 * {@link KtDecompositionInput} and {@link Decomposition}).
 */
export interface KtColumns {
  /** Global horizontal irradiance [W/m2]: an input column to fill. */
  ghi: Float64Array;
  /** True solar zenith [deg]: an input column to fill. */
  zenith: Float64Array;
  /** Times [s, Unix, UTC]: an input column to fill where the extraterrestrial irradiance comes from the times. */
  unixSeconds: Float64Array;
  /** Extraterrestrial normal irradiance [W/m2]: an input column to fill where it is given instead of the times. */
  dniExtra: Float64Array;
  /** Direct normal irradiance [W/m2]: an output column. */
  dni: Float64Array;
  /** Diffuse horizontal irradiance [W/m2]: an output column. */
  dhi: Float64Array;
  /** Clearness index kt [unitless]: an output column. */
  kt: Float64Array;
}

/** The input columns of a ktColumns allocation, in the order of their addresses (then dni, dhi, kt). */
const DIRECT_INPUTS = ['ghi', 'zenith', 'unixSeconds', 'dniExtra'] as const;

/** A ktColumns allocation in the memory of a kt instance of its own. */
interface KtDirect {
  kernel: KtWasm;
  rows: number;
  columns: KtColumns;
  /** Offsets in doubles of ghi, zenith, unixSeconds, dniExtra, dni, dhi and kt. */
  at: number[];
}

/** The allocations of ktColumns, by their dni column. */
const directAllocations = new WeakMap<Float64Array, KtDirect>();

/**
 * Columns for {@link erbsDriesse}, {@link orgillHollands}, {@link boland} and {@link louche} that
 * their WebAssembly kernel reads and writes where they lie: views of the memory of a kt instance
 * of their own, whose memory grows to hold them. Given the allocation's three output columns as
 * `out` (e.g. the allocation itself), a model copies no result out of the module's memory and,
 * when its GHI, zenith and times (or dniExtra column) are the allocation's own columns of those
 * names, no input in; other input columns (or numbers) are copied into the allocation's columns of
 * their names first (a dniExtra number is used as it is). An input given as another of the
 * allocation's columns (GHI as its `zenith` or its `dhi`) takes the ordinary path, as a copy could
 * overwrite it before it is read. The results are the same doubles as the ordinary path's. For
 * many calls on series of one length (the four models, or one model with several options, on one
 * year): allocate once, fill the inputs, call. Units: ghi, dniExtra, dni and dhi W/m2, zenith
 * degrees (true), unixSeconds Unix seconds, kt unitless. Where the WebAssembly kernel cannot run
 * (or its memory cannot grow so far), plain columns, with which the models run their ordinary
 * path (the same doubles). The columns keep their memory (about 56 bytes a row) for as long as any
 * of them is referenced. The models: Driesse, Jensen & Perez (2024) doi:10.1016/j.solener.2023.112093;
 * Orgill & Hollands (1977) doi:10.1016/0038-092X(77)90006-8; Boland, Scott & Luther (2001)
 * doi:10.1002/1099-095X(200103)12:2<103::AID-ENV447>3.0.CO;2-2; Louche et al. (1991)
 * doi:10.1016/0038-092X(91)90072-5.
 * @param rows the length of every column [rows], a whole number >= 0
 * @example
 * const columns = ktColumns(3);
 * columns.ghi.fill(600);
 * columns.zenith.fill(40);
 * columns.dniExtra.fill(1361);
 * const { ghi, zenith, dniExtra } = columns;
 * erbsDriesse({ ghi, zenith, dniExtra }, {}, columns).dhi[2]; // about 296 W/m2
 */
export function ktColumns(rows: number): KtColumns {
  const fn = 'ktColumns';
  checkAtLeast(fn, 'rows', rows, 0, 'rows');
  if (!Number.isInteger(rows)) rangeFailure(fn, 'rows', 'a whole number of rows', rows);
  const direct = ktWasm() === null ? null : allocateDirect(rows);
  if (direct !== null) return direct.columns;
  const column = () => new Float64Array(rows);
  return {
    ghi: column(),
    zenith: column(),
    unixSeconds: column(),
    dniExtra: column(),
    dni: column(),
    dhi: column(),
    kt: column(),
  };
}

/**
 * A new instance of the kt module whose memory holds the seven columns after its block, each at a
 * 16-byte boundary with room for an even number of rows (the last pair of an odd length reads and
 * writes one slot past the view); null where the memory cannot grow so far.
 */
function allocateDirect(rows: number): KtDirect | null {
  const loaded = instantiateKt();
  if (loaded === null) return null;
  // After the block of the copying path (which this instance's passes use for what passes between
  // them), at a 16-byte boundary.
  const first = loaded.offset('kt') + (loaded.exports.blockRows as { value: number }).value;
  const placed = growForColumns(loaded, first, 7, rows);
  if (placed === null) return null;
  const kernel = ktKernelOf({ ...loaded, memory: placed.memory });
  const { at, views } = placed;
  const columns: KtColumns = {
    ghi: views[0]!,
    zenith: views[1]!,
    unixSeconds: views[2]!,
    dniExtra: views[3]!,
    dni: views[4]!,
    dhi: views[5]!,
    kt: views[6]!,
  };
  const direct: KtDirect = { kernel, rows, columns, at };
  directAllocations.set(columns.dni, direct);
  return direct;
}

/**
 * The ktColumns allocation whose three output columns `out` holds, of n rows, while the kernels
 * are on; else null.
 */
function directAllocation(out: Decomposition, n: number): KtDirect | null {
  const direct = directAllocations.get(out.dni);
  if (direct === undefined || direct.rows !== n || ktWasm() === null) return null;
  const c = direct.columns;
  return out.dhi === c.dhi && out.kt === c.kt ? direct : null;
}

/**
 * ktKernelWasm by the module of a ktColumns allocation, in place, a block of at most 4096 rows per
 * call: GHI, zenith and the times (or the dniExtra column) copied into the allocation's columns of
 * their names unless they are those columns. Returns false, having done nothing, where an input
 * the kernel reads is a column of the allocation other than its own (a copy into one column could
 * overwrite another's input before it is read).
 */
function ktDirect(
  d: KtDirect,
  model: number,
  n: number,
  input: KtDecompositionInput,
  minCos: number,
  maxZenith: number,
  maxKt: number,
  a: number,
  b: number,
): boolean {
  const { columns, at, kernel } = d;
  const { dniExtra } = input;
  // mode 0: the extraterrestrial irradiance from the times; 1: a dniExtra column; 2: one dniExtra value.
  const mode = dniExtra === undefined ? 0 : typeof dniExtra === 'number' ? 2 : 1;
  const third = mode === 0 ? 2 : 3;
  // The columns the module reads, by their index in DIRECT_INPUTS (the times are not read with dniExtra).
  const read = mode === 2 ? [0, 1] : [0, 1, third];
  const values: (Column | undefined)[] = [input.ghi, input.zenith, input.unixSeconds, dniExtra];
  const staged = read.map((j) => [values[j]!, columns[DIRECT_INPUTS[j]!], at[j]!] as const);
  if (!stageInputs(kernel.memory, n, staged)) return false;
  const extraScalar = mode === 2 ? (dniExtra as number) : 0;
  const wasmModel = wasmModelOf(model);
  const nightAbove = nightAboveOf(minCos, maxZenith);
  const { run, blockRows } = kernel;
  for (let start = 0; start < n; start += blockRows) {
    const rows = start + blockRows < n ? blockRows : n - start;
    run(
      rows,
      (at[0]! + start) * 8,
      (at[1]! + start) * 8,
      (at[third]! + start) * 8,
      (at[4]! + start) * 8,
      (at[5]! + start) * 8,
      (at[6]! + start) * 8,
      mode,
      extraScalar,
      minCos,
      maxZenith,
      wasmModel,
      maxKt,
      a,
      b,
      nightAbove,
    );
  }
  return true;
}

/**
 * The loop of the four models: extraterrestrial irradiance (once per UTC day from the times),
 * kt, the model's fraction, and the split with pvlib's limits. The model is a constant of the call,
 * so its branch is predicted.
 */
function ktKernel(
  model: number,
  n: number,
  input: KtDecompositionInput,
  minCos: number,
  maxZenith: number,
  a: number,
  b: number,
  out: Decomposition,
): void {
  const { ghi, zenith, unixSeconds, dniExtra } = input;
  const gA = columnOf(ghi, 0);
  const gM = maskOf(ghi);
  const zA = columnOf(zenith, 0);
  const zM = maskOf(zenith);
  const eA = columnOf(dniExtra, 0);
  const eM = maskOf(dniExtra);
  const fromTimes = dniExtra === undefined;
  const times = unixSeconds ?? eA;
  const { dni: dniOut, dhi: dhiOut, kt: ktOut } = out;
  const maxKt = model === LOUCHE ? 2 : 1;
  const cosNodes = COS_NODES;
  const sinNodes = SIN_NODES;
  let dayStart = Number.POSITIVE_INFINITY;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let extraFromTime = Number.NaN;
  for (let i = 0; i < n; i++) {
    let extra: number;
    if (fromTimes) {
      const t = times[i]!;
      if (!(t >= dayStart && t < dayEnd)) {
        const days = Math.floor(t / SECONDS_PER_DAY);
        dayStart = days * SECONDS_PER_DAY;
        dayEnd = dayStart + SECONDS_PER_DAY;
        extraFromTime = days === days ? extraForDay(days) : Number.NaN;
      }
      extra = extraFromTime;
    } else {
      extra = eA[i & eM]!;
    }
    let g = gA[i & gM]!;
    // Erbs-Driesse takes negative GHI as 0 (NaN stays NaN).
    if (model === ERBS_DRIESSE && g < 0) g = 0;
    const zen = zA[i & zM]!;
    let cosZ: number;
    if (zen >= 0 && zen <= 360) {
      // cos z from the quarter-degree node and remainder series (trig-tables.ts): a few 1e-16 from Math.cos.
      const k = Math.floor(zen * 4 + 0.5);
      const r = (zen - k * 0.25) * D2R;
      const r2 = r * r;
      cosZ = cosNodes[k]! * (1 - r2 * (0.5 - r2 * (1 / 24))) - sinNodes[k]! * (r * (1 - r2 * (1 / 6 - r2 * (1 / 120))));
      // The table's exact 0 at 90 deg would divide 0 by 0 where pvlib divides by cos(pi/2) = 6e-17.
      if (cosZ === 0) cosZ = Math.cos(zen * D2R);
    } else {
      cosZ = Math.cos(zen * D2R);
    }
    let kt = g / (extra * (cosZ < minCos ? minCos : cosZ));
    if (kt < 0) kt = 0;
    if (kt > maxKt) kt = maxKt;
    let dni: number;
    let dhi: number;
    if (model === LOUCHE) {
      const kb = kt * (kt * (kt * (kt * (kt * -10.627 + 15.307) - 5.205) + 0.994) - 0.059) + 0.002;
      dni = kb * extra;
      dhi = g - dni * cosZ;
    } else {
      let fraction: number;
      if (model === ERBS_DRIESSE) {
        if (kt > 0.792) fraction = 0.165;
        else if (kt > 0.216)
          fraction =
            (((12.26911439571261 * kt - 16.470508424697307) * kt + 4.246926715218317) * kt - 0.11390583806313881) * kt +
            0.946296633571001;
        else fraction = 1 - 0.09 * kt;
      } else if (model === ORGILL_HOLLANDS) {
        if (kt > 0.75) fraction = 0.177;
        else if (kt >= 0.35) fraction = 1.557 - 1.84 * kt;
        else fraction = 1 - 0.249 * kt;
      } else {
        fraction = 1 / (1 + Math.exp(a * (kt - b)));
      }
      dhi = fraction * g;
      dni = (g - dhi) / cosZ;
    }
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

/**
 * The Erbs-Driesse diffuse fraction DHI/GHI [unitless] of a clearness index kt (Driesse et al. 2024):
 * 1 - 0.09 kt up to 0.216, the central quartic, 0.165 above 0.792. NaN gives NaN.
 */
export function erbsDriesseFraction(kt: number): number {
  if (kt > 0.792) return 0.165;
  if (kt > 0.216)
    return (
      (((12.26911439571261 * kt - 16.470508424697307) * kt + 4.246926715218317) * kt - 0.11390583806313881) * kt +
      0.946296633571001
    );
  return 1 - 0.09 * kt;
}
