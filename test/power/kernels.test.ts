import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SAPM_TEMPERATURE_PARAMETERS,
  faimanCellTemperature,
  pvsystCellTemperature,
  pvwattsDc,
  pvwattsInverter,
  pvwattsLosses,
  sapmCellTemperature,
  PVWATTS_PEAK_OVER_NOMINAL,
} from '../../src/power/index.js';

const irradiance = fc.double({ min: 0, max: 1400, noNaN: true });
const airTemp = fc.double({ min: -30, max: 50, noNaN: true });
const wind = fc.double({ min: 0, max: 25, noNaN: true });

describe('cell temperature', () => {
  it('equals the air temperature in the dark, for every model', () => {
    fc.assert(
      fc.property(airTemp, wind, (ta, ws) => {
        const input = { poaGlobal: 0, airTemp: ta, windSpeed: ws };
        for (const mounting of Object.keys(
          SAPM_TEMPERATURE_PARAMETERS,
        ) as (keyof typeof SAPM_TEMPERATURE_PARAMETERS)[]) {
          expect(sapmCellTemperature(input, { mounting })[0]).toBeCloseTo(ta, 12);
        }
        expect(faimanCellTemperature(input)[0]).toBeCloseTo(ta, 12);
        expect(pvsystCellTemperature(input)[0]).toBeCloseTo(ta, 12);
      }),
    );
  });

  it('rises with irradiance and falls with wind', () => {
    fc.assert(
      fc.property(irradiance, irradiance, airTemp, wind, wind, (e1, e2, ta, w1, w2) => {
        const [lo, hi] = e1 <= e2 ? [e1, e2] : [e2, e1];
        const [calm, windy] = w1 <= w2 ? [w1, w2] : [w2, w1];
        for (const f of [
          (e: number, w: number) =>
            sapmCellTemperature(
              { poaGlobal: e, airTemp: ta, windSpeed: w },
              { mounting: 'open_rack_glass_polymer' },
            )[0]!,
          (e: number, w: number) => faimanCellTemperature({ poaGlobal: e, airTemp: ta, windSpeed: w })[0]!,
          (e: number, w: number) => pvsystCellTemperature({ poaGlobal: e, airTemp: ta, windSpeed: w }, { uV: 1.2 })[0]!,
        ]) {
          expect(f(hi, calm)).toBeGreaterThanOrEqual(f(lo, calm) - 1e-12);
          expect(f(hi, windy)).toBeLessThanOrEqual(f(hi, calm) + 1e-12);
        }
      }),
    );
  });

  it('runs hotter on an insulated back than on an open rack', () => {
    const input = { poaGlobal: 800, airTemp: 25, windSpeed: 2 };
    expect(sapmCellTemperature(input, { mounting: 'insulated_back_glass_polymer' })[0]).toBeGreaterThan(
      sapmCellTemperature(input, { mounting: 'open_rack_glass_polymer' })[0]!,
    );
  });
});

describe('PVWatts', () => {
  it('gives pdc0 at 1000 W/m2 and 25 C, and loses gamma per degree', () => {
    expect(pvwattsDc({ effectiveIrradiance: 1000, tempCell: 25 }, { pdc0: 5000, gammaPdc: -0.004 })[0]).toBeCloseTo(
      5000,
      9,
    );
    expect(pvwattsDc({ effectiveIrradiance: 1000, tempCell: 35 }, { pdc0: 5000, gammaPdc: -0.004 })[0]).toBeCloseTo(
      4800,
      9,
    );
  });

  it('inverter output lies in [0, AC rating] and never falls as DC power rises', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 8000, noNaN: true }),
        fc.double({ min: 0, max: 8000, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const ac = pvwattsInverter(Float64Array.of(lo, hi), { pdc0: 5000 / 0.96 });
          expect(ac[0]).toBeGreaterThanOrEqual(0);
          expect(ac[1]).toBeLessThanOrEqual(5000 + 1e-9);
          expect(ac[1]).toBeGreaterThanOrEqual(ac[0]! - 1e-9);
        },
      ),
    );
  });

  it('clips at the AC rating and gives 0 for 0', () => {
    const ac = pvwattsInverter(Float64Array.of(0, 6000), { pdc0: 5000, etaInvNom: 0.96 });
    expect(ac[0]).toBe(0);
    expect(ac[1]).toBe(4800);
  });

  it('inverter efficiency curve peaks at etaNom x PVWATTS_PEAK_OVER_NOMINAL', () => {
    let best = 0;
    for (let z = 0.01; z <= 1; z += 0.0005) best = Math.max(best, pvwattsInverter(z, { pdc0: 1 })[0]! / z);
    expect(best).toBeCloseTo(0.96 * PVWATTS_PEAK_OVER_NOMINAL, 6);
  });

  it('default losses are 14.08 % and no losses give 0', () => {
    expect(pvwattsLosses()).toBeCloseTo(14.0757, 3);
    expect(
      pvwattsLosses({
        soiling: 0,
        shading: 0,
        mismatch: 0,
        wiring: 0,
        connections: 0,
        lid: 0,
        nameplateRating: 0,
        availability: 0,
      }),
    ).toBeCloseTo(0, 12);
  });
});
