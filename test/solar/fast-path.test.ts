import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solarPositionFast, solarPositionSpa } from '../../src/solar/index.js';
import { runs } from '../support/properties.js';

const YEAR_1900 = Date.UTC(1900, 0, 1) / 1000;
const YEAR_2100 = Date.UTC(2100, 0, 1) / 1000;

function angleError(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

// The fast form's approximations (cubic geocentric terms per 12 h cell, tabulated hour-angle
// trigonometry, atan2 by node table, tabulated refraction) are each far inside the 1e-3 degree
// promise; these tests hold them to their own, tighter bounds so that a regression shows.
describe('solarPositionFast approximations', () => {
  it('stays within 1e-6 degree of the SPA over a regular series spanning 1900-2100', () => {
    const step = 7.3 * 3600; // not a divisor of the day: every hour angle and season is visited
    const n = Math.floor((YEAR_2100 - YEAR_1900) / step);
    const t = new Float64Array(n);
    for (let i = 0; i < n; i++) t[i] = YEAR_1900 + i * step;
    for (const [lat, lon] of [
      [51.5, -0.1],
      [-23.44, 133.9],
      [78.2, 15.6],
    ] as const) {
      const fast = solarPositionFast({ unixSeconds: t, latitude: lat, longitude: lon, elevation: 500 });
      const spa = solarPositionSpa({ unixSeconds: t, latitude: lat, longitude: lon, elevation: 500 });
      let worstZenith = 0;
      let worstApparent = 0;
      let worstAzimuth = 0;
      let worstEot = 0;
      for (let i = 0; i < n; i++) {
        worstZenith = Math.max(worstZenith, Math.abs(fast.zenith[i]! - spa.zenith[i]!));
        worstApparent = Math.max(worstApparent, Math.abs(fast.apparentZenith[i]! - spa.apparentZenith[i]!));
        const sinZ = Math.sin((spa.zenith[i]! * Math.PI) / 180);
        worstAzimuth = Math.max(worstAzimuth, angleError(fast.azimuth[i]!, spa.azimuth[i]!) * sinZ);
        worstEot = Math.max(worstEot, Math.abs(fast.equationOfTime[i]! - spa.equationOfTime[i]!));
      }
      // The geometric terms are held tighter than the refraction table: they are measured at
      // 0.3-0.9e-7 (zenith, azimuth) and 6.5e-8 (equation of time, minutes), the sum of the node
      // interpolation and the smaller approximations on top of it (sub-cell quadratics < 1.8e-9
      // degree, atan2 table < 2.2e-9 degree), so a regression of any of them by 1e-7 shows.
      expect(worstZenith).toBeLessThan(2e-7);
      expect(worstApparent).toBeLessThan(1e-6);
      expect(worstAzimuth).toBeLessThan(2e-7);
      expect(worstEot).toBeLessThan(2e-7);
    }
  });

  it('refraction (tabulated near and above the horizon, the formula below) within 1e-6 degree', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -89, max: 89, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: YEAR_1900, max: YEAR_2100 - 86400, noNaN: true }),
        fc.double({ min: 60000, max: 108000, noNaN: true }),
        fc.double({ min: -40, max: 45, noNaN: true }),
        fc.double({ min: 0.3, max: 4, noNaN: true }),
        (lat, lon, start, pressure, temperature, atmosRefract) => {
          // One day in 2-minute steps: sunrise and sunset sweep the horizon region finely.
          const t = new Float64Array(720);
          for (let i = 0; i < t.length; i++) t[i] = start + i * 120;
          const input = { unixSeconds: t, latitude: lat, longitude: lon, pressure, temperature };
          const fast = solarPositionFast(input, { atmosRefract });
          const spa = solarPositionSpa(input, { atmosRefract });
          for (let i = 0; i < t.length; i++) {
            const refractionFast = fast.apparentElevation[i]! - fast.elevation[i]!;
            const refractionSpa = spa.apparentElevation[i]! - spa.elevation[i]!;
            // The fast form's refraction is a cubic Hermite table, in error by < 4.4e-7 degree per
            // unit of the refraction factor (P/1010)(283/(273+T)) (src/solar/fast.ts); here the
            // factor is at most (1080/1010)(283/233) = 1.30, so < 5.7e-7 degree, plus the ~1e-7
            // degree the two elevations differ times the refraction's slope (< 0.2).
            expect(Math.abs(refractionFast - refractionSpa)).toBeLessThan(1e-6);
          }
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('keeps zenith in [0, 180] and azimuth in [0, 360) at the poles and with the sun overhead', () => {
    // 23.44 N at the June solstice: the sun passes within a hair of the zenith at local noon.
    const start = Date.UTC(2024, 5, 20, 16) / 1000;
    const t = new Float64Array(2000);
    for (let i = 0; i < t.length; i++) t[i] = start + i * 1.7;
    for (const lat of [90, -90, 23.44]) {
      const fast = solarPositionFast({ unixSeconds: t, latitude: lat, longitude: -105 });
      const spa = solarPositionSpa({ unixSeconds: t, latitude: lat, longitude: -105 });
      for (let i = 0; i < t.length; i++) {
        expect(fast.zenith[i]!).toBeGreaterThanOrEqual(0);
        expect(fast.zenith[i]!).toBeLessThanOrEqual(180);
        expect(fast.azimuth[i]!).toBeGreaterThanOrEqual(0);
        expect(fast.azimuth[i]!).toBeLessThan(360);
        expect(Math.abs(fast.zenith[i]! - spa.zenith[i]!)).toBeLessThan(1e-6);
      }
    }
  });

  it('gives unsorted and block-straddling series the values of the same times in order', () => {
    // More than one 256-point block, with times jumping back and forth across cells.
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: YEAR_1900, max: YEAR_2100, noNaN: true }), { minLength: 300, maxLength: 600 }),
        fc.double({ min: -90, max: 90, noNaN: true }),
        (times, lat) => {
          const t = Float64Array.from(times);
          const sorted = Float64Array.from(times).sort();
          const a = solarPositionFast({ unixSeconds: t, latitude: lat, longitude: 10 });
          const b = solarPositionFast({ unixSeconds: sorted, latitude: lat, longitude: 10 });
          const index = new Map<number, number>();
          sorted.forEach((v, i) => index.set(v, i));
          for (let i = 0; i < t.length; i++) {
            const j = index.get(t[i]!)!;
            expect(Math.abs(a.apparentZenith[i]! - b.apparentZenith[j]!)).toBeLessThan(1e-9);
            expect(angleError(a.azimuth[i]!, b.azimuth[j]!)).toBeLessThan(1e-6);
          }
        },
      ),
      { numRuns: runs(20) },
    );
  });

  it('gives every instant the same doubles in any window of a series (a value depends only on its own time)', () => {
    // Three days at 5 minutes plus instants 1 s to 80 s either side of every 3-hour sub-cell edge
    // (the interpolation's seams, where a value carried from node to node would differ).
    const start = Date.UTC(2024, 2, 30) / 1000;
    const times: number[] = [];
    for (let k = 0; k < 3 * 288; k++) times.push(start + 300 * k + 150);
    for (let edge = start; edge < start + 3 * 86_400; edge += 3 * 3600)
      for (const d of [-80, -1, 1, 69, 80]) times.push(edge + d);
    const t = Float64Array.from(times).sort();
    const whole = solarPositionFast({ unixSeconds: t, latitude: 47.4, longitude: 8.5, elevation: 400 });
    const keys = ['zenith', 'apparentZenith', 'azimuth', 'elevation', 'apparentElevation', 'equationOfTime'] as const;
    let compared = 0;
    for (const from of [1, 37, 289, 500, t.length - 3]) {
      const part = solarPositionFast({ unixSeconds: t.subarray(from), latitude: 47.4, longitude: 8.5, elevation: 400 });
      for (const key of keys)
        for (let i = 0; i < part[key].length; i++, compared++)
          expect(Object.is(part[key][i], whole[key][i + from]), `${key} at ${t[i + from]}`).toBe(true);
    }
    for (let i = 0; i < t.length; i += 7) {
      const one = solarPositionFast({
        unixSeconds: t.subarray(i, i + 1),
        latitude: 47.4,
        longitude: 8.5,
        elevation: 400,
      });
      for (const key of keys) expect(Object.is(one[key][0], whole[key][i]), `${key} alone at ${t[i]}`).toBe(true);
    }
    expect(compared).toBeGreaterThan(10_000);
  });
});

