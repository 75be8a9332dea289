/**
 * Where the CPU of a fleet run goes, thread by thread (Linux: /proc/self/task/N/stat):
 *   node [--single-threaded-gc] --import tsx bench/fleet/threads.ts --sites N --threads T [--cell DEG] [--year YYYY]
 *     [--sites-file FILE]
 * (the sites: the Utrecht rooftops of run.ts, or the first N of a sites file such as
 * bench/fleet/random-sites.ts writes)
 * Prints one JSON line: wall s, the load average, and the CPU seconds of the main thread, of the
 * fleet's worker threads together, and of V8's platform threads (its parallel and concurrent
 * garbage collector, the optimizing compiler) and libuv's, so a run's use of the second core can
 * be read on a loaded machine, where wall-clock ratios are not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { type FleetSite, readFleetSitesCsv } from '../../src/index.js';
import { simulateFleet } from '../../src/node/index.js';
import { rooftops } from './run.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

const TICK = 100; // clock ticks per second (getconf CLK_TCK on Linux)

/** CPU seconds of each thread of this process, with its name. */
function threadCpu(): { tid: number; name: string; cpu: number }[] {
  const out: { tid: number; name: string; cpu: number }[] = [];
  for (const t of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.push({ tid: Number(t), name, cpu: (Number(f[11]) + Number(f[12])) / TICK });
    } catch {
      // the thread ended
    }
  }
  return out;
}

const n = Number(arg('sites', '200'));
const threads = Number(arg('threads', '2'));
const cell = Number(arg('cell', '0'));
const year = Number(arg('year', '2024'));
// Whether V8 collects garbage in the allocating thread only (`node --single-threaded-gc`, which
// must be given on the command line: V8 refuses it at run time once the heap has started).
const sitesFile = arg('sites-file', '');
const sites: Iterable<FleetSite> =
  sitesFile === '' ? rooftops(n) : readFleetSitesCsv(readFileSync(sitesFile, 'utf8')).sites.slice(0, n);
const gc = process.execArgv.includes('--single-threaded-gc') ? 'single-threaded' : 'default';
const load = loadavg()[0]!;
const before = new Map(threadCpu().map((t) => [t.tid, t.cpu]));
const wall0 = performance.now();
let last: ReturnType<typeof threadCpu> = [];
let checksum = 0;
const timer = setInterval(() => {
  last = threadCpu();
}, 200);
for await (const o of simulateFleet(sites, {
  weather: { type: 'synthetic', ...(cell > 0 ? { cellDegrees: cell } : {}) },
  period: { year },
  aggregate: 'annual',
  threads,
  // As `solarkit simulate`: this thread simulates too (--workers-only: threads worker threads).
  useCallingThread: !process.argv.includes('--workers-only'),
  total: n,
})) {
  if (!('error' in o)) checksum += o.energyKwh;
}
const wall = (performance.now() - wall0) / 1000;
clearInterval(timer);
// Worker threads are gone by now: their CPU is their last sample (taken every 0.2 s).
const now = new Map(threadCpu().map((t) => [t.tid, t]));
for (const t of last) if (!now.has(t.tid)) now.set(t.tid, t);
const groups: Record<string, number> = {};
for (const t of now.values()) {
  const used = t.cpu - (before.get(t.tid) ?? 0);
  const key = t.tid === process.pid ? 'main' : before.has(t.tid) ? t.name : `new:${t.name}`;
  groups[key] = +((groups[key] ?? 0) + used).toFixed(2);
}
const cpu = process.cpuUsage();
process.stdout.write(
  `${JSON.stringify({ sites: n, threads, cell, gc, wall_s: +wall.toFixed(2), load_before: +load.toFixed(1), load_after: +loadavg()[0]!.toFixed(1), process_cpu_s: +((cpu.user + cpu.system) / 1e6).toFixed(2), threads_cpu_s: groups, checksum: +checksum.toFixed(6) })}\n`,
);
