import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

const METERED = '/data/live/radiation_and_weather?latitude=10&longitude=20&hours=1&format=json';
const UNMETERED = [
  [-33.856784, 151.215297],
  [36.099763, -112.112485],
  [51.178882, -1.826215],
  [41.89021, 12.492231],
  [29.977296, 31.132496],
  [27.175145, 78.042142],
  [48.30783, -105.1017],
  [34.2547, -89.8729],
];

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: 40, rateWindowSeconds: 60 });
});
afterAll(async () => {
  await s.close();
});

type ErrorBody = { response_status: { error_code: string; message: string } };

describe('daily quota', () => {
  it('counts each successful data request and refuses with 429 once the quota is used', async () => {
    const { key, accountId } = await s.createAccount(undefined, { quota: 3 });
    for (let i = 0; i < 3; i++) expect((await s.get(METERED, key)).status).toBe(200);
    expect(await s.usage(accountId)).toBe(3);
    const r = await s.get(METERED, key);
    expect(r.status).toBe(429);
    expect(((await r.json()) as ErrorBody).response_status.error_code).toBe('TooManyRequests');
    expect(await s.usage(accountId)).toBe(3);
  });

  it('does not count the unmetered test locations (to four decimal places), nor failed requests', async () => {
    const { key, accountId } = await s.createAccount(undefined, { quota: 1 });
    for (const [lat, lon] of UNMETERED) {
      const r = await s.get(
        `/data/live/radiation_and_weather?latitude=${lat}&longitude=${lon}&hours=1&format=json`,
        key,
      );
      expect(r.status).toBe(200);
    }
    // Equal to four decimal places still counts as the test location.
    expect(
      (await s.get('/data/live/soiling/kimber?latitude=-33.85678&longitude=151.21532&hours=1&format=json', key)).status,
    ).toBe(200);
    expect(
      (await s.get('/data/live/radiation_and_weather?latitude=10&longitude=20&hours=0&format=json', key)).status,
    ).toBe(400);
    expect(await s.usage(accountId)).toBe(0);
    expect((await s.get(METERED, key)).status).toBe(200);
    expect(await s.usage(accountId)).toBe(1);
    expect((await s.get(METERED, key)).status).toBe(429);
    // The unmetered places still answer after the quota is spent.
    expect(
      (await s.get('/data/live/radiation_and_weather?latitude=51.178882&longitude=-1.826215&hours=1&format=json', key))
        .status,
    ).toBe(200);
    // 51.1789 differs from 51.178882 at the fourth decimal place: metered.
    expect(
      (await s.get('/data/live/radiation_and_weather?latitude=51.1791&longitude=-1.826215&hours=1&format=json', key))
        .status,
    ).toBe(429);
  });
});

describe('rate limit', () => {
  it('sends x-rate-limit headers on every response and 429 past the limit', async () => {
    const { key } = await s.createAccount(undefined, { quota: 1000 });
    const path = '/data/live/radiation_and_weather?latitude=-33.856784&longitude=151.215297&hours=1&format=json';
    let last = -1;
    for (let i = 1; i <= 40; i++) {
      const r = await s.get(i % 2 ? path : path.replace('hours=1', 'hours=0'), key);
      expect(r.status).toBe(i % 2 ? 200 : 400);
      expect(r.headers.get('x-rate-limit')).toBe('40');
      const remaining = Number(r.headers.get('x-rate-limit-remaining'));
      expect(remaining).toBe(40 - i);
      const reset = Number(r.headers.get('x-rate-limit-reset'));
      expect(reset).toBeGreaterThan(Date.now() / 1000 - 1);
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
      if (last >= 0) expect(remaining).toBe(last - 1);
      last = remaining;
    }
    const r = await s.get(path, key);
    expect(r.status).toBe(429);
    expect(r.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(r.headers.get('x-rate-limit-reset')).toMatch(/^\d+$/);
    const body = (await r.json()) as ErrorBody & { response_status: { stack_trace: string; errors: unknown[] } };
    expect(body.response_status).toMatchObject({ error_code: 'TooManyRequests', stack_trace: '', errors: [] });
    // Another key of another account is not affected.
    const other = await s.createAccount();
    expect((await s.get(path, other.key)).status).toBe(200);
  });
});
