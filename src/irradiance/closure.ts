/**
 * The closure GHI = DNI cos z + DHI between the three components: DNI from GHI and DHI with the
 * limits that catch its failures near the horizon, and the third component from the other two.
 * Zenith angles [deg], irradiance W/m2.
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { COS_NODES, SIN_NODES } from '../util/trig-tables.js';
import { checkAtLeast, checkFinite, checkObject, checkRange, checkSeries, rangeFailure } from '../util/validate.js';
import {
  growForColumns,
  lazyWasmKernel,
  loadWasmKernel,
  ownOrForeign,
  stageInputs,
  type WasmKernel,
  writePairs,
} from '../util/wasm.js';
import { CLOSURE_WASM_BASE64 } from './wasm/closure.wasm.js';

const D2R = Math.PI / 180;

/** Inputs of {@link dni}. */
export interface DniInput {
  /** Global horizontal irradiance [W/m2]. */
  ghi: Column;
  /** Diffuse horizontal irradiance [W/m2]. */
  dhi: Column;
  /** Solar zenith [deg]. */
  zenith: Column;
  /** Clear-sky DNI [W/m2]: when given, DNI near the horizon is capped at clearskyTolerance times it. */
  dniClear?: Column;
}

/** Options of {@link dni}: the tolerance and the two zenith thresholds, pvlib's names. */
export interface DniOptions {
  /** Multiple of the clear-sky DNI allowed between the two thresholds [unitless]; default 1.1. */
  clearskyTolerance?: number;
  /** At and above this zenith [deg] a DNI other than 0 is NaN; default 88. */
  zenithThresholdForZeroDni?: number;
  /** From this zenith [deg] up to the zero-DNI threshold, DNI is capped by the clear sky; default 80. */
  zenithThresholdForClearskyLimit?: number;
}

/**
 * Direct normal irradiance from GHI and DHI [W/m2]: (GHI - DHI) / cos z, with the failures of that
 * ratio near the horizon removed: a negative DNI is NaN; a DNI other than 0 at zenith >=
 * zenithThresholdForZeroDni is NaN; with dniClear, a DNI above clearskyTolerance x dniClear at
 * zenithThresholdForClearskyLimit <= zenith < zenithThresholdForZeroDni is set to that cap.
 * Follows pvlib.irradiance.dni (pvlib-python, Holmgren, Hansen & Mikofski 2018, doi:10.21105/joss.00884).
 * @param input ghi, dhi [W/m2], zenith [deg], dniClear [W/m2] optional
 * @param options clearskyTolerance default 1.1, zenithThresholdForZeroDni [deg] default 88,
 *   zenithThresholdForClearskyLimit [deg] default 80
 * @param out optional output buffer; the `dni` column of a {@link closureColumns} allocation is
 *   written by the WebAssembly kernel where it lies, without copies
 * @example
 * dni({ ghi: 610, dhi: 150, zenith: 40 })[0]; // about 600 W/m2
 */
export function dni(input: DniInput, options: DniOptions = {}, out?: Float64Array): Float64Array {
  const fn = 'dni';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const n = checkSeries(fn, [
    ['ghi', input.ghi, 'W/m2'],
    ['dhi', input.dhi, 'W/m2'],
    ['zenith', input.zenith, 'degrees'],
    ['dniClear', input.dniClear, 'W/m2', true],
  ]);
  const tolerance =
    options.clearskyTolerance === undefined
      ? 1.1
      : checkFinite(fn, 'options.clearskyTolerance', options.clearskyTolerance, '');
  const zeroAbove =
    options.zenithThresholdForZeroDni === undefined
      ? 88
      : checkRange(fn, 'options.zenithThresholdForZeroDni', options.zenithThresholdForZeroDni, 0, 180, 'degrees');
  const clearAbove =
    options.zenithThresholdForClearskyLimit === undefined
      ? 80
      : checkRange(
          fn,
          'options.zenithThresholdForClearskyLimit',
          options.zenithThresholdForClearskyLimit,
          0,
          180,
          'degrees',
        );
  const res = outputColumn(out, n);
  const direct = directAllocation(res, n);
  if (direct !== null && dniDirect(direct, n, input, tolerance, zeroAbove, clearAbove)) return res;
  dniKernel(n, input, tolerance, zeroAbove, clearAbove, res);
  return res;
}

