import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lambertW, lambertWOfLog } from '../../src/pv/lambert-w.js';
import { runs } from '../support/properties.js';

describe('lambertW', () => {
  it('solves w e^w = x over the whole range of doubles, through its logarithmic form', () => {
    // The defining equation in logarithms, w + log w = log x: evaluating it in doubles costs a few
    // ulps of max(|w|, |log x|), so a residual of 16 eps of that scale means W is exact to rounding
    // (an error of one step of the iteration, 1e-4 for the series start, would be 1e10 times larger).
    fc.assert(
      fc.property(fc.double({ min: -700, max: 1e300, noNaN: true }), (logX) => {
        const w = lambertWOfLog(logX);
        const scale = Math.max(Math.abs(w), Math.abs(logX), 1);
        expect(Math.abs(w + Math.log(w) - logX)).toBeLessThanOrEqual(16 * Number.EPSILON * scale);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('is exact at known points and keeps the special values', () => {
    expect(lambertW(Math.E)).toBeCloseTo(1, 15);
    expect(lambertW(0)).toBe(0);
    expect(lambertW(1)).toBeCloseTo(0.5671432904097838, 15);
    // W(x e^x) = x, also beyond exp's range: x = 1000 means an argument of e^1006.9.
    expect(lambertWOfLog(1000 + Math.log(1000))).toBeCloseTo(1000, 10);
    expect(lambertW(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(lambertWOfLog(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(lambertW(-1)).toBeNaN();
    expect(lambertW(Number.NaN)).toBeNaN();
    expect(lambertWOfLog(Number.NaN)).toBeNaN();
  });

  it('keeps the relative precision of tiny arguments (W(x) = x - x^2 + ...)', () => {
    // W goes through log x and back: the rounding of log x (|log x| eps absolute) becomes a relative
    // error of |log x| eps in x = exp(log x); the series and the check add a few eps.
    for (const x of [1e-300, 1e-20, 1e-9, 9e-5, 1.1e-4]) {
      const w = lambertW(x);
      expect(Math.abs(w * Math.exp(w) - x) / x).toBeLessThan((Math.abs(Math.log(x)) + 4) * Number.EPSILON);
    }
  });
});
