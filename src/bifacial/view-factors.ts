import { checkAtLeast, checkPositiveFraction, rangeFailure, typeFailure } from '../util/validate.js';

/**
 * The checks of the view-factor functions: cheap enough for their per-row use by trackers, and
 * NaN-tolerant (a NaN tilt at night gives NaN).
 */
export function checkTiltAndGcr(fn: string, tilt: number, gcr: number): void {
  if (typeof tilt !== 'number') typeFailure(fn, 'surfaceTilt', 'a number (degrees)', tilt);
  if (tilt < -180 || tilt > 180) rangeFailure(fn, 'surfaceTilt', 'a number from -180 to 180 (degrees)', tilt);
  checkPositiveFraction(fn, 'gcr', gcr, 'row width over pitch');
}

/**
 * Two-dimensional view factors of the infinite-sheds geometry: infinitely long, evenly spaced
 * rows on level ground, seen in the plane perpendicular to the rows. Each function works on one
 * row orientation (a scalar); the series kernel in infinite-sheds.ts calls them per row, or once
 * for a fixed tilt.
 *
 * Integrated view factors use Hottel's crossed-strings rule with the strings bent around the
 * edges of the rows that obstruct them, as pvlib.bifacial.utils does since pvlib 0.16 (exact,
 * no discretisation): K. S. Anderson, A. R. Jensen and C. W. Hansen, "A Bifacial View Factor
 * Model Considering Terrain Slope and Nonuniform Albedo", IEEE Journal of Photovoltaics, 2026,
 * doi:10.1109/JPHOTOV.2026.3677506. Geometry conventions follow Mikofski et al. 2019
 * (doi:10.1109/PVSC40753.2019.8980572).
 */

const DEG = Math.PI / 180;

/**
 * Angular margin (radians) by which a string must pass an obstruction's edge before it is bent
 * around it; pvlib's value, kept so that grazing cases resolve the same way.
 */
const GRAZING = 1e-8;

/** Length of the vector (x, y); plainly, as Math.hypot is slow and its overflow care is not needed here. */
function dist(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}

/**
 * Crossed-strings sum (ac + bd) - (bc + ad) between segment a-b and segment c-d, where a string
 * that passes above the left obstruction edge (ol) or below the right one (or), seen from its
 * start, is replaced by the path bent around that edge. All points are (x, y) in one 2-D frame.
 */
function crossedStrings(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
  olx: number,
  oly: number,
  orx: number,
  ory: number,
): number {
  const aOl = Math.atan2(oly - ay, olx - ax);
  const aOr = Math.atan2(ory - ay, orx - ax);
  const bOl = Math.atan2(oly - by, olx - bx);
  const bOr = Math.atan2(ory - by, orx - bx);
  const distAOl = dist(ax - olx, ay - oly);
  const distAOr = dist(ax - orx, ay - ory);
  const distBOl = dist(bx - olx, by - oly);
  const distBOr = dist(bx - orx, by - ory);
  const distOlC = dist(olx - cx, oly - cy);
  const distOrC = dist(orx - cx, ory - cy);
  const distOlD = dist(olx - dx, oly - dy);
  const distOrD = dist(orx - dx, ory - dy);

  const angAc = Math.atan2(cy - ay, cx - ax);
  let ac = dist(ax - cx, ay - cy);
  if (angAc - aOl > GRAZING) ac = distAOl + distOlC;
  if (aOr - angAc > GRAZING) ac = distAOr + distOrC;

  const angAd = Math.atan2(dy - ay, dx - ax);
  let ad = dist(ax - dx, ay - dy);
  if (angAd - aOl > GRAZING) ad = distAOl + distOlD;
  if (aOr - angAd > GRAZING) ad = distAOr + distOrD;

  const angBc = Math.atan2(cy - by, cx - bx);
  let bc = dist(bx - cx, by - cy);
  if (angBc - bOl > GRAZING) bc = distBOl + distOlC;
  if (bOr - angBc > GRAZING) bc = distBOr + distOrC;

  const angBd = Math.atan2(dy - by, dx - bx);
  let bd = dist(bx - dx, by - dy);
  if (angBd - bOl > GRAZING) bd = distBOl + distOlD;
  if (bOr - angBd > GRAZING) bd = distBOr + distOrD;

  return ac + bd - (bc + ad);
}

