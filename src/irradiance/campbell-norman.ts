/**
 * The Campbell & Norman (1998) sky: DNI, DHI and GHI from an atmospheric transmittance, with the
 * diffuse part of Liu & Jordan (1960). Zenith [deg], irradiance W/m2, pressure Pa.
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { COS_NODES, SIN_NODES } from '../util/trig-tables.js';
import { checkObject, checkPressurePa, checkSeries } from '../util/validate.js';
import { lazyWasmKernel, loadWasmKernel, writePairs } from '../util/wasm.js';
import { CAMPBELL_NORMAN_WASM_BASE64 } from './wasm/campbell-norman.wasm.js';

const D2R = Math.PI / 180;

/** Inputs of {@link campbellNorman}. */
export interface CampbellNormanInput {
  /** True solar zenith [deg]. */
  zenith: Column;
  /** Atmospheric transmittance, 0..1 [unitless]. */
  transmittance: Column;
  /** Site pressure [Pa]; default 101325. */
  pressure?: Column;
  /** Extraterrestrial normal irradiance [W/m2]; default 1367. */
  dniExtra?: Column;
}

/** GHI, DNI and DHI [W/m2]. */
export interface SkyComponents {
  /** Global horizontal irradiance [W/m2]. */
  ghi: Float64Array;
  /** Direct normal irradiance [W/m2]. */
  dni: Float64Array;
  /** Diffuse horizontal irradiance [W/m2]. */
  dhi: Float64Array;
}

/**
 * Campbell-Norman irradiance [W/m2]: with the absolute air mass m = p / 101325 / cos z (the secant,
 * NaN for zenith > 90), DNI = E0 tau^m, DHI = 0.3 (1 - tau^m) E0 cos z (Liu & Jordan 1960),
 * GHI = DHI + DNI cos z. All three are NaN with the sun below the horizon, as pvlib.
 * Campbell, G.S., Norman, J.M. (1998), An Introduction to Environmental Biophysics, 2nd ed.,
 * Springer, doi:10.1007/978-1-4612-1626-1; Liu, B.Y., Jordan, R.C. (1960), Solar Energy 4(3), 1-19,
 * doi:10.1016/0038-092X(60)90062-1; follows pvlib.irradiance.campbell_norman.
 * @param input zenith [deg], transmittance [0..1], pressure [Pa] default 101325, dniExtra [W/m2] default 1367
 * @param out optional output buffers
 * @example
 * campbellNorman({ zenith: 30, transmittance: 0.75 }).dni[0]; // about 981 W/m2
 */
export function campbellNorman(input: CampbellNormanInput, out?: Partial<SkyComponents>): SkyComponents {
  const fn = 'campbellNorman';
  checkObject(fn, 'input', input);
  const { zenith, transmittance, pressure = 101_325, dniExtra = 1367 } = input;
  const n = checkSeries(fn, [
    ['zenith', zenith, 'degrees'],
    ['transmittance', transmittance, '0..1'],
    ['pressure', pressure, 'Pa'],
    ['dniExtra', dniExtra, 'W/m2'],
  ]);
  checkPressurePa(fn, 'pressure', pressure);
  const res: SkyComponents = {
    ghi: outputColumn(out?.ghi, n, 'ghi'),
    dni: outputColumn(out?.dni, n, 'dni'),
    dhi: outputColumn(out?.dhi, n, 'dhi'),
  };
  if (!campbellNormanWasm(n, input, res)) campbellNormanKernel(n, input, res);
  return res;
}

/** The loaded WebAssembly form of the loop (offsets in doubles). */
interface CampbellNormanWasm {
  run: (rows: number, logTau: number, pressureRatio: number, dniExtra: number) => void;
  memory: Float64Array;
  blockRows: number;
  zenith: number;
  dni: number;
  dhi: number;
  ghi: number;
}

function loadCampbellNormanWasm(): CampbellNormanWasm | null {
  const kernel = loadWasmKernel(CAMPBELL_NORMAN_WASM_BASE64, { js: { cos: Math.cos, exp: Math.exp } });
  if (kernel === null) return null;
  const { exports, memory, offset } = kernel;
  writePairs(memory, offset('nodeTable'), COS_NODES, SIN_NODES);
  return {
    run: exports.run as CampbellNormanWasm['run'],
    memory,
    blockRows: (exports.blockRows as { value: number }).value,
    zenith: offset('zenith'),
    dni: offset('dni'),
    dhi: offset('dhi'),
    ghi: offset('ghi'),
  };
}

/** The module, loaded on first use; null where it cannot run or the kernels are off. */
const cnWasm = lazyWasmKernel(loadCampbellNormanWasm);

