import {
  elevationGrid,
  forgetHorizonPyramid,
  horizonProfile,
  shadeIrradiance,
  type ElevationGrid,
  type HorizonProfile,
  type ShadedIrradiance,
} from '../../src/terrain/index.js';
import { EARTH_MEAN_RADIUS } from '../../src/terrain/horizon.js';
import type { BenchSuite } from '../harness.js';

const LAT = 46.5;
const LON = 9.8;

/**
 * A 3 arc-second (~90 m) grid reaching 32 km around (LAT, LON): rolling hills and valleys, a
 * few peaks, about 800 x 1100 cells. Deterministic.
 */
function mountainGrid(): ElevationGrid {
  const cell = 3 / 3600;
  const mPerDeg = (EARTH_MEAN_RADIUS * Math.PI) / 180;
  const half = 32_000;
  const halfRows = Math.ceil(half / (cell * mPerDeg));
  const halfCols = Math.ceil(half / (cell * mPerDeg * Math.cos((LAT * Math.PI) / 180)));
  const rows = 2 * halfRows + 1;
  const cols = 2 * halfCols + 1;
  const values = new Float32Array(rows * cols);
  const cos = Math.cos((LAT * Math.PI) / 180);
  const peaks = [
    [6000, 9000, 1800],
    [-12000, 4000, 1500],
    [3000, -15000, 2200],
    [-8000, -7000, 1200],
    [20000, 2000, 2500],
  ];
  for (let r = 0; r < rows; r++) {
    const y = (halfRows - r) * cell * mPerDeg;
    for (let c = 0; c < cols; c++) {
      const x = (c - halfCols) * cell * mPerDeg * cos;
      let z = 1500 + 300 * Math.sin(x / 2300) * Math.cos(y / 3100) + 150 * Math.sin((x + y) / 900);
      for (const [px, py, h] of peaks) z += h! * Math.exp(-((x - px!) ** 2 + (y - py!) ** 2) / (2 * 2500 ** 2));
      values[r * cols + c] = z;
    }
  }
  return elevationGrid({
    data: values,
    rows,
    columns: cols,
    firstLatitude: LAT + halfRows * cell,
    firstLongitude: LON - halfCols * cell,
    cellSizeLatitude: cell,
  });
}

/** One year at 5-minute steps of sun positions and clear-ish irradiance (synthetic, deterministic). */
const N = 105_120;
const apparentElevation = new Float64Array(N);
const azimuth = new Float64Array(N);
const dni = new Float64Array(N);
const dhi = new Float64Array(N);
const ghi = new Float64Array(N);
const zenith = new Float64Array(N);
for (let i = 0; i < N; i++) {
  const day = i / 288;
  const hourAngle = ((i % 288) / 288) * 2 * Math.PI - Math.PI;
  const decl = 23.44 * Math.sin((2 * Math.PI * (day - 80)) / 365);
  const phi = (LAT * Math.PI) / 180;
  const d = (decl * Math.PI) / 180;
  const sinEl = Math.sin(phi) * Math.sin(d) + Math.cos(phi) * Math.cos(d) * Math.cos(hourAngle);
  const el = (Math.asin(sinEl) * 180) / Math.PI;
  apparentElevation[i] = el;
  zenith[i] = 90 - el;
  azimuth[i] = 180 + (hourAngle * 180) / Math.PI;
  dni[i] = el > 0 ? 800 * Math.exp(-0.1 / Math.max(sinEl, 0.05)) : 0;
  dhi[i] = el > 0 ? 100 * sinEl + 20 : 0;
  ghi[i] = dni[i]! * Math.max(0, sinEl) + dhi[i]!;
}

let grid: ElevationGrid;
let profile: HorizonProfile;
const out: ShadedIrradiance = { dni: new Float64Array(N), dhi: new Float64Array(N), ghi: new Float64Array(N) };

export const suite: BenchSuite = {
  name: 'terrain',
  kernels: [
    {
      name: 'terrain shading (105,120 points)',
      points: N,
      setup: () => {
        grid ??= mountainGrid();
        profile = horizonProfile({ grid, latitude: LAT, longitude: LON }, { sectors: 72 });
      },
      run: () =>
        shadeIrradiance(
          { apparentElevation, azimuth, dni, dhi, ghi, zenith, horizon: profile },
          { skyViewFactor: 0.95 },
          out,
        ),
    },
  ],
  products: [
    {
      // No horizon cache: every call marches 72 rays; the max-elevation pyramid is built once per
      // loaded grid (as it is for a DEM tile held in memory) and reused.
      name: 'horizon 72 sectors, 90 m grid, 30 km',
      setup: () => {
        grid ??= mountainGrid();
      },
      run: () => horizonProfile({ grid, latitude: LAT, longitude: LON }, { sectors: 72, maxDistance: 30_000 }),
    },
    {
      name: 'horizon 72 sectors, 90 m grid, 30 km (no pyramid)',
      setup: () => {
        grid ??= mountainGrid();
      },
      run: () =>
        horizonProfile({ grid, latitude: LAT, longitude: LON }, { sectors: 72, maxDistance: 30_000, pyramidBlock: 0 }),
    },
    {
      name: 'horizon 360 sectors, 90 m grid, 30 km',
      setup: () => {
        grid ??= mountainGrid();
      },
      run: () => horizonProfile({ grid, latitude: LAT, longitude: LON }, { sectors: 360, maxDistance: 30_000 }),
    },
    {
      name: 'horizon max-elevation pyramid build, 90 m grid (~0.9 M cells)',
      setup: () => {
        grid ??= mountainGrid();
      },
      run: () => {
        forgetHorizonPyramid(grid);
        return horizonProfile({ grid, latitude: LAT, longitude: LON }, { sectors: 1, maxDistance: 100 });
      },
    },
  ],
};
