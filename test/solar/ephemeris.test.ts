/**
 * pvlib's ephemeris algorithm (solarPositionEphemeris): agreement with the SPA within the
 * algorithm's accuracy, a row's value independent of the other rows (the named difference from
 * pvlib), refraction with the air, NaN, and the checks. pvlib's values: fixtures/reference/solar_extras.json.
 */
import { describe, expect, it } from 'vitest';
import { solarPositionEphemeris, solarPositionSpa } from '../../src/solar/index.js';

const start = Date.UTC(2024, 0, 1) / 1000;
const t = Float64Array.from({ length: 3000 }, (_, i) => start + i * 10_523);

describe('solarPositionEphemeris', () => {
  it('follows the SPA within 0.02 degree where the sun is up', () => {
    // The mean elements of 1900 and a fixed aberration: about 0.01 degree in this century; the
    // azimuth error grows as 1 / sin z near the zenith (rows within 5 degrees of it left out).
    for (const [latitude, longitude] of [
      [40, -105],
      [-33.9, 151.2],
      [78.2, 15.6],
    ] as const) {
      const e = solarPositionEphemeris({ unixSeconds: t, latitude, longitude });
      const s = solarPositionSpa({ unixSeconds: t, latitude, longitude }, { deltaT: 69 });
      for (let i = 0; i < t.length; i++) {
        if (s.zenith[i]! > 90) continue;
        expect(Math.abs(e.zenith[i]! - s.zenith[i]!)).toBeLessThan(0.02);
        if (s.zenith[i]! < 5) continue;
        const d = Math.abs(e.azimuth[i]! - s.azimuth[i]!);
        expect(Math.min(d, 360 - d)).toBeLessThan(0.02 / Math.sin((s.zenith[i]! * Math.PI) / 180));
      }
    }
  });

  it("gives each time the same value alone or in a series (pvlib's array-wide Kepler stop does not)", () => {
    const all = solarPositionEphemeris({ unixSeconds: t, latitude: 40, longitude: -105 });
    for (const i of [0, 777, 2999]) {
      const one = solarPositionEphemeris({ unixSeconds: t.subarray(i, i + 1), latitude: 40, longitude: -105 });
      expect(one.zenith[0]).toBe(all.zenith[i]);
      expect(one.azimuth[0]).toBe(all.azimuth[i]);
    }
  });

  it('refracts with the air: more in dense cold air, none with the sun high above 85 degrees of elevation', () => {
    const low = Float64Array.of(Date.UTC(2024, 5, 21, 3, 30) / 1000); // near sunrise at Amsterdam
    const place = { unixSeconds: low, latitude: 52.37, longitude: 4.9 };
    const standard = solarPositionEphemeris(place);
    const dense = solarPositionEphemeris({ ...place, pressure: 104000, temperature: -30 });
    const lift = (p: typeof standard) => p.apparentElevation[0]! - p.elevation[0]!;
    expect(lift(standard)).toBeGreaterThan(0.1);
    expect(lift(dense)).toBeGreaterThan(lift(standard));
    const high = solarPositionEphemeris({
      unixSeconds: Float64Array.of(Date.UTC(2024, 5, 21, 12) / 1000),
      latitude: 23.44,
      longitude: 0,
    });
    expect(high.elevation[0]).toBeGreaterThan(85);
    expect(high.apparentElevation[0]).toBe(high.elevation[0]);
    expect(high.solarTime[0]).toBeCloseTo(12 - 1.7 / 60, 1); // equation of time of late June: -1.7 min
  });

  it('takes NaN to NaN and checks its arguments', () => {
    const r = solarPositionEphemeris({ unixSeconds: Float64Array.of(Number.NaN, start), latitude: 10, longitude: 10 });
    expect(r.zenith[0]).toBeNaN();
    expect(r.zenith[1]).not.toBeNaN();
    expect(() => solarPositionEphemeris({ unixSeconds: t, latitude: 10, longitude: 10, pressure: 1013 })).toThrow(
      /solarPositionEphemeris: pressure must be a pressure in Pa/,
    );
    expect(() => solarPositionEphemeris({ unixSeconds: t, latitude: 100, longitude: 10 })).toThrow(/latitude/);
    expect(() =>
      solarPositionEphemeris({ unixSeconds: t, latitude: 10, longitude: 10, temperature: Float64Array.of(1) }),
    ).toThrow(/length/);
  });
});
