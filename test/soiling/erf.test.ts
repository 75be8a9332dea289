import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { erf, erfInv } from '../../src/soiling/erf.js';

describe('erf', () => {
  // Reference values: the C library's erf (Python math.erf), which agree with Abramowitz &
  // Stegun Table 7.1 where it has digits.
  const table: [number, number][] = [
    [0, 0],
    [0.1, 0.1124629160182849],
    [0.46875, 0.49261347321793797],
    [0.5, 0.5204998778130465],
    [1, 0.8427007929497149],
    [2, 0.9953222650189527],
    [3.5, 0.9999992569016276],
    [5, 0.9999999999984626],
    [30, 1],
  ];
  it('matches tabulated values to rounding', () => {
    for (const [x, v] of table) {
      expect(Math.abs(erf(x) - v)).toBeLessThanOrEqual(2e-16 * Math.max(1, v) + 1e-17);
      expect(erf(-x)).toBe(-erf(x));
    }
  });

  it('is odd, increasing and bounded by 1 in magnitude', () => {
    fc.assert(
      fc.property(fc.double({ min: -8, max: 8, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (x, dx) => {
        expect(Math.abs(erf(x))).toBeLessThanOrEqual(1);
        expect(erf(x + dx)).toBeGreaterThanOrEqual(erf(x));
      }),
    );
  });

  it('is NaN for NaN', () => expect(erf(Number.NaN)).toBeNaN());
});

describe('erfInv', () => {
  it('inverts erf', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.999999, max: 0.999999, noNaN: true }), (p) => {
        expect(erf(erfInv(p))).toBeCloseTo(p, 14);
      }),
    );
  });
  it('has the limits at +-1 and NaN outside', () => {
    expect(erfInv(1)).toBe(Number.POSITIVE_INFINITY);
    expect(erfInv(-1)).toBe(Number.NEGATIVE_INFINITY);
    expect(erfInv(1.5)).toBeNaN();
    expect(erfInv(0)).toBe(0);
  });
});