/** The loaded WebAssembly form of the DNI loop (offsets in doubles). */
interface ClosureWasm {
  /**
   * Runs a block of at most blockRows rows on the columns at the given byte addresses; returns how
   * many of its rows it listed in `band` (the clear-sky band).
   */
  run: (
    rows: number,
    ghiAt: number,
    dhiAt: number,
    zenithAt: number,
    dniAt: number,
    clearAt: number,
    zeroAbove: number,
    clearAbove: number,
    tolerance: number,
    capped: number,
  ) => number;
  memory: Float64Array;
  /** The module's memory as i32, for the band list. */
  memoryI32: Int32Array;
  blockRows: number;
  ghi: number;
  dhi: number;
  zenith: number;
  /** Offset of the band list, in i32. */
  band: number;
  dni: number;
}

function loadClosureWasm(): ClosureWasm | null {
  const kernel = loadWasmKernel(CLOSURE_WASM_BASE64, { js: { cos: Math.cos } });
  return kernel === null ? null : closureKernelOf(kernel);
}

/** An instance's loop, memory (its node table written) and layout. */
function closureKernelOf(kernel: WasmKernel): ClosureWasm {
  const { exports, memory, offset } = kernel;
  writePairs(memory, offset('nodeTable'), COS_NODES, SIN_NODES);
  return {
    run: exports.run as ClosureWasm['run'],
    memory,
    memoryI32: new Int32Array(memory.buffer),
    blockRows: (exports.blockRows as { value: number }).value,
    ghi: offset('ghi'),
    dhi: offset('dhi'),
    zenith: offset('zenith'),
    band: offset('band') * 2,
    dni: offset('dni'),
  };
}

/** The module, loaded on first use; null where it cannot run or the kernels are off. */
const closureWasm = lazyWasmKernel(loadClosureWasm);

/**
 * The loop of {@link dni} (also the missing-DNI branch of {@link completeIrradiance}): its
 * WebAssembly SIMD form (wasm/closure.wat, the same doubles) where every input is a column and the
 * module runs, else {@link dniKernelTs}. `echo` (completeIrradiance's outputs) receives copies of
 * GHI and DHI: from the module's memory block by block, so that each input column is read once.
 */
