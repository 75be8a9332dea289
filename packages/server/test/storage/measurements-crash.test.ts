/**
 * The server process is killed (SIGKILL) in the middle of a stream of measurement uploads. After
 * a restart, every upload that got a 200 is present in full and no upload is present in part.
 *
 * Runs on both backends (support/backend.ts). PostgreSQL rolls back the open transaction of a
 * connection whose process died, so a batch is whole or absent there by construction; the test
 * checks it all the same. SQLite durability: the database runs in WAL mode with synchronous=NORMAL (packages/server/src/storage/database.ts): a commit
 * has reached the WAL file (the OS's page cache) before the 200 is sent, which survives the death
 * of the process; only an OS crash or power cut could lose the last commits (see docs/api-resources.md).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_BACKEND, type TestDatabase, freshDatabase, queryRows, seedAccount } from '../support/backend.js';
import { spawnServer } from '../support/child-server.js';

let database: TestDatabase;
let dbPath: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  database = await freshDatabase('crash');
  dbPath = database.location;
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  // The killed children's connections are closed by PostgreSQL itself.
  await database.drop();
});

/** Starts the real server as a child process on the test's database; killed after the test. */
async function startServer(): Promise<{ child: ChildProcess; baseUrl: string }> {
  const server = await spawnServer(dbPath);
  children.push(server.child);
  return server;
}

const PER_BATCH = 200;

function batch(id: number): { period_end: string; period: string; total_power: number; frequency: number }[] {
  const out = [];
  for (let i = 0; i < PER_BATCH; i++) {
    out.push({
      period_end: new Date(Date.UTC(2026, 0, 1) + (id * PER_BATCH + i + 1) * 300_000).toISOString(),
      period: 'PT5M',
      total_power: i,
      frequency: id + 1,
    });
  }
  return out;
}

it('keeps every acknowledged upload, and no partial one, across a SIGKILL', async () => {
  const { key } = await seedAccount(dbPath, 'crash');
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

  const first = await startServer();
  const made = await fetch(`${first.baseUrl}/resources/pv_power_site`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Crash', latitude: 10, longitude: 10, capacity: 1, resource_id: 'crash-site' }),
  });
  expect(made.status).toBe(200);

  // Four writers stream batches; the server is killed once 25 uploads were acknowledged.
  const acknowledged = new Set<number>();
  const attempted = new Set<number>();
  let next = 0;
  let killed = false;
  const writer = async (): Promise<void> => {
    while (!killed) {
      const id = next++;
      attempted.add(id);
      try {
        const r = await fetch(`${first.baseUrl}/utility_scale_sites/crash-site/measurements`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ measurements: batch(id) }),
        });
        await r.arrayBuffer();
        if (r.status === 200) acknowledged.add(id);
        else throw new Error(`upload ${id}: ${r.status}`);
      } catch (e) {
        if (!killed) throw e;
      }
      if (acknowledged.size >= 25 && !killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  await new Promise((resolve) =>
    first.child.exitCode !== null || first.child.signalCode !== null
      ? resolve(null)
      : first.child.once('exit', resolve),
  );
  expect(first.child.signalCode).toBe('SIGKILL');
  expect(acknowledged.size).toBeGreaterThanOrEqual(25);

  const second = await startServer();
  const stored: { frequency: number; total_power: number }[] = [];
  for (let skip = 0; ; skip += 1000) {
    const page = (await (
      await fetch(`${second.baseUrl}/utility_scale_sites/crash-site/measurements?skip=${skip}&take=1000`, { headers })
    ).json()) as any;
    stored.push(...page.results);
    if (stored.length >= page.total) break;
  }
  const perBatch = new Map<number, number>();
  for (const r of stored) perBatch.set(r.frequency - 1, (perBatch.get(r.frequency - 1) ?? 0) + 1);
  for (const id of acknowledged) expect(perBatch.get(id), `acknowledged upload ${id}`).toBe(PER_BATCH);
  for (const [id, n] of perBatch) {
    expect(attempted.has(id)).toBe(true);
    expect(n, `upload ${id} is whole`).toBe(PER_BATCH);
  }
  second.child.kill('SIGTERM');
  await new Promise((resolve) => second.child.once('exit', resolve));
  if (TEST_BACKEND === 'sqlite')
    expect(await queryRows(dbPath, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
});
