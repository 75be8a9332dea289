import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deltaTAt } from '../../src/solar/delta-t.js';
import { deltaTEstimate, solarPositionFast, solarPositionSpa, type SolarPosition } from '../../src/solar/index.js';
import { runs } from '../support/properties.js';

// The worked example of Reda & Andreas (2004), Table A5.1: Golden, Colorado, 17 October 2003
// 12:30:30 local standard time (UTC-7), delta T 67 s.
const PAPER_TIME = Date.UTC(2003, 9, 17, 19, 30, 30) / 1000;
const PAPER_PLACE = { latitude: 39.742476, longitude: -105.1786 };
const PAPER_AIR = { elevation: 1830.14, pressure: 82000, temperature: 11 };
const PAPER_OPTIONS = { deltaT: 67 };

const YEAR_1900 = Date.UTC(1900, 0, 1) / 1000;
const YEAR_2100 = Date.UTC(2100, 0, 1) / 1000;

describe('solarPositionSpa', () => {
  it("reproduces the SPA paper's example (zenith 50.11162, azimuth 194.34024, E 14.641503 min)", () => {
    const r = solarPositionSpa(
      { unixSeconds: new Float64Array([PAPER_TIME]), ...PAPER_PLACE, ...PAPER_AIR },
      PAPER_OPTIONS,
    );
    // The paper's topocentric zenith includes refraction: it is pvlib's apparent zenith.
    expect(r.apparentZenith[0]).toBeCloseTo(50.11162, 5);
    expect(r.azimuth[0]).toBeCloseTo(194.34024, 5);
    // The paper prints E to 6 decimals from a slightly different rounding of its intermediate steps.
    expect(Math.abs(r.equationOfTime[0]! - 14.641503)).toBeLessThan(1e-4);
  });

  it('writes into the caller buffers and treats each row independently of order', () => {
    const t = new Float64Array([PAPER_TIME + 86400 * 40, PAPER_TIME, PAPER_TIME - 3600 * 7]);
    const out: SolarPosition = {
      zenith: new Float64Array(3),
      apparentZenith: new Float64Array(3),
      azimuth: new Float64Array(3),
      elevation: new Float64Array(3),
      apparentElevation: new Float64Array(3),
      equationOfTime: new Float64Array(3),
    };
    const r = solarPositionSpa({ unixSeconds: t, ...PAPER_PLACE, ...PAPER_AIR }, PAPER_OPTIONS, out);
    expect(r.zenith).toBe(out.zenith);
    const single = solarPositionSpa(
      { unixSeconds: new Float64Array([PAPER_TIME]), ...PAPER_PLACE, ...PAPER_AIR },
      PAPER_OPTIONS,
    );
    expect(r.apparentZenith[1]).toBe(single.apparentZenith[0]);
    expect(r.azimuth[1]).toBe(single.azimuth[0]);
  });

  it('rejects an output buffer of the wrong length', () => {
    expect(() =>
      solarPositionSpa(
        { unixSeconds: new Float64Array([PAPER_TIME]), latitude: 0, longitude: 0 },
        {},
        { zenith: new Float64Array(2) },
      ),
    ).toThrow(RangeError);
  });

  it('uses the per-row pressure and temperature for refraction only', () => {
    const t = new Float64Array([PAPER_TIME, PAPER_TIME]);
    const r = solarPositionSpa(
      {
        unixSeconds: t,
        ...PAPER_PLACE,
        ...PAPER_AIR,
        pressure: new Float64Array([82000, 0]),
        temperature: new Float64Array([11, 11]),
      },
      PAPER_OPTIONS,
    );
    expect(r.zenith[0]).toBe(r.zenith[1]);
    // Without air there is no refraction.
    expect(r.apparentZenith[1]).toBeCloseTo(r.zenith[1]!, 12);
    expect(r.apparentZenith[0]).toBeLessThan(r.zenith[0]!);
  });

  it('default delta T is the estimate for the UTC year and month of each time', () => {
    const t = new Float64Array([PAPER_TIME]);
    const byDefault = solarPositionSpa({ unixSeconds: t, latitude: 10, longitude: 20 });
    const explicit = solarPositionSpa(
      { unixSeconds: t, latitude: 10, longitude: 20 },
      { deltaT: deltaTEstimate(2003 + 9.5 / 12) },
    );
    expect(byDefault.zenith[0]).toBe(explicit.zenith[0]);
    expect(deltaTAt(PAPER_TIME)).toBe(deltaTEstimate(2003 + 9.5 / 12));
  });

  it('deltaTAt keeps to the month of each day whatever the order of the calls (it reuses the last month)', () => {
    // Every day of 1899-1901, 1999-2001 and 2099-2101 (leap and common Februaries, century years),
    // forwards, backwards and by strides of 29 days, at several hours of the day.
    const days: number[] = [];
    for (const y of [1899, 1999, 2099]) {
      const first = Date.UTC(y, 0, 1) / 86400000;
      for (let d = 0; d < 3 * 366; d++) days.push(first + d);
    }
    const orders = [days, [...days].reverse(), days.filter((_, k) => k % 29 === 0)];
    let checked = 0;
    for (const order of orders)
      for (const d of order)
        for (const h of [0, 13.5, 23.99]) {
          const t = d * 86400 + h * 3600;
          const date = new Date(t * 1000);
          expect(deltaTAt(t)).toBe(deltaTEstimate(date.getUTCFullYear() + (date.getUTCMonth() + 0.5) / 12));
          checked++;
        }
    expect(checked).toBeGreaterThan(19000);
  });

  it('physical ranges hold at any place and time 1900-2100, including the poles', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.array(fc.double({ min: YEAR_1900, max: YEAR_2100, noNaN: true }), { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (lat, lon, times, elevation) => {
          const r = solarPositionSpa({
            unixSeconds: Float64Array.from(times),
            latitude: lat,
            longitude: lon,
            elevation,
          });
          for (let i = 0; i < times.length; i++) {
            const z = r.zenith[i]!;
            expect(z).toBeGreaterThanOrEqual(0);
            expect(z).toBeLessThanOrEqual(180);
            expect(r.azimuth[i]).toBeGreaterThanOrEqual(0);
            expect(r.azimuth[i]).toBeLessThan(360);
            expect(r.elevation[i]).toBeCloseTo(90 - z, 10);
            expect(r.apparentElevation[i]).toBeCloseTo(90 - r.apparentZenith[i]!, 10);
            // Refraction only lifts the sun, and by less than a degree.
            expect(r.apparentElevation[i]! - r.elevation[i]!).toBeGreaterThanOrEqual(0);
            expect(r.apparentElevation[i]! - r.elevation[i]!).toBeLessThan(1);
            // The equation of time stays within about a quarter of an hour.
            expect(Math.abs(r.equationOfTime[i]!)).toBeLessThan(17.5);
          }
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('the sun is never farther from the pole than the declination allows', () => {
    // At the north pole the elevation is the topocentric declination, never above 23.45 + parallax.
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: YEAR_1900, max: YEAR_2100, noNaN: true }), { minLength: 1, maxLength: 10 }),
        (times) => {
          const r = solarPositionSpa({ unixSeconds: Float64Array.from(times), latitude: 90, longitude: 0 });
          for (let i = 0; i < times.length; i++) expect(Math.abs(r.elevation[i]!)).toBeLessThan(23.5);
        },
      ),
    );
  });
});

