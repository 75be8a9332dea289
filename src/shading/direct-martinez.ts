/**
 * The shading loss of modules with bypass diodes: Martínez-Moreno, Muñoz and Lorenzo's
 * experimental model of the beam irradiance lost by shaded blocks of cells.
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { checkAtLeast, checkObject, checkSeries } from '../util/validate.js';

/** Columns of {@link directMartinez}. */
export interface DirectMartinezInput {
  /** Global irradiance on the plane of the modules, W/m2. */
  poaGlobal: Column;
  /** Direct and circumsolar irradiance on the plane of the modules, W/m2. */
  poaDirect: Column;
  /** Fraction of the module (or array) area that is shaded, unitless (see {@link shadedFraction1d}). */
  shadedFraction: Column;
  /** Number of blocks (groups of cells behind one bypass diode) the shadow touches; rounded up. */
  shadedBlocks: Column;
}

/** The module's layout of {@link directMartinez}. */
export interface DirectMartinezOptions {
  /** Number of blocks of the module (or array), each a group of cells behind one bypass diode. */
  totalBlocks: number;
}

/**
 * Fraction of DC power lost to shade, unitless: the beam and circumsolar irradiance is reduced
 * by (1 - F_GS)(1 - N_SB / (N_TB + 1)) for a shaded fraction F_GS and N_SB of N_TB blocks shaded
 * (eq. 6), and the loss is 1 - [(B + D_cir)(1 - F_ES) + D_iso + R] / G (eq. 8). F.
 * Martínez-Moreno, J. Muñoz and E. Lorenzo, "Experimental model to estimate shading losses on PV
 * arrays", Solar Energy Materials and Solar Cells 94(12) 2298-2303, 2010,
 * doi:10.1016/j.solmat.2010.07.029. Follows pvlib.shading.direct_martinez.
 * @param input poaGlobal and poaDirect (W/m2), shadedFraction (unitless), shadedBlocks (a count,
 *   rounded up) (columns or numbers)
 * @param options totalBlocks, the module's (or array's) number of blocks
 * @param out optional output buffer of the series' length
 * @returns fraction of DC power lost, unitless, one per row
 * @example
 * // pvlib's example: 600 W/m2 direct of 680, a third of the module shaded, 1 of 3 blocks.
 * directMartinez({ poaGlobal: 680, poaDirect: 600, shadedFraction: 1 / 3, shadedBlocks: 1 }, { totalBlocks: 3 })[0]; // about 0.4412
 */
export function directMartinez(
  input: DirectMartinezInput,
  options: DirectMartinezOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'directMartinez';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const total = checkAtLeast(fn, 'options.totalBlocks', options.totalBlocks, 0, 'blocks');
  const n = checkSeries(fn, [
    ['poaGlobal', input.poaGlobal, 'W/m2'],
    ['poaDirect', input.poaDirect, 'W/m2'],
    ['shadedFraction', input.shadedFraction, 'unitless'],
    ['shadedBlocks', input.shadedBlocks, 'blocks'],
  ]);
  const res = outputColumn(out, n);
  const global = columnOf(input.poaGlobal, 0);
  const gMask = maskOf(input.poaGlobal);
  const direct = columnOf(input.poaDirect, 0);
  const dMask = maskOf(input.poaDirect);
  const fraction = columnOf(input.shadedFraction, 0);
  const fMask = maskOf(input.shadedFraction);
  const blocks = columnOf(input.shadedBlocks, 0);
  const bMask = maskOf(input.shadedBlocks);
  const blocksPlus1 = 1 + total;
  for (let i = 0; i < n; i++) {
    const g = global[i & gMask]!;
    const d = direct[i & dMask]!;
    const beamFactor = (1 - fraction[i & fMask]!) * (1 - Math.ceil(blocks[i & bMask]!) / blocksPlus1);
    res[i] = 1 - (d * beamFactor + (g - d)) / g;
  }
  return res;
}
