import { describe, expect, it } from 'vitest';
import { type DcVoltageLevel, fitSandiaInverter } from '../../src/pv/fit-sandia-inverter.js';
import type { SandiaInverterParameters } from '../../src/pv/parameters.js';

/** pvlib.inverter.sandia's AC power before clipping (King et al. 2007, eq. 1-4). */
function sandiaAc(p: SandiaInverterParameters, vdc: number, pdc: number): number {
  const x = vdc - p.vdco;
  const a = p.pdco * (1 + p.c1 * x);
  const b = p.pso * (1 + p.c2 * x);
  const c = p.c0 * (1 + p.c3 * x);
  return (p.paco / (a - b) - c * (a - b)) * (pdc - b) + c * (pdc - b) ** 2;
}

const TRUE: SandiaInverterParameters = {
  paco: 5000,
  pdco: 5150,
  vdco: 350,
  pso: 25,
  c0: -4e-6,
  c1: 2e-5,
  c2: 1e-3,
  c3: -3e-4,
  pnt: 1.5,
};

function curves(p: SandiaInverterParameters) {
  const fractions = [0.1, 0.2, 0.3, 0.5, 0.75, 1];
  const volts: [DcVoltageLevel, number][] = [
    ['Vmin', 250],
    ['Vnom', 350],
    ['Vmax', 480],
  ];
  const rows = volts.flatMap(([level, v]) =>
    fractions.map((f) => ({ level, v, dc: f * p.pdco, ac: sandiaAc(p, v, f * p.pdco) })),
  );
  return {
    acPower: Float64Array.from(rows, (r) => r.ac),
    dcPower: Float64Array.from(rows, (r) => r.dc),
    dcVoltage: Float64Array.from(rows, (r) => r.v),
    dcVoltageLevel: rows.map((r) => r.level),
  };
}

describe('fitSandiaInverter', () => {
  it("recovers the model's own parameters from its curves at three voltages", () => {
    // The Sandia model is exactly a quadratic in DC power at each voltage, and Pdc, Ps0 and C are
    // exactly linear in voltage, so the fit is exact up to rounding (C1-C3 as ratios to 1e-9).
    const fit = fitSandiaInverter(curves(TRUE), { pAc0: TRUE.paco, pNt: TRUE.pnt });
    expect(fit.paco).toBe(5000);
    expect(fit.pnt).toBe(1.5);
    expect(fit.vdco).toBe(350);
    expect(fit.pdco).toBeCloseTo(TRUE.pdco, 6);
    expect(fit.pso).toBeCloseTo(TRUE.pso, 8);
    for (const k of ['c0', 'c1', 'c2', 'c3'] as const) expect(fit[k] / TRUE[k]).toBeCloseTo(1, 9);
  });

  it('takes Vdco as the mean voltage of the nominal level, whatever the order of the rows', () => {
    const input = curves(TRUE);
    const order = [...input.acPower.keys()].reverse();
    const fit = fitSandiaInverter(
      {
        acPower: Float64Array.from(order, (i) => input.acPower[i]!),
        dcPower: Float64Array.from(order, (i) => input.dcPower[i]!),
        dcVoltage: Float64Array.from(order, (i) => input.dcVoltage[i]!),
        dcVoltageLevel: order.map((i) => input.dcVoltageLevel[i]!),
      },
      { pAc0: 5000, pNt: 1.5 },
    );
    expect(fit.vdco).toBe(350);
    expect(fit.c3 / TRUE.c3).toBeCloseTo(1, 9);
  });

  it('checks its arguments', () => {
    const input = curves(TRUE);
    expect(() => fitSandiaInverter(input, { pAc0: Number.NaN, pNt: 0 })).toThrow(/fitSandiaInverter: options.pAc0/);
    expect(() =>
      fitSandiaInverter({ ...input, acPower: [1, 2] as unknown as Float64Array }, { pAc0: 1, pNt: 0 }),
    ).toThrow(TypeError);
    expect(() => fitSandiaInverter({ ...input, dcPower: input.dcPower.subarray(1) }, { pAc0: 5000, pNt: 0 })).toThrow(
      /inputs.dcPower must be of the length of acPower \(18\)/,
    );
    expect(() =>
      fitSandiaInverter(
        { ...input, dcVoltageLevel: input.dcVoltageLevel.map((l) => (l === 'Vmax' ? 'high' : l)) as DcVoltageLevel[] },
        { pAc0: 5000, pNt: 0 },
      ),
    ).toThrow(/inputs.dcVoltageLevel\[12\] must be 'Vmin', 'Vnom' or 'Vmax'/);
    expect(() =>
      fitSandiaInverter(
        { ...input, dcVoltageLevel: input.dcVoltageLevel.map((l) => (l === 'Vmax' ? 'Vnom' : l)) },
        { pAc0: 5000, pNt: 0 },
      ),
    ).toThrow(/at least 3 points at level 'Vmax'/);
  });
});
