import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  inlandWaterDvoracek,
  SURFACE_ALBEDOS,
  surfaceAlbedo,
  WATER_SURFACE_COEFFS,
} from '../../src/atmosphere/index.js';

const f64 = (...xs: number[]) => Float64Array.from(xs);

describe('surfaceAlbedo', () => {
  it('reads pvlib table, and refuses an unknown surface', () => {
    expect(surfaceAlbedo('grass')).toBe(0.2);
    expect(surfaceAlbedo('sea')).toBe(SURFACE_ALBEDOS.sea);
    expect(() => surfaceAlbedo('ice' as never)).toThrow(/surfaceAlbedo: surfaceType must be one of/);
  });
});

describe('inlandWaterDvoracek', () => {
  it('is the colour coefficient c^(r sin e + 1), c with the sun on the horizon or below', () => {
    const c = WATER_SURFACE_COEFFS.clear_water_frequent_whitecaps;
    const a = inlandWaterDvoracek(f64(-10, 0, 90, Number.NaN), { surfaceCondition: 'clear_water_frequent_whitecaps' });
    expect(a[0]).toBe(c.colorCoeff);
    expect(a[1]).toBe(c.colorCoeff);
    expect(a[2]).toBeCloseTo(c.colorCoeff ** (c.waveRoughnessCoeff + 1), 15);
    expect(Number.isNaN(a[3]!)).toBe(true);
  });

  it('falls as the sun rises, for every surface condition', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 89, noNaN: true }), (e) => {
        for (const surfaceCondition of Object.keys(WATER_SURFACE_COEFFS) as (keyof typeof WATER_SURFACE_COEFFS)[]) {
          const a = inlandWaterDvoracek(f64(e, e + 1), { surfaceCondition });
          expect(a[1]!).toBeLessThan(a[0]!);
        }
      }),
    );
  });

  it('takes both coefficients, or a condition, not a mix', () => {
    expect(inlandWaterDvoracek(30, { colorCoeff: 0.2, waveRoughnessCoeff: 1 })[0]).toBeCloseTo(0.2 ** 1.5, 15);
    expect(() => inlandWaterDvoracek(30, { colorCoeff: 0.2 })).toThrow(/inlandWaterDvoracek: options must be/);
    expect(() =>
      inlandWaterDvoracek(30, { surfaceCondition: 'muddy_water_no_waves', colorCoeff: 0.2, waveRoughnessCoeff: 1 }),
    ).toThrow(RangeError);
  });
});
