/**
 * A fleet run over a PostgreSQL queue (docs/cluster.md), on the suite's throw-away PostgreSQL:
 * 2,000 sites enqueued, three `solarkit worker` processes, one killed with SIGKILL while it
 * holds a batch; every site exactly once, the killed batch taken again, and the export
 * byte-identical to `solarkit simulate` on one machine. Then a poisoned site, a worker of another
 * version, and a cancelled run, in this process.
 *
 * The period is two days of June (not a year) so that 2,000 sites with their own synthetic
 * weather (`--weather-grid 0`, the default) cost seconds on a loaded machine; the code path is
 * the same for any period.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/commands.js';
import type { CliIo } from '../../src/cli/io.js';
import { enqueueRun, queuePool, runWorker } from '../../src/queue/fleet-queue.js';
import { type PostgresCluster, createTestDatabase, startPostgresCluster } from '../support/postgres.js';

const dir = mkdtempSync(join(tmpdir(), 'solarkit-queue-'));
const bin = join(import.meta.dirname, '..', '..', 'bin', 'solarkit.js');
let cluster: PostgresCluster;
let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  ({ url, drop } = await createTestDatabase(cluster.adminUrl));
});
afterAll(async () => {
  await drop?.();
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function capture(): CliIo & { outLines: string[]; errLines: string[] } {
  const outLines: string[] = [];
  const errLines: string[] = [];
  return { outLines, errLines, out: (l) => outLines.push(l), err: (l) => errLines.push(l) };
}

/** A deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SITES = 2000;
const sitesFile = join(dir, 'sites.csv');
{
  const r = random(35);
  const lines = ['id,latitude,longitude,capacity_kw,tilt,azimuth,loss_factor,array_type'];
  for (let i = 0; i < SITES; i++) {
    const lat = (-50 + 110 * r()).toFixed(4);
    const lon = (-170 + 340 * r()).toFixed(4);
    lines.push(
      `site-${i},${lat},${lon},${(1 + 9 * r()).toFixed(1)},${Math.round(40 * r())},${Math.round(360 * r())},${r() < 0.3 ? (0.85 + 0.1 * r()).toFixed(2) : ''},${r() < 0.1 ? 'horizontal_single_axis' : 'fixed'}`,
    );
  }
  writeFileSync(sitesFile, `${lines.join('\n')}\n`);
}
const PERIOD = ['--start', '2024-06-01', '--end', '2024-06-03'];

/** A `solarkit worker` process; its stderr collected. */
function worker(): ChildProcess & { stderrText: () => string; exited: Promise<number | null> } {
  const child = spawn(
    process.execPath,
    [bin, 'worker', '--queue', url, '--threads', '1', '--until-idle', '--poll', '0.2'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let text = '';
  child.stderr!.on('data', (d: Buffer) => {
    text += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return Object.assign(child, { stderrText: () => text, exited });
}

describe('a fleet run over a PostgreSQL queue', () => {
  it('three workers, one killed with SIGKILL mid-batch: every site once, the batch retried, the bytes of simulate', async () => {
    // One machine first: the reference files.
    const refParquet = join(dir, 'reference.parquet');
    const refCsv = join(dir, 'reference.csv');
    for (const out of [refParquet, refCsv]) {
      expect(
        await main(
          ['simulate', '--sites', sitesFile, ...PERIOD, '--threads', '1', '--progress', 'none', '--out', out],
          capture(),
        ),
      ).toBe(0);
    }

    const io = capture();
    expect(
      await main(
        ['simulate', '--sites', sitesFile, ...PERIOD, '--queue', url, '--batch-sites', '50', '--lease', '3'],
        io,
      ),
    ).toBe(0);
    const run = io.outLines[0]!;
    expect(run).toMatch(/^run-/);

    const workers = [worker(), worker(), worker()];
    const victim = workers[0]!;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let killed: { batch: number; attempts: number } | undefined;
    try {
      // Kill the first worker as soon as it holds a batch.
      for (let i = 0; i < 3000 && killed === undefined; i++) {
        const { rows } = await client.query(
          `SELECT batch, attempts FROM fleet_batches WHERE run = $1 AND state = 'running' AND worker LIKE $2`,
          [run, `%:${victim.pid}`],
        );
        if (rows.length > 0) {
          victim.kill('SIGKILL');
          killed = rows[0] as { batch: number; attempts: number };
        } else {
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      expect(killed).toBeDefined();
      expect(await victim.exited).toBe(null);
      expect(await workers[1]!.exited).toBe(0);
      expect(await workers[2]!.exited).toBe(0);

      // Every site exactly once (the primary key is (run, site); counted anyway).
      const { rows: counts } = await client.query(
        `SELECT count(*)::int AS n, count(DISTINCT site)::int AS sites, count(DISTINCT id)::int AS ids,
           min(site) AS first, max(site) AS last, count(error)::int AS failed FROM fleet_results WHERE run = $1`,
        [run],
      );
      expect(counts[0]).toEqual({ n: SITES, sites: SITES, ids: SITES, first: 0, last: SITES - 1, failed: 0 });
      // The killed batch was taken again, by another worker, which wrote it.
      const { rows: attempts } = await client.query(
        'SELECT attempt, worker FROM fleet_attempts WHERE run = $1 AND batch = $2 ORDER BY attempt',
        [run, killed!.batch],
      );
      expect(attempts.length).toBeGreaterThanOrEqual(2);
      expect(attempts[0].worker).toMatch(new RegExp(`:${victim.pid}$`));
      const { rows: writers } = await client.query(
        'SELECT DISTINCT worker FROM fleet_results WHERE run = $1 AND batch = $2',
        [run, killed!.batch],
      );
      expect(writers.length).toBe(1);
      expect(writers[0].worker).not.toMatch(new RegExp(`:${victim.pid}$`));
      const { rows: state } = await client.query('SELECT state FROM fleet_runs WHERE id = $1', [run]);
      expect(state[0].state).toBe('done');
    } finally {
      for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
      await client.end();
    }
    // Both surviving workers did some of the work.
    expect(workers[1]!.stderrText()).toMatch(/batch \d+ \(attempt \d\)/);
    expect(workers[2]!.stderrText()).toMatch(/batch \d+ \(attempt \d\)/);

    // The export: one file, sites in input order, byte for byte what simulate wrote.
    for (const [ref, name] of [
      [refParquet, 'queued.parquet'],
      [refCsv, 'queued.csv'],
    ] as const) {
      const out = join(dir, name);
      expect(await main(['runs', 'export', run, '--queue', url, '--out', out], capture())).toBe(0);
      expect(Buffer.compare(readFileSync(out), readFileSync(ref))).toBe(0);
    }

    const show = capture();
    expect(await main(['runs', 'show', run, '--queue', url], show)).toBe(0);
    const text = show.outLines.join('\n');
    expect(text).toMatch(/^state\tdone$/m);
    expect(text).toMatch(new RegExp(`^done\\t${SITES}$`, 'm'));
    expect(text).toMatch(/^batches\t40\/40 done, [1-9]\d* retried$/m);
    const list = capture();
    expect(await main(['runs', 'list', '--queue', url], list)).toBe(0);
    expect(list.outLines.some((l) => l.startsWith(`${run}\tdone\t${SITES}\t${SITES}\t0\t`))).toBe(true);
  });

  it('records a poisoned site with its error and finishes the run; monthly values come back bit for bit', async () => {
    const pool = queuePool(url);
    try {
      const good = { id: 'good', latitude: 52.1, longitude: 5.1, capacityKw: 4, tilt: 35, azimuth: 180 };
      // A site the sites file would refuse: simulatePv throws on it.
      const poisoned = { id: 'poisoned', latitude: 95, longitude: 5.1, capacityKw: 4, tilt: 35, azimuth: 180 };
      const job = {
        weather: { type: 'synthetic' as const },
        period: { start: Date.UTC(2024, 5, 1) / 1000, end: Date.UTC(2024, 5, 3) / 1000 },
        aggregate: 'monthly' as const,
      };
      const run = await enqueueRun(pool, [good, poisoned, { ...good, id: 'after' }], { job, batchSites: 2 });
      const lines: string[] = [];
      const summary = await runWorker(pool, {
        threads: 1,
        untilIdle: true,
        pollSeconds: 0.1,
        log: (l) => lines.push(l),
      });
      expect(summary).toMatchObject({ batches: 2, sites: 3, failed: 1, lost: 0 });
      const { rows } = await pool.query('SELECT id, error FROM fleet_results WHERE run = $1 ORDER BY site', [run]);
      expect(rows.map((r) => r.id)).toEqual(['good', 'poisoned', 'after']);
      expect(rows[0].error).toBe(null);
      expect(rows[1].error).toMatch(/latitude/);
      const out = join(dir, 'poisoned.csv');
      const io = capture();
      expect(await main(['runs', 'export', run, '--queue', url, '--out', out], io)).toBe(1);
      expect(io.errLines.join('\n')).toMatch(/site poisoned: .*latitude/);
      // The two good sites' rows: those of simulate on one machine.
      const sites = join(dir, 'two.csv');
      writeFileSync(
        sites,
        'id,latitude,longitude,capacity_kw,tilt,azimuth\ngood,52.1,5.1,4,35,180\nafter,52.1,5.1,4,35,180\n',
      );
      const ref = join(dir, 'two-ref.csv');
      expect(
        await main(
          [
            'simulate',
            '--sites',
            sites,
            ...PERIOD,
            '--aggregate',
            'monthly',
            '--threads',
            '1',
            '--progress',
            'none',
            '--out',
            ref,
          ],
          capture(),
        ),
      ).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(ref, 'utf8'));
    } finally {
      await pool.end();
    }
  });

  it('simulate --queue --out waits for the workers and writes the file simulate writes', async () => {
    const sites = join(dir, 'three.csv');
    writeFileSync(
      sites,
      'id,latitude,longitude,capacity_kw,tilt,azimuth\na,52.1,5.1,4,35,180\nb,-33.9,18.4,6,30,0\nc,40.5,-108.5,9,20,200\n',
    );
    const ref = join(dir, 'three-ref.parquet');
    expect(
      await main(
        ['simulate', '--sites', sites, ...PERIOD, '--threads', '1', '--progress', 'none', '--out', ref],
        capture(),
      ),
    ).toBe(0);
    const out = join(dir, 'three-queued.parquet');
    const io = capture();
    const waiting = main(
      [
        'simulate',
        '--sites',
        sites,
        ...PERIOD,
        '--queue',
        url,
        '--batch-sites',
        '2',
        '--progress',
        'lines',
        '--out',
        out,
      ],
      io,
    );
    const pool = queuePool(url);
    try {
      // The worker starts once the run is there (a worker finding no run would end at once).
      while (io.outLines.length === 0) await new Promise((r) => setTimeout(r, 50));
      const summary = await runWorker(pool, { threads: 1, untilIdle: true, pollSeconds: 0.1 });
      expect(summary.sites).toBe(3);
    } finally {
      await pool.end();
    }
    expect(await waiting).toBe(0);
    expect(io.outLines[0]).toMatch(/^run-/);
    expect(io.errLines.join('\n')).toMatch(/simulate: 3\/3 sites/);
    expect(Buffer.compare(readFileSync(out), readFileSync(ref))).toBe(0);
  });

  it('a worker of another version refuses the run; a cancelled run is taken no more', async () => {
    const pool = queuePool(url);
    try {
      const site = { id: 'a', latitude: 52.1, longitude: 5.1, capacityKw: 4, tilt: 35, azimuth: 180 };
      const job = { weather: { type: 'synthetic' as const }, period: { year: 2024 }, aggregate: 'annual' as const };
      const other = await enqueueRun(pool, [site], { job, version: 'solarkit-server 0.0.0-elsewhere' });
      const lines: string[] = [];
      const summary = await runWorker(pool, {
        threads: 1,
        untilIdle: true,
        pollSeconds: 0.1,
        log: (l) => lines.push(l),
      });
      expect(summary.sites).toBe(0);
      expect(lines.join('\n')).toMatch(
        new RegExp(`refusing run ${other}: it was made by solarkit-server 0.0.0-elsewhere`),
      );
      const { rows } = await pool.query('SELECT count(*)::int AS n FROM fleet_results WHERE run = $1', [other]);
      expect(rows[0].n).toBe(0);

      const cancelled = await enqueueRun(pool, [site], { job });
      const io = capture();
      expect(await main(['runs', 'cancel', cancelled, '--queue', url], io)).toBe(0);
      expect(io.outLines).toEqual([`cancelled ${cancelled}`]);
      const after = await runWorker(pool, { threads: 1, untilIdle: true, pollSeconds: 0.1 });
      expect(after.sites).toBe(0);
      const exportIo = capture();
      expect(await main(['runs', 'export', cancelled, '--queue', url, '--out', join(dir, 'x.csv')], exportIo)).toBe(1);
      expect(exportIo.errLines.join('\n')).toMatch(/is cancelled: 0 of 1 sites done/);
    } finally {
      await pool.end();
    }
  });
});