describe('deltaTEstimate', () => {
  it('gives the constants of the Espenak & Meeus pieces at their epochs', () => {
    expect(deltaTEstimate(1900)).toBeCloseTo(-2.79, 12);
    expect(deltaTEstimate(1920)).toBeCloseTo(21.2, 12);
    expect(deltaTEstimate(2000)).toBeCloseTo(63.86, 12);
    expect(deltaTEstimate(2005)).toBeCloseTo(62.92 + 5 * 0.32217 + 25 * 0.005589, 12);
  });

  it('is continuous to within 2 s across the piece boundaries of 1700-2150', () => {
    for (const y of [1700, 1800, 1860, 1900, 1920, 1941, 1961, 1986, 2005, 2050, 2150]) {
      expect(Math.abs(deltaTEstimate(y) - deltaTEstimate(y - 1e-9))).toBeLessThan(2);
    }
  });
});

describe('solarPositionFast', () => {
  const angleError = (a: number, b: number): number => {
    const d = Math.abs(a - b) % 360;
    return Math.min(d, 360 - d);
  };

  function expectClose(fast: SolarPosition, spa: SolarPosition, tol: number): void {
    for (let i = 0; i < fast.zenith.length; i++) {
      expect(Math.abs(fast.zenith[i]! - spa.zenith[i]!)).toBeLessThanOrEqual(tol);
      expect(Math.abs(fast.apparentZenith[i]! - spa.apparentZenith[i]!)).toBeLessThanOrEqual(tol);
      expect(Math.abs(fast.elevation[i]! - spa.elevation[i]!)).toBeLessThanOrEqual(tol);
      expect(Math.abs(fast.equationOfTime[i]! - spa.equationOfTime[i]!)).toBeLessThanOrEqual(tol);
      // Azimuth is ill-conditioned within a hair of the zenith; compare the displacement on the sky.
      const sinZ = Math.sin((spa.zenith[i]! * Math.PI) / 180);
      expect(angleError(fast.azimuth[i]!, spa.azimuth[i]!) * Math.min(1, sinZ * 1e3)).toBeLessThanOrEqual(tol);
    }
  }

  it('stays within 1e-3 degree of the SPA for random places and unsorted times 1900-2100', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.array(fc.double({ min: YEAR_1900, max: YEAR_2100, noNaN: true }), { minLength: 1, maxLength: 30 }),
        (lat, lon, times) => {
          const t = Float64Array.from(times);
          expectClose(
            solarPositionFast({ unixSeconds: t, latitude: lat, longitude: lon }),
            solarPositionSpa({ unixSeconds: t, latitude: lat, longitude: lon }),
            1e-3,
          );
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('stays within 1e-3 degree of the SPA on regular series (the sliding node window)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: YEAR_1900, max: YEAR_2100 - 30 * 86400, noNaN: true }),
        fc.integer({ min: 60, max: 6 * 3600 }),
        (lat, lon, start, step) => {
          const t = new Float64Array(200);
          for (let i = 0; i < t.length; i++) t[i] = start + i * step;
          const input = {
            unixSeconds: t,
            latitude: lat,
            longitude: lon,
            elevation: 300,
            pressure: 95000,
            temperature: 25,
          };
          expectClose(solarPositionFast(input, { deltaT: 60 }), solarPositionSpa(input, { deltaT: 60 }), 1e-3);
        },
      ),
      { numRuns: runs(100) },
    );
  });

  it('is in fact within 1e-6 degree of the SPA for the zenith on a year of hourly times', () => {
    const start = Date.UTC(2030, 0, 1) / 1000;
    const t = new Float64Array(8760);
    for (let i = 0; i < t.length; i++) t[i] = start + i * 3600;
    const fast = solarPositionFast({ unixSeconds: t, latitude: -33.9, longitude: 18.4 });
    const spa = solarPositionSpa({ unixSeconds: t, latitude: -33.9, longitude: 18.4 });
    let worst = 0;
    for (let i = 0; i < t.length; i++) worst = Math.max(worst, Math.abs(fast.zenith[i]! - spa.zenith[i]!));
    expect(worst).toBeLessThan(1e-6);
  });
});

