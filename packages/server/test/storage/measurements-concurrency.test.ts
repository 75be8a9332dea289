/**
 * Many clients upload overlapping measurement batches and edit their sites at the same time, through
 * one server and through two server processes sharing one database (file or PostgreSQL); afterwards every accepted
 * record is stored exactly once and the database is intact.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_BACKEND, freshDatabase, queryRows, seedAccount } from '../support/backend.js';
import { type TestServer, startTestServer } from '../support/server.js';
import { spawnServer } from '../support/child-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimit: 1_000_000 });
});
afterAll(async () => server.close());

const CLIENTS = 4;
const UPLOADS = 12;
const PER_BATCH = 150;

function send(method: string, path: string, key: string, body: unknown): Promise<Response> {
  return fetch(server.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

it('stores every accepted record exactly once under parallel uploads and site edits', async () => {
  const clients = [];
  for (let c = 0; c < CLIENTS; c++) {
    const { key } = await server.createAccount(`client-${c}`);
    const r = await send('POST', '/resources/pv_power_site', key, {
      name: `Site ${c}`,
      latitude: -30 - c,
      longitude: 140,
      capacity: 5,
      resource_id: `conc-${c}`,
    });
    expect(r.status).toBe(200);
    clients.push({ key, rid: `conc-${c}` });
  }
  // Every upload of a client covers a window shifted by 50 periods, so consecutive uploads overlap.
  const periodEnd = (i: number) => new Date(Date.UTC(2026, 9, 1) + (i + 1) * 300_000).toISOString();
  const accepted = new Map<string, Map<string, Set<number>>>(); // rid -> period_end -> powers sent in accepted uploads
  const tasks: Promise<void>[] = [];
  for (const { key, rid } of clients) {
    accepted.set(rid, new Map());
    for (let u = 0; u < UPLOADS; u++) {
      const batch: { period_end: string; period: string; total_power: number }[] = [];
      for (let i = 0; i < PER_BATCH; i++)
        batch.push({ period_end: periodEnd(u * 50 + i), period: 'PT5M', total_power: u * 1000 + i });
      tasks.push(
        send('POST', `/utility_scale_sites/${rid}/measurements`, key, { measurements: batch }).then(async (r) => {
          expect(r.status).toBe(200);
          await r.arrayBuffer();
          const seen = accepted.get(rid)!;
          for (const rec of batch) {
            const powers = seen.get(rec.period_end) ?? new Set<number>();
            powers.add(rec.total_power);
            seen.set(rec.period_end, powers);
          }
        }),
      );
      tasks.push(
        send('PATCH', '/resources/pv_power_site', key, { resource_id: rid, grid_export_limit: u, tilt: u }).then(
          async (r) => {
            expect(r.status).toBe(200);
            await r.arrayBuffer();
          },
        ),
      );
    }
  }
  await Promise.all(tasks);

  for (const { key, rid } of clients) {
    const stored: { period_end: string; total_power: number }[] = [];
    for (let skip = 0; ; skip += 1000) {
      const page = (await (
        await server.get(`/utility_scale_sites/${rid}/measurements?skip=${skip}&take=1000`, key)
      ).json()) as any;
      stored.push(...page.results);
      if (stored.length >= page.total) break;
    }
    const seen = accepted.get(rid)!;
    expect(stored.length).toBe(seen.size);
    expect(new Set(stored.map((r) => r.period_end)).size).toBe(stored.length);
    for (const r of stored) {
      const iso = new Date(r.period_end).toISOString();
      expect(seen.get(iso)?.has(r.total_power)).toBe(true);
    }
    const site = (await (await server.get(`/resources/pv_power_site?resource_id=${rid}`, key)).json()) as any;
    expect(site.tilt).toBe(site.grid_export_limit);
  }
  const [history] = await queryRows<{ n: number }>(
    server.dbPath,
    "SELECT count(*) AS n FROM site_config_history h JOIN sites s ON s.id = h.site_id WHERE s.resource_id LIKE 'conc-%'",
  );
  expect(history!.n).toBeGreaterThanOrEqual(CLIENTS); // edits at one fixed clock instant collapse into one version
  await expectIntact(server.dbPath);
});

/**
 * The database is intact: SQLite's own checks, and on both backends no measurement or version
 * without its site (PostgreSQL enforces its constraints always; the query still looks).
 */
