import { describe, expect, it } from 'vitest';
import { fuentesCellTemperature, noctSamCellTemperature, rossCellTemperature } from '../../src/power/index.js';

// pvlib's values for these models are reference cases (fixtures/reference/temperature.json); this
// file checks pvlib's own test vectors, the documented choices and the errors.
describe('Ross', () => {
  it('is T_a + (NOCT - 20) / 800 E, or T_a + k E', () => {
    expect(rossCellTemperature({ poaGlobal: 800, airTemp: 20 }, { noct: 45 })[0]).toBe(45);
    const e = Float64Array.from([0, 250, 1000]);
    const byNoct = rossCellTemperature({ poaGlobal: e, airTemp: 10 }, { noct: 45 });
    const byK = rossCellTemperature({ poaGlobal: e, airTemp: 10 }, { k: 25 / 800 });
    for (let i = 0; i < 3; i++) expect(byNoct[i]).toBeCloseTo(byK[i]!, 12);
  });
  it('needs exactly one of noct and k', () => {
    expect(() => rossCellTemperature({ poaGlobal: 1, airTemp: 1 }, { noct: 45, k: 0.02 } as never)).toThrow(
      /exactly one of noct/,
    );
    expect(() => rossCellTemperature({ poaGlobal: 1, airTemp: 1 }, {} as never)).toThrow(/exactly one of noct/);
    expect(() => rossCellTemperature({ poaGlobal: 1, airTemp: 1 }, { noct: Number.NaN })).toThrow(/noct.*degrees C/);
  });
});

describe('NOCT (SAM)', () => {
  const base = { poaGlobal: 1000, airTemp: 25, windSpeed: 1 };
  it("matches pvlib's test values (test_noct_sam, and against SAM 2020.11.29)", () => {
    expect(noctSamCellTemperature(base, { noct: 45, moduleEfficiency: 0.2 })[0]).toBeCloseTo(55.230790492, 9);
    // pvlib's test_noct_sam_against_sam: SAM's Phoenix TMY3 case, Jan 1 12:00.
    const sam = noctSamCellTemperature(
      { poaGlobal: 860.673, airTemp: 25, windSpeed: 3, effectiveIrradiance: 851.458 * 0.998 },
      { noct: 46.4, moduleEfficiency: 0.20551, transmittanceAbsorptance: 0.9, arrayHeight: 1, mountStandoff: 4 },
    )[0]!;
    expect(sam).toBeGreaterThan(40);
    expect(sam).toBeLessThan(50);
  });
  it('raises NOCT by the standoff bands (18, 11, 6, 2, 0 K; 0 at or below 0 inches)', () => {
    const at = (mountStandoff: number) =>
      noctSamCellTemperature(base, { noct: 45, moduleEfficiency: 0.2, mountStandoff })[0]!;
    const rise = (noct: number) => noctSamCellTemperature(base, { noct, moduleEfficiency: 0.2 })[0]!;
    expect(at(0)).toBe(rise(45));
    expect(at(0.49)).toBe(rise(63));
    expect(at(0.5)).toBe(rise(56));
    expect(at(1.5)).toBe(rise(51));
    expect(at(2.5)).toBe(rise(47));
    expect(at(3.5)).toBe(rise(47));
    expect(at(3.51)).toBe(rise(45));
  });
  it('refuses an array height other than 1 or 2 storeys and non-numbers, naming them', () => {
    expect(() => noctSamCellTemperature(base, { noct: 45, moduleEfficiency: 0.2, arrayHeight: 3 as never })).toThrow(
      /arrayHeight must be 1 or 2/,
    );
    expect(() => noctSamCellTemperature(base, { noct: 45, moduleEfficiency: Number.NaN })).toThrow(/moduleEfficiency/);
  });
});

describe('Fuentes', () => {
  const hours = (n: number) => Float64Array.from({ length: n }, (_, i) => 1_546_300_800 + 3600 * i);
  it("matches pvlib's test_fuentes_timezone values (1000 W/m2, 20 C, 1 m/s, NOCT 45)", () => {
    const t = fuentesCellTemperature(
      { unixSeconds: hours(3), poaGlobal: 1000, airTemp: 20, windSpeed: 1 },
      { noctInstalled: 45 },
    );
    expect(Array.from(t, (v) => Math.round(v * 1000) / 1000)).toEqual([48.042, 51.845, 51.846]);
  });
  it('a NaN row is NaN alone: the rest equals the series without that row (pvlib: NaN from there on)', () => {
    const t = hours(48);
    const poa = Float64Array.from(t, (_, i) => Math.max(0, 900 * Math.sin(((i % 24) - 6) * (Math.PI / 12))));
    const air = Float64Array.from(t, (_, i) => 15 + 5 * Math.sin((i / 24) * 2 * Math.PI));
    const wind = 2;
    const gap = 30;
    const withNaN = Float64Array.from(air);
    withNaN[gap] = Number.NaN;
    const a = fuentesCellTemperature(
      { unixSeconds: t, poaGlobal: poa, airTemp: withNaN, windSpeed: wind },
      { noctInstalled: 45 },
    );
    const keep = (c: Float64Array) => Float64Array.from([...c.subarray(0, gap), ...c.subarray(gap + 1)]);
    const b = fuentesCellTemperature(
      { unixSeconds: keep(t), poaGlobal: keep(poa), airTemp: keep(air), windSpeed: wind },
      { noctInstalled: 45 },
    );
    expect(a[gap]).toBeNaN();
    expect(Array.from(keep(a))).toEqual(Array.from(b));
  });
  it('needs two increasing times and a NOCT above 20 C', () => {
    expect(() =>
      fuentesCellTemperature({ unixSeconds: hours(1), poaGlobal: 1, airTemp: 1, windSpeed: 1 }, { noctInstalled: 45 }),
    ).toThrow(/at least two times/);
    expect(() =>
      fuentesCellTemperature(
        { unixSeconds: Float64Array.from([10, 5]), poaGlobal: 1, airTemp: 1, windSpeed: 1 },
        { noctInstalled: 45 },
      ),
    ).toThrow(/must increase/);
    expect(() =>
      fuentesCellTemperature({ unixSeconds: hours(2), poaGlobal: 1, airTemp: 1, windSpeed: 1 }, { noctInstalled: 15 }),
    ).toThrow(/noctInstalled/);
    expect(
      fuentesCellTemperature(
        { unixSeconds: new Float64Array(0), poaGlobal: 1, airTemp: 1, windSpeed: 1 },
        { noctInstalled: 45 },
      ).length,
    ).toBe(0);
  });
});
