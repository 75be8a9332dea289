import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  batzelis,
  calcparamsCec,
  estimateVoc,
  iFromV,
  ivCurve,
  maxPowerPoint,
  singleDiode,
  vFromI,
} from '../../src/pv/index.js';
import { runs } from '../support/properties.js';

/** Canadian Solar CS5P-220M's CEC parameters, as pvlib's tests write them out (tests/conftest.py). */
const CS5P = {
  alphaSc: 0.004539,
  aRef: 2.6373,
  iLRef: 5.114,
  iORef: 8.196e-10,
  rShRef: 381.68,
  rS: 1.065,
  adjust: 8.7,
};

const METHODS = ['lambertw', 'newton', 'brentq'] as const;

/**
 * Five parameters of a plausible module at plausible conditions: photocurrent 0.01-15 A, saturation
 * current 1e-13-1e-7 A, series resistance 0-2 ohm, shunt resistance 5-1e6 ohm, nNsVth 0.5-8 V
 * (18 to 144 cells at -40 to 85 C).
 */
const diode = fc.record({
  photocurrent: fc.double({ min: 0.01, max: 15, noNaN: true }),
  saturationCurrent: fc.double({ min: -13, max: -7, noNaN: true }).map((e) => 10 ** e),
  resistanceSeries: fc.double({ min: 0, max: 2, noNaN: true }),
  resistanceShunt: fc.double({ min: Math.log10(5), max: 6, noNaN: true }).map((e) => 10 ** e),
  nNsVth: fc.double({ min: 0.5, max: 8, noNaN: true }),
});

