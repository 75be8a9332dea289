/**
 * Several server nodes on one PostgreSQL database (issue 17): three server processes (`solarkit
 * serve --db postgres://...`) share one database, and requests are spread over them.
 *
 * - a site created on one node is read, patched and deleted on the others; concurrent PATCHes of
 *   different fields through different nodes all survive (no lost update); one resource id
 *   created on all three at once is created once;
 * - a daily quota of N allows exactly N successes when 50 concurrent connections, spread over the
 *   three nodes, ask for more;
 * - a measurement batch that is being uploaded when its node is killed (SIGKILL) is afterwards,
 *   read through another node, either whole or absent, and every acknowledged batch is whole.
 *
 * This file runs in the `postgres` project only (vitest.config.ts excludes it from `sqlite`).
 */
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../../src/storage/limits.js';
import { openStorage } from '../../../src/storage/open.js';
import { TEST_BACKEND, type TestDatabase, freshDatabase, seedAccount } from '../../support/backend.js';
import { spawnServer } from '../../support/child-server.js';

/** The clock of spawned servers (support/child-server.ts: SOLARKIT_NOW). */
const SERVER_NOW = Date.UTC(2026, 10, 20, 12) / 1000;

let database: TestDatabase;
const nodes: { child: ChildProcess; baseUrl: string }[] = [];

beforeAll(async () => {
  expect(TEST_BACKEND).toBe('postgres');
  database = await freshDatabase('nodes');
  // Started together on an empty database: the migrations run once, under the advisory lock.
  nodes.push(...(await Promise.all([0, 1, 2].map(() => spawnServer(database.location)))));
}, 120_000);

afterAll(async () => {
  for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) n.child.kill('SIGKILL');
  await Promise.all(
    nodes.map(
      (n) =>
        new Promise((r) =>
          n.child.exitCode !== null || n.child.signalCode !== null ? r(null) : n.child.once('exit', r),
        ),
    ),
  );
  await database?.drop();
});