const SIN_GRAZING = Math.sin(GRAZING);

/** SIN_GRAZING raised by 1e-9 relative: more than the rounding of a product of three doubles and two sums. */
const SIN_GRAZING_UP = SIN_GRAZING * (1 + 1e-9);

/**
 * Whether direction v lies more than GRAZING counter-clockwise of direction u (|u| = nu,
 * |v| = nv): the test `atan2(v) - atan2(u) > GRAZING` without the two arctangents. It agrees
 * with that test whenever u and v lie in one open half-plane (upper or lower), where the
 * difference of their atan2 angles is their true signed angle.
 */
function turnsLeftOf(ux: number, uy: number, nu: number, vx: number, vy: number, nv: number): boolean {
  const cross = ux * vy - uy * vx;
  return cross > 0 && (ux * vx + uy * vy < 0 || cross > SIN_GRAZING * nu * nv);
}

/**
 * Whether {@link groundSkyVf}'s rows are clear of the ground (its half-plane branch), from half
 * the row's vertical extent `halfSin` (0.5 width sin(rotation)) and the centre height.
 */
export function groundSkyHalfPlane(halfSin: number, height: number): boolean {
  return height - Math.abs(halfSin) > 0;
}

/**
 * Average view factor from a whole row face to the sky, limited by the row's own tilt and the
 * top edge of the row in front (pvlib.bifacial.utils.vf_row_sky_2d_integ over x in [0, 1]).
 * Closed form: 0.5 (1 + 1/gcr - sqrt(1/gcr^2 - 2 cos(tilt)/gcr + 1)).
 *
 * @param surfaceTilt tilt of the face from horizontal, degrees, in [0, 180]
 * @param gcr ground coverage ratio (collector width / pitch)
 * @returns view factor, unitless, in [0, 1]
 * @example
 * vfRowSkyIntegrated(30, 0.4); // about 0.883
 */
export function vfRowSkyIntegrated(surfaceTilt: number, gcr: number): number {
  checkTiltAndGcr('vfRowSkyIntegrated', surfaceTilt, gcr);
  return rowSkyVf(surfaceTilt, gcr);
}

/** {@link vfRowSkyIntegrated} of arguments already checked (tilt in [-180, 180] or NaN, gcr in (0, 1]). */
export function rowSkyVf(surfaceTilt: number, gcr: number): number {
  const a = 1 / gcr;
  const c = Math.cos(surfaceTilt * DEG);
  const vf = 0.5 * (1 + a - Math.sqrt(a * a - 2 * a * c + 1));
  // A face looking straight down sees no sky; rounding would make it a hair negative.
  return vf > 0 ? vf : 0;
}

/**
 * Average view factor from a whole row face to the ground between all rows, the view bounded by
 * the lower edges of the neighbouring rows (pvlib.bifacial.utils.vf_row_ground_2d_integ with
 * the row and ground segments whole). Sums crossed-strings view factors to the ground gaps of
 * 20 pitches either side. The result depends on tilt and gcr only (height and pitch cancel).
 *
 * @param surfaceTilt tilt of the face from horizontal, degrees, in [0, 180]
 * @param gcr ground coverage ratio
 * @returns view factor, unitless
 * @example
 * vfRowGroundIntegrated(30, 0.4); // about 0.05
 */
export function vfRowGroundIntegrated(surfaceTilt: number, gcr: number): number {
  checkTiltAndGcr('vfRowGroundIntegrated', surfaceTilt, gcr);
  return rowGroundVf(surfaceTilt, gcr);
}