describe('solarPositionFast with pressure and temperature columns', () => {
  it('refracts each row as that row alone would (pressure runs, changes and NaN)', () => {
    const n = 400;
    const t0 = Date.UTC(2024, 2, 20) / 1000;
    const unixSeconds = Float64Array.from({ length: n }, (_, i) => t0 + 900 * i);
    const pressure = Float64Array.from({ length: n }, (_, i) => (i < 150 ? 101325 : 85000 + 37 * (i % 7)));
    const temperature = Float64Array.from({ length: n }, (_, i) => -10 + (i % 45));
    pressure[200] = Number.NaN;
    const place = { latitude: 39.7, longitude: -105.2, elevation: 1800 };
    const all = solarPositionFast({ unixSeconds, ...place, pressure, temperature });
    let refracted = 0;
    for (let i = 0; i < n; i++) {
      if (i === 200) {
        // A NaN pressure (missing data) gives a NaN apparent position where refraction applies.
        if (all.elevation[i]! > 0) expect(Number.isNaN(all.apparentZenith[i]!)).toBe(true);
        continue;
      }
      const one = solarPositionFast({
        unixSeconds: unixSeconds.subarray(i, i + 1),
        ...place,
        pressure: pressure[i]!,
        temperature: temperature[i]!,
      });
      expect(all.apparentZenith[i]).toBe(one.apparentZenith[0]);
      if (all.apparentZenith[i] !== all.zenith[i]) refracted++;
    }
    expect(refracted).toBeGreaterThan(100);
  });
});
