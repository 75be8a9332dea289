/**
 * Benchmark suite types. Each file bench/suites/<family>.bench.ts exports `suite: BenchSuite`;
 * bench/run.ts runs them with tinybench and writes bench/results.json.
 */

/** A kernel over `points` rows: reported as points per second (single thread). */
export interface KernelBench {
  name: string;
  points: number;
  /** Prepares inputs once, outside the timed loop. */
  setup?: () => void | Promise<void>;
  run: () => unknown;
}

/** A product request (or other whole operation): reported as milliseconds per request. */
export interface ProductBench {
  name: string;
  setup?: () => void | Promise<void>;
  run: () => unknown | Promise<unknown>;
}

/**
 * A measurement that is not a repeated call (a load test, a one-off build): it returns its own
 * figures, written as they are under `measures`.
 */
export interface MeasureBench {
  name: string;
  run: () => Promise<Record<string, number | string>>;
}

/**
 * A kernel entry whose setup prepares its inputs and then runs it `warmRuns` times, so that V8 has
 * fully optimised the kernel (not only its on-stack-replacement code) before tinybench times it.
 */
export function warmedKernel(
  name: string,
  points: number,
  warmRuns: number,
  run: () => unknown,
  prepare?: () => void,
): KernelBench {
  return {
    name,
    points,
    setup: () => {
      prepare?.();
      for (let k = 0; k < warmRuns; k++) run();
    },
    run,
  };
}

export interface BenchSuite {
  /** Family name, e.g. "time", "solar"; `npm run bench -- --only solar` runs matching suites. */
  name: string;
  kernels?: KernelBench[];
  products?: ProductBench[];
  measures?: MeasureBench[];
}

/** Peer figures (pvlib-python, numpy, one million points, this class of machine) from DESIGN.md. */
export const PVLIB_POINTS_PER_SECOND: Record<string, number> = {
  'solar position (SPA, numpy)': 2.7e5,
  'Perez transposition': 7.0e6,
  'Erbs decomposition': 5.4e6,
  'single-axis tracking': 3.7e6,
  'Kimber soiling': 4.8e6,
  'HSU soiling': 7.3e6,
};
