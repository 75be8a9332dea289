/**
 * The reference runner: loads every file of the reference schema from a directory, dispatches
 * each case by name to the handlers that compute it, and reports per case and column the
 * largest absolute and relative error against the tolerance.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  type CaseHandler,
  type ComputedColumns,
  type ReferenceCase,
  type ReferenceFile,
  TOLERANCE,
  type Tolerance,
} from './schema.js';

export interface ColumnReport {
  column: string;
  maxAbsError: number;
  maxRelError: number;
  /** Row of the worst error relative to its tolerance, or -1. */
  worstRow: number;
  /** Rows that fail the tolerance (including NaN/null mismatches). */
  failures: number;
  tolerance: Tolerance;
}

export interface CaseReport {
  file: string;
  caseName: string;
  variant: string;
  status: 'PASS' | 'FAIL' | 'MISSING' | 'ERROR';
  rows: number;
  columns: ColumnReport[];
  message?: string;
  deviation?: string;
}

export interface LoadedCase {
  file: string;
  fileStem: string;
  caseName: string;
  refCase: ReferenceCase;
}

/** Every case of every *.json file of the schema in `dir`, in file and case order. */
export function loadReferenceDir(dir: string): LoadedCase[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const cases: LoadedCase[] = [];
  for (const file of files) {
    const parsed = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Partial<ReferenceFile>;
    if (parsed === null || typeof parsed !== 'object' || typeof parsed.cases !== 'object' || parsed.cases === null) {
      continue; // not a reference file of this schema
    }
    const fileStem = basename(file, '.json');
    for (const [caseName, refCase] of Object.entries(parsed.cases)) {
      cases.push({ file, fileStem, caseName, refCase });
    }
  }
  return cases;
}

/** The handlers that compute a case (possibly none). */
export function handlersFor(handlers: readonly CaseHandler[], c: LoadedCase): CaseHandler[] {
  return handlers.filter((h) => h.matches(c.fileStem, c.caseName, c.refCase));
}

/** An input column as a Float64Array, with null read as NaN. */
export function inputColumn(refCase: ReferenceCase, name: string): Float64Array {
  const values = refCase.inputs[name];
  if (values === undefined) throw new Error(`input column '${name}' is missing`);
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out[i] = v === null || v === undefined ? Number.NaN : v;
  }
  return out;
}

/** Whether the case gives every one of these input columns. */
export function hasInputs(refCase: ReferenceCase, ...inputs: string[]): boolean {
  return inputs.every((name) => name in refCase.inputs);
}

/** An input column when the case gives it, else undefined (null read as NaN). */
export function optionalInput(refCase: ReferenceCase, name: string): Float64Array | undefined {
  return name in refCase.inputs ? inputColumn(refCase, name) : undefined;
}

/** The handler of the cases whose params.function is `fn` (any file), compared at TOLERANCE.value. */
export function functionHandler(fn: string, run: (refCase: ReferenceCase) => ComputedColumns): CaseHandler {
  return {
    variant: fn,
    matches: (_stem, _name, refCase) => param(refCase, 'function', '') === fn,
    run,
    defaultTolerance: TOLERANCE.value,
  };
}

/** A parameter of the case, or the fallback when absent. */
export function param<T>(refCase: ReferenceCase, name: string, fallback: T): T {
  const v = refCase.params[name];
  return v === undefined || v === null ? fallback : (v as T);
}

/**
 * The pvlib function a case computes: params.function when it names one, else the first of
 * `functions` that the case name is or starts with (`<function>_`), so list longer names first.
 */
export function pvlibFunctionOf(
  caseName: string,
  refCase: ReferenceCase,
  functions: readonly string[],
): string | undefined {
  const named = refCase.params.function;
  if (typeof named === 'string') return named;
  return functions.find((f) => caseName === f || caseName.startsWith(`${f}_`));
}

/** An argument given by pvlib's name as an input column or a scalar param (undefined when neither). */
export function caseArg(refCase: ReferenceCase, name: string): Float64Array | number | undefined {
  if (name in refCase.inputs) return inputColumn(refCase, name);
  return param<number | undefined>(refCase, name, undefined);
}

/** An argument that has no default: an input column or a scalar param. */
export function requiredArg(refCase: ReferenceCase, name: string): Float64Array | number {
  const v = caseArg(refCase, name);
  if (v === undefined) throw new Error(`argument '${name}' is missing`);
  return v;
}

/** A scalar argument (a param, or a one-value input column), or the fallback. */
export function scalarArg(refCase: ReferenceCase, name: string, fallback?: number): number {
  const v = caseArg(refCase, name) ?? fallback;
  if (v === undefined) throw new Error(`argument '${name}' is missing`);
  if (typeof v === 'number') return v;
  if (v.length === 1) return v[0]!;
  throw new Error(`argument '${name}' must be one value here (solarkit takes it as an option)`);
}

