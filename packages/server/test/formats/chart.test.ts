import { describe, expect, it } from 'vitest';
import { niceTicks, timeTicks, unitLabel, zoneLabel } from '../../src/formats/chart.js';
import { isLongSeries, monthlySummary } from '../../src/formats/totals.js';
import type { SeriesTable } from '../../src/products/table.js';

describe('chart ticks', () => {
  it('niceTicks: steps of 1, 2 or 5 times a power of ten that cover the range, with the decimals they need', () => {
    expect(niceTicks(0, 937, 4)).toEqual({ values: [0, 200, 400, 600, 800, 1000], decimals: 0 });
    expect(niceTicks(12.3, 23.9, 4)).toEqual({ values: [10, 15, 20, 25], decimals: 0 });
    expect(niceTicks(0, 0.37, 4)).toEqual({ values: [0, 0.1, 0.2, 0.3, 0.4], decimals: 1 });
    expect(niceTicks(-3.2, 4.1, 4).values).toEqual([-4, -2, 0, 2, 4, 6]);
    const flat = niceTicks(5, 5, 4);
    expect(flat.values[0]!).toBeLessThanOrEqual(5);
    expect(flat.values[flat.values.length - 1]!).toBeGreaterThan(5);
  });

  it('timeTicks: hours at local multiples of the step, dates at local midnight, months by name', () => {
    const t0 = Date.UTC(2026, 5, 1, 0) / 1000 - 10 * 3600; // local midnight at UTC+10
    const day = timeTicks(t0, t0 + 86400, 600);
    expect(day.labels).toEqual(['06-01', '03:00', '06:00', '09:00', '12:00', '15:00', '18:00', '21:00', '06-02']);
    for (const t of day.at) expect((t + 36000) % 10800).toBe(0);
    const year = timeTicks(Date.UTC(2059, 0, 1) / 1000, Date.UTC(2060, 0, 1) / 1000, 0);
    expect(year.labels).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(year.at[1]).toBe(Date.UTC(2059, 1, 1) / 1000);
  });

  it('unit and zone labels', () => {
    expect(['W/m2', 'degrees C', 'kW', 'ug/m3', 'kg/m2', ''].map(unitLabel)).toEqual([
      'W/m²',
      '°C',
      'kW',
      'µg/m³',
      'kg/m²',
      '',
    ]);
    expect([0, 600, -210, 345].map(zoneLabel)).toEqual(['UTC', 'UTC+10:00', 'UTC-03:30', 'UTC+05:45']);
  });
});

describe('monthly summary', () => {
  // A year of hours: GHI 1000 W/m2 from 10:00 to 14:00 local (4 h), power 2 kW all day, 20 degrees.
  const start = Date.UTC(2059, 0, 1) / 1000 - 3600; // local (UTC+1) midnight
  const n = 8760;
  const periodEnd = Float64Array.from({ length: n }, (_, i) => start + (i + 1) * 3600);
  const hourOf = (i: number): number => i % 24; // local hour the period starts
  const table: SeriesTable = {
    key: 'estimated_actuals',
    periodSeconds: 3600,
    offsetMinutes: 60,
    latitude: 0,
    longitude: 0,
    periodEnd,
    columns: [
      {
        name: 'ghi',
        unit: 'W/m2',
        decimals: 0,
        values: Float64Array.from({ length: n }, (_, i) => (hourOf(i) >= 10 && hourOf(i) < 14 ? 1000 : 0)),
      },
      { name: 'pv', unit: 'kW', decimals: 3, values: new Float64Array(n).fill(2) },
      {
        name: 'air_temp',
        unit: 'degrees C',
        decimals: 1,
        values: Float64Array.from({ length: n }, (_, i) => (i === 5 ? Number.NaN : 20)),
      },
    ],
  };

  it('energy of irradiance in kWh/m2 and of power in kWh by local month; other quantities as means', () => {
    expect(isLongSeries(table)).toBe(true);
    const s = monthlySummary(table);
    expect(s.months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(s.wholeLabel).toBe('Year');
    const [ghi, pv, temp] = s.rows;
    expect([ghi!.kind, ghi!.unit, pv!.unit, temp!.kind, temp!.unit]).toEqual([
      'total',
      'kWh/m2',
      'kWh',
      'mean',
      'degrees C',
    ]);
    expect(ghi!.monthly[0]).toBeCloseTo(31 * 4, 9); // 31 days x 4 kWh/m2
    expect(ghi!.monthly[1]).toBeCloseTo(28 * 4, 9);
    expect(ghi!.whole).toBeCloseTo(365 * 4, 9);
    expect(pv!.monthly[0]).toBeCloseTo(31 * 24 * 2, 9);
    expect(pv!.whole).toBeCloseTo(8760 * 2, 9);
    expect(temp!.whole).toBe(20);
  });

  it('a short series is not long; a window across a new year names the years', () => {
    expect(isLongSeries({ ...table, periodEnd: periodEnd.subarray(0, 48), columns: [] })).toBe(false);
    const dec = Date.UTC(2025, 11, 20) / 1000;
    const s = monthlySummary({
      ...table,
      offsetMinutes: 0,
      periodEnd: Float64Array.from({ length: 30 * 24 }, (_, i) => dec + (i + 1) * 3600),
      columns: [],
    });
    expect(s.months).toEqual(['Dec 2025', 'Jan 2026']);
    expect(s.wholeLabel).toBe('Total');
  });
});
