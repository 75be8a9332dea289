/**
 * The Earth-Sun distance of the SPA (nrelEarthSunDistance) and the extraterrestrial irradiance of
 * method 'nrel' built on it; pvlib's values are in fixtures/reference/solar_extras.json.
 */
import { describe, expect, it } from 'vitest';
import { extraterrestrialRadiation } from '../../src/atmosphere/index.js';
import { nrelEarthSunDistance } from '../../src/solar/index.js';

const day = (y: number, m: number, d: number, h = 0): number => Date.UTC(y, m - 1, d, h) / 1000;

describe('nrelEarthSunDistance', () => {
  it("gives pvlib's value at perihelion and stays within the orbit's extremes over a year", () => {
    // pvlib.solarposition.nrel_earthsun_distance(2024-01-03 00:00 UTC) = 0.983306881886149 AU (delta T 67 s).
    expect(nrelEarthSunDistance(Float64Array.of(day(2024, 1, 3)), { deltaT: 67 })[0]).toBeCloseTo(
      0.983306881886149,
      12,
    );
    const t = Float64Array.from({ length: 366 }, (_, i) => day(2024, 1, 1) + i * 86400);
    const r = nrelEarthSunDistance(t);
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < r.length; i++) {
      if (r[i]! < r[lo]!) lo = i;
      if (r[i]! > r[hi]!) hi = i;
    }
    // Perihelion early January (2024: 3 January), aphelion early July (2024: 5 July); e = 0.0167.
    expect(lo).toBe(2);
    expect(hi).toBeGreaterThanOrEqual(183);
    expect(hi).toBeLessThanOrEqual(186);
    expect(r[lo]).toBeCloseTo(1 - 0.0167, 3);
    expect(r[hi]).toBeCloseTo(1 + 0.0167, 3);
  });

  it('barely depends on delta T, takes a column of it, NaN in gives NaN out', () => {
    const t = Float64Array.of(day(2024, 4, 1), Number.NaN, day(2024, 10, 1));
    const a = nrelEarthSunDistance(t, { deltaT: 0 });
    const b = nrelEarthSunDistance(t, { deltaT: Float64Array.of(120, 120, 120) });
    expect(a[1]).toBeNaN();
    // dR/dt is at most e 2 pi / 365.25 = 2.9e-4 AU a day, < 3e-4: 120 s move it by < 4.2e-7 AU.
    expect(Math.abs(a[0]! - b[0]!)).toBeLessThan(4.2e-7);
    expect(a[0]).not.toBe(b[0]);
  });

  it('checks its arguments', () => {
    expect(() => nrelEarthSunDistance(Float64Array.of(day(2024, 1, 1) * 1000))).toThrow(
      /nrelEarthSunDistance: unixSeconds must be Unix seconds/,
    );
    expect(() => nrelEarthSunDistance(Float64Array.of(0, 1), { deltaT: Float64Array.of(1) })).toThrow(/length/);
    expect(() => nrelEarthSunDistance(Float64Array.of(0), {}, new Float64Array(2))).toThrow(/length/);
  });
});

describe("extraterrestrialRadiation method 'nrel'", () => {
  it('is the solar constant over the squared distance at each instant, close to Spencer by day', () => {
    const t = Float64Array.from({ length: 365 * 4 }, (_, i) => day(2023, 1, 1) + i * 21600);
    const nrel = extraterrestrialRadiation(t, { method: 'nrel', deltaT: 69 });
    const r = nrelEarthSunDistance(t, { deltaT: 69 });
    const spencer = extraterrestrialRadiation(t);
    for (let i = 0; i < t.length; i++) {
      expect(nrel[i]).toBeCloseTo(1366.1 / r[i]! ** 2, 9);
      // Spencer's series of the day is within 0.1 % (1.4 W/m2) plus a day's change (0.7 W/m2).
      expect(Math.abs(nrel[i]! - spencer[i]!)).toBeLessThan(2.1);
    }
    // Unlike the day-based methods it changes within a day.
    const twice = extraterrestrialRadiation(Float64Array.of(day(2023, 4, 1, 0), day(2023, 4, 1, 12)), {
      method: 'nrel',
    });
    expect(twice[0]).not.toBe(twice[1]);
    expect(
      extraterrestrialRadiation(Float64Array.of(day(2023, 4, 1)), { method: 'nrel', solarConstant: 1361 })[0],
    ).toBeCloseTo(
      (1361 / 1366.1) * extraterrestrialRadiation(Float64Array.of(day(2023, 4, 1)), { method: 'nrel' })[0]!,
      9,
    );
    expect(() => extraterrestrialRadiation(t, { method: 'nasa' as 'nrel' })).toThrow(/options.method/);
  });
});

describe('nrelEarthSunDistance of dense series (interpolated between half-day nodes)', () => {
  it('stays within 1.5e-10 AU of the sum at every time', () => {
    // The bound of DISTANCE_NODE_SECONDS: 0.5625 / 24 h^4 sum_i A_i (C_i)^4 over Table A4.2 with
    // h = 12 hours = 1.37e-6 millennia: 1.5e-10 AU.
    const start = Date.UTC(2023, 11, 1) / 1000;
    const t = Float64Array.from({ length: 6 * 24 * 400 }, (_, i) => start + 600 * i);
    const dense = nrelEarthSunDistance(t, { deltaT: 69 });
    // One time per call: the sum at that time.
    let worst = 0;
    for (let i = 0; i < t.length; i += 97) {
      const direct = nrelEarthSunDistance(t.subarray(i, i + 1), { deltaT: 69 })[0]!;
      worst = Math.max(worst, Math.abs(dense[i]! - direct));
    }
    expect(worst).toBeLessThan(1.5e-10);
    expect(worst).toBeGreaterThan(0); // the dense series did take the node form
  });
});
