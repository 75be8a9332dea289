/**
 * Fleet simulations (issue 16): 10,000 rooftops, one year hourly on the synthetic weather
 * (weather cells of 0.05 degree), annual aggregates, with 1 and 2 threads; and the peak RSS of a
 * 100,000-rooftop run. Each run is a process of its own (bench/fleet/run.ts), so that its peak
 * RSS and CPU time are its own. CPU time is that of the whole process (every thread): on a shared
 * machine the wall-clock figures depend on the load, recorded beside them.
 *
 * Issue 35: 400 random sites each on its own weather, 1 and 2 threads, CPU per thread and the
 * estimate of the idle machine's speed-up for 2,000 sites (docs/batch.md).
 *
 * `npm run bench -- --only fleet` runs the 10,000-site measure; SOLARKIT_BENCH_FLEET_100K=1 adds
 * the 100,000-site one (about ten times as long).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BenchSuite } from '../harness.js';

const run = promisify(execFile);
const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'fleet', 'run.ts');

interface RunFigures {
  sites: number;
  threads: number;
  wall_s: number;
  cpu_s: number;
  cpu_ms_per_site: number;
  sites_per_s_wall: number;
  peak_rss_mb: number;
  load_1min_at_start: number;
  load_1min_at_end: number;
  checksum_kwh: number;
}

/** What bench/fleet/threads.ts prints. */
interface ThreadFigures {
  wall_s: number;
  load_before: number;
  load_after: number;
  process_cpu_s: number;
  threads_cpu_s: Record<string, number>;
  checksum: number;
}

async function fleetRun(sites: number, threads: number): Promise<RunFigures> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', script, '--sites', String(sites), '--threads', String(threads)],
    {
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as RunFigures;
}

