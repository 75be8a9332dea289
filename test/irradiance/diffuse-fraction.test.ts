import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boland, erbs, erbsDriesse, louche, orgillHollands } from '../../src/irradiance/index.js';

const D2R = Math.PI / 180;
const t = (iso: string) => Date.parse(iso) / 1000;
const f64 = (...xs: number[]) => Float64Array.from(xs);

// pvlib-python's own test vectors (tests/test_irradiance.py): GHI 0, 50, 1000, 1000 W/m2 at zenith
// 120, 85, 10, 10 deg on 2019-01-01 (three rows) and 2019-06-20.
const times = f64(t('2019-01-01T00:00Z'), t('2019-01-01T00:00Z'), t('2019-01-01T00:00Z'), t('2019-06-20T00:00Z'));
const ghi = f64(0, 50, 1000, 1000);
const zenith = f64(120, 85, 10, 10);

describe('the kt decompositions against pvlib test vectors', () => {
  it('Erbs-Driesse: the Erbs values to the watt, with times or dniExtra', () => {
    const r = erbsDriesse({ ghi, zenith, unixSeconds: times });
    expect(Array.from(r.dni, Math.round)).toEqual([0, 97, 794, 842]);
    expect(Array.from(r.dhi, Math.round)).toEqual([0, 42, 218, 171]);
    expect(r.kt[2]).toBeCloseTo(0.718132729, 8);
  });

  it('Orgill-Hollands', () => {
    const r = orgillHollands({ ghi, zenith, unixSeconds: times });
    const dni = [0, 108.731366, 776.155771, 835.696102];
    const dhi = [0, 40.523437, 235.635779, 177.0];
    for (let i = 0; i < 4; i++) {
      expect(r.dni[i]).toBeCloseTo(dni[i]!, 5);
      expect(r.dhi[i]).toBeCloseTo(dhi[i]!, 5);
    }
  });

  it('Boland with the 15-minute coefficients', () => {
    const r = boland({ ghi, zenith, unixSeconds: times });
    const dni = [0, 81.9448546, 723.76499, 805.020419];
    const dhi = [0, 42.8580353, 287.230626, 207.20965];
    for (let i = 0; i < 4; i++) {
      expect(r.dni[i]).toBeCloseTo(dni[i]!, 5);
      expect(r.dhi[i]).toBeCloseTo(dhi[i]!, 5);
    }
  });

  it('Louche (zenith 91 for the night row, its limit being 90)', () => {
    const r = louche({ ghi, zenith: f64(91, 85, 10, 10), unixSeconds: times });
    const dni = [0, 130.089669, 828.49865, 887.407348];
    const dhi = [0, 38.661938, 184.088106, 126.074364];
    for (let i = 0; i < 4; i++) {
      expect(r.dni[i]).toBeCloseTo(dni[i]!, 5);
      expect(r.dhi[i]).toBeCloseTo(dhi[i]!, 5);
    }
  });
});

describe('the kt decompositions: physics and edge cases', () => {
  const models = { erbsDriesse, orgillHollands, boland, louche };

  for (const [name, model] of Object.entries(models)) {
    it(`${name}: GHI = DNI cos z + DHI, DNI >= 0 for any GHI >= 0 and zenith`, () => {
      fc.assert(
        fc.property(
          fc.double({ min: 0, max: 1400, noNaN: true }),
          fc.double({ min: 0, max: 180, noNaN: true }),
          fc.double({ min: 1320, max: 1415, noNaN: true }),
          (g, z, e) => {
            const r = model({ ghi: g, zenith: z, dniExtra: e });
            expect(r.dni[0]).toBeGreaterThanOrEqual(0);
            // DNI cos z + DHI is GHI up to the rounding of a division and a product: 1e-9 of GHI.
            expect(Math.abs(r.dni[0]! * Math.cos(z * D2R) + r.dhi[0]! - g)).toBeLessThanOrEqual(1e-9 * g + 1e-9);
            expect(r.kt[0]).toBeGreaterThanOrEqual(0);
            expect(r.kt[0]).toBeLessThanOrEqual(name === 'louche' ? 2 : 1);
          },
        ),
      );
    });

    it(`${name}: NaN GHI or zenith gives NaN, row by row`, () => {
      const r = model({ ghi: f64(Number.NaN, 500, 500), zenith: f64(40, Number.NaN, 40), dniExtra: 1361 });
      expect(Number.isNaN(r.dni[0]!) && Number.isNaN(r.dhi[0]!)).toBe(true);
      expect(Number.isNaN(r.dni[1]!) && Number.isNaN(r.dhi[1]!)).toBe(true);
      expect(r.dni[2]).toBeGreaterThan(0);
    });

    it(`${name}: refuses a missing dniExtra and times, naming them and the units`, () => {
      expect(() => model({ ghi, zenith } as never)).toThrow(/unixSeconds or input.dniExtra.*W\/m2/);
      expect(() => model({ ghi, zenith, unixSeconds: f64(1, 2) })).toThrow(/length/);
      expect(() => model({ ghi, zenith, dniExtra: 1361 }, { maxZenith: 200 })).toThrow(/maxZenith.*degrees/);
    });
  }

  it('Erbs-Driesse takes negative GHI as 0 (pvlib), the others keep it as DHI', () => {
    expect(erbsDriesse({ ghi: -5, zenith: 40, dniExtra: 1361 }).dhi[0]).toBe(0);
    expect(orgillHollands({ ghi: -5, zenith: 40, dniExtra: 1361 }).dhi[0]).toBe(-5);
  });

  it('Erbs-Driesse stays within 0.0005 of Erbs in diffuse fraction (Driesse et al. 2024)', () => {
    const g = Float64Array.from({ length: 200 }, (_, i) => 5 + i * 5);
    const a = erbs({ ghi: g, zenith: 30, dniExtra: 1361 });
    const b = erbsDriesse({ ghi: g, zenith: 30, dniExtra: 1361 });
    for (let i = 0; i < g.length; i++) expect(Math.abs(a.dhi[i]! - b.dhi[i]!) / g[i]!).toBeLessThan(5e-4);
  });

  it('Boland: the hourly coefficients change the split; a kt above 1 (cloud enhancement) is clipped to 1', () => {
    const a = boland({ ghi: 600, zenith: 40, dniExtra: 1361 });
    const b = boland({ ghi: 600, zenith: 40, dniExtra: 1361 }, { aCoeff: 7.997, bCoeff: 0.586 });
    expect(b.dhi[0]).not.toBeCloseTo(a.dhi[0]!, 3);
    expect(boland({ ghi: 1400, zenith: 40, dniExtra: 1361 }).kt[0]).toBe(1);
  });
});
