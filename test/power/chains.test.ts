import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PvWeatherInput, rooftopPvPower, sitePvPower } from '../../src/power/index.js';
import { solarPositionFast } from '../../src/solar/index.js';
import { runs } from '../support/properties.js';

const LAT = 45;
const LON = 8;
const DAY0 = Date.UTC(2021, 5, 21) / 1000; // 21 June 2021, 00:00 UTC

/**
 * Clear days at (45 N, 8 E), hourly: GHI by Haurwitz (1945), a diffuse share of 15 %, DNI from the
 * closure GHI = DNI cos z + DHI. Self-contained so the chains are tested on their own.
 */
function clearDays(days: number, start = DAY0, step = 3600, temp = 20): PvWeatherInput {
  const n = Math.round((days * 86400) / step);
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) t[i] = start + (i + 1) * step;
  const mid = t.map((x) => x - step / 2);
  const sun = solarPositionFast({ unixSeconds: mid, latitude: LAT, longitude: LON });
  const ghi = new Float64Array(n);
  const dni = new Float64Array(n);
  const dhi = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const cz = Math.cos((sun.zenith[i]! * Math.PI) / 180);
    if (cz <= 0.01) continue;
    ghi[i] = 1098 * cz * Math.exp(-0.057 / cz);
    dhi[i] = 0.15 * ghi[i]!;
    dni[i] = (ghi[i]! - dhi[i]!) / cz;
  }
  return { unixSeconds: t, ghi, dni, dhi, airTemp: temp, windSpeed: 2 };
}

function scaled(w: PvWeatherInput, k: number): PvWeatherInput {
  return { ...w, ghi: w.ghi.map((v) => v * k), dni: w.dni.map((v) => v * k), dhi: w.dhi.map((v) => v * k) };
}

const sum = (a: Float64Array): number => a.reduce((s, v) => s + v, 0);

describe('rooftopPvPower', () => {
  const day = clearDays(1);

  it('stays in [0, loss_factor x capacity]', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 90, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0.1, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.5, max: 1.4, noNaN: true }),
        (tilt, azimuth, capacity, lossFactor, k) => {
          const r = rooftopPvPower(scaled(day, k), {
            latitude: LAT,
            longitude: LON,
            tilt,
            azimuth,
            capacity,
            lossFactor,
          });
          for (const p of r.power) {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(lossFactor * capacity * (1 + 1e-12));
          }
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('never gives less power for more irradiance at equal air temperature', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 60, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0.2, max: 1.2, noNaN: true }),
        fc.double({ min: 1, max: 1.3, noNaN: true }),
        (tilt, azimuth, k, more) => {
          const options = { latitude: LAT, longitude: LON, tilt, azimuth, capacity: 5 };
          const lo = rooftopPvPower(scaled(day, k), options).power;
          const hi = rooftopPvPower(scaled(day, k * more), options).power;
          for (let i = 0; i < lo.length; i++) expect(hi[i]).toBeGreaterThanOrEqual(lo[i]! - 1e-12);
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it('is zero at night', () => {
    const r = rooftopPvPower(day, { latitude: LAT, longitude: LON, tilt: 30, azimuth: 180, capacity: 5 });
    expect(r.power[1]).toBe(0); // 01:00-02:00 UTC
    expect(r.power[11]).toBeGreaterThan(0);
  });

  it('gives more from a south-facing roof than a north-facing one in the northern hemisphere', () => {
    const opts = { latitude: LAT, longitude: LON, tilt: 35, capacity: 5 };
    const south = sum(rooftopPvPower(clearDays(1, Date.UTC(2021, 2, 20) / 1000), { ...opts, azimuth: 180 }).power);
    const north = sum(rooftopPvPower(clearDays(1, Date.UTC(2021, 2, 20) / 1000), { ...opts, azimuth: 0 }).power);
    const east = rooftopPvPower(day, { ...opts, azimuth: 90 }).power;
    const west = rooftopPvPower(day, { ...opts, azimuth: 270 }).power;
    expect(south).toBeGreaterThan(north * 1.3);
    // East (90, pvlib's convention) catches the morning, west the afternoon (local noon near 11:30 UTC).
    expect(east[7]).toBeGreaterThan(west[7]!);
    expect(west[15]).toBeGreaterThan(east[15]!);
  });

  it("takes pvlib's azimuth: a roof at azimuth 90 faces east, its output peaks before solar noon (270: after)", () => {
    const fine = clearDays(1, DAY0, 300);
    const mid = fine.unixSeconds.map((t) => t - 150);
    const zenith = solarPositionFast({ unixSeconds: mid, latitude: LAT, longitude: LON }).zenith;
    const argmin = (a: ArrayLike<number>): number => {
      let k = 0;
      for (let i = 1; i < a.length; i++) if (a[i]! < a[k]!) k = i;
      return k;
    };
    const argmax = (a: ArrayLike<number>): number => argmin(Array.from(a, (v) => -v));
    const noon = mid[argmin(zenith)]!;
    const opts = { latitude: LAT, longitude: LON, tilt: 40, capacity: 5 };
    const eastPeak = mid[argmax(rooftopPvPower(fine, { ...opts, azimuth: 90 }).power)]!;
    const westPeak = mid[argmax(rooftopPvPower(fine, { ...opts, azimuth: 270 }).power)]!;
    // A 40-degree plane facing east on a June day at 45 N has its peak hours before noon.
    expect(eastPeak).toBeLessThan(noon - 2 * 3600);
    expect(westPeak).toBeGreaterThan(noon + 2 * 3600);
  });

  it('ages: an older system gives less, and a given loss_factor wins over install_date', () => {
    const opts = { latitude: LAT, longitude: LON, tilt: 30, azimuth: 180, capacity: 5 };
    const fresh = sum(rooftopPvPower(day, opts).power);
    const old = sum(rooftopPvPower(day, { ...opts, installDate: DAY0 - 10 * 365.25 * 86400 }).power);
    expect(old / fresh).toBeCloseTo(0.95, 3);
    const given = sum(rooftopPvPower(day, { ...opts, installDate: DAY0 - 10 * 365.25 * 86400, lossFactor: 0.9 }).power);
    expect(given).toBeCloseTo(fresh, 9);
  });
});

