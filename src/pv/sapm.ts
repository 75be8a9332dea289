/**
 * The Sandia Array Performance Model (SAPM): five points of a module's I-V curve from the effective
 * irradiance and the cell temperature, and the effective irradiance itself from the plane-of-array
 * beam and diffuse irradiance through the SAPM's spectral (air-mass) and incidence-angle
 * polynomials. D. L. King, W. E. Boyson and J. A. Kratochvil, "Photovoltaic Array Performance
 * Model", SAND2004-3535, Sandia National Laboratories (2004), doi:10.2172/919131.
 */
import { iamSapm } from '../irradiance/iam.js';
import { asColumn, type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { fastLogDegree5, INV_C, LOG_C } from '../util/fast-log.js';
import { checkAtLeast, checkFinite, checkObject, checkSeries, rangeFailure } from '../util/validate.js';
import { growForColumns, lazyWasmKernel, loadWasmKernel, stageInputs, writePairs } from '../util/wasm.js';
import { checkParameterSet, type ParameterField } from './checks.js';
import type { SapmModuleParameters } from './parameters.js';
import { SAPM_WASM_BASE64 } from './wasm/sapm.wasm.js';

/** Elementary charge, C (CODATA 2018, exact; scipy.constants.e as pvlib uses). */
const Q = 1.602176634e-19;
/** Boltzmann constant, J/K (CODATA 2018, exact). */
const KB = 1.380649e-23;

/** Inputs of {@link sapm}. */
export interface SapmInput {
  /** Effective irradiance reaching the cells, W/m2 (see {@link sapmEffectiveIrradiance}). */
  effectiveIrradiance: Column;
  /** Cell temperature, degrees C. */
  tempCell: Column;
}

/** The module of {@link sapm}: its SAPM parameters and the reference conditions of them. */
export interface SapmModule extends SapmModuleParameters {
  /** Reference cell temperature of the parameters, degrees C (pvlib's `temperature_ref`; default 25). */
  temperatureRef?: number;
  /** Reference irradiance of the parameters, W/m2 (pvlib's `irradiance_ref`; default 1000). */
  irradianceRef?: number;
}

/** The five points of the I-V curve that {@link sapm} gives, one column each. */
export interface SapmResult {
  /** Short-circuit current, A (`i_sc`). */
  iSc: Float64Array;
  /** Current at the maximum-power point, A (`i_mp`). */
  iMp: Float64Array;
  /** Open-circuit voltage, V (`v_oc`). */
  vOc: Float64Array;
  /** Voltage at the maximum-power point, V (`v_mp`). */
  vMp: Float64Array;
  /** Maximum power, W (`p_mp` = i_mp v_mp). */
  pMp: Float64Array;
  /** Current at V = Voc / 2, A (`i_x`). */
  iX: Float64Array;
  /** Current at V = (Voc + Vmp) / 2, A (`i_xx`). */
  iXx: Float64Array;
}

/** The fields of SapmModuleParameters that sapm reads, with their units. */
const SAPM_FIELDS: readonly ParameterField[] = [
  ['isco', 'A'],
  ['impo', 'A'],
  ['voco', 'V'],
  ['vmpo', 'V'],
  ['aisc', '1/C'],
  ['aimp', '1/C'],
  ['bvoco', 'V/C'],
  ['mbvoc', 'V/C'],
  ['bvmpo', 'V/C'],
  ['mbvmp', 'V/C'],
  ['n', 'unitless diode factor'],
  ['cellsInSeries', 'cells'],
  ['ixo', 'A'],
  ['ixxo', 'A'],
  ['c0', 'unitless'],
  ['c1', 'unitless'],
  ['c2', 'unitless'],
  ['c3', '1/V'],
  ['c4', 'unitless'],
  ['c5', 'unitless'],
  ['c6', 'unitless'],
  ['c7', 'unitless'],
];

/**
 * The Sandia Array Performance Model: short-circuit current, maximum-power current, voltage and
 * power, open-circuit voltage, and the currents at Voc/2 and (Voc + Vmp)/2 of one module, from the
 * effective irradiance (W/m2) and the cell temperature (degrees C). Currents in A, voltages in V,
 * power in W. With Ee = effectiveIrradiance / irradianceRef and dT = tempCell - temperatureRef:
 * Isc = Isco Ee (1 + Aisc dT); Imp = Impo (C0 Ee + C1 Ee^2)(1 + Aimp dT);
 * Voc = Voco + Ns delta ln Ee + Bvoco(Ee) dT; Vmp = Vmpo + C2 Ns delta ln Ee + C3 Ns (delta ln Ee)^2
 * + Bvmpo(Ee) dT, with delta = N k (tempCell + 273.15) / q; voltages below 0 are 0.
 * Where the irradiance is 0 or negative (night), Voc, Vmp and Pmp are 0: pvlib gives 0 for Voc
 * there, but NaN (a log of a negative number, or -inf + inf in Vmp for about half of the Sandia
 * library's modules) for the others; the currents are pvlib's (0 at 0 irradiance). NaN in gives NaN
 * out.
 * King, Boyson and Kratochvil (2004), Photovoltaic Array Performance Model, SAND2004-3535,
 * doi:10.2172/919131; follows pvlib.pvsystem.sapm.
 * @param input `effectiveIrradiance` [W/m2], `tempCell` [degrees C]
 * @param module the module's SAPM parameters (SapmModuleParameters), and optionally `temperatureRef`
 *   [degrees C] (default 25) and `irradianceRef` [W/m2] (default 1000)
 * @param out optional output columns (any of them), filled in place; the columns of one
 *   {@link sapmColumns} allocation are written by the WebAssembly kernel where they lie, without the
 *   copies out (and in, for its input columns) that other columns take
 * @example
 * const module = {
 *   isco: 5.09115, impo: 4.54629, voco: 59.2608, vmpo: 48.3156, aisc: 0.000397, aimp: 0.000181,
 *   bvoco: -0.21696, mbvoc: 0, bvmpo: -0.235488, mbvmp: 0, n: 1.4032, cellsInSeries: 96,
 *   ixo: 4.97599, ixxo: 3.18803, c0: 1.01284, c1: -0.0128398, c2: 0.279317, c3: -7.24463,
 *   c4: 0.996446, c5: 0.003554, c6: 1.15535, c7: -0.155353, a0: 0.928385, a1: 0.068093,
 *   a2: -0.0157738, a3: 0.0016606, a4: -6.93e-5, b0: 1, b1: -0.002438, b2: 0.0003103,
 *   b3: -1.246e-5, b4: 2.112e-7, b5: -1.359e-9, fd: 1,
 * };
 * sapm({ effectiveIrradiance: 1000, tempCell: 25 }, module).pMp[0]; // about 219.7 W
 */
export function sapm(input: SapmInput, module: SapmModule, out?: Partial<SapmResult>): SapmResult {
  const fn = 'sapm';
  checkObject(fn, 'input', input);
  checkParameterSet(fn, 'module', module, SAPM_FIELDS);
  const tRef = module.temperatureRef ?? 25;
  const eRef = module.irradianceRef ?? 1000;
  if (module.temperatureRef !== undefined) checkFinite(fn, 'module.temperatureRef', tRef, 'degrees C');
  if (module.irradianceRef !== undefined) checkAtLeast(fn, 'module.irradianceRef', eRef, 0, 'W/m2', true);
  const n = checkSeries(fn, [
    ['effectiveIrradiance', input.effectiveIrradiance, 'W/m2'],
    ['tempCell', input.tempCell, 'degrees C'],
  ]);
  const res: SapmResult = {
    iSc: outputColumn(out?.iSc, n, 'out.iSc'),
    iMp: outputColumn(out?.iMp, n, 'out.iMp'),
    vOc: outputColumn(out?.vOc, n, 'out.vOc'),
    vMp: outputColumn(out?.vMp, n, 'out.vMp'),
    pMp: outputColumn(out?.pMp, n, 'out.pMp'),
    iX: outputColumn(out?.iX, n, 'out.iX'),
    iXx: outputColumn(out?.iXx, n, 'out.iXx'),
  };
  const direct = directColumns(res, n);
  if (direct !== null && sapmDirect(direct, input.effectiveIrradiance, input.tempCell, module, tRef, 1 / eRef, n)) {
    return res;
  }
  // Scalars broadcast into columns: the kernel reads plain arrays (an index mask per column measured
  // 1.6 times slower in this loop of nine columns).
  const e = asColumn(input.effectiveIrradiance, n);
  const t = asColumn(input.tempCell, n);
  if (!sapmKernelWasm(n, e, t, module, tRef, 1 / eRef, res)) sapmKernel(n, e, t, module, tRef, 1 / eRef, res);
  return res;
}

/** The run function of the SAPM module: rows, then the byte addresses of e, t, iSc, iMp, iX, iXx, vOc, vMp, pMp. */
type SapmRun = (
  rows: number,
  e: number,
  t: number,
  iSc: number,
  iMp: number,
  iX: number,
  iXx: number,
  vOc: number,
  vMp: number,
  pMp: number,
) => void;

/** The loaded WebAssembly form of the SAPM loop: its run function and memory (offsets in doubles). */
interface SapmWasm {
  run: SapmRun;
  memory: Float64Array;
  blockRows: number;
  terms: number;
  e: number;
  t: number;
  /** The output columns' offsets, in the order of OUTPUTS. */
  outputs: number[];
}

/**
 * The output columns, in the order of SapmWasm's `outputs`: sapmKernel's order of writing a row, so
 * that output columns given as one buffer end with the same values.
 */
const OUTPUTS = ['iSc', 'iMp', 'iX', 'iXx', 'vOc', 'vMp', 'pMp'] as const;

function loadSapmWasm(): SapmWasm | null {
  const kernel = loadWasmKernel(SAPM_WASM_BASE64, { js: { log: fastLogDegree5 } });
  if (kernel === null) return null;
  const { exports, memory, offset } = kernel;
  writePairs(memory, offset('logTable'), INV_C, LOG_C);
  return {
    run: exports.run as SapmRun,
    memory,
    blockRows: (exports.blockRows as { value: number }).value,
    terms: offset('terms'),
    e: offset('effectiveIrradiance'),
    t: offset('tempCell'),
    outputs: OUTPUTS.map((name) => offset(name)),
  };
}

/** The module, loaded on first use; null where it cannot run or the kernels are off. */
const sapmWasm = lazyWasmKernel(loadSapmWasm);

/** The input and output columns of {@link sapm} that {@link sapmColumns} allocates, one column each. */
export interface SapmColumns extends SapmResult {
  /** Effective irradiance reaching the cells, W/m2: an input column to fill (see {@link SapmInput}). */
  effectiveIrradiance: Float64Array;
  /** Cell temperature, degrees C: an input column to fill. */
  tempCell: Float64Array;
}

/** A sapmColumns allocation in the memory of a SAPM instance of its own. */
interface SapmDirect {
  run: SapmRun;
  /** The instance's memory as doubles. */
  memory: Float64Array;
  /** Offset of the module's terms, in doubles. */
  terms: number;
  rows: number;
  columns: SapmColumns;
  /** Offsets of effectiveIrradiance, tempCell and the outputs in the order of OUTPUTS, in doubles. */
  at: number[];
}

/** The allocations of sapmColumns, by their iSc column. */
const directAllocations = new WeakMap<Float64Array, SapmDirect>();

/**
 * Columns for {@link sapm} (the two inputs and the seven outputs, `rows` each) that its WebAssembly
 * kernel reads and writes where they lie: they are views of the memory of a SAPM instance of their
 * own, so that sapm given them as `out` (all seven, as allocated) copies no result out of the
 * module's memory and, when the inputs are the allocation's own `effectiveIrradiance` and
 * `tempCell`, no input in; with other input columns it copies those in once (an input given as
 * the allocation's other input or an output column takes the copying path, as a copy could
 * overwrite it before it is read). For many calls on
 * series of one length (a library of modules over one year): allocate once, then call
 * `sapm(input, module, columns)` per module. Units: effectiveIrradiance W/m2, tempCell degrees C,
 * currents A, voltages V, power W (SapmResult). Where the WebAssembly kernel cannot run, plain
 * columns (sapm then runs its TypeScript loop, the same doubles). The columns keep their memory
 * (about 72 bytes a row) for as long as any of them is referenced. The model: King, Boyson and
 * Kratochvil (2004), SAND2004-3535, doi:10.2172/919131.
 * @param rows the length of every column [rows], a whole number >= 0
 * @example
 * const columns = sapmColumns(8760);
 * columns.tempCell.fill(25);
 * columns.effectiveIrradiance.fill(1000);
 * columns.pMp.length; // => 8760
 */
export function sapmColumns(rows: number): SapmColumns {
  const fn = 'sapmColumns';
  checkAtLeast(fn, 'rows', rows, 0, 'rows');
  if (!Number.isInteger(rows)) rangeFailure(fn, 'rows', 'a whole number of rows', rows);
  const direct = sapmWasm() === null ? null : allocateDirect(rows);
  if (direct !== null) return direct.columns;
  const column = () => new Float64Array(rows);
  return {
    effectiveIrradiance: column(),
    tempCell: column(),
    iSc: column(),
    iMp: column(),
    vOc: column(),
    vMp: column(),
    pMp: column(),
    iX: column(),
    iXx: column(),
  };
}

/**
 * A new instance of the SAPM module whose memory holds the nine columns after its table and terms,
 * each at a 16-byte boundary with room for an even number of rows (the last pair of an odd length
 * reads and writes one slot past the view); null where the memory cannot grow so far.
 */
function allocateDirect(rows: number): SapmDirect | null {
  const kernel = loadWasmKernel(SAPM_WASM_BASE64, { js: { log: fastLogDegree5 } });
  if (kernel === null) return null;
  const { exports, offset } = kernel;
  const placed = growForColumns(kernel, offset('effectiveIrradiance'), 9, rows);
  if (placed === null) return null;
  const { memory, at, views } = placed;
  writePairs(memory, offset('logTable'), INV_C, LOG_C);
  const columns: SapmColumns = {
    effectiveIrradiance: views[0]!,
    tempCell: views[1]!,
    iSc: views[2]!,
    iMp: views[3]!,
    iX: views[4]!,
    iXx: views[5]!,
    vOc: views[6]!,
    vMp: views[7]!,
    pMp: views[8]!,
  };
  const direct: SapmDirect = { run: exports.run as SapmRun, memory, terms: offset('terms'), rows, columns, at };
  directAllocations.set(columns.iSc, direct);
  return direct;
}

/** The sapmColumns allocation whose seven output columns `res` are, of n rows, while the kernels are on; else null. */
function directColumns(res: SapmResult, n: number): SapmDirect | null {
  const direct = directAllocations.get(res.iSc);
  if (direct === undefined || direct.rows !== n || sapmWasm() === null) return null;
  const c = direct.columns;
  const same =
    res.iMp === c.iMp &&
    res.iX === c.iX &&
    res.iXx === c.iXx &&
    res.vOc === c.vOc &&
    res.vMp === c.vMp &&
    res.pMp === c.pMp;
  return same ? direct : null;
}

/**
 * sapmKernel by the WebAssembly module of a sapmColumns allocation, every row in one call: the
 * inputs staged into its input columns (stageInputs: copied unless they are those columns, an odd
 * length's last row repeated), the results written in place. False, having done nothing, where an
 * input is another of the allocation's columns, which a copy could overwrite before it is read.
 */
function sapmDirect(
  d: SapmDirect,
  e: Column,
  t: Column,
  m: SapmModuleParameters,
  tRef: number,
  invRef: number,
  n: number,
): boolean {
  const { memory, columns, at } = d;
  const staged = [
    [e, columns.effectiveIrradiance, at[0]!],
    [t, columns.tempCell, at[1]!],
  ] as const;
  if (!stageInputs(memory, n, staged)) return false;
  const k = sapmTerms(m, tRef, invRef);
  for (let j = 0; j < k.length; j++) memory[d.terms + j] = k[j]!;
  d.run(n, at[0]! * 8, at[1]! * 8, at[2]! * 8, at[3]! * 8, at[4]! * 8, at[5]! * 8, at[6]! * 8, at[7]! * 8, at[8]! * 8);
  return true;
}

/**
 * Which form of the SAPM loop {@link sapm} runs in this engine: 'wasm' (WebAssembly SIMD,
 * wasm/sapm.wat) where the module loads and the kernels are on (setWasmKernels in util/wasm.ts),
 * else 'typescript'. Both give the same doubles (currents in A, voltages in V, power in W); King,
 * Boyson and Kratochvil (2004), SAND2004-3535, doi:10.2172/919131. Loads the module on its first
 * call, as sapm does.
 * @example
 * sapmKernelInUse(); // => 'wasm'
 */
export function sapmKernelInUse(): 'wasm' | 'typescript' {
  return sapmWasm() === null ? 'typescript' : 'wasm';
}

/**
 * sapmKernel in WebAssembly SIMD (wasm/sapm.wat): the columns are copied into the module's memory a
 * block at a time, its loop takes two rows per f64x2 instruction with the same IEEE operations as
 * sapmKernel and fastLogDegree5 (the same doubles), and the seven results are copied out. Returns false,
 * having done nothing, where the module cannot run.
 */
function sapmKernelWasm(
  n: number,
  e: Float64Array,
  t: Float64Array,
  m: SapmModuleParameters,
  tRef: number,
  invRef: number,
  res: SapmResult,
): boolean {
  const kernel = sapmWasm();
  if (kernel === null) return false;
  const { run, memory, blockRows, terms, e: eAt, t: tAt, outputs: o } = kernel;
  const k = sapmTerms(m, tRef, invRef);
  for (let j = 0; j < k.length; j++) memory[terms + j] = k[j]!;
  const columns = OUTPUTS.map((name) => res[name]);
  for (let from = 0; from < n; from += blockRows) {
    const to = from + blockRows < n ? from + blockRows : n;
    const rows = to - from;
    memory.set(e.subarray(from, to), eAt);
    memory.set(t.subarray(from, to), tAt);
    // The last pair's second lane repeats the last row, so that it reads defined inputs.
    if ((rows & 1) === 1) {
      memory[eAt + rows] = memory[eAt + rows - 1]!;
      memory[tAt + rows] = memory[tAt + rows - 1]!;
    }
    run(rows, eAt * 8, tAt * 8, o[0]! * 8, o[1]! * 8, o[2]! * 8, o[3]! * 8, o[4]! * 8, o[5]! * 8, o[6]! * 8);
    for (let k = 0; k < 7; k++) columns[k]!.set(memory.subarray(o[k]!, o[k]! + rows), from);
  }
  return true;
}

/**
 * The per-module constants of the SAPM's loop, in the order of the WebAssembly module's terms
 * (wasm/sapm.wat): isco, impo c0, impo c1, ixo c4, ixo c5, ixxo c6, ixxo c7, aisc, aimp, voco, vmpo,
 * Ns n k / q, c2, c3 / Ns, bvoco + mbvoc, mbvoc, bvmpo + mbvmp, mbvmp, temperatureRef and
 * 1 / irradianceRef. With D = Ns n k (Tc + 273.15) / q ln Ee (Ns delta ln Ee of pvlib), the loop
 * computes Imp = Ee (impo c0 + impo c1 Ee) (1 + aimp dT), Ix and Ixx likewise,
 * Voc = voco + D + (bvoco + mbvoc - mbvoc Ee) dT and Vmp = vmpo + D (c2 + c3 / Ns D) + (bvmpo + mbvmp -
 * mbvmp Ee) dT: pvlib's formulas with the constants multiplied out once per call (the same values
 * within a few units of the last place).
 */
function sapmTerms(m: SapmModuleParameters, tRef: number, invRef: number): Float64Array {
  const ns = m.cellsInSeries;
  return Float64Array.of(
    m.isco,
    m.impo * m.c0,
    m.impo * m.c1,
    m.ixo * m.c4,
    m.ixo * m.c5,
    m.ixxo * m.c6,
    m.ixxo * m.c7,
    m.aisc,
    m.aimp,
    m.voco,
    m.vmpo,
    (ns * m.n * KB) / Q,
    m.c2,
    m.c3 / ns,
    m.bvoco + m.mbvoc,
    m.mbvoc,
    m.bvmpo + m.mbvmp,
    m.mbvmp,
    tRef,
    invRef,
  );
}

function sapmKernel(
  n: number,
  e: Float64Array,
  t: Float64Array,
  m: SapmModuleParameters,
  tRef: number,
  invRef: number,
  res: SapmResult,
): void {
  const k = sapmTerms(m, tRef, invRef);
  const [isco, m0, m1, x4, x5, x6, x7] = [k[0]!, k[1]!, k[2]!, k[3]!, k[4]!, k[5]!, k[6]!];
  const [aisc, aimp, voco, vmpo, nsnkq, c2, c3n] = [k[7]!, k[8]!, k[9]!, k[10]!, k[11]!, k[12]!, k[13]!];
  const [bvoc1, mbvoc, bvmp1, mbvmp] = [k[14]!, k[15]!, k[16]!, k[17]!];
  const { iSc, iMp, vOc, vMp, pMp, iX, iXx } = res;
  for (let i = 0; i < n; i++) {
    const ee = e[i]! * invRef;
    const tc = t[i]!;
    if (ee === 0 && tc === tc) {
      // The night (about half the rows of a year): every output is 0, as the formulas give.
      iSc[i] = 0;
      iMp[i] = 0;
      iX[i] = 0;
      iXx[i] = 0;
      vOc[i] = 0;
      vMp[i] = 0;
      pMp[i] = 0;
      continue;
    }
    const dt = tc - tRef;
    const fSc = 1 + aisc * dt;
    const fMp = 1 + aimp * dt;
    iSc[i] = isco * ee * fSc;
    const imp = ee * (m0 + m1 * ee) * fMp;
    iMp[i] = imp;
    iX[i] = ee * (x4 + x5 * ee) * fSc;
    iXx[i] = ee * (x6 + x7 * ee) * fMp;
    if (ee > 0) {
      // D = Ns delta ln Ee [V].
      const d = nsnkq * (tc + 273.15) * fastLogDegree5(ee);
      const voc = voco + d + (bvoc1 - mbvoc * ee) * dt;
      const vmp = vmpo + d * (c2 + c3n * d) + (bvmp1 - mbvmp * ee) * dt;
      // Negative values clipped to 0; NaN (a NaN temperature) stays NaN (WebAssembly's f64x2.pmax).
      const v1 = voc < 0 ? 0 : voc;
      const v2 = vmp < 0 ? 0 : vmp;
      vOc[i] = v1;
      vMp[i] = v2;
      pMp[i] = imp * v2;
    } else if (ee === ee && tc === tc) {
      vOc[i] = 0;
      vMp[i] = 0;
      pMp[i] = 0;
    } else {
      vOc[i] = Number.NaN;
      vMp[i] = Number.NaN;
      pMp[i] = Number.NaN;
    }
  }
}

/** The air-mass polynomial of {@link sapmSpectralLoss}: the SAPM's `A0` to `A4` of a module. */
export interface SapmSpectralModule {
  /** Constant term, unitless (`A0`). */
  a0: number;
  /** Coefficient of AMa, unitless (`A1`). */
  a1: number;
  /** Coefficient of AMa^2 (`A2`). */
  a2: number;
  /** Coefficient of AMa^3 (`A3`). */
  a3: number;
  /** Coefficient of AMa^4 (`A4`). */
  a4: number;
}

const SPECTRAL_FIELDS: readonly ParameterField[] = [
  ['a0', 'unitless'],
  ['a1', 'unitless'],
  ['a2', 'unitless'],
  ['a3', 'unitless'],
  ['a4', 'unitless'],
];

/**
 * SAPM spectral factor (F1 of the SAPM), unitless: A0 + A1 AMa + A2 AMa^2 + A3 AMa^3 + A4 AMa^4 of
 * the absolute (pressure-corrected) air mass, never below 0. A NaN air mass (the sun below the
 * horizon) gives 0, as pvlib does, so that the effective irradiance of the night is 0, not NaN.
 * King, Boyson and Kratochvil (2004), SAND2004-3535, doi:10.2172/919131; follows
 * pvlib.spectrum.spectral_factor_sapm.
 * @param airmassAbsolute absolute air mass [unitless]
 * @param module the coefficients A0..A4 (`a0`..`a4`; a SapmModuleParameters object has them)
 * @param out optional output buffer
 * @example
 * sapmSpectralLoss(1.5, { a0: 0.928385, a1: 0.068093, a2: -0.0157738, a3: 0.0016606, a4: -6.93e-5 })[0]; // about 1.0003
 */
export function sapmSpectralLoss(
  airmassAbsolute: Column,
  module: SapmSpectralModule,
  out?: Float64Array,
): Float64Array {
  const fn = 'sapmSpectralLoss';
  const n = checkSeries(fn, [['airmassAbsolute', airmassAbsolute, 'unitless air mass']]);
  checkParameterSet(fn, 'module', module, SPECTRAL_FIELDS);
  const { a0, a1, a2, a3, a4 } = module;
  const res = outputColumn(out, n);
  const am = columnOf(airmassAbsolute, 0);
  const mm = maskOf(airmassAbsolute);
  for (let i = 0; i < n; i++) {
    const x = am[i & mm]!;
    const f = (((a4 * x + a3) * x + a2) * x + a1) * x + a0;
    // f > 0 is false for NaN: a NaN air mass gives 0.
    res[i] = f > 0 ? f : 0;
  }
  return res;
}

/** Inputs of {@link sapmEffectiveIrradiance}. */
export interface SapmEffectiveIrradianceInput {
  /** Beam irradiance on the plane of the array, W/m2 (`poa_direct`). */
  poaDirect: Column;
  /** Diffuse irradiance on the plane of the array, W/m2 (`poa_diffuse`). */
  poaDiffuse: Column;
  /** Absolute (pressure-corrected) air mass, unitless (`airmass_absolute`). */
  airmassAbsolute: Column;
  /** Angle of incidence of the beam on the plane, degrees (`aoi`). */
  aoi: Column;
}

/** The module fields {@link sapmEffectiveIrradiance} reads: A0..A4, B0..B5 and FD. */
export type SapmEffectiveIrradianceModule = Pick<
  SapmModuleParameters,
  'a0' | 'a1' | 'a2' | 'a3' | 'a4' | 'b0' | 'b1' | 'b2' | 'b3' | 'b4' | 'b5' | 'fd'
>;

/**
 * SAPM effective irradiance, W/m2: Ee = F1(AMa) (poaDirect F2(aoi) + FD poaDiffuse), with F1 the
 * spectral factor ({@link sapmSpectralLoss}) and F2 the incidence angle modifier ({@link iamSapm},
 * 0 beyond 90 degrees). Irradiance in W/m2, air mass unitless, aoi in degrees.
 * King, Boyson and Kratochvil (2004), SAND2004-3535, doi:10.2172/919131; follows
 * pvlib.pvsystem.sapm_effective_irradiance.
 * @param input `poaDirect`, `poaDiffuse` [W/m2], `airmassAbsolute` [unitless], `aoi` [degrees]
 * @param module the module's A0..A4, B0..B5 and FD (a SapmModuleParameters object has them)
 * @param out optional output buffer
 * @example
 * const module = {
 *   a0: 0.928385, a1: 0.068093, a2: -0.0157738, a3: 0.0016606, a4: -6.93e-5,
 *   b0: 1, b1: -0.002438, b2: 0.0003103, b3: -1.246e-5, b4: 2.112e-7, b5: -1.359e-9, fd: 1,
 * };
 * sapmEffectiveIrradiance({ poaDirect: 800, poaDiffuse: 100, airmassAbsolute: 1.5, aoi: 20 }, module)[0]; // about 906 W/m2
 */
export function sapmEffectiveIrradiance(
  input: SapmEffectiveIrradianceInput,
  module: SapmEffectiveIrradianceModule,
  out?: Float64Array,
): Float64Array {
  const fn = 'sapmEffectiveIrradiance';
  checkObject(fn, 'input', input);
  checkParameterSet(fn, 'module', module, [['fd', 'unitless fraction']]);
  const n = checkSeries(fn, [
    ['poaDirect', input.poaDirect, 'W/m2'],
    ['poaDiffuse', input.poaDiffuse, 'W/m2'],
    ['airmassAbsolute', input.airmassAbsolute, 'unitless air mass'],
    ['aoi', input.aoi, 'degrees'],
  ]);
  const res = outputColumn(out, n);
  // F2 into the result (or one value for a scalar aoi), F1 into a scratch column; each checks its coefficients.
  const f1 = sapmSpectralLoss(input.airmassAbsolute, module);
  const m1 = maskOf(input.airmassAbsolute);
  const { b0, b1, b2, b3, b4, b5 } = module;
  const f2 = iamSapm(input.aoi, { b0, b1, b2, b3, b4, b5 }, typeof input.aoi === 'number' ? undefined : res);
  const m2 = maskOf(input.aoi);
  const b = columnOf(input.poaDirect, 0);
  const mb = maskOf(input.poaDirect);
  const d = columnOf(input.poaDiffuse, 0);
  const md = maskOf(input.poaDiffuse);
  const fd = module.fd;
  for (let i = 0; i < n; i++) {
    res[i] = f1[i & m1]! * (b[i & mb]! * f2[i & m2]! + fd * d[i & md]!);
  }
  return res;
}
