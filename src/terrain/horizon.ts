/**
 * Horizon profiles: the elevation angle of the skyline seen from a point, per azimuth sector,
 * found by marching along rays over an elevation grid; and the profile type shared with
 * user-supplied horizons (PVGIS files, measured skylines).
 */
import type { ElevationGrid } from './grid.js';
import { gridColumn, gridRow, sampleGridAt } from './grid.js';
import { checkGrid, checkHorizonOptions, checkPlace, checkProfile } from './checks.js';
import { checkObject } from '../util/validate.js';

/**
 * Horizon elevation angle per azimuth. Azimuths ascend within [0, 360) degrees east of north;
 * between two of them (and across north) the horizon is interpolated linearly.
 */
export interface HorizonProfile {
  /** Sector centres, degrees east of north, ascending in [0, 360). */
  azimuths: Float64Array;
  /** Apparent elevation of the skyline, degrees above the horizontal (negative: below it). */
  elevations: Float64Array;
  /** Distance to the point that sets the skyline, metres (NaN where unknown). */
  distances?: Float64Array;
}

/** The point of {@link horizonProfile}: an elevation grid and the observer's place on it, degrees. */
export interface HorizonProfileInput {
  /** Heights around the observer, metres. */
  grid: ElevationGrid;
  /** Observer latitude, degrees north. */
  latitude: number;
  /** Observer longitude, degrees east. */
  longitude: number;
}

/** Options of {@link horizonProfile}. */
export interface HorizonOptions {
  /** Number of azimuth sectors, evenly spaced from north (default 72, i.e. every 5 degrees). */
  sectors?: number;
  /**
   * How far each ray is marched, metres. Default: 30 km on grids finer than 1 km (90 m SRTM-like
   * data), 150 km on coarser grids (the global 5 arc-minute grid, for distant ranges).
   */
  maxDistance?: number;
  /**
   * Distance from the observer at which marching starts, metres (default 0). Set it to
   * the reach of a finer local DEM when this grid only supplies the distant horizon.
   */
  minDistance?: number;
  /** Height of the observer (module, sensor) above the ground, metres (default 0). */
  observerHeight?: number;
  /** Ground elevation at the observer, m above sea level; default: sampled from the grid. */
  groundElevation?: number;
  /** Earth radius for the curvature drop d^2 / 2R, metres (default 6,371,008.8, the mean radius). */
  earthRadius?: number;
  /**
   * Side, in cells, of the blocks of the max-elevation pyramid used to skip terrain that cannot
   * raise the horizon (default 16; 0 disables the skipping; the result is the same either way).
   */
  pyramidBlock?: number;
}

/** Mean Earth radius (IUGG), metres. */
export const EARTH_MEAN_RADIUS = 6_371_008.8;

const DEG = Math.PI / 180;
/** Slack, in cells, of the test that a point lies within a grid's outer half cells (rounding). */
const EDGE_TOLERANCE = 1e-9;

interface MaxPyramid {
  block: number;
  shift: number;
  blockRows: number;
  blockColumns: number;
  /** Highest height in each block, including one row and column of its neighbours (bilinear halo). */
  max: Float64Array;
}

const pyramids = new WeakMap<ElevationGrid, MaxPyramid>();

/**
 * The coarse max-elevation level of a grid: for each block of `block` x `block` cells the
 * highest height (voids ignored) over the block and the first row/column beyond it, so that a
 * bilinear sample anywhere in the block is bounded by it. Cached per grid object; after
 * changing a grid's heights in place, call {@link forgetHorizonPyramid}.
 */
