/**
 * The SQLite WAL stays small under ordinary API traffic (issue 34: 9,000 requests used to grow it
 * from 0 to 20.6 MB, because the rate-limit and quota statements never let SQLite checkpoint).
 *
 * 3,000 authenticated requests over HTTP, answered and refused: data requests that take a
 * transaction of the quota, site lists, and, past the rate limit, 429s (each still counted in the
 * key's window: a write). Before the fix each of them added a page of about 4 kB to the WAL, about
 * 12 MB in all; the WAL is sampled after every answer. test/storage/limits.test.ts runs the same
 * store calls 100,000 times, the acceptance point (100,000 HTTP requests would take minutes here).
 *
 * The bound, 6 MB: SQLite checkpoints when the WAL passes 1000 pages (about 4.1 MB) and then
 * writes it again from its start, so the file is never much larger. The server's backstop
 * (storage/database.ts guardWal) acts only above 8 MB, so it cannot be what keeps the file under
 * this bound: a WAL that grew again would be seen above 6 MB before it.
 */
import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BACKEND } from '../support/backend.js';
import { startTestServer, type TestServer } from '../support/server.js';

const MB = 1e6;

describe.skipIf(TEST_BACKEND !== 'sqlite')('the WAL under API traffic (a SQLite file only)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ rateLimit: 1200, rateWindowSeconds: 3600 });
  });
  afterAll(async () => {
    await s.close();
  });

  it('stays near SQLite checkpoint size over 3,000 requests, 1,800 of them 429s', async () => {
    const { key, accountId } = await s.createAccount(undefined, { quota: 1_000_000 });
    const wal = `${s.dbPath}-wal`;
    const statuses = new Map<number, number>();
    let largest = 0;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < 3000) {
        const i = next++;
        const path =
          i % 2 === 0
            ? `/data/live/radiation_and_weather?latitude=10&longitude=20&hours=1&format=json`
            : '/resources/pv_power_sites?format=json';
        const r = await s.get(path, key);
        await r.arrayBuffer();
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        largest = Math.max(largest, statSync(wal).size);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1200, 429: 1800 });
    // The data requests among the 1,200 answered ones each took a transaction.
    expect(await s.usage(accountId)).toBe(600);
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThan(6 * MB);
  }, 120_000);
});
