/**
 * The station normals (src/weather/stations.ts with the data directory's station table): day
 * length and relative sunshine, the anchors' fade with distance, and smoothness across a
 * station's edge in 1 km steps.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { climateGrids } from '../../src/node/climate-grids.js';
import { climateStations, normalsSite } from '../../src/node/stations.js';
import { placeInfo } from '../../src/node/weather-files.js';
import { syntheticHistory } from '../../src/weather/history.js';
import { climateNormalsAt, siteTemperature } from '../../src/weather/normals.js';
import { STATION_RADIUS_KM, monthlyDayLength, relativeSunshine, stationAnchors } from '../../src/weather/stations.js';
import { runs } from '../support/properties.js';

describe('day length and relative sunshine', () => {
  it('gives 12 h days at the equator and the polar night and midnight sun', () => {
    const eq = monthlyDayLength(0);
    // FAO-56's declination: 12 h every day at the equator.
    expect(eq[0]! / 31).toBeCloseTo(12, 6);
    const north = monthlyDayLength(78);
    expect(north[11]).toBe(0);
    expect(north[5]! / 30).toBeCloseTo(24, 6);
    // Longer summer days poleward.
    expect(monthlyDayLength(50)[5]!).toBeGreaterThan(monthlyDayLength(30)[5]!);
  });

  it('is sunshine over day length, at most 1, and NaN in the polar night', () => {
    const s = relativeSunshine(0, new Array(12).fill(186));
    expect(s[0]).toBeCloseTo(0.5, 6);
    expect(relativeSunshine(0, new Array(12).fill(1000))[3]).toBe(1);
    expect(relativeSunshine(78, new Array(12).fill(0))[11]).toBeNaN();
  });
});

describe('station anchors', () => {
  const grids = climateGrids();
  const st = climateStations();

  it('fade to the gridded climate far from every station (mid-Pacific)', () => {
    const site = normalsSite(-30, -140, 0, 0);
    const a = stationAnchors(st, site, (i) => siteTemperature(grids, st.siteOf(i)));
    for (let m = 0; m < 12; m++) {
      expect(a.sunshineWeight[m]).toBe(0);
      expect(a.temperatureOffset[m]).toBe(0);
    }
    expect(a.rangeWeight).toBe(0);
  });

  it('take over near a station: weight near 1 within a few km', () => {
    // Madrid (40.42 N, 3.70 W) is in the table.
    const site = normalsSite(40.42, -3.7, 667, 0.9);
    const a = stationAnchors(st, site, (i) => siteTemperature(grids, st.siteOf(i)));
    for (let m = 0; m < 12; m++) expect(a.sunshineWeight[m]!).toBeGreaterThan(0.9);
  });

  it('are continuous across a station edge: normals change little over 1 km steps', () => {
    // Walk 40 km in 1 km steps across the edge (STATION_RADIUS_KM) of the stations around a
    // random land place. Bound: the gridded normals change by at most about 0.002 of Kt and
    // 0.02 K per km (normals.test.ts), and a station's tapered weight changes by at most
    // 4 (1 - q) q / R of its peak per km at the edge, q = (d / R)^2 -> 1: no step.
    const latitudes = st.latitude;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: latitudes.length - 1 }), fc.double({ min: 0, max: 360 }), (i, bearing) => {
        const lat0 = latitudes[i]!;
        if (Math.abs(lat0) > 60) return;
        const lon0 = st.longitude[i]!;
        const b = (bearing * Math.PI) / 180;
        const at = (km: number) => {
          const lat = lat0 + (km / 111.2) * Math.cos(b);
          const lon = lon0 + ((km / 111.2) * Math.sin(b)) / Math.cos((lat0 * Math.PI) / 180);
          return { lat, lon: ((((lon + 180) % 360) + 360) % 360) - 180 };
        };
        let prev: ReturnType<typeof climateNormalsAt> | undefined;
        for (let k = STATION_RADIUS_KM - 20; k <= STATION_RADIUS_KM + 20; k += 1) {
          const p = at(k);
          const n = climateNormalsAt(grids, { ...normalsSite(p.lat, p.lon, 200, 0.5) });
          if (prev !== undefined)
            for (let m = 0; m < 12; m++) {
              expect(Math.abs(n.clearnessIndex[m]! - prev.clearnessIndex[m]!)).toBeLessThan(0.01);
              expect(Math.abs(n.temperature[m]! - prev.temperature[m]!)).toBeLessThan(0.1);
            }
          prev = n;
        }
      }),
      { numRuns: runs(6) },
    );
  }, 120_000);

  it('leave stations out when asked (held-out checks)', () => {
    const site = normalsSite(40.42, -3.7, 667, 0.9);
    const all = stationAnchors(st, site, (i) => siteTemperature(grids, st.siteOf(i)));
    const excluded = new Uint8Array(st.latitude.length);
    for (let i = 0; i < excluded.length; i++) {
      const dLat = st.latitude[i]! - 40.42,
        dLon = (st.longitude[i]! + 3.7) * Math.cos((40.42 * Math.PI) / 180);
      if (Math.hypot(dLat, dLon) * 111.2 < 100) excluded[i] = 1;
    }
    const held = stationAnchors({ ...st, excluded, residualCache: undefined }, site, (i) =>
      siteTemperature(grids, st.siteOf(i)),
    );
    expect(held.sunshineWeight[6]!).toBeLessThan(all.sunshineWeight[6]!);
    expect(held.relativeSunshine[6]).not.toBe(all.relativeSunshine[6]);
  });
});

describe('the served daily cycle follows the stations', () => {
  it("gives each month the station's mean daily range (high - low) near a station", () => {
    const st = climateStations();
    // Station coordinates from the table (rounded normals: the table gives whole degrees at some).
    for (const [lat, lon] of [
      [40.42, -3.7], // Madrid: dry continental, 6-14 K
      [1.35, 103.82], // Singapore: humid tropics, 6-7 K
      [39.74, -104.99], // Denver: high plains, 15-16 K
    ] as const) {
      let i = 0;
      let best = Infinity;
      for (let k = 0; k < st.latitude.length; k++) {
        const d = Math.hypot(st.latitude[k]! - lat, st.longitude[k]! - lon);
        if (d < best) [best, i] = [d, k];
      }
      const info = placeInfo(st.latitude[i]!, st.longitude[i]!);
      const h = syntheticHistory(
        { latitude: st.latitude[i]!, longitude: st.longitude[i]!, ...info },
        { firstYear: 2011, lastYear: 2013 },
      );
      const t = h.columns.airTemp!;
      const sum = new Float64Array(12);
      const count = new Float64Array(12);
      const offset = Math.round(st.longitude[i]! / 15) * 3600;
      let day = -1;
      let month = 0;
      let hi = -Infinity;
      let lo = Infinity;
      for (let k = 0; k < t.length; k++) {
        const local = h.periodEnd[k]! - 1800 + offset;
        const d = Math.floor(local / 86400);
        if (d !== day) {
          if (day >= 0) {
            sum[month] += hi - lo;
            count[month]++;
          }
          day = d;
          month = new Date(local * 1000).getUTCMonth();
          hi = -Infinity;
          lo = Infinity;
        }
        hi = Math.max(hi, t[k]!);
        lo = Math.min(lo, t[k]!);
      }
      // Served hourly extremes also carry the synoptic anomaly's change over the day (about
      // +0.5 K, up to 1.5 K in a calm winter month), and the table rounds to 1 K at some stations
      // (0.5 K): each month within 2.5 K, the
      // year's mean excess within -0.5..1.5 K.
      let excess = 0;
      for (let m = 0; m < 12; m++) {
        const station = Math.abs(st.high[i * 12 + m]! - st.low[i * 12 + m]!);
        const served = sum[m]! / count[m]!;
        expect(Math.abs(served - station), `station ${i}, month ${m + 1}`).toBeLessThan(2.5);
        excess += (served - station) / 12;
      }
      expect(excess).toBeGreaterThan(-0.5);
      expect(excess).toBeLessThan(1.5);
    }
  }, 120_000);
});
