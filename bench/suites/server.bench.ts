/**
 * Server benchmarks: milliseconds per request over HTTP for the typical product requests, and
 * requests per second with p99 latency of the live request under load (autocannon), next to the
 * same framework answering a fixed body of the same size: the ceiling of fastify on this machine.
 * The servers run in a child process so that the load generator does not share their event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import type { BenchSuite } from '../harness.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SYD = 'latitude=-33.856784&longitude=151.215297';
/** Live radiation, 48 h at PT30M, 5 parameters. */
const LIVE = `/data/live/radiation_and_weather?${SYD}&hours=48&period=PT30M&output_parameters=ghi,dni,dhi,air_temp,cloud_opacity&format=json`;
/** Historic radiation, 31 days at PT5M. */
const HISTORIC = `/data/historic/radiation_and_weather?${SYD}&start=2024-01-01T00:00Z&duration=P31D&period=PT5M&format=json`;
/** TMY rooftop power. */
const TMY_ROOFTOP = (lat: string): string =>
  `/data/tmy/rooftop_pv_power?latitude=${lat}&longitude=151.215297&capacity=5&format=json`;

// The child: the real server with a fixed clock and no rate limit, and beside it a bare fastify
// that returns a fixed body of the live response's size. It prints both ports and the key.
const CHILD = `
import Fastify from 'fastify';
import { createServer } from ${JSON.stringify(join(root, 'packages/server/src/app.ts'))};
import { fixedClock } from ${JSON.stringify(join(root, 'src/time/clock.ts'))};
const app = await createServer({ dbPath: process.env.BENCH_DB, clock: fixedClock(Date.UTC(2026, 10, 20, 12, 7) / 1000), rateLimit: 1e9 });
const account = await app.solarkit.stores.accounts.createAccount('bench', { quota: 1e9 });
const { key } = await app.solarkit.stores.accounts.createKey(account.id);
await app.listen({ port: 0, host: '127.0.0.1' });
const size = Number(process.env.BENCH_SIZE ?? 0);
const body = '{"x":"' + 'a'.repeat(Math.max(0, size - 8)) + '"}';
const bare = Fastify();
bare.get('/fixed', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await bare.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: app.server.address().port, barePort: bare.server.address().port, key }));
`;

interface Child {
  proc: ChildProcess;
  port: number;
  barePort: number;
  key: string;
  dir: string;
}

async function startChild(bodySize: number): Promise<Child> {
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-bench-'));
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    cwd: root,
    env: { ...process.env, BENCH_DB: join(dir, 'bench.db'), BENCH_SIZE: String(bodySize) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<{ port: number; barePort: number; key: string }>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += String(d);
      const line = out.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve(JSON.parse(line));
    });
    proc.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { proc, dir, ...info };
}

/**
 * `solarkit serve` as a user starts it (the command, its defaults, a new database), on a free
 * port: resolves once it prints its ready line, with the demo key it created and the seconds it
 * took to get there.
 */
async function startCommandServer(): Promise<
  Pick<Child, 'proc' | 'dir' | 'port' | 'key'> & { startupSeconds: number }
> {
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-bench-cold-'));
  const port = await freePort();
  const began = performance.now();
  const proc = spawn(
    process.execPath,
    [join(root, 'packages/server/bin/solarkit.js'), 'serve', '--db', join(dir, 'solarkit.db'), '--port', String(port)],
    {
      cwd: root,
      env: { ...process.env, SOLARKIT_LOG_FILE: join(dir, 'requests.log') },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const key = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += String(d);
      const match = /^try: curl -H "Authorization: Bearer ([0-9a-f-]+)"/m.exec(out);
      if (match) resolve(match[1]!);
    });
    proc.on('exit', (code) => reject(new Error(`solarkit serve exited with ${code}: ${out}`)));
  });
  return { proc, dir, port, key, startupSeconds: (performance.now() - began) / 1000 };
}

/** A TCP port free on 127.0.0.1 at the time of the call. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function stopChild(c: Pick<Child, 'proc' | 'dir'>): void {
  c.proc.kill('SIGTERM');
  rmSync(c.dir, { recursive: true, force: true });
}

/** The part of autocannon's result this suite reads (autocannon ships no type declarations). */
interface LoadResult {
  non2xx: number;
  requests: { average: number };
  latency: { p99: number };
}
type Autocannon = (opts: Record<string, unknown>, cb: (err: Error | null, result: LoadResult) => void) => unknown;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

let child: Child | undefined;
let liveSize = 0;

