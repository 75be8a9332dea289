/**
 * Hashes the bodies of a fixed set of API responses (SHA-256 each, a fixed clock, a fresh SQLite
 * database in a temporary directory), so that a refactoring can show the server serves the same
 * bytes before and after: `npx tsx scripts/served-hashes.ts > before.txt`, change, run again, diff.
 * One line per request: the hash, the status and the path.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '../src/internal.js';
import { createServer } from '../packages/server/src/app.js';

const NOW = Date.UTC(2026, 10, 20, 12, 7, 0) / 1000;
const PLACES = [
  [52.37, 4.9],
  [-33.856784, 151.215297],
  [33.45, -112.07],
  [-1.29, 36.82],
  [30.66, 104.06],
] as const;

function requests(): string[] {
  const paths: string[] = [];
  for (const [lat, lon] of PLACES) {
    const at = `latitude=${lat}&longitude=${lon}`;
    paths.push(`/data/live/radiation_and_weather?${at}&hours=24&format=json`);
    paths.push(`/data/forecast/radiation_and_weather?${at}&hours=48&format=csv`);
    paths.push(`/data/historic/radiation_and_weather?${at}&start=2024-06-01T00:00:00Z&duration=P3D&format=csv`);
    paths.push(`/data/live/soiling/hsu?${at}&hours=48&format=csv`);
    paths.push(`/data/forecast/soiling/kimber?${at}&hours=48&format=json`);
    paths.push(`/data/historic/rooftop_pv_power?${at}&start=2024-03-01T00:00:00Z&duration=P2D&capacity=5&format=csv`);
  }
  for (const [lat, lon] of PLACES.slice(0, 3)) {
    const at = `latitude=${lat}&longitude=${lon}`;
    paths.push(`/data/tmy/rooftop_pv_power?${at}&capacity=5&format=csv`);
    paths.push(`/data/tmy/radiation_and_weather?${at}&format=csv`);
    paths.push(
      `/data/historic/radiation_and_weather?${at}&start=2023-12-20T00:00:00Z&duration=P2D&tilt=25&azimuth=10&array_type=horizontal_single_axis&output_parameters=ghi,dni,dhi,gti,air_temp,cloud_opacity&format=json`,
    );
  }
  paths.push('/data/live/advanced_pv_power?resource_id=ba75-e17a-7374-95ed&hours=24&format=json');
  paths.push('/data/forecast/advanced_pv_power?resource_id=ba75-e17a-7374-95ed&hours=48&format=csv');
  paths.push(
    '/data/historic/advanced_pv_power?resource_id=375f-eb3e-71c0-ef5e&start=2026-11-01T00:00:00Z&end=2026-11-03T00:00:00Z&format=json',
  );
  paths.push(
    '/data/historic/radiation_and_weather?latitude=36.1&longitude=-112.1&start=2024-01-10T00:00:00Z&duration=P1D&terrain_shading=true&format=csv',
  );
  paths.push(
    '/data/forecast/radiation_and_weather?latitude=-33.856784&longitude=151.215297&hours=12&period=PT5M&format=csv',
  );
  paths.push(
    '/data/historic/rooftop_pv_power?latitude=51.18&longitude=-1.83&start=2024-07-01T00:00:00Z&duration=P1D&capacity=3&tilt=35&azimuth=0&loss_factor=0.85&time_zone=1&format=json',
  );
  paths.push('/data/live/radiation_and_weather?latitude=64.1&longitude=-21.9&hours=24&period=PT15M&format=json');
  paths.push('/data/tmy/rooftop_pv_power?latitude=-1.29&longitude=36.82&capacity=2&probability=p90&format=json');
  paths.push('/data/live/radiation_and_weather?latitude=52.37&longitude=4.9&hours=24');
  paths.push('/openapi.json');
  paths.push('/health');
  return paths;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-hashes-'));
  try {
    const app = await createServer({ clock: fixedClock(NOW), logger: false, dbPath: join(dir, 'hashes.db') });
    const storage = app.solarkit.storage;
    const account = await storage.accounts.createAccount('hashes', {});
    const { key } = await storage.accounts.createKey(account.id);
    const authorization = `Bearer ${key}`;
    const wind = await app.inject({
      method: 'POST',
      url: '/resources/wind_power_site',
      headers: { authorization },
      payload: { name: 'hashes', latitude: 53.5, longitude: 8.1, capacity: 20, resource_id: 'hash-wind' },
    });
    const all = [
      ...requests(),
      '/data/forecast/wind_power?resource_id=hash-wind&hours=48&format=json',
      '/data/historic/wind_power?resource_id=hash-wind&start=2026-10-01T00:00:00Z&end=2026-10-03T00:00:00Z&format=csv',
    ];
    console.log(
      `${createHash('sha256').update(wind.body).digest('hex')} ${wind.statusCode} POST /resources/wind_power_site`,
    );
    for (const url of all) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization } });
      console.log(`${createHash('sha256').update(res.body).digest('hex')} ${res.statusCode} ${url}`);
    }
    await app.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
