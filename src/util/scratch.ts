/**
 * Work columns of synchronous kernels, reused from call to call. A 19-year hourly history needs
 * about twenty intermediate columns of 1.3 MB each (noise octaves, the daylight hours' inputs):
 * allocated afresh, every one is zero-filled memory the system maps and the engine's collector
 * then sweeps, a tenth of the history's time. A kernel marks the stack, takes what it needs and
 * releases the mark when done (in a `finally`), so nested kernels stack their columns; nothing
 * taken here may be returned to a caller or kept after the release.
 */

/** Buffers by depth of the stack; a column is the first n values of its buffer. */
const buffers: Float64Array[] = [];
let depth = 0;
/** Values kept for reuse at most (24 MiB); buffers beyond are dropped at the outermost release. */
const KEEP_VALUES = 3 * 2 ** 20;

/**
 * The current depth of the stack, to hand back to {@link releaseScratch} when done.
 * @example
 * const mark = scratchMark();
 * try {
 *   const work = scratchColumn(4);
 *   work.fill(2);
 * } finally {
 *   releaseScratch(mark);
 * }
 * scratchMark() === mark; // => true
 */
export function scratchMark(): number {
  return depth;
}

/**
 * A work column of n values, valid until the release of a mark taken before it: zero-filled, or
 * with `zeroed` false as left by its last use (for a column the caller writes whole).
 * @example
 * const mark = scratchMark();
 * const work = scratchColumn(3);
 * const zeros = work.every((v) => v === 0);
 * releaseScratch(mark);
 * zeros; // => true
 */
export function scratchColumn(n: number, zeroed = true): Float64Array {
  let buffer = buffers[depth];
  if (buffer === undefined || buffer.length < n) {
    buffer = new Float64Array(n);
    buffers[depth] = buffer;
    depth++;
    return buffer;
  }
  depth++;
  const column = buffer.length === n ? buffer : buffer.subarray(0, n);
  if (zeroed) column.fill(0);
  return column;
}

/**
 * Gives back every column taken since `mark` (scratchMark). At the outermost release, buffers
 * beyond KEEP_VALUES values in all are dropped, so a rare large call does not hold its memory.
 * @example
 * const mark = scratchMark();
 * scratchColumn(8);
 * releaseScratch(mark);
 * scratchMark() === mark; // => true
 */
export function releaseScratch(mark: number): void {
  depth = mark;
  if (mark !== 0) return;
  let kept = 0;
  for (let i = 0; i < buffers.length; i++) {
    kept += buffers[i]!.length;
    if (kept > KEEP_VALUES) {
      buffers.length = i;
      return;
    }
  }
}
