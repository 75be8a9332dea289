/**
 * Putting a series in time order: the functions whose results depend on the order and spacing of
 * their rows (energy sums, soiling and transient temperature models, typical-year selection,
 * resampling) refuse times that do not increase strictly, naming the first bad index. This is the
 * helper for a caller who has rows newest first (the API's live responses), shuffled or repeated.
 */
import type { Column } from '../util/columns.js';
import { checkObject, checkOneOf, isFloat64Array, typeFailure } from '../util/validate.js';

/** Options of {@link sortByTime}. */
export interface SortByTimeOptions {
  /** Name of the time column, Unix seconds (default 'unixSeconds', else 'periodEnd' when that is the one given). */
  time?: string;
  /**
   * What to do with rows that share a time: 'refuse' (default: a RangeError naming both rows, since
   * which one is right is the caller's call) or 'first' (keep the row that comes first in the input).
   */
  duplicates?: 'refuse' | 'first';
}

const FN = 'sortByTime';

/**
 * Sorts every column of a set of equal-length columns by the time column, oldest first, so that
 * the times increase strictly as `simulatePv`, the soiling models and the other time-ordered
 * functions require. Rows keep their values together; rows of equal times are refused (or the
 * first is kept: `duplicates: 'first'`); numbers (a value for every row) pass through unchanged.
 * The input is not modified: the result holds new arrays (or the input's own when already in
 * order, with nothing to drop). O(n log n).
 *
 * @param columns named columns of one length (Float64Arrays) or numbers, one of them the times
 *   (Unix seconds)
 * @param options `time`, the name of the time column; `duplicates`, 'refuse' or 'first'
 * @returns the same names, each column in time order
 * @throws TypeError when the time column is missing or a column is not a Float64Array or a number;
 *   RangeError for columns of different lengths, a NaN time, or (with 'refuse') two rows of one time
 * @example
 * // The API's live rows come newest first:
 * const live = { unixSeconds: Float64Array.of(7200, 3600, 0), ghi: Float64Array.of(300, 200, 100), airTemp: 15 };
 * const sorted = sortByTime(live);
 * Array.from(sorted.ghi); // => [100, 200, 300]
 * Array.from(sortByTime({ unixSeconds: Float64Array.of(0, 3600, 0), ghi: Float64Array.of(1, 2, 3) }, { duplicates: 'first' }).ghi); // => [1, 2]
 */
export function sortByTime<T extends Record<string, Column | undefined>>(
  columns: T,
  options: SortByTimeOptions = {},
): T {
  checkObject(FN, 'columns', columns);
  checkObject(FN, 'options', options);
  const duplicates =
    options.duplicates === undefined
      ? 'refuse'
      : checkOneOf(FN, 'options.duplicates', options.duplicates, ['refuse', 'first'] as const);
  const name =
    options.time ??
    (columns.unixSeconds === undefined && columns.periodEnd !== undefined ? 'periodEnd' : 'unixSeconds');
  const t = columns[name];
  if (!isFloat64Array(t))
    typeFailure(FN, `columns.${name}`, 'a Float64Array of times, Unix seconds (name it with options.time)', t);
  const n = t.length;
  for (const [key, c] of Object.entries(columns)) {
    if (c === undefined || typeof c === 'number') continue;
    if (!isFloat64Array(c)) typeFailure(FN, `columns.${key}`, 'a Float64Array or a number', c);
    if (c.length !== n)
      throw new RangeError(`${FN}: columns.${key} has length ${c.length} but columns.${name} has length ${n}`);
  }
  for (let i = 0; i < n; i++) {
    if (t[i]! !== t[i]!)
      throw new RangeError(`${FN}: columns.${name}[${i}] is NaN; a row without a time cannot be placed`);
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => t[a]! - t[b]! || a - b);
  const keep: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    if (keep.length > 0 && t[keep[keep.length - 1]!] === t[i]) {
      if (duplicates === 'refuse') {
        const first = keep[keep.length - 1]!;
        throw new RangeError(
          `${FN}: columns.${name} repeats ${t[i]} at index ${Math.max(first, i)} (also index ${Math.min(first, i)}); ` +
            "drop one of the rows, or pass { duplicates: 'first' } to keep the first",
        );
      }
      continue;
    }
    keep.push(i);
  }
  let inOrder = keep.length === n;
  for (let k = 0; inOrder && k < n; k++) inOrder = keep[k] === k;
  if (inOrder) return columns;
  const out: Record<string, Column | undefined> = {};
  for (const [key, c] of Object.entries(columns)) {
    out[key] = c === undefined || typeof c === 'number' ? c : Float64Array.from(keep, (i) => c[i]!);
  }
  return out as T;
}
