/**
 * docs/api.md is complete where a user looks things up: its "Errors" section lists every error code
 * the server can answer (each `error_code` literal of the server's source: the codes of `ApiError`,
 * `errorBody`, field errors, the parameter definitions' own codes) and each HTTP status the source
 * throws; its "Output parameters" table gives every output parameter with the unit the server
 * documents in /openapi.json (products/outputs.ts).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import {
  FORECAST_ONLY_OUTPUTS,
  RADIATION_OUTPUTS,
  ROOFTOP_FORECAST_OUTPUTS,
  SITE_POWER_OUTPUTS,
  SOILING_OUTPUTS,
  outputDocs,
} from '../../src/products/outputs.js';

const serverSrc = resolve(__dirname, '../../src');
const apiMd = resolve(__dirname, '../../../../docs/api.md');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The first argument of a call (or the value of a property) starting at `from`: up to a comma or bracket at depth 0. */
function firstArgument(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return text.slice(from, i);
      depth--;
    } else if (c === ',' && depth === 0) return text.slice(from, i);
  }
  return text.slice(from);
}

/** Every error code literal of the server's source, with the HTTP statuses of its ApiErrors. */
function emittedCodes(): { codes: Set<string>; statuses: Set<number> } {
  const codes = new Set<string>();
  const statuses = new Set<number>();
  // A code is the first argument of these calls (after the status of an ApiError) or the value of these properties.
  const marker =
    /\b(?:fieldError|err|errorBody)\(\s*|\bnew ApiError\(\s*(\d{3}),\s*|\b(?:error_code|errorCode|enumErrorCode|code):\s*/g;
  for (const file of sourceFiles(serverSrc)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(marker)) {
      if (m[1] !== undefined) statuses.add(Number(m[1]));
      const argument = firstArgument(text, m.index + m[0].length);
      // A literal, or a choice between literals (`integer ? 'InvalidInteger' : 'InvalidNumber'`).
      for (const literal of argument.matchAll(/'([A-Z][A-Za-z0-9]+)'/g)) codes.add(literal[1]!);
    }
  }
  return { codes, statuses };
}

it('every error code and status the server source can answer is listed in docs/api.md', () => {
  const doc = readFileSync(apiMd, 'utf8');
  const errors = doc.slice(doc.indexOf('\n## Errors'));
  expect(errors.length).toBeGreaterThan(100);
  const { codes, statuses } = emittedCodes();
  // The extraction finds what it must (a wrong pattern would find nothing and pass).
  for (const known of [
    'BadRequest',
    'InvalidNumber',
    'InvalidInteger',
    'Predicate',
    'MethodNotAllowed',
    'StorageLimit',
  ])
    expect(codes).toContain(known);
  expect(statuses).toContain(503);
  const listed = new Set([...errors.matchAll(/`([A-Z][A-Za-z0-9]+)`/g)].map((m) => m[1]!));
  expect([...codes].filter((c) => !listed.has(c)).sort()).toEqual([]);
  expect([...statuses].filter((s) => !new RegExp(`\\b${s}\\b`).test(errors)).sort()).toEqual([]);
});

it('every output parameter is in the Output parameters table of docs/api.md, with its unit', () => {
  const doc = readFileSync(apiMd, 'utf8');
  const start = doc.indexOf('\n## Output parameters');
  expect(start).toBeGreaterThan(0);
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  const rows = [...section.matchAll(/^\| (.+?) \| (.+?) \| .+ \|$/gm)].map((m) => ({
    names: [...m[1]!.matchAll(/`([^`]+)`/g)].map((n) => n[1]!),
    unit: m[2]!,
  }));
  const names = [
    ...new Set([
      ...Object.keys(RADIATION_OUTPUTS),
      ...Object.keys(FORECAST_ONLY_OUTPUTS),
      ...Object.keys(ROOFTOP_FORECAST_OUTPUTS),
      ...Object.keys(SOILING_OUTPUTS),
      ...Object.keys(SITE_POWER_OUTPUTS),
    ]),
  ];
  expect(names.length).toBeGreaterThan(45);
  for (const o of outputDocs(names)) {
    const row = rows.find((r) => r.names.includes(o.name));
    expect(row, o.name).toBeDefined();
    expect(row!.unit, o.name).toBe(o.unit);
  }
});
