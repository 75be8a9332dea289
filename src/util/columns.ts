/**
 * Column helpers shared by the kernels. A series is a set of equal-length Float64Arrays;
 * an input given as a plain number is broadcast over the series.
 */

/** A column of values, or one value that stands for every row. */
export type Column = Float64Array | number;

/**
 * Length of the series described by some inputs: the length of the first array among them,
 * or 1 when every input is a scalar.
 * @throws RangeError when two array inputs differ in length.
 */
export function seriesLength(...inputs: Column[]): number {
  let n = -1;
  for (const x of inputs) {
    if (typeof x === 'number') continue;
    if (n === -1) n = x.length;
    else if (x.length !== n) {
      throw new RangeError(`columns differ in length: ${n} and ${x.length}`);
    }
  }
  return n === -1 ? 1 : n;
}

/**
 * The input as a Float64Array of length n: an array input is returned as it is (no copy),
 * a scalar is broadcast into a new array. Kernels call this once per input, outside their loop.
 */
export function asColumn(x: Column, n: number): Float64Array {
  if (typeof x !== 'number') return x;
  return new Float64Array(n).fill(x);
}

/** The caller's output buffer when given (checked for length), else a new one of length n. */
export function outputColumn(out: Float64Array | undefined, n: number, name = 'out'): Float64Array {
  if (out === undefined) return new Float64Array(n);
  if (out.length !== n) throw new RangeError(`${name} has length ${out.length}, expected ${n}`);
  return out;
}