function dniKernel(
  n: number,
  input: DniInput,
  tolerance: number,
  zeroAbove: number,
  clearAbove: number,
  out: Float64Array,
  echo?: { ghi: Float64Array; dhi: Float64Array },
): void {
  const { ghi, dhi, zenith, dniClear } = input;
  const kernel =
    typeof ghi !== 'number' && typeof dhi !== 'number' && typeof zenith !== 'number' && typeof dniClear !== 'number'
      ? closureWasm()
      : null;
  if (kernel === null) {
    if (echo !== undefined) {
      fill(echo.ghi, ghi);
      fill(echo.dhi, dhi);
    }
    dniKernelTs(n, input, tolerance, zeroAbove, clearAbove, out);
    return;
  }
  const echoGhi = echo !== undefined && echo.ghi !== ghi ? echo.ghi : null;
  const echoDhi = echo !== undefined && echo.dhi !== dhi ? echo.dhi : null;
  const { run, memory, memoryI32, blockRows, band, dni: dniAt } = kernel;
  const g = ghi as Float64Array;
  const d = dhi as Float64Array;
  const z = zenith as Float64Array;
  const c = dniClear as Float64Array | undefined;
  const capped = c === undefined ? 0 : 1;
  for (let start = 0; start < n; start += blockRows) {
    const end = start + blockRows < n ? start + blockRows : n;
    const rows = end - start;
    memory.set(g.subarray(start, end), kernel.ghi);
    memory.set(d.subarray(start, end), kernel.dhi);
    memory.set(z.subarray(start, end), kernel.zenith);
    if (echoGhi !== null) echoGhi.set(memory.subarray(kernel.ghi, kernel.ghi + rows), start);
    if (echoDhi !== null) echoDhi.set(memory.subarray(kernel.dhi, kernel.dhi + rows), start);
    if ((rows & 1) === 1) {
      // The last pair's second lane repeats the last row, so that it reads defined inputs.
      memory[kernel.ghi + rows] = memory[kernel.ghi + rows - 1]!;
      memory[kernel.dhi + rows] = memory[kernel.dhi + rows - 1]!;
      memory[kernel.zenith + rows] = memory[kernel.zenith + rows - 1]!;
    }
    const listed = run(
      rows,
      kernel.ghi * 8,
      kernel.dhi * 8,
      kernel.zenith * 8,
      dniAt * 8,
      0,
      zeroAbove,
      clearAbove,
      tolerance,
      capped,
    );
    // The clear-sky cap of the listed rows (the odd block's repeated last row may be listed too).
    for (let k = 0; k < listed; k++) {
      const i = memoryI32[band + k]!;
      if (i >= rows) continue;
      const cap = c![start + i]! * tolerance;
      if (memory[dniAt + i]! > cap) memory[dniAt + i] = cap;
    }
    out.set(memory.subarray(dniAt, dniAt + rows), start);
  }
}

/** The TypeScript loop of {@link dni}: the reference of its WebAssembly form. */
function dniKernelTs(
  n: number,
  input: DniInput,
  tolerance: number,
  zeroAbove: number,
  clearAbove: number,
  out: Float64Array,
): void {
  const { ghi, dhi, zenith, dniClear } = input;
  const gA = columnOf(ghi, 0);
  const gM = maskOf(ghi);
  const dA = columnOf(dhi, 0);
  const dM = maskOf(dhi);
  const zA = columnOf(zenith, 0);
  const zM = maskOf(zenith);
  const cA = columnOf(dniClear, 0);
  const cM = maskOf(dniClear);
  const capped = dniClear !== undefined;
  const cosNodes = COS_NODES;
  const sinNodes = SIN_NODES;
  for (let i = 0; i < n; i++) {
    const zen = zA[i & zM]!;
    let cosZ: number;
    if (zen >= 0 && zen <= 360) {
      // The node tables and remainder series of trig-tables.ts: a few 1e-16 from Math.cos.
      const k = Math.floor(zen * 4 + 0.5);
      const r = (zen - k * 0.25) * D2R;
      const r2 = r * r;
      cosZ = cosNodes[k]! * (1 - r2 * (0.5 - r2 * (1 / 24))) - sinNodes[k]! * (r * (1 - r2 * (1 / 6 - r2 * (1 / 120))));
      // The table's exact 0 at 90 deg would divide 0 by 0 where pvlib divides by cos(pi/2) = 6e-17.
      if (cosZ === 0) cosZ = Math.cos(zen * D2R);
    } else {
      cosZ = Math.cos(zen * D2R);
    }
    let d = (gA[i & gM]! - dA[i & dM]!) / cosZ;
    if (d < 0) d = Number.NaN;
    if (zen >= zeroAbove && d !== 0) d = Number.NaN;
    if (capped) {
      const cap = cA[i & cM]! * tolerance;
      if (zen >= clearAbove && zen < zeroAbove && d > cap) d = cap;
    }
    out[i] = d;
  }
}

/**
 * The input and output columns of {@link dni} and {@link completeIrradiance} (DNI missing) that
 * {@link closureColumns} allocates, one column each (units as {@link DniInput}).
 */
