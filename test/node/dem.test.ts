import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeArrayBuffer } from 'geotiff';
import { afterAll, describe, expect, it } from 'vitest';
import {
  demGridAround,
  globalHorizon,
  readGeoTiffGrid,
  readHgtGrid,
  srtmTileName,
  terrainHorizon,
} from '../../src/node/elevation.js';
import { createHorizonCache, horizonElevationAt, horizonProfile, sampleElevation } from '../../src/terrain/index.js';
import { expectedElevation, M_PER_DEG } from '../support/terrain.js';

const dir = mkdtempSync(join(tmpdir(), 'solarkit-dem-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a GeoTIFF of float heights; pixel-is-point keys put cell centres on the tie point. */
function writeTile(
  path: string,
  width: number,
  height: number,
  west: number,
  north: number,
  cell: number,
  values: Float32Array,
  noData?: number,
): void {
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

/**
 * A minimal little-endian GeoTIFF of signed 16-bit heights (the SRTM tile layout), written byte
 * by byte: pixel-is-area, EPSG:4326, tie point at the north-west corner.
 */
function int16GeoTiff(
  width: number,
  height: number,
  west: number,
  north: number,
  cell: number,
  values: Int16Array,
): Uint8Array {
  const entries: Array<[tag: number, type: number, count: number, value: number]> = [];
  const ifdOffset = 8;
  const nEntries = 13;
  const dataOffset = ifdOffset + 2 + nEntries * 12 + 4;
  const pixelBytes = width * height * 2;
  const scaleOffset = dataOffset + pixelBytes + (pixelBytes % 2);
  const tieOffset = scaleOffset + 24;
  const keysOffset = tieOffset + 48;
  const keys = [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326];
  const SHORT = 3,
    LONG = 4,
    DOUBLE = 12;
  entries.push(
    [256, LONG, 1, width],
    [257, LONG, 1, height],
    [258, SHORT, 1, 16],
    [259, SHORT, 1, 1],
    [262, SHORT, 1, 1],
  );
  entries.push([273, LONG, 1, dataOffset], [277, SHORT, 1, 1], [278, LONG, 1, height], [279, LONG, 1, pixelBytes]);
  entries.push(
    [339, SHORT, 1, 2],
    [33550, DOUBLE, 3, scaleOffset],
    [33922, DOUBLE, 6, tieOffset],
    [34735, SHORT, keys.length, keysOffset],
  );
  const buf = Buffer.alloc(keysOffset + keys.length * 2);
  buf.write('II', 0, 'latin1');
  buf.writeUInt16LE(42, 2);
  buf.writeUInt32LE(ifdOffset, 4);
  buf.writeUInt16LE(nEntries, ifdOffset);
  entries.forEach(([tag, type, count, value], i) => {
    const at = ifdOffset + 2 + i * 12;
    buf.writeUInt16LE(tag, at);
    buf.writeUInt16LE(type, at + 2);
    buf.writeUInt32LE(count, at + 4);
    if (type === SHORT && count === 1) buf.writeUInt16LE(value, at + 8);
    else buf.writeUInt32LE(value, at + 8);
  });
  for (let i = 0; i < values.length; i++) buf.writeInt16LE(values[i]!, dataOffset + 2 * i);
  [cell, cell, 0].forEach((x, i) => buf.writeDoubleLE(x, scaleOffset + 8 * i));
  [0, 0, 0, west, north, 0].forEach((x, i) => buf.writeDoubleLE(x, tieOffset + 8 * i));
  keys.forEach((k, i) => buf.writeUInt16LE(k, keysOffset + 2 * i));
  return new Uint8Array(buf);
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
    expect(sampleElevation({ grid: g, latitude: 45.5 - 0.125, longitude: 8.125 })).toBeCloseTo(130, 4);
  });

  it('reads a signed 16-bit pixel-is-area GeoTIFF (SRTM GeoTIFF layout) with -32768 voids', async () => {
    const values = Int16Array.from({ length: 12 }, (_, i) => 100 * i - 50);
    values[4] = -32768;
    const path = join(dir, 'int16.tif');
    writeFileSync(path, int16GeoTiff(4, 3, -106.5, 35.25, 1 / 1200, values));
    const g = await readGeoTiffGrid(path);
    expect(g.values.shape).toEqual([3, 4]);
    // Pixel-is-area: the first cell centre lies half a cell inside the corner.
    expect(g.firstLatitude).toBeCloseTo(35.25 - 1 / 2400, 12);
    expect(g.firstLongitude).toBeCloseTo(-106.5 + 1 / 2400, 12);
    expect(g.values.get(0, 0)).toBe(-50);
    expect(g.values.get(2, 3)).toBe(1050);
    expect(Number.isNaN(g.values.get(1, 0))).toBe(true);
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
    const dem = (await demGridAround({ directory: demDir, latitude: lat0, longitude: lon0, radius: 30_000 }))!;
    const local = horizonProfile({ grid: dem, latitude: lat0, longitude: lon0 }, { maxDistance: 30_000 });
    // The cone's apex lies ~0.7 cells off the node lattice: bilinear heights lose up to ~0.3 degree.
    expect(Math.abs(horizonElevationAt(p, 90) - expectedElevation(1500, apexEast))).toBeLessThan(0.35);
    for (let i = 0; i < p.elevations.length; i++) expect(p.elevations[i]).toBeGreaterThanOrEqual(local.elevations[i]!);
    // Cached by rounded coordinates.
    expect(await terrainHorizon(lat0 + 0.0001, lon0, { demDirectory: demDir, cache })).toBe(p);
    // Near the tile's south edge the missing neighbour comes from the global grid.
    const edge = await demGridAround({ directory: demDir, latitude: 45.05, longitude: 8.5, radius: 30_000 });
    expect(edge!.firstLatitude).toBeCloseTo(46, 9);
    expect(edge!.values.shape[0]).toBeGreaterThan(side);
    expect(Number.isFinite(sampleElevation({ grid: edge!, latitude: 44.8, longitude: 8.5 }))).toBe(true);
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

  it('falls back to the global grid for a tile that cannot be decoded, telling the handler once per file', async () => {
    const demDir = join(dir, 'corrupt');
    mkdirSync(demDir);
    // A GeoTIFF cut short, and an .hgt whose size is no square of samples.
    const tif = int16GeoTiff(4, 3, 11, 47, 1 / 1200, new Int16Array(12));
    writeFileSync(join(demDir, 'N46E011.tif'), tif.subarray(0, 40));
    writeFileSync(join(demDir, 'N46E012.hgt'), Buffer.alloc(1001));
    const told: string[] = [];
    const onTileError = (path: string, error: Error) => told.push(`${path}: ${error.message}`);
    for (const [lat, lon] of [
      [46.5, 11.5],
      [46.6, 11.4],
      [46.5, 12.5],
      [46.7, 12.2],
    ] as const) {
      const p = await terrainHorizon(lat, lon, { demDirectory: demDir, cache: false, onTileError });
      expect(p.elevations).toEqual(globalHorizon(lat, lon, { cache: false }).elevations);
      const around = { directory: demDir, latitude: lat, longitude: lon, radius: 30_000 };
      expect(await demGridAround(around, { onTileError })).toBeUndefined();
    }
    expect(told).toHaveLength(2);
    expect(told[0]).toContain('N46E011.tif');
    expect(told[1]).toMatch(/N46E012\.hgt: .*not a square \.hgt tile/);
  });
});
