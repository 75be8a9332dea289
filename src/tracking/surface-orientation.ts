import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import { checkFinite, checkObject, checkRange, checkSeries } from '../util/validate.js';

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;

/** Output columns of {@link trackerSurfaceOrientation}, degrees. */
export interface TrackerSurfaceOrientation {
  /** Tilt of the rotated surface from horizontal, in [0, 180]. */
  surfaceTilt: Float64Array;
  /** Azimuth of the rotated surface normal, [0, 360); `axisAzimuth - 90` where the surface is flat. */
  surfaceAzimuth: Float64Array;
}

/** Input of {@link trackerSurfaceOrientation}. */
export interface TrackerSurfaceOrientationInput {
  /** Rotation about the axis, degrees, right-handed (0 flat); pvlib's `tracker_theta`. */
  trackerTheta: Column;
}

/** Axis geometry of {@link trackerSurfaceOrientation} (as the options of {@link singleAxis}), degrees. */
export interface TrackerSurfaceOrientationOptions {
  /** Tilt of the axis, degrees, positive dipping towards `axisAzimuth` (default 0). */
  axisTilt?: number;
  /** Direction of the axis, degrees east of north (default 0). */
  axisAzimuth?: number;
}

/**
 * Surface tilt and azimuth of a single-axis tracker at given rotations (for rotations that
 * come from elsewhere: a controller log, a stow schedule).
 *
 * Tilt from Marion & Dobos 2013 (eq. 1): cos(tilt) = cos(rotation) cos(axis tilt). Azimuth from
 * the horizontal projection of the rotated normal, Rz(-axis azimuth) Rx(-axis tilt)
 * Ry(rotation) (0, 0, 1), as pvlib.tracking.calc_surface_orientation, which stays defined for
 * rotations of either sign. W. Marion and A. Dobos, "Rotation Angle for the Optimum Tracking of
 * One-Axis Trackers", NREL/TP-6A20-58891, 2013, doi:10.2172/1089596.
 *
 * @param input `trackerTheta`, the rotation about the axis, degrees, right-handed (0 flat)
 * @param options `axisTilt` (positive dipping towards `axisAzimuth`, default 0) and `axisAzimuth`
 *   (degrees east of north, default 0)
 * @param out optional output buffers
 * @example
 * const o = trackerSurfaceOrientation({ trackerTheta: Float64Array.of(-30, 0, 45) }, { axisAzimuth: 180 });
 * Array.from(o.surfaceTilt, Math.round); // => [30, 0, 45]
 * Array.from(o.surfaceAzimuth); // => [90, 90, 270]
 */
export function trackerSurfaceOrientation(
  input: TrackerSurfaceOrientationInput,
  options: TrackerSurfaceOrientationOptions = {},
  out: Partial<TrackerSurfaceOrientation> = {},
): TrackerSurfaceOrientation {
  const fn = 'trackerSurfaceOrientation';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const { trackerTheta } = input;
  const axisTilt = options.axisTilt ?? 0;
  const axisAzimuth = options.axisAzimuth ?? 0;
  const n = checkSeries(fn, [['trackerTheta', trackerTheta, 'degrees']]);
  checkRange(fn, 'options.axisTilt', axisTilt, -90, 90, 'degrees');
  checkFinite(fn, 'options.axisAzimuth', axisAzimuth, 'degrees east of north');
  const surfaceTilt = outputColumn(out.surfaceTilt, n, 'surfaceTilt');
  const surfaceAzimuth = outputColumn(out.surfaceAzimuth, n, 'surfaceAzimuth');
  const cosAz = Math.cos(axisAzimuth * DEG);
  const sinAz = Math.sin(axisAzimuth * DEG);
  const cosTilt = Math.cos(axisTilt * DEG);
  const sinTilt = Math.sin(axisTilt * DEG);
  const flatAzimuth = (((axisAzimuth - 90) % 360) + 360) % 360;
  const arr = arrayOf(trackerTheta);
  const scalar = scalarOf(trackerTheta);
  for (let i = 0; i < n; i++) {
    const theta = (arr === null ? scalar : arr[i]!) * DEG;
    const c = Math.cos(theta);
    const s = Math.sin(theta);
    const tilt = Math.acos(c * cosTilt) * RAD;
    let az: number;
    if (tilt === 0) {
      az = flatAzimuth;
    } else {
      az = Math.atan2(sinAz * sinTilt * c + cosAz * s, cosAz * sinTilt * c - sinAz * s) * RAD;
      if (az < 0) az += 360;
      if (az >= 360) az -= 360;
    }
    surfaceTilt[i] = tilt;
    surfaceAzimuth[i] = az;
  }
  return { surfaceTilt, surfaceAzimuth };
}