describe('sitePvPower', () => {
  const day = clearDays(1);
  const base = { latitude: LAT, longitude: LON, capacity: 10, capacityDc: 12, tilt: 30, azimuth: 180 };

  it('stays in [0, min(capacity, export limit)] for fixed, tracked and bifacial sites', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'fixed' | 'horizontal_single_axis'>('fixed', 'horizontal_single_axis'),
        fc.boolean(),
        fc.boolean(),
        fc.oneof(fc.constant(-1), fc.double({ min: 0, max: 15, noNaN: true })),
        fc.double({ min: 0.6, max: 1.4, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        (trackingType, bifacialSystem, trackerSmartTracking, gridExportLimit, k, terrainSlope) => {
          const r = sitePvPower(scaled(day, k), {
            ...base,
            trackingType,
            bifacialSystem,
            trackerSmartTracking,
            gridExportLimit,
            terrainSlope,
            terrainAzimuth: 180,
          });
          const ceiling = gridExportLimit >= 0 ? Math.min(gridExportLimit, base.capacity) : base.capacity;
          for (const p of r.power) {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(ceiling * (1 + 1e-12));
          }
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it('clips at the export limit, and -1 means no limit', () => {
    const free = sitePvPower(day, base).power;
    const none = sitePvPower(day, { ...base, gridExportLimit: -1 }).power;
    const limited = sitePvPower(day, { ...base, gridExportLimit: 2 }).power;
    expect(Array.from(none)).toEqual(Array.from(free));
    expect(Math.max(...free)).toBeGreaterThan(2);
    expect(Math.max(...limited)).toBe(2);
  });

  it('never gives less power for more irradiance at equal air temperature', () => {
    for (const trackingType of ['fixed', 'horizontal_single_axis'] as const) {
      const lo = sitePvPower(scaled(day, 0.7), { ...base, trackingType }).power;
      const hi = sitePvPower(day, { ...base, trackingType }).power;
      for (let i = 0; i < lo.length; i++) expect(hi[i]).toBeGreaterThanOrEqual(lo[i]! - 1e-12);
    }
  });

  it('reads 3 dust soiling values as four-month blocks', () => {
    const march = clearDays(1, Date.UTC(2021, 2, 10) / 1000);
    const three = sitePvPower(march, { ...base, dustSoilingAverage: [0.05, 0.01, 0.02] }).power;
    const twelve = sitePvPower(march, {
      ...base,
      dustSoilingAverage: [0.05, 0.05, 0.05, 0.05, 0.01, 0.01, 0.01, 0.01, 0.02, 0.02, 0.02, 0.02],
    }).power;
    const clean = sitePvPower(march, { ...base, dustSoilingAverage: Array(12).fill(0) }).power;
    expect(Array.from(three)).toEqual(Array.from(twelve));
    expect(sum(three)).toBeLessThan(sum(clean));
    expect(() => sitePvPower(march, { ...base, dustSoilingAverage: [0.1, 0.2] })).toThrow(RangeError);
  });

  it('gains from tracking on a clear summer day, and from the rear side when bifacial', () => {
    const fixedFlat = sum(sitePvPower(day, { ...base, tilt: 0 }).power);
    const tracked = sum(sitePvPower(day, { ...base, trackingType: 'horizontal_single_axis' }).power);
    expect(tracked).toBeGreaterThan(fixedFlat * 1.1);
    const mono = sum(sitePvPower(day, { ...base, bifacialSystem: true, bifacialityFactor: 0 }).power);
    const bi = sum(
      sitePvPower(day, { ...base, bifacialSystem: true, bifacialityFactor: 0.7, siteGroundAlbedo: 0.3 }).power,
    );
    expect(bi).toBeGreaterThan(mono);
  });

  it('derates with age, heat coefficient and other losses', () => {
    const fresh = sum(sitePvPower(day, base).power);
    const old = sum(
      sitePvPower(day, { ...base, installDate: DAY0 - 10 * 365.25 * 86400, deratingAgeSystem: 0.01 }).power,
    );
    expect(old).toBeLessThan(fresh);
    const hot = sum(sitePvPower(scaled(day, 1), { ...base, deratingTempModule: -0.006 }).power);
    const cool = sum(sitePvPower(scaled(day, 1), { ...base, deratingTempModule: -0.002 }).power);
    expect(hot).toBeLessThan(cool);
    const lossy = sum(sitePvPower(day, { ...base, deratingOtherSystem: 0.1 }).power);
    expect(lossy).toBeLessThan(fresh);
  });
});
