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

/**
 * The array behind a column, or null when the column is one value (or absent, or null): a kernel
 * reads `array !== null ? array[i] : scalar` with the scalar from {@link scalarOf}.
 */
export function arrayOf(x: Column | null | undefined): Float64Array | null {
  return x === undefined || x === null || typeof x === 'number' ? null : x;
}

/**
 * The value of a one-value column; `fallback` when the column is absent (or null); 0 for an array
 * column, whose rows are read from {@link arrayOf} instead.
 */
export function scalarOf(x: Column | null | undefined, fallback = 0): number {
  return x === undefined || x === null ? fallback : typeof x === 'number' ? x : 0;
}

/**
 * A column as an array to index with {@link maskOf}: the array itself, or the one value (or the
 * fallback when absent) in a one-element array.
 */
export function columnOf(x: Column | undefined, fallback: number): Float64Array {
  return x === undefined ? Float64Array.of(fallback) : typeof x === 'number' ? Float64Array.of(x) : x;
}

/**
 * Index mask for {@link columnOf}: -1 (all bits) for an array, 0 for a one-value column, so that a
 * loop reads row i as `columnOf(x)[i & maskOf(x)]` with one AND instead of a test and a select
 * (columns are shorter than 2^31 rows, so i & -1 is i).
 */
export function maskOf(x: Column | undefined): number {
  return x === undefined || typeof x === 'number' ? 0 : -1;
}

/**
 * Whether two arrays share any memory: then one cannot serve as scratch space while the other is
 * still read (kernels that keep an intermediate column in their output buffer check this first).
 */
export function sharesMemory(a: Float64Array, b: Float64Array): boolean {
  return (
    a.buffer === b.buffer && a.byteOffset < b.byteOffset + b.byteLength && b.byteOffset < a.byteOffset + a.byteLength
  );
}