export interface ClosureColumns {
  /** Global horizontal irradiance [W/m2]: an input column to fill (and completeIrradiance's GHI output). */
  ghi: Float64Array;
  /** Diffuse horizontal irradiance [W/m2]: an input column to fill (and completeIrradiance's DHI output). */
  dhi: Float64Array;
  /** Solar zenith [deg]: an input column to fill (dni's `zenith`, completeIrradiance's `solarZenith`). */
  solarZenith: Float64Array;
  /** Clear-sky DNI [W/m2]: an input column to fill where the clear-sky cap is wanted. */
  dniClear: Float64Array;
  /** Direct normal irradiance [W/m2]: the output column. */
  dni: Float64Array;
}

/** The input columns of a closureColumns allocation that the module reads, in the order of their addresses. */
const DIRECT_INPUTS = ['ghi', 'dhi', 'solarZenith'] as const;

/** A closureColumns allocation in the memory of a closure instance of its own. */
interface ClosureDirect {
  kernel: ClosureWasm;
  rows: number;
  columns: ClosureColumns;
  /** Offsets in doubles of ghi, dhi, solarZenith, dniClear and dni. */
  at: number[];
}

/** The allocations of closureColumns, by their dni column. */
const directAllocations = new WeakMap<Float64Array, ClosureDirect>();

/**
 * Columns for {@link dni} and {@link completeIrradiance} (DNI missing) that their WebAssembly
 * kernel reads and writes where they lie: views of the memory of a closure instance of their own,
 * whose memory grows to hold them. Given the allocation's `dni` as `out` (dni) or as `out.dni`
 * (completeIrradiance, e.g. the allocation itself as `out`), a model copies no result out of the
 * module's memory and, when its GHI, DHI and zenith inputs are the allocation's own columns of
 * those names, no input in; other input columns (or numbers) are copied into the allocation's
 * columns of their names first (dniClear is read where it lies; the allocation's own is read by
 * the module itself). An input given as another of the allocation's columns (GHI as its `dhi`)
 * takes the ordinary path, as a copy could overwrite it before it is read. The results
 * are the same doubles as the ordinary path's. For many calls on series of one length: allocate
 * once, fill the inputs, call. Units: ghi, dhi, dniClear and dni W/m2, solarZenith degrees. Where
 * the WebAssembly kernel cannot run (or its memory cannot grow so far), plain columns, with which
 * the models run their ordinary path (the same doubles). The columns keep their memory (about 40
 * bytes a row) for as long as any of them is referenced. The model: pvlib.irradiance.dni and
 * complete_irradiance (Holmgren, Hansen & Mikofski 2018, doi:10.21105/joss.00884).
 * @param rows the length of every column [rows], a whole number >= 0
 * @example
 * const columns = closureColumns(3);
 * columns.ghi.fill(610);
 * columns.dhi.fill(150);
 * columns.solarZenith.fill(40);
 * const { ghi, dhi, solarZenith } = columns;
 * dni({ ghi, dhi, zenith: solarZenith }, {}, columns.dni)[2]; // about 600 W/m2
 */
export function closureColumns(rows: number): ClosureColumns {
  const fn = 'closureColumns';
  checkAtLeast(fn, 'rows', rows, 0, 'rows');
  if (!Number.isInteger(rows)) rangeFailure(fn, 'rows', 'a whole number of rows', rows);
  const direct = closureWasm() === null ? null : allocateDirect(rows);
  if (direct !== null) return direct.columns;
  const column = () => new Float64Array(rows);
  return { ghi: column(), dhi: column(), solarZenith: column(), dniClear: column(), dni: column() };
}

/**
 * A new instance of the closure module whose memory holds the five columns after its block, each
 * at a 16-byte boundary with room for an even number of rows (the last pair of an odd length reads
 * and writes one slot past the view); null where the memory cannot grow so far.
 */
