import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hubAirDensity, hubHeightWindSpeed, turbinePower, windFarmPower } from '../../src/power/index.js';

const turbine = { ratedPower: 3, cutInWindSpeed: 3, ratedWindSpeed: 12, cutOutWindSpeed: 25 };
const farm = { ...turbine, numberOfTurbines: 10, hubHeight: 100, farmLoss: 0 };

/** Hub speed = the 100 m speed when the hub is at 100 m: the farm sees the speed it is given. */
function power(speed: number, options: Record<string, unknown> = {}): number {
  return windFarmPower({ windSpeed: speed * 0.8, windSpeed100m: speed }, { ...farm, ...options })[0]!;
}

describe('hubHeightWindSpeed', () => {
  it('reproduces both measured speeds at 10 m and 100 m with the fitted power law', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 20, noNaN: true }),
        fc.double({ min: 1, max: 2, noNaN: true }),
        (v10, ratio) => {
          const v100 = v10 * ratio; // shear exponents 0..0.3, inside the clip
          expect(hubHeightWindSpeed({ windSpeed: v10, windSpeed100m: v100, hubHeight: 100 })[0]).toBeCloseTo(v100, 10);
          expect(hubHeightWindSpeed({ windSpeed: v10, windSpeed100m: v100, hubHeight: 10 })[0]).toBeCloseTo(v10, 10);
          const mid = hubHeightWindSpeed({ windSpeed: v10, windSpeed100m: v100, hubHeight: 50 })[0]!;
          expect(mid).toBeGreaterThanOrEqual(v10 - 1e-12);
          expect(mid).toBeLessThanOrEqual(v100 + 1e-12);
        },
      ),
    );
  });

  it('reproduces both measured speeds with the fitted logarithmic profile', () => {
    const v10 = 5;
    const v100 = 7;
    const opts = { profile: 'log' as const };
    expect(hubHeightWindSpeed({ windSpeed: v10, windSpeed100m: v100, hubHeight: 100 }, opts)[0]).toBeCloseTo(7, 10);
    expect(hubHeightWindSpeed({ windSpeed: v10, windSpeed100m: v100, hubHeight: 10 }, opts)[0]).toBeCloseTo(5, 10);
  });

  it('uses the 1/7 law in calm air', () => {
    expect(hubHeightWindSpeed({ windSpeed: 0, windSpeed100m: 0.2, hubHeight: 200 })[0]).toBeCloseTo(
      0.2 * 2 ** (1 / 7),
      12,
    );
  });
});

describe('air density', () => {
  it('is about 1.225 kg/m3 at 15 C and 101325 Pa near the ground, and lower at altitude', () => {
    expect(hubAirDensity({ airTemp: 15, pressure: 101325, hubHeight: 2 })).toBeCloseTo(1.225, 3);
    expect(hubAirDensity({ airTemp: 15, pressure: 101325, hubHeight: 100 })).toBeLessThan(1.225);
  });
});

describe('windFarmPower', () => {
  it('is 0 below cut-in and at or above cut-out', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: 0, max: 3, noNaN: true }), fc.double({ min: 25, max: 60, noNaN: true })),
        (v) => {
          expect(power(v)).toBe(0);
          expect(turbinePower(v, turbine)).toBe(0);
        },
      ),
    );
  });

  it('never falls between cut-in and rated speed, and is rated power x turbines above', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 3, max: 24.9, noNaN: true }),
        fc.double({ min: 3, max: 24.9, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(power(hi)).toBeGreaterThanOrEqual(power(lo));
        },
      ),
    );
    expect(power(15)).toBeCloseTo(30, 12);
    expect(power(7.5)).toBeCloseTo((30 * (7.5 ** 3 - 27)) / (12 ** 3 - 27), 12);
  });

  it('never exceeds the capacity or the export limit, and -1 means no limit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.double({ min: 1, max: 30, noNaN: true }),
        (v, limit, capacity) => {
          const p = power(v, { gridExportLimit: limit, capacity });
          expect(p).toBeLessThanOrEqual(Math.min(limit, capacity));
          expect(p).toBeGreaterThanOrEqual(0);
        },
      ),
    );
    expect(power(15, { gridExportLimit: -1 })).toBeCloseTo(30, 12);
  });

  it('takes the farm loss off the output', () => {
    expect(power(15, { farmLoss: 0.1 })).toBeCloseTo(27, 12);
  });

  it('draws a small parasitic power when idle only if negative power is allowed', () => {
    const draw = power(1, { allowNegativePower: true });
    expect(draw).toBeLessThan(0);
    expect(draw).toBeGreaterThan(-0.01 * 30);
    expect(power(30, { allowNegativePower: true })).toBe(draw);
    expect(power(8, { allowNegativePower: true })).toBeGreaterThan(0);
  });

  it('gives more power in dense (cold) air than in thin (hot) air below rated speed', () => {
    const input = (temp: number) => ({ windSpeed: 6, windSpeed100m: 8, airTemp: temp, pressure: 101325 });
    const cold = windFarmPower(input(-10), farm)[0]!;
    const hot = windFarmPower(input(35), farm)[0]!;
    expect(cold).toBeGreaterThan(hot);
  });

  it('applies the density correction as hubAirDensity and the curve as turbinePower say', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 3.5, max: 24, noNaN: true }),
        fc.double({ min: -30, max: 40, noNaN: true }),
        fc.double({ min: 70000, max: 104000, noNaN: true }),
        (v, temp, pressure) => {
          const p = windFarmPower(
            { windSpeed: v * 0.8, windSpeed100m: v, airTemp: temp, pressure: pressure },
            farm,
          )[0]!;
          const rho = hubAirDensity({ airTemp: temp, pressure, hubHeight: 100 });
          const vn = Math.min(v * Math.cbrt(rho / 1.225), 25 * (1 - 1e-12));
          expect(p).toBeCloseTo(10 * turbinePower(vn, turbine), 9);
        },
      ),
    );
  });

  it('follows a user power curve table', () => {
    const powerCurve = { windSpeed: Float64Array.of(3, 5, 10, 25), power: Float64Array.of(0, 0.5, 3, 3) };
    expect(turbinePower(7.5, { ...turbine, powerCurve })).toBeCloseTo(1.75, 12);
    expect(turbinePower(2, { ...turbine, powerCurve })).toBe(0);
  });
});