/** {@link vfRowGroundIntegrated} of arguments already checked (tilt in [-180, 180] or NaN, gcr in (0, 1]). */
export function rowGroundVf(surfaceTilt: number, gcr: number): number {
  // A face looking (almost) straight down is nudged to 179.9999 degrees, where the obstruction
  // edges would otherwise line up with the face and the crossed strings collapse. pvlib nudges
  // exactly 180 only; within 1e-11 degree of 180 its result falls to 0 (a rear face of a
  // tracker a hair off flat), so the nudge here covers the whole band: the view factor moves by
  // under 1e-12 there.
  const tilt = surfaceTilt > 179.9999 ? 179.9999 : surfaceTilt < -179.9999 ? -179.9999 : surfaceTilt;
  const height = 1;
  const pitch = 1 / gcr;
  const lCos = Math.cos(tilt * DEG); // collector width is 1 in these units
  const lSin = Math.sin(tilt * DEG);
  // Obstructions: the lower edges of the neighbouring rows, pushed out a hair (0.5001) so that
  // no point of the face sits on them.
  let orx = -pitch - 0.5001 * lCos;
  const ory = height - 0.5001 * Math.abs(lSin);
  let olx = orx + pitch;
  const oly = ory;
  if (tilt < 0) {
    const t = orx;
    orx = -olx;
    olx = -t;
  }
  const ax = -0.5 * lCos;
  const ay = height - 0.5 * lSin;
  const bx = 0.5 * lCos;
  const by = height + 0.5 * lSin;
  // The face a-b and the obstructions are the same for every ground gap [g_k, g_k+1], and the
  // gaps share their ends: the (obstructed) string lengths from a and from b to each ground
  // point are computed once and the crossed-strings sums taken from neighbours. When the
  // obstruction edges lie strictly below both face edges (any tilt but 0), every direction
  // from a or b points downward and the angle tests are cross products.
  const halfPlane = oly < ay && oly < by;
  const aOlx = olx - ax,
    aOly = oly - ay,
    aOrx = orx - ax,
    aOry = ory - ay;
  const bOlx = olx - bx,
    bOly = oly - by,
    bOrx = orx - bx,
    bOry = ory - by;
  const aOl = halfPlane ? 0 : Math.atan2(aOly, aOlx);
  const aOr = halfPlane ? 0 : Math.atan2(aOry, aOrx);
  const bOl = halfPlane ? 0 : Math.atan2(bOly, bOlx);
  const bOr = halfPlane ? 0 : Math.atan2(bOry, bOrx);
  const distAOl = dist(aOlx, aOly);
  const distAOr = dist(aOrx, aOry);
  const distBOl = dist(bOlx, bOly);
  const distBOr = dist(bOrx, bOry);
  const scale = 1 / 2; // 1 / (2 * (x1 - x0) * collector width)
  if (halfPlane) {
    // The obstruction edges lie strictly below both face edges (every tilt but 0), so each
    // string's angle tests are cross products
    // (`turnsLeftOf`), and only the lengths a string takes are computed: the straight length, or the
    // length past the one edge it bends around (shared by the strings from a and from b). The last
    // clause of a test, cross > sin(GRAZING) |u| |v|, is first tried against the cheap bound
    // (|ux| + |uy|) (|vx| + |vy|) >= |u| |v|, raised past the rounding of the products, and only where
    // that does not decide takes the two lengths. Every length and sum is the expression of the full
    // form, so the doubles are the same; about half the points of a tilted face lie behind its plane
    // (both strings bent around its own lower edge), where a point costs one square root instead of
    // four.
    const nay = -ay;
    const nby = -by;
    const absAy = ay < 0 ? -ay : ay;
    const absBy = by < 0 ? -by : by;
    const sAOl = (aOlx < 0 ? -aOlx : aOlx) + (aOly < 0 ? -aOly : aOly);
    const sAOr = (aOrx < 0 ? -aOrx : aOrx) + (aOry < 0 ? -aOry : aOry);
    const sBOl = (bOlx < 0 ? -bOlx : bOlx) + (bOly < 0 ? -bOly : bOly);
    const sBOr = (bOrx < 0 ? -bOrx : bOrx) + (bOry < 0 ? -bOry : bOry);
    let total = 0;
    let prevA = 0;
    let prevB = 0;
    for (let k = -20; k <= 20; k++) {
      const gx = k * pitch;
      const agx = gx - ax;
      const bgx = gx - bx;
      // Lengths from the obstruction edges to the ground point, when a string needs them.
      let distOlG = -1;
      let distOrG = -1;
      // From a: bent around or (which wins), else around ol, else straight.
      let strA: number;
      const sAG = (agx < 0 ? -agx : agx) + absAy;
      const crossAR = agx * aOry - nay * aOrx;
      if (
        crossAR > 0 &&
        (agx * aOrx + nay * aOry < 0 ||
          crossAR > SIN_GRAZING_UP * sAG * sAOr ||
          crossAR > SIN_GRAZING * dist(agx, ay) * distAOr)
      ) {
        distOrG = dist(orx - gx, ory);
        strA = distAOr + distOrG;
      } else {
        const crossAL = aOlx * nay - aOly * agx;
        if (
          crossAL > 0 &&
          (aOlx * agx + aOly * nay < 0 ||
            crossAL > SIN_GRAZING_UP * sAOl * sAG ||
            crossAL > SIN_GRAZING * distAOl * dist(agx, ay))
        ) {
          distOlG = dist(olx - gx, oly);
          strA = distAOl + distOlG;
        } else strA = dist(agx, ay);
      }
      let strB: number;
      const sBG = (bgx < 0 ? -bgx : bgx) + absBy;
      const crossBR = bgx * bOry - nby * bOrx;
      if (
        crossBR > 0 &&
        (bgx * bOrx + nby * bOry < 0 ||
          crossBR > SIN_GRAZING_UP * sBG * sBOr ||
          crossBR > SIN_GRAZING * dist(bgx, by) * distBOr)
      ) {
        if (distOrG < 0) distOrG = dist(orx - gx, ory);
        strB = distBOr + distOrG;
      } else {
        const crossBL = bOlx * nby - bOly * bgx;
        if (
          crossBL > 0 &&
          (bOlx * bgx + bOly * nby < 0 ||
            crossBL > SIN_GRAZING_UP * sBOl * sBG ||
            crossBL > SIN_GRAZING * distBOl * dist(bgx, by))
        ) {
          if (distOlG < 0) distOlG = dist(olx - gx, oly);
          strB = distBOl + distOlG;
        } else strB = dist(bgx, by);
      }
      if (k > -20) {
        const vf = scale * (prevA + strB - (prevB + strA));
        if (vf > 0) total += vf;
      }
      prevA = strA;
      prevB = strB;
    }
    return total;
  }
  let total = 0;
  let prevA = 0;
  let prevB = 0;
  for (let k = -20; k <= 20; k++) {
    const gx = k * pitch;
    const distOlG = dist(olx - gx, oly);
    const distOrG = dist(orx - gx, ory);
    const agx = gx - ax;
    const bgx = gx - bx;
    let strA = dist(agx, ay);
    let strB = dist(bgx, by);
    const angA = Math.atan2(-ay, agx);
    if (angA - aOl > GRAZING) strA = distAOl + distOlG;
    if (aOr - angA > GRAZING) strA = distAOr + distOrG;
    const angB = Math.atan2(-by, bgx);
    if (angB - bOl > GRAZING) strB = distBOl + distOlG;
    if (bOr - angB > GRAZING) strB = distBOr + distOrG;
    if (k > -20) {
      // Gap from the previous ground point (c) to this one (d): (ac + bd) - (bc + ad).
      const vf = scale * (prevA + strB - (prevB + strA));
      if (vf > 0) total += vf;
    }
    prevA = strA;
    prevB = strB;
  }
  return total;
}

