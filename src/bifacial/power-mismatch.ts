/**
 * Mismatch loss of bifacial modules from the non-uniformity of their cells' irradiance (Deline et
 * al. 2020): a polynomial of the relative mean absolute difference of the cell irradiances.
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { checkAtLeast, checkColumn, checkFinite, checkObject, typeFailure } from '../util/validate.js';

/** Deline et al.'s eq. 11 in unitless form: M = 0.142 RMAD + 0.032 * 100 RMAD^2. */
const DELINE_COEFFICIENTS: readonly number[] = [0, 0.142, 0.032 * 100];

/** Options of {@link powerMismatchDeline}. */
export interface PowerMismatchDelineOptions {
  /**
   * Coefficients of the polynomial in RMAD (unitless), constant term first (default
   * `[0, 0.142, 3.2]`, eq. 11 with the n-th coefficient times 100^(n-1) for unitless RMAD).
   */
  coefficients?: readonly number[];
  /**
   * Fill factor at STC of the module, unitless: the loss is scaled by fillFactor /
   * fillFactorReference (eq. 7). Default: none (no scaling).
   */
  fillFactor?: number;
  /** Fill factor at STC of the modules the coefficients were fitted to, unitless (default 0.79). */
  fillFactorReference?: number;
}

/**
 * DC power loss from irradiance non-uniformity, unitless fraction: a polynomial of the relative
 * mean absolute difference (RMAD, unitless) of the cell-by-cell total irradiance, by default
 * Deline et al.'s eq. 11 (M = 0.142 RMAD + 3.2 RMAD^2), optionally scaled by the module's fill
 * factor over the reference's (eq. 7). The global RMAD of a bifacial module whose front is
 * uniform is RMAD_rear * phi / (1 + G_front / (phi mean(G_rear))), phi the bifaciality. C. Deline,
 * S. Ayala Pelaez, S. MacAlpine and C. Olalla, "Estimating and parameterizing mismatch power loss
 * in bifacial photovoltaic systems", Progress in Photovoltaics 28(7) 691-703, 2020,
 * doi:10.1002/pip.3259. Follows pvlib.bifacial.power_mismatch_deline.
 * @param rmad relative mean absolute difference of the cells' total irradiance, unitless (a
 *   column or a number)
 * @param options coefficients (constant first), fillFactor and fillFactorReference (0.79)
 * @param out optional output buffer of the series' length
 * @returns fractional power loss, unitless, one per row
 * @example
 * powerMismatchDeline(0.1)[0]; // about 0.0462
 * powerMismatchDeline(0.1, { fillFactor: 0.8 })[0]; // about 0.046785
 */
export function powerMismatchDeline(
  rmad: Column,
  options: PowerMismatchDelineOptions = {},
  out?: Float64Array,
): Float64Array {
  const fn = 'powerMismatchDeline';
  checkColumn(fn, 'rmad', rmad, 'unitless');
  checkObject(fn, 'options', options);
  const coefficients = options.coefficients ?? DELINE_COEFFICIENTS;
  if (!Array.isArray(coefficients) || coefficients.length === 0) {
    typeFailure(fn, 'options.coefficients', 'a non-empty array of numbers (constant term first)', coefficients);
  }
  for (let k = 0; k < coefficients.length; k++) checkFinite(fn, `options.coefficients[${k}]`, coefficients[k], '');
  let scale = 1;
  if (options.fillFactor !== undefined) {
    const ff = checkAtLeast(fn, 'options.fillFactor', options.fillFactor, 0, 'unitless', true);
    const ref = checkAtLeast(
      fn,
      'options.fillFactorReference',
      options.fillFactorReference ?? 0.79,
      0,
      'unitless',
      true,
    );
    scale = ff / ref;
  }
  // The coefficients scaled once (pvlib scales the polynomial: each coefficient times FF1 / FF0).
  const c = Float64Array.from(coefficients, (v) => v * scale);
  const top = c.length - 1;
  const n = typeof rmad === 'number' ? 1 : rmad.length;
  const res = outputColumn(out, n);
  const x = columnOf(rmad, 0);
  const xMask = maskOf(rmad);
  for (let i = 0; i < n; i++) {
    const r = x[i & xMask]!;
    let y = c[top]!;
    for (let k = top - 1; k >= 0; k--) y = y * r + c[k]!; // Horner, as numpy's polyval
    res[i] = y;
  }
  return res;
}
