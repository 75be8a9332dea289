/**
 * The one table between the API's weather output parameters and the core's weather columns:
 * every output parameter has a core column, the core's API CSV reader reads each one back to the
 * same column in the core's unit, and the units the API changes (hPa, kg/m2, azimuth east -90)
 * are converted there.
 */
import { describe, expect, it } from 'vitest';
import { FORECAST_COLUMNS, readApiCsv } from 'solarkit';
import { FORECAST_OUTPUT_NAMES } from '../../src/products/outputs.js';
import { API_WEATHER_COLUMNS, apiWeatherColumns, coreWeatherColumns } from '../../src/products/weather-columns.js';

describe('the API weather parameters and the core weather columns', () => {
  it('maps every output parameter to one core column, and every core column to one parameter', () => {
    expect(Object.keys(API_WEATHER_COLUMNS).sort()).toEqual([...FORECAST_OUTPUT_NAMES].sort());
    const columns = Object.values(API_WEATHER_COLUMNS).map((e) => e.column);
    expect(new Set(columns).size).toBe(columns.length);
    expect([...columns].sort()).toEqual([...FORECAST_COLUMNS].sort());
    expect(() => coreWeatherColumns(['ghi', 'temperature'])).toThrow(/temperature is not a weather output parameter/);
  });

  it('reads back, with readApiCsv, each numeric parameter as its core column in the core unit', () => {
    const numeric = Object.keys(API_WEATHER_COLUMNS).filter((name) => name !== 'weather_type');
    // A value each parameter's conversion round-trips exactly (azimuth 90: the API's west).
    const api = (name: string): number => (name === 'azimuth' ? 90 : name === 'surface_pressure' ? 1013 : 12);
    const csv = `${numeric.join(',')},period_end,period\n${numeric.map(api).join(',')},2024-01-01T01:00:00Z,PT60M\n`;
    const series = readApiCsv(csv, { latitude: 52, longitude: 4.9 });
    const back = apiWeatherColumns(series.columns, numeric);
    for (const name of numeric) {
      const column = API_WEATHER_COLUMNS[name]!.column;
      expect(series.columns[column as keyof typeof series.columns], `${name} -> ${column}`).toBeDefined();
      expect((back[name] as Float64Array)[0], name).toBe(api(name));
    }
    expect(series.columns.pressure![0]).toBe(101300);
    expect(series.columns.precipitableWater![0]).toBeCloseTo(1.2, 12);
    expect(series.columns.solarAzimuth![0]).toBe(270);
  });

  it('passes the weather labels through and leaves out columns the core did not give', () => {
    const out = apiWeatherColumns({ weatherType: ['SUNNY'], ghi: Float64Array.of(500) }, [
      'weather_type',
      'ghi',
      'dni',
    ]);
    expect(out).toEqual({ weather_type: ['SUNNY'], ghi: Float64Array.of(500) });
  });
});
