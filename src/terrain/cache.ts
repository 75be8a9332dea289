/**
 * Cache of horizon profiles by rounded coordinates, so that repeated requests for a site reuse
 * the marched profile.
 */
import type { ElevationGrid } from './grid.js';
import { horizonProfile, type HorizonOptions, type HorizonProfile, type HorizonProfileInput } from './horizon.js';
import { checkPlace } from './checks.js';

/** A bounded least-recently-used store of horizon profiles. */
export interface HorizonCache {
  /** The profile stored under `key` (it becomes the most recently used), or undefined. */
  get(key: string): HorizonProfile | undefined;
  /** Stores a profile, dropping the least recently used one beyond the cache's size. */
  set(key: string, profile: HorizonProfile): void;
  /** The number of profiles stored, at most the cache's `maxEntries`. */
  readonly size: number;
  /** Drops every profile. */
  clear(): void;
}

/**
 * A least-recently-used cache holding at most `maxEntries` profiles (default 4096): what
 * `terrainHorizon` of solarkit/node takes as its `cache` option.
 * @param maxEntries the most profiles kept; the least recently used goes first
 * @example
 * const cache = createHorizonCache(1);
 * cache.set('a', horizonFromArrays([0], [1]));
 * cache.set('b', horizonFromArrays([0], [2]));
 * [cache.size, cache.get('a')]; // => [1, undefined]
 */
export function createHorizonCache(maxEntries = 4096): HorizonCache {
  const map = new Map<string, HorizonProfile>();
  return {
    get(key) {
      const hit = map.get(key);
      if (hit !== undefined) {
        map.delete(key);
        map.set(key, hit);
      }
      return hit;
    },
    set(key, profile) {
      map.delete(key);
      map.set(key, profile);
      while (map.size > maxEntries) map.delete(map.keys().next().value!);
    },
    get size() {
      return map.size;
    },
    clear() {
      map.clear();
    },
  };
}

/** A coordinate rounded to `decimals` places (3 places is about 110 m of latitude). */
export function roundCoordinate(value: number, decimals = 3): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** Cache key of a site: coordinates rounded to `decimals` places plus whatever else shapes the profile. */
export function horizonCacheKey(latitude: number, longitude: number, decimals = 3, variant = ''): string {
  checkPlace('horizonCacheKey', latitude, longitude);
  return `${roundCoordinate(latitude, decimals).toFixed(decimals)},${roundCoordinate(longitude, decimals).toFixed(decimals)}|${variant}`;
}

const gridIds = new WeakMap<ElevationGrid, number>();
let nextGridId = 1;

function gridId(grid: ElevationGrid): number {
  let id = gridIds.get(grid);
  if (id === undefined) {
    id = nextGridId++;
    gridIds.set(grid, id);
  }
  return id;
}

/** Options of {@link cachedHorizonProfile}: the cache, the rounding and the profile's options. */
export interface CachedHorizonOptions extends HorizonOptions {
  /** Where profiles are kept. */
  cache: HorizonCache;
  /** Decimal places the coordinates are rounded to (default 3, about 110 m). */
  decimals?: number;
}

/**
 * {@link horizonProfile} through a cache: the profile is computed at the coordinates rounded to
 * `decimals` places (so every request that rounds to the same site gets the same answer) and
 * stored under that site, the grid and the options.
 */
export function cachedHorizonProfile(input: HorizonProfileInput, options: CachedHorizonOptions): HorizonProfile {
  const { grid, latitude, longitude } = input;
  const { cache, decimals = 3, ...horizonOptions } = options;
  const variant = `g${gridId(grid)}|${JSON.stringify(horizonOptions)}`;
  const key = horizonCacheKey(latitude, longitude, decimals, variant);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const rounded = { latitude: roundCoordinate(latitude, decimals), longitude: roundCoordinate(longitude, decimals) };
  const profile = horizonProfile({ grid, ...rounded }, horizonOptions);
  cache.set(key, profile);
  return profile;
}
