import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cosDegTable } from '../../src/util/trigTables.js';

describe('table cosine used inside the transposition and Erbs loops', () => {
  it('agrees with Math.cos to 4e-15 for any angle within +-2000 deg, and is exact at quarter turns', () => {
    fc.assert(
      fc.property(fc.double({ min: -2000, max: 2000, noNaN: true }), (x) => {
        expect(Math.abs(cosDegTable(x) - Math.cos((x * Math.PI) / 180))).toBeLessThan(4e-15);
      }),
      { numRuns: 2000 },
    );
    expect(cosDegTable(90)).toBe(0);
    expect(cosDegTable(180)).toBe(-1);
    expect(cosDegTable(-360)).toBe(1);
    expect(Number.isNaN(cosDegTable(Number.NaN))).toBe(true);
    expect(Number.isNaN(cosDegTable(Number.POSITIVE_INFINITY))).toBe(true);
  });
});
