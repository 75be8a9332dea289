import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NSRDB_TMY_WEIGHTS,
  TMY_YEAR,
  finkelsteinSchafer,
  selectTypicalYear,
  typicalYearWeather,
  type TmyInput,
} from '../../src/tmy/index.js';
import { syntheticHistory, syntheticSource } from '../../src/weather/index.js';
import { weatherText } from '../support/data.js';
import { runs } from '../support/properties.js';

const place = { latitude: 45, longitude: 8, elevation: 250, continentality: 0.65 };
const history = syntheticHistory(place, { firstYear: 2007, lastYear: 2025 });

/** An hourly series of a few years whose columns are a given function of the hour index. */
function series(years: number[], f: (year: number, hourOfYear: number) => number): TmyInput {
  const ends: number[] = [];
  const vals: number[] = [];
  for (const y of years) {
    const s = Date.UTC(y, 0, 1) / 1000;
    const n = Math.round((Date.UTC(y + 1, 0, 1) / 1000 - s) / 3600);
    for (let h = 0; h < n; h++) {
      ends.push(s + (h + 1) * 3600);
      vals.push(f(y, h));
    }
  }
  const v = Float64Array.from(vals);
  return {
    periodEnd: Float64Array.from(ends),
    periodSeconds: 3600,
    columns: { ghi: v, dni: v, airTemp: v, dewPoint: v, windSpeed: v },
  };
}

