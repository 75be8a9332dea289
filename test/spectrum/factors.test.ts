import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sapmSpectralLoss } from '../../src/pv/sapm.js';
import {
  spectralFactorCaballero,
  spectralFactorFirstSolar,
  spectralFactorJrc,
  spectralFactorPolo,
  spectralFactorPvspec,
  spectralFactorSapm,
} from '../../src/spectrum/factors.js';

const am = fc.double({ min: 1, max: 10, noNaN: true });
const pw = fc.double({ min: 0.1, max: 8, noNaN: true });

describe('spectralFactorFirstSolar', () => {
  it('clips air mass and water as pvlib: water below 0.1 cm is 0.1, above 8 cm NaN; air mass in [0.58, 10]', () => {
    const f = (p: number, a: number) =>
      spectralFactorFirstSolar({ precipitableWater: p, airmassAbsolute: a }, { moduleType: 'cdte' })[0]!;
    expect(f(0, 1.5)).toBe(f(0.1, 1.5));
    expect(f(8.01, 1.5)).toBeNaN();
    expect(f(1, 40)).toBe(f(1, 10));
    expect(f(1, 0.1)).toBe(f(1, 0.58));
  });
  it('takes module types in any case (as pvlib lower-cases them) and the same coefficients give the same', () => {
    fc.assert(
      fc.property(pw, am, (p, a) => {
        const input = { precipitableWater: p, airmassAbsolute: a };
        const byName = spectralFactorFirstSolar(input, { moduleType: 'CdTe' as never })[0]!;
        const byCoeffs = spectralFactorFirstSolar(input, {
          coefficients: [0.86273, -0.038948, -0.012506, 0.098871, 0.084658, -0.0042948],
        })[0]!;
        expect(byName).toBe(byCoeffs);
        // CdTe over AM 1-10 and Pw 0.1-8 cm: from 0.676 (AM 10, dry) to 1.063 (a grid's extremes).
        expect(byName).toBeGreaterThan(0.67);
        expect(byName).toBeLessThan(1.07);
      }),
    );
  });
  it('needs one of moduleType and coefficients, and names the unknown type', () => {
    const input = { precipitableWater: 1, airmassAbsolute: 1.5 };
    expect(() => spectralFactorFirstSolar(input, {})).toThrow(/spectralFactorFirstSolar.*moduleType/);
    expect(() => spectralFactorFirstSolar(input, { moduleType: 'cdte', coefficients: [1, 2, 3, 4, 5, 6] })).toThrow(
      TypeError,
    );
    expect(() => spectralFactorFirstSolar(input, { moduleType: 'perc' as never })).toThrow(/options\.moduleType/);
    expect(() => spectralFactorFirstSolar(input, { coefficients: [1, 2] })).toThrow(/6 numbers/);
  });
});

describe('spectralFactorSapm', () => {
  it("is the SAPM's own spectral loss (one function under pvlib.spectrum's name)", () => {
    const module = { a0: 0.928385, a1: 0.068093, a2: -0.0157738, a3: 0.0016606, a4: -6.93e-5 };
    const x = Float64Array.of(1, 1.5, 3, Number.NaN, 50);
    expect(spectralFactorSapm(x, module)).toEqual(sapmSpectralLoss(x, module));
  });
});

describe('spectralFactorCaballero', () => {
  it('is the air-mass polynomial alone at the reference aerosol and water (0.084, 1.4164 cm)', () => {
    const c = [1.0, 0.02, -0.01, 0.002, -0.0001, 0.5, 0.3, 0.2, 0.1, 0.7, 1, 1];
    const v = spectralFactorCaballero(
      { precipitableWater: 1.4164, airmassAbsolute: 2, aod500: 0.084 },
      { coefficients: c },
    )[0]!;
    expect(v).toBeCloseTo(1 + 0.04 - 0.04 + 0.016 - 0.0016, 14);
  });
});

describe('spectralFactorPvspec and spectralFactorJrc', () => {
  it('PVSPEC is a at kc = 1 and AM = 1; JRC is 1 at kc = 1 and AM = 1.5', () => {
    expect(spectralFactorPvspec({ airmassAbsolute: 1, clearskyIndex: 1 }, { moduleType: 'asi' })[0]).toBe(1.051);
    expect(spectralFactorJrc({ airmass: 1.5, clearskyIndex: 1 }, { moduleType: 'cdte' })[0]).toBe(1);
    expect(
      spectralFactorJrc({ airmass: Float64Array.of(Number.NaN), clearskyIndex: 1 }, { moduleType: 'cdte' })[0],
    ).toBeNaN();
  });
});

describe('spectralFactorPolo', () => {
  it('the albedo term is 1 at albedo 0.2 for monosi, and an aoi above 90 counts as 90', () => {
    const base = { precipitableWater: 1.4, airmassAbsolute: 1.5, aod500: 0.1, pressure: 101325 };
    const at = (aoi: number, albedo?: number) =>
      spectralFactorPolo({ ...base, aoi, ...(albedo !== undefined ? { albedo } : {}) }, { moduleType: 'monosi' })[0]!;
    expect(at(30, 0.2)).toBe(at(30));
    expect(at(120)).toBe(at(90));
    expect(() => spectralFactorPolo({ ...base, aoi: 30, pressure: 1013 }, { moduleType: 'monosi' })).toThrow(/Pa/);
  });
});