/**
 * Number of rows either side that the ground-to-sky view factor considers: enough that the sky
 * beyond them lies within 5 degrees of the horizon, as pvlib.bifacial.infinite_sheds does.
 *
 * @param height height of the row centre above ground (same unit as pitch)
 * @param pitch row spacing
 * @example
 * groundSkyMaxRows(1.5, 5); // => 4
 */
export function groundSkyMaxRows(height: number, pitch: number): number {
  checkAtLeast('groundSkyMaxRows', 'height', height, 0, 'same unit as pitch');
  checkAtLeast('groundSkyMaxRows', 'pitch', pitch, 0, 'same unit as height', true);
  return Math.ceil(height / (pitch * Math.tan(5 * DEG)));
}

/**
 * Average view factor from the ground between two interior rows to the sky, with the sky
 * obstructed by the rows (pvlib.bifacial.utils.vf_ground_sky_2d_integ, g0 = 0, g1 = 1): the sky
 * gaps between rows k and k+1, for k from -maxRows to maxRows, each by crossed strings.
 *
 * @param rotation rotation of the row, degrees (the face tilt, as pvlib passes it)
 * @param gcr ground coverage ratio
 * @param height height of the row centre above ground (same unit as pitch)
 * @param pitch row spacing
 * @param maxRows rows considered either side, see {@link groundSkyMaxRows}
 * @returns view factor, unitless
 * @example
 * vfGroundSkyIntegrated(30, 0.4, 1.5, 5, groundSkyMaxRows(1.5, 5)); // about 0.622
 */
