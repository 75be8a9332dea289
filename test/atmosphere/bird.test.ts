import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearskyBird, relativeAirmass } from '../../src/atmosphere/index.js';

const f64 = (...xs: number[]) => Float64Array.from(xs);
const AIR = { aod380: 0.15, aod500: 0.1, precipitableWater: 1.5 };

describe('clearskyBird', () => {
  it('closes GHI = direct horizontal + DHI, with DNI below the extraterrestrial irradiance', () => {
    fc.assert(
      fc.property(
        // Up to 85 degrees: beyond it, in clean air, the Rayleigh transmittance formula exceeds 1 (the
        // term 1 + m - m^1.01 turns negative near m = 30), so the model's diffuse goes below 0, as pvlib's.
        fc.double({ min: 0, max: 85, noNaN: true }),
        fc.double({ min: 0, max: 0.8, noNaN: true }),
        fc.double({ min: 0, max: 6, noNaN: true }),
        fc.double({ min: 60_000, max: 105_000, noNaN: true }),
        (zenith, aod, water, pressure) => {
          const am = relativeAirmass(zenith, { model: 'kasten1966' });
          const r = clearskyBird({
            zenith,
            airmassRelative: am,
            aod380: aod * 1.3,
            aod500: aod,
            precipitableWater: water,
            pressure,
          });
          // Both sides are sums of the same few terms: equal to a few ulps of 1400 W/m2.
          expect(Math.abs(r.ghi[0]! - r.directHorizontal[0]! - r.dhi[0]!)).toBeLessThan(1e-9);
          expect(r.dni[0]!).toBeLessThan(1364);
          expect(r.dni[0]!).toBeGreaterThanOrEqual(0);
          // DHI is GHI - direct horizontal: >= 0 to the rounding of that difference.
          expect(r.dhi[0]!).toBeGreaterThanOrEqual(-1e-9);
          // Direct horizontal is DNI cos z exactly as computed.
          expect(r.directHorizontal[0]!).toBeCloseTo(r.dni[0]! * Math.cos((zenith * Math.PI) / 180), 9);
        },
      ),
    );
  });

  it('dims the beam as aerosols and water grow', () => {
    const am = relativeAirmass(f64(30, 30, 30), { model: 'kasten1966' });
    const r = clearskyBird({
      zenith: 30,
      airmassRelative: am,
      aod380: f64(0.05, 0.3, 0.3),
      aod500: f64(0.03, 0.2, 0.2),
      precipitableWater: f64(1, 1, 4),
    });
    expect(r.dni[0]!).toBeGreaterThan(r.dni[1]!);
    expect(r.dni[1]!).toBeGreaterThan(r.dni[2]!);
    // Aerosols scatter what they take from the beam: more diffuse.
    expect(r.dhi[1]!).toBeGreaterThan(r.dhi[0]!);
  });

  it('gives NaN for a NaN air mass (the sun down) and no direct horizontal part at 90 degrees or more', () => {
    const r = clearskyBird({ zenith: f64(95, 90, Number.NaN), airmassRelative: f64(Number.NaN, 30, 2), ...AIR });
    expect(Number.isNaN(r.ghi[0]!)).toBe(true);
    expect(Number.isNaN(r.dni[0]!)).toBe(true);
    expect(r.directHorizontal[1]).toBe(0);
    expect(r.directHorizontal[2]).toBe(0);
    expect(r.ghi[2]).toBe(0);
  });

  it('NaN in any column gives NaN out in that row only', () => {
    const r = clearskyBird({ zenith: 30, airmassRelative: 1.15, ...AIR, aod500: f64(0.1, Number.NaN) });
    expect(Number.isFinite(r.ghi[0]!)).toBe(true);
    expect(Number.isNaN(r.ghi[1]!)).toBe(true);
  });

  it('writes into the buffers given and checks its arguments', () => {
    const out = { ghi: new Float64Array(2), dni: new Float64Array(2), dhi: new Float64Array(2) };
    const r = clearskyBird({ zenith: f64(20, 40), airmassRelative: f64(1.06, 1.3), ...AIR }, out);
    expect(r.ghi).toBe(out.ghi);
    expect(() => clearskyBird({ zenith: 20, airmassRelative: 1.06, ...AIR, pressure: 1013 })).toThrow(
      /clearskyBird: pressure .*hPa/,
    );
    expect(() => clearskyBird({ zenith: f64(1, 2), airmassRelative: f64(1), ...AIR })).toThrow(RangeError);
    expect(() => clearskyBird({ zenith: 20, airmassRelative: 1.06, ...AIR, aod380: [0.1] as never })).toThrow(
      /clearskyBird: aod380/,
    );
  });
});
