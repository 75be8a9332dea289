/**
 * Facts about a place the core cannot read itself (it reads no files): the elevation and the
 * continentality from the embedded 5 arc-minute global grid and land mask (src/node), and the
 * terrain horizon for terrain shading. Cached per place rounded to 3 decimals (~110 m): the 4096
 * most recently used places (about 1.5 kB each with their climate normals, 6 MB in all).
 */
import { LRUCache } from 'lru-cache';
import { type TileErrorHandler, landFraction, placeNormals, siteElevation, terrainHorizon } from 'solarkit/node';
import type { PlaceFacts } from './products/context.js';
import type { HorizonProfile } from 'solarkit';
import { continentalityFromLand } from 'solarkit/internal';

const facts = new LRUCache<string, PlaceFacts>({ max: 4096 });

/** Elevation (m), continentality (0..1) and measured climate normals of a place, from the data directory's grids. */
export function placeFacts(latitude: number, longitude: number): PlaceFacts {
  const key = `${latitude.toFixed(3)},${longitude.toFixed(3)}`;
  let f = facts.get(key);
  if (f === undefined) {
    const elevation = Math.max(0, siteElevation(latitude, longitude));
    const continentality = continentalityFromLand(latitude, longitude, landFraction);
    f = { elevation, continentality, normals: placeNormals({ latitude, longitude, elevation, continentality }) };
    facts.set(key, f);
  }
  return f;
}

/**
 * Terrain horizon of a place (user DEM tiles when SOLARKIT_DEM_DIR holds them, else the global
 * grid; a tile that cannot be decoded is told once to `onTileError` and the global grid answers).
 */
export function placeHorizon(
  latitude: number,
  longitude: number,
  onTileError?: TileErrorHandler,
): Promise<HorizonProfile> {
  return terrainHorizon(latitude, longitude, onTileError ? { onTileError } : {});
}
