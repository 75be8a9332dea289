import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastLog } from '../../src/util/fast-log.js';
import { runs } from '../support/properties.js';

describe('fastLog', () => {
  it('agrees with Math.log within 4e-16 absolute plus 4 ulp relative over the positive normal doubles', () => {
    // Error analysis: e ln2 + ln c_j + p(r), with r = x 2^-e / c_j - 1 rounded twice (|dr| <= 2.3e-16
    // r, 0 <= r < 1/128) and the series truncated at r^7 (r^8 / 8 < 2e-18); the three terms' sum
    // rounds to within 2 ulp of the result and ln2 carries 1.1e-16 relative, so |error| <= 4e-16 +
    // 4.4e-16 |ln x|.
    fc.assert(
      fc.property(fc.double({ min: 2.2250738585072014e-308, max: Number.MAX_VALUE, noNaN: true }), (x) => {
        const exact = Math.log(x);
        expect(Math.abs(fastLog(x) - exact)).toBeLessThanOrEqual(4e-16 + 4.4e-16 * Math.abs(exact));
      }),
      { numRuns: runs(2000) },
    );
    for (let k = 0; k <= 2000; k++) {
      const x = 0.5 + k / 1000;
      expect(Math.abs(fastLog(x) - Math.log(x))).toBeLessThanOrEqual(4e-16 + 4.4e-16 * Math.abs(Math.log(x)));
    }
  });

  it('is exact at 1 and at powers of two, and hands the other doubles to Math.log', () => {
    expect(fastLog(1)).toBe(0);
    expect(fastLog(2)).toBe(Math.LN2);
    expect(fastLog(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(fastLog(-1)).toBeNaN();
    expect(fastLog(Number.NaN)).toBeNaN();
    expect(fastLog(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(fastLog(5e-324)).toBe(Math.log(5e-324));
  });
});
