import { describe, expect, it } from 'vitest';
import { pvwattsDc } from '../../src/power/pvwatts.js';
import { combineLossFactors, dcOhmicLosses, dcOhmicResistance, scaleVoltageCurrentPower } from '../../src/pv/dc.js';
import { sapm } from '../../src/pv/sapm.js';
import { CS5P_220M } from '../support/pv-parameters.js';

describe('scaleVoltageCurrentPower', () => {
  it('scales voltages by modules in series, currents by strings and power by both', () => {
    const module = sapm({ effectiveIrradiance: Float64Array.of(0, 800), tempCell: 40 }, CS5P_220M);
    const array = scaleVoltageCurrentPower(module, { voltage: 14, current: 20 });
    expect(array.vMp![1]).toBe(module.vMp[1]! * 14);
    expect(array.vOc![1]).toBe(module.vOc[1]! * 14);
    for (const k of ['iSc', 'iMp', 'iX', 'iXx'] as const) expect(array[k]![1]).toBe(module[k][1]! * 20);
    expect(array.pMp![1]).toBe(module.pMp[1]! * 14 * 20);
    expect(array.pMp![0]).toBe(0);
  });

  it('returns only the columns given, and refuses a column it does not know', () => {
    expect(Object.keys(scaleVoltageCurrentPower({ vMp: 30 }, { voltage: 2 }))).toEqual(['vMp']);
    expect(() => scaleVoltageCurrentPower({ v: 1 } as never, {})).toThrow(/scaleVoltageCurrentPower: columns/);
  });
});

describe('pvwattsDc with Marion low-light k', () => {
  const g = Float64Array.of(0, 50, 200, 600, 1000, 1300, Number.NaN);
  const t = Float64Array.of(25, 20, 30, 45, 25, 60, 25);
  const base = { pdc0: 5000, gammaPdc: -0.0037 };

  it('without k: the Dobos formula, to the bit (the server serves these values)', () => {
    const p = pvwattsDc({ effectiveIrradiance: g, tempCell: t }, base);
    for (let i = 0; i < g.length; i++) expect(p[i]).toBe(g[i]! * 0.001 * 5000 * (1 + -0.0037 * (t[i]! - 25)));
  });

  it('subtracts pdc0 k at 200 W/m2 and nothing at 1000, never below 0; capAdjustment stops it above 1000', () => {
    const plain = pvwattsDc({ effectiveIrradiance: g, tempCell: t }, base);
    const k = pvwattsDc({ effectiveIrradiance: g, tempCell: t }, { ...base, k: 0.01 });
    const capped = pvwattsDc({ effectiveIrradiance: g, tempCell: t }, { ...base, k: 0.01, capAdjustment: true });
    expect(k[0]).toBe(0);
    expect(k[2]).toBeCloseTo(plain[2]! - 50, 9);
    expect(k[4]).toBe(plain[4]);
    expect(k[5]).toBeGreaterThan(plain[5]!); // k > 0 raises the power above 1000 W/m2 ...
    expect(capped[5]).toBe(plain[5]); // ... unless capped
    expect(k[6]).toBeNaN();
    expect(() => pvwattsDc({ effectiveIrradiance: g, tempCell: t }, { ...base, k: Number.NaN })).toThrow(/options\.k/);
  });
});

describe('dcOhmicResistance and dcOhmicLosses', () => {
  it('gives the resistance whose loss at the reference current is the stated percent of the power', () => {
    const r = dcOhmicResistance({ vmpRef: 30, impRef: 8, dcOhmicPercent: 1.5, modulesPerString: 14, strings: 20 });
    const current = 8 * 20;
    const loss = dcOhmicLosses({ resistance: r, current })[0]!;
    expect(loss / (30 * 14 * current)).toBeCloseTo(0.015, 14);
    expect(() => dcOhmicResistance({ vmpRef: 30, impRef: 8, dcOhmicPercent: 1, strings: 0 })).toThrow(/strings/);
  });
});

describe('combineLossFactors', () => {
  it('reads each loss on its own times by ffill (NaN before its first) and compounds them', () => {
    const times = Float64Array.of(0, 3600, 7200, 10800);
    const daily = { unixSeconds: Float64Array.of(3600, 10800), values: Float64Array.of(0.1, 0.2) };
    const r = combineLossFactors({ unixSeconds: times, losses: [0.02, daily] });
    expect(r[0]).toBeNaN();
    expect(r[1]).toBeCloseTo(1 - 0.98 * 0.9, 14);
    expect(r[2]).toBeCloseTo(1 - 0.98 * 0.9, 14);
    expect(r[3]).toBeCloseTo(1 - 0.98 * 0.8, 14);
    const b = combineLossFactors({ unixSeconds: times, losses: [daily] }, { fillMethod: 'bfill' });
    expect(Array.from(b)).toEqual([0.1, 0.1, 0.2, 0.2].map((x) => 1 - (1 - x)));
    const exact = combineLossFactors({ unixSeconds: times, losses: [daily] }, { fillMethod: 'none' });
    expect(exact[0]).toBeNaN();
    expect(exact[1]).toBeCloseTo(0.1, 14);
  });

  it('refuses an aligned column of another length', () => {
    expect(() => combineLossFactors({ unixSeconds: Float64Array.of(0, 1), losses: [Float64Array.of(0.1)] })).toThrow(
      /input\.losses\[0\]/,
    );
  });
});
