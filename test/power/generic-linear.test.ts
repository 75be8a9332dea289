import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  faimanCellTemperature,
  genericLinear,
  genericLinearFrom,
  genericLinearTo,
  pvsystCellTemperature,
  sapmModule,
} from '../../src/power/index.js';
import { runs } from '../support/properties.js';

// pvlib's values are reference cases (fixtures/reference/temperature_models.json); this file checks
// the equivalences the translation promises (Driesse et al. 2022), pvlib's documented example and
// the errors.

const module = { moduleEfficiency: 0.19, absorptance: 0.88 };
const arbWeather = fc.record({
  poaGlobal: fc.double({ min: 0, max: 1500, noNaN: true }),
  airTemp: fc.double({ min: -40, max: 50, noNaN: true }),
  windSpeed: fc.double({ min: 0, max: 20, noNaN: true }),
});

describe('genericLinear and its translations', () => {
  it("gives pvlib's documented example (use_faiman(16, 8), to_pvsyst, pvsyst_cell(800, 20, 1))", () => {
    const glm = genericLinearFrom({ model: 'faiman', u0: 16, u1: 8 }, module);
    expect(glm.uConst).toBeCloseTo(11.04, 12);
    expect(glm.duWind).toBeCloseTo(5.52, 12);
    const pvsyst = genericLinearTo(glm, { model: 'pvsyst' });
    expect(pvsyst.uC).toBeCloseTo(11.4048, 12);
    expect(pvsyst.uV).toBeCloseTo(5.7024, 12);
    expect(pvsystCellTemperature({ poaGlobal: 800, airTemp: 20, windSpeed: 1 }, pvsyst)[0]).toBeCloseTo(
      53.333333333,
      8,
    );
    expect(genericLinear({ poaGlobal: 800, airTemp: 20, windSpeed: 1 }, glm)[0]).toBeCloseTo(53.333333333, 8);
  });

  it('is the Faiman and PVsyst models it was translated from, at any weather', () => {
    fc.assert(
      fc.property(
        arbWeather,
        fc.double({ min: 10, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (weather, u, du) => {
          // Rounding of a few operations on values below 200 C: 1e-9 is far above it.
          const fromFaiman = genericLinearFrom({ model: 'faiman', u0: u, u1: du }, module);
          expect(genericLinear(weather, fromFaiman)[0]).toBeCloseTo(
            faimanCellTemperature(weather, { u0: u, u1: du })[0]!,
            9,
          );
          const fromPvsyst = genericLinearFrom({ model: 'pvsyst', uC: u, uV: du }, module);
          const pvsyst = { uC: u, uV: du, moduleEfficiency: 0.19, alphaAbsorption: 0.88 };
          expect(genericLinear(weather, fromPvsyst)[0]).toBeCloseTo(pvsystCellTemperature(weather, pvsyst)[0]!, 9);
        },
      ),
      { numRuns: runs(100) },
    );
  });

  it('meets the SAPM module model at the two fitted wind speeds', () => {
    fc.assert(
      fc.property(
        arbWeather,
        fc.double({ min: -3.6, max: -2.8, noNaN: true }),
        fc.double({ min: -0.08, max: -0.04, noNaN: true }),
        (weather, a, b) => {
          const glm = genericLinearFrom({ model: 'sapm', a, b, windFitLow: 2, windFitHigh: 6 }, module);
          for (const windSpeed of [2, 6]) {
            const w = { ...weather, windSpeed };
            expect(genericLinear(w, glm)[0]).toBeCloseTo(sapmModule(w, { a, b })[0]!, 9);
          }
        },
      ),
      { numRuns: runs(100) },
    );
  });

  it('round-trips Faiman, PVsyst and SAPM through the generic parameters; NOCT keeps its one heat loss factor', () => {
    const glm = { uConst: 12.5, duWind: 4.1, ...module };
    for (const model of ['faiman', 'pvsyst', 'sapm'] as const) {
      const back = genericLinearFrom({ model, ...genericLinearTo(glm, { model }) } as never, module);
      expect(back.uConst).toBeCloseTo(glm.uConst, 10);
      expect(back.duWind).toBeCloseTo(glm.duWind, 10);
    }
    // NOCT is one number: its heat loss factor at NOCT's wind, uConst + duWind / 0.51, survives;
    // the split is NOCT's own (60 % constant).
    const back = genericLinearFrom({ model: 'noct_sam', ...genericLinearTo(glm, { model: 'noct_sam' }) }, module);
    expect(back.uConst + back.duWind / 0.51).toBeCloseTo(glm.uConst + glm.duWind / 0.51, 10);
    expect(back.uConst / (back.uConst + back.duWind / 0.51)).toBeCloseTo(0.6, 12);
  });

  it('names the function, the argument and the unit', () => {
    expect(() => genericLinearFrom({ model: 'ross' } as never, module)).toThrow(
      /genericLinearFrom: source.model must be one of/,
    );
    expect(() => genericLinearFrom({ model: 'faiman', u0: 25 } as never, module)).toThrow(
      /genericLinearFrom: source.u1 must be a number \(W\/\(m2 K\)\/\(m\/s\)\)/,
    );
    expect(() =>
      genericLinearTo({ uConst: 1, duWind: 1, moduleEfficiency: 0.2 } as never, { model: 'faiman' }),
    ).toThrow(/genericLinearTo: parameters.absorptance must be a number/);
    expect(() => genericLinear({ poaGlobal: 800, airTemp: 20, windSpeed: 1 }, { uConst: 1 } as never)).toThrow(
      /genericLinear: options.duWind/,
    );
  });
});