export function vfGroundSkyIntegrated(
  rotation: number,
  gcr: number,
  height: number,
  pitch: number,
  maxRows: number,
): number {
  checkTiltAndGcr('vfGroundSkyIntegrated', rotation, gcr);
  checkAtLeast('vfGroundSkyIntegrated', 'height', height, 0, 'same unit as pitch');
  checkAtLeast('vfGroundSkyIntegrated', 'pitch', pitch, 0, 'same unit as height', true);
  checkAtLeast('vfGroundSkyIntegrated', 'maxRows', maxRows, 0, 'rows');
  return groundSkyVf(rotation, gcr, height, pitch, maxRows);
}

/**
 * {@link vfGroundSkyIntegrated} of arguments already checked (rotation in [-180, 180] or NaN,
 * gcr in (0, 1], height >= 0, pitch > 0, maxRows >= 0).
 */
export function groundSkyVf(rotation: number, gcr: number, height: number, pitch: number, maxRows: number): number {
  const width = pitch * gcr;
  const lCos = width * Math.cos(rotation * DEG);
  const lSin = width * Math.sin(rotation * DEG);
  const sign = rotation > 0 ? 1 : rotation < 0 ? -1 : 0;
  const halfCos = 0.5 * lCos;
  const halfSin = 0.5 * lSin;
  const bx = pitch; // a = (0, 0), b = (pitch, 0)
  const scale = 0.5 / pitch;
  // Rows clear of the ground: every edge is above a and b, so angle tests are cross products.
  const halfPlane = groundSkyHalfPlane(halfSin, height);
  let total = 0;
  for (let k = -maxRows; k <= maxRows; k++) {
    // c, d: the upper edges of rows k+1 and k, bounding the sky gap between them.
    const cx = (k + 1) * pitch + sign * halfCos;
    const cy = height + sign * halfSin;
    const dx = cx - pitch;
    // Left obstruction, seen from a: whichever edge of row k is the lower angle.
    const leftX = k * pitch - halfCos;
    const leftY = height - halfSin;
    const rightX = k * pitch + halfCos;
    const rightY = height + halfSin;
    const useRight = halfPlane
      ? rightX * leftY - rightY * leftX > 0
      : Math.atan2(leftY, leftX) > Math.atan2(rightY, rightX);
    const olx = useRight ? rightX : leftX;
    const oly = useRight ? rightY : leftY;
    // Right obstruction, seen from b: the higher-angle edge of row k+1.
    const left2X = leftX + pitch;
    const right2X = rightX + pitch;
    const useLeft = halfPlane
      ? (right2X - bx) * leftY - rightY * (left2X - bx) > 0
      : Math.atan2(leftY, left2X - bx) > Math.atan2(rightY, right2X - bx);
    const orx = useLeft ? left2X : right2X;
    const ory = useLeft ? leftY : rightY;
    let s: number;
    if (halfPlane) {
      // Crossed strings (ac + bd) - (bc + ad) with a = (0, 0), b = (bx, 0), d = (dx, cy), as
      // crossedStrings computes them, written out here (a call would box its twelve numbers): seen
      // from a and from b every other point lies above, so the angle tests are cross products.
      const ax = 0,
        ay = 0,
        by = 0,
        dy = cy;
      const aOlx = olx - ax,
        aOly = oly - ay,
        aOrx = orx - ax,
        aOry = ory - ay;
      const bOlx = olx - bx,
        bOly = oly - by,
        bOrx = orx - bx,
        bOry = ory - by;
      const distAOl = dist(aOlx, aOly);
      const distAOr = dist(aOrx, aOry);
      const distBOl = dist(bOlx, bOly);
      const distBOr = dist(bOrx, bOry);
      const distOlC = dist(olx - cx, oly - cy);
      const distOrC = dist(orx - cx, ory - cy);
      const distOlD = dist(olx - dx, oly - dy);
      const distOrD = dist(orx - dx, ory - dy);

      const acx = cx - ax,
        acy = cy - ay;
      const acLen = dist(acx, acy);
      let ac = acLen;
      if (turnsLeftOf(aOlx, aOly, distAOl, acx, acy, acLen)) ac = distAOl + distOlC;
      if (turnsLeftOf(acx, acy, acLen, aOrx, aOry, distAOr)) ac = distAOr + distOrC;

      const adx = dx - ax,
        ady = dy - ay;
      const adLen = dist(adx, ady);
      let ad = adLen;
      if (turnsLeftOf(aOlx, aOly, distAOl, adx, ady, adLen)) ad = distAOl + distOlD;
      if (turnsLeftOf(adx, ady, adLen, aOrx, aOry, distAOr)) ad = distAOr + distOrD;

      const bcx = cx - bx,
        bcy = cy - by;
      const bcLen = dist(bcx, bcy);
      let bc = bcLen;
      if (turnsLeftOf(bOlx, bOly, distBOl, bcx, bcy, bcLen)) bc = distBOl + distOlC;
      if (turnsLeftOf(bcx, bcy, bcLen, bOrx, bOry, distBOr)) bc = distBOr + distOrC;

      const bdx = dx - bx,
        bdy = dy - by;
      const bdLen = dist(bdx, bdy);
      let bd = bdLen;
      if (turnsLeftOf(bOlx, bOly, distBOl, bdx, bdy, bdLen)) bd = distBOl + distOlD;
      if (turnsLeftOf(bdx, bdy, bdLen, bOrx, bOry, distBOr)) bd = distBOr + distOrD;

      s = ac + bd - (bc + ad);
    } else s = crossedStrings(0, 0, bx, 0, cx, cy, dx, cy, olx, oly, orx, ory);
    const vf = scale * s;
    if (vf > 0) total += vf;
  }
  return total;
}

