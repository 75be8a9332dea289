/**
 * Real weather files over HTTP (contract section 8): files imported with the command line's code
 * into the server's weather directory answer requests within 5 km of their place; elsewhere the
 * synthetic model answers. Expectations are computed here from the files' own rows.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/commands.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { weatherFile } from '../../../../test/support/data.js';

const PSM3 = weatherFile('nsrdb_psm3_2017_40.5137_-108.5449.csv');
const EPW = weatherFile('epw_amsterdam_iwec_062400.epw');

// About 2.4 km from the PSM3 place (40.5137, -108.5449) and 50 km east of it.
const NEAR_PSM3 = 'latitude=40.53&longitude=-108.53';
const FAR_PSM3 = 'latitude=40.5137&longitude=-107.9527';
// About 1.4 km from the EPW's place (52.30, 4.77).
const NEAR_AMS = 'latitude=52.31&longitude=4.78';

const HISTORIC =
  '/data/historic/radiation_and_weather?format=json&output_parameters=ghi,air_temp&period=PT60M&start=2017-06-10T00:00Z&duration=P2D';

type Rows = { ghi: number; air_temp: number; period_end: string }[];

let dir: string;
let withFiles: TestServer;
let synthetic: TestServer;
let key: string;
let plainKey: string;

async function rows(s: TestServer, k: string, path: string): Promise<Rows> {
  const r = await s.get(path, k);
  expect(r.status, `${path}: ${r.status} ${r.status === 200 ? '' : await r.text()}`).toBe(200);
  return ((await r.json()) as { estimated_actuals: Rows }).estimated_actuals;
}

async function cli(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l) }, {});
  return { code, out, err };
}

/** The PSM3 file's GHI rows as (start, end, value): each row is the mean of the 30 minutes centred on its stamp (UTC-7). */
function psm3Rows(): { start: number; end: number; ghi: number }[] {
  const lines = readFileSync(PSM3, 'utf8').trim().split(/\r?\n/);
  const head = lines[0]!.split(',');
  const at = (name: string) => head.indexOf(name);
  const [y, mo, d, h, mi, g] = ['Year', 'Month', 'Day', 'Hour', 'Minute', 'GHI'].map(at);
  return lines.slice(1).map((line) => {
    const f = line.split(',').map(Number);
    const stamp = Date.UTC(f[y!]!, f[mo!]! - 1, f[d!]!, f[h!]!, f[mi!]!) / 1000 + 7 * 3600;
    return { start: stamp - 900, end: stamp + 900, ghi: f[g!]! };
  });
}

/** Overlap-weighted mean of the file's rows over (end - 3600, end]. */
function hourlyMean(file: { start: number; end: number; ghi: number }[], end: number): number {
  const a = end - 3600;
  let sum = 0;
  let weight = 0;
  for (const r of file) {
    const overlap = Math.min(end, r.end) - Math.max(a, r.start);
    if (overlap > 0) {
      sum += overlap * r.ghi;
      weight += overlap;
    }
  }
  return sum / weight;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'solarkit-weather-'));
  // Re-read the directory on every request: the imports below come from another store object,
  // as an import from the command line (another process) would.
  withFiles = await startTestServer({ weatherDir: join(dir, 'weather'), weatherRefreshMs: 0 });
  synthetic = await startTestServer({ weatherDir: join(dir, 'empty') });
  key = (await withFiles.createAccount('w')).key;
  plainKey = (await synthetic.createAccount('s')).key;
}, 60_000);

