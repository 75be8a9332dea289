import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atan2Table, cosDegTable } from '../../src/util/trig-tables.js';
import { runs } from '../support/properties.js';

const U = 2 ** -53; // unit roundoff of a double
const PI_ERROR = Math.abs(Math.PI - 3.14159265358979323846264338327950288) / Math.PI; // 3.9e-17: Math.PI is pi rounded

/**
 * How far cosDegTable(x) and Math.cos(x * Math.PI / 180) may differ, from the error of each:
 * - the reference evaluates cos at fl(fl(x * Math.PI) / 180), which is off from x deg in radians
 *   by at most |x| (pi/180) (PI_ERROR + 2U) (two roundings and Math.PI's own error): up to
 *   9.1e-15 rad at |x| = 2000, and a cosine moves by at most that; plus Math.cos's own < 1 ulp;
 * - the table reduces x to [0, 360) exactly (x - 360 k is a double for |x| < 2^44) and reads node
 *   values that are Math.cos/Math.sin of node angles computed the same way, so off by at most
 *   360 (pi/180) (PI_ERROR + 2U) = 1.6e-15; its series for the remainder (|r| <= 0.125 deg)
 *   truncates below 2e-19 and rounds within a few ulp of 1 (< 5e-16).
 * Summed: (|x| + 360) (pi/180) (PI_ERROR + 2U) + 6e-16, i.e. 1.1e-14 at 2000 deg. (The earlier
 * bound, 4e-15 for every x, was the tightest that had passed; CI found 5.2e-15 at x = 1879.27.)
 */
function allowedDifference(x: number): number {
  return (Math.abs(x) + 360) * (Math.PI / 180) * (PI_ERROR + 2 * U) * (1 + 1e-3) + 6e-16;
}

describe('table cosine used inside the transposition, Erbs and tracking loops', () => {
  it("agrees with Math.cos within the sum of both functions' rounding errors for any angle within +-2000 deg", () => {
    fc.assert(
      fc.property(fc.double({ min: -2000, max: 2000, noNaN: true }), (x) => {
        expect(Math.abs(cosDegTable(x) - Math.cos((x * Math.PI) / 180))).toBeLessThanOrEqual(allowedDifference(x));
      }),
      { numRuns: runs(2000) },
    );
  });

  it('is exact at quarter turns and NaN for NaN and infinities', () => {
    expect(cosDegTable(90)).toBe(0);
    expect(cosDegTable(180)).toBe(-1);
    expect(cosDegTable(-360)).toBe(1);
    const ci = 1879.2704942930366; // CI's counterexample to the old bound: 5.2e-15 apart
    expect(Math.abs(cosDegTable(ci) - Math.cos((ci * Math.PI) / 180))).toBeLessThanOrEqual(allowedDifference(ci));
    expect(Number.isNaN(cosDegTable(Number.NaN))).toBe(true);
    expect(Number.isNaN(cosDegTable(Number.POSITIVE_INFINITY))).toBe(true);
  });
});

describe('tabulated atan2 of the tracking loop', () => {
  it('agrees with Math.atan2 to 1e-15 rad in every quadrant and at every scale (normal numbers)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.integer({ min: -300, max: 300 }),
        (y, x, e) => {
          // Normal numbers: a zero y keeps no sign here (Math.atan2 gives -pi for (-0, x < 0), see the
          // exact cases below), and subnormal quotients lose the table's precision.
          const s = 2 ** e;
          fc.pre(Math.abs(y * s) > 1e-290 && (x === 0 || Math.abs(x * s) > 1e-290));
          expect(Math.abs(atan2Table(y * s, x * s) - Math.atan2(y * s, x * s))).toBeLessThan(1e-15);
        },
      ),
      { numRuns: runs(5000) },
    );
  });

  it('gives the exact angles of the axes and diagonals, 0 for (0, 0), and NaN for NaN', () => {
    expect(atan2Table(0, 1)).toBe(0);
    expect(atan2Table(1, 0)).toBe(Math.PI / 2);
    expect(atan2Table(0, -1)).toBe(Math.PI);
    expect(atan2Table(-1, 0)).toBe(-Math.PI / 2);
    expect(atan2Table(1, 1)).toBe(Math.PI / 4);
    expect(atan2Table(0, 0)).toBe(0);
    expect(Number.isNaN(atan2Table(Number.NaN, 1))).toBe(true);
    expect(Number.isNaN(atan2Table(1, Number.NaN))).toBe(true);
  });
});
