/**
 * The calibration count as the project's checks take it: through the server. For each of the 50
 * real typical years of the data directory's weather/calibration, the server (createServer, a
 * fresh SQLite database, requests injected) serves the place's hourly GHI and air temperature for
 * five synthetic years, 2011-2015 (/data/historic/radiation_and_weather, a month a request); their
 * monthly means are compared with the file's. Pass: annual GHI within 8 % and monthly mean air
 * temperature within 2.5 C in at least 10 of 12 months. The server takes the place's elevation
 * from its own grid, not the file's.
 *
 *   npx tsx scripts/served-calibration.ts [--leave-out] [--years 2011-2015] [--only <file>]...
 *
 * `--leave-out`: each place is served with its own station and every station within
 * LEAVE_OUT_KM of it left out of the station normals (the sunshine relation refitted without the
 * place, the interpolation without those stations) and its own real year and every one within
 * LEAVE_OUT_KM left out of the calibration residuals, as the leave-one-out count of issue 33.
 * Prints a line per place, the counts and, per continent, the RMS annual GHI error.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../packages/server/src/app.js';
import { dataFilePath } from '../src/node/data-dir.js';
import { fixedClock } from '../src/internal.js';
import { readEpw } from '../src/weather/readers/epw.js';
import { continent } from './calibrate-climate.js';
import { monthlyMeans } from './compare-weather.js';
import { calibrationFiles } from './weather-table.js';

const DAYS = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const annualKwh = (g: ArrayLike<number>): number =>
  Array.from(g).reduce((s, v, m) => s + (v * DAYS[m]! * 24) / 1000, 0);

/** One place's result through the server. */
export interface ServedResult {
  file: string;
  latitude: number;
  longitude: number;
  realAnnual: number;
  modelAnnual: number;
  ghiError: number;
  temperatureErrors: number[];
  monthsOk: number;
  pass: boolean;
}

/** Monthly mean GHI and air temperature the server gives at a place over whole years. */
async function served(
  app: Awaited<ReturnType<typeof createServer>>,
  headers: Record<string, string>,
  latitude: number,
  longitude: number,
  firstYear: number,
  lastYear: number,
): Promise<{ ghi: Float64Array; temp: Float64Array }> {
  const g = new Float64Array(12),
    t = new Float64Array(12),
    n = new Float64Array(12);
  for (let y = firstYear; y <= lastYear; y++) {
    for (let m = 0; m < 12; m++) {
      const start = new Date(Date.UTC(y, m, 1)).toISOString().replace('.000', '');
      const end = new Date(Date.UTC(y, m + 1, 1)).toISOString().replace('.000', '');
      const url = `/data/historic/radiation_and_weather?latitude=${latitude}&longitude=${longitude}&start=${start}&end=${end}&period=PT60M&output_parameters=ghi,air_temp&format=csv`;
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      const lines = res.body.trim().split('\n');
      const head = lines[0]!.split(',');
      const gi = head.indexOf('ghi'),
        ti = head.indexOf('air_temp');
      for (let i = 1; i < lines.length; i++) {
        const f = lines[i]!.split(',');
        g[m] += Number(f[gi]);
        t[m] += Number(f[ti]);
        n[m]++;
      }
    }
  }
  for (let m = 0; m < 12; m++) {
    g[m] /= n[m]!;
    t[m] /= n[m]!;
  }
  return { ghi: g, temp: t };
}

