import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, TEST_NOW, startTestServer } from '../support/server.js';

let server: TestServer;
let key: string;
/** The server's clock: tests move it to make a site before changing it. */
let now = TEST_NOW;
const SYDNEY = 'ba75-e17a-7374-95ed';

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
const power = (rows: any[], name = 'pv_power_advanced') => rows.map((r) => r[name] as number);

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  key = (await server.createAccount('pv')).key;
});
afterAll(async () => server.close());

describe('advanced PV power', () => {
  it('answers historic, live and forecast for the Sydney test site', async () => {
    const historic = await json(
      `/data/historic/advanced_pv_power?resource_id=${SYDNEY}&start=2026-11-01T00:00:00Z&end=2026-11-03T00:00:00Z&format=json`,
    );
    expect(historic.status).toBe(200);
    expect(Object.keys(historic.body)).toEqual(['estimated_actuals']);
    const rows = historic.body.estimated_actuals;
    expect(rows).toHaveLength(96);
    expect(Object.keys(rows[0])).toEqual(['pv_power_advanced', 'period_end', 'period']);
    expect(rows[0].period_end).toBe('2026-11-01T00:30:00+00:00');
    const p = power(rows);
    for (const x of p) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(1); // the test site's AC capacity, MW
    }
    expect(Math.max(...p)).toBeGreaterThan(0.2); // Sydney in November: a sunny day reaches well above 20 %
    // 14:00 UTC is midnight in Sydney
    expect(rows.find((r: any) => r.period_end === '2026-11-01T14:00:00+00:00').pv_power_advanced).toBe(0);

    const live = await json(`/data/live/advanced_pv_power?resource_id=${SYDNEY}&hours=6&format=json`);
    expect(live.status).toBe(200);
    expect(live.body.estimated_actuals).toHaveLength(12);
    const forecast = await json(
      `/data/forecast/advanced_pv_power?resource_id=${SYDNEY}&hours=24&output_parameters=pv_power_advanced90,pv_power_advanced,pv_power_advanced10&format=json`,
    );
    expect(forecast.status).toBe(200);
    const f = forecast.body.forecasts;
    expect(f).toHaveLength(48);
    expect(Object.keys(f[0])).toEqual([
      'pv_power_advanced90',
      'pv_power_advanced',
      'pv_power_advanced10',
      'period_end',
      'period',
    ]);
    for (const r of f) {
      expect(r.pv_power_advanced10).toBeLessThanOrEqual(r.pv_power_advanced + 1e-4);
      expect(r.pv_power_advanced).toBeLessThanOrEqual(r.pv_power_advanced90 + 1e-4);
    }
    expect(Math.max(...power(f))).toBeGreaterThan(0);
  });

  it('answers csv, legacy timestamps on live for a legacy account, and refuses bad input', async () => {
    const csv = await server.get(`/data/live/advanced_pv_power?resource_id=${SYDNEY}&hours=1&format=csv`, key);
    expect((await csv.text()).split('\r\n')[0]).toBe('pv_power_advanced,period_end,period');
    const legacy = (await server.createAccount('legacy-pv', { formatVersion: 'legacy' })).key;
    const live = await json(`/data/live/advanced_pv_power?resource_id=${SYDNEY}&hours=1&format=json`, legacy);
    expect(live.body.estimated_actuals[0].period_end).toMatch(/\.0000000Z$/);
    expect((await json(`/data/live/advanced_pv_power?hours=1&format=json`)).status).toBe(400);
    expect((await json(`/data/live/advanced_pv_power?resource_id=${SYDNEY}&hours=0&format=json`)).status).toBe(400);
    expect(
      (
        await json(
          `/data/historic/advanced_pv_power?resource_id=${SYDNEY}&start=2026-11-19T00:00:00Z&duration=P1D&format=json`,
        )
      ).status,
    ).toBe(400);
    expect((await json('/data/live/advanced_pv_power?resource_id=nope&format=json')).status).toBe(404);
  });

  it('keeps P10 <= P50 <= P90 of power where transposition is not monotonic in irradiance (low sun at the pole)', async () => {
    // At 90 S in November the sun circles low all day: on the tilted plane, Perez's circumsolar
    // share rises with DNI, so the P90 irradiance can give less power than the P50 one.
    const site = await send('POST', '/resources/pv_power_site', {
      name: 'Pole',
      latitude: -90,
      longitude: 10,
      capacity: 1,
    });
    expect(site.status).toBe(200);
    const all = 'pv_power_advanced10,pv_power_advanced,pv_power_advanced90';
    const f = (
      await json(
        `/data/forecast/advanced_pv_power?resource_id=${site.body.resource_id}&hours=48&output_parameters=${all}&format=json`,
      )
    ).body.forecasts;
    expect(Math.max(...power(f))).toBeGreaterThan(0.05);
    for (const r of f) {
      expect(r.pv_power_advanced10).toBeLessThanOrEqual(r.pv_power_advanced);
      expect(r.pv_power_advanced).toBeLessThanOrEqual(r.pv_power_advanced90);
    }
    // Asked alone, a quantile is the same number as asked with the others.
    const low = (
      await json(
        `/data/forecast/advanced_pv_power?resource_id=${site.body.resource_id}&hours=48&output_parameters=pv_power_advanced10&format=json`,
      )
    ).body.forecasts;
    expect(power(low, 'pv_power_advanced10')).toEqual(power(f, 'pv_power_advanced10'));
  });

  it("hides another account's site", async () => {
    const site = await send('POST', '/resources/pv_power_site', {
      name: 'Private',
      latitude: -33.9,
      longitude: 151.2,
      capacity: 3,
      resource_id: 'apv-private',
    });
    expect(site.status).toBe(200);
    expect((await json('/data/live/advanced_pv_power?resource_id=apv-private&format=json')).status).toBe(200);
    const other = (await server.createAccount('someone-else')).key;
    expect((await json('/data/live/advanced_pv_power?resource_id=apv-private&format=json', other)).status).toBe(404);
  });

  it('caps forecasts made after a grid_export_limit change, and keeps earlier periods as they were', async () => {
    now = TEST_NOW - 30 * 86400;
    const made = await send('POST', '/resources/pv_power_site', {
      name: 'Capped',
      latitude: -33.86,
      longitude: 151.21,
      capacity: 10,
      capacity_dc: 12,
      tilt: 30,
      azimuth: 0,
      resource_id: 'apv-capped',
    });
    expect(made.status).toBe(200);
    now = TEST_NOW;
    const forecastPath = '/data/forecast/advanced_pv_power?resource_id=apv-capped&hours=72&format=json';
    const livePath = '/data/live/advanced_pv_power?resource_id=apv-capped&hours=48&format=json';
    const historicPath =
      '/data/historic/advanced_pv_power?resource_id=apv-capped&start=2026-11-01&end=2026-11-08&format=json';
    const before = power((await json(forecastPath)).body.forecasts);
    const liveBefore = power((await json(livePath)).body.estimated_actuals);
    const historicBefore = power((await json(historicPath)).body.estimated_actuals);
    const peak = Math.max(...before);
    expect(peak).toBeGreaterThan(3);

    const limit = Math.round(peak * 0.5 * 100) / 100;
    expect(
      (await send('PATCH', '/resources/pv_power_site', { resource_id: 'apv-capped', grid_export_limit: limit })).status,
    ).toBe(200);
    const after = power((await json(forecastPath)).body.forecasts);
    expect(Math.max(...after)).toBeLessThanOrEqual(limit + 1e-9);
    for (let i = 0; i < after.length; i++) expect(after[i]).toBeCloseTo(Math.min(before[i]!, limit), 4);
    // Periods that ended before the change keep the configuration they were computed with.
    expect(power((await json(livePath)).body.estimated_actuals)).toEqual(liveBefore);
    expect(power((await json(historicPath)).body.estimated_actuals)).toEqual(historicBefore);

    // Removing the limit lifts the cap again.
    expect(
      (await send('PATCH', '/resources/pv_power_site', { resource_id: 'apv-capped', grid_export_limit: -1 })).status,
    ).toBe(200);
    expect(power((await json(forecastPath)).body.forecasts)).toEqual(before);
  });
});