function allocateDirect(rows: number): ClosureDirect | null {
  const loaded = loadWasmKernel(CLOSURE_WASM_BASE64, { js: { cos: Math.cos } });
  if (loaded === null) return null;
  // After the block of the copying path (unused by this instance), at a 16-byte boundary.
  const first = loaded.offset('dni') + (loaded.exports.blockRows as { value: number }).value;
  const placed = growForColumns(loaded, first, 5, rows);
  if (placed === null) return null;
  const kernel = closureKernelOf({ ...loaded, memory: placed.memory });
  const { at, views } = placed;
  const columns: ClosureColumns = {
    ghi: views[0]!,
    dhi: views[1]!,
    solarZenith: views[2]!,
    dniClear: views[3]!,
    dni: views[4]!,
  };
  const direct: ClosureDirect = { kernel, rows, columns, at };
  directAllocations.set(columns.dni, direct);
  return direct;
}

/** The closureColumns allocation whose dni column `out` is, of n rows, while the kernels are on; else null. */
function directAllocation(out: Float64Array, n: number): ClosureDirect | null {
  const direct = directAllocations.get(out);
  return direct === undefined || direct.rows !== n || closureWasm() === null ? null : direct;
}

/**
 * dniKernel by the module of a closureColumns allocation, in place, block by block (the band list
 * is a block's): GHI, DHI and zenith copied into the allocation's columns of their names unless
 * they are those columns, the cap read from dniClear where it lies. Returns false, having done
 * nothing, where an input is a column of the allocation other than its own (a copy into one
 * column could overwrite another's input before it is read).
 */
function dniDirect(
  d: ClosureDirect,
  n: number,
  input: DniInput,
  tolerance: number,
  zeroAbove: number,
  clearAbove: number,
): boolean {
  const { columns, at, kernel } = d;
  if (!ownOrForeign(input.dniClear, columns.dniClear)) return false;
  const values = [input.ghi, input.dhi, input.zenith];
  const staged = values.map((value, k) => [value, columns[DIRECT_INPUTS[k]!], at[k]!] as const);
  const memory = kernel.memory;
  if (!stageInputs(memory, n, staged)) return false;
  const { dniClear } = input;
  // The allocation's own dniClear is capped in the module; another column or a number by the band list.
  const capped = dniClear === undefined ? 0 : dniClear === columns.dniClear ? 2 : 1;
  const cA = columnOf(dniClear, 0);
  const cM = maskOf(dniClear);
  const { run, memoryI32, blockRows, band } = kernel;
  const dniAt = at[4]!;
  for (let start = 0; start < n; start += blockRows) {
    const rows = start + blockRows < n ? blockRows : n - start;
    const listed = run(
      rows,
      (at[0]! + start) * 8,
      (at[1]! + start) * 8,
      (at[2]! + start) * 8,
      (dniAt + start) * 8,
      (at[3]! + start) * 8,
      zeroAbove,
      clearAbove,
      tolerance,
      capped,
    );
    // The clear-sky cap of the listed rows (an odd length's repeated last row may be listed too).
    for (let k = 0; k < listed; k++) {
      const i = start + memoryI32[band + k]!;
      if (i >= n) continue;
      const cap = cA[i & cM]! * tolerance;
      if (memory[dniAt + i]! > cap) memory[dniAt + i] = cap;
    }
  }
  return true;
}

/** Inputs of {@link completeIrradiance}: the zenith and exactly two of GHI, DHI and DNI. */
export interface CompleteIrradianceInput {
  /** Solar zenith [deg]. */
  solarZenith: Column;
  /** Global horizontal irradiance [W/m2]. */
  ghi?: Column;
  /** Diffuse horizontal irradiance [W/m2]. */
  dhi?: Column;
  /** Direct normal irradiance [W/m2]. */
  dni?: Column;
  /** Clear-sky DNI [W/m2], for the cap of DNI near the horizon when DNI is the missing one. */
  dniClear?: Column;
}

/** GHI, DHI and DNI [W/m2]: the two given (copied) and the third from the closure. */
export interface CompleteIrradiance {
  /** Global horizontal irradiance [W/m2]. */
  ghi: Float64Array;
  /** Diffuse horizontal irradiance [W/m2]. */
  dhi: Float64Array;
  /** Direct normal irradiance [W/m2]. */
  dni: Float64Array;
}

