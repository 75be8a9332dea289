import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cachedHorizonProfile } from '../../src/terrain/cache.js';
import { gridContains } from '../../src/terrain/grid.js';
import { EARTH_MEAN_RADIUS } from '../../src/terrain/horizon.js';
import {
  createHorizonCache,
  elevationGrid,
  horizonElevationAt,
  horizonFromArrays,
  horizonProfile,
  sampleElevation,
  skyViewFactor,
} from '../../src/terrain/index.js';
import { expectedElevation, syntheticGrid } from '../support/terrain.js';
import { runs } from '../support/properties.js';

const LAT = 45;
const LON = 8;

describe('horizonProfile on synthetic terrain', () => {
  it('on a flat plane equals the dip of the horizon from the observer height', () => {
    const s = syntheticGrid(LAT, LON, 30_000, 3, () => 200);
    for (const h of [10, 30]) {
      const p = horizonProfile({ grid: s.grid, latitude: LAT, longitude: LON }, { sectors: 36, observerHeight: h });
      // Geometric dip of the sea horizon seen from height h: acos(R / (R + h)).
      const dip = (-Math.acos(EARTH_MEAN_RADIUS / (EARTH_MEAN_RADIUS + h)) * 180) / Math.PI;
      for (let i = 0; i < 36; i++) expect(p.elevations[i]).toBeCloseTo(dip, 3);
    }
    const ground = horizonProfile({ grid: s.grid, latitude: LAT, longitude: LON }, { sectors: 8 });
    for (const e of ground.elevations) {
      expect(e).toBeLessThan(0);
      expect(e).toBeGreaterThan(-0.01);
    }
  });

  it('sees a single cone at atan2(height - drop, distance) within 0.1 degree', () => {
    // On a 1 arc-second grid (~30 m) in any direction; the apex need not be a grid node.
    const cases = [
      { azimuth: 90, distance: 5000, height: 1000 },
      { azimuth: 0, distance: 8000, height: 1500 },
      { azimuth: 35, distance: 6000, height: 800 },
      { azimuth: 250, distance: 7000, height: 2000 },
      { azimuth: 310, distance: 4000, height: 600 },
    ];
    for (const { azimuth, distance, height } of cases) {
      const ax = distance * Math.sin((azimuth * Math.PI) / 180);
      const ay = distance * Math.cos((azimuth * Math.PI) / 180);
      const s = syntheticGrid(LAT, LON, 9000, 1, (x, y) =>
        Math.max(0, height * (1 - Math.hypot(x - ax, y - ay) / 3000)),
      );
      const p = horizonProfile({ grid: s.grid, latitude: LAT, longitude: LON }, { sectors: 72 });
      const got = horizonElevationAt(p, azimuth);
      expect(Math.abs(got - expectedElevation(height, distance))).toBeLessThan(0.1);
      // Looking away from the cone: the plane's curvature dip only.
      expect(horizonElevationAt(p, azimuth + 180)).toBeLessThan(0);
    }
    // On a 3 arc-second (~90 m) grid, with the apex on a grid node due east.
    const probe = syntheticGrid(LAT, LON, 100, 3, () => 0);
    const east = Math.round(5000 / probe.cellEast) * probe.cellEast;
    const s = syntheticGrid(LAT, LON, 12_000, 3, (x, y) => Math.max(0, 1000 * (1 - Math.hypot(x - east, y) / 3000)));
    const p = horizonProfile({ grid: s.grid, latitude: LAT, longitude: LON });
    expect(Math.abs(horizonElevationAt(p, 90) - expectedElevation(1000, east))).toBeLessThan(0.1);
  });

  it('sees a long north-south ridge at atan(h / (D / sin az))', () => {
    const H = 500;
    const probe = syntheticGrid(LAT, LON, 100, 3, () => 0);
    const D = Math.round(4000 / probe.cellEast) * probe.cellEast; // crest on a grid column
    const s = syntheticGrid(LAT, LON, 20_000, 3, (x) => Math.max(0, H * (1 - Math.abs(x - D) / 1000)));
    const p = horizonProfile({ grid: s.grid, latitude: LAT, longitude: LON }, { sectors: 72, maxDistance: 20_000 });
    for (const az of [30, 45, 60, 90, 120, 150]) {
      const d = D / Math.sin((az * Math.PI) / 180);
      expect(Math.abs(horizonElevationAt(p, az) - expectedElevation(H, d))).toBeLessThan(0.1);
    }
    // West is open.
    expect(horizonElevationAt(p, 270)).toBeLessThan(0);
  });

  it('from the centre of a crater gives the analytic sky-view factor', () => {
    // Flat floor and a smooth ring-shaped rim: z = h exp(-((rho - r) / w)^2).
    const r = 3000;
    const h = 1200;
    const w = 800;
    const rim = (rho: number): number => h * Math.exp(-(((rho - r) / w) ** 2));
    const s = syntheticGrid(LAT, LON, 5500, 1, (x, y) => rim(Math.hypot(x, y)));
    const p = horizonProfile({ grid: s.grid, latitude: LAT, longitude: LON }, { sectors: 72, maxDistance: 5500 });
    // The same horizon in one dimension, by a fine search along the radius.
    let e = -90;
    for (let rho = 1; rho <= 5500; rho += 0.25) e = Math.max(e, expectedElevation(rim(rho), rho));
    for (const x of p.elevations) expect(Math.abs(x - e)).toBeLessThan(0.05);
    // Dozier & Frew: a uniform horizon at elevation e leaves cos^2 e of the sky.
    const analytic = Math.cos((e * Math.PI) / 180) ** 2;
    expect(Math.abs(skyViewFactor(p) - analytic)).toBeLessThan(0.001);
  });

  it('gives the same profile with and without the max-elevation pyramid', () => {
    const s = syntheticGrid(
      LAT,
      LON,
      20_000,
      3,
      (x, y) => 300 + 200 * Math.sin(x / 1700) * Math.cos(y / 2300) + (x > 9000 ? 600 : 0),
    );
    for (const height of [0, 50]) {
      const at = { grid: s.grid, latitude: LAT + 0.01, longitude: LON - 0.02 };
      const a = horizonProfile(at, { sectors: 72, observerHeight: height });
      const b = horizonProfile(at, { sectors: 72, observerHeight: height, pyramidBlock: 0 });
      const c = horizonProfile(at, { sectors: 72, observerHeight: height, pyramidBlock: 4 });
      expect(Array.from(a.elevations)).toEqual(Array.from(b.elevations));
      expect(Array.from(c.elevations)).toEqual(Array.from(b.elevations));
    }
  });

  it('marches across the antimeridian of a global grid', () => {
    // A 1-degree global grid with one high cell just east of 180 degrees.
    const values = new Float64Array(180 * 360);
    const row = 90 - 10; // centre latitude 9.5
    values[row * 360 + 0] = 8000; // centre longitude -179.5
    const g = elevationGrid({
      data: values,
      rows: 180,
      columns: 360,
      firstLatitude: 89.5,
      firstLongitude: -179.5,
      cellSizeLatitude: 1,
    });
    expect(g.wrapsLongitude).toBe(true);
    const p = horizonProfile({ grid: g, latitude: 9.5, longitude: 179.5 }, { sectors: 4, maxDistance: 300_000 });
    expect(p.elevations[1]!).toBeGreaterThan(3); // east, across the antimeridian
    expect(p.elevations[3]!).toBeLessThan(0); // west: nothing
    // Rough terrain on the same wrapping grid (360 columns: the last pyramid block is partial):
    // skipping blocks must not change any sector.
    for (let i = 0; i < values.length; i++) values[i] = 2000 * Math.abs(Math.sin(i * 12.9898) * Math.cos(i * 0.37));
    const rough = elevationGrid({
      data: values,
      rows: 180,
      columns: 360,
      firstLatitude: 89.5,
      firstLongitude: -179.5,
      cellSizeLatitude: 1,
    });
    for (const lon of [179.5, 178.2, -179.9, 0.3]) {
      const opts = { sectors: 72, maxDistance: 900_000 };
      const a = horizonProfile({ grid: rough, latitude: 9.5, longitude: lon }, opts);
      const b = horizonProfile({ grid: rough, latitude: 9.5, longitude: lon }, { ...opts, pyramidBlock: 0 });
      const c = horizonProfile({ grid: rough, latitude: 9.5, longitude: lon }, { ...opts, pyramidBlock: 8 });
      expect(Array.from(a.elevations)).toEqual(Array.from(b.elevations));
      expect(Array.from(c.elevations)).toEqual(Array.from(b.elevations));
    }
  });

  it('never lowers a horizon when a cell is raised (property)', () => {
    const rows = 24;
    const cols = 24;
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 400, noNaN: true }), { minLength: rows * cols, maxLength: rows * cols }),
        fc.integer({ min: 0, max: rows * cols - 1 }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        (heights, cell, raise, observerHeight) => {
          const geo = { firstLatitude: 45.012, firstLongitude: 7.988, cellSizeLatitude: 0.001 };
          const before = elevationGrid({ data: Float64Array.from(heights), rows, columns: cols, ...geo });
          const raised = Float64Array.from(heights);
          raised[cell]! += raise;
          const after = elevationGrid({ data: raised, rows, columns: cols, ...geo });
          const opts = { sectors: 36, observerHeight, maxDistance: 3000, pyramidBlock: 4 };
          const place = { latitude: 45, longitude: 8 };
          const groundElevation = sampleElevation({ grid: before, ...place });
          const a = horizonProfile({ grid: before, ...place }, opts);
          const b = horizonProfile({ grid: after, ...place }, { ...opts, groundElevation });
          const a2 = horizonProfile({ grid: before, ...place }, { ...opts, groundElevation });
          for (let i = 0; i < 36; i++) {
            if (b.elevations[i]! < a2.elevations[i]! - 1e-12) return false;
          }
          return a.elevations.length === 36;
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('caches profiles by rounded coordinates', () => {
    const s = syntheticGrid(LAT, LON, 10_000, 3, (x) => (x > 3000 ? 500 : 0));
    const cache = createHorizonCache(2);
    const grid = s.grid;
    const a = cachedHorizonProfile(
      { grid, latitude: 45.00001, longitude: 8.00002 },
      { cache, sectors: 8, maxDistance: 8000 },
    );
    const b = cachedHorizonProfile(
      { grid, latitude: 45.0002, longitude: 7.9998 },
      { cache, sectors: 8, maxDistance: 8000 },
    );
    expect(b).toBe(a);
    const c = cachedHorizonProfile(
      { grid, latitude: 45.0002, longitude: 7.9998 },
      { cache, sectors: 16, maxDistance: 8000 },
    );
    expect(c).not.toBe(a);
    expect(c.azimuths.length).toBe(16);
    const direct = horizonProfile({ grid: s.grid, latitude: 45, longitude: 8 }, { sectors: 8, maxDistance: 8000 });
    expect(Array.from(a.elevations)).toEqual(Array.from(direct.elevations));
    cachedHorizonProfile({ grid, latitude: 45.05, longitude: 8 }, { cache, sectors: 8, maxDistance: 5000 });
    expect(cache.size).toBe(2);
  });

  it('rejects points outside the grid', () => {
    const s = syntheticGrid(LAT, LON, 2000, 3, () => 0);
    expect(() => horizonProfile({ grid: s.grid, latitude: 46, longitude: 8 })).toThrow(RangeError);
  });

  it('accepts the poles on a global grid (their cap lies beyond the first and last row centres)', () => {
    // 1-degree global grid: row centres at 89.5 .. -89.5; 90 is half a cell beyond row 0, up to
    // rounding in (first - 90) / cell. A ring of 3000 m peaks one cell from the pole.
    const values = new Float64Array(180 * 360);
    for (let c = 0; c < 360; c++) {
      values[1 * 360 + c] = 3000;
      values[178 * 360 + c] = 3000;
    }
    const g = elevationGrid({
      data: values,
      rows: 180,
      columns: 360,
      firstLatitude: 90 - 1 / 2,
      firstLongitude: -180 + 1 / 2,
      cellSizeLatitude: 1,
    });
    // A cell size that does not divide 90 exactly leaves (first - 90) / cell a hair beyond -0.5.
    const fine = 1 / 12;
    const gFine = elevationGrid({
      data: new Float64Array(2160 * 4320),
      rows: 2160,
      columns: 4320,
      firstLatitude: 90 - fine / 2,
      firstLongitude: -180 + fine / 2,
      cellSizeLatitude: fine,
    });
    for (const lat of [90, -90]) {
      expect(gridContains(gFine, lat, 10)).toBe(true);
      const p = horizonProfile({ grid: g, latitude: lat, longitude: 0 }, { sectors: 8, maxDistance: 200_000 });
      for (const e of p.elevations) expect(Number.isFinite(e)).toBe(true);
      // Towards the equator the ring rises above the (moved) observer one degree away.
      expect(lat > 0 ? horizonElevationAt(p, 180) : horizonElevationAt(p, 0)).toBeGreaterThan(0.5);
      const q = horizonProfile({ grid: gFine, latitude: lat, longitude: 10 }, { sectors: 8, maxDistance: 20_000 });
      for (const e of q.elevations) expect(e).toBeLessThanOrEqual(0);
    }
  });
});

describe('horizon profile interpolation', () => {
  it('interpolates linearly between sectors and across north', () => {
    const p = horizonFromArrays([0, 90, 180, 270, 360], [10, 20, 30, 40, 12]);
    expect(p.azimuths.length).toBe(4);
    expect(horizonElevationAt(p, 45)).toBeCloseTo(16, 12); // north keeps the higher of 0 and 360
    expect(horizonElevationAt(p, 315)).toBeCloseTo(26, 12); // between 40 at 270 and 12 at 0/360
    expect(horizonElevationAt(p, -45)).toBeCloseTo(26, 12);
    expect(horizonElevationAt(p, 720 + 90)).toBeCloseTo(20, 12);
    const uneven = horizonFromArrays([350, 10, 100], [5, 15, 0]);
    expect(horizonElevationAt(uneven, 0)).toBeCloseTo(10, 12);
    expect(horizonElevationAt(uneven, 55)).toBeCloseTo(7.5, 12);
  });
});
