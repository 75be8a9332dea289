/**
 * The calibration anchors (src/weather/calibration-anchors.ts): the real years' residuals carried
 * to sites by tapered weights. The weights on a made-up table (the taper, the prior, the cache,
 * the exclusions), then with the data directory's real years: the relation matches a real year at
 * its place, places far from every real year do not move, and the normals change little over
 * 1 km steps from a real year's place out across the radius.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calibrationYears } from '../../src/node/calibration-years.js';
import { climateGrids } from '../../src/node/climate-grids.js';
import { normalsSite } from '../../src/node/stations.js';
import {
  CALIBRATION_PRIOR_WEIGHT,
  CALIBRATION_RADIUS_KM,
  type CalibrationYears,
  calibrationOffsets,
} from '../../src/weather/calibration-anchors.js';
import { climateNormalsAt, extraterrestrialToClearSky } from '../../src/weather/normals.js';
import type { StationSite } from '../../src/weather/stations.js';
import { runs } from '../support/properties.js';

/** A site d km north of (0, 0), at sea level on land. */
const north = (d: number): StationSite => ({ latitude: d / 111.195, longitude: 0, elevation: 0, continentality: 1 });

/** One made-up place at (0, 0) whose residuals are all 1 (logit Kt) and 2 K. */
function onePlace(): CalibrationYears & { calls: number } {
  const years = {
    calls: 0,
    latitude: new Float64Array([0]),
    longitude: new Float64Array([0]),
    siteOf: () => north(0),
    monthlyOf: () => ({ ghi: new Float64Array(12), airTemp: new Float64Array(12) }),
  };
  return years;
}
const residual = (years: { calls: number }) => () => {
  years.calls++;
  return [...new Array(12).fill(1), ...new Array(12).fill(2)];
};

describe('calibration offsets (made-up place)', () => {
  it('carry the residual nearly whole at the place, faded by the prior', () => {
    const years = onePlace();
    const o = calibrationOffsets(years, north(0), residual(years));
    expect(o.weight).toBeCloseTo(1 / (1 + CALIBRATION_PRIOR_WEIGHT), 12);
    expect(o.weight).toBeGreaterThan(0.89);
    expect(o.logitClearness[0]).toBeCloseTo(o.weight, 12);
    expect(o.temperature[11]).toBeCloseTo(2 * o.weight, 12);
  });

  it('count half at 100 km (the prior) and nothing at and beyond the radius, without reading the place', () => {
    const years = onePlace();
    expect(calibrationOffsets(years, north(100), residual(years)).weight).toBeCloseTo(0.5, 5);
    const far = onePlace();
    for (const d of [CALIBRATION_RADIUS_KM + 0.01, CALIBRATION_RADIUS_KM + 1, 2000]) {
      const o = calibrationOffsets(far, north(d), residual(far));
      expect(o.weight).toBe(0);
      expect(Array.from(o.temperature)).toEqual(new Array(12).fill(0));
      expect(Array.from(o.logitClearness)).toEqual(new Array(12).fill(0));
    }
    expect(far.calls).toBe(0);
  });

  it('fall to zero with zero slope at the radius and decrease with distance', () => {
    const years = onePlace();
    const w = (d: number) => calibrationOffsets(years, north(d), residual(years)).weight;
    let prev = w(0);
    for (let d = 5; d <= CALIBRATION_RADIUS_KM; d += 5) {
      const x = w(d);
      expect(x).toBeLessThanOrEqual(prev);
      prev = x;
    }
    // Zero slope: 1 km inside the radius the share is of order (1 km / R)^2 (about 7e-6); a
    // taper linear at the edge would leave about 5e-4.
    expect(w(CALIBRATION_RADIUS_KM - 1)).toBeLessThan(1e-4);
  });

  it('weigh down a place of another height or coast', () => {
    const years = onePlace();
    const site = north(50);
    const flat = calibrationOffsets(years, site, residual(years)).weight;
    expect(calibrationOffsets(years, { ...site, elevation: 600 }, residual(years)).weight).toBeLessThan(flat);
    expect(calibrationOffsets(years, { ...site, landShare: 0.3 }, residual(years)).weight).toBeLessThan(flat);
  });

  it('read each place once (cache) and leave excluded places out', () => {
    const years = onePlace();
    calibrationOffsets(years, north(10), residual(years));
    calibrationOffsets(years, north(20), residual(years));
    expect(years.calls).toBe(1);
    years.excluded = new Uint8Array([1]);
    expect(calibrationOffsets(years, north(10), residual(years)).weight).toBe(0);
  });
});

