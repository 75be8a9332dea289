/**
 * What the Erbs module (wasm/erbs.wat) and the Erbs-Driesse, Orgill-Hollands, Boland and Louche module
 * (wasm/kt-decomposition.wat, built from erbs.wat) share: the extraterrestrial irradiance of a UTC
 * day they import, the layout of their block of rows in memory, and the loop that copies the
 * caller's columns through that block. Internal to src/irradiance.
 */
import { dayOfYearFromEpochDays, spencerDistanceFactor } from '../atmosphere/extraterrestrial.js';
import type { Column } from '../util/columns.js';
import type { WasmKernel } from '../util/wasm.js';

/** Extraterrestrial normal irradiance [W/m2] of a UTC day counted from 1970-01-01: Spencer (1971). */
export function extraForDay(days: number): number {
  return 1366.1 * spencerDistanceFactor(dayOfYearFromEpochDays(days));
}

/** The block of rows in a kt module's memory: its length and the columns' offsets, in doubles. */
export interface KtBlockLayout {
  memory: Float64Array;
  blockRows: number;
  ghi: number;
  zenith: number;
  /** The times [s], a dniExtra column [W/m2], or unused: see {@link runKtBlocks}'s mode. */
  third: number;
  dni: number;
  dhi: number;
  kt: number;
}

/** The layout a kt module exports (its blockRows global and the offset globals of its columns). */
export function ktBlockLayout(kernel: WasmKernel): KtBlockLayout {
  const { exports, memory, offset } = kernel;
  return {
    memory,
    blockRows: (exports.blockRows as { value: number }).value,
    ghi: offset('ghi'),
    zenith: offset('zenith'),
    third: offset('third'),
    dni: offset('dni'),
    dhi: offset('dhi'),
    kt: offset('kt'),
  };
}

/**
 * Runs a kt module over n rows, a block at a time: copies GHI [W/m2], zenith [deg] and the third
 * column in, calls `runBlock(rows, mode, extraScalar)` (mode 0: extraterrestrial irradiance from
 * the times; 1: a dniExtra column; 2: one dniExtra value, extraScalar), and copies DNI, DHI and kt
 * out into `out`.
 */
export function runKtBlocks(
  layout: KtBlockLayout,
  n: number,
  gA: Float64Array,
  zA: Float64Array,
  unixSeconds: Float64Array | undefined,
  dniExtra: Column | undefined,
  out: { dni: Float64Array; dhi: Float64Array; kt: Float64Array },
  runBlock: (rows: number, mode: number, extraScalar: number) => void,
): void {
  const { memory, blockRows, ghi, zenith, third, dni, dhi, kt } = layout;
  const mode = dniExtra === undefined ? 0 : typeof dniExtra === 'number' ? 2 : 1;
  const thirdColumn = mode === 0 ? unixSeconds! : mode === 1 ? (dniExtra as Float64Array) : null;
  const extraScalar = mode === 2 ? (dniExtra as number) : 0;
  for (let start = 0; start < n; start += blockRows) {
    const end = start + blockRows < n ? start + blockRows : n;
    const rows = end - start;
    memory.set(gA.subarray(start, end), ghi);
    memory.set(zA.subarray(start, end), zenith);
    if (thirdColumn !== null) memory.set(thirdColumn.subarray(start, end), third);
    if ((rows & 1) === 1) {
      // The last pair's second lane repeats the last row, so that it reads defined inputs.
      memory[ghi + rows] = memory[ghi + rows - 1]!;
      memory[zenith + rows] = memory[zenith + rows - 1]!;
      memory[third + rows] = memory[third + rows - 1]!;
    }
    runBlock(rows, mode, extraScalar);
    out.dni.set(memory.subarray(dni, dni + rows), start);
    out.dhi.set(memory.subarray(dhi, dhi + rows), start);
    out.kt.set(memory.subarray(kt, kt + rows), start);
  }
}