describe('solarPositionSpa evaluation forms', () => {
  it('dense sorted series (hourly-node form) agree with time-by-time evaluation to 1e-8 degree', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: YEAR_1900, max: YEAR_2100 - 30 * 86400, noNaN: true }),
        fc.double({ min: 1, max: 1700, noNaN: true }),
        (lat, lon, start, step) => {
          const n = 400;
          const t = new Float64Array(n);
          for (let i = 0; i < n; i++) t[i] = start + i * step;
          const dense = solarPositionSpa({ unixSeconds: t, latitude: lat, longitude: lon });
          for (let i = 0; i < n; i += 37) {
            const one = solarPositionSpa({ unixSeconds: t.subarray(i, i + 1), latitude: lat, longitude: lon });
            expect(Math.abs(one.apparentZenith[0]! - dense.apparentZenith[i]!)).toBeLessThan(1e-8);
            expect(Math.abs(one.equationOfTime[0]! - dense.equationOfTime[i]!)).toBeLessThan(1e-8);
            let d = Math.abs(one.azimuth[0]! - dense.azimuth[i]!) % 360;
            d = Math.min(d, 360 - d);
            expect(d * Math.sin((one.zenith[0]! * Math.PI) / 180)).toBeLessThan(1e-8);
          }
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('regular sparse series (rotated periodic terms) agree with time-by-time evaluation to 1e-8 degree', () => {
    const start = Date.UTC(1987, 4, 3) / 1000;
    const t = new Float64Array(3000);
    for (let i = 0; i < t.length; i++) t[i] = start + i * 86400 * 0.75; // 18 h: too sparse for nodes
    const series = solarPositionSpa({ unixSeconds: t, latitude: 48.1, longitude: 11.6 });
    for (let i = 0; i < t.length; i += 101) {
      const one = solarPositionSpa({ unixSeconds: t.subarray(i, i + 1), latitude: 48.1, longitude: 11.6 });
      expect(Math.abs(one.zenith[0]! - series.zenith[i]!)).toBeLessThan(1e-8);
      expect(Math.abs(one.equationOfTime[0]! - series.equationOfTime[i]!)).toBeLessThan(1e-8);
    }
  });
});

describe('solar position edge inputs', () => {
  it('a NaN time gives NaN angles in its row only, in both forms', () => {
    const start = Date.UTC(2020, 5, 1) / 1000;
    const t = new Float64Array(200);
    for (let i = 0; i < t.length; i++) t[i] = start + i * 600;
    const clean = solarPositionSpa({ unixSeconds: t, latitude: 45, longitude: 7 });
    t[100] = Number.NaN;
    for (const fn of [solarPositionSpa, solarPositionFast]) {
      const r = fn({ unixSeconds: t, latitude: 45, longitude: 7 });
      expect(r.zenith[100]).toBeNaN();
      expect(r.azimuth[100]).toBeNaN();
      for (const i of [99, 101, 150, 199]) expect(Math.abs(r.zenith[i]! - clean.zenith[i]!)).toBeLessThan(1e-6);
    }
  });

  it('the fast form stays within 1e-3 degree of the SPA in 1800 and 2200 too', () => {
    for (const year of [1800, 2200]) {
      const start = Date.UTC(year, 2, 1) / 1000;
      const t = new Float64Array(2000);
      for (let i = 0; i < t.length; i++) t[i] = start + i * 1800;
      const fast = solarPositionFast({ unixSeconds: t, latitude: -71, longitude: 140 });
      const spa = solarPositionSpa({ unixSeconds: t, latitude: -71, longitude: 140 });
      for (let i = 0; i < t.length; i++)
        expect(Math.abs(fast.apparentZenith[i]! - spa.apparentZenith[i]!)).toBeLessThan(1e-3);
    }
  });
});
