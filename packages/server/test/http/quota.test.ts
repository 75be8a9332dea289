/**
 * The quota holds (issue 15, items 1 and 2): a request is free only when it really is for an
 * unmetered place, whatever parameters it carries; a transaction is reserved before the work
 * starts, so N concurrent requests that hold their responses open (slow readers), or requests
 * spread over two server processes on one database, get exactly `quota` successes; the rate limit
 * is counted in the database too.
 */
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/app.js';
import { openStorage } from '../../src/storage/open.js';
import { utcDay } from '../../src/storage/limits.js';
import { UNMETERED_LOCATIONS } from '../../src/storage/test-sites.js';
import { RADIATION_OUTPUT_NAMES } from '../../src/products/outputs.js';
import { type TestDatabase, freshDatabase, seedAccount } from '../support/backend.js';
import { spawnServer } from '../support/child-server.js';
import { TEST_NOW, type TestServer, startTestServer } from '../support/server.js';
import { fixedClock } from 'solarkit/internal';

const METERED = '/data/live/radiation_and_weather?latitude=10&longitude=20&hours=1&format=json';
const SYDNEY_SITE = UNMETERED_LOCATIONS[0]!.resourceId;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: 1_000_000 });
});
afterAll(async () => {
  await s.close();
});

describe('what is free', () => {
  it("a test site's resource_id does not make a request free on an endpoint that ignores resource_id", async () => {
    const { key, accountId } = await s.createAccount(undefined, { quota: 1 });
    expect((await s.get(METERED, key)).status).toBe(200);
    // The quota is spent: the same request with a test site's id (or under any spelling) is still metered.
    for (const suffix of [`&resource_id=${SYDNEY_SITE}`, `&resourceId=${SYDNEY_SITE}`, `&RESOURCE_ID=${SYDNEY_SITE}`]) {
      const r = await s.get(METERED + suffix, key);
      expect(r.status, suffix).toBe(429);
    }
    expect(await s.usage(accountId)).toBe(1);
  });

  it('a request whose coordinates are an unmetered place is free, also after the quota is spent', async () => {
    const { key, accountId } = await s.createAccount(undefined, { quota: 1 });
    expect((await s.get(METERED, key)).status).toBe(200);
    const { latitude, longitude } = UNMETERED_LOCATIONS[2]!;
    expect(
      (
        await s.get(
          `/data/live/radiation_and_weather?latitude=${latitude}&longitude=${longitude}&hours=1&format=json`,
          key,
        )
      ).status,
    ).toBe(200);
    expect(await s.usage(accountId)).toBe(1);
  });

  it("site power of a shared test site is free; of the account's own site elsewhere it is metered", async () => {
    const { key, accountId } = await s.createAccount(undefined, { quota: 1 });
    const power = (rid: string) => s.get(`/data/live/advanced_pv_power?resource_id=${rid}&hours=2&format=json`, key);
    expect((await power(SYDNEY_SITE)).status).toBe(200);
    expect(await s.usage(accountId)).toBe(0);
    const created = await fetch(`${s.baseUrl}/resources/pv_power_site`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'own', latitude: 10, longitude: 20, capacity: 1, resource_id: 'own-quota-site' }),
    });
    expect(created.status).toBe(200);
    expect((await power('own-quota-site')).status).toBe(200);
    expect(await s.usage(accountId)).toBe(1);
    expect((await power('own-quota-site')).status).toBe(429);
    // A 404 (a site it may not see) never costs a transaction.
    expect((await power('no-such-site')).status).toBe(404);
    expect((await power(SYDNEY_SITE)).status).toBe(200);
    expect(await s.usage(accountId)).toBe(1);
  });

  it('a cache hit costs a transaction like a computed answer', async () => {
    const { key, accountId } = await s.createAccount(undefined, { quota: 2 });
    const path = '/data/live/radiation_and_weather?latitude=11&longitude=21&hours=1&format=json';
    expect((await s.get(path, key)).status).toBe(200);
    expect((await s.get(path, key)).status).toBe(200);
    expect((await s.get(path, key)).status).toBe(429);
    expect(await s.usage(accountId)).toBe(2);
  });
});