async function ensureChild(): Promise<Child> {
  if (child) return child;
  child = await startChild(liveSize);
  return child;
}

async function get(path: string): Promise<string> {
  const c = await ensureChild();
  const r = await fetch(`http://127.0.0.1:${c.port}${path}`, { headers: { authorization: `Bearer ${c.key}` } });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${text.slice(0, 200)}`);
  return text;
}

let tmyLatitude = -33.856784;
let tmyCapacity = 0;
let tilt = 0;
const nextTilt = (): string => ((tilt = (tilt + 1) % 90000) / 1000).toFixed(3);

function load(url: string, headers: Record<string, string>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 16, duration: 6, pipelining: 1 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

export const suite: BenchSuite = {
  name: 'server',
  products: [
    // A new tilt each request (gti is not asked for, so the numbers are the same) defeats the
    // response cache: these figures are the full computation, not a cache hit.
    {
      name: 'server: live radiation 48 h PT30M, 5 parameters (json over HTTP)',
      run: () => get(`${LIVE}&tilt=${nextTilt()}`),
    },
    {
      name: 'server: historic radiation 31 days PT5M (json over HTTP)',
      run: () => get(`${HISTORIC}&tilt=${nextTilt()}`),
    },
    { name: 'server: live radiation 48 h, repeated request (response cache hit)', run: () => get(LIVE) },
    {
      name: 'server: TMY rooftop, cold (a new place each request)',
      // Each request at a new latitude (1e-3 degree apart: another cache entry).
      run: () => get(TMY_ROOFTOP(String((tmyLatitude += 0.001).toFixed(6)))),
    },
    {
      name: 'server: TMY rooftop, cached (same place, another capacity each request)',
      // Another capacity each time: the response cache misses, the place's TMY is reused.
      setup: async () => {
        await get(TMY_ROOFTOP('-33.856784'));
      },
      run: () =>
        get(`${TMY_ROOFTOP('-33.856784')}&loss_factor=${(0.5 + ((tmyCapacity += 1) % 5000) / 10000).toFixed(4)}`),
    },
  ],
  measures: [
    {
      // Issue 20's cold start, as a user meets it: `solarkit serve` on a new database (its
      // start-up warm-up included), then its first TMY rooftop request, timed by the client.
      name: 'server: first TMY rooftop request of a fresh `solarkit serve` (new database, three starts)',
      async run() {
        const firstMs: number[] = [];
        const startupS: number[] = [];
        for (const latitude of ['41.123457', '-27.654321', '8.765432']) {
          const fresh = await startCommandServer();
          try {
            startupS.push(fresh.startupSeconds);
            const began = performance.now();
            const r = await fetch(`http://127.0.0.1:${fresh.port}${TMY_ROOFTOP(latitude)}`, {
              headers: { authorization: `Bearer ${fresh.key}` },
            });
            await r.text();
            firstMs.push(Number((performance.now() - began).toFixed(1)));
            if (r.status !== 200) throw new Error(`first TMY request: ${r.status}`);
          } finally {
            stopChild(fresh);
          }
        }
        const sorted = [...firstMs].sort((a, b) => a - b);
        return {
          first_request_ms: firstMs.join(', '),
          first_request_ms_median: sorted[1]!,
          first_request_ms_max: sorted[2]!,
          startup_s: startupS.map((x) => x.toFixed(2)).join(', '),
        };
      },
    },
    {
      name: 'server: live radiation under load (autocannon, 16 connections, 6 s) vs fixed-body ceiling',
      async run() {
        // The fixed body must have the live response's size: measure it, then restart the child.
        liveSize = (await get(LIVE)).length;
        if (child) {
          stopChild(child);
          child = undefined;
        }
        const c = await ensureChild();
        const auth = { authorization: `Bearer ${c.key}` };
        await load(`http://127.0.0.1:${c.port}${LIVE}`, auth); // warm-up of the same length
        const real = await load(`http://127.0.0.1:${c.port}${LIVE}`, auth);
        const ceiling = await load(`http://127.0.0.1:${c.barePort}/fixed`, {});
        stopChild(c);
        child = undefined;
        if (real.non2xx > 0) throw new Error(`${real.non2xx} non-2xx responses under load`);
        return {
          body_bytes: liveSize,
          requests_per_second: Math.round(real.requests.average),
          p99_ms: real.latency.p99,
          ceiling_requests_per_second: Math.round(ceiling.requests.average),
          ceiling_p99_ms: ceiling.latency.p99,
          share_of_ceiling: Number((real.requests.average / ceiling.requests.average).toFixed(3)),
        };
      },
    },
  ],
};
