/**
 * npm run bench [-- --only <substring>] [-- --time <ms per task>]
 *
 * Runs every suite of bench/suites with tinybench, prints a table, and writes bench/results.json:
 *   { node, date, cpu, kernels: { name: { points_per_second, n } }, products: { name: { ms_per_request } },
 *     measures: { name: {...} } }
 * With --only, only matching suites run and their figures are merged into the existing file.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Bench } from 'tinybench';
import type { BenchSuite } from './harness.js';

interface Results {
  node: string;
  date: string;
  cpu: string;
  kernels: Record<string, { points_per_second: number; n: number; suite: string }>;
  products: Record<string, { ms_per_request: number; suite: string }>;
  measures: Record<string, Record<string, number | string>>;
}

const here = dirname(fileURLToPath(import.meta.url));
const resultsPath = join(here, 'results.json');

function argValue(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function loadSuites(only: string | undefined): Promise<BenchSuite[]> {
  const dir = join(here, 'suites');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort();
  const suites: BenchSuite[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(dir, f)).href)) as { suite: BenchSuite };
    if (only === undefined || mod.suite.name.includes(only) || f.includes(only)) suites.push(mod.suite);
  }
  return suites;
}

/**
 * The median time of one run, ms. The median rather than the mean: on a shared machine a few runs
 * land on a busy core or a garbage collection, and early runs may still execute unoptimised code.
 */
function medianMs(task: { result: unknown }): number {
  const r = task.result as { state: string; latency?: { p50: number }; error?: Error };
  if (r.state === 'errored') throw r.error ?? new Error('benchmark task failed');
  if (!r.latency) throw new Error(`benchmark task ended in state ${r.state}`);
  return r.latency.p50;
}

async function main(): Promise<void> {
  const only = argValue('--only');
  const time = Number(argValue('--time') ?? 1500);
  const previous: Partial<Results> =
    only !== undefined && existsSync(resultsPath) ? (JSON.parse(readFileSync(resultsPath, 'utf8')) as Results) : {};
  const results: Results = {
    node: process.version,
    date: new Date().toISOString(),
    cpu: `${cpus()[0]?.model ?? 'unknown'} (${cpus().length} cores, single-thread figures)`,
    kernels: { ...(previous.kernels ?? {}) },
    products: { ...(previous.products ?? {}) },
    measures: { ...(previous.measures ?? {}) },
  };
  const suites = await loadSuites(only);
  if (suites.length === 0) throw new Error(`no benchmark suite matches ${only ?? '(all)'}`);

  for (const suite of suites) {
    for (const k of suite.kernels ?? []) {
      await k.setup?.();
      const bench = new Bench({ time, iterations: 5, warmupTime: 500, warmupIterations: 5, throws: true });
      bench.add(k.name, () => {
        k.run();
      });
      await bench.run();
      const ms = medianMs(bench.tasks[0]!);
      const pps = k.points / (ms / 1000);
      results.kernels[k.name] = { points_per_second: Number(pps.toPrecision(4)), n: k.points, suite: suite.name };
      console.log(`${suite.name.padEnd(10)} kernel  ${k.name.padEnd(58)} ${pps.toExponential(2).padStart(9)} points/s  (n=${k.points})`);
    }
    for (const p of suite.products ?? []) {
      await p.setup?.();
      const bench = new Bench({ time, iterations: 5, warmupTime: 300, warmupIterations: 2, throws: true });
      bench.add(p.name, async () => {
        await p.run();
      });
      await bench.run();
      const ms = medianMs(bench.tasks[0]!);
      results.products[p.name] = { ms_per_request: Number(ms.toPrecision(4)), suite: suite.name };
      console.log(`${suite.name.padEnd(10)} product ${p.name.padEnd(58)} ${ms.toFixed(3).padStart(9)} ms`);
    }
    for (const m of suite.measures ?? []) {
      const figures = await m.run();
      results.measures[m.name] = { ...figures, suite: suite.name };
      console.log(`${suite.name.padEnd(10)} measure ${m.name.padEnd(58)} ${JSON.stringify(figures)}`);
    }
  }
  writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${resultsPath}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
