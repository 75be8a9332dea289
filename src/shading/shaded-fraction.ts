/**
 * The shaded fraction of a row's collector width by the row in front (Anderson & Jensen 2024),
 * for fixed tilted rows and single-axis trackers on level or sloped ground.
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { checkAtLeast, checkFinite, checkObject, checkRange, checkSeries } from '../util/validate.js';
import { axisFrame, checkAxis, projectedZenithRow } from './projected-solar-zenith.js';

const DEG = Math.PI / 180;

/** Columns of {@link shadedFraction1d}: the sun and the rows' rotations, degrees. */
export interface ShadedFraction1dInput {
  /** Solar (apparent) zenith, degrees. */
  solarZenith: Column;
  /** Solar azimuth, degrees east of north. */
  solarAzimuth: Column;
  /**
   * Rotation of the row that receives the shade, degrees, right-handed about the axis (a tracker's
   * `trackerTheta`; a fixed south-facing row of tilt 30 along axis azimuth 90 is +30).
   */
  shadedRowRotation: Column;
  /** Rotation of the row that casts the shade, degrees (default: `shadedRowRotation`). */
  shadingRowRotation?: Column;
}

/** Row geometry of {@link shadedFraction1d}: lengths in one unit (metres, say), angles in degrees. */
export interface ShadedFraction1dOptions {
  /** Direction of the rows' axis, degrees east of north (a fixed south-facing row: 90). */
  axisAzimuth: number;
  /** Width of the collector across the axis, the length unit (> 0). */
  collectorWidth: number;
  /** Axis-to-axis horizontal spacing of the rows, the length unit (> 0). */
  pitch: number;
  /** Tilt of the rows' axis from horizontal, degrees (default 0). */
  axisTilt?: number;
  /** Distance from the rotation axis to the collector surface (a torque tube's offset), the length unit (default 0). */
  surfaceToAxisOffset?: number;
  /**
   * Slope of the plane of the axes from horizontal, degrees, right-handed about the axis (default
   * 0; see `crossAxisTilt`).
   */
  crossAxisSlope?: number;
}

/**
 * Shaded fraction of a row's collector width, 0 (no shade) to 1 (fully shaded), by the adjacent
 * row on the side of the sun's projection: Anderson & Jensen's one-dimensional model, eq. 12, for
 * rows of any rotation (fixed tilt or tracking), with a surface-to-axis offset, on a slope across
 * the axes. The model takes the two rows' roles as given: for a north-south tracker the shaded
 * row is the western one in the morning and the eastern one in the afternoon, so compute the
 * fraction of the row whose neighbour is towards the sun (the sign of
 * {@link projectedSolarZenithAngle}). K. S. Anderson and A. R. Jensen, "Shaded fraction and
 * backtracking in single-axis trackers on rolling terrain", J. Renewable Sustainable Energy 16(2)
 * 023504, 2024, doi:10.1063/5.0202220. Follows pvlib.shading.shaded_fraction1d.
 * @param input solarZenith, solarAzimuth, shadedRowRotation and optional shadingRowRotation,
 *   degrees (columns or numbers)
 * @param options axisAzimuth, collectorWidth, pitch (one length unit); axisTilt (0),
 *   surfaceToAxisOffset (0), crossAxisSlope (0)
 * @param out optional output buffer of the series' length
 * @returns shaded fraction of the collector width, unitless, one per row
 * @example
 * // pvlib's first example: a fixed south-facing row tilted 30 degrees, pitch 3 m, 2 m wide, morning sun.
 * const rows = { axisAzimuth: 90, collectorWidth: 2, pitch: 3, surfaceToAxisOffset: 0.05 };
 * shadedFraction1d({ solarZenith: 80, solarAzimuth: 135, shadedRowRotation: 30 }, rows)[0]; // about 0.477557
 */
export function shadedFraction1d(
  input: ShadedFraction1dInput,
  options: ShadedFraction1dOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'shadedFraction1d';
  checkObject(fn, 'input', input);
  checkAxis(fn, options);
  const width = checkAtLeast(fn, 'options.collectorWidth', options.collectorWidth, 0, 'length unit', true);
  const pitch = checkAtLeast(fn, 'options.pitch', options.pitch, 0, 'length unit', true);
  const offset = options.surfaceToAxisOffset ?? 0;
  checkFinite(fn, 'options.surfaceToAxisOffset', offset, 'length unit');
  const slope = options.crossAxisSlope ?? 0;
  checkRange(fn, 'options.crossAxisSlope', slope, -90, 90, 'degrees');
  const n = checkSeries(fn, [
    ['solarZenith', input.solarZenith, 'degrees'],
    ['solarAzimuth', input.solarAzimuth, 'degrees east of north'],
    ['shadedRowRotation', input.shadedRowRotation, 'degrees'],
    ['shadingRowRotation', input.shadingRowRotation, 'degrees', true],
  ]);
  const res = outputColumn(out, n);
  const zenith = columnOf(input.solarZenith, 0);
  const zMask = maskOf(input.solarZenith);
  const azimuth = columnOf(input.solarAzimuth, 0);
  const aMask = maskOf(input.solarAzimuth);
  const axis = axisFrame(options.axisAzimuth, options.axisTilt ?? 0);
  const shaded = columnOf(input.shadedRowRotation, 0);
  const shadedMask = maskOf(input.shadedRowRotation);
  const shading = input.shadingRowRotation === undefined ? shaded : columnOf(input.shadingRowRotation, 0);
  const shadingMask = input.shadingRowRotation === undefined ? shadedMask : maskOf(input.shadingRowRotation);
  const offsetOverWidth = offset / width;
  const pitchOverWidth = pitch / width;
  const cosSlope = Math.cos(slope * DEG);
  // One rotation for both rows (the shading row's not given): d1 is d2, and so are their cosines
  // and sines, taken once.
  const sameRows = input.shadingRowRotation === undefined;
  for (let i = 0; i < n; i++) {
    const psz = projectedZenithRow(zenith[i & zMask]!, azimuth[i & aMask]!, axis);
    const d2 = (shaded[i & shadedMask]! - psz) * DEG;
    const cos2 = Math.cos(d2);
    const sin2 = Math.sin(d2);
    let cos1 = cos2;
    let sin1 = sin2;
    if (!sameRows) {
      const d1 = (shading[i & shadingMask]! - psz) * DEG;
      cos1 = Math.cos(d1);
      sin1 = Math.sin(d1);
    }
    const c2 = Math.abs(cos2);
    const sign = psz > 0 ? 1 : psz < 0 ? -1 : psz; // Math.sign without the call; NaN stays NaN
    // Eq. 12 of Anderson & Jensen 2024, in pvlib's order of operations.
    const t =
      0.5 +
      Math.abs(cos1) / c2 / 2 +
      ((sign * offsetOverWidth) / c2) * (sin2 - sin1) -
      (pitchOverWidth * Math.cos((psz - slope) * DEG)) / c2 / cosSlope;
    res[i] = t < 0 ? 0 : t > 1 ? 1 : t;
  }
  return res;
}
