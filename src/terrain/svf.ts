/**
 * Sky-view factor of a horizontal or tilted surface under a terrain horizon.
 */
import { horizonElevationAt, type HorizonProfile } from './horizon.js';
import { checkPlane, checkProfile } from './checks.js';
import { checkObject } from '../util/validate.js';

const DEG = Math.PI / 180;

/** Options of {@link tiltedDiffuseFactor}: the plane, degrees (pvlib's `surface_tilt` and `surface_azimuth`). */
export interface TiltedDiffuseFactorOptions {
  /** Tilt from horizontal, degrees (0..180); default 0. */
  surfaceTilt?: number;
  /** Direction the surface faces, degrees east of north; default 180 (south). */
  surfaceAzimuth?: number;
}

/** Options of {@link skyViewFactor}: the plane, and the integration's resolution. */
export interface SkyViewFactorOptions extends TiltedDiffuseFactorOptions {
  /** Integration steps around the circle (default 1440, every 0.25 degree). */
  steps?: number;
}

/**
 * Sky-view factor (0..1): the share of isotropic sky irradiance a surface receives under the
 * horizon, relative to an unobstructed horizontal surface. Dozier & Frew (1990), eq. 7:
 *
 *   V = 1/(2 pi) * integral over phi of [cos S sin^2 H + sin S cos(phi - A) (H - sin H cos H)],
 *
 * where H(phi) is the zenith angle of the terrain horizon; the integral over zenith angles is
 * also bounded by the surface's own plane (self-shading), which extends it to overhanging
 * surfaces (tilt > 90 degrees, such as the rear of a bifacial module). The sky below
 * the horizontal is not counted (the diffuse models only know the upper hemisphere), so on open
 * flat ground V = (1 + cos S) / 2, the isotropic transposition factor, and a horizontal surface
 * gets V = mean of cos^2(horizon elevation).
 * Dozier, J. and Frew, J. (1990), "Rapid calculation of terrain parameters for radiation
 * modeling from digital elevation data", IEEE Trans. Geosci. Remote Sens. 28(5), 963-969,
 * doi:10.1109/36.58986.
 * @param horizon horizon elevations, degrees, by azimuth east of north (interpolated linearly)
 * @param options `surfaceTilt` from horizontal, degrees (0..180, default 0); `surfaceAzimuth`, the
 *   direction the surface faces, degrees east of north (default 180, south); `steps`, integration
 *   steps around the circle (default 1440, every 0.25 degree)
 * @example
 * // A horizon 20 degrees high all round: a horizontal surface sees cos^2(20 degrees) of the sky.
 * skyViewFactor(horizonFromArrays([0, 90, 180, 270], [20, 20, 20, 20])); // about 0.883
 * // Open ground: a surface tilted 30 degrees sees (1 + cos 30 degrees) / 2 of it.
 * skyViewFactor(horizonFromArrays([0, 90, 180, 270], [0, 0, 0, 0]), { surfaceTilt: 30 }); // about 0.933
 */
export function skyViewFactor(horizon: HorizonProfile, options: SkyViewFactorOptions = {}): number {
  checkProfile('skyViewFactor', horizon);
  checkObject('skyViewFactor', 'options', options);
  const { surfaceTilt = 0, surfaceAzimuth = 180, steps = 1440 } = options;
  checkPlane('skyViewFactor', surfaceTilt, surfaceAzimuth);
  if (!(Number.isInteger(steps) && steps > 0))
    throw new RangeError(`skyViewFactor: steps must be a whole number > 0 (got ${steps})`);
  const slope = surfaceTilt * DEG;
  const cosS = Math.cos(slope);
  const sinS = Math.sin(slope);
  const width = (2 * Math.PI) / steps;
  const halfPi = Math.PI / 2;
  let sum = 0;
  for (let k = 0; k < steps; k++) {
    const phiDeg = (k + 0.5) * (360 / steps);
    const cosRel = Math.cos((phiDeg - surfaceAzimuth) * DEG);
    const b = sinS * cosRel;
    // cos(incidence) = cos S cos t + sin S cos(phi - A) sin t is >= 0 within pi/2 of tStar:
    // the surface's own plane bounds the zenith angles t it can see in this direction.
    const tStar = Math.atan2(b, cosS);
    let elevation = horizonElevationAt(horizon, phiDeg) * DEG;
    if (elevation < 0) elevation = 0;
    let t2 = halfPi - elevation;
    if (t2 > tStar + halfPi) t2 = tStar + halfPi;
    let t1 = tStar - halfPi;
    if (t1 < 0) t1 = 0;
    if (!(t2 > t1)) continue;
    // Antiderivative of cos(i) sin t: cos S sin^2 t / 2 + b (t - sin t cos t) / 2.
    const s2 = Math.sin(t2);
    const s1 = Math.sin(t1);
    const upper = cosS * s2 * s2 + b * (t2 - s2 * Math.cos(t2));
    const lower = cosS * s1 * s1 + b * (t1 - s1 * Math.cos(t1));
    sum += upper - lower;
  }
  const v = (sum * width) / (2 * Math.PI);
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/**
 * Ratio of a tilted surface's sky-view factor under the horizon to its open-sky value
 * (1 + cos S) / 2: the factor that scales the isotropic sky diffuse already transposed to the
 * plane (GTI) for the sky the terrain hides. 1 on open ground. Same inputs as {@link skyViewFactor}
 * (its default integration steps).
 * @param horizon horizon elevations, degrees, by azimuth east of north
 * @param options `surfaceTilt` (degrees, default 0) and `surfaceAzimuth` (degrees east of north,
 *   default 180)
 * @example
 * // A ridge 30 degrees high to the south hides more of the sky of a plane facing it
 * // than of one facing north:
 * const ridge = horizonFromArrays([0, 90, 180, 270], [0, 0, 30, 0]);
 * const facingRidge = tiltedDiffuseFactor(ridge, { surfaceTilt: 30 });
 * facingRidge < tiltedDiffuseFactor(ridge, { surfaceTilt: 30, surfaceAzimuth: 0 }); // => true
 */
export function tiltedDiffuseFactor(horizon: HorizonProfile, options: TiltedDiffuseFactorOptions = {}): number {
  checkProfile('tiltedDiffuseFactor', horizon);
  checkObject('tiltedDiffuseFactor', 'options', options);
  const { surfaceTilt = 0, surfaceAzimuth = 180 } = options;
  checkPlane('tiltedDiffuseFactor', surfaceTilt, surfaceAzimuth);
  const open = (1 + Math.cos(surfaceTilt * DEG)) / 2;
  if (open <= 0) return 0;
  return Math.min(1, skyViewFactor(horizon, { surfaceTilt, surfaceAzimuth }) / open);
}