describe('calibration anchors with the real years of the data directory', () => {
  const grids = climateGrids();
  const years = calibrationYears()!;
  const withoutYears = { ...grids, calibration: undefined };

  it('are read from the data directory (50 places)', () => {
    expect(years.latitude.length).toBe(50);
    expect(grids.calibration).toBe(years);
  });

  it("give a real year's monthly Kt and temperature at its place", () => {
    // Sofia: its IWEC year's GHI is 12-22 % below other sources, and the relation gave +22 %.
    const i = years.file.indexOf('bgr_sofia.epw');
    const site = years.siteOf(i);
    const real = years.monthlyOf(i);
    const n = climateNormalsAt(grids, site);
    const before = climateNormalsAt(withoutYears, site);
    const ratio = extraterrestrialToClearSky(site.latitude, site.longitude, site.elevation, 10);
    let modelAnnual = 0;
    let beforeAnnual = 0;
    for (let m = 0; m < 12; m++) {
      // The prior keeps 1 / (1 + prior) = 90 % of the residual: within 0.5 K of a residual up
      // to 5 K.
      expect(Math.abs(n.temperature[m]! - real.airTemp[m]!)).toBeLessThan(0.5);
      // Kt x the month's mean extraterrestrial over its clear-sky mean: the relation's GHI in
      // units of the clear sky, so the annual sums compare without the sky's absolute level.
      modelAnnual += n.clearnessIndex[m]! * ratio[m]!;
      beforeAnnual += before.clearnessIndex[m]! * ratio[m]!;
    }
    expect(modelAnnual).toBeLessThan(beforeAnnual * 0.9);
  });

  it('leave places far from every real year as they were (Sahel, Arabia, eastern China, the Cape)', () => {
    for (const [lat, lon] of [
      [13.5, 2.1],
      [24.7, 46.7],
      [31.2, 121.5],
      [-33.9, 18.5],
    ] as const) {
      const site = normalsSite(lat, lon, 200);
      const a = climateNormalsAt(grids, site);
      const b = climateNormalsAt(withoutYears, site);
      expect(Array.from(a.temperature)).toEqual(Array.from(b.temperature));
      expect(Array.from(a.clearnessIndex)).toEqual(Array.from(b.clearnessIndex));
      expect(Array.from(a.clearSkyIndex)).toEqual(Array.from(b.clearSkyIndex));
    }
  });

  it('add nothing that steps: what they add changes little over 1 km steps from a real year out across its radius', () => {
    // The normals themselves step by about 0.1 K where the site's land share (from the 5'
    // land mask) steps, with or without the real years (stations.test.ts bounds them); what the
    // real years add is checked here. Bound: the share of a residual carried, W / (W + prior),
    // changes by at most about 0.006 per km through the distance (steepest where W is near the
    // prior, 100 km out: dW/dd about 0.0024 W per km there, over 4 W), and by up to about 10 %
    // of itself where the land share steps by 0.03 at a coast (the coast factor, 0.35 scale);
    // residuals of at most 1.5 in logit Kt (at most 0.375 of Kt per unit of share) and about
    // 4 K give at most about 0.005 of Kt and 0.1 K per step. A radius cut without the taper
    // would step by about 0.1-0.3 of the residual (0.5-1 K).
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: years.latitude.length - 1 }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (i, bearing) => {
          const lat0 = years.latitude[i]!;
          const lon0 = years.longitude[i]!;
          const b = (bearing * Math.PI) / 180;
          let prevT: number[] | undefined;
          let prevK: number[] | undefined;
          for (let k = 0; k <= CALIBRATION_RADIUS_KM + 5; k += 1) {
            const lat = lat0 + (k / 111.2) * Math.cos(b);
            const lon = lon0 + ((k / 111.2) * Math.sin(b)) / Math.cos((lat0 * Math.PI) / 180);
            const site = normalsSite(lat, ((((lon + 180) % 360) + 360) % 360) - 180, 200, 0.5);
            const n = climateNormalsAt(grids, site);
            const bare = climateNormalsAt(withoutYears, site);
            const t = Array.from(n.temperature, (v, m) => v - bare.temperature[m]!);
            const kt = Array.from(n.clearnessIndex, (v, m) => v - bare.clearnessIndex[m]!);
            if (prevT !== undefined && prevK !== undefined)
              for (let m = 0; m < 12; m++) {
                expect(Math.abs(kt[m]! - prevK[m]!)).toBeLessThan(0.005);
                expect(Math.abs(t[m]! - prevT[m]!)).toBeLessThan(0.1);
              }
            prevT = t;
            prevK = kt;
          }
        },
      ),
      { numRuns: runs(2) },
    );
  }, 300_000);
});
