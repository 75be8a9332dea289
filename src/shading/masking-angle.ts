/**
 * Row-to-row shading of the sky dome: the masking angle below which the row in front hides the
 * sky (Passias & Källbäck 1984), its average over the slant height, the isotropic diffuse loss it
 * gives, and the angle to the foot of the facing row (the ground a point of the row sees).
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { checkColumn, checkObject, checkPositiveFraction, checkSeries } from '../util/validate.js';

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;

/** Columns of {@link maskingAngle} and {@link groundAngle}. */
export interface RowPointInput {
  /** Tilt of the rows from horizontal, degrees. */
  surfaceTilt: Column;
  /** Height of the point up the row's slant, as a fraction of the slant height (0 bottom edge, 1 top edge). */
  slantHeight: Column;
}

/** Columns of {@link maskingAnglePassias}. */
export interface MaskingAnglePassiasInput {
  /** Tilt of the rows from horizontal, degrees. */
  surfaceTilt: Column;
}

/** The rows' spacing of the masking-angle models. */
export interface RowSpacingOptions {
  /** Ground coverage ratio: the rows' slant height over their pitch, unitless, in (0, 1]. */
  gcr: number;
}

function checkRowPoint(fn: string, input: RowPointInput, options: RowSpacingOptions): number {
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  checkPositiveFraction(fn, 'options.gcr', options.gcr, 'slant height over pitch');
  return checkSeries(fn, [
    ['surfaceTilt', input.surfaceTilt, 'degrees'],
    ['slantHeight', input.slantHeight, 'fraction of the slant height'],
  ]);
}

/**
 * Masking angle, degrees: the elevation, seen from a point up a row's slant, of the top edge of
 * the row in front; the sky below it is hidden. Lower points see a steeper angle; SAM takes the
 * bottom edge (slantHeight 0) as the worst case. Eq. 8 of D. Passias and B. Källbäck, "Shading
 * effects in rows of solar cell panels", Solar Cells 11, 281-291, 1984,
 * doi:10.1016/0379-6787(84)90017-6, written with the ground coverage ratio; P. Gilman et al., "SAM
 * Photovoltaic Model Technical Reference Update", NREL/TP-6A20-67399, 2018, doi:10.2172/1429291.
 * Follows pvlib.shading.masking_angle.
 * @param input surfaceTilt, degrees; slantHeight, fraction of the slant height (columns or numbers)
 * @param options gcr, the ground coverage ratio
 * @param out optional output buffer of the series' length
 * @returns masking angle, degrees from horizontal, one per row
 * @example
 * maskingAngle({ surfaceTilt: 30, slantHeight: 0 }, { gcr: 0.5 })[0]; // about 23.79
 */
export function maskingAngle(input: RowPointInput, options: RowSpacingOptions, out?: Float64Array): Float64Array {
  const n = checkRowPoint('maskingAngle', input, options);
  const res = outputColumn(out, n);
  const tilt = columnOf(input.surfaceTilt, 0);
  const tMask = maskOf(input.surfaceTilt);
  const height = columnOf(input.slantHeight, 0);
  const hMask = maskOf(input.slantHeight);
  const gcr = options.gcr;
  for (let i = 0; i < n; i++) {
    const b = tilt[i & tMask]! * DEG;
    const g = gcr * (1 - height[i & hMask]!);
    // atan of the quotient (not atan2), as the paper's eq. 8 and pvlib.
    res[i] = Math.atan((g * Math.sin(b)) / (1 - g * Math.cos(b))) * RAD;
  }
  return res;
}

/**
 * Ground angle, degrees: the angle below horizontal, seen from a point up a row's slant, of the
 * foot of the facing row (the row that the point faces), measured clockwise from horizontal.
 * Follows pvlib.shading.ground_angle (the geometry of Passias & Källbäck 1984,
 * doi:10.1016/0379-6787(84)90017-6).
 * @param input surfaceTilt, degrees; slantHeight, fraction of the slant height (columns or numbers)
 * @param options gcr, the ground coverage ratio
 * @param out optional output buffer of the series' length
 * @returns ground angle, degrees, one per row
 * @example
 * groundAngle({ surfaceTilt: 30, slantHeight: 1 }, { gcr: 0.5 })[0]; // about 9.896
 */