function compareColumn(
  column: string,
  expected: (number | null)[],
  actual: ArrayLike<number> | undefined,
  tolerance: Tolerance,
): ColumnReport {
  const report: ColumnReport = {
    column,
    maxAbsError: 0,
    maxRelError: 0,
    worstRow: -1,
    failures: 0,
    tolerance,
  };
  if (actual === undefined || actual.length !== expected.length) {
    report.failures = expected.length;
    report.maxAbsError = Number.POSITIVE_INFINITY;
    return report;
  }
  let worstRatio = 0;
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i];
    const a = actual[i] as number;
    if (e === null || e === undefined || Number.isNaN(e)) {
      if (!Number.isNaN(a)) {
        report.failures++;
        report.worstRow = i;
        worstRatio = Number.POSITIVE_INFINITY;
      }
      continue;
    }
    if (!Number.isFinite(a)) {
      report.failures++;
      report.maxAbsError = Number.POSITIVE_INFINITY;
      report.worstRow = i;
      worstRatio = Number.POSITIVE_INFINITY;
      continue;
    }
    let err = Math.abs(a - e);
    if (tolerance.period !== undefined) {
      err = err % tolerance.period;
      err = Math.min(err, tolerance.period - err);
    }
    const rel = e === 0 ? (err === 0 ? 0 : Number.POSITIVE_INFINITY) : err / Math.abs(e);
    if (err > report.maxAbsError) report.maxAbsError = err;
    if (rel > report.maxRelError && Number.isFinite(rel)) report.maxRelError = rel;
    const allowed = Math.max(tolerance.abs, (tolerance.rel ?? 0) * Math.abs(e));
    const ratio = allowed > 0 ? err / allowed : err > 0 ? Number.POSITIVE_INFINITY : 0;
    if (ratio > 1) report.failures++;
    if (ratio > worstRatio) {
      worstRatio = ratio;
      report.worstRow = i;
    }
  }
  return report;
}

/** Run one case with one handler and compare every expected column. */
export function runCase(c: LoadedCase, handler: CaseHandler): CaseReport {
  const expectedColumns = Object.entries(c.refCase.expected);
  const rows = expectedColumns.length > 0 ? expectedColumns[0]![1].length : 0;
  const base = { file: c.file, caseName: c.caseName, variant: handler.variant, rows, deviation: handler.deviation };
  let computed;
  try {
    computed = handler.run(c.refCase);
  } catch (err) {
    return { ...base, status: 'ERROR', columns: [], message: err instanceof Error ? err.message : String(err) };
  }
  const columns = expectedColumns.map(([name, expected]) =>
    compareColumn(name, expected, computed[name], handler.tolerances?.[name] ?? handler.defaultTolerance),
  );
  const status = columns.every((col) => col.failures === 0) ? 'PASS' : 'FAIL';
  return { ...base, status, columns };
}

/** Every case of a directory against the handlers; a case no handler computes is MISSING. */
export function runDirectory(dir: string, handlers: readonly CaseHandler[]): CaseReport[] {
  const reports: CaseReport[] = [];
  for (const c of loadReferenceDir(dir)) {
    const matching = handlersFor(handlers, c);
    if (matching.length === 0) {
      reports.push({ file: c.file, caseName: c.caseName, variant: '-', status: 'MISSING', rows: 0, columns: [] });
      continue;
    }
    for (const h of matching) reports.push(runCase(c, h));
  }
  return reports;
}

function fmt(x: number): string {
  if (x === 0) return '0';
  if (!Number.isFinite(x)) return String(x);
  return x.toExponential(2);
}

/** One line per case: status, file/case [variant], rows, and per column the worst errors. */
export function formatReport(r: CaseReport): string {
  const head = `${r.status.padEnd(7)} ${r.file.replace(/\.json$/, '')}/${r.caseName} [${r.variant}]`;
  if (r.status === 'MISSING') return `${head} no core function computes this case yet`;
  if (r.status === 'ERROR') return `${head} ${r.message ?? ''}`;
  const cols = r.columns
    .map((c) => {
      const tol =
        c.tolerance.rel !== undefined
          ? `abs ${fmt(c.tolerance.abs)}|rel ${fmt(c.tolerance.rel)}`
          : `abs ${fmt(c.tolerance.abs)}`;
      const fails = c.failures > 0 ? ` ${c.failures} bad (row ${c.worstRow})` : '';
      return `${c.column}: abs ${fmt(c.maxAbsError)} rel ${fmt(c.maxRelError)} (tol ${tol})${fails}`;
    })
    .join('; ');
  const dev = r.deviation ? ` DEVIATION: ${r.deviation}` : '';
  return `${head} n=${r.rows} ${cols}${dev}`;
}
