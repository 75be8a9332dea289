/**
 * How the property tests (fast-check) run: one seed for the whole run and a factor on each
 * property's number of runs. Read once by vitest.config.ts and handed to every test file through
 * vitest's `provide`/`inject` (test/support/properties.ts applies them).
 *
 * - `npm test` / CI: the fixed seed {@link DEFAULT_PROPERTY_SEED} and each property's own number
 *   of runs, so a run is reproducible and CI cannot fail by chance.
 * - `npm run test:explore` (vitest's `--mode explore`): a new random seed per run and 10 times the
 *   runs, for local exploration; the seed is printed, and `SOLARKIT_PROPERTY_SEED=<seed>` replays it.
 * - `SOLARKIT_PROPERTY_SEED`: an integer (replay a run), or `random`; `SOLARKIT_PROPERTY_RUNS`: the
 *   factor on the number of runs (a positive number).
 */

/** The seed of every CI run and of `npm test` when SOLARKIT_PROPERTY_SEED is unset. */
export const DEFAULT_PROPERTY_SEED = 20_261_124;

/** Factor on the runs of each property in explore mode. */
export const EXPLORE_RUNS_FACTOR = 10;

export interface PropertySettings {
  /** fast-check seed of every property of the run (a 32-bit integer). */
  seed: number;
  /** Multiplies each property's numRuns. */
  runsFactor: number;
  /** Where the seed came from, for the printed line. */
  origin: 'default' | 'environment' | 'random';
}

/**
 * The settings of a run from the environment and vitest's mode ('explore' for test:explore).
 * @throws Error naming the variable when SOLARKIT_PROPERTY_SEED or SOLARKIT_PROPERTY_RUNS is malformed
 */
export function propertySettings(env: Record<string, string | undefined>, mode: string | undefined): PropertySettings {
  const explore = mode === 'explore';
  const seedText = env.SOLARKIT_PROPERTY_SEED?.trim() ?? '';
  let seed = DEFAULT_PROPERTY_SEED;
  let origin: PropertySettings['origin'] = 'default';
  if (seedText === 'random' || (seedText === '' && explore)) {
    seed = (Math.random() * 0x1_0000_0000) | 0;
    origin = 'random';
  } else if (seedText !== '') {
    const value = Number(seedText);
    if (!Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 32) {
      throw new Error(`SOLARKIT_PROPERTY_SEED must be a 32-bit integer or 'random', got '${seedText}'`);
    }
    seed = value | 0;
    origin = 'environment';
  }
  const runsText = env.SOLARKIT_PROPERTY_RUNS?.trim() ?? '';
  const runsFactor = runsText === '' ? (explore ? EXPLORE_RUNS_FACTOR : 1) : Number(runsText);
  if (!(runsFactor > 0) || !Number.isFinite(runsFactor)) {
    throw new Error(`SOLARKIT_PROPERTY_RUNS must be a positive factor on each property's runs, got '${runsText}'`);
  }
  return { seed, runsFactor, origin };
}

/** The line printed at the start of a run, so any failure can be replayed. */
export function describePropertySettings(s: PropertySettings): string {
  const from =
    s.origin === 'default'
      ? 'the fixed default'
      : s.origin === 'random'
        ? 'random (test:explore)'
        : 'SOLARKIT_PROPERTY_SEED';
  const replay =
    `SOLARKIT_PROPERTY_SEED=${s.seed}` + (s.runsFactor === 1 ? '' : ` SOLARKIT_PROPERTY_RUNS=${s.runsFactor}`);
  return `property tests: seed ${s.seed} (${from}; replay with ${replay} npx vitest run), runs x${s.runsFactor}`;
}
