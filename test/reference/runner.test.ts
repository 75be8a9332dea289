/**
 * The runner itself: it must report FAIL when values are off, MISSING when no handler computes a
 * case, and treat null (NaN in the reference) strictly, on any directory of the schema.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDirectory } from './runner.js';
import { type CaseHandler, TOLERANCE } from './schema.js';

const dir = mkdtempSync(join(tmpdir(), 'solarkit-ref-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  join(dir, 'toy.json'),
  JSON.stringify({
    source: 'test',
    description: 'doubling',
    cases: {
      double_ok: { params: {}, inputs: { x: [1, 2, null] }, expected: { y: [2, 4, null] } },
      double_off: { params: {}, inputs: { x: [1, 2, 3] }, expected: { y: [2, 4, 6.001] } },
      double_nan_expected: { params: {}, inputs: { x: [1, 2] }, expected: { y: [2, null] } },
      azimuth_wrap: { params: {}, inputs: { x: [179.9999999995] }, expected: { y: [0] } },
      unknown_model: { params: {}, inputs: { x: [1] }, expected: { y: [1] } },
    },
  }),
);
writeFileSync(join(dir, 'notes.json'), JSON.stringify({ unrelated: true }));

const doubling: CaseHandler = {
  variant: 'double',
  matches: (stem, name) => stem === 'toy' && name.startsWith('double'),
  run: (c) => ({ y: Float64Array.from(c.inputs.x!, (v) => (v === null ? Number.NaN : 2 * v)) }),
  defaultTolerance: TOLERANCE.value,
};
const wrapping: CaseHandler = {
  variant: 'wrap',
  matches: (_stem, name) => name === 'azimuth_wrap',
  run: (c) => ({ y: Float64Array.from(c.inputs.x!, (v) => 2 * (v ?? 0)) }), // 359.999999999 ~ 0
  defaultTolerance: TOLERANCE.azimuth,
};

describe('reference runner', () => {
  const reports = runDirectory(dir, [doubling, wrapping]);
  const status = Object.fromEntries(reports.map((r) => [r.caseName, r.status]));

  it('passes, fails, wraps angles and reports missing cases', () => {
    expect(status).toEqual({
      double_ok: 'PASS',
      double_off: 'FAIL',
      double_nan_expected: 'FAIL', // the reference says NaN, the handler gave 4
      azimuth_wrap: 'PASS',
      unknown_model: 'MISSING',
    });
    const off = reports.find((r) => r.caseName === 'double_off')!;
    expect(off.columns[0]!.failures).toBe(1);
    expect(off.columns[0]!.worstRow).toBe(2);
    expect(off.columns[0]!.maxAbsError).toBeCloseTo(0.001, 9);
  });

  it('exits non-zero from the command line when a case fails or is missing', () => {
    const run = () =>
      execFileSync(process.execPath, ['--import', 'tsx', resolve(__dirname, 'run.ts'), '--dir', dir], {
        encoding: 'utf8',
      });
    let output = '';
    let code = 0;
    try {
      output = run();
    } catch (err) {
      const e = err as { status: number; stdout: string };
      code = e.status;
      output = e.stdout;
    }
    expect(code).toBe(1);
    expect(output).toMatch(/^MISSING +toy\/unknown_model/m);
  });
});
