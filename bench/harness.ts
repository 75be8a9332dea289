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
  /** The pvlib call that computes the same thing, for `--peer`. */
  peer?: PeerCase;
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

/**
 * The same computation in pvlib-python, timed by `npm run bench -- --peer` in the same run (see
 * bench/peer/pvlib_peer.py for the calls and what is timed).
 */
export interface PeerCase {
  /**
<<<<<<< HEAD
   * The pvlib function: spa_python, get_total_irradiance, erbs, singleaxis, hsu, kimber, singlediode, or sapm,
   * modelchain (ModelChain.run_model of a worked example of docs/model-chains.md, named in params.example),
=======
   * The pvlib function: spa_python, get_total_irradiance, erbs, the decompositions of the sky-models
   * suite (erbs_driesse, orgill_hollands, boland, louche, campbell_norman, dni, complete_irradiance,
   * dirindex, gti_dirint, ghi_from_poa_driesse_2024), singleaxis, hsu, kimber, singlediode, or sapm,
>>>>>>> main
   * sandia and adr over many parameter sets (columns named `module.<pvlib name>`,
   * `inverter.<pvlib name>`, `adr.<k>`, one value per set).
   */
  fn:
    | 'spa_python'
    | 'get_total_irradiance'
    | 'erbs'
    | 'erbs_driesse'
    | 'orgill_hollands'
    | 'boland'
    | 'louche'
    | 'campbell_norman'
    | 'dni'
    | 'complete_irradiance'
    | 'dirindex'
    | 'gti_dirint'
    | 'ghi_from_poa_driesse_2024'
    | 'singleaxis'
    | 'hsu'
    | 'kimber'
    | 'sapm'
    | 'sandia'
    | 'adr'
    | 'singlediode'
    | 'bird'
    | 'detect_clearsky'
    | 'modelchain';
  /** The input columns, by the names pvlib_peer.py reads: the arrays our kernel reads. */
  columns: () => Record<string, Float64Array>;
  /** Scalar parameters, as our kernel is given them. */
  params?: Record<string, number | string | boolean>;
}
