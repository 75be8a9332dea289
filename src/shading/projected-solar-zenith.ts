/**
 * The sun's zenith projected on the plane perpendicular to an axis (a tracker's torque tube, or
 * the length of a fixed row): the true-tracking rotation, and the angle of the 2-D row geometry
 * of every row-to-row shading model.
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { checkFinite, checkObject, checkRange, checkSeries } from '../util/validate.js';

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;

/** Sun position columns of {@link projectedSolarZenithAngle}, degrees. */
export interface ProjectedSolarZenithAngleInput {
  /** Solar (apparent) zenith, degrees. */
  solarZenith: Column;
  /** Solar azimuth, degrees east of north. */
  solarAzimuth: Column;
}

/** The axis of {@link projectedSolarZenithAngle}, degrees. */
export interface ProjectedSolarZenithAngleOptions {
  /** Direction of the axis, degrees east of north (a fixed south-facing row: 90 or 270). */
  axisAzimuth: number;
  /** Tilt of the axis from horizontal, degrees, positive dipping towards `axisAzimuth` (default 0). */
  axisTilt?: number;
}

/** The checked axis of {@link projectedSolarZenithAngle} and of the models built on it. */
export function checkAxis(fn: string, options: { axisAzimuth: number; axisTilt?: number }): void {
  checkObject(fn, 'options', options);
  checkFinite(fn, 'options.axisAzimuth', options.axisAzimuth, 'degrees east of north');
  if (options.axisTilt !== undefined) checkRange(fn, 'options.axisTilt', options.axisTilt, -90, 90, 'degrees');
}

/** The sines and cosines of an axis's azimuth and tilt, hoisted out of the loops. */
export interface AxisFrame {
  cosAz: number;
  sinAz: number;
  cosTilt: number;
  sinTilt: number;
}

/** The {@link AxisFrame} of an axis of azimuth and tilt in degrees. */
export function axisFrame(axisAzimuth: number, axisTilt: number): AxisFrame {
  return {
    cosAz: Math.cos(axisAzimuth * DEG),
    sinAz: Math.sin(axisAzimuth * DEG),
    cosTilt: Math.cos(axisTilt * DEG),
    sinTilt: Math.sin(axisTilt * DEG),
  };
}

/**
 * The projected zenith of one sun position (degrees in, degrees out): the angle, in the plane
 * perpendicular to the axis, from the axis's normal to the sun, right-handed about the axis
 * (positive with the sun on the side 90 degrees clockwise of the axis azimuth: west of a
 * north-south axis). Inlined by the engine into the loops that call it.
 */
export function projectedZenithRow(zenith: number, azimuth: number, f: AxisFrame): number {
  const z = zenith * DEG;
  const a = azimuth * DEG;
  const sinZ = Math.sin(z);
  const sx = sinZ * Math.sin(a);
  const sy = sinZ * Math.cos(a);
  const sz = Math.cos(z);
  // Anderson & Mikofski 2020, eq. 4: the sun vector in the axis's frame (x across the axis, z
  // normal to the plane of the axes), then eq. 5: the angle from z towards x.
  const xPrime = sx * f.cosAz - sy * f.sinAz;
  const zPrime = sx * f.sinAz * f.sinTilt + sy * f.sinTilt * f.cosAz + sz * f.cosTilt;
  return Math.atan2(xPrime, zPrime) * RAD;
}

/**
 * Projected solar zenith angle, degrees: the sun's zenith projected on the plane perpendicular to
 * an axis of azimuth `axisAzimuth` and tilt `axisTilt`, measured right-handed about the axis (the
 * true-tracking rotation of a single-axis tracker; for a fixed row, the axis runs along the row).
 * In (-180, 180]; a sun below the horizon gives an angle past +-90. K. Anderson and M. Mikofski,
 * "Slope-Aware Backtracking for Single-Axis Trackers", NREL/TP-5K00-76626, 2020, eqs. 4-5,
 * doi:10.2172/1660126. Follows pvlib.shading.projected_solar_zenith_angle.
 * @param input solarZenith and solarAzimuth, degrees (columns or numbers)
 * @param options axisAzimuth (degrees east of north) and axisTilt (degrees, default 0)
 * @param out optional output buffer of the series' length
 * @returns projected zenith, degrees, one per row
 * @example
 * // A horizontal north-south axis, the sun 30 degrees from the zenith due west: rotate 30 degrees west.
 * projectedSolarZenithAngle({ solarZenith: 30, solarAzimuth: 270 }, { axisAzimuth: 180 })[0]; // about 30
 */
export function projectedSolarZenithAngle(
  input: ProjectedSolarZenithAngleInput,
  options: ProjectedSolarZenithAngleOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'projectedSolarZenithAngle';
  checkObject(fn, 'input', input);
  checkAxis(fn, options);
  const n = checkSeries(fn, [
    ['solarZenith', input.solarZenith, 'degrees'],
    ['solarAzimuth', input.solarAzimuth, 'degrees east of north'],
  ]);
  const res = outputColumn(out, n);
  const zenith = columnOf(input.solarZenith, 0);
  const zMask = maskOf(input.solarZenith);
  const azimuth = columnOf(input.solarAzimuth, 0);
  const aMask = maskOf(input.solarAzimuth);
  const f = axisFrame(options.axisAzimuth, options.axisTilt ?? 0);
  for (let i = 0; i < n; i++) res[i] = projectedZenithRow(zenith[i & zMask]!, azimuth[i & aMask]!, f);
  return res;
}
