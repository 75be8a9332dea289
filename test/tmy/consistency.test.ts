/**
 * The TMY selection must describe what the source serves: the hourly history it reads agrees with
 * the served estimated actuals of the same year, and the served P-value years fall in energy as
 * the probability rises (P50 >= P75 >= P90 >= P95) at places of both hemispheres and the tropics.
 */
import { describe, expect, it } from 'vitest';
import { selectTypicalYear, typicalYearWeather } from '../../src/tmy/index.js';
import { syntheticHistory, syntheticSource } from '../../src/weather/index.js';

const places = [
  { name: 'mid-latitude land, north', latitude: 45, longitude: 8, elevation: 250, continentality: 0.65 },
  { name: 'southern hemisphere coast', latitude: -33.9, longitude: 18.4, elevation: 10, continentality: 0.2 },
  { name: 'tropics', latitude: 1.3, longitude: 103.8, elevation: 10, continentality: 0.3 },
  { name: 'subtropical desert', latitude: 29.98, longitude: 31.13, elevation: 45, continentality: 0.74 },
];
const source = syntheticSource();

/** Served annual GHI (kWh/m2) of a UTC calendar year at PT60M (twelve 5-minute samples an hour). */
function servedYear(place: (typeof places)[number], year: number): number {
  const s = Date.UTC(year, 0, 1) / 1000;
  const n = Math.round((Date.UTC(year + 1, 0, 1) / 1000 - s) / 3600);
  const ends = new Float64Array(n);
  for (let i = 0; i < n; i++) ends[i] = s + (i + 1) * 3600;
  const g = source.actuals({ ...place, periodEnd: ends, periodSeconds: 3600, parameters: ['ghi'] }).ghi as Float64Array;
  let sum = 0;
  for (const v of g) sum += v;
  return sum / 1000;
}

function sumOf(col: Float64Array | string[] | undefined, hours: number): number {
  let s = 0;
  for (const v of col as Float64Array) s += v * hours;
  return s;
}

describe('TMY history against the served weather', () => {
  it('agrees on annual GHI within 0.5 % for every place and year, also in later leap-year cycles', () => {
    for (const p of places) {
      const h = syntheticHistory(p, { firstYear: 2007, lastYear: 2025 });
      // 2007 (first cycle), 2013 and 2020 (a leap year, second cycle), 2024 (fifth cycle).
      for (const year of [2007, 2013, 2020, 2024]) {
        const s = Date.UTC(year, 0, 1) / 1000;
        const e = Date.UTC(year + 1, 0, 1) / 1000;
        let sum = 0;
        for (let i = 0; i < h.periodEnd.length; i++)
          if (h.periodEnd[i]! > s && h.periodEnd[i]! <= e) sum += h.columns.ghi![i]!;
        const served = servedYear(p, year);
        expect(
          Math.abs(sum / 1000 / served - 1),
          `${p.name} ${year}: history ${(sum / 1000).toFixed(1)} served ${served.toFixed(1)}`,
        ).toBeLessThan(0.005);
      }
    }
  });

  it('serves P-value years whose annual GHI falls with the probability: P50 >= P75 >= P90 >= P95', () => {
    for (const p of places) {
      const h = syntheticHistory(p, { firstYear: 2007, lastYear: 2025 });
      const served: Record<string, number> = {};
      for (const probability of ['p50', 'p75', 'p90', 'p95'] as const) {
        const sel = selectTypicalYear(h, { probability });
        const year = typicalYearWeather({ ...p, periodSeconds: 3600, parameters: ['ghi'] }, sel, { source });
        served[probability] = sumOf(year.columns.ghi, 1) / 1000;
        // The selection's energy is the served year's (same 365 days), within the history's error.
        expect(Math.abs(sel.energy / 1000 / served[probability]! - 1), `${p.name} ${probability}`).toBeLessThan(0.005);
      }
      const msg = `${p.name}: ${JSON.stringify(served)}`;
      expect(served.p50!, msg).toBeGreaterThanOrEqual(served.p75!);
      expect(served.p75!, msg).toBeGreaterThanOrEqual(served.p90!);
      expect(served.p90!, msg).toBeGreaterThanOrEqual(served.p95!);
      // and P95 is really a dull year: below the P50 by a measurable margin
      expect(served.p95!, msg).toBeLessThan(served.p50!);
    }
  });
});
