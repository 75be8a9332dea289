import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iamAshrae, iamSchlick } from '../../src/irradiance/iam.js';
import {
  iamMarionDiffuse,
  iamMarionIntegrate,
  iamMartinRuizDiffuse,
  iamSchlickDiffuse,
} from '../../src/irradiance/iam-diffuse.js';

const tilt = fc.double({ min: 0.5, max: 179.5, noNaN: true });

describe('iamMartinRuizDiffuse', () => {
  it('sky and ground are complementary: sky(t) = ground(180 - t), equal at 90', () => {
    fc.assert(
      fc.property(tilt, (t) => {
        const a = iamMartinRuizDiffuse(t);
        const b = iamMartinRuizDiffuse(180 - t);
        expect(a.iamSky[0]).toBeCloseTo(b.iamGround[0]!, 9);
      }),
    );
    const v = iamMartinRuizDiffuse(90);
    expect(v.iamSky[0]).toBeCloseTo(v.iamGround[0]!, 14);
  });
  it('has no 0/0 at the ends (pvlib moves 0 and 180 by 1e-6 degree) and keeps NaN', () => {
    const r = iamMartinRuizDiffuse(Float64Array.of(0, 180, Number.NaN));
    expect(Number.isFinite(r.iamSky[0]!) && Number.isFinite(r.iamGround[1]!)).toBe(true);
    expect(r.iamGround[0]).toBeLessThan(1e-3);
    expect(r.iamSky[2]).toBeNaN();
  });
});

describe('iamSchlickDiffuse', () => {
  it('agrees with Marion integration of iamSchlick (the integral it writes in closed form) to 5e-5 (the 1-degree grid)', () => {
    const tilts = Float64Array.of(10, 20, 45, 90, 135);
    const closed = iamSchlickDiffuse(tilts);
    const marion = iamMarionDiffuse(tilts, { model: 'schlick' });
    for (let i = 0; i < tilts.length; i++) {
      expect(Math.abs(closed.iamSky[i]! - marion.sky[i]!)).toBeLessThan(5e-5);
      expect(Math.abs(closed.iamGround[i]! - marion.ground[i]!)).toBeLessThan(1e-3);
    }
  });
  it("differs from pvlib within 0.1 degree of the ends, where pvlib's closed form loses its digits", () => {
    // pvlib: ground 2.0 at 1e-6 degree (an IAM above 1), sky inf and ground NaN at 180 degrees.
    // Here: the quadratic to the limit, so the modifiers are continuous, mirror images of each
    // other (sky(180 - t) = ground(t)), and 20/21 at the far end.
    const r = iamSchlickDiffuse(Float64Array.of(1e-6, 0.05, 0.1, 179.9, 179.95, 180 - 1e-6, 180));
    expect(r.iamGround[0]).toBeLessThan(1e-6);
    expect(r.iamGround[1]!).toBeGreaterThan(0);
    expect(r.iamGround[1]!).toBeLessThan(r.iamGround[2]!);
    expect(r.iamSky[4]).toBeCloseTo(r.iamGround[1]!, 9);
    expect(r.iamSky[5]).toBeLessThan(1e-6);
    expect(r.iamSky[6]).toBe(0);
    expect(r.iamGround[6]).toBeCloseTo(20 / 21, 14);
  });
});

describe('iamMarionIntegrate', () => {
  it('gives 1 for a modifier of 1, and 0 for a region the surface does not see', () => {
    const one = (_a: Float64Array, out: Float64Array) => out.fill(1);
    expect(iamMarionIntegrate(30, { iam: one, region: 'sky' })[0]).toBeCloseTo(1, 12);
    expect(iamMarionIntegrate(0, { iam: (a, o) => iamSchlick(a, {}, o), region: 'ground' })[0]).toBe(0);
  });
  it('integrates each distinct tilt once, NaN gives NaN, and names bad options', () => {
    let calls = 0;
    const f = (a: Float64Array, o: Float64Array) => {
      calls++;
      return iamAshrae(a, {}, o);
    };
    const r = iamMarionIntegrate(Float64Array.of(20, 20, Number.NaN, 30), { iam: f, region: 'sky' });
    expect(calls).toBe(2);
    expect(r[0]).toBe(r[1]);
    expect(r[2]).toBeNaN();
    expect(() => iamMarionIntegrate(20, { iam: f, region: 'roof' as never })).toThrow(/options\.region/);
    expect(() => iamMarionIntegrate(20, { iam: f, region: 'sky', num: 0 })).toThrow(/options\.num/);
  });
  it('is a weighted mean: between the smallest and largest modifier seen', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 90, noNaN: true }), (t) => {
        const v = iamMarionDiffuse(t, { model: 'ashrae', parameters: { b: 0.05 } }).sky[0]!;
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }),
      { numRuns: 10 },
    );
  });
});
