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
   * The pvlib function: spa_python, get_total_irradiance, erbs, the decompositions of the sky-models
   * suite (erbs_driesse, orgill_hollands, boland, louche, campbell_norman, dni, complete_irradiance,
   * dirindex, gti_dirint, ghi_from_poa_driesse_2024), singleaxis, hsu, kimber, singlediode, bird,
   * detect_clearsky, row shading, snow and cell temperature models, the solar position extras
   * (solarposition's declination_spencer71 ... nrel_earthsun_distance,
   * irradiance.get_extra_radiation), modelchain (ModelChain.run_model of a worked example of
   * docs/model-chains.md, named in params.example), or sapm,
   * sandia and adr over many parameter sets (columns named `module.<pvlib name>`,
   * `inverter.<pvlib name>`, `adr.<k>`, one value per set); `iam` and `spectral_factor` call the
   * pvlib.iam or pvlib.spectrum function named in params.function on the columns (pvlib's names),
   * `spectrl2` and `mismatch` (calc_spectral_mismatch_field, spectra as columns `e_sun_<j>`) theirs.
   */
  fn:
    | 'spa_python'
    | 'get_total_irradiance'
    // The sky-diffuse models of bench/suites/transpositions.bench.ts (bench/peer/sky_diffuse_peer.py).
    | 'klucher'
    | 'reindl'
    | 'king'
    | 'perez_driesse'
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
    | 'iam'
    | 'spectral_factor'
    | 'spectrl2'
    | 'mismatch'
    // Row shading, snow and cell temperature (bench/suites/shading-snow-temperature.bench.ts).
    | 'projected_solar_zenith_angle'
    | 'shaded_fraction1d'
    | 'masking_angle_passias'
    | 'direct_martinez'
    | 'power_mismatch_deline'
    | 'coverage_nrel'
    | 'prilliman'
    | 'faiman_rad'
    | 'generic_linear'
    | 'declination_spencer71'
    | 'equation_of_time_spencer71'
    | 'hour_angle'
    | 'solar_zenith_analytical'
    | 'solar_azimuth_analytical'
    | 'sun_rise_set_transit_geometric'
    | 'sun_rise_set_transit_spa'
    | 'nrel_earthsun_distance'
    | 'get_extra_radiation'
    | 'ephemeris'
    | 'modelchain';
  /**
   * The input columns, by the names pvlib_peer.py reads: the arrays our kernel reads, or a
   * deterministic sample of their rows where pvlib would take minutes (then say how many in
   * `sampleRows`).
   */
  columns: () => Record<string, Float64Array>;
  /**
   * Where `columns` gives pvlib a sample of the kernel's rows: the rows pvlib computes. The harness
   * divides pvlib's time by them (and ours by the kernel's points), so both figures stay points
   * per second of the same call. Unset, pvlib computes the kernel's points: column lengths say
   * nothing (the SAPM case's parameter columns hold one value per module).
   */
  sampleRows?: number;
  /** Scalar parameters, as our kernel is given them. */
  params?: Record<string, number | string | boolean>;
}