/**
 * The missing one of GHI, DHI and DNI [W/m2] from the other two by the closure GHI = DHI + DNI cos z:
 * GHI = DHI + DNI cos z, DHI = GHI - DNI cos z, or DNI by {@link dni} with its limits (tolerance 1.1
 * of dniClear when given). Exactly two of the three must be given. Returns all three columns.
 * Follows pvlib.irradiance.complete_irradiance (Holmgren, Hansen & Mikofski 2018, doi:10.21105/joss.00884).
 * @param input solarZenith [deg], two of ghi, dhi, dni [W/m2], dniClear [W/m2] optional
 * @param out optional output buffers; with DNI missing, a {@link closureColumns} allocation (its
 *   `dni`, and its `ghi` and `dhi` or outputs of their own) is written without copies
 * @example
 * completeIrradiance({ solarZenith: 60, dni: 500, dhi: 100 }).ghi[0]; // about 350 W/m2
 */
export function completeIrradiance(
  input: CompleteIrradianceInput,
  out?: Partial<CompleteIrradiance>,
): CompleteIrradiance {
  const fn = 'completeIrradiance';
  checkObject(fn, 'input', input);
  const { solarZenith, ghi, dhi, dni: beam, dniClear } = input;
  const n = checkSeries(fn, [
    ['solarZenith', solarZenith, 'degrees'],
    ['ghi', ghi, 'W/m2', true],
    ['dhi', dhi, 'W/m2', true],
    ['dni', beam, 'W/m2', true],
    ['dniClear', dniClear, 'W/m2', true],
  ]);
  const given = +(ghi !== undefined) + +(dhi !== undefined) + +(beam !== undefined);
  if (given !== 2) {
    rangeFailure(fn, 'input', 'exactly two of ghi, dhi and dni (W/m2)', `${given} of them`);
  }
  const res: CompleteIrradiance = {
    ghi: outputColumn(out?.ghi, n, 'ghi'),
    dhi: outputColumn(out?.dhi, n, 'dhi'),
    dni: outputColumn(out?.dni, n, 'dni'),
  };
  if (beam === undefined) {
    const direct = directAllocation(res.dni, n);
    if (
      direct !== null &&
      ownOrForeign(res.ghi, direct.columns.ghi) &&
      ownOrForeign(res.dhi, direct.columns.dhi) &&
      dniDirect(
        direct,
        n,
        { ghi: ghi!, dhi: dhi!, zenith: solarZenith, ...(dniClear === undefined ? {} : { dniClear }) },
        1.1,
        88,
        80,
      )
    ) {
      // GHI and DHI lie in the allocation's columns: copied out only to outputs of their own.
      if (res.ghi !== direct.columns.ghi) res.ghi.set(direct.columns.ghi);
      if (res.dhi !== direct.columns.dhi) res.dhi.set(direct.columns.dhi);
      return res;
    }
    // GHI and DHI are copied to their outputs by the DNI loop, which reads them anyway.
    dniKernel(
      n,
      { ghi: ghi!, dhi: dhi!, zenith: solarZenith, ...(dniClear === undefined ? {} : { dniClear }) },
      1.1,
      88,
      80,
      res.dni,
      res,
    );
    return res;
  }
  fill(res.dni, beam);
  const zA = columnOf(solarZenith, 0);
  const zM = maskOf(solarZenith);
  const bA = columnOf(beam, 0);
  const bM = maskOf(beam);
  if (ghi === undefined) {
    fill(res.dhi, dhi!);
    const dA = columnOf(dhi!, 0);
    const dM = maskOf(dhi!);
    const g = res.ghi;
    for (let i = 0; i < n; i++) g[i] = dA[i & dM]! + bA[i & bM]! * Math.cos(zA[i & zM]! * D2R);
  } else {
    fill(res.ghi, ghi);
    const gA = columnOf(ghi, 0);
    const gM = maskOf(ghi);
    const d = res.dhi;
    for (let i = 0; i < n; i++) d[i] = gA[i & gM]! - bA[i & bM]! * Math.cos(zA[i & zM]! * D2R);
  }
  return res;
}

