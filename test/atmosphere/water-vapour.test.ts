import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gueymard94Pw, rhFromTdew, tdewFromRh } from '../../src/atmosphere/index.js';

const f64 = (...xs: number[]) => Float64Array.from(xs);

describe('gueymard94Pw', () => {
  it('grows with humidity and temperature, and is at least 0.1 cm', () => {
    const pw = gueymard94Pw(f64(0, 20, 20, 35, -40), f64(50, 50, 90, 90, 0));
    expect(pw[1]!).toBeGreaterThan(pw[0]!);
    expect(pw[2]!).toBeGreaterThan(pw[1]!);
    expect(pw[3]!).toBeGreaterThan(pw[2]!);
    expect(pw[4]).toBe(0.1);
    // A warm humid day: several centimetres (Gueymard 1994: 1-3 cm typical, more in the tropics).
    expect(pw[3]!).toBeGreaterThan(3);
  });

  it('NaN in gives NaN out, and kelvin is refused', () => {
    expect(Number.isNaN(gueymard94Pw(f64(Number.NaN), 50)[0]!)).toBe(true);
    expect(() => gueymard94Pw(f64(293, 300), 50)).toThrow(/gueymard94Pw: tempAir looks like kelvin/);
  });
});

describe('rhFromTdew and tdewFromRh', () => {
  it('are inverses of each other (Magnus)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -40, max: 50, noNaN: true }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        (t, rh) => {
          const dew = tdewFromRh({ tempAir: t, relativeHumidity: rh });
          const back = rhFromTdew({ tempAir: t, tempDew: dew });
          // Two exponentials and a logarithm of numbers near 1: within 1e-10 relative.
          expect(Math.abs(back[0]! / rh - 1)).toBeLessThan(1e-10);
        },
      ),
    );
  });

  it('gives 100 % at the dew point, and the WMO example (25 C, dew point 15 C: 54 %)', () => {
    expect(rhFromTdew({ tempAir: 18, tempDew: 18 })[0]).toBe(100);
    expect(rhFromTdew({ tempAir: 25, tempDew: 15 })[0]).toBeCloseTo(53.8, 1);
    expect(tdewFromRh({ tempAir: 25, relativeHumidity: 100 })[0]).toBeCloseTo(25, 12);
  });

  it('takes other Magnus coefficients and refuses malformed ones', () => {
    const a = rhFromTdew({ tempAir: 25, tempDew: 15 }, { coeff: [6.1094, 17.625, 243.04] })[0]!;
    expect(a).not.toBe(rhFromTdew({ tempAir: 25, tempDew: 15 })[0]);
    expect(() => rhFromTdew({ tempAir: 25, tempDew: 15 }, { coeff: [1, 2] as never })).toThrow(
      /rhFromTdew: options.coeff/,
    );
  });
});