function maxPyramid(grid: ElevationGrid, block: number): MaxPyramid {
  const cached = pyramids.get(grid);
  if (cached !== undefined && cached.block === block) return cached;
  const v = grid.values;
  const data = v.data;
  const rows = v.shape[0]!;
  const cols = v.shape[1]!;
  const s0 = v.stride[0]!;
  const s1 = v.stride[1]!;
  const o = v.offset;
  const shift = Math.log2(block);
  const blockRows = Math.ceil(rows / block);
  const blockColumns = Math.ceil(cols / block);
  const max = new Float64Array(blockRows * blockColumns).fill(-Infinity);
  // Row maxima per block column first (with the halo column), then fold rows into blocks.
  const rowMax = new Float64Array(blockColumns);
  for (let r = 0; r < rows; r++) {
    rowMax.fill(-Infinity);
    const base = o + r * s0;
    for (let c = 0; c < cols; c++) {
      const z = data[base + c * s1]!;
      if (!(z > -Infinity)) continue;
      const bc = c >> shift;
      if (z > rowMax[bc]!) rowMax[bc] = z;
      // Column c is the halo of the block to its left when it starts a block.
      if ((c & (block - 1)) === 0) {
        const left = bc > 0 ? bc - 1 : grid.wrapsLongitude ? blockColumns - 1 : -1;
        if (left >= 0 && z > rowMax[left]!) rowMax[left] = z;
      }
    }
    const br = r >> shift;
    const targets = (r & (block - 1)) === 0 && br > 0 ? 2 : 1;
    for (let t = 0; t < targets; t++) {
      const row = (br - t) * blockColumns;
      for (let bc = 0; bc < blockColumns; bc++) {
        if (rowMax[bc]! > max[row + bc]!) max[row + bc] = rowMax[bc]!;
      }
    }
  }
  const pyramid: MaxPyramid = { block, shift, blockRows, blockColumns, max };
  pyramids.set(grid, pyramid);
  return pyramid;
}

/**
 * Drops the cached max-elevation pyramid of a grid whose heights were changed in place (the
 * pyramid lets {@link horizonProfile} skip blocks; it is built once per grid object).
 * @param grid the grid whose heights changed
 * @example
 * const data = new Float64Array(101 * 101);
 * const place = { firstLatitude: 45.5, firstLongitude: 7.5, cellSizeLatitude: 0.01 };
 * const grid = elevationGrid({ data, rows: 101, columns: 101, ...place });
 * const at = { grid, latitude: 45, longitude: 8 };
 * horizonProfile(at, { sectors: 4, maxDistance: 20_000 }).elevations[0] <= 0; // => true
 * data[10 * 101 + 50] = 2000; // a peak 0.4 degree to the north, raised in place
 * forgetHorizonPyramid(grid);
 * horizonProfile(at, { sectors: 4, maxDistance: 60_000 }).elevations[0]; // about 2.4 degrees
 */
export function forgetHorizonPyramid(grid: ElevationGrid): void {
  pyramids.delete(grid);
}

/** Metres per degree of latitude on a sphere of the given radius. */
function metresPerDegree(radius: number): number {
  return radius * DEG;
}

/**
 * Horizon profile at a point of an elevation grid: for each of N azimuth sectors, the largest
 * elevation angle atan((z(d) - z_obs - d^2 / 2R) / d) along the sector's central ray out to
 * `maxDistance`; the d^2/2R term is the drop of the Earth's surface below the observer's
 * horizontal plane. Heights are sampled wherever the ray crosses a row or column line of the
 * grid, where the bilinear surface has its kinks along the ray (so a crest on a grid line is
 * found exactly, whatever the azimuth). The observer stands
 * `observerHeight` metres above the ground. Blocks of the grid whose highest cell cannot beat
 * the current horizon are skipped without sampling (a max-elevation pyramid), which does not
 * change the result. Rays stop at the grid's edge. Positions along a ray use the local
 * equirectangular approximation (fine at these distances against the cell sizes involved).
 *
 * Method: horizon angles along rays over a DEM as in Dozier, Bruno & Downey (1981), "A faster
 * solution to the horizon problem", Computers & Geosciences 7(2), 145-151, and the horizon
 * computation of PVGIS/PVMAPS (Huld 2017, Solar Energy 142).
 *
 * @param input the elevation `grid` and the observer's `latitude` (degrees north) and `longitude`
 *   (degrees east)
 * @param options sectors, reach, observer height, ground elevation, Earth radius
 * @returns sector centres (0, 360/N, ...) degrees east of north; elevations in degrees;
 *   distances (m) to the point that sets each sector's horizon (NaN where no sample was taken).
 * @throws RangeError when the point lies outside the grid or its ground height is a void.
 * @example
 * // A plain at 100 m, 1 by 1 degree: nothing rises above the observer's horizontal.
 * const data = new Float64Array(101 * 101).fill(100);
 * const place = { firstLatitude: 45.5, firstLongitude: 7.5, cellSizeLatitude: 0.01 };
 * const grid = elevationGrid({ data, rows: 101, columns: 101, ...place });
 * const p = horizonProfile({ grid, latitude: 45, longitude: 8 }, { sectors: 4, maxDistance: 20_000 });
 * Array.from(p.azimuths); // => [0, 90, 180, 270]
 * p.elevations[0] <= 0; // => true
 */
