import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atan2Table, cosDegTable } from '../../src/util/trigTables.js';

describe('table cosine used inside the transposition, Erbs and tracking loops', () => {
  it('agrees with Math.cos to 4e-15 for any angle within +-2000 deg, and is exact at quarter turns', () => {
    fc.assert(
      fc.property(fc.double({ min: -2000, max: 2000, noNaN: true }), (x) => {
        expect(Math.abs(cosDegTable(x) - Math.cos((x * Math.PI) / 180))).toBeLessThan(4e-15);
      }),
      { numRuns: 2000, seed: 20 },
    );
    expect(cosDegTable(90)).toBe(0);
    expect(cosDegTable(180)).toBe(-1);
    expect(cosDegTable(-360)).toBe(1);
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
      { numRuns: 5000, seed: 20 },
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
