/**
 * The data directory (src/node/data-dir.ts): one resolver for every real data file, a clear
 * error when a file is missing, and a server that starts without its data and answers 503 (not
 * 500) for what needs it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DATA_DIR_VARIABLE,
  DATA_FILES,
  MissingDataError,
  corePackageRoot,
  dataDirectories,
  dataFilePath,
  dataInventory,
} from '../../src/node/data-dir.js';

const ROOT = resolve(__dirname, '..', '..');
const BIN = join(ROOT, 'packages', 'server', 'bin', 'solarkit.js');
const empty = mkdtempSync(join(tmpdir(), 'solarkit-empty-data-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));
const emptyEnv = { ...process.env, [DATA_DIR_VARIABLE]: empty };

describe('dataFilePath', () => {
  it('finds every data file in ../shared/data beside the clone by default', () => {
    expect(corePackageRoot()).toBe(ROOT);
    const env = { ...process.env, [DATA_DIR_VARIABLE]: '' };
    expect(dataDirectories(env)[0]).toBe(resolve(ROOT, '..', 'shared', 'data'));
    for (const { path } of DATA_FILES)
      expect(dataFilePath(path, env)).toBe(join(resolve(ROOT, '..', 'shared', 'data'), path));
  });

  it('searches only SOLARKIT_DATA_DIR when it is set, and names file, directories and variable when missing', () => {
    expect(dataDirectories(emptyEnv)).toEqual([empty]);
    let error: unknown;
    try {
      dataFilePath('elevation/elevation-5arcmin.u8.gz', emptyEnv);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MissingDataError);
    const message = (error as Error).message;
    expect(message).toContain("'elevation/elevation-5arcmin.u8.gz'");
    expect(message).toContain(empty);
    expect(message).toContain('SOLARKIT_DATA_DIR');
    expect(dataInventory(emptyEnv).every((f) => f.foundAt === undefined)).toBe(true);
  });
});

describe('an empty data directory', () => {
  it('the library throws the clear error on first use of the elevation grid', () => {
    const script = "import { siteElevation } from './src/node/index.ts'; siteElevation(45, 8);";
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env: emptyEnv,
      encoding: 'utf8',
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(
      "MissingDataError: solarkit data file 'elevation/elevation-5arcmin.u8.gz' not found; searched: " + empty,
    );
  });

  it('the server starts, says what is missing, answers 503 where the data is needed and 200 elsewhere', async () => {
    const db = join(empty, 'server.db');
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db], {
      env: emptyEnv,
    });
    try {
      let out = '';
      await new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 30_000);
        child.stdout.on('data', (d) => {
          out += String(d);
          if (/documentation: /.test(out)) {
            clearTimeout(timer);
            done();
          }
        });
        child.on('exit', (code) => fail(new Error(`exited ${code}: ${out}`)));
      });
      expect(out).toMatch(/data: elevation\/elevation-5arcmin\.u8\.gz is MISSING/);
      const curl = /Bearer ([0-9a-f-]+)" "http:\/\/127\.0\.0\.1:(\d+)/.exec(out)!; // the address it listens on
      const base = `http://127.0.0.1:${curl[2]}`;
      const auth = { authorization: `Bearer ${curl[1]}` };
      expect((await fetch(`${base}/health`)).status).toBe(200);
      expect((await fetch(`${base}/resources/pv_power_sites?format=json`, { headers: auth })).status).toBe(200);
      const data = await fetch(`${base}/data/live/radiation_and_weather?latitude=45&longitude=8&hours=6&format=json`, {
        headers: auth,
      });
      expect(data.status).toBe(503);
      const body = (await data.json()) as { response_status: { error_code: string; message: string } };
      expect(body.response_status.error_code).toBe('ServiceUnavailable');
      expect(body.response_status.message).toContain('elevation/elevation-5arcmin.u8.gz');
      // The client learns which data set is missing, never the server's directories (issue 34):
      // those, and the variable that sets them, are in the server's log (checked above).
      expect(body.response_status.message).not.toContain(empty);
      expect(body.response_status.message).toContain('data directory');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
