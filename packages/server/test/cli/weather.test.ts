/**
 * `solarkit weather import|list|remove` through the real executable (bin/solarkit.js, another
 * process), and a running server picking up the import without a restart.
 */
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.js';
import { weatherFile } from '../../../../test/support/data.js';

const run = promisify(execFile);
const BIN = join(__dirname, '..', '..', 'bin', 'solarkit.js');
const dir = mkdtempSync(join(tmpdir(), 'solarkit-cli-weather-'));
const db = join(dir, 'cli.db');
const env = { ...process.env, SOLARKIT_WEATHER_DIR: '' };

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [BIN, ...args, '--db', db], { env });
}

async function fails(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await cli(...args);
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, stderr: err.stderr };
  }
  throw new Error(`solarkit ${args.join(' ')} succeeded`);
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('solarkit weather', () => {
  it('imports files into weather/ beside the database and lists them', async () => {
    const epw = await cli('weather', 'import', weatherFile('epw_amsterdam_iwec_062400.epw'));
    expect(epw.stdout).toMatch(
      /^imported 52\.3000_4\.7700_epw_amsterdam_iwec_062400\.epw: epw, 52\.3, 4\.77, a typical year, every 60 min/,
    );
    expect(epw.stdout).toContain(join(dir, 'weather'));
    // A PSM3 file without metadata whose name does not hold the place: given on the command line
    // (a negative longitude as its own argument).
    const bare = join(dir, 'colorado.csv');
    copyFileSync(weatherFile('nsrdb_psm3_2017_40.5137_-108.5449.csv'), bare);
    const psm3 = await cli(
      'weather',
      'import',
      bare,
      '--latitude',
      '40.5137',
      '--longitude',
      '-108.5449',
      '--time-zone',
      '-7',
    );
    expect(psm3.stdout).toMatch(
      /: psm3, 40\.5137, -108\.5449, actuals 2017-01-01T07:15:00Z \.\. 2018-01-01T06:45:00Z, every 30 min/,
    );

    const lines = (await cli('weather', 'list')).stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('id\tformat\tlatitude\tlongitude\tkind\tfrom\tto\tperiod_s\tfile');
    expect(lines.slice(1).sort()).toEqual([
      '40.5137_-108.5449_colorado.csv\tpsm3\t40.5137\t-108.5449\tactual\t2017-01-01T07:15:00Z\t2018-01-01T06:45:00Z\t1800\tcolorado.csv',
      '52.3000_4.7700_epw_amsterdam_iwec_062400.epw\tepw\t52.3\t4.77\ttypical\t-\t-\t3600\tepw_amsterdam_iwec_062400.epw',
    ]);

    expect((await cli('weather', 'remove', '40.5137_-108.5449_colorado.csv')).stdout.trim()).toBe(
      'removed 40.5137_-108.5449_colorado.csv',
    );
    expect((await cli('weather', 'list')).stdout).not.toContain('colorado');
  }, 60_000);

  it('names the problem: unreadable file, unknown format, missing place, bad option, unknown id', async () => {
    const missing = await fails(['weather', 'import', join(dir, 'nope.epw')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read .*nope\.epw: no such file/);

    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'temperature was nice today\n');
    const unknown = await fails(['weather', 'import', notes]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /notes\.txt: unknown weather file format; expected EPW, NSRDB TMY3, NSRDB PSM3, PVGIS TMY/,
    );

    const json = join(dir, 'settings.json');
    writeFileSync(json, '{"a": 1}');
    expect((await fails(['weather', 'import', json])).stderr).toMatch(/unknown weather file format/);

    const bare = join(dir, 'colorado2.csv');
    copyFileSync(weatherFile('nsrdb_psm3_2017_40.5137_-108.5449.csv'), bare);
    const noPlace = await fails(['weather', 'import', bare]);
    expect(noPlace.code).toBe(1);
    expect(noPlace.stderr).toMatch(
      /colorado2\.csv does not say where it was measured; give --latitude and --longitude/,
    );

    const half = await fails(['weather', 'import', bare, '--latitude', '40.5']);
    expect(half.code).toBe(2);
    expect(half.stderr).toMatch(/give both --latitude and --longitude/);
    expect((await fails(['weather', 'import', bare, '--latitude', '91', '--longitude', '0'])).stderr).toMatch(
      /--latitude must be a number from -90 to 90/,
    );

    const gone = await fails(['weather', 'remove', 'no-such-id']);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/no weather file 'no-such-id'/);
    expect((await fails(['weather', 'import'])).stderr).toBe(
      "error: missing required argument 'file'\n(see: solarkit weather import --help)\n",
    );
  }, 60_000);

  it('fails at once, with the reason, on a device, a pipe or a directory (reads are bounded)', async () => {
    const zero = await fails(['weather', 'import', '/dev/zero']);
    expect(zero.code).toBe(1);
    expect(zero.stderr).toMatch(/cannot read \/dev\/zero: .*not a regular file/);
    const fifo = join(dir, 'pipe.epw');
    execFileSync('mkfifo', [fifo]);
    expect((await fails(['weather', 'import', fifo])).stderr).toMatch(/pipe\.epw: .*not a regular file/);
    expect((await fails(['weather', 'import', dir])).stderr).toMatch(
      /cannot read .*: (it is a directory|.*not a regular file)/,
    );
  }, 60_000);

  it('writes a stored file whole (through a temporary name), and lists a file it cannot read as INVALID', async () => {
    const weatherDir = join(dir, 'atomic');
    const imported = await cli(
      'weather',
      'import',
      weatherFile('epw_amsterdam_iwec_062400.epw'),
      '--weather-dir',
      weatherDir,
    );
    expect(imported.stdout).toMatch(/^imported /);
    const stored = readdirSync(weatherDir);
    expect(stored).toEqual(['52.3000_4.7700_epw_amsterdam_iwec_062400.epw.weather.json']);
    // A truncated copy (as a crash or a full disk would leave), and a temporary file of an import in progress.
    const text = readFileSync(join(weatherDir, stored[0]!), 'utf8');
    writeFileSync(join(weatherDir, 'broken.weather.json'), text.slice(0, text.length >> 1));
    writeFileSync(join(weatherDir, 'x.weather.json.123.456.tmp'), text.slice(0, 100));
    const lines = (await cli('weather', 'list', '--weather-dir', weatherDir)).stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^52\.3000_4\.7700_epw_amsterdam_iwec_062400\.epw\tepw\t/);
    expect(lines[2]).toMatch(/^broken\tINVALID\t(-\t){6}.*JSON/);
    expect((await cli('weather', 'remove', 'broken', '--weather-dir', weatherDir)).stdout.trim()).toBe(
      'removed broken',
    );
  }, 60_000);

  it('a running server uses a file imported by the command line without a restart', async () => {
    const weatherDir = join(dir, 'served');
    const s = await startTestServer({ weatherDir });
    try {
      const { key } = await s.createAccount('w');
      const path =
        '/data/historic/radiation_and_weather?format=json&output_parameters=ghi&period=PT60M&latitude=40.52&longitude=-108.54&start=2017-07-01T00:00Z&duration=P1D';
      const first = await (await s.get(path, key)).text();
      await run(
        process.execPath,
        [BIN, 'weather', 'import', weatherFile('nsrdb_psm3_2017_40.5137_-108.5449.csv'), '--weather-dir', weatherDir],
        { env },
      );
      // The server re-reads the directory at most once a second: ask until it has.
      let body = first;
      for (let i = 0; i < 50 && body === first; i++) {
        await new Promise((r) => setTimeout(r, 200));
        body = await (await s.get(path, key)).text();
      }
      expect(body).not.toBe(first);
      expect(s.app.solarkit.weatherStore!.list().map((w) => w.format)).toEqual(['psm3']);
    } finally {
      await s.close();
    }
  }, 60_000);
});