/** Copies a column (or broadcasts one value) into an output buffer. */
function fill(target: Float64Array, source: Column): void {
  if (typeof source === 'number') target.fill(source);
  else if (source !== target) target.set(source);
}

/** Inputs of {@link poaComponents}. */
export interface PoaComponentsInput {
  /** Angle of incidence on the plane [deg]. */
  aoi: Column;
  /** Direct normal irradiance [W/m2]. */
  dni: Column;
  /** Sky diffuse on the plane [W/m2]. */
  poaSkyDiffuse: Column;
  /** Ground-reflected irradiance on the plane [W/m2]. */
  poaGroundDiffuse: Column;
}

/** The plane-of-array sums of {@link poaComponents} [W/m2]. */
export interface PoaComponents {
  /** Beam on the plane, max(DNI cos aoi, 0) [W/m2]. */
  poaDirect: Float64Array;
  /** Sky diffuse plus ground-reflected [W/m2]. */
  poaDiffuse: Float64Array;
  /** Beam plus diffuse [W/m2]. */
  poaGlobal: Float64Array;
}

/**
 * Plane-of-array beam, diffuse and global irradiance [W/m2] from the angle of incidence, DNI and the
 * sky and ground diffuse on the plane: beam max(DNI cos aoi, 0), diffuse sky + ground, global their
 * sum (the last step of {@link totalIrradiance}). Follows pvlib.irradiance.poa_components (Holmgren,
 * Hansen & Mikofski 2018, doi:10.21105/joss.00884).
 * @param input aoi [deg], dni, poaSkyDiffuse, poaGroundDiffuse [W/m2]
 * @param out optional output buffers
 * @example
 * poaComponents({ aoi: 60, dni: 600, poaSkyDiffuse: 150, poaGroundDiffuse: 10 }).poaGlobal[0]; // about 460 W/m2
 */
export function poaComponents(input: PoaComponentsInput, out?: Partial<PoaComponents>): PoaComponents {
  const fn = 'poaComponents';
  checkObject(fn, 'input', input);
  const { aoi, dni: beam, poaSkyDiffuse, poaGroundDiffuse } = input;
  const n = checkSeries(fn, [
    ['aoi', aoi, 'degrees'],
    ['dni', beam, 'W/m2'],
    ['poaSkyDiffuse', poaSkyDiffuse, 'W/m2'],
    ['poaGroundDiffuse', poaGroundDiffuse, 'W/m2'],
  ]);
  const res: PoaComponents = {
    poaDirect: outputColumn(out?.poaDirect, n, 'poaDirect'),
    poaDiffuse: outputColumn(out?.poaDiffuse, n, 'poaDiffuse'),
    poaGlobal: outputColumn(out?.poaGlobal, n, 'poaGlobal'),
  };
  const aA = columnOf(aoi, 0);
  const aM = maskOf(aoi);
  const bA = columnOf(beam, 0);
  const bM = maskOf(beam);
  const sA = columnOf(poaSkyDiffuse, 0);
  const sM = maskOf(poaSkyDiffuse);
  const gA = columnOf(poaGroundDiffuse, 0);
  const gM = maskOf(poaGroundDiffuse);
  const { poaDirect, poaDiffuse, poaGlobal } = res;
  for (let i = 0; i < n; i++) {
    let direct = bA[i & bM]! * Math.cos(aA[i & aM]! * D2R);
    if (direct < 0) direct = 0;
    const diffuse = sA[i & sM]! + gA[i & gM]!;
    poaDirect[i] = direct;
    poaDiffuse[i] = diffuse;
    poaGlobal[i] = direct + diffuse;
  }
  return res;
}
