import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ENDPOINTS } from '../../src/routes/data.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { runs } from '../../../../test/support/properties.js';

let s: TestServer;
let key: string;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: 1_000_000 });
  key = (await s.createAccount('fuzz', { quota: 1_000_000 })).key;
});
afterAll(async () => {
  await s.close();
});

const names = [
  ...new Set(DATA_ENDPOINTS.flatMap((e) => e.params.map((p) => p.name))),
  'format',
  'api_key',
  'outputParameters',
  'TIME_ZONE',
  'pm2_5',
];
const nasty = fc.constantFrom(
  '',
  ' ',
  '-',
  '0',
  '-0',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  "['a',",
  ',,,',
  '%',
  '%00',
  '2024-02-30',
  '2024-01-01T25:00Z',
  'P',
  'PT',
  'P99999Y',
  'R/2024-01-01/P1D',
  'R99999999/2024-01-01/PT5M',
  'R2/x/P1D',
  'json;version=3',
  'csv;version=9',
  'pvsyst',
  'PT5M',
  'PT0M',
  '13.25',
  'longitudinal',
  '\u0000',
  '😀',
  'a'.repeat(3000),
  '2006-12-31',
  '2026-11-01T00:00:00+14:00',
  '-90',
  '90',
  '180',
  '-180.00001',
  '336',
  '337',
  '0.3437',
  '1,2,3',
);
const value = fc.oneof(
  nasty,
  fc.string({ maxLength: 40 }),
  fc.double().map(String),
  fc.integer().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 12 })), value), {
  maxLength: 12,
});

describe('fuzz: random and malformed queries', () => {
  it('never answers 5xx and never stops answering', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...DATA_ENDPOINTS.map((e) => e.path)),
        query,
        fc.boolean(),
        async (path, pairs, withPlace) => {
          const params = new URLSearchParams();
          if (withPlace) {
            params.append('latitude', '-33.856784');
            params.append('longitude', '151.215297');
          }
          for (const [k, v] of pairs) params.append(k, v);
          const r = await s.get(`${path}?${params.toString()}`, key);
          const text = await r.text();
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          expect(r.status, `${path}?${params.toString()}\n${text.slice(0, 300)}`).toBeLessThan(500);
          if (r.status >= 400) expect(JSON.parse(text)).toHaveProperty('response_status.error_code');
        },
      ),
      { numRuns: runs(2500) },
    );
    // Both outcomes were exercised, and the server is still up.
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect((await fetch(`${s.baseUrl}/health`)).status).toBe(200);
  }, 600_000);

  it('survives malformed paths, methods and headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 60 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        fc.string({ maxLength: 80 }),
        async (path, method, auth) => {
          const safeAuth = auth.replace(/[^\x20-\x7e]/g, '');
          const r = await fetch(`${s.baseUrl}/data/${encodeURIComponent(path)}`, {
            method,
            headers: { authorization: safeAuth },
          });
          await r.arrayBuffer();
          expect(r.status).toBeLessThan(500);
        },
      ),
      { numRuns: runs(400) },
    );
  }, 300_000);
});
