import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iamSapm } from '../../src/irradiance/iam.js';
import { sapm, sapmEffectiveIrradiance, sapmSpectralLoss } from '../../src/pv/sapm.js';
import { runs } from '../support/properties.js';
import { CS5P_220M } from '../support/pv-parameters.js';

const irradiance = fc.double({ min: 0, max: 1500, noNaN: true });
const cellTemp = fc.double({ min: -40, max: 85, noNaN: true });

describe('sapm', () => {
  it('gives the module its reference point at 1000 W/m2 and 25 C', () => {
    const r = sapm({ effectiveIrradiance: 1000, tempCell: 25 }, CS5P_220M);
    expect(r.iSc[0]).toBeCloseTo(CS5P_220M.isco, 12);
    // Imp = Impo (C0 + C1) and C0 + C1 = 1 to the library's rounding.
    expect(r.iMp[0]).toBeCloseTo(CS5P_220M.impo * (CS5P_220M.c0 + CS5P_220M.c1), 12);
    expect(r.vOc[0]).toBeCloseTo(CS5P_220M.voco, 12);
    expect(r.vMp[0]).toBeCloseTo(CS5P_220M.vmpo, 12);
    expect(r.iX[0]).toBeCloseTo(CS5P_220M.ixo * (CS5P_220M.c4 + CS5P_220M.c5), 12);
    expect(r.iXx[0]).toBeCloseTo(CS5P_220M.ixxo * (CS5P_220M.c6 + CS5P_220M.c7), 12);
  });

  it('p_mp is i_mp v_mp, voltages are never negative, and the currents rise with irradiance', () => {
    fc.assert(
      fc.property(irradiance, irradiance, cellTemp, (a, b, t) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const r = sapm({ effectiveIrradiance: Float64Array.of(lo, hi), tempCell: t }, CS5P_220M);
        for (let i = 0; i < 2; i++) {
          // The kernel multiplies the two columns it returns: exactly equal.
          expect(r.pMp[i]).toBe(r.iMp[i]! * r.vMp[i]!);
          expect(r.vOc[i]).toBeGreaterThanOrEqual(0);
          expect(r.vMp[i]).toBeGreaterThanOrEqual(0);
        }
        // Isc = Isco Ee (1 + Aisc dT) with 1 + Aisc dT > 0 over -40..85 C: monotone in Ee.
        expect(r.iSc[1]).toBeGreaterThanOrEqual(r.iSc[0]!);
      }),
      { numRuns: runs(200) },
    );
  });

  it('gives 0, not NaN or -inf, at night (0 or negative irradiance), and NaN for NaN', () => {
    const r = sapm(
      {
        effectiveIrradiance: Float64Array.of(0, -5, Number.NaN, 800),
        tempCell: Float64Array.of(25, 10, 25, Number.NaN),
      },
      CS5P_220M,
    );
    for (const col of [r.vOc, r.vMp, r.pMp]) {
      expect(col[0]).toBe(0);
      expect(col[1]).toBe(0);
      expect(col[2]).toBeNaN();
      expect(col[3]).toBeNaN();
    }
    expect(r.iSc[0]).toBe(0);
    expect(r.iMp[0]).toBe(0);
    expect(r.iSc[2]).toBeNaN();
  });

  it('fills the out columns it is given', () => {
    const vOc = new Float64Array(2);
    const r = sapm({ effectiveIrradiance: Float64Array.of(500, 1000), tempCell: 25 }, CS5P_220M, { vOc });
    expect(r.vOc).toBe(vOc);
    expect(vOc[1]).toBeCloseTo(CS5P_220M.voco, 12);
  });

  it('names a missing module field and a column of the wrong kind, with units', () => {
    const { isco: _, ...noIsco } = CS5P_220M;
    expect(() => sapm({ effectiveIrradiance: 1000, tempCell: 25 }, noIsco as typeof CS5P_220M)).toThrow(
      /sapm: module\.isco must be given: a finite number \(A\)/,
    );
    expect(() => sapm({ effectiveIrradiance: [1000] as unknown as Float64Array, tempCell: 25 }, CS5P_220M)).toThrow(
      /sapm: effectiveIrradiance must be a Float64Array or a number \(W\/m2\)/,
    );
    expect(() => sapm({ effectiveIrradiance: 1000, tempCell: 25 }, { ...CS5P_220M, irradianceRef: 0 })).toThrow(
      RangeError,
    );
  });
});

describe('sapmSpectralLoss', () => {
  it('is the air-mass polynomial, never below 0, and 0 for a NaN air mass (the night, as pvlib)', () => {
    const f = sapmSpectralLoss(Float64Array.of(1.5, Number.NaN, 50), CS5P_220M);
    const { a0, a1, a2, a3, a4 } = CS5P_220M;
    expect(f[0]).toBeCloseTo(a0 + a1 * 1.5 + a2 * 1.5 ** 2 + a3 * 1.5 ** 3 + a4 * 1.5 ** 4, 14);
    expect(f[1]).toBe(0);
    expect(f[2]).toBe(0); // the polynomial is negative at AM 50
  });

  it('names a missing coefficient', () => {
    expect(() => sapmSpectralLoss(1.5, { a0: 1, a1: 0, a2: 0, a3: 0 } as never)).toThrow(/module\.a4 must be given/);
  });
});

describe('iamSapm', () => {
  it('lies in [0, 1.02] for aoi from -90 to 180 degrees (the Sandia library peaks at 1.0167), in [0, 1] with upper 1', () => {
    fc.assert(
      fc.property(fc.double({ min: -90, max: 180, noNaN: true }), (aoi) => {
        const iam = iamSapm(aoi, CS5P_220M)[0]!;
        expect(iam).toBeGreaterThanOrEqual(0);
        expect(iam).toBeLessThanOrEqual(1.02);
        expect(iamSapm(aoi, { ...CS5P_220M, upper: 1 })[0]).toBeLessThanOrEqual(1);
      }),
      { numRuns: runs(200) },
    );
  });

  it('is 1 at normal incidence, 0 behind the module and for negative angles, NaN for NaN', () => {
    const iam = iamSapm(Float64Array.of(0, 90.5, 120, -1, Number.NaN), CS5P_220M);
    expect(iam[0]).toBe(1);
    expect(Array.from(iam.subarray(1, 4))).toEqual([0, 0, 0]);
    expect(iam[4]).toBeNaN();
  });
});

describe('sapmEffectiveIrradiance', () => {
  it('is F1 (beam F2 + FD diffuse), scalar and column inputs alike', () => {
    const aoi = Float64Array.of(0, 40, 95);
    const ee = sapmEffectiveIrradiance({ poaDirect: 700, poaDiffuse: 150, airmassAbsolute: 2, aoi }, CS5P_220M);
    const f1 = sapmSpectralLoss(2, CS5P_220M)[0]!;
    const f2 = iamSapm(aoi, CS5P_220M);
    for (let i = 0; i < 3; i++) expect(ee[i]).toBeCloseTo(f1 * (700 * f2[i]! + CS5P_220M.fd * 150), 10);
    const one = sapmEffectiveIrradiance({ poaDirect: 700, poaDiffuse: 150, airmassAbsolute: 2, aoi: 40 }, CS5P_220M);
    expect(one[0]).toBe(ee[1]);
  });

  it('names a missing FD', () => {
    const { fd: _, ...noFd } = CS5P_220M;
    expect(() =>
      sapmEffectiveIrradiance({ poaDirect: 1, poaDiffuse: 1, airmassAbsolute: 1, aoi: 0 }, noFd as typeof CS5P_220M),
    ).toThrow(/module\.fd must be given/);
  });
});
