/**
 * Angle of incidence of the beam on a tilted plane, its cosine (projection) and the beam
 * irradiance on the plane. Surface azimuth in degrees east of north (pvlib convention).
 */
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import { checkObject, checkSeries, type SeriesEntry } from '../util/validate.js';

/**
 * The plane and the sun of an angle of incidence (pvlib's `surface_tilt`, `surface_azimuth`,
 * `solar_zenith`, `solar_azimuth`), degrees, azimuths east of north; columns or one value each.
 */
export interface AoiInput {
  /** Tilt of the surface from horizontal, degrees. */
  surfaceTilt: Column;
  /** Azimuth of the surface normal, degrees east of north (south 180). */
  surfaceAzimuth: Column;
  /** Solar zenith, degrees. */
  solarZenith: Column;
  /** Solar azimuth, degrees east of north. */
  solarAzimuth: Column;
}

/** The input of {@link beamComponent}: the angles and the direct normal irradiance. */
export interface BeamComponentInput extends AoiInput {
  /** Direct normal irradiance, W/m2. */
  dni: Column;
}

/** The four angles of an incidence call, named for its errors. */
function angleEntries(fn: string, input: AoiInput): SeriesEntry[] {
  checkObject(fn, 'input', input);
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth } = input;
  return [
    ['surfaceTilt', surfaceTilt, 'degrees'],
    ['surfaceAzimuth', surfaceAzimuth, 'degrees east of north'],
    ['solarZenith', solarZenith, 'degrees'],
    ['solarAzimuth', solarAzimuth, 'degrees east of north'],
  ];
}

const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;

/**
 * Cosine of the angle of incidence: the dot product of the sun unit vector and the surface
 * normal, clipped to [-1, 1] (pvlib GH 1185). Negative when the sun is behind the plane.
 * @param input surfaceTilt (from horizontal), surfaceAzimuth (of the surface normal, east of
 *   north), solarZenith, solarAzimuth (east of north) [deg]
 * @param out optional output buffer
 * @returns cos(aoi) [unitless]
 * Follows pvlib.irradiance.aoi_projection (spherical trigonometry, e.g. Duffie & Beckman 2013, eq. 1.6.3).
 * @example
 * aoiProjection({ surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: 40, solarAzimuth: 180 })[0]; // about 0.985 (cos 10 degrees)
 */
export function aoiProjection(input: AoiInput, out?: Float64Array): Float64Array {
  const n = checkSeries('aoiProjection', angleEntries('aoiProjection', input));
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth } = input;
  return projectionInto(outputColumn(out, n), n, surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth);
}

/** Writes cos(aoi) for n rows into res (internal: lets callers size n from more inputs). */
export function projectionInto(
  res: Float64Array,
  n: number,
  surfaceTilt: Column,
  surfaceAzimuth: Column,
  solarZenith: Column,
  solarAzimuth: Column,
): Float64Array {
  const tiltA = arrayOf(surfaceTilt);
  const azA = arrayOf(surfaceAzimuth);
  const zA = arrayOf(solarZenith);
  const saA = arrayOf(solarAzimuth);
  const azS = scalarOf(surfaceAzimuth);
  const zS = scalarOf(solarZenith);
  const saS = scalarOf(solarAzimuth);
  // A fixed plane is the common case: its trigonometry is done once.
  const tilt0 = typeof surfaceTilt === 'number' ? surfaceTilt * D2R : 0;
  const cosT0 = Math.cos(tilt0);
  const sinT0 = Math.sin(tilt0);
  for (let i = 0; i < n; i++) {
    let cosT = cosT0;
    let sinT = sinT0;
    if (tiltA !== null) {
      const t = tiltA[i]! * D2R;
      cosT = Math.cos(t);
      sinT = Math.sin(t);
    }
    const z = (zA !== null ? zA[i]! : zS) * D2R;
    const daz = ((saA !== null ? saA[i]! : saS) - (azA !== null ? azA[i]! : azS)) * D2R;
    let p = cosT * Math.cos(z) + sinT * Math.sin(z) * Math.cos(daz);
    // Rounding can push the dot product just past +-1 (pvlib GH 1185).
    if (p > 1) p = 1;
    else if (p < -1) p = -1;
    res[i] = p;
  }
  return res;
}

/**
 * Angle of incidence of the solar beam on a surface [deg], 0..180; NaN where an input is NaN.
 * Inputs as for {@link aoiProjection}. Follows pvlib.irradiance.aoi.
 * @param input surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth [deg], azimuths east of north
 * @param out optional output buffer
 * @example
 * aoi({ surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: 40, solarAzimuth: 180 })[0]; // about 10 degrees
 */
export function aoi(input: AoiInput, out?: Float64Array): Float64Array {
  const n = checkSeries('aoi', angleEntries('aoi', input));
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth } = input;
  const res = projectionInto(outputColumn(out, n), n, surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth);
  for (let i = 0; i < res.length; i++) res[i] = Math.acos(res[i]!) * R2D;
  return res;
}

/**
 * Beam irradiance on the plane [W/m2]: DNI times cos(aoi), never negative (sun behind the plane
 * gives 0). Angles as for {@link aoiProjection}; dni [W/m2]. Follows pvlib.irradiance.beam_component.
 * @param input surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth [deg] and dni [W/m2]
 * @param out optional output buffer
 * @example
 * beamComponent({ surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: 40, solarAzimuth: 180, dni: 800 })[0]; // about 788 W/m2
 */
export function beamComponent(input: BeamComponentInput, out?: Float64Array): Float64Array {
  const n = checkSeries('beamComponent', [...angleEntries('beamComponent', input), ['dni', input.dni, 'W/m2']]);
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, dni } = input;
  const res = projectionInto(outputColumn(out, n), n, surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth);
  const dniA = arrayOf(dni);
  for (let i = 0; i < n; i++) {
    const b = (dniA !== null ? dniA[i]! : (dni as number)) * res[i]!;
    res[i] = b > 0 ? b : b === b ? 0 : b;
  }
  return res;
}
