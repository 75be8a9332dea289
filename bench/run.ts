/**
 * npm run bench [-- --only <substring>[,<substring>...]] [-- --time <ms per task>] [-- --peer]
 *
 * Runs every suite of bench/suites, prints a table, and writes bench/results.json:
 *   { node, date, cpu, timing, peer, kernels: { name: { points_per_second, wall_points_per_second, n, runs,
 *     pvlib? } }, products: { name: { ms_per_request } }, measures: { name: {...} } }
 * Kernels are timed by process CPU time (best of the runs: the figure least disturbed by other jobs on
 * a shared machine; runs fill a budget of CPU time, --time ms), after a warm-up; the median wall-clock figure is recorded beside it. Products
 * are timed with tinybench (median wall clock).
 *
 * With --peer, each kernel that names a pvlib peer (KernelBench.peer) is also run through
 * pvlib-python on the same input columns, in rounds interleaved with ours, and its entry gets
 * `pvlib: { points_per_second: { <variant>: figure }, ratio }` (ratio: ours over pvlib's fastest
 * variant). See bench/peer/peer.ts for how Python and pvlib are found; without them the peer
 * figures are skipped with a message.
 * With --only, only matching suites run and their figures are merged into the existing file.
 *
 * Each suite file runs in a process of its own (this script again, with --suite-file), one after
 * the other: a suite's figures then do not depend on the heap, the compiled code or the threads
 * that the suites before it left behind (in one process, the fast solar form measured 1.76e7
 * points/s after ten other suites and 2.01e7 alone). --in-process runs them all in this process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Bench } from 'tinybench';
import type { BenchSuite, KernelBench } from './harness.js';
import { type PeerInfo, PvlibPeer } from './peer/peer.js';

interface PeerFigures {
  /** pvlib points per second by call variant ('pandas', 'ndarray'), CPU time, best of the runs. */
  points_per_second: Record<string, number>;
  /** Our points per second over pvlib's fastest variant, both measured in this run. */
  ratio: number;
  /** The rows pvlib was given, where a case gives it a sample of the kernel's rows. */
  n?: number;
  /** glibc's allocator in pvlib's process (bench/peer/peer.ts): memory kept unless said otherwise. */
  allocator?: string;
}

interface KernelFigures {
  /** Process CPU time, best run. */
  points_per_second: number;
  /** Wall clock, median run. */
  wall_points_per_second: number;
  n: number;
  runs: number;
  suite: string;
  pvlib?: PeerFigures;
}

interface Results {
  node: string;
  date: string;
  cpu: string;
  timing: string;
  peer?: PeerInfo;
  kernels: Record<string, KernelFigures>;
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

/** The suite files of bench/suites, in name order. */
function suiteFiles(): string[] {
  return readdirSync(join(here, 'suites'))
    .filter((f) => f.endsWith('.bench.ts'))
    .sort();
}

async function loadSuites(files: string[], only: string | undefined): Promise<BenchSuite[]> {
  // `--only irradiance,soiling`: a suite runs when its name or file contains any of the parts.
  const wanted = only
    ?.split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const suites: BenchSuite[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(here, 'suites', f)).href)) as { suite: BenchSuite };
    if (wanted === undefined || wanted.some((part) => mod.suite.name.includes(part) || f.includes(part)))
      suites.push(mod.suite);
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

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Runs `run` at least `minRuns` times and for at least `budgetMs` of this process's CPU time; CPU
 * and wall ms per run. A CPU budget rather than a wall-clock one: on a loaded machine a wall budget
 * gave a kernel a third of the runs (the process waits for a core), and its best run was then
 * drawn from fewer samples than on an idle machine.
 */
function timeRuns(
  run: () => unknown,
  minRuns: number,
  budgetMs: number,
  into: { cpu: number[]; wall: number[] },
): void {
  const start = cpuMs();
  for (let r = 0; r < minRuns || cpuMs() - start < budgetMs; r++) {
    const w0 = performance.now();
    const c0 = cpuMs();
    run();
    const c1 = cpuMs();
    into.wall.push(performance.now() - w0);
    into.cpu.push(c1 - c0);
  }
}

const best = (xs: number[]): number => Math.min(...xs);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Rounds of ours-then-pvlib when a peer runs, so that both see the same machine load. */
const PEER_ROUNDS = 5;

