/**
 * Missing values of real weather stay missing through the plane of array: a period whose GHI, DNI
 * or DHI is NaN has a NaN gti from the real source (not 0), so that a composed source serves the
 * synthetic value there instead of a plausible zero.
 */
import { describe, expect, it } from 'vitest';
import { type WeatherSeries, composeSources, defaultWeatherSource, realDataSource } from '../../src/weather/index.js';

const latitude = 45;
const longitude = 8;
const periodEnd = Float64Array.from({ length: 24 }, (_, i) => Date.UTC(2024, 5, 21, i + 1) / 1000);
const synthetic = defaultWeatherSource();
const base = synthetic.actuals({
  latitude,
  longitude,
  periodEnd,
  periodSeconds: 3600,
  parameters: ['ghi', 'dni', 'dhi'],
}) as Record<string, Float64Array>;

function series(hole: number): WeatherSeries {
  const dni = base.dni!.slice();
  dni[hole] = Number.NaN;
  return {
    format: 'psm3',
    latitude,
    longitude,
    elevation: 250,
    timeZone: 1,
    typical: false,
    periodEnd,
    periodSeconds: 3600,
    columns: { ghi: base.ghi!, dni, dhi: base.dhi! },
  };
}

describe('missing irradiance in real weather', () => {
  it("gives a NaN gti on its period from the real source, and the fallback's value once composed", () => {
    const noon = 11; // the hour ending 12:00 UTC: the sun is high
    const query = {
      latitude,
      longitude,
      periodEnd,
      periodSeconds: 3600,
      parameters: ['gti' as const],
      tilt: 30,
      azimuth: 180,
    };
    const real = realDataSource([series(noon)]).actuals(query).gti as Float64Array;
    expect(real[noon]).toBeNaN();
    expect(real[noon - 1]).toBeGreaterThan(100);
    const composed = composeSources(realDataSource([series(noon)]), synthetic).actuals(query).gti as Float64Array;
    const fallback = synthetic.actuals(query).gti as Float64Array;
    expect(composed[noon]).toBe(fallback[noon]);
    expect(composed[noon]).toBeGreaterThan(100);
  });
});
