/**
 * Sky-view factor of a horizontal or tilted surface under a terrain horizon.
 */
import { horizonElevationAt, type HorizonProfile } from './horizon.js';

const DEG = Math.PI / 180;

/**
 * Sky-view factor (0..1): the share of isotropic sky irradiance a surface receives under the
 * horizon, relative to an unobstructed horizontal surface. Dozier & Frew (1990), eq. 7:
 *
 *   V = 1/(2 pi) * integral over phi of [cos S sin^2 H + sin S cos(phi - A) (H - sin H cos H)],
 *
 * where H(phi) is the zenith angle of the effective horizon: the terrain horizon, or the
 * surface's own plane where that rises higher (self-shading of a tilted surface). The sky below
 * the horizontal is not counted (the diffuse models only know the upper hemisphere), so on open
 * flat ground V = (1 + cos S) / 2, the isotropic transposition factor, and a horizontal surface
 * gets V = mean of cos^2(horizon elevation).
 * Dozier, J. and Frew, J. (1990), "Rapid calculation of terrain parameters for radiation
 * modeling from digital elevation data", IEEE Trans. Geosci. Remote Sens. 28(5), 963-969,
 * doi:10.1109/36.58986.
 * @param profile horizon elevations, degrees, by azimuth east of north (interpolated linearly)
 * @param surfaceTilt tilt from horizontal, degrees (0..180)
 * @param surfaceAzimuth direction the surface faces, degrees east of north (180 = south)
 * @param steps integration steps around the circle (default 1440, every 0.25 degree)
 */
export function skyViewFactor(
  profile: HorizonProfile,
  surfaceTilt = 0,
  surfaceAzimuth = 180,
  steps = 1440,
): number {
  const slope = surfaceTilt * DEG;
  const cosS = Math.cos(slope);
  const sinS = Math.sin(slope);
  const width = (2 * Math.PI) / steps;
  let sum = 0;
  for (let k = 0; k < steps; k++) {
    const phiDeg = (k + 0.5) * (360 / steps);
    const cosRel = Math.cos((phiDeg - surfaceAzimuth) * DEG);
    // Elevation of the surface's own plane in this direction (rises behind a tilted surface).
    const planeElevation = Math.atan2(-sinS * cosRel, cosS);
    let elevation = horizonElevationAt(profile, phiDeg) * DEG;
    if (elevation < 0) elevation = 0;
    if (planeElevation > elevation) elevation = planeElevation;
    if (elevation > Math.PI / 2) elevation = Math.PI / 2;
    const h = Math.PI / 2 - elevation;
    const sinH = Math.sin(h);
    sum += cosS * sinH * sinH + sinS * cosRel * (h - sinH * Math.cos(h));
  }
  const v = (sum * width) / (2 * Math.PI);
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/**
 * Ratio of a tilted surface's sky-view factor under the horizon to its open-sky value
 * (1 + cos S) / 2: the factor that scales the isotropic sky diffuse already transposed to the
 * plane (GTI) for the sky the terrain hides. 1 on open ground. Same inputs as {@link skyViewFactor}.
 */
export function tiltedDiffuseFactor(profile: HorizonProfile, surfaceTilt = 0, surfaceAzimuth = 180): number {
  const open = (1 + Math.cos(surfaceTilt * DEG)) / 2;
  if (open <= 0) return 0;
  return Math.min(1, skyViewFactor(profile, surfaceTilt, surfaceAzimuth) / open);
}