async function timeKernel(
  k: KernelBench,
  time: number,
  peer: PvlibPeer | undefined,
): Promise<Omit<KernelFigures, 'suite'>> {
  await k.setup?.();
  const warm = { cpu: [] as number[], wall: [] as number[] };
  // Long enough for V8 to replace the on-stack-replacement code of the first calls by a full compile.
  timeRuns(k.run, 10, 1000, warm);
  const ours = { cpu: [] as number[], wall: [] as number[] };
  const peerCase = peer !== undefined ? k.peer : undefined;
  let variants: string[] = [];
  // The rows pvlib computes: the kernel's points, or a sample of them (its points per second compare).
  let peerRows = k.points;
  if (peerCase !== undefined) {
    variants = await peer!.load(k.name, peerCase);
    peerRows = peerCase.sampleRows ?? k.points;
  }
  const rounds = variants.length > 0 ? PEER_ROUNDS : 1;
  const theirs: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++) {
    timeRuns(k.run, Math.ceil(5 / rounds), time / rounds, ours);
    for (const v of variants) {
      const seen = (theirs[v] ??= []);
      // Enough calls to fill about the same time as ours in this round (one at least).
      const each = seen.length > 0 ? best(seen) : Number.POSITIVE_INFINITY;
      const runs = Math.max(1, Math.min(20, Math.floor(time / rounds / each)));
      seen.push(...(await peer!.time(k.name, v, runs)).map((seconds) => seconds * 1000));
    }
  }
  const pps = k.points / (best(ours.cpu) / 1000);
  const figures: Omit<KernelFigures, 'suite'> = {
    points_per_second: Number(pps.toPrecision(4)),
    wall_points_per_second: Number((k.points / (median(ours.wall) / 1000)).toPrecision(4)),
    n: k.points,
    runs: ours.cpu.length,
  };
  if (variants.length > 0) {
    await peer!.unload(k.name);
    const byVariant: Record<string, number> = {};
    for (const v of variants) byVariant[v] = Number((peerRows / (best(theirs[v]!) / 1000)).toPrecision(4));
    const fastest = Math.max(...Object.values(byVariant));
    figures.pvlib = {
      points_per_second: byVariant,
      ratio: Number((pps / fastest).toPrecision(3)),
      ...(peerRows !== k.points ? { n: peerRows } : {}),
      ...(peer!.info.allocator !== undefined ? { allocator: peer!.info.allocator } : {}),
    };
  }
  return figures;
}

/** What one process measured: the figures of its suites, and the pvlib peer it found. */
interface Fragment {
  peer?: PeerInfo;
  kernels: Record<string, KernelFigures>;
  products: Record<string, { ms_per_request: number; suite: string }>;
  measures: Record<string, Record<string, number | string>>;
}

/** Runs the suites in this process and returns their figures (printing a line per figure). */
async function runSuites(suites: BenchSuite[], time: number, withPeer: boolean): Promise<Fragment> {
  const fragment: Fragment = { kernels: {}, products: {}, measures: {} };
  let peer: PvlibPeer | undefined;
  // The pvlib peer starts only for suites that have kernels with a pvlib counterpart.
  if (withPeer && suites.some((s) => (s.kernels ?? []).some((k) => k.peer !== undefined))) {
    const started = await PvlibPeer.start();
    if (started instanceof PvlibPeer) {
      peer = started;
      fragment.peer = started.info;
      const revision = started.info.pvlib_revision === undefined ? '' : ` ${started.info.pvlib_revision}`;
      console.log(
        `pvlib peer: pvlib ${started.info.pvlib}${revision} (numpy ${started.info.numpy}, pandas ${started.info.pandas}, ${started.info.interpreter})`,
      );
    } else {
      fragment.peer = started;
      console.log(
        `pvlib peer skipped: pvlib is not available (${started.reason ?? 'no reason given'}); set SOLARKIT_PEER_PYTHON and SOLARKIT_PVLIB_PATH`,
      );
    }
  }

  for (const suite of suites) {
    for (const k of suite.kernels ?? []) {
      const figures = await timeKernel(k, time, peer);
      fragment.kernels[k.name] = { ...figures, suite: suite.name };
      const p = figures.pvlib;
      const vs =
        p === undefined
          ? ''
          : `  pvlib ${Object.entries(p.points_per_second)
              .map(([v, x]) => `${v} ${x.toExponential(2)}`)
              .join(', ')}  ratio ${p.ratio}`;
      console.log(
        `${suite.name.padEnd(10)} kernel  ${k.name.padEnd(58)} ${figures.points_per_second.toExponential(2).padStart(9)} points/s  (n=${k.points})${vs}`,
      );
    }
    for (const p of suite.products ?? []) {
      await p.setup?.();
      const bench = new Bench({ time, iterations: 5, warmupTime: 300, warmupIterations: 2, throws: true });
      bench.add(p.name, async () => {
        await p.run();
      });
      await bench.run();
      const ms = medianMs(bench.tasks[0]!);
      fragment.products[p.name] = { ms_per_request: Number(ms.toPrecision(4)), suite: suite.name };
      console.log(`${suite.name.padEnd(10)} product ${p.name.padEnd(58)} ${ms.toFixed(3).padStart(9)} ms`);
    }
    for (const m of suite.measures ?? []) {
      const figures = await m.run();
      fragment.measures[m.name] = { ...figures, suite: suite.name };
      console.log(`${suite.name.padEnd(10)} measure ${m.name.padEnd(58)} ${JSON.stringify(figures)}`);
    }
  }
  peer?.close();
  return fragment;
}