/** One request on a connection of its own (no keep-alive pool): status and body. */
function send(
  baseUrl: string,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      baseUrl + path,
      {
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${key}`,
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON: kept as text */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('sites across nodes', () => {
  let key: string;
  beforeAll(async () => {
    key = (await seedAccount(database.location, 'sites')).key;
  });

  it('a site created on one node is read, patched and deleted on the others', async () => {
    const [a, b, c] = nodes.map((n) => n.baseUrl) as [string, string, string];
    const created = await send(a, 'POST', '/resources/pv_power_site', key, {
      name: 'Shared',
      latitude: -35,
      longitude: 149,
      capacity: 2,
      resource_id: 'shared-site',
    });
    expect(created.status).toBe(200);
    const read = await send(b, 'GET', '/resources/pv_power_site?resource_id=shared-site', key);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: 'Shared', capacity: 2 });
    const patched = await send(c, 'PATCH', '/resources/pv_power_site', key, {
      resource_id: 'shared-site',
      capacity: 3,
      tilt: 20,
    });
    expect(patched.status).toBe(200);
    expect((await send(a, 'GET', '/resources/pv_power_site?resource_id=shared-site', key)).body).toMatchObject({
      capacity: 3,
      tilt: 20,
    });
    expect((await send(b, 'DELETE', '/resources/pv_power_site?resource_id=shared-site', key)).status).toBe(200);
    for (const node of [a, b, c])
      expect((await send(node, 'GET', '/resources/pv_power_site?resource_id=shared-site', key)).status).toBe(404);
  });

  it('concurrent PATCHes of different fields through three nodes all survive', async () => {
    const fields: Record<string, number> = {
      tilt: 31,
      azimuth: 170,
      site_ground_albedo: 0.31,
      derating_other_system: 0.05,
      ground_coverage_ratio: 0.41,
      inverter_peak_efficiency: 0.96,
      terrain_slope: 7,
      terrain_azimuth: 12,
      pvrow_height: 2.5,
      pvrow_width: 4.5,
      tracker_axis_azimuth: 5,
      tracker_max_rotation_angle: 55,
    };
    for (let round = 0; round < 3; round++) {
      const rid = `patched-${round}`;
      expect(
        (
          await send(nodes[round]!.baseUrl, 'POST', '/resources/pv_power_site', key, {
            name: rid,
            latitude: 10,
            longitude: 10,
            capacity: 1,
            resource_id: rid,
          })
        ).status,
      ).toBe(200);
      const answers = await Promise.all(
        Object.entries(fields).map(([field, value], i) =>
          send(nodes[i % 3]!.baseUrl, 'PATCH', '/resources/pv_power_site', key, {
            resource_id: rid,
            [field]: value + round / 100,
          }),
        ),
      );
      expect(
        answers.map((x) => x.status),
        JSON.stringify(answers.filter((x) => x.status !== 200).map((x) => x.body)),
      ).toEqual(Object.keys(fields).map(() => 200));
      const final = (
        await send(nodes[(round + 1) % 3]!.baseUrl, 'GET', `/resources/pv_power_site?resource_id=${rid}`, key)
      ).body;
      for (const [field, value] of Object.entries(fields)) expect(final[field], field).toBe(value + round / 100);
    }
  });

  it('one resource id created on three nodes at once exists once', async () => {
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        nodes.map((n, i) =>
          send(n.baseUrl, 'POST', '/resources/pv_power_site', key, {
            name: `race ${i}`,
            latitude: 1,
            longitude: 1,
            capacity: 1,
            resource_id: `race-${round}`,
          }),
        ),
      );
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409, 409]);
    }
  });
});

describe('the quota across nodes', () => {
  it('quota N gives exactly N successes under 50 concurrent connections over three nodes', async () => {
    const quota = 17;
    const { key, accountId } = await seedAccount(database.location, 'quota', { quota });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(
          nodes[i % 3]!.baseUrl,
          'GET',
          `/data/live/radiation_and_weather?latitude=${20 + i / 100}&longitude=30&hours=1&format=json`,
          key,
        ),
      ),
    );
    const statuses = answers.map((x) => x.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(quota);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - quota);
    const check = await openStorage(database.location, { poolSize: 1 });
    try {
      expect(await check.limits.transactionsOn(accountId, utcDay(SERVER_NOW))).toBe(quota);
    } finally {
      await check.close();
    }
  });
});

describe('a node killed during measurement uploads', () => {
  it('leaves every batch whole or absent, and every acknowledged batch whole', async () => {
    const { key } = await seedAccount(database.location, 'uploader');
    const victim = nodes[2]!;
    const reader = nodes[0]!.baseUrl;
    expect(
      (
        await send(reader, 'POST', '/resources/pv_power_site', key, {
          name: 'Kill',
          latitude: 5,
          longitude: 5,
          capacity: 1,
          resource_id: 'kill-site',
        })
      ).status,
    ).toBe(200);
    const PER_BATCH = 1000;
    const batch = (id: number) =>
      Array.from({ length: PER_BATCH }, (_, i) => ({
        period_end: new Date(Date.UTC(2025, 0, 1) + (id * PER_BATCH + i + 1) * 300_000).toISOString(),
        period: 'PT5M',
        total_power: i,
        frequency: id + 1,
      }));
    const acknowledged = new Set<number>();
    const attempted = new Set<number>();
    let next = 0;
    let killed = false;
    // Four writers stream batches to the victim; it is killed once 8 batches were acknowledged,
    // with others in flight.
    const writer = async (): Promise<void> => {
      while (!killed) {
        const id = next++;
        attempted.add(id);
        try {
          const r = await send(victim.baseUrl, 'POST', '/utility_scale_sites/kill-site/measurements', key, {
            measurements: batch(id),
          });
          if (r.status === 200) acknowledged.add(id);
          if (acknowledged.size >= 8 && !killed) {
            killed = true;
            victim.child.kill('SIGKILL');
          }
        } catch {
          return; // the connection died with the node
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    await new Promise((r) =>
      victim.child.exitCode !== null || victim.child.signalCode !== null ? r(null) : victim.child.once('exit', r),
    );
    expect(victim.child.signalCode).toBe('SIGKILL');

    // Read everything through another node: per batch (frequency = id + 1), how many records.
    const perBatch = new Map<number, number>();
    for (let skip = 0; ; skip += 1000) {
      const page = (
        await send(reader, 'GET', `/utility_scale_sites/kill-site/measurements?skip=${skip}&take=1000`, key)
      ).body;
      for (const rec of page.results as { frequency: number }[])
        perBatch.set(rec.frequency - 1, (perBatch.get(rec.frequency - 1) ?? 0) + 1);
      if (skip + 1000 >= page.total) break;
    }
    expect(acknowledged.size).toBeGreaterThanOrEqual(8);
    for (const id of acknowledged) expect(perBatch.get(id), `acknowledged batch ${id}`).toBe(PER_BATCH);
    for (const [id, n] of perBatch) {
      expect(attempted.has(id), `batch ${id} was sent`).toBe(true);
      expect(n, `batch ${id} is whole`).toBe(PER_BATCH);
    }
  });
});
