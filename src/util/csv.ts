/**
 * CSV text from columns: the core's way to hand a series to a spreadsheet, pandas or R.
 */
import { checkObject, isFloat64Array, rangeFailure, typeFailure } from './validate.js';

/** A column of {@link toCsv}: numbers (a typed array or an array) or text. */
export type CsvColumn = ArrayLike<number> | readonly string[];

/** Options of {@link toCsv}. */
export interface CsvOptions {
  /**
   * Columns holding Unix seconds, written as ISO 8601 UTC (`2024-06-21T12:00:00Z`) instead of
   * numbers. Default: `unixSeconds` and `periodEnd` when present.
   */
  timeColumns?: readonly string[];
  /** Decimals of every number, or per column (default: the shortest text that reads back exactly). */
  decimals?: number | Readonly<Record<string, number>>;
  /** Line end (default '\n'; '\r\n' as RFC 4180). */
  newline?: '\n' | '\r\n';
}

const DEFAULT_TIME_COLUMNS = ['unixSeconds', 'periodEnd'];

/** A text cell, quoted when it holds a comma, a quote or a line break (RFC 4180). */
function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function isoSeconds(t: number): string {
  const ms = t * 1000;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return '';
  const iso = new Date(Math.round(ms)).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/**
 * CSV text (RFC 4180) of equal-length columns: a header of the column names in the object's
 * order, then one line per row. Numbers are written in full (or with `decimals`), NaN as an empty
 * cell; time columns (`unixSeconds`, `periodEnd`, or `timeColumns`) as ISO 8601 UTC; text columns
 * (arrays of strings, e.g. weather_type) quoted where needed. Columns may be Float64Arrays, other
 * typed arrays, or arrays of numbers or strings; an absent (undefined) column is left out, so the
 * columns of a result pass as they are (`toCsv(simulatePv(...).columns)`).
 *
 * @example
 * const csv = toCsv({ unixSeconds: Float64Array.of(1718971200, 1718974800), ac: Float64Array.of(2.5, Number.NaN) });
 * csv; // => 'unixSeconds,ac\n2024-06-21T12:00:00Z,2.5\n2024-06-21T13:00:00Z,\n'
 */
export function toCsv<T extends { [K in keyof T]?: CsvColumn }>(columns: T, options: CsvOptions = {}): string {
  const fn = 'toCsv';
  checkObject(fn, 'columns', columns);
  checkObject(fn, 'options', options);
  const table = columns as Readonly<Record<string, CsvColumn | undefined>>;
  // Absent optional columns (undefined) are left out.
  const names = Object.keys(table).filter((k) => table[k] !== undefined);
  if (names.length === 0) rangeFailure(fn, 'columns', 'an object with at least one column', columns);
  let n = -1;
  let first = '';
  for (const name of names) {
    const c = table[name] as unknown;
    if (!(isFloat64Array(c) || ArrayBuffer.isView(c) || Array.isArray(c))) {
      typeFailure(fn, `columns.${name}`, 'a column (a typed array, or an array of numbers or strings)', c);
    }
    const length = (c as ArrayLike<unknown>).length;
    if (n === -1) {
      n = length;
      first = name;
    } else if (length !== n) {
      throw new RangeError(
        `${fn}: columns.${name} has length ${length} but columns.${first} has length ${n} (columns of one table have one length)`,
      );
    }
  }
  const timeColumns = new Set(options.timeColumns ?? DEFAULT_TIME_COLUMNS.filter((c) => names.includes(c)));
  for (const t of timeColumns)
    if (!names.includes(t)) rangeFailure(fn, 'options.timeColumns', `names of columns (${names.join(', ')})`, t);
  const decimals = options.decimals;
  const decimalsOf = (name: string): number | undefined => {
    const d = typeof decimals === 'number' ? decimals : decimals?.[name];
    if (d !== undefined && !(Number.isInteger(d) && d >= 0 && d <= 100))
      rangeFailure(fn, 'options.decimals', 'a whole number from 0 to 100', d);
    return d;
  };
  const newline = options.newline ?? '\n';
  // One formatter per column, chosen once; then rows are joined.
  const cells: ((i: number) => string)[] = names.map((name) => {
    const c = table[name]!;
    if (timeColumns.has(name)) return (i) => isoSeconds(Number(c[i]));
    const d = decimalsOf(name);
    return (i) => {
      const v = c[i];
      if (typeof v === 'string') return quote(v);
      if (typeof v !== 'number' || v !== v) return '';
      return d === undefined ? String(v) : v.toFixed(d);
    };
  });
  const lines: string[] = new Array(n + 1);
  lines[0] = names.map(quote).join(',');
  for (let i = 0; i < n; i++) {
    let line = cells[0]!(i);
    for (let j = 1; j < cells.length; j++) line += `,${cells[j]!(i)}`;
    lines[i + 1] = line;
  }
  return lines.join(newline) + newline;
}