describe('Finkelstein-Schafer statistic', () => {
  it('is 0 for a sample equal to the long-term set and grows as the sample shifts away', () => {
    const lt = Float64Array.from({ length: 100 }, (_, i) => i);
    expect(finkelsteinSchafer(lt, lt)).toBe(0);
    const near = Float64Array.from({ length: 100 }, (_, i) => i + 5);
    const far = Float64Array.from({ length: 100 }, (_, i) => i + 40);
    expect(finkelsteinSchafer(near, lt)).toBeGreaterThan(0);
    expect(finkelsteinSchafer(far, lt)).toBeGreaterThan(finkelsteinSchafer(near, lt));
  });

  it('stays within [0, 1] (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (a, b) => {
          const fs = finkelsteinSchafer(Float64Array.from(a).sort(), Float64Array.from(b).sort());
          expect(fs).toBeGreaterThanOrEqual(0);
          expect(fs).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('TMY selection', () => {
  it('uses the NSRDB TMY3 weights, summing to 1', () => {
    const sum = Object.values(NSRDB_TMY_WEIGHTS).reduce((s, v) => s + v, 0);
    expect(sum).toBeCloseTo(1, 12);
    expect(NSRDB_TMY_WEIGHTS.ghi).toBe(0.25);
    expect(NSRDB_TMY_WEIGHTS.meanDryBulb).toBe(0.1);
  });

  it('picks the year closest to the long-term distribution', () => {
    // Years 2001..2005 offset by -2, -1, 0, +1, +2 around a common cycle: the middle year is typical.
    const input = series(
      [2001, 2002, 2003, 2004, 2005],
      (y, h) => 10 + 8 * Math.sin((2 * Math.PI * h) / 24) + 3 * Math.sin(h / 7.3) + (y - 2003) * 2,
    );
    const sel = selectTypicalYear(input, { candidates: 1 });
    for (const m of sel.months) expect(m.year).toBe(2003);
  });

  it('chooses every month from a year of the data, with complete months only (property over places)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -50, max: 60, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        (lat, lon) => {
          const h = syntheticHistory(
            { latitude: lat, longitude: lon, continentality: 0.5 },
            { firstYear: 2010, lastYear: 2013 },
          );
          const sel = selectTypicalYear(h);
          expect(sel.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
          for (const m of sel.months) {
            expect(m.year).toBeGreaterThanOrEqual(2010);
            expect(m.year).toBeLessThanOrEqual(2013);
            expect(m.weightedSum).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: runs(4) },
    );
  });

  it('lets ghi_weight / dni_weight change the choice', () => {
    const a = selectTypicalYear(history, { ghiWeight: 1, dniWeight: 0 }).months.map((m) => m.year);
    const b = selectTypicalYear(history, { ghiWeight: 0, dniWeight: 1 }).months.map((m) => m.year);
    const c = selectTypicalYear(history, { ghiWeight: 0.5, dniWeight: 0.5 }).months.map((m) => m.year);
    expect(a).not.toEqual(b);
    expect(c).toHaveLength(12);
  });

  it('orders the P-value years by energy: p50 >= p75 >= p90 >= p95 targets, chosen years near them', () => {
    const s = {
      p50: selectTypicalYear(history),
      p75: selectTypicalYear(history, { probability: 'p75' }),
      p90: selectTypicalYear(history, { probability: 'p90' }),
      p95: selectTypicalYear(history, { probability: 'p95' }),
    };
    expect(s.p50.annualEnergy).toHaveLength(19);
    expect(s.p50.targetEnergy).toBeGreaterThan(s.p75.targetEnergy);
    expect(s.p75.targetEnergy).toBeGreaterThan(s.p90.targetEnergy);
    expect(s.p90.targetEnergy).toBeGreaterThan(s.p95.targetEnergy);
    expect(s.p75.energy).toBeGreaterThanOrEqual(s.p95.energy);
    for (const p of [s.p75, s.p90, s.p95]) {
      expect(p.method).toBe('annual-exceedance');
      expect(new Set(p.months.map((m) => m.year)).size).toBe(1);
      const closest = Math.min(...p.annualEnergy.map((a) => Math.abs(a.energy - p.targetEnergy)));
      expect(Math.abs(p.energy - p.targetEnergy)).toBe(closest);
    }
  });
});

describe('typical-year series', () => {
  const sel = selectTypicalYear(history);
  const src = syntheticSource();
  const ty = typicalYearWeather({ ...place, periodSeconds: 3600, parameters: ['ghi', 'airTemp'] }, sel, {
    source: src,
  });

  it('is dated in 2059, January 1 to December 31, hourly', () => {
    expect(ty.periodEnd.length).toBe(8760);
    expect(new Date(ty.periodEnd[0]! * 1000).toISOString()).toBe(`${TMY_YEAR}-01-01T01:00:00.000Z`);
    expect(new Date(ty.periodEnd[8759]! * 1000).toISOString()).toBe(`${TMY_YEAR + 1}-01-01T00:00:00.000Z`);
  });

  it('takes each month from the data of its chosen year (away from the seams)', () => {
    for (const mo of sel.months) {
      const start = Date.UTC(mo.year, mo.month - 1, 10) / 1000;
      const ends = Float64Array.from({ length: 24 }, (_, i) => start + (i + 1) * 3600);
      const actual = src.actuals({ ...place, periodEnd: ends, periodSeconds: 3600, parameters: ['ghi', 'airTemp'] });
      const r0 = Math.round((Date.UTC(TMY_YEAR, mo.month - 1, 10) / 1000 - ty.periodEnd[0]!) / 3600) + 1;
      for (let i = 0; i < 24; i++) {
        expect((ty.columns.ghi as Float64Array)[r0 + i]).toBe((actual.ghi as Float64Array)[i]);
        expect((ty.columns.airTemp as Float64Array)[r0 + i]).toBe((actual.airTemp as Float64Array)[i]);
      }
    }
  });

  it('joins months smoothly: temperature steps at seams are no larger than within months', () => {
    const t = ty.columns.airTemp as Float64Array;
    let maxStep = 0;
    for (let i = 1; i < t.length; i++) maxStep = Math.max(maxStep, Math.abs(t[i]! - t[i - 1]!));
    for (let m = 1; m < 12; m++) {
      const r = Math.round((Date.UTC(TMY_YEAR, m, 1) / 1000 - ty.periodEnd[0]!) / 3600);
      expect(Math.abs(t[r + 1]! - t[r]!)).toBeLessThanOrEqual(maxStep);
    }
    for (const v of t) expect(Number.isFinite(v)).toBe(true);
  });
});

describe('typical year for a request (file or synthetic)', () => {
  it('uses a stored typical-year file near the place for its columns, the synthetic TMY for the rest', async () => {
    const { readTmy3 } = await import('../../src/weather/index.js');
    const { typicalYearFor } = await import('../../src/tmy/index.js');
    const file = readTmy3(weatherText('tmy3_sand_point_ak_703165.csv'));
    const query = {
      latitude: 55.32,
      longitude: -160.52,
      elevation: 7,
      continentality: 0.1,
      periodSeconds: 3600,
      parameters: ['ghi', 'gti', 'airTemp', 'cloudOpacity'] as const,
    };
    const r = typicalYearFor({ query, typicalSeries: [file] });
    expect(r.origin).toBe('file');
    expect(r.periodEnd.length).toBe(8760);
    // 2059-07-01 12:00-13:00 local (UTC-9) is 21:00-22:00 UTC; the file's row for July 1, 13:00.
    const row = Math.round((Date.UTC(2059, 6, 1, 22) / 1000 - r.periodEnd[0]!) / 3600);
    const fileRow = file.periodEnd.findIndex((e) => {
      const d = new Date((e - 1800) * 1000);
      return d.getUTCMonth() === 6 && d.getUTCDate() === 1 && d.getUTCHours() === 21;
    });
    expect((r.columns.ghi as Float64Array)[row]).toBe(file.columns.ghi![fileRow]);
    expect((r.columns.airTemp as Float64Array)[row]).toBe(file.columns.airTemp![fileRow]);
    let gti = 0;
    for (const v of r.columns.gti as Float64Array) {
      expect(v).toBeGreaterThanOrEqual(0);
      gti += v;
    }
    expect(gti / 1000).toBeGreaterThan(500);
    expect((r.columns.cloudOpacity as Float64Array).every((v) => v >= 0 && v <= 100)).toBe(true);
    // Far away, or for P90: the synthetic TMY.
    expect(typicalYearFor({ query: { ...query, latitude: 50 }, typicalSeries: [file] }).origin).toBe('synthetic');
    expect(typicalYearFor({ query, typicalSeries: [file], tmy: { probability: 'p90' } }).origin).toBe('synthetic');
  });

  it('takes a selection the caller already has instead of computing the history again, with the same year', async () => {
    const { readTmy3 } = await import('../../src/weather/index.js');
    const { typicalYearFor, syntheticTypicalYear } = await import('../../src/tmy/index.js');
    const file = readTmy3(weatherText('tmy3_sand_point_ak_703165.csv'));
    const place = { latitude: 55.32, longitude: -160.52, elevation: 7, continentality: 0.1 };
    const query = { ...place, periodSeconds: 3600, parameters: ['ghi', 'dni', 'airTemp', 'cloudOpacity'] as const };
    const own = typicalYearFor({ query, typicalSeries: [file] });
    const cached = syntheticTypicalYear(place);
    const reused = typicalYearFor({ query, typicalSeries: [file], selection: cached });
    // The given object is used as it is (no new history, hence no new selection object) ...
    expect(reused.selection).toBe(cached);
    expect(reused.origin).toBe('file');
    // ... and it is the selection the request would have made: the same months and the same series.
    expect(cached).toEqual(own.selection);
    expect(reused.periodEnd).toEqual(own.periodEnd);
    for (const name of query.parameters) expect(reused.columns[name]).toEqual(own.columns[name]);
    expect(() => typicalYearFor({ query, selection: 3 as never })).toThrow(/req\.selection/);
  });
});