describe('singleDiode', () => {
  it('orders the points of the curve and closes p = i v, by every method', () => {
    fc.assert(
      fc.property(diode, (p) => {
        for (const method of METHODS) {
          const r = singleDiode(p, { method });
          const [isc, voc, imp, vmp, pmp] = [r.iSc[0]!, r.vOc[0]!, r.iMp[0]!, r.vMp[0]!, r.pMp[0]!];
          // Orderings hold exactly for the true curve; the solutions carry errors of 1e-9 relative
          // at most (Newton stops at 1e-8 (1 + Vd) V after quadratic convergence), so 1e-9 slack.
          const slack = 1e-9 * (isc + voc + 1);
          expect(isc).toBeGreaterThanOrEqual(imp - slack);
          expect(imp).toBeGreaterThanOrEqual(-slack);
          expect(voc).toBeGreaterThanOrEqual(vmp - slack);
          expect(vmp).toBeGreaterThanOrEqual(-slack);
          expect(pmp).toBe(imp * vmp);
          expect(r.iX[0]!).toBeLessThanOrEqual(isc + slack);
          expect(r.iX[0]!).toBeGreaterThanOrEqual(r.iXx[0]! - slack);
        }
      }),
      { numRuns: runs(200) },
    );
  });

  it("agrees between the Lambert W solution and Bishop's form by Newton and by Brent", () => {
    fc.assert(
      fc.property(diode, (p) => {
        const [a, b, c] = METHODS.map((method) => singleDiode(p, { method }));
        for (const k of ['iSc', 'vOc', 'iMp', 'vMp', 'pMp', 'iX', 'iXx'] as const) {
          // Each method is exact to about 1e-10 of the curve's scale (W to rounding, the searches to
          // 2e-12 V and 1e-8 V before a quadratic step); the maximum's voltage is flat to first order,
          // so it is held to 1e-6 of the scale and the rest to 1e-8.
          const scale = k.startsWith('v') ? a.vOc[0]! + 1 : a.iSc[0]! + 1;
          const tol = (k === 'vMp' || k === 'iMp' ? 1e-6 : 1e-8) * scale;
          expect(Math.abs(b[k][0]! - a[k][0]!)).toBeLessThanOrEqual(tol);
          expect(Math.abs(c[k][0]! - a[k][0]!)).toBeLessThanOrEqual(tol);
        }
      }),
      { numRuns: runs(100) },
    );
  });

  it('gives zero current at the open-circuit voltage and the short-circuit current at 0 V', () => {
    fc.assert(
      fc.property(diode, (p) => {
        const r = singleDiode(p);
        for (const method of METHODS) {
          // Voc carries the cancellation of (IL + I0) Rsh - a W: an error of 64 eps (IL Rsh + Voc) V
          // at most, and |dI/dV| is at most 1/Rs + 1/Rsh (or I0/a e^(Voc/a) + 1/Rsh where Rs is 0).
          const dv = 64 * Number.EPSILON * (p.photocurrent * p.resistanceShunt + r.vOc[0]!);
          const slope = 1 / Math.max(p.resistanceSeries, 1e-3) + 1 / p.resistanceShunt + 1e3;
          expect(Math.abs(iFromV({ ...p, voltage: r.vOc[0]! }, { method })[0]!)).toBeLessThanOrEqual(dv * slope + 1e-9);
          expect(vFromI({ ...p, current: r.iSc[0]! }, { method })[0]!).toBeCloseTo(0, 6);
        }
      }),
      { numRuns: runs(100) },
    );
  });

  it('gives zeros at night and NaN for NaN, as pvlib', () => {
    const night = calcparamsCec(
      { effectiveIrradiance: Float64Array.of(0, 0), tempCell: Float64Array.of(-40, 85) },
      CS5P,
    );
    expect(night.resistanceShunt[0]).toBe(Number.POSITIVE_INFINITY);
    for (const method of METHODS) {
      const r = singleDiode(night, { method });
      for (const k of ['iSc', 'vOc', 'iMp', 'vMp', 'pMp', 'iX', 'iXx'] as const) {
        for (const x of r[k]) expect(Math.abs(x)).toBeLessThan(1e-20);
      }
      const nan = singleDiode({ ...night, photocurrent: Float64Array.of(Number.NaN, 1) }, { method });
      expect(nan.pMp[0]).toBeNaN();
      expect(nan.iSc[0]).toBeNaN();
      expect(nan.pMp[1]).toBeGreaterThan(0);
    }
    const mpp = maxPowerPoint(night);
    expect(Array.from(mpp.pMp)).toEqual([0, 0]);
  });

  it('solves from 1 to 1500 W/m2 and -40 to 85 C with the power rising with irradiance', () => {
    const g = Float64Array.of(1, 200, 800, 1000, 1500, 1, 200, 800, 1000, 1500);
    const t = Float64Array.of(-40, -40, -40, -40, -40, 85, 85, 85, 85, 85);
    const p = calcparamsCec({ effectiveIrradiance: g, tempCell: t }, CS5P);
    const r = singleDiode(p);
    for (let i = 0; i < 10; i++) {
      expect(r.pMp[i]).toBeGreaterThan(0);
      if (i % 5 > 0) expect(r.pMp[i]!).toBeGreaterThan(r.pMp[i - 1]!);
    }
    // Colder cells give more power (c-Si loses about 0.45 %/C).
    expect(r.pMp[3]!).toBeGreaterThan(r.pMp[8]!);
    // At STC the CS5P-220M is a 220 W module (the library's fit: within 2 %).
    const stc = singleDiode(calcparamsCec({ effectiveIrradiance: 1000, tempCell: 25 }, CS5P));
    expect(stc.pMp[0]!).toBeGreaterThan(220 * 0.98);
    expect(stc.pMp[0]!).toBeLessThan(220 * 1.02);
  });

  it('writes into the given columns and broadcasts numbers', () => {
    const p = {
      photocurrent: Float64Array.of(5, 6),
      saturationCurrent: 1e-9,
      resistanceSeries: 0.3,
      resistanceShunt: 300,
      nNsVth: 1.8,
    };
    const out = { pMp: new Float64Array(2) };
    const r = singleDiode(p, {}, out);
    expect(r.pMp).toBe(out.pMp);
    expect(r.pMp[1]).toBeCloseTo(singleDiode({ ...p, photocurrent: 6 }).pMp[0]!, 12);
  });

  it('throws naming the function, the argument and the unit', () => {
    const p = { photocurrent: 6, saturationCurrent: 1e-9, resistanceSeries: 0.3, resistanceShunt: 300, nNsVth: 1.8 };
    expect(() => singleDiode({ ...p, photocurrent: [6] as unknown as number })).toThrow(
      /singleDiode: photocurrent must be a Float64Array or a number \(A\)/,
    );
    expect(() => singleDiode({ ...p, nNsVth: Number.NaN })).toThrow(/singleDiode: nNsVth .*\(V\)/);
    expect(() =>
      singleDiode({ ...p, resistanceShunt: new Float64Array(3), photocurrent: new Float64Array(2) }),
    ).toThrow(RangeError);
    expect(() => singleDiode(p, { method: 'halley' as 'newton' })).toThrow(
      /singleDiode: options.method must be one of/,
    );
    expect(() => iFromV({ ...p } as never)).toThrow(/iFromV: voltage must be given.*\(V\)/);
    expect(() => vFromI({ ...p, current: 'x' as unknown as number })).toThrow(/vFromI: current .*\(A\)/);
    expect(() => maxPowerPoint(p, { method: 'lambertw' as 'newton' })).toThrow(/maxPowerPoint: options.method/);
    expect(() => ivCurve(p, { points: 1 })).toThrow(/ivCurve: options.points must be .*points per curve/);
    expect(() => estimateVoc({ ...p, saturationCurrent: Number.POSITIVE_INFINITY })).toThrow(
      /estimateVoc: saturationCurrent .*\(A\)/,
    );
    // Infinity is pvlib's shunt resistance of an ideal device: allowed.
    expect(singleDiode({ ...p, resistanceShunt: Number.POSITIVE_INFINITY }).pMp[0]).toBeGreaterThan(0);
  });
});