export function horizonProfile(input: HorizonProfileInput, options: HorizonOptions = {}): HorizonProfile {
  checkObject('horizonProfile', 'input', input);
  const { grid, latitude, longitude } = input;
  checkGrid('horizonProfile', grid);
  checkPlace('horizonProfile', latitude, longitude);
  checkHorizonOptions('horizonProfile', options);
  const sectors = options.sectors ?? 72;
  if (!(Number.isInteger(sectors) && sectors >= 1)) throw new RangeError('sectors must be a positive integer');
  const radius = options.earthRadius ?? EARTH_MEAN_RADIUS;
  const v = grid.values;
  const data = v.data;
  const rows = v.shape[0]!;
  const cols = v.shape[1]!;
  const s0 = v.stride[0]!;
  const s1 = v.stride[1]!;
  const o = v.offset;
  const wraps = grid.wrapsLongitude;

  // A point in the outer half of an edge cell is moved onto that cell's centre line. The edge
  // test allows for rounding in (first - latitude) / cell: the poles of a global grid lie
  // exactly half a cell beyond its first and last rows.
  const rawRow = gridRow(grid, latitude);
  let r0 = rawRow;
  let c0 = gridColumn(grid, longitude);
  const edge = 0.5 + EDGE_TOLERANCE;
  if (!(r0 >= -edge && r0 <= rows - 1 + edge) || (!wraps && !(c0 >= -edge && c0 <= cols - 1 + edge))) {
    throw new RangeError(`point ${latitude}, ${longitude} lies outside the elevation grid`);
  }
  r0 = Math.min(Math.max(r0, 0), rows - 1);
  if (!wraps) c0 = Math.min(Math.max(c0, 0), cols - 1);
  // The metres per column are those of the row the observer was moved to: at a pole cos(latitude)
  // is 0, and columns of a millimetre would make the march take seconds for nothing.
  const rowLatitude = r0 === rawRow ? latitude : grid.firstLatitude - r0 * grid.cellSizeLatitude;
  const ground = options.groundElevation ?? sampleGridAt(grid, r0, c0);
  if (!Number.isFinite(ground)) throw new RangeError(`no elevation at ${latitude}, ${longitude}`);
  const zObserver = ground + (options.observerHeight ?? 0);

  const mPerDeg = metresPerDegree(radius);
  const cellLat = grid.cellSizeLatitude * mPerDeg;
  const cellLon = grid.cellSizeLongitude * mPerDeg * Math.max(1e-6, Math.cos(rowLatitude * DEG));
  const maxDistance = options.maxDistance ?? (cellLat < 1000 ? 30_000 : 150_000);
  // Crossings closer than this are the observer's own position (it may sit on a grid line).
  const minDistance = Math.max(options.minDistance ?? 0, 1e-6 * Math.min(cellLat, cellLon));
  const inv2R = 1 / (2 * radius);
  const twoR = 2 * radius;

  const block = options.pyramidBlock ?? 16;
  if (block > 0 && (block & (block - 1)) !== 0) throw new RangeError('pyramidBlock must be a power of two');
  const pyramid = block > 0 ? maxPyramid(grid, block) : undefined;
  const pmax = pyramid?.max;
  const shift = pyramid?.shift ?? 0;
  const blockColumns = pyramid?.blockColumns ?? 0;

  const azimuths = new Float64Array(sectors);
  const elevations = new Float64Array(sectors);
  const distances = new Float64Array(sectors);
  const width = 360 / sectors;

  for (let s = 0; s < sectors; s++) {
    const az = s * width;
    azimuths[s] = az;
    // Grid rows and columns travelled per metre along the ray (rows grow southwards).
    const perRow = -Math.cos(az * DEG) / cellLat;
    const perCol = Math.sin(az * DEG) / cellLon;
    const rowDir = perRow > 1e-15 ? 1 : perRow < -1e-15 ? -1 : 0;
    const colDir = perCol > 1e-15 ? 1 : perCol < -1e-15 ? -1 : 0;
    // Index of the next row line / column line the ray crosses beyond distance t.
    let rowLine = 0;
    let colLine = 0;
    const seek = (t: number): void => {
      const r = r0 + perRow * t;
      const c = c0 + perCol * t;
      rowLine = rowDir > 0 ? Math.floor(r) + 1 : Math.ceil(r) - 1;
      colLine = colDir > 0 ? Math.floor(c) + 1 : Math.ceil(c) - 1;
    };
    seek(minDistance);
    let best = -Infinity;
    let bestDistance = NaN;
    for (;;) {
      const tRow = rowDir === 0 ? Infinity : (rowLine - r0) / perRow;
      const tCol = colDir === 0 ? Infinity : (colLine - c0) / perCol;
      let t: number;
      let r: number;
      let c: number;
      const onRow = tRow <= tCol;
      if (onRow) {
        t = tRow;
        r = rowLine;
        c = c0 + perCol * t;
        rowLine += rowDir;
      } else {
        t = tCol;
        r = r0 + perRow * t;
        c = colLine;
        colLine += colDir;
      }
      if (t < minDistance) continue;
      if (t > maxDistance || r < 0 || r > rows - 1) break;
      if (wraps) c -= Math.floor(c / cols) * cols;
      else if (c < 0 || c > cols - 1) break;
      const drop = t * t * inv2R;
      let ri = Math.floor(r);
      if (ri > rows - 1) ri = rows - 1;
      let ci = Math.floor(c);
      if (ci > cols - 1) ci = cols - 1;

      if (pmax !== undefined) {
        const br = ri >> shift;
        const bc = ci >> shift;
        const excess = pmax[br * blockColumns + bc]! - zObserver;
        // Largest tangent any point of this block can reach at distances >= t.
        let bound: number;
        if (excess >= 0 || t * t >= -twoR * excess) bound = (excess - drop) / t;
        else bound = -Math.sqrt((-2 * excess) / radius);
        if (!(bound > best)) {
          // Every crossing up to the block's far edges samples nodes of the block or its halo.
          const rowStart = br << shift;
          const colStart = bc << shift;
          let exit = Infinity;
          if (rowDir > 0) exit = (Math.min(rowStart + block, rows - 1) - r0) / perRow;
          else if (rowDir < 0) exit = (rowStart - r0) / perRow;
          const cUnwrapped = c0 + perCol * t;
          const cShift = cUnwrapped - c; // multiple of cols for a wrapping grid
          const colEnd = Math.min(colStart + block, wraps ? cols : cols - 1);
          if (colDir > 0) exit = Math.min(exit, (colEnd + cShift - c0) / perCol);
          else if (colDir < 0) exit = Math.min(exit, (colStart + cShift - c0) / perCol);
          if (exit > t) {
            if (exit > maxDistance) break;
            seek(exit);
          }
          continue;
        }
      }

      // On a grid line the bilinear surface is linear between the two nodes of that line.
      const base = o + ri * s0;
      let z: number;
      if (onRow) {
        let c1 = ci + 1;
        if (c1 >= cols) c1 = wraps ? 0 : ci;
        const z0 = data[base + ci * s1]!;
        z = z0 + (data[base + c1 * s1]! - z0) * (c - ci);
      } else {
        const cc = ci * s1;
        const z0 = data[base + cc]!;
        z = ri + 1 < rows ? z0 + (data[base + s0 + cc]! - z0) * (r - ri) : z0;
      }
      const tangent = (z - zObserver - drop) / t;
      if (tangent > best) {
        best = tangent;
        bestDistance = t;
      }
    }
    elevations[s] = best > -Infinity ? Math.atan(best) / DEG : 0;
    distances[s] = bestDistance;
  }
  return { azimuths, elevations, distances };
}

