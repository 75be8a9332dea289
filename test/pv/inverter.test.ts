import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pvwattsInverter } from '../../src/power/pvwatts.js';
import { adrInverter, pvwattsInverterMulti, sandiaInverter, sandiaInverterMulti } from '../../src/pv/inverter.js';
import { runs } from '../support/properties.js';
import { ABB_MICRO, ABLEREX_ADR } from '../support/pv-parameters.js';

const inv = ABB_MICRO;
const voltage = fc.double({ min: 0.5 * inv.vdco, max: 1.5 * inv.vdco, noNaN: true });
const power = fc.double({ min: 0, max: 2 * inv.pdco, noNaN: true });

describe('sandiaInverter', () => {
  it('never exceeds Paco, and is -Pnt where the DC power is below Pso', () => {
    fc.assert(
      fc.property(voltage, power, (v, p) => {
        const ac = sandiaInverter({ vDc: v, pDc: p }, inv)[0]!;
        expect(ac).toBeLessThanOrEqual(inv.paco);
        if (p < inv.pso) expect(ac).toBe(-inv.pnt);
      }),
      { numRuns: runs(300) },
    );
  });

  it('gives Paco at Pdco and Vdco (the definition of Pdco), clips above, and NaN for NaN', () => {
    const ac = sandiaInverter(
      {
        vDc: Float64Array.of(inv.vdco, inv.vdco, inv.vdco, Number.NaN),
        pDc: Float64Array.of(inv.pdco, 1.5 * inv.pdco, Number.NaN, 100),
      },
      inv,
    );
    expect(ac[0]).toBeCloseTo(inv.paco, 9);
    expect(ac[1]).toBe(inv.paco);
    expect(ac[2]).toBeNaN();
    expect(ac[3]).toBeNaN();
  });

  it('names the missing parameter and its unit', () => {
    const { paco: _, ...noPaco } = inv;
    expect(() => sandiaInverter({ vDc: 40, pDc: 100 }, noPaco as typeof inv)).toThrow(
      /sandiaInverter: inverter\.paco must be given: a finite number \(W\)/,
    );
    expect(() => sandiaInverter({ vDc: 40, pDc: [1] as unknown as Float64Array }, inv)).toThrow(/pDc.*\(W\)/);
  });
});

describe('sandiaInverterMulti', () => {
  it('with one input is sandiaInverter', () => {
    const vDc = Float64Array.of(30, 40, 50, 45);
    const pDc = Float64Array.of(0, 1, 120, 300);
    expect(Array.from(sandiaInverterMulti({ vDc: [vDc], pDc: [pDc] }, inv))).toEqual(
      Array.from(sandiaInverter({ vDc, pDc }, inv)),
    );
  });

  it('with equal inputs at one voltage is sandiaInverter of their sum, <= Paco, -Pnt at night', () => {
    fc.assert(
      fc.property(voltage, fc.double({ min: 0, max: inv.pdco, noNaN: true }), (v, p) => {
        const multi = sandiaInverterMulti({ vDc: [v, v], pDc: [p, p] }, inv)[0]!;
        const single = sandiaInverter({ vDc: v, pDc: 2 * p }, inv)[0]!;
        expect(multi).toBeCloseTo(single, 9);
        expect(multi).toBeLessThanOrEqual(inv.paco);
      }),
      { numRuns: runs(200) },
    );
    expect(sandiaInverterMulti({ vDc: [40, 40], pDc: [0, 0] }, inv)[0]).toBe(-inv.pnt);
  });

  it('requires one voltage column per power column', () => {
    expect(() => sandiaInverterMulti({ vDc: [40], pDc: [1, 2] }, inv)).toThrow(/input\.pDc/);
    expect(() => sandiaInverterMulti({ vDc: [], pDc: [] }, inv)).toThrow(/input\.vDc must be a non-empty Array/);
  });
});

describe('adrInverter', () => {
  const adr = ABLEREX_ADR;
  it('never exceeds Pacmax nor falls below -Pnt inside the voltage window, NaN outside it', () => {
    const lower = Math.max(adr.vmin, adr.mpptLow) * 0.9;
    const upper = Math.max(adr.vmax, adr.vdcmax, adr.mpptHi) * 1.1;
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 800, noNaN: true }),
        fc.double({ min: 0, max: 4000, noNaN: true }),
        (v, p) => {
          const ac = adrInverter({ vDc: v, pDc: p }, adr)[0]!;
          if (v < lower || v > upper) expect(ac).toBeNaN();
          else {
            expect(ac).toBeLessThanOrEqual(adr.pacmax);
            expect(ac).toBeGreaterThanOrEqual(-adr.pnt);
          }
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('is -Pnt at 0 V (the night), and vtol widens the window', () => {
    expect(adrInverter({ vDc: 0, pDc: 0 }, adr)[0]).toBe(-adr.pnt);
    expect(adrInverter({ vDc: 120, pDc: 500 }, adr)[0]).toBeNaN();
    expect(adrInverter({ vDc: 120, pDc: 500 }, { ...adr, vtol: 0.25 })[0]).toBeGreaterThan(0);
  });

  it('names a bad coefficient list and a vtol outside 0..1', () => {
    expect(() => adrInverter({ vDc: 400, pDc: 1 }, { ...adr, adrCoefficients: [1, 2] })).toThrow(
      /inverter\.adrCoefficients must be an Array of 9 finite numbers/,
    );
    expect(() => adrInverter({ vDc: 400, pDc: 1 }, { ...adr, vtol: 2 })).toThrow(/inverter\.vtol .*fraction/);
    const { pacmax: _, ...noPacmax } = adr;
    expect(() => adrInverter({ vDc: 400, pDc: 1 }, noPacmax as typeof adr)).toThrow(/inverter\.pacmax must be given/);
  });
});

describe('pvwattsInverterMulti', () => {
  it('is pvwattsInverter of the summed DC power', () => {
    const a = Float64Array.of(0, 100, 2000, 3000);
    const b = Float64Array.of(0, 50, 1000, 3000);
    const sum = a.map((x, i) => x + b[i]!);
    expect(Array.from(pvwattsInverterMulti([a, b], { pdc0: 5000 }))).toEqual(
      Array.from(pvwattsInverter(sum, { pdc0: 5000 })),
    );
  });
});