/**
 * Runs one suite file in a new process (this script with --suite-file) and returns its figures.
 * The child inherits this process's Node options (the tsx loader) and the console.
 */
function runSuiteFileInChild(file: string, passOn: string[]): Fragment {
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-bench-'));
  const out = join(dir, 'fragment.json');
  try {
    const r = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), ...passOn, '--suite-file', file, '--fragment', out],
      {
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) throw new Error(`bench suite ${file} failed (exit ${r.status ?? r.signal})`);
    return JSON.parse(readFileSync(out, 'utf8')) as Fragment;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const only = argValue('--only');
  const time = Number(argValue('--time') ?? 1500);
  const withPeer = process.argv.includes('--peer');

  // A child: one suite file, its figures to the fragment file.
  const suiteFile = argValue('--suite-file');
  if (suiteFile !== undefined) {
    const fragment = await runSuites(await loadSuites([suiteFile], only), time, withPeer);
    writeFileSync(argValue('--fragment')!, JSON.stringify(fragment));
    // Suites may leave servers, workers or timers behind: the figures are written, so end here.
    process.exit(0);
  }

  const previous: Partial<Results> =
    only !== undefined && existsSync(resultsPath) ? (JSON.parse(readFileSync(resultsPath, 'utf8')) as Results) : {};
  const results: Results = {
    node: process.version,
    date: new Date().toISOString(),
    cpu: `${cpus()[0]?.model ?? 'unknown'} (${cpus().length} cores, single-thread figures)`,
    timing:
      'kernels: process CPU time, best run after a warm-up (wall_points_per_second: median wall clock); ' +
      'pvlib peers: process CPU time of one public-function call, best run, in rounds interleaved with ours, numeric libraries on one thread; ' +
      'products: tinybench median wall clock; each suite file in a process of its own',
    ...(previous.peer !== undefined ? { peer: previous.peer } : {}),
    kernels: { ...(previous.kernels ?? {}) },
    products: { ...(previous.products ?? {}) },
    measures: { ...(previous.measures ?? {}) },
  };

  const fragments: Fragment[] = [];
  if (process.argv.includes('--in-process')) {
    const suites = await loadSuites(suiteFiles(), only);
    if (suites.length === 0) throw new Error(`no benchmark suite matches ${only ?? '(all)'}`);
    fragments.push(await runSuites(suites, time, withPeer));
  } else {
    const passOn = [
      ...(only !== undefined ? ['--only', only] : []),
      '--time',
      String(time),
      ...(withPeer ? ['--peer'] : []),
    ];
    for (const file of suiteFiles()) fragments.push(runSuiteFileInChild(file, passOn));
    const measured = fragments.reduce(
      (sum, f) => sum + Object.keys(f.kernels).length + Object.keys(f.products).length + Object.keys(f.measures).length,
      0,
    );
    if (measured === 0) throw new Error(`no benchmark suite matches ${only ?? '(all)'}`);
  }
  for (const f of fragments) {
    if (f.peer !== undefined) results.peer = f.peer;
    Object.assign(results.kernels, f.kernels);
    Object.assign(results.products, f.products);
    Object.assign(results.measures, f.measures);
  }
  writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${resultsPath}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