async function expectIntact(location: string): Promise<void> {
  if (TEST_BACKEND === 'sqlite') {
    expect(await queryRows(location, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(await queryRows(location, 'PRAGMA foreign_key_check')).toEqual([]);
  }
  const [orphans] = await queryRows<{ n: number }>(
    location,
    `SELECT
    (SELECT count(*) FROM site_measurements m WHERE NOT EXISTS (SELECT 1 FROM sites s WHERE s.id = m.site_id))
    + (SELECT count(*) FROM site_config_history h WHERE NOT EXISTS (SELECT 1 FROM sites s WHERE s.id = h.site_id)) AS n`,
  );
  expect(orphans!.n).toBe(0);
}

it('keeps every record once when two server processes write to one database', async () => {
  const database = await freshDatabase('two');
  const dbPath = database.location;
  const keys = [(await seedAccount(dbPath, 'proc-0')).key, (await seedAccount(dbPath, 'proc-1')).key];
  const servers = await Promise.all([spawnServer(dbPath), spawnServer(dbPath)]);
  try {
    const headers = (k: string) => ({ authorization: `Bearer ${k}`, 'content-type': 'application/json' });
    // One site per account, made through the first process; both processes then write to both.
    for (let a = 0; a < 2; a++) {
      const r = await fetch(`${servers[0]!.baseUrl}/resources/pv_power_site`, {
        method: 'POST',
        headers: headers(keys[a]!),
        body: JSON.stringify({ name: `P${a}`, latitude: 1, longitude: 1, capacity: 1, resource_id: `two-${a}` }),
      });
      expect(r.status).toBe(200);
    }
    const periodEnd = (i: number) => new Date(Date.UTC(2026, 8, 1) + (i + 1) * 300_000).toISOString();
    const jobs: Promise<void>[] = [];
    for (let u = 0; u < 16; u++) {
      for (let a = 0; a < 2; a++) {
        const server = servers[(u + a) % 2]!;
        const batch: { period_end: string; period: string; total_power: number }[] = [];
        for (let i = 0; i < 200; i++)
          batch.push({ period_end: periodEnd(u * 100 + i), period: 'PT5M', total_power: u });
        jobs.push(
          fetch(`${server.baseUrl}/utility_scale_sites/two-${a}/measurements`, {
            method: 'POST',
            headers: headers(keys[a]!),
            body: JSON.stringify({ measurements: batch }),
          }).then(async (r) => {
            expect(r.status).toBe(200);
            await r.arrayBuffer();
          }),
        );
        jobs.push(
          fetch(`${server.baseUrl}/resources/pv_power_site`, {
            method: 'PATCH',
            headers: headers(keys[a]!),
            body: JSON.stringify({ resource_id: `two-${a}`, tilt: u, grid_export_limit: u }),
          }).then(async (r) => {
            expect(r.status).toBe(200);
            await r.arrayBuffer();
          }),
        );
      }
    }
    await Promise.all(jobs);
    for (let a = 0; a < 2; a++) {
      const page = (await (
        await fetch(`${servers[1]!.baseUrl}/utility_scale_sites/two-${a}/measurements?take=1000`, {
          headers: headers(keys[a]!),
        })
      ).json()) as any;
      // uploads u cover periods u*100 .. u*100+199: 15*100 + 200 distinct periods in all
      expect(page.total).toBe(1700);
      const site = (await (
        await fetch(`${servers[0]!.baseUrl}/resources/pv_power_site?resource_id=two-${a}`, {
          headers: headers(keys[a]!),
        })
      ).json()) as any;
      expect(site.tilt).toBe(site.grid_export_limit);
    }
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(
      servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))),
    );
  }
  await expectIntact(dbPath);
  await database.drop();
});
