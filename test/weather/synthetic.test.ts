import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTUAL_COLUMNS,
  FORECAST_COLUMNS,
  WEATHER_TYPES,
  type WeatherColumnName,
  type WeatherColumns,
  type WeatherQuery,
  syntheticSource,
} from '../../src/weather/index.js';
import { placeClimate } from '../../src/weather/climate.js';
import { allSky, skyAtInstants } from '../../src/weather/sky.js';
import { CLOUD_ENHANCEMENT_CAP, weatherState } from '../../src/weather/state.js';
import { runs } from '../support/properties.js';

const utc = (iso: string) => Date.parse(iso) / 1000;
const src = syntheticSource();

function grid(start: number, count: number, period: number): Float64Array {
  const g = new Float64Array(count);
  for (let i = 0; i < count; i++) g[i] = start + (i + 1) * period;
  return g;
}

const place = { latitude: 46.2, longitude: 7.3, elevation: 900, continentality: 0.7 };

/** The columns by any name (the tests loop over names). */
const byName = (c: WeatherColumns): Record<string, Float64Array | string[]> =>
  c as Record<string, Float64Array | string[]>;

function expectSameColumns(a: WeatherColumns, b: WeatherColumns): void {
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
  for (const k of Object.keys(a)) {
    const x = byName(a)[k]!;
    const y = byName(b)[k]!;
    expect(x.length, k).toBe(y.length);
    for (let i = 0; i < x.length; i++) {
      if (!Object.is(x[i], y[i])) expect(`${k}[${i}] = ${x[i]}`).toBe(`${k}[${i}] = ${y[i]}`);
    }
  }
}

function slice(c: WeatherColumns, from: number, to: number): WeatherColumns {
  const out: Record<string, Float64Array | string[]> = {};
  for (const [k, v] of Object.entries(c)) out[k] = v.slice(from, to) as Float64Array | string[];
  return out as WeatherColumns;
}

describe('synthetic weather: determinism', () => {
  const q: WeatherQuery = {
    ...place,
    periodEnd: grid(utc('2021-01-10T00:00Z'), 4 * 48, 1800),
    periodSeconds: 1800,
    parameters: ACTUAL_COLUMNS,
  };

  it('gives identical values for the same request twice', () => {
    expectSameColumns(src.actuals(q), syntheticSource().actuals(q));
  });

  it('gives identical values for a window and its two halves (snow, washout and all)', () => {
    const whole = src.actuals(q);
    const n = q.periodEnd.length;
    const first = src.actuals({ ...q, periodEnd: q.periodEnd.slice(0, n / 2) });
    const second = src.actuals({ ...q, periodEnd: q.periodEnd.slice(n / 2) });
    expectSameColumns(slice(whole, 0, n / 2), first);
    expectSameColumns(slice(whole, n / 2, n), second);
  });

  it('gives the same values whether a request needs the full state or only the lean one', () => {
    // Irradiance, temperature, dew point and 10 m wind alone take the lean state (faster); asking
    // for humidity as well takes the full state: the shared columns must not change.
    const lean: WeatherColumnName[] = [
      'ghi',
      'dni',
      'dhi',
      'gti',
      'airTemp',
      'minAirTemp',
      'dewPoint',
      'windSpeed',
      'cloudOpacity',
      'snowDepth',
    ];
    const a = src.actuals({ ...q, parameters: lean });
    const b = src.actuals({ ...q, parameters: [...lean, 'relativeHumidity'] });
    delete b.relativeHumidity;
    expectSameColumns(a, b);
  });

  it('gives live (newest first) and historic (oldest first) the same values where they overlap', () => {
    const hist = src.actuals(q);
    const n = q.periodEnd.length;
    const reversed = q.periodEnd.slice().reverse();
    const live = src.actuals({ ...q, periodEnd: reversed });
    const back: Record<string, Float64Array | string[]> = {};
    for (const [k, v] of Object.entries(live))
      back[k] = (Array.isArray(v) ? v.slice().reverse() : v.slice().reverse()) as Float64Array | string[];
    expectSameColumns(hist, back as WeatherColumns);
    expect(n).toBeGreaterThan(0);
  });

  it('averages the same 5-minute base values on any period grid', () => {
    const start = utc('2022-06-01T00:00Z');
    const params = ['ghi', 'dni', 'dhi', 'airTemp', 'precipitationRate'] as const;
    const fine = src.actuals({ ...place, periodEnd: grid(start, 288, 300), periodSeconds: 300, parameters: params });
    const coarse = src.actuals({ ...place, periodEnd: grid(start, 24, 3600), periodSeconds: 3600, parameters: params });
    for (const p of params) {
      const f = fine[p] as Float64Array;
      const c = coarse[p] as Float64Array;
      for (let h = 0; h < 24; h++) {
        let s = 0;
        for (let j = 0; j < 12; j++) s += f[h * 12 + j]!;
        expect(c[h]!).toBeCloseTo(s / 12, 9);
      }
    }
  });

  it('gives the same snow after the yearly snow anchor whether or not the window spans it', () => {
    const cold = { latitude: 78, longitude: 15, elevation: 800, continentality: 0.3 };
    const params: WeatherColumnName[] = ['snowDepth', 'snowWaterEquivalent', 'albedo', 'snowSoilingRooftop'];
    const long = src.actuals({
      ...cold,
      periodEnd: grid(utc('2019-07-01T00:00Z'), 24 * 50, 3600),
      periodSeconds: 3600,
      parameters: params,
    });
    const from = 24 * 40; // 2019-08-10
    const short = src.actuals({
      ...cold,
      periodEnd: grid(utc('2019-08-10T00:00Z'), 24 * 10, 3600),
      periodSeconds: 3600,
      parameters: params,
    });
    expectSameColumns(slice(long, from, from + 24 * 10), short);
  });

  it('changes with the seed and the place', () => {
    const a = src.actuals({ ...q, parameters: ['airTemp'] }).airTemp as Float64Array;
    const b = src.actuals({ ...q, seed: 7, parameters: ['airTemp'] }).airTemp as Float64Array;
    const c = src.actuals({ ...q, latitude: 46.3, parameters: ['airTemp'] }).airTemp as Float64Array;
    expect(a.some((v, i) => v !== b[i])).toBe(true);
    expect(a.some((v, i) => v !== c[i])).toBe(true);
  });
});

