/**
 * A DEM tile that cannot be decoded (issue 15, item 5) does not fail terrain shading: the global
 * elevation grid answers for it, every request is a 200 with the values a server without the
 * tile gives, and the server logs the tile once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../support/server.js';

const dir = mkdtempSync(join(tmpdir(), 'solarkit-dem-http-'));
let withTile: TestServer;
let without: TestServer;
let logs = '';

beforeAll(async () => {
  // The Sydney tile, cut to a size that is no square of samples.
  writeFileSync(join(dir, 'S34E151.hgt'), Buffer.alloc(12_345));
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs += String(chunk);
      cb();
    },
  });
  const before = process.env.SOLARKIT_DEM_DIR;
  // The workers of the pool take the environment as it is when the server starts.
  process.env.SOLARKIT_DEM_DIR = dir;
  try {
    withTile = await startTestServer({ logStream });
  } finally {
    if (before === undefined) delete process.env.SOLARKIT_DEM_DIR;
    else process.env.SOLARKIT_DEM_DIR = before;
  }
  without = await startTestServer();
});
afterAll(async () => {
  await withTile.close();
  await without.close();
  rmSync(dir, { recursive: true, force: true });
});

it('answers terrain shading in that tile from the global grid, and logs the tile once', async () => {
  const a = (await withTile.createAccount()).key;
  const b = (await without.createAccount()).key;
  for (const [lat, lon] of [
    [-33.856784, 151.215297],
    [-33.7, 151.1],
    [-33.5, 151.3],
  ] as const) {
    const path = `/data/live/radiation_and_weather?latitude=${lat}&longitude=${lon}&hours=6&terrain_shading=true&output_parameters=ghi,dni,dhi,gti&format=json`;
    const r = await withTile.get(path, a);
    expect(r.status, path).toBe(200);
    expect(await r.text()).toBe(await (await without.get(path, b)).text());
  }
  const lines = logs.split('\n').filter((l) => l.includes('DEM tile cannot be decoded'));
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, file: join(dir, 'S34E151.hgt') });
});
