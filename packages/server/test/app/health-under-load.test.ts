/**
 * One account cannot stall everyone (issue 34): /health answers while eight advanced_pv_power
 * requests over a site with large configurations run at once. Before, 51 versions of one site with
 * 0.87 MB of zenith coefficients each and eight concurrent requests held /health for 4.65 s: every
 * request parsed every version on the main thread and computed its 8,928 periods there.
 *
 * The load is the issue's, at the server's default caps: one site whose configuration is as large
 * as maxConfigBytes allows (about 250 kB of zenith coefficients), 51 versions of it in force over
 * the requested window, and eight concurrent historic requests of 31 days at PT5M (8,928 periods
 * each, every version governing some). The compute pool admits all eight (maxInFlight 8) so that
 * all of them really run at once.
 *
 * A latency bound is what the acceptance point states, so the test measures it, made robust to a
 * shared 2-core machine: /health is called again and again while the load runs, and the MEDIAN of
 * those calls must be under 100 ms (the acceptance figure: a typical call is not held), and the
 * SLOWEST under 1 s (generous: the operating system may deschedule the process on a loaded machine
 * for some hundreds of ms, but a main thread held by the requests' work, as before, answered
 * after 2 to 5 s). The test also checks the structural reason the bound holds: the eight series
 * were computed by the compute pool's threads, not the main thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_LIMITS } from '../../src/storage/types.js';
import { type TestServer, startTestServer } from '../support/server.js';

const START = Date.UTC(2026, 9, 1) / 1000;
const PATH =
  '/data/historic/advanced_pv_power?resource_id=load-site&start=2026-10-01T00:00:00Z&duration=P31D&period=PT5M&format=json';

/** Zenith coefficients of about `bytes` of JSON: 20 per day, days repeating. */
function coefficients(bytes: number): unknown[] {
  const out: unknown[] = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const c: Record<string, number> = {};
    for (let k = 0; k < 20; k++) c[`z${k}`] = Math.round(Math.sin(i * 20 + k) * 1e6) / 1e3;
    const item = { day_of_year: (i % 366) + 1, signed_zenith_coefficients: c };
    size += JSON.stringify(item).length + 1;
    out.push(item);
  }
  return out;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

describe('/health under eight advanced_pv_power requests over large configurations', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({ compute: { maxInFlight: 8 } });
    const account = await server.createAccount('load', { quota: 1_000_000 });
    key = account.key;
    const owner = account.accountId;
    const body = {
      resource_id: 'load-site',
      name: 'Large site',
      latitude: 40,
      longitude: -105,
      capacity: 50,
      capacity_dc: 60,
      install_date: '2020-01-01',
      clearsky_zenith_coefficients: coefficients(DEFAULT_SITE_LIMITS.maxConfigBytes - 2000),
    };
    const created = await fetch(`${server.baseUrl}/resources/pv_power_site`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(200);
    // 50 more versions, one every 14 h through the window (the API's clock is fixed, so they are
    // made through the store with their own times), each a change of capacity.
    const ctx = server.app.solarkit;
    for (let i = 1; i <= 50; i++) {
      await ctx.stores.sites.updateSite(
        'pv',
        'load-site',
        { accountId: owner },
        (c) => ({ ...c, capacity: 50 + i }),
        START + i * 14 * 3600,
        ctx.siteLimits,
      );
    }
    const history = await ctx.stores.sites.configHistory(
      (await ctx.stores.sites.getSite('pv', 'load-site', { accountId: owner }))!.id,
    );
    expect(history).toHaveLength(51);
    expect(JSON.stringify(history[0]!.config).length).toBeGreaterThan(DEFAULT_SITE_LIMITS.maxConfigBytes - 4000);
    // One request first: the first at a place reads the data grids (a server's start-up work).
    expect((await server.get(PATH, key)).status).toBe(200);
  }, 300_000);
  afterAll(async () => server.close());

  it('answers /health with a median under 100 ms and none over 1 s while the eight run', async () => {
    const pool = server.app.solarkit.compute.pool!;
    const computedBefore = pool.stats().seriesComputed;
    let running = true;
    const requests = Promise.all(
      Array.from({ length: 8 }, async () => {
        const r = await server.get(PATH, key);
        const bytes = (await r.arrayBuffer()).byteLength;
        return { status: r.status, bytes };
      }),
    ).finally(() => {
      running = false;
    });
    const latencies: number[] = [];
    // Let the eight arrive first, then call /health until the last of them has answered.
    await new Promise((resolve) => setTimeout(resolve, 20));
    while (running) {
      const t0 = performance.now();
      const r = await fetch(`${server.baseUrl}/health`);
      await r.arrayBuffer();
      latencies.push(performance.now() - t0);
      expect(r.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const answers = await requests;
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    // Every answer is the whole series: 8,928 periods.
    for (const a of answers) expect(a.bytes).toBeGreaterThan(8928 * 60);
    // Enough calls to speak of a median while the load ran.
    expect(latencies.length).toBeGreaterThanOrEqual(5);
    expect(median(latencies)).toBeLessThan(100);
    expect(Math.max(...latencies)).toBeLessThan(1000);
    // The reason: the pool's threads computed all eight (before, the main thread did).
    expect(pool.stats().seriesComputed - computedBefore).toBe(8);
  }, 300_000);
});
