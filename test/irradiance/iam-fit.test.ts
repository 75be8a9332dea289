import { describe, expect, it } from 'vitest';
import { iamMartinRuiz, iamPhysical } from '../../src/irradiance/iam.js';
import { iamConvert, iamFit } from '../../src/irradiance/iam-fit.js';

const deg = Array.from({ length: 19 }, (_, i) => i * 5);

describe('iamFit', () => {
  it('recovers the parameters of noiseless data of each model (to the search tolerance)', () => {
    const aoi = Float64Array.from(deg);
    const mr = iamFit(
      { measuredAoi: aoi, measuredIam: iamMartinRuiz(aoi, { aR: 0.2 }) },
      { modelName: 'martinRuiz', xtol: 1e-10 },
    );
    expect((mr as { aR: number }).aR).toBeCloseTo(0.2, 8);
    const ph = iamFit(
      { measuredAoi: aoi, measuredIam: iamPhysical(aoi, { n: 1.4, K: 4, L: 0.003 }) },
      { modelName: 'physical', xtol: 1e-10 },
    ) as { n: number; K: number; L: number };
    expect(ph.n).toBeCloseTo(1.4, 5);
    expect(ph.L).toBeCloseTo(0.003, 6);
    expect(ph.K).toBe(4);
  });
  it("stops near the minimum with pvlib's default xtol (1e-4), as pvlib does", () => {
    const aoi = Float64Array.from(deg);
    const measured = iamMartinRuiz(aoi, { aR: 0.2 });
    const loose = (iamFit({ measuredAoi: aoi, measuredIam: measured }, { modelName: 'martinRuiz' }) as { aR: number })
      .aR;
    expect(Math.abs(loose - 0.2)).toBeLessThan(1e-3);
  });
  it('names the function and the argument on bad input', () => {
    expect(() => iamFit({ measuredAoi: [0, 10], measuredIam: [1] }, { modelName: 'ashrae' })).toThrow(
      /iamFit.*measuredIam/,
    );
    expect(() => iamFit({ measuredAoi: [0], measuredIam: [1] }, { modelName: 'sapm' as never })).toThrow(
      /options\.modelName/,
    );
  });
});

describe('iamConvert', () => {
  it('converting a model to itself gives back its parameter', () => {
    const r = iamConvert(
      { sourceName: 'martinRuiz', sourceParams: { aR: 0.16 } },
      { targetName: 'martinRuiz', xtol: 1e-10 },
    );
    expect((r as { aR: number }).aR).toBeCloseTo(0.16, 8);
  });
  it('with fixN, the physical model meets 0 where the ASHRAE model does (n = sin of that angle)', () => {
    const b = 0.05;
    const r = iamConvert({ sourceName: 'ashrae', sourceParams: { b } }, { targetName: 'physical' }) as { n: number };
    expect(r.n).toBeCloseTo(Math.sin(Math.acos(b / (1 + b))), 14);
  });
  it('names the parameters a source model needs', () => {
    expect(() =>
      iamConvert({ sourceName: 'ashrae', sourceParams: { aR: 0.1 } as never }, { targetName: 'physical' }),
    ).toThrow(/iamConvert.*sourceParams.*b/);
  });
});
