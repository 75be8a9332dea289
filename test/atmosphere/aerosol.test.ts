import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { angstromAlpha, angstromAodAtLambda, birdHulstrom80AodBb, kasten96Lt } from '../../src/atmosphere/index.js';

const f64 = (...xs: number[]) => Float64Array.from(xs);

describe('Angstrom helpers', () => {
  it('angstromAlpha recovers the exponent angstromAodAtLambda used', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 2, noNaN: true }),
        fc.double({ min: 300, max: 1100, noNaN: true }),
        fc.double({ min: 300, max: 1100, noNaN: true }),
        fc.double({ min: 0, max: 2.5, noNaN: true }),
        (aod0, l0, l1, alpha) => {
          fc.pre(Math.abs(l1 / l0 - 1) > 0.01);
          const aod1 = angstromAodAtLambda({ aod0, lambda0: l0, alpha, lambda1: l1 })[0]!;
          const back = angstromAlpha({ aod1: aod0, lambda1: l0, aod2: aod1, lambda2: l1 })[0]!;
          // A ratio of logarithms of ratios >= 1 % from 1: within 1e-12 absolute.
          expect(Math.abs(back - alpha)).toBeLessThan(1e-12);
        },
      ),
    );
  });

  it('takes alpha 1.14 and 700 nm by default; NaN in gives NaN out', () => {
    expect(angstromAodAtLambda({ aod0: 0.2, lambda0: 700 })[0]).toBe(0.2);
    expect(angstromAodAtLambda({ aod0: 0.2, lambda0: 500 })[0]).toBeCloseTo(0.2 * (700 / 500) ** -1.14, 15);
    expect(Number.isNaN(angstromAodAtLambda({ aod0: f64(Number.NaN), lambda0: 500 })[0]!)).toBe(true);
  });
});

describe('birdHulstrom80AodBb and kasten96Lt', () => {
  it('weights the two depths as Bird & Hulstrom (1980)', () => {
    expect(birdHulstrom80AodBb(1, 0)[0]).toBe(0.27583);
    expect(birdHulstrom80AodBb(0, 1)[0]).toBe(0.35);
  });

  it('gives a Linke turbidity that grows with water and aerosols, about 2 for clean dry air', () => {
    const lt = kasten96Lt({ airmassAbsolute: 2, precipitableWater: f64(0.2, 2, 2), aodBb: f64(0.01, 0.01, 0.2) });
    expect(lt[0]!).toBeGreaterThan(1.5);
    expect(lt[0]!).toBeLessThan(2.5);
    expect(lt[1]!).toBeGreaterThan(lt[0]!);
    expect(lt[2]!).toBeGreaterThan(lt[1]!);
    expect(() => kasten96Lt({ airmassAbsolute: 2, precipitableWater: 1 } as never)).toThrow(/kasten96Lt: aodBb/);
  });
});
