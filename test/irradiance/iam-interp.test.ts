import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iamInterp } from '../../src/irradiance/iam-interp.js';

const thetaRef = [0, 30, 50, 60, 70, 75, 80, 85, 90];
const iamRef = [1.0, 0.999, 0.987, 0.962, 0.892, 0.816, 0.681, 0.44, 0.0];

describe('iamInterp', () => {
  it('passes through the table for every method, and is 1 at 0 degrees when normalised', () => {
    for (const method of ['linear', 'quadratic', 'cubic'] as const) {
      const r = iamInterp(Float64Array.from(thetaRef), { thetaRef, iamRef, method, normalize: false });
      for (let i = 0; i < thetaRef.length; i++) expect(r[i]).toBeCloseTo(iamRef[i]!, 12);
      expect(iamInterp(0, { thetaRef, iamRef, method })[0]).toBeCloseTo(1, 14);
    }
  });
  it('interpolates linearly between the nodes, ignores the sign of aoi and clips at 0', () => {
    expect(iamInterp(55, { thetaRef, iamRef })[0]).toBeCloseTo((0.987 + 0.962) / 2, 14);
    expect(iamInterp(-55, { thetaRef, iamRef })[0]).toBe(iamInterp(55, { thetaRef, iamRef })[0]);
    expect(iamInterp(120, { thetaRef, iamRef })[0]).toBe(0);
    expect(iamInterp(Float64Array.of(Number.NaN), { thetaRef, iamRef })[0]).toBeNaN();
  });
  it('reproduces a cubic exactly with the cubic method (not-a-knot spline)', () => {
    const th = [0, 15, 35, 50, 70, 90];
    const f = (x: number) => 1 + 1e-4 * x - 2e-6 * x * x - 1e-7 * x ** 3;
    fc.assert(
      fc.property(fc.double({ min: -20, max: 110, noNaN: true }), (x) => {
        const v = iamInterp(x, { thetaRef: th, iamRef: th.map(f), method: 'cubic', normalize: false })[0]!;
        expect(v).toBeCloseTo(Math.max(f(Math.abs(x)), 0), 9);
      }),
    );
  });
  it('names the function and the argument on a bad table', () => {
    expect(() => iamInterp(10, { thetaRef: [0, 90], iamRef: [1, 0], method: 'cubic' })).toThrow(
      /iamInterp.*thetaRef.*at least 4/,
    );
    expect(() => iamInterp(10, { thetaRef: [0, 90, 60], iamRef: [1, 0, 0.5] })).toThrow(/increasing/);
    expect(() => iamInterp(10, { thetaRef: [0, 90], iamRef: [1, -0.1] })).toThrow(/iamRef/);
    expect(() => iamInterp(10, { thetaRef: [0, 90], iamRef: [1, 0], method: 'nearest' as never })).toThrow(RangeError);
  });
});
