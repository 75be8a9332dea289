/**
 * Precipitation and sunshine of the synthetic climate at a few general kinds of place, with the
 * continentality, elevation and measured climate the server gives them (placeInfo: land mask,
 * elevation grid, climate grids).
 * Expected ranges are broad climatological figures, not tuned to the model:
 * - subtropical inland desert (Giza/Cairo 30 N; Riyadh 25 N): Cairo about 25 mm a year, Riyadh
 *   about 100 mm (WMO climate normals 1991-2020 as quoted in common references); desert annual GHI
 *   2,000-2,300 kWh/m2 and mostly clear skies (Global Solar Atlas figures for Egypt and Arabia);
 * - maritime mid-latitude coast (Amsterdam 52 N): about 800-850 mm a year (KNMI normals);
 * - equatorial land and sea (Kisangani 0.5 N, Manaus 3 S, Singapore 1 N): 1,700-2,500 mm a year,
 *   tropical rain forest climate (Koeppen Af/Am; Hartmann 2016, "Global Physical Climatology",
 *   ch. 1 zonal precipitation > 5 mm/day near the equator).
 */
import { describe, expect, it } from 'vitest';
import { placeInfo } from '../../src/node/weather-files.js';
import { syntheticSource } from '../../src/weather/index.js';

const source = syntheticSource({ placeInfo });

function year(latitude: number, longitude: number): { rain: number; ghi: number; clear: number } {
  const s = Date.UTC(2024, 0, 1) / 1000;
  const n = 366 * 24;
  const ends = new Float64Array(n);
  for (let i = 0; i < n; i++) ends[i] = s + (i + 1) * 3600;
  const c = source.actuals({
    latitude,
    longitude,
    periodEnd: ends,
    periodSeconds: 3600,
    parameters: ['ghi', 'clearskyGhi', 'precipitationRate'],
  });
  const g = c.ghi as Float64Array;
  const cs = c.clearskyGhi as Float64Array;
  const p = c.precipitationRate as Float64Array;
  let rain = 0,
    ghi = 0,
    day = 0,
    clear = 0;
  for (let i = 0; i < n; i++) {
    rain += p[i]!;
    ghi += g[i]!;
    if (cs[i]! > 50) {
      day++;
      if (g[i]! > 0.7 * cs[i]!) clear++;
    }
  }
  return { rain, ghi: ghi / 1000, clear: clear / day };
}

describe('synthetic climate: rain and sun by latitude belt and continentality', () => {
  it('keeps inland subtropical deserts dry and sunny', () => {
    for (const [name, lat, lon] of [
      ['Giza', 29.98, 31.13],
      ['Riyadh', 24.7, 46.7],
    ] as const) {
      const y = year(lat, lon);
      const msg = `${name}: ${JSON.stringify(y)}`;
      // CMAP gives Giza 41 and Riyadh 105 mm a year; one year of a desert's few rain events
      // varies by a factor of two either way (Riyadh's real totals range about 20-250 mm).
      expect(y.rain, msg).toBeGreaterThan(3);
      expect(y.rain, msg).toBeLessThan(250);
      expect(y.ghi, msg).toBeGreaterThan(1950);
      expect(y.ghi, msg).toBeLessThan(2350);
      expect(y.clear, msg).toBeGreaterThan(0.75);
    }
  });

  it('gives a maritime mid-latitude coast its 600-1,100 mm a year', () => {
    const y = year(52.37, 4.9);
    expect(y.rain, JSON.stringify(y)).toBeGreaterThan(600);
    expect(y.rain, JSON.stringify(y)).toBeLessThan(1100);
  });

  it('makes the equatorial belt wet: 1,500-3,500 mm a year on land and at sea, under cloudier skies than deserts', () => {
    for (const [name, lat, lon] of [
      ['Kisangani', 0.52, 25.2],
      ['Manaus', -3.1, -60.0],
      ['Singapore', 1.35, 103.82],
    ] as const) {
      const y = year(lat, lon);
      const msg = `${name}: ${JSON.stringify(y)}`;
      expect(y.rain, msg).toBeGreaterThan(1500);
      expect(y.rain, msg).toBeLessThan(3500);
      expect(y.clear, msg).toBeLessThan(0.65);
    }
  });
});