const arbPlace = fc.record({
  latitude: fc.double({ min: -60, max: 70, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  elevation: fc.double({ min: 0, max: 3500, noNaN: true }),
  continentality: fc.double({ min: 0, max: 1, noNaN: true }),
});
const arbStart = fc
  .integer({ min: utc('2007-01-01T00:00Z') / 3600, max: utc('2025-12-01T00:00Z') / 3600 })
  .map((h) => h * 3600);

describe('synthetic weather: physics (property tests)', () => {
  it('keeps GHI <= cap x clear-sky GHI, 0 <= DHI <= GHI, DNI >= 0, dew point <= air temperature, RH in [0, 100]', () => {
    fc.assert(
      fc.property(arbPlace, arbStart, (p, start) => {
        const c = src.actuals({
          ...p,
          periodEnd: grid(start, 72, 1800),
          periodSeconds: 1800,
          parameters: ACTUAL_COLUMNS,
        });
        const ghi = c.ghi as Float64Array,
          cs = c.clearskyGhi as Float64Array,
          dhi = c.dhi as Float64Array,
          dni = c.dni as Float64Array;
        const t = c.airTemp as Float64Array,
          td = c.dewPoint as Float64Array,
          rh = c.relativeHumidity as Float64Array;
        const op = c.cloudOpacity as Float64Array,
          alb = c.albedo as Float64Array;
        for (let i = 0; i < ghi.length; i++) {
          expect(ghi[i]!).toBeLessThanOrEqual(cs[i]! * CLOUD_ENHANCEMENT_CAP + 1e-9);
          expect(dhi[i]!).toBeGreaterThanOrEqual(0);
          expect(dhi[i]!).toBeLessThanOrEqual(ghi[i]! + 1e-9);
          expect(dni[i]!).toBeGreaterThanOrEqual(0);
          expect(td[i]!).toBeLessThanOrEqual(t[i]! + 1e-9);
          expect(rh[i]!).toBeGreaterThanOrEqual(0);
          expect(rh[i]!).toBeLessThanOrEqual(100);
          expect(op[i]!).toBeGreaterThanOrEqual(0);
          expect(op[i]!).toBeLessThanOrEqual(100);
          expect(alb[i]!).toBeGreaterThan(0);
          expect(alb[i]!).toBeLessThan(1);
        }
      }),
      { numRuns: runs(20) },
    );
  });

  it('closes GHI = DNI cos z + DHI and keeps GHI under the extraterrestrial horizontal irradiance at every instant', () => {
    fc.assert(
      fc.property(arbPlace, arbStart, (p, start) => {
        const times = grid(start, 288, 300);
        const climate = placeClimate(p);
        const st = weatherState(climate, times, 1000);
        const sky = skyAtInstants(times, p.latitude, p.longitude, p.elevation, 100000, 10);
        const { ghi, dni, dhi } = allSky(times, sky, st.clearSkyIndex);
        for (let i = 0; i < times.length; i++) {
          const cz = Math.cos((sky.zenith[i]! * Math.PI) / 180);
          const closure = dni[i]! * Math.max(0, cz) + dhi[i]!;
          expect(Math.abs(closure - ghi[i]!)).toBeLessThanOrEqual(1e-9 * Math.max(1, ghi[i]!));
          expect(ghi[i]!).toBeLessThanOrEqual(Math.max(0, sky.dniExtra[i]! * cz) + 1e-9);
        }
      }),
      { numRuns: runs(15) },
    );
  });

  it('snows only at or below about +2 C and precipitates only under thick cloud', () => {
    fc.assert(
      fc.property(arbPlace, arbStart, (p, start) => {
        const c = src.actuals({
          ...p,
          periodEnd: grid(start, 96, 900),
          periodSeconds: 900,
          parameters: ['snowfallRate', 'minAirTemp', 'precipitationRate', 'cloudOpacity'],
        });
        const sf = c.snowfallRate as Float64Array,
          tmin = c.minAirTemp as Float64Array;
        const pr = c.precipitationRate as Float64Array,
          op = c.cloudOpacity as Float64Array;
        for (let i = 0; i < sf.length; i++) {
          if (sf[i]! > 0) expect(tmin[i]!).toBeLessThanOrEqual(2);
          expect(sf[i]!).toBeLessThanOrEqual(pr[i]! + 1e-12);
          if (pr[i]! > 0) expect(op[i]!).toBeGreaterThan(30);
        }
      }),
      { numRuns: runs(20) },
    );
  });

  it('labels every period with one of the 19 weather types', () => {
    const c = src.actuals({
      ...place,
      periodEnd: grid(utc('2019-02-01T00:00Z'), 24 * 14, 3600),
      periodSeconds: 3600,
      parameters: ['weatherType'],
    });
    const labels = c.weatherType as string[];
    for (const l of labels) expect(WEATHER_TYPES).toContain(l);
    expect(new Set(labels).size).toBeGreaterThan(4);
  });
});

describe('synthetic weather: climate', () => {
  it('is colder at altitude, inland in winter, and towards the poles', () => {
    const jan = grid(utc('2015-01-01T00:00Z'), 24 * 31, 3600);
    const mean = (q: Partial<WeatherQuery>) => {
      const t = src.actuals({
        latitude: 45,
        longitude: 10,
        periodEnd: jan,
        periodSeconds: 3600,
        parameters: ['airTemp'],
        ...q,
      }).airTemp as Float64Array;
      return t.reduce((s, v) => s + v, 0) / t.length;
    };
    expect(mean({ elevation: 2000 })).toBeLessThan(mean({ elevation: 0 }) - 5);
    expect(mean({ continentality: 1 })).toBeLessThan(mean({ continentality: 0 }));
    expect(mean({ latitude: 60 })).toBeLessThan(mean({ latitude: 30 }));
  });

  it('builds and melts a snow pack in a cold winter climate, raising albedo', () => {
    const period = grid(utc('2016-10-01T00:00Z'), 24 * 300, 3600);
    const c = src.actuals({
      latitude: 62,
      longitude: 30,
      elevation: 200,
      continentality: 1,
      periodEnd: period,
      periodSeconds: 3600,
      parameters: ['snowDepth', 'albedo', 'snowWaterEquivalent'],
    });
    const depth = c.snowDepth as Float64Array,
      alb = c.albedo as Float64Array;
    const feb = 24 * 130;
    const aug = depth.length - 1;
    expect(depth[feb]!).toBeGreaterThan(5);
    expect(alb[feb]!).toBeGreaterThan(0.5);
    expect(depth[aug]!).toBe(0);
    expect(alb[aug]!).toBeLessThan(0.35);
  });
});

describe('synthetic weather: forecasts', () => {
  const issued = utc('2023-05-10T06:00Z');
  const q = {
    ...place,
    periodEnd: grid(issued - 6 * 3600, 14 * 48, 1800),
    periodSeconds: 1800,
    parameters: FORECAST_COLUMNS,
    issuedAt: issued,
  };

  it('equals the actuals for periods already past at issue time', () => {
    const f = src.forecast(q);
    // Actuals have no P10/P90: asking for them is an error (see the next test), so ask for the rest.
    const a = src.actuals({
      ...q,
      parameters: q.parameters.filter((p) => (ACTUAL_COLUMNS as readonly string[]).includes(p)),
    });
    for (let i = 0; i < 12; i++) {
      expect(f.ghi![i]).toBe(a.ghi![i]);
      expect(f.airTemp![i]).toBe(a.airTemp![i]);
    }
  });

  it('refuses unknown parameter names (and P10/P90 of actuals) with an error naming them, not an empty answer', () => {
    expect(() => src.actuals({ ...q, parameters: ['ghi', 'ghi_10' as never] })).toThrow(
      /syntheticSource\(\).actuals: query.parameters must be names of actual weather columns \(.*\) \(got "ghi_10"\)/,
    );
    expect(() => src.actuals({ ...q, parameters: ['ghi10'] })).toThrow(/got "ghi10"/);
    expect(() => src.forecast({ ...q, parameters: ['temperature' as never] })).toThrow(
      /names of forecast weather columns/,
    );
    expect(() => src.actuals({ ...q, periodEnd: q.periodEnd.map((t) => t * 1000) })).toThrow(
      /query.periodEnd must be Unix seconds .*milliseconds/,
    );
    expect(() => src.actuals({ ...q, latitude: 200 })).toThrow(/query.latitude must be a number from -90 to 90/);
    expect(() => src.forecast({ ...q, issuedAt: undefined } as never)).toThrow(/query.issuedAt must be a number/);
  });

  it('orders P10 <= P50 <= P90 and is deterministic in (place, period, issue time)', () => {
    const f = src.forecast(q);
    expectSameColumns(f, syntheticSource().forecast(q));
    for (const name of ['ghi', 'dni', 'dhi', 'gti', 'cloudOpacity']) {
      const p10 = byName(f)[`${name}10`] as Float64Array,
        p50 = byName(f)[name] as Float64Array,
        p90 = byName(f)[`${name}90`] as Float64Array;
      for (let i = 0; i < p50.length; i++) {
        expect(p10[i]!).toBeLessThanOrEqual(p50[i]! + 1e-9);
        expect(p50[i]!).toBeLessThanOrEqual(p90[i]! + 1e-9);
      }
    }
  });

  it('has an error that grows with lead time and covers the actual about 80 % of the time', () => {
    let inside = 0,
      count = 0,
      nearErr = 0,
      nearN = 0,
      farErr = 0,
      farN = 0;
    for (let k = 0; k < 24; k++) {
      const issue = utc('2020-01-01T00:00Z') + k * 15.3 * 86400;
      const pe = grid(issue, 10 * 24, 3600);
      const base = {
        latitude: -30 + 4 * k,
        longitude: 10 * k - 100,
        elevation: 300,
        continentality: 0.5,
        periodEnd: pe,
        periodSeconds: 3600,
      };
      const a = src.actuals({ ...base, parameters: ['ghi'] }).ghi as Float64Array;
      const f = src.forecast({ ...base, issuedAt: issue, parameters: ['ghi', 'ghi10', 'ghi90'] });
      const g = f.ghi as Float64Array,
        lo = f.ghi10 as Float64Array,
        hi = f.ghi90 as Float64Array;
      for (let i = 0; i < pe.length; i++) {
        if (!(a[i]! > 50)) continue;
        count++;
        if (a[i]! >= lo[i]! - 1e-9 && a[i]! <= hi[i]! + 1e-9) inside++;
        const lead = (pe[i]! - issue) / 3600;
        if (lead <= 4) {
          nearErr += Math.abs(g[i]! - a[i]!);
          nearN++;
        }
        if (lead >= 120) {
          farErr += Math.abs(g[i]! - a[i]!);
          farN++;
        }
      }
    }
    const coverage = inside / count;
    expect(coverage).toBeGreaterThan(0.7);
    expect(coverage).toBeLessThan(0.9);
    expect(nearErr / nearN).toBeLessThan(0.5 * (farErr / farN));
  });
});