/** Sends a GET on a raw socket; resolves with the status once the status line arrives, then stops reading. */
function slowReader(baseUrl: string, path: string, key: string): Promise<{ status: number; close(): void }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\n\r\n`);
    });
    socket.once('data', (chunk: Buffer) => {
      socket.pause(); // never read the rest: the response cannot finish sending
      const m = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'));
      if (!m) reject(new Error(`no status line: ${chunk.toString('latin1').slice(0, 80)}`));
      else resolve({ status: Number(m[1]), close: () => socket.destroy() });
    });
    socket.once('error', reject);
  });
}

describe('reserved before the work', () => {
  it('quota N with slow-reading clients: exactly N successes', async () => {
    const quota = 3;
    const { key, accountId } = await s.createAccount(undefined, { quota });
    // 31 days at PT5M with every parameter: a body of some 6 MB, far more than the socket buffers
    // hold, so a client that stops reading keeps its response from ever finishing.
    const path = (i: number) =>
      `/data/historic/radiation_and_weather?latitude=${12 + i / 100}&longitude=22&start=2024-01-01T00:00Z&duration=P31D` +
      `&period=PT5M&format=json&output_parameters=${RADIATION_OUTPUT_NAMES.join(',')}`;
    const readers = await Promise.all(Array.from({ length: quota + 3 }, (_, i) => slowReader(s.baseUrl, path(i), key)));
    const statuses = readers.map((r) => r.status).sort();
    for (const r of readers) r.close();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await s.usage(accountId)).toBe(quota);
  });

  it('gives the transaction back when the server fails the request', async () => {
    // One admitted large request at a time: the second concurrent one is refused with 503.
    const busy = await startTestServer({ compute: { threads: 1, maxInFlight: 1 } });
    try {
      const { key, accountId } = await busy.createAccount(undefined, { quota: 5 });
      busy.app.solarkit.compute.pool!.hold();
      const tmy = (lat: number) =>
        busy.get(`/data/tmy/radiation_and_weather?latitude=${lat}&longitude=20&format=json`, key);
      const first = tmy(13);
      // The first is admitted once the pool counts it; then the second is refused.
      while (busy.app.solarkit.compute.pool!.stats().inFlight === 0) await new Promise((r) => setTimeout(r, 10));
      const refused = await tmy(14);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await busy.usage(accountId)).toBe(1);
      busy.app.solarkit.compute.pool!.release();
      expect((await first).status).toBe(200);
      expect(await busy.usage(accountId)).toBe(1);
    } finally {
      await busy.close();
    }
  });
});

describe('shared by the processes on one database', () => {
  const databases: TestDatabase[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await Promise.all(
      children.map(
        (c) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : c.once('exit', r))),
      ),
    );
    for (const d of databases) await d.drop();
  });
  const database = async (): Promise<string> => {
    const d = await freshDatabase();
    databases.push(d);
    return d.location;
  };

  it('two server processes let exactly `quota` requests through', async () => {
    const dbPath = await database();
    const quota = 5;
    const { key, accountId } = await seedAccount(dbPath, 'shared', { quota });
    const servers = await Promise.all([spawnServer(dbPath), spawnServer(dbPath)]);
    children.push(...servers.map((x) => x.child));
    const statuses = await Promise.all(
      Array.from({ length: 4 * quota }, (_, i) =>
        fetch(
          `${servers[i % 2]!.baseUrl}/data/live/radiation_and_weather?latitude=${15 + i / 100}&longitude=25&hours=1&format=json`,
          { headers: { authorization: `Bearer ${key}` } },
        ).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    expect(statuses.filter((x) => x === 200)).toHaveLength(quota);
    expect(statuses.filter((x) => x === 429)).toHaveLength(3 * quota);
    const check = await openStorage(dbPath);
    try {
      expect(await check.limits.transactionsOn(accountId, utcDay(Date.UTC(2026, 10, 20, 12) / 1000))).toBe(quota);
    } finally {
      await check.close();
    }
  });

  it('the rate limit of a key is one count over both servers', async () => {
    const dbPath = await database();
    const options = {
      dbPath,
      clock: fixedClock(TEST_NOW),
      rateLimit: 5,
      rateWindowSeconds: 3600,
      compute: { threads: 0 },
    };
    const a = await createServer(options);
    const b = await createServer(options);
    try {
      const account = await a.solarkit.stores.accounts.createAccount('rate', { quota: 1000 });
      const { key } = await a.solarkit.stores.accounts.createKey(account.id);
      const statuses: number[] = [];
      const remaining: string[] = [];
      for (let i = 0; i < 8; i++) {
        const r = await (i % 2 ? b : a).inject({ url: METERED, headers: { authorization: `Bearer ${key}` } });
        statuses.push(r.statusCode);
        remaining.push(String(r.headers['x-rate-limit-remaining']));
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect(remaining).toEqual(['4', '3', '2', '1', '0', '0', '0', '0']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
