import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeArrayBuffer } from 'geotiff';
import { afterAll, describe, expect, it } from 'vitest';
import {
  demGridAround,
  readGeoTiffGrid,
  readHgtGrid,
  srtmTileName,
  terrainHorizon,
} from '../../src/node/elevation.js';
import { createHorizonCache, horizonElevationAt, horizonProfile, sampleElevation } from '../../src/terrain/index.js';
import { expectedElevation, M_PER_DEG } from './synthetic.js';

const dir = mkdtempSync(join(tmpdir(), 'solarkit-dem-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a GeoTIFF of float heights; pixel-is-point keys put cell centres on the tie point. */
function writeTile(path: string, width: number, height: number, west: number, north: number, cell: number, values: Float32Array, noData?: number): void {
  const buffer = writeArrayBuffer(values, {
    width,
    height,
    ModelPixelScale: [cell, cell, 0],
    ModelTiepoint: [0, 0, 0, west, north, 0],
    GeographicTypeGeoKey: 4326,
    GTModelTypeGeoKey: 2,
    GTRasterTypeGeoKey: 2,
    ...(noData === undefined ? {} : { GDAL_NODATA: String(noData) }),
  });
  writeFileSync(path, new Uint8Array(buffer));
}

describe('GeoTIFF and .hgt DEM tiles', () => {
  it('reads a GeoTIFF written here with its georeference and no-data value', async () => {
    const values = Float32Array.from({ length: 20 }, (_, i) => i * 10);
    values[7] = -9999;
    const path = join(dir, 'small.tif');
    writeTile(path, 5, 4, 8, 46, 0.25, values, -9999);
    const g = await readGeoTiffGrid(path);
    expect(g.values.shape).toEqual([4, 5]);
    expect(g.firstLatitude).toBe(46);
    expect(g.firstLongitude).toBe(8);
    expect(g.cellSizeLatitude).toBe(0.25);
    expect(g.values.get(1, 3)).toBe(80);
    expect(Number.isNaN(g.values.get(1, 2))).toBe(true);
    // Bilinear between (row 2, col 0) = 100, (2, 1) = 110, (3, 0) = 150, (3, 1) = 160.
    expect(sampleElevation(g, 45.5 - 0.125, 8.125)).toBeCloseTo(130, 4);
  });

  it('reads an SRTM .hgt tile by its name', () => {
    const side = 121;
    const bytes = Buffer.alloc(side * side * 2);
    for (let i = 0; i < side * side; i++) bytes.writeInt16BE(i % 1000, 2 * i);
    bytes.writeInt16BE(-32768, 2 * 5);
    const path = join(dir, 'S12W077.hgt');
    writeFileSync(path, bytes);
    const g = readHgtGrid(path);
    expect(g.firstLatitude).toBe(-11);
    expect(g.firstLongitude).toBe(-77);
    expect(g.cellSizeLatitude).toBeCloseTo(1 / 120, 15);
    expect(g.values.get(1, 2)).toBe(side + 2);
    expect(Number.isNaN(g.values.get(0, 5))).toBe(true);
    expect(srtmTileName(-11.5, -76.5)).toBe('S12W077');
    expect(srtmTileName(45.2, 8.9)).toBe('N45E008');
  });

  it('picks tiles from a DEM directory by coordinates for terrain horizons', async () => {
    // Tile N45E008 on 0.005-degree nodes from 46 N / 8 E, with a cone 6 km east of 45.5 N 8.5 E.
    const demDir = join(dir, 'dem');
    mkdirSync(demDir);
    const cell = 0.005;
    const side = 201;
    const values = new Float32Array(side * side);
    const lat0 = 45.5;
    const lon0 = 8.5;
    const cos = Math.cos((lat0 * Math.PI) / 180);
    const apexEast = 6000;
    for (let r = 0; r < side; r++) {
      for (let c = 0; c < side; c++) {
        const y = (46 - r * cell - lat0) * M_PER_DEG;
        const x = (8 + c * cell - lon0) * M_PER_DEG * cos;
        values[r * side + c] = 300 + Math.max(0, 1500 * (1 - Math.hypot(x - apexEast, y) / 4000));
      }
    }
    writeTile(join(demDir, 'N45E008.tif'), side, side, 8, 46, cell, values);
    const cache = createHorizonCache();
    const p = await terrainHorizon(lat0, lon0, { demDirectory: demDir, cache });
    const local = horizonProfile((await demGridAround(demDir, lat0, lon0, 30_000))!, lat0, lon0, { maxDistance: 30_000 });
    // The cone's apex lies ~0.7 cells off the node lattice: bilinear heights lose up to ~0.3 degree.
    expect(Math.abs(horizonElevationAt(p, 90) - expectedElevation(1500, apexEast))).toBeLessThan(0.35);
    for (let i = 0; i < p.elevations.length; i++) expect(p.elevations[i]).toBeGreaterThanOrEqual(local.elevations[i]!);
    // Cached by rounded coordinates.
    expect(await terrainHorizon(lat0 + 0.0001, lon0, { demDirectory: demDir, cache })).toBe(p);
    // Near the tile's south edge the missing neighbour comes from the global grid.
    const edge = await demGridAround(demDir, 45.05, 8.5, 30_000);
    expect(edge!.firstLatitude).toBeCloseTo(46, 9);
    expect(edge!.values.shape[0]).toBeGreaterThan(side);
    expect(Number.isFinite(sampleElevation(edge!, 44.8, 8.5))).toBe(true);
    // No tile for the site: the global grid alone.
    const elsewhere = await terrainHorizon(52.37, 4.9, { demDirectory: demDir, cache });
    expect(elsewhere.elevations.length).toBe(72);
  });

  it('finds the high horizon of Himalayan valleys and the flat one of the Netherlands from the global grid', async () => {
    const cache = createHorizonCache();
    const kathmandu = await terrainHorizon(27.7, 85.32, { cache, demDirectory: '' });
    expect(Math.max(...kathmandu.elevations)).toBeGreaterThan(2);
    const amsterdam = await terrainHorizon(52.37, 4.9, { cache, demDirectory: '' });
    expect(Math.max(...amsterdam.elevations)).toBeLessThan(0.5);
  });
});
