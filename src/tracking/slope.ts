import { checkSlope } from './checks.js';

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;

/** A uniformly sloped plane and the direction of the tracker axes laid on it, degrees. */
export interface SlopeInput {
  /**
   * Direction of the slope normal projected on the horizontal (the downhill direction), degrees
   * east of north (pvlib's `slope_azimuth`).
   */
  slopeAzimuth: number;
  /** Slope angle from horizontal, degrees (pvlib's `slope_tilt`). */
  slopeTilt: number;
  /** Direction of the tracker axes on the horizontal, degrees east of north (pvlib's `axis_azimuth`). */
  axisAzimuth: number;
}

/** Inputs of {@link crossAxisTilt}: the slope, the axes' direction and their tilt, degrees. */
export interface CrossAxisTiltInput extends SlopeInput {
  /** Tilt of the axes from horizontal, degrees (pvlib's `axis_tilt`; see {@link axisTiltOnSlope}). */
  axisTilt: number;
}

/**
 * Tilt of a tracker axis laid on a uniformly sloped plane, degrees from horizontal (positive
 * when the axis dips towards `axisAzimuth`).
 *
 * The axis direction lies in the slope plane; its tangent of tilt is the slope's tangent
 * scaled by the cosine of the angle between the axis and the slope's downhill direction
 * (Anderson & Mikofski 2020, eqs. 18-19, NREL/TP-5K00-76626, doi:10.2172/1660126;
 * pvlib.tracking.calc_axis_tilt).
 *
 * @param input `slopeAzimuth` (the downhill direction) and `axisAzimuth`, degrees east of north;
 *   `slopeTilt`, degrees from horizontal
 * @returns axis tilt, degrees
 * @example
 * // An axis straight down a 5-degree slope that falls to the south:
 * axisTiltOnSlope({ slopeAzimuth: 180, slopeTilt: 5, axisAzimuth: 180 }); // about 5 degrees
 */
export function axisTiltOnSlope(input: SlopeInput): number {
  checkSlope('axisTiltOnSlope', input);
  const { slopeAzimuth, slopeTilt, axisAzimuth } = input;
  const deltaGamma = (axisAzimuth - slopeAzimuth) * DEG;
  return Math.atan(Math.cos(deltaGamma) * Math.tan(slopeTilt * DEG)) * RAD;
}

/**
 * Cross-axis tilt: the angle from horizontal of the line where the slope that holds the tracker
 * axes meets a plane perpendicular to the axes, degrees, right-handed about the axis (for an
 * axis heading south, negative when the slope falls to the east). Backtracking uses it to keep
 * rows from shading each other on slopes that are not parallel to the axes.
 *
 * Follows Anderson & Mikofski 2020 (eqs. 22 and 26, NREL/TP-5K00-76626,
 * doi:10.2172/1660126), as pvlib.tracking.calc_cross_axis_tilt: the tracker normal is the
 * cross product of the axis and the slope normal, and the cross-axis tilt is the elevation
 * of the in-slope direction perpendicular to the axis.
 *
 * @param input `slopeAzimuth` (the downhill direction) and `axisAzimuth`, degrees east of north;
 *   `slopeTilt` and `axisTilt` (see {@link axisTiltOnSlope}), degrees from horizontal
 * @returns cross-axis tilt, degrees
 * @example
 * // A north-south axis on ground falling 10 degrees to the east:
 * const slope = { slopeAzimuth: 90, slopeTilt: 10, axisAzimuth: 180 };
 * crossAxisTilt({ ...slope, axisTilt: axisTiltOnSlope(slope) }); // about -10 degrees
 */
export function crossAxisTilt(input: CrossAxisTiltInput): number {
  checkSlope('crossAxisTilt', input, true);
  const { slopeAzimuth, slopeTilt, axisAzimuth, axisTilt } = input;
  const dg = (axisAzimuth - slopeAzimuth) * DEG;
  const ba = axisTilt * DEG;
  const bg = slopeTilt * DEG;
  const cosBa = Math.cos(ba);
  const sinBa = Math.sin(ba);
  const cosBg = Math.cos(bg);
  const sinBg = Math.sin(bg);
  const cosDg = Math.cos(dg);
  const sinDg = Math.sin(dg);
  // Tracker normal v, eq. 22.
  const vx = sinDg * cosBa * cosBg;
  const vy = sinBa * sinBg + cosDg * cosBa * cosBg;
  const vz = -sinDg * sinBg * cosBa;
  const norm = Math.sqrt(vx * vx + vy * vy + vz * vz);
  // Eq. 26.
  return Math.asin(((vx * cosDg - vy * sinDg) * sinBa + vz * cosBa) / norm) * RAD;
}
