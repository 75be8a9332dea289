/**
 * Many clients upload overlapping measurement batches and edit their sites at the same time, through
 * one server and through two server processes sharing one database file; afterwards every accepted
 * record is stored exactly once and the database is intact.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, createKey } from '../../src/storage/accounts.js';
import { openDatabase } from '../../src/storage/database.js';
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
    method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
}

it('stores every accepted record exactly once under parallel uploads and site edits', async () => {
  const clients = [];
  for (let c = 0; c < CLIENTS; c++) {
    const { key } = server.createAccount(`client-${c}`);
    const r = await send('POST', '/resources/pv_power_site', key, { name: `Site ${c}`, latitude: -30 - c, longitude: 140, capacity: 5, resource_id: `conc-${c}` });
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
      for (let i = 0; i < PER_BATCH; i++) batch.push({ period_end: periodEnd(u * 50 + i), period: 'PT5M', total_power: u * 1000 + i });
      tasks.push(send('POST', `/utility_scale_sites/${rid}/measurements`, key, { measurements: batch }).then(async (r) => {
        expect(r.status).toBe(200);
        await r.arrayBuffer();
        const seen = accepted.get(rid)!;
        for (const rec of batch) {
          const powers = seen.get(rec.period_end) ?? new Set<number>();
          powers.add(rec.total_power);
          seen.set(rec.period_end, powers);
        }
      }));
      tasks.push(send('PATCH', '/resources/pv_power_site', key, { resource_id: rid, grid_export_limit: u, tilt: u }).then(async (r) => {
        expect(r.status).toBe(200);
        await r.arrayBuffer();
      }));
    }
  }
  await Promise.all(tasks);

  for (const { key, rid } of clients) {
    const stored: { period_end: string; total_power: number }[] = [];
    for (let skip = 0; ; skip += 1000) {
      const page = await (await server.get(`/utility_scale_sites/${rid}/measurements?skip=${skip}&take=1000`, key)).json() as any;
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
    const site = await (await server.get(`/resources/pv_power_site?resource_id=${rid}`, key)).json() as any;
    expect(site.tilt).toBe(site.grid_export_limit);
  }
  const history = server.db.prepare(
    "SELECT count(*) AS n FROM site_config_history h JOIN sites s ON s.id = h.site_id WHERE s.resource_id LIKE 'conc-%'",
  ).get() as { n: number };
  expect(history.n).toBeGreaterThanOrEqual(CLIENTS); // edits at one fixed clock instant collapse into one version
  expect(server.db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(server.db.pragma('foreign_key_check')).toEqual([]);
});

it('keeps every record once when two server processes write to one database file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-two-'));
  const dbPath = join(dir, 'two.db');
  const setup = openDatabase(dbPath);
  const keys = [0, 1].map((i) => createKey(setup, createAccount(setup, `proc-${i}`, { plans: 'all' }).id).key);
  setup.close();
  const servers = await Promise.all([spawnServer(dbPath), spawnServer(dbPath)]);
  try {
    const headers = (k: string) => ({ authorization: `Bearer ${k}`, 'content-type': 'application/json' });
    // One site per account, made through the first process; both processes then write to both.
    for (let a = 0; a < 2; a++) {
      const r = await fetch(`${servers[0]!.baseUrl}/resources/pv_power_site`, {
        method: 'POST', headers: headers(keys[a]!), body: JSON.stringify({ name: `P${a}`, latitude: 1, longitude: 1, capacity: 1, resource_id: `two-${a}` }),
      });
      expect(r.status).toBe(200);
    }
    const periodEnd = (i: number) => new Date(Date.UTC(2026, 8, 1) + (i + 1) * 300_000).toISOString();
    const jobs: Promise<void>[] = [];
    for (let u = 0; u < 16; u++) {
      for (let a = 0; a < 2; a++) {
        const server = servers[(u + a) % 2]!;
        const batch: { period_end: string; period: string; total_power: number }[] = [];
        for (let i = 0; i < 200; i++) batch.push({ period_end: periodEnd(u * 100 + i), period: 'PT5M', total_power: u });
        jobs.push(fetch(`${server.baseUrl}/utility_scale_sites/two-${a}/measurements`, {
          method: 'POST', headers: headers(keys[a]!), body: JSON.stringify({ measurements: batch }),
        }).then(async (r) => { expect(r.status).toBe(200); await r.arrayBuffer(); }));
        jobs.push(fetch(`${server.baseUrl}/resources/pv_power_site`, {
          method: 'PATCH', headers: headers(keys[a]!), body: JSON.stringify({ resource_id: `two-${a}`, tilt: u, grid_export_limit: u }),
        }).then(async (r) => { expect(r.status).toBe(200); await r.arrayBuffer(); }));
      }
    }
    await Promise.all(jobs);
    for (let a = 0; a < 2; a++) {
      const page = await (await fetch(`${servers[1]!.baseUrl}/utility_scale_sites/two-${a}/measurements?take=1000`, { headers: headers(keys[a]!) })).json() as any;
      // uploads u cover periods u*100 .. u*100+199: 15*100 + 200 distinct periods in all
      expect(page.total).toBe(1700);
      const site = await (await fetch(`${servers[0]!.baseUrl}/resources/pv_power_site?resource_id=two-${a}`, { headers: headers(keys[a]!) })).json() as any;
      expect(site.tilt).toBe(site.grid_export_limit);
    }
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))));
  }
  const check = openDatabase(dbPath);
  expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(check.pragma('foreign_key_check')).toEqual([]);
  check.close();
  rmSync(dir, { recursive: true, force: true });
});
