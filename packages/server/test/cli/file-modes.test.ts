/**
 * Files the server and the `solarkit` command create are their owner's only (0600; the
 * directories they create 0700): the SQLite database with its -wal and -shm, the request log, the
 * imported weather files and their directory, and the fleet simulation's CSV and Parquet output.
 * Checked under the common umask 022, which left them world-readable (0644) before.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWeatherStore } from 'solarkit/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weatherFile } from '../../../../test/support/data.js';
import { main } from '../../src/cli/commands.js';
import { logDestination } from '../../src/cli/logs.js';
import { openDatabase } from '../../src/storage/database.js';

const dir = mkdtempSync(join(tmpdir(), 'solarkit-modes-'));
let umask = 0;
beforeAll(() => {
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
});

/** The permission bits of a path, as octal text ('600'). */
const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

describe('files are created readable by their owner only', () => {
  it('the SQLite database, its -wal and -shm, and the directories made for it', () => {
    const path = join(dir, 'new', 'deeper', 'server.db');
    const db = openDatabase(path);
    try {
      db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
      expect(mode(path)).toBe('600');
      expect(mode(`${path}-wal`)).toBe('600');
      expect(mode(`${path}-shm`)).toBe('600');
      expect(mode(join(dir, 'new'))).toBe('700');
      expect(mode(join(dir, 'new', 'deeper'))).toBe('700');
    } finally {
      db.close();
    }
  });

  it('the request log file', async () => {
    const path = join(dir, 'requests.log');
    const log = logDestination(path);
    log.stream.write('{}\n');
    await log.close();
    expect(mode(path)).toBe('600');
  });

  it('the weather store: its directory and the imported files', () => {
    const store = openWeatherStore(join(dir, 'weather'));
    const info = store.importFile(weatherFile('epw_amsterdam_iwec_062400.epw'));
    expect(mode(join(dir, 'weather'))).toBe('700');
    expect(mode(join(dir, 'weather', `${info.id}.weather.json`))).toBe('600');
  });

  it("the fleet simulation's CSV and Parquet output", async () => {
    const sites = join(dir, 'sites.csv');
    writeFileSync(sites, 'id,latitude,longitude,capacity_kw,tilt,azimuth\nroof,52.1,4.9,4,30,180\n');
    const io = { out: () => undefined, err: () => undefined };
    for (const name of ['fleet.csv', 'fleet.parquet']) {
      const out = join(dir, name);
      const args = ['simulate', '--sites', sites, '--start', '2024-03-01', '--end', '2024-03-03'];
      expect(await main([...args, '--out', out, '--threads', '1'], io)).toBe(0);
      expect(mode(out), name).toBe('600');
    }
  });
});