describe('ivCurve', () => {
  it('runs from (0, Isc) to (Voc, 0) with the current falling, in both samplings', () => {
    const p = calcparamsCec({ effectiveIrradiance: Float64Array.of(0, 300, 1000), tempCell: 25 }, CS5P);
    const r = singleDiode(p);
    for (const spacing of ['linear', 'log'] as const) {
      const c = ivCurve(p, { points: 20, spacing });
      expect(c.voltage.length).toBe(60);
      for (let row = 0; row < 3; row++) {
        const at = (j: number) => row * 20 + j;
        // Linear: V from 0; log: from the diode voltage 0, so V = -I Rs there.
        const v0 = spacing === 'linear' ? 0 : -c.current[at(0)]! * p.resistanceSeries[row]!;
        expect(c.voltage[at(0)]).toBeCloseTo(v0, 9);
        for (let j = 1; j < 20; j++) {
          expect(c.voltage[at(j)]!).toBeGreaterThanOrEqual(c.voltage[at(j - 1)]! - 1e-9);
          expect(c.current[at(j)]!).toBeLessThanOrEqual(c.current[at(j - 1)]! + 1e-9);
        }
      }
      expect(c.current[20 + 0]).toBeCloseTo(spacing === 'linear' ? r.iSc[1]! : p.photocurrent[1]!, 2);
      expect(c.voltage[40 + 19]).toBeCloseTo(r.vOc[2]!, spacing === 'linear' ? 9 : 0);
    }
  });
});

describe('batzelis and estimateVoc', () => {
  it('approximate the exact solution: within 1 % at STC, Voc estimated from above', () => {
    const p = calcparamsCec({ effectiveIrradiance: 1000, tempCell: 25 }, CS5P);
    const exact = singleDiode(p);
    const b = batzelis(p);
    expect(Math.abs(b.pMp[0]! / exact.pMp[0]! - 1)).toBeLessThan(0.01);
    expect(estimateVoc(p)[0]!).toBeGreaterThan(exact.vOc[0]!);
    const dark = batzelis({ ...p, photocurrent: 0 });
    expect([dark.iSc[0], dark.vOc[0], dark.pMp[0]]).toEqual([0, 0, 0]);
  });
});
