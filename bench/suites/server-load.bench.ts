/**
 * Server under load (issue 15): memory that stays bounded and an event loop that stays free.
 *
 * - 10 connections for 20 s, every request at a new place (live radiation, 1 h): requests per
 *   second, p99 latency, peak RSS, and the heap after a full GC before, after the first 20 s and
 *   after a second 20 s (the caches are bounded, so the heap cannot grow past their bounds).
 * - /health polled every 20 ms while four maximal TMY requests (PT5M, every parameter, ~71 MB of
 *   JSON each) are computed and streamed: its p50, p99 and largest latency, and the delay of the
 *   server's event loop meanwhile (perf_hooks: how late its timers ran, whether the server held
 *   the loop or the machine did not schedule the process), next to the same figures for 10 s of
 *   /health alone (the control: what the machine's other load costs without any TMY).
 *
 * The server runs in a child process (started with --expose-gc) so that the load generator and the
 * clients do not share its event loop. Kept out of `npm test`: it takes about two minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RADIATION_OUTPUT_NAMES } from '../../packages/server/src/products/outputs.js';
import type { BenchSuite } from '../harness.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// The real server with a fixed clock, no rate limit and a quota that never runs out. On a line
// "gc" on stdin it collects garbage and prints the heap, RSS and peak RSS, and the event loop's delay
// since a line "loop-reset".
const CHILD = `
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createServer } from ${JSON.stringify(join(root, 'packages/server/src/app.ts'))};
import { fixedClock } from ${JSON.stringify(join(root, 'src/time/clock.ts'))};
const app = await createServer({ dbPath: process.env.BENCH_DB, clock: fixedClock(Date.UTC(2026, 10, 20, 12, 7) / 1000), rateLimit: 1e9 });
const account = await app.solarkit.stores.accounts.createAccount('bench', { quota: 1e9 });
const { key } = await app.solarkit.stores.accounts.createKey(account.id);
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: app.server.address().port, key }));
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'loop-reset') { loop.reset(); return; }
  if (line.trim() !== 'gc') return;
  // How late the main thread's event loop ran timers since the last reset (ms, beyond the 10 ms resolution).
  const delay = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  globalThis.gc(); globalThis.gc();
  const m = process.memoryUsage();
  console.log(JSON.stringify({ heap: m.heapUsed, rss: m.rss, maxRss: process.resourceUsage().maxRSS * 1024, cache: app.solarkit.responses.stats(), delay }));
});
`;

interface Child {
  proc: ChildProcess;
  port: number;
  key: string;
  dir: string;
  lines: string[];
  waiters: ((line: string) => void)[];
}

async function startChild(): Promise<Child> {
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-load-'));
  const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', CHILD], {
    cwd: root,
    env: { ...process.env, BENCH_DB: join(dir, 'load.db') },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const child: Child = { proc, port: 0, key: '', dir, lines: [], waiters: [] };
  let out = '';
  proc.stdout!.on('data', (d) => {
    out += String(d);
    let nl: number;
    while ((nl = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      if (!line.startsWith('{')) continue;
      const waiter = child.waiters.shift();
      if (waiter) waiter(line);
      else child.lines.push(line);
    }
  });
  const first = JSON.parse(await nextLine(child)) as { port: number; key: string };
  child.port = first.port;
  child.key = first.key;
  return child;
}

function nextLine(c: Child): Promise<string> {
  const line = c.lines.shift();
  if (line !== undefined) return Promise.resolve(line);
  return new Promise((resolve, reject) => {
    c.waiters.push(resolve);
    c.proc.once('exit', (code) => reject(new Error(`load server exited with ${code}`)));
  });
}

interface ChildMemory {
  heap: number;
  rss: number;
  maxRss: number;
  cache: { entries: number; bytes: number };
  /** event-loop delay of the server's main thread since the last reset, ms */
  delay: { p50: number; p99: number; max: number };
}

async function memory(c: Child): Promise<ChildMemory> {
  c.proc.stdin!.write('gc\n');
  return JSON.parse(await nextLine(c)) as ChildMemory;
}

function stopChild(c: Child): void {
  c.proc.kill('SIGTERM');
  rmSync(c.dir, { recursive: true, force: true });
}

interface LoadResult {
  non2xx: number;
  errors: number;
  requests: { average: number; total: number };
  latency: { p99: number; p50: number };
}
type Autocannon = (opts: Record<string, unknown>, cb: (err: Error | null, result: LoadResult) => void) => unknown;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const mb = (bytes: number): number => Math.round(bytes / 1e5) / 10;

