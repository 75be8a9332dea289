import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bishop88,
  bishop88IFromV,
  bishop88Mpp,
  bishop88VFromI,
  calcparamsCec,
  calcparamsPvsyst,
  maxPowerPoint,
  singleDiode,
} from '../../src/pv/index.js';
import { runs } from '../support/properties.js';

/**
 * First Solar FS-495 (CdTe) in PVsyst's parameters, as pvlib's tests/test_singlediode.py
 * get_pvsyst_fs_495 writes them out, with its thin-film recombination terms.
 */
const FS495 = {
  alphaSc: 0.00039,
  gammaRef: 1.48,
  muGamma: 0.001,
  iLRef: 1.5743233463848496,
  iORef: 9.62e-10,
  rShRef: 5000,
  rSh0: 12500,
  rShExp: 3.1,
  rS: 4.6,
  egRef: 1.5,
  cellsInSeries: 108,
};
const RECOMBINATION = { d2mutau: 1.31, nsVbi: 0.9 * 108 };

describe('bishop88 with PVsyst recombination and breakdown', () => {
  it("gives pvlib's test values for the FS-495 at 888 W/m2 and 55 C (test_pvsyst_recombination_loss)", () => {
    const p = calcparamsPvsyst({ effectiveIrradiance: 888, tempCell: 55 }, FS495);
    const input = { ...p, ...RECOMBINATION };
    for (const method of ['newton', 'brentq'] as const) {
      // pvlib asserts these with rtol 1e-4, atol 1e-4.
      expect(bishop88Mpp(input, { method }).pMp[0]!).toBeCloseTo(76.262, 2);
      const isc = bishop88IFromV({ ...input, voltage: 0 }, { method })[0]!;
      expect(isc).toBeCloseTo(1.3868, 3);
      const voc = bishop88VFromI({ ...input, current: 0 }, { method })[0]!;
      expect(voc).toBeCloseTo(79.292, 2);
      expect(bishop88IFromV({ ...input, voltage: voc }, { method })[0]!).toBeCloseTo(0, 9);
      expect(bishop88VFromI({ ...input, current: isc }, { method })[0]!).toBeCloseTo(0, 9);
      expect(maxPowerPoint(input, { method }).pMp[0]!).toBeCloseTo(76.262, 2);
    }
  });

  it("gives pvlib's test values with the breakdown term on and recombination off (test_pvsyst_breakdown)", () => {
    const p = calcparamsPvsyst({ effectiveIrradiance: 888, tempCell: 55 }, FS495);
    const breakdown = { breakdownFactor: 1e-4, breakdownVoltage: -5.5, breakdownExp: 3.28 };
    expect(bishop88Mpp(p, { ...breakdown, method: 'newton' }).pMp[0]!).toBeCloseTo(79.723, 2);
    expect(bishop88IFromV({ ...p, voltage: 0 }, breakdown)[0]!).toBeCloseTo(1.4071, 3);
    expect(bishop88VFromI({ ...p, current: 0 }, breakdown)[0]!).toBeCloseTo(79.646, 2);
  });

  it('puts the maximum power point at the maximum with a strong breakdown term (exact derivatives)', () => {
    // pvlib's breakdown gradients leave out 1/Vbr, which moves its maximum by 0.4 % here; the power
    // 1 mV either side of the point found must not exceed it (P is flat to first order at the
    // maximum, so a misplaced point shows as a neighbour with more power).
    const p = calcparamsPvsyst({ effectiveIrradiance: 600, tempCell: 30 }, FS495);
    const breakdown = { breakdownFactor: 2e-3, breakdownVoltage: -15, breakdownExp: 3 };
    const mpp = bishop88Mpp({ ...p, ...RECOMBINATION }, breakdown);
    const vd = mpp.vMp[0]! + mpp.iMp[0]! * p.resistanceSeries[0]!;
    const one = {
      photocurrent: p.photocurrent[0]!,
      saturationCurrent: p.saturationCurrent[0]!,
      resistanceSeries: p.resistanceSeries[0]!,
      resistanceShunt: p.resistanceShunt[0]!,
      nNsVth: p.nNsVth[0]!,
    };
    const power = bishop88(
      { ...one, ...RECOMBINATION, diodeVoltage: Float64Array.of(vd - 1e-3, vd, vd + 1e-3) },
      breakdown,
    ).power;
    expect(power[1]).toBeCloseTo(mpp.pMp[0]!, 10);
    expect(power[0]!).toBeLessThanOrEqual(power[1]!);
    expect(power[2]!).toBeLessThanOrEqual(power[1]!);
  });

  it('has derivatives that match finite differences, recombination included', () => {
    const p = calcparamsPvsyst({ effectiveIrradiance: 700, tempCell: 40 }, FS495);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 85, noNaN: true }), (vd) => {
        const h = 1e-5;
        const at = (x: number) => bishop88({ ...p, ...RECOMBINATION, diodeVoltage: x }, { gradients: true });
        const r = at(vd);
        const up = at(vd + h);
        const down = at(vd - h);
        // Central differences: truncation h^2 |f'''| / 6 and rounding eps |f| / h, both below 1e-6 of
        // the scale here (currents of 1 A, voltages of 80 V, curvature below 1 A/V^2 up to 85 V).
        const dI = (up.current[0]! - down.current[0]!) / (2 * h);
        expect(r.dIdVd![0]!).toBeCloseTo(dI, 5);
        const dV = (up.voltage[0]! - down.voltage[0]!) / (2 * h);
        expect(r.dVdVd![0]!).toBeCloseTo(dV, 4);
        const dP = (up.power[0]! - down.power[0]!) / (up.voltage[0]! - down.voltage[0]!);
        expect(r.dPdV![0]! / (Math.abs(dP) + 1)).toBeCloseTo(dP / (Math.abs(dP) + 1), 4);
      }),
      { numRuns: runs(50) },
    );
  });

  it('agrees with the Lambert W solution where it has no extra terms', () => {
    const p = calcparamsPvsyst({ effectiveIrradiance: Float64Array.of(0, 1, 500, 1500), tempCell: 25 }, FS495);
    const w = singleDiode(p, { method: 'lambertw' });
    const mpp = bishop88Mpp(p);
    for (let i = 0; i < 4; i++) expect(mpp.pMp[i]).toBeCloseTo(w.pMp[i]!, 7);
  });

  it("takes a CEC module's maximum power point by its plain loop with the doubles of the general one", () => {
    // bishop88Mpp without recombination columns runs the plain loop; a d2mutau column of zeros takes
    // the general path (solveRow and bishopPoint) to the same vd and point, bit for bit.
    const cs5p = {
      alphaSc: 0.004539,
      aRef: 2.6373,
      iLRef: 5.114,
      iORef: 8.196e-10,
      rShRef: 381.68,
      rS: 1.065,
      adjust: 8.7,
    };
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(fc.constant(0), fc.double({ min: 1e-3, max: 1500, noNaN: true })),
            fc.double({ min: -40, max: 90, noNaN: true }),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        (rows) => {
          const p = calcparamsCec(
            {
              effectiveIrradiance: Float64Array.from(rows, (r) => r[0]),
              tempCell: Float64Array.from(rows, (r) => r[1]),
            },
            cs5p,
          );
          const plain = bishop88Mpp(p);
          const general = bishop88Mpp({ ...p, d2mutau: new Float64Array(rows.length) });
          for (const k of ['iMp', 'vMp', 'pMp'] as const) expect(plain[k]).toEqual(general[k]);
        },
      ),
      { numRuns: runs(100) },
    );
  });

  it("puts the maximum power point of a dark module at 0 V, 0 A, 0 W exactly, as pvlib's singlediode", () => {
    // IL = 0: every other point draws power, so both methods end at Vd = 0 (pvlib gives 0 there;
    // Newton's iteration from the ideal diode's start used to stop a few 1e-15 V off it).
    const dark = calcparamsPvsyst(
      { effectiveIrradiance: Float64Array.of(0, 0), tempCell: Float64Array.of(-20, 60) },
      FS495,
    );
    expect(Array.from(dark.photocurrent)).toEqual([0, 0]);
    for (const method of ['newton', 'brentq'] as const) {
      for (const input of [dark, { ...dark, ...RECOMBINATION }]) {
        const mpp = bishop88Mpp(input, { method, breakdownFactor: 2e-3 });
        for (const k of ['iMp', 'vMp', 'pMp'] as const) expect(Array.from(mpp[k])).toEqual([0, 0]);
      }
      const m = maxPowerPoint(dark, { method });
      expect(Array.from(m.vMp)).toEqual([0, 0]);
    }
    // The CEC model's dark rows (Rsh Infinity) over a range of cell temperatures.
    const cec = calcparamsCec(
      { effectiveIrradiance: new Float64Array(60), tempCell: Float64Array.from({ length: 60 }, (_, i) => i - 30) },
      { alphaSc: 0.004539, aRef: 2.6373, iLRef: 5.114, iORef: 8.196e-10, rShRef: 381.68, rS: 1.065, adjust: 8.7 },
    );
    const newton = maxPowerPoint(cec, { method: 'newton' });
    expect(newton.vMp.filter((v) => v !== 0).length).toBe(0);
    expect(singleDiode(cec).vMp.filter((v) => v !== 0).length).toBe(0);
    const lit = bishop88Mpp({ ...dark, photocurrent: Float64Array.of(1e-9, 1) });
    expect(lit.pMp[0]!).toBeGreaterThan(0);
    expect(lit.pMp[1]!).toBeGreaterThan(0);
  });

  it('throws naming the function, the argument and the unit', () => {
    const p = { photocurrent: 1, saturationCurrent: 1e-9, resistanceSeries: 4, resistanceShunt: 5000, nNsVth: 4 };
    expect(() => bishop88(p as never)).toThrow(/bishop88: diodeVoltage must be given.*\(V\)/);
    expect(() => bishop88IFromV({ ...p, voltage: 0 }, { breakdownVoltage: Number.NaN })).toThrow(
      /bishop88IFromV: options.breakdownVoltage .*\(V\)/,
    );
    expect(() => bishop88VFromI({ ...p, current: 0, d2mutau: Number.NaN })).toThrow(/bishop88VFromI: d2mutau .*\(V\)/);
    expect(() => bishop88Mpp(p, { method: 'lambertw' as 'newton' })).toThrow(
      /bishop88Mpp: options.method must be one of/,
    );
  });
});
