/**
 * Scratch columns of the synthetic weather model: the columns of its sample lattice (a year at
 * 5-minute steps is 105,408 doubles, 843 KB a column) handed out again by the next evaluation
 * instead of allocated anew, so a caller that evaluates many places in turn (a fleet's worker
 * thread) allocates them once. Passed explicitly (`syntheticSource({ scratch })`); the module
 * itself holds no state.
 */

/** A set of reusable columns: `take` hands out a zeroed column, `reset` makes them all free again. */
export interface WeatherScratch {
  /** A column of length n, every value 0, not handed out since the last `reset`. */
  take(n: number): Float64Array;
  /** Every column handed out so far may be handed out again (their contents are then overwritten). */
  reset(): void;
}

/**
 * A new, empty set of scratch columns for `syntheticSource({ scratch })` or
 * `defaultWeatherSource({ scratch })`. Give each thread its own; a source with a scratch set must
 * not be evaluated by two callers at once (evaluation is synchronous, so one thread is safe). The
 * values computed are the same bits with or without it; only the allocations differ.
 *
 * @example
 * const scratch = createWeatherScratch();
 * const a = scratch.take(4);
 * a[0] = 7;
 * scratch.reset();
 * const b = scratch.take(4);
 * b === a && b[0] === 0; // => true
 */
export function createWeatherScratch(): WeatherScratch {
  const columns: Float64Array[] = [];
  let next = 0;
  return {
    take(n: number): Float64Array {
      let c = columns[next];
      if (c === undefined || c.length !== n) {
        c = new Float64Array(n);
        columns[next] = c;
      } else {
        c.fill(0);
      }
      next++;
      return c;
    },
    reset(): void {
      next = 0;
    },
  };
}