/** 20 s of 10 connections, each request at a place none asked for before (a 1e-4 degree lattice). */
function distinctPlaces(port: number, key: string, start: number): Promise<LoadResult> {
  let n = start;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: 10,
        duration: 20,
        pipelining: 1,
        headers: { authorization: `Bearer ${key}` },
        requests: [
          {
            setupRequest: (req: Record<string, unknown>) => {
              n++;
              const lat = -60 + (n % 1200) * 0.1 + Math.floor(n / 1200) * 1e-4;
              const lon = -170 + ((n * 7) % 3400) * 0.1;
              return {
                ...req,
                path: `/data/live/radiation_and_weather?latitude=${lat.toFixed(4)}&longitude=${lon.toFixed(4)}&hours=1&format=json`,
              };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

export const suite: BenchSuite = {
  name: 'server-load',
  measures: [
    {
      name: 'server: 10 connections for 20 s, every request at a new place (heap after GC, RSS)',
      async run() {
        const c = await startChild();
        try {
          await fetch(
            `http://127.0.0.1:${c.port}/data/live/radiation_and_weather?latitude=1&longitude=1&hours=1&format=json`,
            { headers: { authorization: `Bearer ${c.key}` } },
          ).then((r) => r.text());
          const before = await memory(c);
          const first = await distinctPlaces(c.port, c.key, 0);
          const afterFirst = await memory(c);
          const second = await distinctPlaces(c.port, c.key, 10_000_000);
          const afterSecond = await memory(c);
          if (first.non2xx + second.non2xx + first.errors + second.errors > 0)
            throw new Error('errors or non-2xx responses under load');
          return {
            requests_per_second: Math.round((first.requests.average + second.requests.average) / 2),
            requests: first.requests.total + second.requests.total,
            p50_ms: second.latency.p50,
            p99_ms: Math.max(first.latency.p99, second.latency.p99),
            heap_after_gc_mb_before: mb(before.heap),
            heap_after_gc_mb_after_20s: mb(afterFirst.heap),
            heap_after_gc_mb_after_40s: mb(afterSecond.heap),
            rss_mb_after_40s: mb(afterSecond.rss),
            rss_peak_mb: mb(afterSecond.maxRss),
            cache_entries: afterSecond.cache.entries,
            cache_mb: mb(afterSecond.cache.bytes),
            machine_load_average: Math.round(loadavg()[0]! * 10) / 10,
          };
        } finally {
          stopChild(c);
        }
      },
    },
    {
      name: 'server: /health while four maximal TMY requests (PT5M, every parameter) run',
      async run() {
        const c = await startChild();
        try {
          const base = `http://127.0.0.1:${c.port}`;
          const auth = { authorization: `Bearer ${c.key}` };
          // The pool's threads have loaded the grids (warm) once /health answers a data request.
          await fetch(`${base}/data/live/radiation_and_weather?latitude=1&longitude=1&hours=1&format=json`, {
            headers: auth,
          }).then((r) => r.text());
          const names = RADIATION_OUTPUT_NAMES.join(',');
          /** Polls /health every 20 ms until `until()` holds; its latencies, ms, sorted. */
          const poll = async (until: () => boolean): Promise<number[]> => {
            const latencies: number[] = [];
            while (!until()) {
              const t = performance.now();
              const r = await fetch(`${base}/health`);
              await r.arrayBuffer();
              latencies.push(performance.now() - t);
              await new Promise((res) => setTimeout(res, 20));
            }
            return latencies.sort((a, b) => a - b);
          };
          const q = (latencies: number[], p: number): number =>
            Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]! * 10) / 10;
          // The control: /health alone for 10 s, on the machine as loaded as it is (other processes).
          c.proc.stdin!.write('loop-reset\n');
          const idleEnd = performance.now() + 10_000;
          const idle = await poll(() => performance.now() > idleEnd);
          const idleLoop = (await memory(c)).delay;
          c.proc.stdin!.write('loop-reset\n');
          const t0 = performance.now();
          let done = 0;
          let bytes = 0;
          const tmy = [10, 11, 12, 13].map(async (lat) => {
            const r = await fetch(
              `${base}/data/tmy/radiation_and_weather?latitude=${lat}&longitude=20&period=PT5M&format=json&output_parameters=${names}`,
              { headers: auth },
            );
            if (r.status !== 200) throw new Error(`TMY answered ${r.status}`);
            for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
            done++;
          });
          const latencies = await poll(() => done === 4);
          await Promise.all(tmy);
          const seconds = (performance.now() - t0) / 1000;
          const m = await memory(c);
          const ms = (x: number): number => Math.round(x * 10) / 10;
          return {
            health_requests: latencies.length,
            health_p50_ms: q(latencies, 0.5),
            health_p99_ms: q(latencies, 0.99),
            health_max_ms: q(latencies, 1),
            server_loop_delay_p50_ms: ms(m.delay.p50),
            server_loop_delay_p99_ms: ms(m.delay.p99),
            server_loop_delay_max_ms: ms(m.delay.max),
            idle_health_p50_ms: q(idle, 0.5),
            idle_health_p99_ms: q(idle, 0.99),
            idle_health_max_ms: q(idle, 1),
            idle_loop_delay_p99_ms: ms(idleLoop.p99),
            idle_loop_delay_max_ms: ms(idleLoop.max),
            tmy_seconds_for_four: Math.round(seconds * 10) / 10,
            tmy_mb_each: mb(bytes / 4),
            rss_peak_mb: mb(m.maxRss),
            machine_load_average: Math.round(loadavg()[0]! * 10) / 10,
          };
        } finally {
          stopChild(c);
        }
      },
    },
  ],
};
