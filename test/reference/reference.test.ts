/**
 * The reference runner inside `npm test`: every case of fixtures/reference against pvlib's values.
 * A case that no handler computes fails (as it does on the command line, where it counts as
 * MISSING): a reference value nobody checks is not a passing test.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allHandlers } from './dispatch/index.js';
import { formatReport, handlersFor, loadReferenceDir, runCase } from './runner.js';

const cases = loadReferenceDir(resolve(__dirname, '../../fixtures/reference'));

describe('reference values (fixtures/reference)', () => {
  it('loads the reference files', () => {
    expect(cases.length).toBeGreaterThan(30);
  });

  for (const c of cases) {
    const handlers = handlersFor(allHandlers, c);
    if (handlers.length === 0) {
      it(`${c.fileStem}/${c.caseName}: has a handler`, () => {
        expect.fail(
          `no handler computes ${c.fileStem}/${c.caseName}: add one to test/reference/dispatch/${c.fileStem}.ts`,
        );
      });
      continue;
    }
    for (const h of handlers) {
      it(`${c.fileStem}/${c.caseName} [${h.variant}]`, () => {
        const report = runCase(c, h);
        expect(report.status, formatReport(report)).toBe('PASS');
      });
    }
  }
});
