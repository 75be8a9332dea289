import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, TEST_NOW, startTestServer } from '../support/server.js';

let server: TestServer;
let key: string;
let now = TEST_NOW;

async function json(path: string, k = key): Promise<{ status: number; body: any }> {
  const r = await server.get(path, k);
  return { status: r.status, body: await r.json() };
}
async function send(method: string, path: string, body: unknown, k = key): Promise<{ status: number; body: any }> {
  const r = await fetch(server.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}
const power = (rows: any[]) => rows.map((r) => r.wind_power as number);

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  key = (await server.createAccount('wind')).key;
  now = TEST_NOW - 30 * 86400;
  const made = await send('POST', '/resources/wind_power_site', {
    name: 'North Sea',
    latitude: 54.0,
    longitude: 6.5,
    capacity: 60,
    number_of_turbines: 20,
    rated_power: 3,
    hub_height: 110,
    resource_id: 'wind-1',
  });
  expect(made.status).toBe(200);
  now = TEST_NOW;
});
afterAll(async () => server.close());

describe('premium wind power', () => {
  it('answers historic, live and forecast within 0 and the capacity', async () => {
    const historic = await json(
      '/data/historic/wind_power?resource_id=wind-1&start=2026-11-01&end=2026-11-04&format=json',
    );
    expect(historic.status).toBe(200);
    const rows = historic.body.estimated_actuals;
    expect(rows).toHaveLength(144);
    expect(Object.keys(rows[0])).toEqual(['wind_power', 'period_end', 'period']);
    const p = power(rows);
    for (const x of p) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(60);
    }
    expect(Math.max(...p)).toBeGreaterThan(0);
    const live = await json('/data/live/wind_power?resource_id=wind-1&hours=3&format=json');
    expect(live.body.estimated_actuals).toHaveLength(6);
    const forecast = await json('/data/forecast/wind_power?resource_id=wind-1&hours=48&format=json');
    expect(forecast.body.forecasts).toHaveLength(96);
    expect(forecast.body.forecasts[0].period_end).toBe('2026-11-20T12:30:00+00:00');
  });

  it('caps later forecasts by a changed grid_export_limit', async () => {
    const path = '/data/forecast/wind_power?resource_id=wind-1&hours=168&format=json';
    const before = power((await json(path)).body.forecasts);
    const peak = Math.max(...before);
    expect(peak).toBeGreaterThan(1);
    const limit = Math.round(peak * 50) / 100;
    expect(
      (await send('PATCH', '/resources/wind_power_site', { resource_id: 'wind-1', grid_export_limit: limit })).status,
    ).toBe(200);
    const after = power((await json(path)).body.forecasts);
    for (let i = 0; i < after.length; i++) expect(after[i]).toBeCloseTo(Math.min(before[i]!, limit), 6);
  });

  it('needs the premium plan and a wind site the caller can see', async () => {
    const pvOnly = (await server.createAccount('pv-only', { plans: ['advanced_pv', 'resources'] })).key;
    expect((await json('/data/forecast/wind_power?resource_id=wind-1&format=json', pvOnly)).status).toBe(403);
    const other = (await server.createAccount('other-wind')).key;
    expect((await json('/data/forecast/wind_power?resource_id=wind-1&format=json', other)).status).toBe(404);
    expect((await json('/data/forecast/wind_power?resource_id=ba75-e17a-7374-95ed&format=json')).status).toBe(404);
  });
});