/**
 * Fraction of the ground between rows that the beam reaches (unshaded by any row), for rows of
 * width gcr * pitch at their centre height (pvlib.bifacial.utils._unshaded_ground_fraction
 * with the whole gap; height and pitch cancel). Zero when |phi| exceeds 85 degrees.
 *
 * @param rotation rotation of the rows, degrees (the face tilt, as pvlib passes it)
 * @param phi sun zenith projected on the plane perpendicular to the rows, degrees
 * @param gcr ground coverage ratio
 * @returns fraction in [0, 1]
 * @example
 * unshadedGroundFraction(30, 20, 0.4); // about 0.581
 */
export function unshadedGroundFraction(rotation: number, phi: number, gcr: number): number {
  checkTiltAndGcr('unshadedGroundFraction', rotation, gcr);
  if (Math.abs(phi) > 85) return 0;
  return unshadedGroundFractionTan(rotation, Math.tan(phi * DEG), gcr);
}

const TAN_85 = Math.tan(85 * DEG);

/**
 * {@link unshadedGroundFraction} from the tangent of the projected zenith, which the series
 * kernel has at hand (sparing an arctangent and a tangent per row).
 *
 * @param rotation rotation of the rows, degrees
 * @param tanPhi tangent of the sun zenith projected across the rows
 * @param gcr ground coverage ratio
 * @returns fraction in [0, 1]
 * @example
 * unshadedGroundFractionTan(30, Math.tan((20 * Math.PI) / 180), 0.4); // about 0.581
 */
