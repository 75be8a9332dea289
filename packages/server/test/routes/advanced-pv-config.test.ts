/**
 * The stored configuration reaches the site PV chain: each field with a physical meaning moves
 * the answer the way physics says, and a configuration change in the middle of a historic window
 * applies only to the periods that ended after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, TEST_NOW, startTestServer } from '../support/server.js';

let server: TestServer;
let key: string;
let now = TEST_NOW;
const DAY = 86400;

async function send(method: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const r = await fetch(server.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}
async function series(path: string): Promise<number[]> {
  const r = await server.get(path, key);
  expect(r.status).toBe(200);
  const body = (await r.json()) as any;
  return (body.forecasts ?? body.estimated_actuals).map((row: any) => row.pv_power_advanced as number);
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const base = {
  latitude: -33.86,
  longitude: 151.21,
  capacity: 10,
  capacity_dc: 12,
  install_date: '2026-01-01',
  tilt: 30,
  azimuth: 0,
};
let counter = 0;
/** Forecast energy (MWh over 3 days at PT60M) of a new site with the base fields and some changed. */
async function energy(change: Record<string, unknown>): Promise<number> {
  const rid = `cfg-${++counter}`;
  now = TEST_NOW - 30 * DAY;
  const made = await send('POST', '/resources/pv_power_site', { ...base, ...change, name: rid, resource_id: rid });
  expect(made.status).toBe(200);
  now = TEST_NOW;
  return sum(await series(`/data/forecast/advanced_pv_power?resource_id=${rid}&hours=72&period=PT60M&format=json`));
}

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  key = (await server.createAccount('config')).key;
});
afterAll(async () => server.close());

describe('site configuration in the PV chain', () => {
  let reference: number;
  beforeAll(async () => {
    reference = await energy({});
    expect(reference).toBeGreaterThan(10);
  });

  it.each([
    ['capacity_dc', { capacity_dc: 6 }],
    ['derating_other_system', { derating_other_system: 0.2 }],
    ['dust_soiling_average', { dust_soiling_average: [0.1] }],
    ['install_date (ageing)', { install_date: '2006-01-01', derating_age_system: 0.01 }],
    ['inverter_peak_efficiency', { inverter_peak_efficiency: 0.8 }],
    ['derating_temp_module', { derating_temp_module: -0.02 }],
    ['grid_export_limit', { grid_export_limit: 2 }],
  ])('%s lowers the output', async (_name, change) => {
    expect(await energy(change)).toBeLessThan(reference * 0.97);
  });

  it.each([
    ['bifacial_system', { bifacial_system: true, site_ground_albedo: 0.5 }],
    ['capacity (clipping)', { capacity: 12, capacity_dc: 16 }],
  ])('%s raises the output', async (_name, change) => {
    expect(await energy(change)).toBeGreaterThan(reference * 1.01);
  });

  it.each([
    ['tracking_type', { tracking_type: 'horizontal_single_axis' }],
    ['tilt', { tilt: 70 }],
    ['azimuth', { azimuth: 90 }],
    ['module_type', { module_type: 'cdte' }],
  ])('%s changes the output', async (_name, change) => {
    expect(Math.abs((await energy(change)) - reference)).toBeGreaterThan(reference * 1e-3);
  });
});

describe('configuration history', () => {
  it('applies a change made in the past only to periods that ended after it', async () => {
    now = TEST_NOW - 30 * DAY;
    for (const rid of ['hist-changed', 'hist-twin']) {
      expect((await send('POST', '/resources/pv_power_site', { ...base, name: rid, resource_id: rid })).status).toBe(
        200,
      );
    }
    const change = Date.UTC(2026, 9, 31, 0, 0) / 1000; // 2026-10-31T00:00Z
    now = change;
    expect(
      (await send('PATCH', '/resources/pv_power_site', { resource_id: 'hist-changed', grid_export_limit: 1.5 })).status,
    ).toBe(200);
    now = TEST_NOW;
    const window = 'start=2026-10-29T00:00:00Z&end=2026-11-02T00:00:00Z&period=PT60M&format=json';
    const changed = await series(`/data/historic/advanced_pv_power?resource_id=hist-changed&${window}`);
    const twin = await series(`/data/historic/advanced_pv_power?resource_id=hist-twin&${window}`);
    expect(changed).toHaveLength(96);
    // Rows 0..47 end on or before 2026-10-31T00:00Z: the configuration before the change.
    expect(changed.slice(0, 48)).toEqual(twin.slice(0, 48));
    for (let i = 48; i < 96; i++) expect(changed[i]).toBeCloseTo(Math.min(twin[i]!, 1.5), 4);
    expect(Math.max(...twin.slice(48))).toBeGreaterThan(1.5);
  });
});
