import { describe, expect, it } from 'vitest';
import { powerMismatchDeline } from '../../src/bifacial/index.js';

// pvlib's values are reference cases (fixtures/reference/shading.json); this file checks the paper's
// equations and the errors.
describe('powerMismatchDeline', () => {
  it("is Deline et al.'s eq. 11, M[%] = 0.142 RMAD[%] + 0.032 RMAD[%]^2, in fractions", () => {
    const rmad = Float64Array.of(0, 0.05, 0.1, 0.2);
    const m = powerMismatchDeline(rmad);
    for (let i = 0; i < rmad.length; i++) {
      const pct = rmad[i]! * 100;
      expect(m[i]).toBeCloseTo((0.142 * pct + 0.032 * pct * pct) / 100, 15);
    }
  });

  it('scales the loss by the fill factor over the reference (eq. 7) and takes other polynomials', () => {
    const base = powerMismatchDeline(0.15)[0]!;
    expect(powerMismatchDeline(0.15, { fillFactor: 0.79 })[0]).toBeCloseTo(base, 15);
    expect(powerMismatchDeline(0.15, { fillFactor: 0.7, fillFactorReference: 0.8 })[0]).toBeCloseTo(
      base * (0.7 / 0.8),
      15,
    );
    expect(powerMismatchDeline(2, { coefficients: [1, -2, 0.5, 0.25] })[0]).toBeCloseTo(1 - 4 + 2 + 2, 15);
  });

  it('gives NaN for NaN and names its errors', () => {
    expect(powerMismatchDeline(Float64Array.of(Number.NaN))[0]).toBeNaN();
    expect(() => powerMismatchDeline(0.1, { coefficients: [] })).toThrow(
      /powerMismatchDeline: options.coefficients must be a non-empty array/,
    );
    expect(() => powerMismatchDeline(0.1, { fillFactor: 0 })).toThrow(
      /powerMismatchDeline: options.fillFactor must be a finite number > 0 \(unitless\)/,
    );
    expect(() => powerMismatchDeline('0.1' as never)).toThrow(
      /powerMismatchDeline: rmad must be a Float64Array or a number/,
    );
  });
});