/**
 * The larger of two horizons at every azimuth of the first (for example a local 90 m horizon
 * and the distant one from the global grid). The second is interpolated at the first's azimuths.
 * @param near the profile whose azimuths the result keeps, degrees
 * @param far the profile interpolated at them, degrees
 * @example
 * const near = horizonFromArrays([0, 90, 180, 270], [5, 0, 0, 0]);
 * const far = horizonFromArrays([0, 180], [2, 8]);
 * Array.from(combineHorizons(near, far).elevations); // => [5, 5, 8, 5]
 */
export function combineHorizons(near: HorizonProfile, far: HorizonProfile): HorizonProfile {
  checkProfile('combineHorizons', near, 'near');
  checkProfile('combineHorizons', far, 'far');
  const n = near.azimuths.length;
  const elevations = new Float64Array(n);
  const distances = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = near.elevations[i]!;
    const b = horizonElevationAt(far, near.azimuths[i]!);
    if (b > a) {
      elevations[i] = b;
      distances[i] = NaN;
    } else {
      elevations[i] = a;
      distances[i] = near.distances?.[i] ?? NaN;
    }
  }
  return { azimuths: near.azimuths.slice(), elevations, distances };
}

/**
 * Spacing of a profile's azimuths when they are evenly spaced all round the circle, else 0.
 * Kernels use it to interpolate by index instead of searching.
 */