/**
 * The loop in WebAssembly SIMD (wasm/campbell-norman.wat), for a zenith column with one
 * transmittance above 0, one pressure and one dniExtra (the usual call): cos z as the TypeScript
 * kernel (the same doubles), tau^m by the module's own exponential (a few units in the last place
 * from Math.exp). Returns false, having done nothing, for other inputs or where the module cannot run.
 */
function campbellNormanWasm(n: number, input: CampbellNormanInput, out: SkyComponents): boolean {
  const { zenith, transmittance, pressure = 101_325, dniExtra = 1367 } = input;
  if (
    typeof zenith === 'number' ||
    typeof transmittance !== 'number' ||
    !(transmittance > 0) ||
    typeof pressure !== 'number' ||
    typeof dniExtra !== 'number'
  )
    return false;
  const kernel = cnWasm();
  if (kernel === null) return false;
  const { run, memory, blockRows } = kernel;
  const logTau = Math.log(transmittance);
  for (let start = 0; start < n; start += blockRows) {
    const end = start + blockRows < n ? start + blockRows : n;
    const rows = end - start;
    memory.set(zenith.subarray(start, end), kernel.zenith);
    // The last pair's second lane repeats the last row, so that it reads a defined input.
    if ((rows & 1) === 1) memory[kernel.zenith + rows] = memory[kernel.zenith + rows - 1]!;
    run(rows, logTau, pressure / 101_325, dniExtra);
    out.dni.set(memory.subarray(kernel.dni, kernel.dni + rows), start);
    out.dhi.set(memory.subarray(kernel.dhi, kernel.dhi + rows), start);
    out.ghi.set(memory.subarray(kernel.ghi, kernel.ghi + rows), start);
  }
  return true;
}

/**
 * The TypeScript loop: the reference of the WebAssembly form, and the form for columns of
 * transmittance, pressure or dniExtra. cos z from the quarter-degree nodes of trig-tables.ts (a few
 * 1e-16 from Math.cos, as the other decompositions).
 */
function campbellNormanKernel(n: number, input: CampbellNormanInput, out: SkyComponents): void {
  const { zenith, transmittance, pressure = 101_325, dniExtra = 1367 } = input;
  const zA = columnOf(zenith, 0);
  const zM = maskOf(zenith);
  const tA = columnOf(transmittance, 0);
  const tM = maskOf(transmittance);
  const pA = columnOf(pressure, 0);
  const pM = maskOf(pressure);
  const eA = columnOf(dniExtra, 0);
  const eM = maskOf(dniExtra);
  const { ghi: ghiOut, dni: dniOut, dhi: dhiOut } = out;
  const cosNodes = COS_NODES;
  const sinNodes = SIN_NODES;
  // tau^m as exp(m ln tau), the logarithm once for a one-value transmittance (Math.pow costs more).
  const logTau0 = typeof transmittance === 'number' ? Math.log(transmittance) : 0;
  const tauColumn = typeof transmittance !== 'number';
  for (let i = 0; i < n; i++) {
    const zen = zA[i & zM]!;
    let cosZ: number;
    if (zen >= 0 && zen <= 360) {
      const k = Math.floor(zen * 4 + 0.5);
      const r = (zen - k * 0.25) * D2R;
      const r2 = r * r;
      cosZ = cosNodes[k]! * (1 - r2 * (0.5 - r2 * (1 / 24))) - sinNodes[k]! * (r * (1 - r2 * (1 / 6 - r2 * (1 / 120))));
      // The table's exact 0 at 90 deg: Math.cos there (6e-17), as pvlib.
      if (cosZ === 0) cosZ = Math.cos(zen * D2R);
    } else {
      cosZ = Math.cos(zen * D2R);
    }
    // pvlib's 'simple' relative air mass: the secant, NaN below the horizon.
    const am = zen > 90 ? Number.NaN : pA[i & pM]! / 101_325 / cosZ;
    const e0 = eA[i & eM]!;
    const tau = tA[i & tM]!;
    // tau 0 with m 0 would be 0^0 = 1 by pow; exp(0 * -inf) is NaN: keep pow for tau <= 0.
    const direct = tau > 0 ? Math.exp(am * (tauColumn ? Math.log(tau) : logTau0)) : Math.pow(tau, am);
    const beam = e0 * direct;
    const diffuse = 0.3 * (1 - direct) * e0 * cosZ;
    dniOut[i] = beam;
    dhiOut[i] = diffuse;
    ghiOut[i] = diffuse + beam * cosZ;
  }
}
