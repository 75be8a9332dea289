/**
 * The argument checks of the terrain functions, once per call (see util/validate.ts).
 */
import type { Column } from '../util/columns.js';
import {
  checkAtLeast,
  checkFinite,
  checkLatitude,
  checkLongitude,
  checkObject,
  checkRange,
  checkSeries,
  isFloat64Array,
  typeFailure,
} from '../util/validate.js';

/** The fields of a horizon profile the checks read (horizon.ts's HorizonProfile; declared here so that checks.ts imports nothing of the modules it checks). */
interface ProfileLike {
  azimuths: Float64Array;
  elevations: Float64Array;
}

/** The options of a horizon computation the checks read (horizon.ts's HorizonOptions). */
interface HorizonOptionsLike {
  sectors?: number;
  maxDistance?: number;
  minDistance?: number;
  earthRadius?: number;
  observerHeight?: number;
  groundElevation?: number;
}

/** A horizon profile: sector azimuths and elevations, two Float64Arrays of one length. */
export function checkProfile(fn: string, profile: ProfileLike, name = 'profile'): void {
  checkObject(fn, name, profile);
  if (!isFloat64Array(profile.azimuths) || !isFloat64Array(profile.elevations)) {
    typeFailure(fn, name, 'a HorizonProfile { azimuths, elevations } of Float64Arrays (degrees)', profile);
  }
  checkSeries(fn, [
    [`${name}.azimuths`, profile.azimuths, 'degrees east of north'],
    [`${name}.elevations`, profile.elevations, 'degrees'],
  ]);
}

/** An elevation grid (as elevationGrid makes it). */
export function checkGrid(fn: string, grid: { values: unknown }, name = 'grid'): void {
  checkObject(fn, name, grid);
  const shape = (grid.values as { shape?: unknown } | undefined)?.shape;
  if (!Array.isArray(shape) || shape.length !== 2) typeFailure(fn, name, 'an ElevationGrid (see elevationGrid)', grid);
}

/** A place: latitude -90..90, longitude -180..180 (degrees). */
export function checkPlace(fn: string, latitude: number, longitude: number): void {
  checkLatitude(fn, latitude);
  checkLongitude(fn, longitude);
}

/** The options of a horizon computation. */
export function checkHorizonOptions(fn: string, o: HorizonOptionsLike): void {
  checkObject(fn, 'options', o);
  if (o.sectors !== undefined) checkRange(fn, 'options.sectors', o.sectors, 1, 36000, 'azimuth sectors');
  for (const k of ['maxDistance', 'minDistance', 'earthRadius'] as const) {
    if (o[k] !== undefined) checkAtLeast(fn, `options.${k}`, o[k], 0, 'm');
  }
  for (const k of ['observerHeight', 'groundElevation'] as const)
    if (o[k] !== undefined) checkFinite(fn, `options.${k}`, o[k], 'm');
}

/** A plane's tilt and azimuth (degrees). */
export function checkPlane(fn: string, surfaceTilt: number, surfaceAzimuth: number): void {
  checkRange(fn, 'surfaceTilt', surfaceTilt, 0, 180, 'degrees from horizontal');
  checkFinite(fn, 'surfaceAzimuth', surfaceAzimuth, 'degrees east of north');
}

/** Sun columns of the shading functions and their irradiance columns, by name and unit. */
export function checkShadingColumns(
  fn: string,
  columns: Record<string, [Column | undefined, string, boolean?]>,
): number {
  return checkSeries(
    fn,
    Object.entries(columns).map(([name, [value, unit, optional]]) => [name, value, unit, optional] as const),
  );
}