export function groundAngle(input: RowPointInput, options: RowSpacingOptions, out?: Float64Array): Float64Array {
  const n = checkRowPoint('groundAngle', input, options);
  const res = outputColumn(out, n);
  const tilt = columnOf(input.surfaceTilt, 0);
  const tMask = maskOf(input.surfaceTilt);
  const height = columnOf(input.slantHeight, 0);
  const hMask = maskOf(input.slantHeight);
  const gcr = options.gcr;
  for (let i = 0; i < n; i++) {
    const b = tilt[i & tMask]! * DEG;
    const g = gcr * height[i & hMask]!;
    res[i] = Math.atan2(g * Math.sin(b), g * Math.cos(b) + 1) * RAD;
  }
  return res;
}

/**
 * Average masking angle over a row's slant height, degrees: the closed form of the integral of
 * Passias & Källbäck's eq. 8 from the bottom to the top edge (their eq. 9 is in error; this is
 * pvlib's independent integration, checked against numerical quadrature in our tests). A tilt
 * whose formula has no value (tilt 0: no masking; gcr 1 with the rows touching) gives 0, as
 * pvlib; a NaN tilt gives NaN (pvlib gives 0 there, taking it for the tilt-0 case). D. Passias
 * and B. Källbäck, "Shading effects in rows of solar cell panels", Solar Cells 11, 281-291, 1984,
 * doi:10.1016/0379-6787(84)90017-6. Follows pvlib.shading.masking_angle_passias.
 * @param input surfaceTilt, degrees (a column or a number)
 * @param options gcr, the ground coverage ratio
 * @param out optional output buffer of the series' length
 * @returns average masking angle, degrees from horizontal, one per row
 * @example
 * maskingAnglePassias({ surfaceTilt: 30 }, { gcr: 0.5 })[0]; // about 10.0028
 */
export function maskingAnglePassias(
  input: MaskingAnglePassiasInput,
  options: RowSpacingOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'maskingAnglePassias';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  checkPositiveFraction(fn, 'options.gcr', options.gcr, 'slant height over pitch');
  const n = checkSeries(fn, [['surfaceTilt', input.surfaceTilt, 'degrees']]);
  const res = outputColumn(out, n);
  const tilt = columnOf(input.surfaceTilt, 0);
  const tMask = maskOf(input.surfaceTilt);
  const x = 1 / options.gcr;
  const xLogX = x * Math.log(x);
  const xSquaredPlus1 = x * x + 1;
  for (let i = 0; i < n; i++) {
    const deg = tilt[i & tMask]!;
    const b = deg * DEG;
    const sinB = Math.sin(b);
    const cosB = Math.cos(b);
    const xCos = x * cosB;
    const term1 = (-x * sinB * Math.log(Math.abs(2 * xCos - xSquaredPlus1))) / 2;
    const term2 = (xCos - 1) * Math.atan((xCos - 1) / (x * sinB));
    const term3 = (1 - xCos) * Math.atan(cosB / sinB);
    const psi = term1 + term2 + term3 + xLogX * sinB;
    // psi - psi is 0 for a finite psi and NaN for NaN or an infinity.
    res[i] = psi - psi === 0 ? psi * RAD : deg !== deg ? deg : 0;
  }
  return res;
}

/**
 * Fraction of isotropic sky diffuse irradiance that the row in front blocks, unitless in [0, 1]:
 * 1 - cos^2(psi / 2) for a masking angle psi (Passias & Källbäck 1984, with the isotropic sky).
 * Give it {@link maskingAnglePassias} for the row's average, or {@link maskingAngle} at the bottom
 * edge for SAM's worst case. D. Passias and B. Källbäck, "Shading effects in rows of solar cell
 * panels", Solar Cells 11, 281-291, 1984, doi:10.1016/0379-6787(84)90017-6; P. Gilman et al.
 * (2018), NREL/TP-6A20-67399, doi:10.2172/1429291. Follows pvlib.shading.sky_diffuse_passias.
 * @param maskingAngle masking angle, degrees (a column or a number)
 * @param out optional output buffer of the series' length
 * @returns blocked fraction of the sky diffuse irradiance, unitless, one per row
 * @example
 * skyDiffusePassias(maskingAnglePassias({ surfaceTilt: 30 }, { gcr: 0.5 }))[0]; // about 0.0076
 */
export function skyDiffusePassias(maskingAngle: Column, out?: Float64Array): Float64Array {
  const fn = 'skyDiffusePassias';
  checkColumn(fn, 'maskingAngle', maskingAngle, 'degrees');
  const n = typeof maskingAngle === 'number' ? 1 : maskingAngle.length;
  const res = outputColumn(out, n);
  const m = columnOf(maskingAngle, 0);
  const mMask = maskOf(maskingAngle);
  for (let i = 0; i < n; i++) {
    const c = Math.cos((m[i & mMask]! / 2) * DEG);
    res[i] = 1 - c * c;
  }
  return res;
}
