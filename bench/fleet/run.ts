/**
 * One measured fleet run, in a process of its own (so that its peak RSS is its own):
 *   tsx bench/fleet/run.ts --sites N --threads T [--cell DEG] [--year YYYY]
 * N rooftops spread over a 0.5 x 0.5 degree region around Utrecht (fixed planes, 2-10 kWp, tilt
 * 10-45 degrees, azimuth 90-270; a third with a loss factor), one year hourly on the synthetic
 * weather with weather cells of DEG degrees (default 0.05), annual aggregates. Prints one JSON line:
 * wall s, process CPU s (all threads), CPU ms per site, sites/s, peak RSS MB, and a checksum.
 */
import { cpus, loadavg } from 'node:os';
import type { FleetSite } from '../../src/index.js';
import { simulateFleet } from '../../src/node/index.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
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

/** The sites, generated one at a time (a 100,000-site run never holds them all). */
export function* rooftops(n: number): Generator<FleetSite> {
  const r = random(16);
  for (let i = 0; i < n; i++) {
    const site: FleetSite = {
      id: `roof-${i}`,
      latitude: Math.round((51.85 + 0.5 * r()) * 1e5) / 1e5,
      longitude: Math.round((4.85 + 0.5 * r()) * 1e5) / 1e5,
      capacityKw: Math.round((2 + 8 * r()) * 10) / 10,
      tilt: Math.round(10 + 35 * r()),
      azimuth: Math.round(90 + 180 * r()),
    };
    if (r() < 1 / 3) site.lossFactor = Math.round((0.85 + 0.1 * r()) * 100) / 100;
    yield site;
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('run.ts');
if (isMain) {
  const n = Number(arg('sites', '10000'));
  const threads = Number(arg('threads', '2'));
  const cell = Number(arg('cell', '0.05'));
  const year = Number(arg('year', '2024'));
  const load = loadavg()[0]!;
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  let done = 0;
  let checksum = 0;
  let failed = 0;
  for await (const o of simulateFleet(rooftops(n), {
    weather: { type: 'synthetic', ...(cell > 0 ? { cellDegrees: cell } : {}) },
    period: { year },
    aggregate: 'annual',
    threads,
    total: n,
  })) {
    done++;
    if ('error' in o) failed++;
    else checksum += o.energyKwh;
  }
  const wall = (performance.now() - wall0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const rssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(
    JSON.stringify({
      sites: done,
      failed,
      threads,
      cell_degrees: cell,
      wall_s: +wall.toFixed(2),
      cpu_s: +cpuSeconds.toFixed(2),
      cpu_ms_per_site: +((cpuSeconds * 1000) / done).toFixed(3),
      sites_per_s_wall: +(done / wall).toFixed(1),
      peak_rss_mb: +rssMb.toFixed(1),
      load_1min_at_start: +load.toFixed(2),
      load_1min_at_end: +loadavg()[0]!.toFixed(2),
      cores: cpus().length,
      checksum_kwh: checksum,
    }) + '\n',
  );
}
