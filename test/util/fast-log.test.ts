import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastLog, fastLogDegree5 } from '../../src/util/fast-log.js';
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

describe('fastLogDegree5', () => {
  it('agrees with Math.log within 3.9e-14 absolute plus 4.4e-16 relative over the positive normal doubles', () => {
    // fastLog's analysis with the series cut at r^5: the cut adds at most r^6 / 6 < 2^-42 / 6 = 3.8e-14.
    const bound = (exact: number) => 3.9e-14 + 4.4e-16 * Math.abs(exact);
    fc.assert(
      fc.property(fc.double({ min: 2.2250738585072014e-308, max: Number.MAX_VALUE, noNaN: true }), (x) => {
        const exact = Math.log(x);
        expect(Math.abs(fastLogDegree5(x) - exact)).toBeLessThanOrEqual(bound(exact));
      }),
      { numRuns: runs(2000) },
    );
    // The worst r, just below each table point c_(j+1) = 1 + (j + 1) / 128, in several binades.
    for (const scale of [2 ** -1022, 2 ** -10, 1, 2 ** 10, 2 ** 1022]) {
      for (let j = 0; j < 128; j++) {
        const x = scale * (1 + (j + 1) / 128) * (1 - 2 ** -52);
        expect(Math.abs(fastLogDegree5(x) - Math.log(x))).toBeLessThanOrEqual(bound(Math.log(x)));
      }
    }
    for (let k = 0; k <= 2000; k++) {
      const x = 0.5 + k / 1000;
      expect(Math.abs(fastLogDegree5(x) - Math.log(x))).toBeLessThanOrEqual(bound(Math.log(x)));
    }
  });

  it('is exact at 1 and at powers of two, and hands the other doubles to Math.log', () => {
    expect(fastLogDegree5(1)).toBe(0);
    expect(fastLogDegree5(2)).toBe(Math.LN2);
    expect(fastLogDegree5(2 ** -1000)).toBe(-1000 * Math.LN2);
    expect(fastLogDegree5(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(fastLogDegree5(-1)).toBeNaN();
    expect(fastLogDegree5(Number.NaN)).toBeNaN();
    expect(fastLogDegree5(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(fastLogDegree5(5e-324)).toBe(Math.log(5e-324));
  });
});