export const suite: BenchSuite = {
  name: 'fleet',
  measures: [
    {
      name: 'fleet: 10,000 rooftops, a year hourly, annual aggregates, 1 and 2 threads',
      run: async () => {
        const one = await fleetRun(10_000, 1);
        const two = await fleetRun(10_000, 2);
        if (one.checksum_kwh !== two.checksum_kwh)
          throw new Error(`fleet: 1 and 2 threads differ (${one.checksum_kwh} vs ${two.checksum_kwh} kWh)`);
        return {
          sites: 10_000,
          cpu_ms_per_site_1_thread: one.cpu_ms_per_site,
          cpu_ms_per_site_2_threads: two.cpu_ms_per_site,
          // What 2 threads would give on 2 idle cores: the 1-thread CPU rate over the 2-thread run's CPU per site.
          cpu_sites_per_s_1_thread: +(1000 / one.cpu_ms_per_site).toFixed(1),
          cpu_sites_per_s_2_threads_on_idle_cores: +(2000 / two.cpu_ms_per_site).toFixed(1),
          wall_s_1_thread: one.wall_s,
          wall_s_2_threads: two.wall_s,
          wall_sites_per_s_1_thread: one.sites_per_s_wall,
          wall_sites_per_s_2_threads: two.sites_per_s_wall,
          wall_speedup: +(one.wall_s / two.wall_s).toFixed(2),
          peak_rss_mb_2_threads: two.peak_rss_mb,
          load_1min: `${one.load_1min_at_start}-${two.load_1min_at_end}`,
          checksum_kwh: one.checksum_kwh,
        };
      },
    },
    {
      // Issue 35: the PostgreSQL queue's overhead, three `solarkit worker --threads 1` against one
      // `simulate --threads 2` on the same sites (bench/fleet/queue.ts; its own throw-away
      // PostgreSQL). The CPU ratio is the figure on a loaded machine; the wall ratio is recorded too.
      name: 'fleet: 2,000 sites on their own weather through the queue, 3 workers vs simulate --threads 2',
      run: async () => {
        const { stdout } = await run(
          process.execPath,
          [
            '--import',
            'tsx',
            join(dirname(script), 'queue.ts'),
            '--sites',
            '2000',
            '--start',
            '2024-04-01',
            '--end',
            '2024-07-01',
            '--batch',
            '100',
          ],
          { maxBuffer: 1 << 20 },
        );
        // Flattened: nested objects to `a.b` keys, arrays to comma-separated text.
        const flat: Record<string, string | number> = {};
        const put = (prefix: string, v: unknown): void => {
          if (Array.isArray(v)) flat[prefix] = v.join(',');
          else if (v !== null && typeof v === 'object')
            for (const [k, x] of Object.entries(v)) put(prefix === '' ? k : `${prefix}.${k}`, x);
          else flat[prefix] = typeof v === 'number' ? v : String(v);
        };
        put('', JSON.parse(stdout.trim().split('\n').pop()!));
        return flat;
      },
    },
    {
      // Issue 35: 2 threads against 1 with each site its own synthetic weather, as `solarkit
      // simulate --weather-grid 0` runs it (the main thread simulating beside one worker), 400
      // random sites (bench/fleet/random-sites.ts, seed 35), CPU per thread (bench/fleet/threads.ts).
      // Per site = (400 sites - 2 sites) / 398, so the start (loading the code) is apart. The
      // estimate on idle cores: a 1-thread run takes its main thread's CPU, a 2-thread run half its
      // process's CPU (docs/batch.md, "Where the second core goes").
      name: 'fleet: 400 random sites on their own weather, 1 and 2 threads, CPU per thread',
      run: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'solarkit-fleet-'));
        const file = join(dir, 'sites.csv');
        try {
          const sites = await run(
            process.execPath,
            ['--import', 'tsx', join(dirname(script), 'random-sites.ts'), '--sites', '400'],
            {
              maxBuffer: 1 << 24,
            },
          );
          writeFileSync(file, sites.stdout);
          const threadsRun = async (n: number, threads: number): Promise<ThreadFigures> => {
            const { stdout } = await run(
              process.execPath,
              [
                '--import',
                'tsx',
                join(dirname(script), 'threads.ts'),
                '--sites',
                String(n),
                '--threads',
                String(threads),
                '--sites-file',
                file,
              ],
              { maxBuffer: 1 << 20 },
            );
            return JSON.parse(stdout.trim().split('\n').pop()!) as ThreadFigures;
          };
          const one = await threadsRun(400, 1);
          const two = await threadsRun(400, 2);
          const oneStart = await threadsRun(2, 1);
          const twoStart = await threadsRun(2, 2);
          if (one.checksum !== two.checksum)
            throw new Error(`fleet: 1 and 2 threads differ (${one.checksum} vs ${two.checksum} kWh)`);
          const main1 = (one.threads_cpu_s.main! - oneStart.threads_cpu_s.main!) / 398;
          const process1 = (one.process_cpu_s - oneStart.process_cpu_s) / 398;
          const process2 = (two.process_cpu_s - twoStart.process_cpu_s) / 398;
          const idle1 = oneStart.process_cpu_s + 2000 * main1;
          const idle2 =
            oneStart.process_cpu_s + (twoStart.process_cpu_s - oneStart.process_cpu_s) / 2 + (2000 * process2) / 2;
          return {
            sites: 400,
            cpu_ms_per_site_1_thread_main: +(1000 * main1).toFixed(2),
            cpu_ms_per_site_1_thread_process: +(1000 * process1).toFixed(2),
            cpu_ms_per_site_2_threads_process: +(1000 * process2).toFixed(2),
            start_cpu_s_1_thread: oneStart.process_cpu_s,
            start_cpu_s_2_threads: twoStart.process_cpu_s,
            estimate_2000_sites_idle_s_1_thread: +idle1.toFixed(1),
            estimate_2000_sites_idle_s_2_threads: +idle2.toFixed(1),
            estimate_speedup: +(idle1 / idle2).toFixed(2),
            wall_s_1_thread: one.wall_s,
            wall_s_2_threads: two.wall_s,
            wall_speedup: +(one.wall_s / two.wall_s).toFixed(2),
            load_1min: `${one.load_before}-${two.load_after}`,
            checksum_kwh: one.checksum,
          };
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    },
    ...(process.env.SOLARKIT_BENCH_FLEET_100K === '1'
      ? [
          {
            name: 'fleet: 100,000 rooftops, 2 threads, peak RSS',
            run: async () => {
              const r = await fleetRun(100_000, 2);
              return {
                sites: r.sites,
                peak_rss_mb: r.peak_rss_mb,
                wall_s: r.wall_s,
                cpu_ms_per_site: r.cpu_ms_per_site,
                load_1min: `${r.load_1min_at_start}-${r.load_1min_at_end}`,
              };
            },
          },
        ]
      : []),
  ],
};