export function unshadedGroundFractionTan(rotation: number, tanPhi: number, gcr: number): number {
  checkTiltAndGcr('unshadedGroundFractionTan', rotation, gcr);
  return sunlitGroundFraction(Math.cos(rotation * DEG), Math.sin(rotation * DEG), tanPhi, gcr);
}

/**
 * {@link unshadedGroundFractionTan} from the cosine and sine of the rotation, which a series
 * kernel keeps while the rotation does not change.
 *
 * @param lCos cosine of the rotation (the row's horizontal extent for a collector width of 1)
 * @param lSin sine of the rotation
 * @param tanPhi tangent of the sun zenith projected across the rows
 * @param gcr ground coverage ratio
 * @returns fraction in [0, 1]
 */
export function sunlitGroundFraction(lCos: number, lSin: number, tanPhi: number, gcr: number): number {
  if (Math.abs(tanPhi) > TAN_85) return 0;
  const height = 1;
  const pitch = 1 / gcr;
  const b = pitch; // ground gap [a, b] with a = 0
  // Row k's shadow is [k pitch + e0, k pitch + e1] (e0 <= e1 the shadow's edges for k = 0): it
  // reaches the gap [0, b] only for k from -e1 / pitch to (b - e0) / pitch. Outside that range
  // (widened by one row either side, far beyond any rounding) the shadow lies wholly beyond one
  // end of the gap and adds exactly 0, so the loop skips those rows: the same sum. A NaN sun
  // (NaN bounds) runs every row, as each then counts as wholly shaded.
  const c0 = 0.5 * lCos + (height + 0.5 * lSin) * tanPhi;
  const d0 = -0.5 * lCos + (height - 0.5 * lSin) * tanPhi;
  const e0 = c0 < d0 ? c0 : d0;
  const e1 = c0 < d0 ? d0 : c0;
  let kFirst = Math.ceil(-e1 / pitch) - 1;
  let kLast = Math.floor((b - e0) / pitch) + 1;
  if (!(kFirst > -10)) kFirst = -10;
  if (!(kLast < 11)) kLast = 11;
  let shaded = 0;
  for (let k = kFirst; k <= kLast; k++) {
    // Shadow of row k's edges cast along the projected sun direction onto the ground.
    let cp = k * pitch + 0.5 * lCos + (height + 0.5 * lSin) * tanPhi;
    let dp = k * pitch - 0.5 * lCos + (height - 0.5 * lSin) * tanPhi;
    if (dp > cp) {
      const t = cp;
      cp = dp;
      dp = t;
    }
    // The shadow [dp, cp] against the gap [0, b]; the precedence of the cases is pvlib's.
    let f: number;
    if (dp > b && cp > b) f = 0;
    else if (0 < dp && dp < b && 0 < cp && cp < b) f = (cp - dp) / b;
    else if (0 < dp && dp <= b && cp >= b) f = (b - dp) / b;
    else if (dp < 0 && cp < 0) f = 0;
    else if (dp <= 0 && 0 <= cp && cp < b) f = cp / b;
    else f = 1;
    shaded += f;
  }
  if (shaded < 0) shaded = 0;
  else if (shaded > 1) shaded = 1;
  return 1 - shaded;
}