/** Scores every calibration place (or those named) through a fresh server. */
export async function servedCalibration(
  options: {
    firstYear?: number;
    lastYear?: number;
    only?: string[];
    /** called before each place is served (the leave-one-out run sets its exclusions here) */
    beforePlace?: (latitude: number, longitude: number, file: string) => void;
  } = {},
): Promise<ServedResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-served-cal-'));
  const app = await createServer({
    clock: fixedClock(Date.UTC(2026, 10, 20) / 1000),
    logger: false,
    dbPath: join(dir, 'c.db'),
    rateLimit: 1e9,
  });
  const account = await app.solarkit.storage.accounts.createAccount('calibration', { quota: 1e9 });
  const { key } = await app.solarkit.storage.accounts.createKey(account.id);
  const headers = { authorization: `Bearer ${key}` };
  const out: ServedResult[] = [];
  try {
    for (const file of calibrationFiles()) {
      if (options.only && !options.only.includes(file)) continue;
      const s = readEpw(readFileSync(dataFilePath(`weather/calibration/${file}`), 'utf8'));
      const real = monthlyMeans(s.periodEnd, s.periodSeconds, s.columns.ghi!, s.columns.airTemp);
      options.beforePlace?.(s.latitude, s.longitude, file);
      const model = await served(
        app,
        headers,
        s.latitude,
        s.longitude,
        options.firstYear ?? 2011,
        options.lastYear ?? 2015,
      );
      const realAnnual = annualKwh(real.ghi),
        modelAnnual = annualKwh(model.ghi);
      const temperatureErrors = Array.from({ length: 12 }, (_, m) => model.temp[m]! - real.temp[m]!);
      const monthsOk = temperatureErrors.filter((e) => Math.abs(e) <= 2.5).length;
      const ghiError = modelAnnual / realAnnual - 1;
      out.push({
        file,
        latitude: s.latitude,
        longitude: s.longitude,
        realAnnual,
        modelAnnual,
        ghiError,
        temperatureErrors,
        monthsOk,
        pass: Math.abs(ghiError) <= 0.08 && monthsOk >= 10,
      });
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

/** The summary lines of a run: counts, RMS annual GHI error and the mean absolute monthly T error per continent. */
export function summary(results: ServedResult[]): string[] {
  const rows: string[] = [];
  const line = (label: string, rs: ServedResult[]): string => {
    const rms = Math.sqrt(rs.reduce((s, r) => s + r.ghiError ** 2, 0) / rs.length);
    const mae = rs.reduce((s, r) => s + r.temperatureErrors.reduce((a, e) => a + Math.abs(e), 0) / 12, 0) / rs.length;
    return `${label.padEnd(15)} ${rs.filter((r) => r.pass).length}/${rs.length} pass (GHI within 8 %: ${rs.filter((r) => Math.abs(r.ghiError) <= 0.08).length}, T: ${rs.filter((r) => r.monthsOk >= 10).length}); RMS annual GHI error ${(100 * rms).toFixed(1)} %, mean |monthly T error| ${mae.toFixed(2)} K`;
  };
  rows.push(line('all', results));
  const by = new Map<string, ServedResult[]>();
  for (const r of results) {
    const c = continent(r.latitude, r.longitude);
    by.set(c, [...(by.get(c) ?? []), r]);
  }
  for (const [c, rs] of [...by].sort()) rows.push(line(`  ${c}`, rs));
  return rows;
}

const isMain = process.argv[1]?.endsWith('served-calibration.ts');
if (isMain) {
  const at = process.argv.indexOf('--years');
  const [firstYear, lastYear] = (at >= 0 ? process.argv[at + 1]! : '2011-2015').split('-').map(Number);
  const only = process.argv.flatMap((a, i) => (a === '--only' ? [process.argv[i + 1]!] : []));
  let beforePlace: ((lat: number, lon: number, file: string) => void) | undefined;
  if (process.argv.includes('--leave-out')) {
    const { leaveOut, loadSunPlaces } = await import('./fit-sunshine.js');
    const places = loadSunPlaces();
    beforePlace = (_lat, _lon, file) => leaveOut(places, file);
  }
  const results = await servedCalibration({
    firstYear,
    lastYear,
    only: only.length > 0 ? only : undefined,
    beforePlace,
  });
  for (const r of results)
    console.log(
      `${r.file.padEnd(30)} GHI ${r.realAnnual.toFixed(0)} / ${r.modelAnnual.toFixed(0)} (${(100 * r.ghiError).toFixed(1).padStart(5)} %)  T ${r.temperatureErrors.map((e) => (e >= 0 ? '+' : '') + e.toFixed(1)).join(' ')}  ${r.monthsOk}  ${r.pass ? 'pass' : 'FAIL'}`,
    );
  for (const l of summary(results)) console.log(l);
}
