/**
 * Inverter models: AC power from the DC power and voltage of the array. Sandia's model (King,
 * Gonzalez, Galbraith and Boyson 2007, SAND2007-5036) for one MPPT input and for several (Hansen,
 * Johnson, Darbali-Zamora and Gurule 2022), Driesse's efficiency model (ADR; Driesse, Jain and
 * Harrison 2008) and PVWatts for several inputs. PVWatts for one input is src/power/pvwatts.ts.
 */
import { pvwattsInverter } from '../power/pvwatts.js';
import { asColumn, type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import {
  checkObject,
  checkRange,
  checkSeries,
  isFloat64Array,
  rangeFailure,
  type SeriesEntry,
} from '../util/validate.js';
import { lazyWasmKernel, loadWasmKernel } from '../util/wasm.js';
import { checkColumnList, checkParameterSet, type ParameterField } from './checks.js';
import type { AdrInverterParameters, SandiaInverterParameters } from './parameters.js';
import { SANDIA_INVERTER_WASM_BASE64 } from './wasm/sandia-inverter.wasm.js';

/** Inputs of {@link sandiaInverter} and {@link adrInverter}: the DC side of one MPPT input. */
export interface InverterInput {
  /** DC voltage at the inverter's input, V (`v_dc`). */
  vDc: Column;
  /** DC power at the inverter's input, W (`p_dc`). */
  pDc: Column;
}

/** Inputs of {@link sandiaInverterMulti}: one column of each per MPPT input, in the same order. */
export interface InverterMultiInput {
  /** DC voltage of each MPPT input, V (`v_dc`, one column per input). */
  vDc: readonly Column[];
  /** DC power of each MPPT input, W (`p_dc`, one column per input). */
  pDc: readonly Column[];
}

const SANDIA_FIELDS: readonly ParameterField[] = [
  ['paco', 'W'],
  ['pdco', 'W'],
  ['vdco', 'V'],
  ['pso', 'W'],
  ['c0', '1/W'],
  ['c1', '1/V'],
  ['c2', '1/V'],
  ['c3', '1/V'],
  ['pnt', 'W'],
];

/**
 * Sandia inverter AC power, W, from the DC voltage (V) and power (W) of its input:
 * P_ac = (Paco / (A - B) - C (A - B)) (P_dc - B) + C (P_dc - B)^2 with A = Pdco (1 + C1 (V_dc - Vdco)),
 * B = Pso (1 + C2 (V_dc - Vdco)), C = C0 (1 + C3 (V_dc - Vdco)): the efficiency varies with DC
 * voltage about Vdco. The output is clipped at Paco, and is -|Pnt| (the night tare) where the DC
 * power is below Pso. MPPT windows and current limits are not applied (as pvlib). NaN in gives NaN
 * out.
 * King, Gonzalez, Galbraith and Boyson (2007), Performance Model for Grid-Connected Photovoltaic
 * Inverters, SAND2007-5036, doi:10.2172/920449; follows pvlib.inverter.sandia.
 * @param input `vDc` [V], `pDc` [W]
 * @param inverter the inverter's Sandia parameters (SandiaInverterParameters: Paco, Pdco, Vdco, Pso,
 *   C0..C3, Pnt in pvlib's names, camelCase)
 * @param out optional output buffer
 * @example
 * const inverter = {
 *   paco: 250, pdco: 259.589, vdco: 40, pso: 2.0896, c0: -4.1e-5, c1: -9.1e-5, c2: 4.94e-4, c3: -0.01317, pnt: 0.075,
 * };
 * sandiaInverter({ vDc: 40, pDc: 200 }, inverter)[0]; // about 192.6 W
 * sandiaInverter({ vDc: 40, pDc: 1 }, inverter)[0]; // => -0.075
 */
export function sandiaInverter(
  input: InverterInput,
  inverter: SandiaInverterParameters,
  out?: Float64Array,
): Float64Array {
  const fn = 'sandiaInverter';
  checkObject(fn, 'input', input);
  checkParameterSet(fn, 'inverter', inverter, SANDIA_FIELDS);
  const n = checkSeries(fn, [
    ['vDc', input.vDc, 'V'],
    ['pDc', input.pDc, 'W'],
  ]);
  const res = outputColumn(out, n);
  // Scalars broadcast into columns: plain arrays in the loop (faster than an index mask per column).
  const v = asColumn(input.vDc, n);
  const p = asColumn(input.pDc, n);
  if (!sandiaKernelWasm(n, v, p, inverter, res)) sandiaKernel(n, v, p, inverter, res);
  return res;
}

/** The loaded WebAssembly form of the Sandia loop: its run function and memory (offsets in doubles). */
interface SandiaWasm {
  run: (rows: number) => void;
  memory: Float64Array;
  blockRows: number;
  terms: number;
  vDc: number;
  pDc: number;
  ac: number;
}

function loadSandiaWasm(): SandiaWasm | null {
  const kernel = loadWasmKernel(SANDIA_INVERTER_WASM_BASE64, {});
  if (kernel === null) return null;
  const { exports, memory, offset } = kernel;
  return {
    run: exports.run as SandiaWasm['run'],
    memory,
    blockRows: (exports.blockRows as { value: number }).value,
    terms: offset('terms'),
    vDc: offset('vDc'),
    pDc: offset('pDc'),
    ac: offset('ac'),
  };
}

/** The module, loaded on first use; null where it cannot run or the kernels are off. */
const sandiaWasm = lazyWasmKernel(loadSandiaWasm);

/**
 * Which form of the Sandia loop {@link sandiaInverter} runs in this engine: 'wasm' (WebAssembly
 * SIMD, wasm/sandia-inverter.wat) where the module loads and the kernels are on (setWasmKernels in
 * util/wasm.ts), else 'typescript'. Both give the same doubles (AC power, W); King et al. (2007),
 * SAND2007-5036, doi:10.2172/920449. Loads the module on its first call, as sandiaInverter does.
 * @example
 * sandiaKernelInUse(); // => 'wasm'
 */
export function sandiaKernelInUse(): 'wasm' | 'typescript' {
  return sandiaWasm() === null ? 'typescript' : 'wasm';
}

/**
 * sandiaKernel in WebAssembly SIMD (wasm/sandia-inverter.wat): the columns are copied into the
 * module's memory a block at a time, its loop takes two rows per f64x2 instruction with the same
 * IEEE operations as sandiaKernel (the same doubles), and the AC power is copied out. Returns
 * false, having done nothing, where the module cannot run.
 */
function sandiaKernelWasm(
  n: number,
  v: Float64Array,
  p: Float64Array,
  inverter: SandiaInverterParameters,
  res: Float64Array,
): boolean {
  const kernel = sandiaWasm();
  if (kernel === null) return false;
  const { run, memory, blockRows, terms, vDc: vAt, pDc: pAt, ac: acAt } = kernel;
  const [a0, k1, bb0, b1, cc0, cv] = sandiaVoltageTerms(inverter);
  memory[terms] = inverter.paco;
  memory[terms + 1] = inverter.pso;
  memory[terms + 2] = a0;
  memory[terms + 3] = k1;
  memory[terms + 4] = b1;
  memory[terms + 5] = cv;
  memory[terms + 6] = cc0;
  memory[terms + 7] = bb0;
  memory[terms + 8] = -Math.abs(inverter.pnt);
  for (let from = 0; from < n; from += blockRows) {
    const to = from + blockRows < n ? from + blockRows : n;
    const rows = to - from;
    memory.set(v.subarray(from, to), vAt);
    memory.set(p.subarray(from, to), pAt);
    // The last pair's second lane repeats the last row, so that it reads defined inputs.
    if ((rows & 1) === 1) {
      memory[vAt + rows] = memory[vAt + rows - 1]!;
      memory[pAt + rows] = memory[pAt + rows - 1]!;
    }
    run(rows);
    res.set(memory.subarray(acAt, acAt + rows), from);
  }
  return true;
}

function sandiaKernel(
  n: number,
  v: Float64Array,
  p: Float64Array,
  inverter: SandiaInverterParameters,
  res: Float64Array,
) {
  const { paco, pso } = inverter;
  const [a0, k1, bb0, b1, cc0, cv] = sandiaVoltageTerms(inverter);
  const night = -Math.abs(inverter.pnt);
  for (let i = 0; i < n; i++) {
    const pdc = p[i]!;
    const vdc = v[i]!;
    const ab = a0 + k1 * vdc;
    const x = pdc - (bb0 + b1 * vdc);
    const ac = x * (paco / ab + (cc0 + cv * vdc) * (x - ab));
    // A select, not a branch, for the night (measured 1.4 against 2.6 ns a row); paco < ac is false
    // for NaN, which stays NaN (np.minimum; WebAssembly's f64x2.pmin).
    res[i] = pdc < pso ? night : paco < ac ? paco : ac;
  }
}

/**
 * sandiaLinearTerms as linear functions of V_dc itself (the Vdco moved into the constant terms):
 * A - B = a0 + k1 V_dc, B = bb0 + b1 V_dc, C = cc0 + cv V_dc, returned as [a0, k1, bb0, b1, cc0,
 * cv]; one subtraction a row fewer, the same values within a few units of the last place.
 */
function sandiaVoltageTerms(inv: SandiaInverterParameters): [number, number, number, number, number, number] {
  const [k0, k1, b1, cv, vdco] = sandiaLinearTerms(inv);
  return [k0 - k1 * vdco, k1, inv.pso - b1 * vdco, b1, inv.c0 - cv * vdco, cv];
}

/**
 * The Sandia model's voltage terms as linear functions of dv = V_dc - Vdco: A - B = k0 + k1 dv,
 * B = Pso + b1 dv, C = C0 + cv dv; then (Paco/(A-B) - C (A-B)) x + C x^2 = x (Paco/(A-B) + C (x - (A-B)))
 * with x = P_dc - B, the same value in fewer operations (within 1e-15 relative of the paper's form).
 */
function sandiaLinearTerms(inv: SandiaInverterParameters): [number, number, number, number, number] {
  return [inv.pdco - inv.pso, inv.pdco * inv.c1 - inv.pso * inv.c2, inv.pso * inv.c2, inv.c0 * inv.c3, inv.vdco];
}

/**
 * Sandia inverter AC power, W, of an inverter with several MPPT inputs, each with its own DC
 * voltage (V) and power (W): the efficiency of each input is Sandia's at that input's voltage and
 * the total DC power, weighted by the input's share of the DC power; then clipping at Paco, and
 * -|Pnt| where the total DC power is below Pso (as {@link sandiaInverter}). NaN in gives NaN out.
 * Hansen, Johnson, Darbali-Zamora and Gurule (2022), Modeling Efficiency of Inverters with Multiple
 * Inputs, 49th IEEE PVSC, doi:10.1109/PVSC48317.2022.9938490, on King et al. (2007), SAND2007-5036,
 * doi:10.2172/920449; follows pvlib.inverter.sandia_multi.
 * @param input `vDc` [V] and `pDc` [W], one column per MPPT input (the two lists of one length)
 * @param inverter the inverter's Sandia parameters (SandiaInverterParameters)
 * @param out optional output buffer
 * @example
 * const inverter = {
 *   paco: 250, pdco: 259.589, vdco: 40, pso: 2.0896, c0: -4.1e-5, c1: -9.1e-5, c2: 4.94e-4, c3: -0.01317, pnt: 0.075,
 * };
 * sandiaInverterMulti({ vDc: [40, 40], pDc: [100, 100] }, inverter)[0]; // about 192.6 W
 */
export function sandiaInverterMulti(
  input: InverterMultiInput,
  inverter: SandiaInverterParameters,
  out?: Float64Array,
): Float64Array {
  const fn = 'sandiaInverterMulti';
  checkObject(fn, 'input', input);
  checkParameterSet(fn, 'inverter', inverter, SANDIA_FIELDS);
  const inputs = checkColumnList(fn, 'input.vDc', input.vDc, 'V');
  if (checkColumnList(fn, 'input.pDc', input.pDc, 'W') !== inputs) {
    rangeFailure(fn, 'input.pDc', `a list of ${inputs} columns, one per column of input.vDc`, input.pDc);
  }
  const entries: SeriesEntry[] = [];
  for (let k = 0; k < inputs; k++) {
    entries.push([`vDc[${k}]`, input.vDc[k], 'V'], [`pDc[${k}]`, input.pDc[k], 'W']);
  }
  const n = checkSeries(fn, entries);
  const res = outputColumn(out, n);
  // The total DC power, summed in the inputs' order as pvlib's sum(p_dc).
  const total = new Float64Array(n);
  for (let k = 0; k < inputs; k++) {
    const p = columnOf(input.pDc[k], 0);
    const mp = maskOf(input.pDc[k]);
    for (let i = 0; i < n; i++) total[i] = total[i]! + p[i & mp]!;
  }
  const { paco, pso } = inverter;
  const [k0, k1, b1, cv, vdco] = sandiaLinearTerms(inverter);
  const c0 = inverter.c0;
  res.fill(0);
  for (let k = 0; k < inputs; k++) {
    const v = columnOf(input.vDc[k], 0);
    const mv = maskOf(input.vDc[k]);
    const p = columnOf(input.pDc[k], 0);
    const mp = maskOf(input.pDc[k]);
    for (let i = 0; i < n; i++) {
      const dv = v[i & mv]! - vdco;
      const pdc = total[i]!;
      const ab = k0 + k1 * dv;
      const x = pdc - (pso + b1 * dv);
      res[i] = res[i]! + (p[i & mp]! / pdc) * (x * (paco / ab + (c0 + cv * dv) * (x - ab)));
    }
  }
  const night = -Math.abs(inverter.pnt);
  for (let i = 0; i < n; i++) {
    const ac = res[i]!;
    res[i] = total[i]! < pso ? night : paco < ac ? paco : ac;
  }
  return res;
}

/** The inverter of {@link adrInverter}: its ADR parameters and pvlib's voltage tolerance. */
export interface AdrInverter extends AdrInverterParameters {
  /**
   * Fraction of the DC voltage limits by which the model is extrapolated beyond the inverter's
   * input voltage range, 0 to 1 (pvlib's `vtol`; default 0.1).
   */
  vtol?: number;
}

const ADR_FIELDS: readonly ParameterField[] = [
  ['pnom', 'W'],
  ['vnom', 'V'],
  ['pacmax', 'W'],
  ['pnt', 'W'],
];

/** The largest of some values, NaN ones skipped (numpy's nanmax); NaN when all are. */
function nanMax(values: readonly number[]): number {
  let m = Number.NaN;
  for (const x of values) if (x === x && !(x <= m)) m = x;
  return m;
}

/**
 * Driesse's (ADR) inverter AC power, W, from the DC voltage (V) and power (W): the loss
 * P_loss / Pnom is a polynomial of the normalised power p = P_dc / Pnom (terms p^0, p, p^2) times
 * terms in the normalised voltage v = V_dc / Vnom (1, v - 1, 1/v - 1), with the nine ADR
 * coefficients in pvlib's order (b00, b10, b20, b01, b11, b21, b02, b12, b22), and
 * P_ac = Pnom (p - P_loss / Pnom). The output is NaN where V_dc is above
 * max(Vmax, Vdcmax, MPPTHi) (1 + vtol) or below max(Vmin, MPPTLow) (1 - vtol) (limits that are
 * NaN in the library are skipped), -|Pnt| where V_dc is 0, never below -|Pnt|, and clipped at
 * Pacmax. NaN in gives NaN out.
 * Driesse, Jain and Harrison (2008), Beyond the Curves: Modeling the Electrical Efficiency of
 * Photovoltaic Inverters, 33rd IEEE PVSC, doi:10.1109/PVSC.2008.4922827; follows pvlib.inverter.adr.
 * @param input `vDc` [V], `pDc` [W]
 * @param inverter the ADR parameters (AdrInverterParameters) and optionally `vtol` [fraction,
 *   0..1] (default 0.1)
 * @param out optional output buffer
 * @example
 * const inverter = {
 *   pnom: 2200, vnom: 396, vmax: 413, vmin: 155, vdcmax: 500, mpptHi: 450, mpptLow: 150, pacmax: 2110, pnt: 0.25,
 *   adrCoefficients: [0.01385, 0.0152, 0.00794, 0.00286, -0.01872, -0.01305, 0.0, 0.0, 0.0],
 * };
 * adrInverter({ vDc: 396, pDc: 1000 }, inverter)[0]; // about 964.6 W
 */
export function adrInverter(input: InverterInput, inverter: AdrInverter, out?: Float64Array): Float64Array {
  const fn = 'adrInverter';
  checkObject(fn, 'input', input);
  checkParameterSet(fn, 'inverter', inverter, ADR_FIELDS);
  for (const k of ['vmax', 'vmin', 'vdcmax', 'mpptHi', 'mpptLow'] as const) {
    // NaN is allowed (a limit the library does not give); a missing field or a string is not.
    if (typeof inverter[k] !== 'number') checkRange(fn, `inverter.${k}`, inverter[k], 0, Number.POSITIVE_INFINITY, 'V');
  }
  const ce = inverter.adrCoefficients;
  if (
    !(Array.isArray(ce) || isFloat64Array(ce)) ||
    ce.length !== 9 ||
    !Array.prototype.every.call(ce, (x: unknown) => typeof x === 'number' && Number.isFinite(x))
  ) {
    rangeFailure(
      fn,
      'inverter.adrCoefficients',
      'an Array of 9 finite numbers (b00 b10 b20 b01 b11 b21 b02 b12 b22)',
      ce,
    );
  }
  const vtol = inverter.vtol ?? 0.1;
  if (inverter.vtol !== undefined) checkRange(fn, 'inverter.vtol', vtol, 0, 1, 'fraction');
  const n = checkSeries(fn, [
    ['vDc', input.vDc, 'V'],
    ['pDc', input.pDc, 'W'],
  ]);
  const res = outputColumn(out, n);
  const upper = nanMax([inverter.vmax, inverter.vdcmax, inverter.mpptHi]) * (1 + vtol);
  const lower = nanMax([inverter.vmin, inverter.mpptLow]) * (1 - vtol);
  const { pnom, vnom, pacmax } = inverter;
  const night = -Math.abs(inverter.pnt);
  const [b00, b10, b20, b01, b11, b21, b02, b12, b22] = ce as readonly number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const invPnom = 1 / pnom;
  const invVnom = 1 / vnom;
  const v = asColumn(input.vDc, n);
  const p = asColumn(input.pDc, n);
  for (let i = 0; i < n; i++) {
    const vdc = v[i]!;
    const pn = p[i]! * invPnom;
    const vn = vdc * invVnom;
    let ac: number;
    if (vn === 0) {
      ac = night;
    } else if (upper < vdc || vdc < lower) {
      ac = Number.NaN;
    } else {
      const pn2 = pn * pn;
      const dv = vn - 1;
      const dInv = 1 / vn - 1;
      const loss = b00 + b10 * pn + b20 * pn2 + (b01 + b11 * pn + b21 * pn2) * dv + (b02 + b12 * pn + b22 * pn2) * dInv;
      ac = pnom * (pn - loss);
      // np.maximum and np.minimum: NaN stays NaN.
      if (ac < night) ac = night;
    }
    res[i] = pacmax < ac ? pacmax : ac;
  }
  return res;
}

/**
 * PVWatts inverter AC power of an inverter with several MPPT inputs, in the unit of `pdc0` (W): the
 * DC powers of the inputs are summed and given to the PVWatts inverter model (`pvwattsInverter`:
 * efficiency curve of Dobos 2014, clipped at etaInvNom pdc0, never below 0).
 * Dobos (2014), PVWatts Version 5 Manual, NREL/TP-6A20-62641, doi:10.2172/1158421; follows
 * pvlib.inverter.pvwatts_multi.
 * @param pdc DC power of each MPPT input [W], one column each
 * @param options `pdc0` the inverter's DC input limit [W]; `etaInvNom` nominal efficiency
 *   [fraction] (default 0.96); `etaInvRef` reference efficiency [fraction] (default 0.9637)
 * @param out optional output buffer
 * @example
 * pvwattsInverterMulti([1500, 1500], { pdc0: 5000 / 0.96 })[0]; // about 2872 W
 */
export function pvwattsInverterMulti(
  pdc: readonly Column[],
  options: { pdc0: number; etaInvNom?: number; etaInvRef?: number },
  out?: Float64Array,
): Float64Array {
  const fn = 'pvwattsInverterMulti';
  const inputs = checkColumnList(fn, 'pdc', pdc, 'W');
  const entries: SeriesEntry[] = [];
  for (let k = 0; k < inputs; k++) entries.push([`pdc[${k}]`, pdc[k], 'W']);
  const n = checkSeries(fn, entries);
  const total = new Float64Array(n);
  for (let k = 0; k < inputs; k++) {
    const p = columnOf(pdc[k], 0);
    const mp = maskOf(pdc[k]);
    for (let i = 0; i < n; i++) total[i] = total[i]! + p[i & mp]!;
  }
  return pvwattsInverter(total, options, out);
}
