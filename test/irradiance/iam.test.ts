import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iamAshrae, iamMartinRuiz, iamPhysical, iamSchlick } from '../../src/irradiance/iam.js';

const angle = fc.double({ min: 0, max: 89.9, noNaN: true });

describe('iamMartinRuiz', () => {
  it('is 1 at normal incidence, 0 from 90 degrees on, and follows the paper at 60 degrees', () => {
    const r = iamMartinRuiz(Float64Array.of(0, 60, 90, -90, 120, Number.NaN));
    expect(r[0]).toBe(1);
    // (1 - exp(-0.5 / 0.16)) / (1 - exp(-1 / 0.16)), Martin & Ruiz (2001) eq. 3.
    expect(r[1]).toBeCloseTo((1 - Math.exp(-0.5 / 0.16)) / (1 - Math.exp(-1 / 0.16)), 15);
    expect([r[2], r[3], r[4]]).toEqual([0, 0, 0]);
    expect(r[5]).toBeNaN();
  });
  it('decreases with the angle of incidence and stays in [0, 1] (any a_r)', () => {
    fc.assert(
      fc.property(angle, angle, fc.double({ min: 0.01, max: 1, noNaN: true }), (a, b, aR) => {
        const [lo, hi] = a < b ? [a, b] : [b, a];
        const r = iamMartinRuiz(Float64Array.of(lo, hi), { aR });
        expect(r[1]!).toBeLessThanOrEqual(r[0]! + 1e-15);
        expect(r[0]!).toBeLessThanOrEqual(1 + 1e-15);
        expect(r[1]!).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('names the function and the argument on bad input', () => {
    expect(() => iamMartinRuiz(30, { aR: 0 })).toThrow(/iamMartinRuiz.*options\.aR/);
    expect(() => iamMartinRuiz([30] as never)).toThrow(TypeError);
  });
});

describe('iamSchlick', () => {
  it('is 1 - (1 - cos aoi)^5, 0 beyond 90 degrees, NaN for NaN', () => {
    const r = iamSchlick(Float64Array.of(0, 60, 90, 100, Number.NaN));
    expect(Array.from(r.subarray(0, 4))).toEqual([1, 1 - 0.5 ** 5, 0, 0]);
    expect(r[4]).toBeNaN();
  });
});

describe('iamPhysical with an anti-reflective coating (nAr)', () => {
  it('leaves the doubles without a coating unchanged, and a coating of index 1 is none', () => {
    const aoi = Float64Array.from({ length: 91 }, (_, i) => i);
    expect(iamPhysical(aoi, { nAr: 1 })).toEqual(iamPhysical(aoi));
    expect(iamPhysical(aoi, {})).toEqual(iamPhysical(aoi));
  });
  it('transmits more at high incidence through a coating between air and glass', () => {
    fc.assert(
      fc.property(fc.double({ min: 60, max: 89, noNaN: true }), (a) => {
        expect(iamPhysical(a, { nAr: 1.29 })[0]!).toBeGreaterThan(iamPhysical(a, { nAr: 1.526 })[0]! - 1e-12);
      }),
    );
  });
  it('is 1 at normal incidence and 0 at 90 degrees with a coating (to rounding, as pvlib)', () => {
    const r = iamPhysical(Float64Array.of(0, 90), { nAr: 1.3 });
    expect(r[0]).toBeCloseTo(1, 14);
    expect(r[1]).toBeCloseTo(0, 14);
  });
  it('accepts n below 1 (iamConvert may return one) and gives NaN past total reflection', () => {
    const r = iamPhysical(Float64Array.of(10, 89), { n: 0.99 });
    expect(r[0]).toBeGreaterThan(0.9);
    expect(r[1]).toBeNaN();
    expect(() => iamPhysical(30, { nAr: 0.5 })).toThrow(/iamPhysical.*options\.nAr/);
  });
});

describe('iamAshrae', () => {
  it('is unchanged by the new models (the value of the paper at 60 degrees)', () => {
    expect(iamAshrae(60)[0]).toBeCloseTo(0.95, 14);
  });
});
