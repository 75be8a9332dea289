import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prilliman } from '../../src/power/index.js';
import { runs } from '../support/properties.js';

// pvlib's values are reference cases (fixtures/reference/temperature_models.json); this file checks
// the model's properties and the errors.

const minutes = (n: number, step = 60) => Float64Array.from({ length: n }, (_, i) => 1_654_077_600 + step * (i + 1));

describe('prilliman', () => {
  it('keeps a steady temperature and stays between the lowest and highest of its window', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -20, max: 80, noNaN: true }), { minLength: 2, maxLength: 80 }),
        fc.double({ min: 0, max: 15, noNaN: true }),
        fc.constantFrom(10, 60, 120, 300),
        (temps, wind, step) => {
          const tempCell = Float64Array.from(temps);
          const n = tempCell.length;
          const r = prilliman({ unixSeconds: minutes(n, step), tempCell, windSpeed: wind });
          const window = Math.trunc(20 / (step / 60));
          expect(r[0]).toBe(tempCell[0]);
          for (let k = 1; k < n; k++) {
            const w = tempCell.subarray(Math.max(0, k - window), k);
            // A weighted mean of the window, to rounding (1e-12 of values below 100).
            expect(r[k]).toBeGreaterThanOrEqual(Math.min(...w) - 1e-12);
            expect(r[k]).toBeLessThanOrEqual(Math.max(...w) + 1e-12);
          }
          const steady = prilliman({
            unixSeconds: minutes(n, step),
            tempCell: new Float64Array(n).fill(42),
            windSpeed: wind,
          });
          for (let k = 0; k < n; k++) expect(steady[k]).toBeCloseTo(42, 12);
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('lags a step, the more the heavier the module and the calmer the wind', () => {
    const n = 30;
    const tempCell = Float64Array.from({ length: n }, (_, i) => (i < 10 ? 25 : 45));
    const unixSeconds = minutes(n);
    const calm = prilliman({ unixSeconds, tempCell, windSpeed: 0 });
    const windy = prilliman({ unixSeconds, tempCell, windSpeed: 10 });
    const heavy = prilliman({ unixSeconds, tempCell, windSpeed: 0 }, { unitMass: 20 });
    expect(calm[10]).toBeCloseTo(25, 12); // the window holds the samples before, not the current one
    for (let k = 11; k < n; k++) {
      expect(calm[k]).toBeLessThan(windy[k]!);
      expect(heavy[k]).toBeLessThan(calm[k]!);
    }
  });

  it('returns data 20 minutes apart or more unchanged, skips NaN temperatures and gives NaN for a NaN wind', () => {
    const tempCell = Float64Array.of(20, 30, 40, 50);
    expect(Array.from(prilliman({ unixSeconds: minutes(4, 1200), tempCell, windSpeed: 1 }))).toEqual([20, 30, 40, 50]);
    const withNaN = prilliman({
      unixSeconds: minutes(4),
      tempCell: Float64Array.of(20, Number.NaN, 40, 50),
      windSpeed: Float64Array.of(1, 1, 1, Number.NaN),
    });
    expect(withNaN[1]).toBe(20);
    expect(withNaN[2]).toBe(20); // the NaN sample has no weight
    expect(withNaN[3]).toBeNaN();
    const allNaN = prilliman({
      unixSeconds: minutes(3),
      tempCell: Float64Array.of(Number.NaN, Number.NaN, 30),
      windSpeed: 1,
    });
    expect(allNaN[2]).toBeNaN();
  });

  it('names the function, the argument and the unit', () => {
    const tempCell = Float64Array.of(20, 30, 40);
    expect(() => prilliman({ unixSeconds: Float64Array.of(60, 120, 240), tempCell, windSpeed: 1 })).toThrow(
      /prilliman: unixSeconds must have a constant step/,
    );
    expect(() => prilliman({ unixSeconds: minutes(3), tempCell, windSpeed: 1 }, {}, tempCell)).toThrow(
      /prilliman: out must not be tempCell/,
    );
    expect(() => prilliman({ unixSeconds: minutes(3), tempCell: 20 as never, windSpeed: 1 })).toThrow(
      /prilliman: tempCell must be a Float64Array \(degrees C\)/,
    );
    expect(() =>
      prilliman({ unixSeconds: minutes(3), tempCell, windSpeed: 1 }, { coefficients: [1, 2, 3] as never }),
    ).toThrow(/options.coefficients must be four numbers/);
  });
});