export function uniformAzimuthStep(profile: HorizonProfile): number {
  checkProfile('uniformAzimuthStep', profile);
  const az = profile.azimuths;
  const n = az.length;
  if (n === 0) return 0;
  const step = 360 / n;
  for (let i = 0; i < n; i++) {
    if (Math.abs(az[i]! - (az[0]! + i * step)) > 1e-9) return 0;
  }
  return step;
}

/**
 * Horizon elevation (degrees) at any azimuth (degrees east of north) by linear interpolation
 * between the profile's sectors, across north where needed. An empty profile is a flat horizon (0).
 * @param profile the horizon, degrees by azimuth
 * @param azimuth degrees east of north (any turn: 370 is 10)
 * @example
 * const ridge = horizonFromArrays([0, 90, 180, 270], [0, 0, 10, 0]);
 * horizonElevationAt(ridge, 135); // => 5
 * horizonElevationAt(ridge, 315 + 360); // => 0
 */
export function horizonElevationAt(profile: HorizonProfile, azimuth: number): number {
  const az = profile.azimuths;
  const el = profile.elevations;
  const n = az.length;
  if (n === 0) return 0;
  if (n === 1) return el[0]!;
  let a = azimuth - Math.floor(azimuth / 360) * 360;
  // Find i with az[i] <= a < az[i+1] (circularly).
  if (a < az[0]!) a += 360;
  let lo = 0;
  let hi = n - 1;
  if (a >= az[n - 1]!) {
    lo = n - 1;
  } else {
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (az[mid]! <= a) lo = mid;
      else hi = mid;
    }
  }
  const i1 = lo + 1 === n ? 0 : lo + 1;
  let span = az[i1]! - az[lo]!;
  if (span <= 0) span += 360;
  const f = (a - az[lo]!) / span;
  return el[lo]! + (el[i1]! - el[lo]!) * f;
}

/**
 * A horizon profile from azimuth/elevation pairs (degrees east of north, degrees above the
 * horizontal) in any order: azimuths are brought into [0, 360) and sorted, and a repeated
 * north point (0 and 360) is kept once (the higher of the two).
 * @param azimuths degrees east of north
 * @param elevations degrees above the horizontal, one per azimuth
 * @throws RangeError when the lengths differ or a value is not a finite number
 * @example
 * const p = horizonFromArrays([270, 90, 360, 0, 180], [1, 2, 4, 3, 5]);
 * Array.from(p.azimuths); // => [0, 90, 180, 270]
 * Array.from(p.elevations); // => [4, 2, 5, 1]
 */
export function horizonFromArrays(azimuths: ArrayLike<number>, elevations: ArrayLike<number>): HorizonProfile {
  if (azimuths.length !== elevations.length) {
    throw new RangeError(`azimuths (${azimuths.length}) and elevations (${elevations.length}) differ in length`);
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < azimuths.length; i++) {
    const a = azimuths[i]!;
    const e = elevations[i]!;
    if (!Number.isFinite(a) || !Number.isFinite(e)) throw new RangeError(`horizon point ${i} is not a number`);
    pairs.push([a - Math.floor(a / 360) * 360, e]);
  }
  pairs.sort((p, q) => p[0] - q[0]);
  const az: number[] = [];
  const el: number[] = [];
  for (const [a, e] of pairs) {
    if (az.length > 0 && Math.abs(a - az[az.length - 1]!) < 1e-9) {
      el[el.length - 1] = Math.max(el[el.length - 1]!, e);
      continue;
    }
    az.push(a);
    el.push(e);
  }
  return { azimuths: Float64Array.from(az), elevations: Float64Array.from(el) };
}
