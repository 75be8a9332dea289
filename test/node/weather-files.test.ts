import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openWeatherStore, placeInfo, weatherSourceWithStore } from '../../src/node/weather-files.js';
import {
  composeSources,
  readTmy3,
  realDataSource,
  syntheticSource,
  typicalYearFromSeries,
} from '../../src/weather/index.js';
import { weatherFile, weatherText } from '../support/data.js';

const dir = mkdtempSync(join(tmpdir(), 'solarkit-weather-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const utc = (iso: string) => Date.parse(iso) / 1000;

describe('local weather store and composed source', () => {
  const store = openWeatherStore(dir);
  const psm3 = store.importFile(weatherFile('nsrdb_psm3_2017_40.5137_-108.5449.csv'), { timeZone: -7 });
  store.importFile(weatherFile('epw_amsterdam_iwec_062400.epw'));

  it('imports files for their places and lists them', () => {
    expect(psm3.latitude).toBe(40.5137);
    expect(psm3.typical).toBe(false);
    const list = store.list();
    expect(list).toHaveLength(2);
    expect(list.some((i) => i.format === 'epw' && i.typical)).toBe(true);
    expect(openWeatherStore(dir).series()[0]!.periodEnd.length).toBeGreaterThan(8000);
  });

  it('answers requests within a few km from the real data for the times it covers, synthetic elsewhere', () => {
    const source = weatherSourceWithStore(store);
    const ends = Float64Array.from({ length: 48 }, (_, i) => utc('2017-07-01T00:00Z') + (i + 1) * 1800);
    const near = source.actuals({
      latitude: 40.53,
      longitude: -108.53,
      periodEnd: ends,
      periodSeconds: 1800,
      parameters: ['ghi', 'airTemp', 'cloudOpacity', 'gti'],
    });
    // PSM3 rows are instantaneous at their stamps: the period ending 07:15 local (14:15 UTC) holds
    // the 07:00 stamp; the period ending 14:30 UTC averages the 07:00-07:30 neighbours.
    const series = store.series().find((s) => s.format === 'psm3')!;
    const j = series.periodEnd.indexOf(utc('2017-07-01T14:15Z'));
    const i = ends.indexOf(utc('2017-07-01T14:30Z'));
    expect((near.ghi as Float64Array)[i]).toBeCloseTo(0.5 * (series.columns.ghi![j]! + series.columns.ghi![j + 1]!), 9);
    expect((near.cloudOpacity as Float64Array).length).toBe(48); // from the synthetic model
    expect((near.gti as Float64Array).every((v) => v >= 0)).toBe(true);
    const far = source.actuals({
      latitude: 41,
      longitude: -108.5,
      periodEnd: ends,
      periodSeconds: 1800,
      parameters: ['ghi'],
    });
    const synthetic = syntheticSource({ placeInfo }).actuals({
      latitude: 41,
      longitude: -108.5,
      periodEnd: ends,
      periodSeconds: 1800,
      parameters: ['ghi'],
    });
    expect(Array.from(far.ghi as Float64Array)).toEqual(Array.from(synthetic.ghi as Float64Array));
    // Outside the file's year: synthetic.
    const later = Float64Array.from(ends, (e) => e + 2 * 365 * 86400);
    const l = source.actuals({
      latitude: 40.53,
      longitude: -108.53,
      periodEnd: later,
      periodSeconds: 1800,
      parameters: ['ghi'],
    });
    const ls = syntheticSource({ placeInfo }).actuals({
      latitude: 40.53,
      longitude: -108.53,
      periodEnd: later,
      periodSeconds: 1800,
      parameters: ['ghi'],
    });
    expect(Array.from(l.ghi as Float64Array)).toEqual(Array.from(ls.ghi as Float64Array));
  });

  it('splices real and synthetic periods in one request', () => {
    const e0 = utc('2015-03-01T01:00Z');
    const real = {
      format: 'api-csv' as const,
      latitude: 10,
      longitude: 20,
      elevation: 0,
      timeZone: 0,
      typical: false,
      periodEnd: Float64Array.from([e0, e0 + 3600, e0 + 7200]),
      periodSeconds: 3600,
      columns: { airTemp: Float64Array.from([11, 12, Number.NaN]) },
    };
    const source = composeSources(realDataSource([real]), syntheticSource());
    const ends = Float64Array.from({ length: 4 }, (_, i) => e0 + i * 3600);
    const q = {
      latitude: 10.01,
      longitude: 20.01,
      periodEnd: ends,
      periodSeconds: 3600,
      parameters: ['airTemp' as const],
    };
    const t = source.actuals(q).airTemp as Float64Array;
    const synth = syntheticSource().actuals(q).airTemp as Float64Array;
    expect(Array.from(t)).toEqual([11, 12, synth[2], synth[3]]);
  });

  it('looks up elevation and continentality of a place for the synthetic model', () => {
    const inland = placeInfo(40.5137, -108.5449);
    const coast = placeInfo(52.3, 4.77);
    expect(inland.elevation).toBeGreaterThan(1500);
    expect(inland.continentality).toBeGreaterThan(coast.continentality);
    expect(coast.elevation).toBeLessThan(50);
  });

  it('re-dates a real typical year into 2059 at any period', () => {
    const s = readTmy3(weatherText('tmy3_sand_point_ak_703165.csv'));
    const ty = typicalYearFromSeries(s, {
      periodSeconds: 1800,
      parameters: ['ghi', 'airTemp'],
      offsetMinutes: -9 * 60,
    });
    expect(ty.periodEnd.length).toBe(17520);
    expect(new Date(ty.periodEnd[0]! * 1000).toISOString()).toBe('2059-01-01T09:30:00.000Z');
    const t = ty.columns.airTemp as Float64Array;
    expect(t[0]).toBe(s.columns.airTemp![0]);
    expect(t[1]).toBe(s.columns.airTemp![0]);
    let sumReal = 0,
      sumTy = 0;
    for (const v of s.columns.ghi!) sumReal += v;
    for (const v of ty.columns.ghi as Float64Array) sumTy += v / 2;
    expect(sumTy).toBeCloseTo(sumReal, 6);
  });
});

describe('a weather store of an earlier version', () => {
  // Series stored before WeatherColumns named their columns as the API does, in the API's units.
  const write = (dir: string, columns: Record<string, number[]>): void => {
    const series = {
      format: 'api-csv',
      latitude: 1,
      longitude: 2,
      typical: false,
      periodEnd: [3600],
      periodSeconds: 3600,
      columns,
    };
    writeFileSync(join(dir, 'old.weather.json'), JSON.stringify({ info: { id: 'old' }, series }));
  };

  it("reads a stored series in the API's names as the core's columns and units (nothing to import again)", () => {
    const old = mkdtempSync(join(tmpdir(), 'solarkit-weather-old-'));
    try {
      write(old, { ghi: [100], air_temp: [20], surface_pressure: [1013.5], precipitable_water: [25], azimuth: [-90] });
      const problems: string[] = [];
      const store = openWeatherStore(old, { onInvalid: (p) => problems.push(p.reason) });
      expect(problems).toEqual([]);
      const [series] = store.series();
      expect(Object.keys(series!.columns).sort()).toEqual([
        'airTemp',
        'ghi',
        'precipitableWater',
        'pressure',
        'solarAzimuth',
      ]);
      expect(series!.columns.airTemp![0]).toBe(20);
      expect(series!.columns.pressure![0]).toBe(101350); // hPa -> Pa
      expect(series!.columns.precipitableWater![0]).toBe(2.5); // kg/m2 -> cm
      expect(series!.columns.solarAzimuth![0]).toBe(90); // the API's east -90 -> pvlib's east 90
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });

  it('reports a column that is neither a weather column nor an API name invalid, naming it', () => {
    const old = mkdtempSync(join(tmpdir(), 'solarkit-weather-old-'));
    try {
      write(old, { ghi: [100], temperature: [20] });
      const problems: string[] = [];
      const store = openWeatherStore(old, { onInvalid: (p) => problems.push(p.reason) });
      expect(store.series()).toEqual([]);
      expect(problems).toEqual(['column temperature is not a weather column']);
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });
});