afterAll(async () => {
  await withFiles.close();
  await synthetic.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('real weather files', () => {
  let before: Rows;

  it('answers from the synthetic model before any file is imported', async () => {
    before = await rows(withFiles, key, `${HISTORIC}&${NEAR_PSM3}`);
    expect(before).toEqual(await rows(synthetic, plainKey, `${HISTORIC}&${NEAR_PSM3}`));
  });

  it('imports the PSM3 year and the EPW typical year with the command line', async () => {
    const psm3 = await cli('weather', 'import', PSM3, '--weather-dir', join(dir, 'weather'));
    expect(psm3.code, psm3.err.join('\n')).toBe(0);
    expect(psm3.out[0]).toMatch(
      /^imported 40\.5137_-108\.5449_.*: psm3, 40\.5137, -108\.5449, actuals 2017-01-01T07:15:00Z/,
    );
    const epw = await cli('weather', 'import', EPW, '--weather-dir', join(dir, 'weather'));
    expect(epw.code, epw.err.join('\n')).toBe(0);
    expect(epw.out[0]).toMatch(/: epw, 52\.3, 4\.77, a typical year/);
  });

  it('a historic request within 5 km of the PSM3 place returns the file (and no stale cached answer)', async () => {
    const got = await rows(withFiles, key, `${HISTORIC}&${NEAR_PSM3}`);
    expect(got).toHaveLength(48);
    const file = psm3Rows();
    let differs = 0;
    for (let i = 0; i < got.length; i++) {
      const end = Date.parse(got[i]!.period_end) / 1000;
      const expected = hourlyMean(file, end);
      // The response rounds irradiance to whole W/m2.
      expect(Math.abs(got[i]!.ghi - expected), `${got[i]!.period_end}`).toBeLessThanOrEqual(0.5 + 1e-9);
      if (got[i]!.ghi !== before[i]!.ghi) differs++;
    }
    // The same URL answered the synthetic model before the import: the cache did not keep it.
    expect(differs).toBeGreaterThan(10);
    expect(got.reduce((s, r) => s + r.ghi, 0)).toBeGreaterThan(0);
  });

  it('a request 50 km away answers the synthetic model', async () => {
    const far = await rows(withFiles, key, `${HISTORIC}&${FAR_PSM3}`);
    expect(far).toEqual(await rows(synthetic, plainKey, `${HISTORIC}&${FAR_PSM3}`));
  });

  it("a historic request outside the file's year near its place answers the synthetic model", async () => {
    const path = HISTORIC.replace('2017-06-10', '2019-06-10') + `&${NEAR_PSM3}`;
    expect(await rows(withFiles, key, path)).toEqual(await rows(synthetic, plainKey, path));
  });

  it("a p50 TMY request near Amsterdam uses the EPW year (June GHI sum equals the file's)", async () => {
    const tmy = `/data/tmy/radiation_and_weather?format=json&output_parameters=ghi&period=PT60M&time_zone=1&${NEAR_AMS}`;
    const got = await rows(withFiles, key, tmy);
    expect(got).toHaveLength(8760);
    // EPW rows: hour ending, local standard time (UTC+1), GHI in field 14.
    const epwJune = readFileSync(EPW, 'utf8')
      .split(/\r?\n/)
      .slice(8)
      .filter((l) => l.split(',')[1] === '6')
      .map((l) => Number(l.split(',')[13]));
    expect(epwJune).toHaveLength(720);
    const june = got.filter(
      (r) =>
        (r.period_end.startsWith('2059-06') && !r.period_end.startsWith('2059-06-01T00:00')) ||
        r.period_end.startsWith('2059-07-01T00:00'),
    );
    expect(june).toHaveLength(720);
    const fileSum = epwJune.reduce((s, v) => s + v, 0);
    const daylight = epwJune.filter((v) => v > 0).length;
    const sum = june.reduce((s, r) => s + r.ghi, 0);
    // Each hour is rounded to whole W/m2 (only daylight hours can be off).
    expect(Math.abs(sum - fileSum)).toBeLessThanOrEqual(0.5 * daylight);
    // Hour by hour too.
    for (let i = 0; i < 720; i++) expect(Math.abs(june[i]!.ghi - epwJune[i]!)).toBeLessThanOrEqual(0.5 + 1e-9);
    // And not the synthetic TMY of the same place.
    const model = (await rows(synthetic, plainKey, tmy)).filter((r) => r.period_end.startsWith('2059-06'));
    expect(model.reduce((s, r) => s + r.ghi, 0)).not.toBe(sum);
  }, 120_000);

  it('after the PSM3 file is removed, the place answers the synthetic model again', async () => {
    const list = await cli('weather', 'list', '--weather-dir', join(dir, 'weather'));
    const id = list.out
      .slice(1)
      .map((l) => l.split('\t')[0]!)
      .find((i) => i.startsWith('40.5137'))!;
    expect((await cli('weather', 'remove', id, '--weather-dir', join(dir, 'weather'))).code).toBe(0);
    expect(await rows(withFiles, key, `${HISTORIC}&${NEAR_PSM3}`)).toEqual(before);
  });
});

describe('a stored file that cannot be read', () => {
  let broken: TestServer;
  let logs = '';
  let k: string;
  const weatherDir = () => join(dir, 'broken');

  beforeAll(async () => {
    // A good PSM3 file, and beside it a stored file cut in half (as a crash or a full disk leaves it).
    expect((await cli('weather', 'import', PSM3, '--weather-dir', weatherDir())).code).toBe(0);
    expect((await cli('weather', 'import', EPW, '--weather-dir', weatherDir())).code).toBe(0);
    const epwFile = readdirSync(weatherDir()).find((f) => f.startsWith('52.3000'))!;
    const text = readFileSync(join(weatherDir(), epwFile), 'utf8');
    writeFileSync(join(weatherDir(), epwFile), text.slice(0, text.length >> 1));
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        logs += String(chunk);
        cb();
      },
    });
    broken = await startTestServer({ weatherDir: weatherDir(), logStream });
    k = (await broken.createAccount('b')).key;
  }, 60_000);
  afterAll(async () => {
    await broken.close();
  });

  it('is skipped with one logged error: the other files and every other place answer as before', async () => {
    // The PSM3 file still answers near its place (the same rows as a server with that file alone).
    const near = await rows(broken, k, `${HISTORIC}&${NEAR_PSM3}`);
    const file = psm3Rows();
    for (const r of near)
      expect(Math.abs(r.ghi - hourlyMean(file, Date.parse(r.period_end) / 1000))).toBeLessThanOrEqual(0.5 + 1e-9);
    // Near the broken file's place, and elsewhere: the synthetic model, as without any file.
    const ams = `/data/historic/radiation_and_weather?format=json&output_parameters=ghi,air_temp&period=PT60M&start=2019-06-10T00:00Z&duration=P2D&${NEAR_AMS}`;
    expect(await rows(broken, k, ams)).toEqual(await rows(synthetic, plainKey, ams));
    expect(await rows(broken, k, `${HISTORIC}&${FAR_PSM3}`)).toEqual(
      await rows(synthetic, plainKey, `${HISTORIC}&${FAR_PSM3}`),
    );
    // A TMY near Amsterdam (computed by a worker thread, which reads the files too) answers the model's year.
    const tmy = `/data/tmy/radiation_and_weather?format=json&output_parameters=ghi&period=PT60M&${NEAR_AMS}`;
    expect(await rows(broken, k, tmy)).toEqual(await rows(synthetic, plainKey, tmy));
    const errors = logs.split('\n').filter((l) => l.includes('a stored weather file cannot be read'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('52.3000_4.7700');
    expect(JSON.parse(errors[0]!)).toMatchObject({ level: 50 });
    expect(broken.app.solarkit.weatherStore!.invalid().map((f) => f.file)).toEqual([
      expect.stringMatching(/^52\.3000_4\.7700/),
    ]);
  }, 120_000);
});

describe('a stored file whose periodSeconds is not a positive number', () => {
  let zero: TestServer;
  let k: string;
  const weatherDir = () => join(dir, 'zero-period');

  beforeAll(async () => {
    // The EPW imported, then its stored period set to 0 (as an earlier version or an edit leaves it).
    expect((await cli('weather', 'import', EPW, '--weather-dir', weatherDir())).code).toBe(0);
    const file = join(weatherDir(), readdirSync(weatherDir()).find((f) => f.startsWith('52.3000'))!);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {
      info: { periodSeconds: number };
      series: { periodSeconds: number };
    };
    stored.info.periodSeconds = 0;
    stored.series.periodSeconds = 0;
    writeFileSync(file, JSON.stringify(stored));
    zero = await startTestServer({ weatherDir: weatherDir() });
    k = (await zero.createAccount('z')).key;
  }, 60_000);
  afterAll(async () => {
    await zero.close();
  });

  it('is skipped as unreadable, naming periodSeconds: requests at its place answer from the model (they gave 500)', async () => {
    const ams = `/data/historic/radiation_and_weather?format=json&output_parameters=ghi,air_temp&period=PT60M&start=2019-06-10T00:00Z&duration=P2D&${NEAR_AMS}`;
    expect(await rows(zero, k, ams)).toEqual(await rows(synthetic, plainKey, ams));
    const tmy = `/data/tmy/radiation_and_weather?format=json&output_parameters=ghi&period=PT60M&${NEAR_AMS}`;
    expect(await rows(zero, k, tmy)).toEqual(await rows(synthetic, plainKey, tmy));
    const invalid = zero.app.solarkit.weatherStore!.invalid();
    expect(invalid).toHaveLength(1);
    expect(invalid[0]!.reason).toMatch(/periodSeconds/);
  }, 120_000);

  it('is refused at import: nothing is stored', async () => {
    const csv = join(dir, 'zero-period.csv');
    writeFileSync(csv, 'ghi,air_temp,period_end,period\n100,20,2024-06-01T12:00:00Z,PT0M\n');
    const before = readdirSync(weatherDir());
    const r = await cli(
      'weather',
      'import',
      csv,
      '--latitude',
      '52.31',
      '--longitude',
      '4.78',
      '--weather-dir',
      weatherDir(),
    );
    expect(r.code).toBe(1);
    expect(r.err.join('\n')).toMatch(/'PT0M' is not a positive period/);
    expect(readdirSync(weatherDir())).toEqual(before);
  });
});
