import { describe, expect, it } from 'vitest';
import {
  defaultWeatherSource,
  fleetGrid,
  fleetSiteProblems,
  readFleetSitesCsv,
  simulateFleetSite,
  simulatePv,
  syntheticFleetWeather,
  weatherPlaceOf,
} from '../../src/index.js';

// Two weeks of June: enough for the sums, quick for every test.
const grid = fleetGrid({ start: Date.UTC(2024, 5, 1) / 1000, end: Date.UTC(2024, 5, 15) / 1000 }, 3600);

describe('fleet sites file', () => {
  it('lists every problem of every row with its line and column, and keeps the good rows', () => {
    const text = [
      'id,latitude,longitude,capacity_kw,tilt,azimuth,loss_factor,array_type,elevation',
      'a,52.1,5.1,4,35,180,0.9,fixed,10',
      'b,95,5.1,0,35,south,,,',
      '',
      'c,52.1,200,4,95,180,1.5,tracker,high',
      'a,52.1,5.1,4,35,180,,,',
      '"d, quoted",-33.9,151.2,5,20,0,,horizontal_single_axis,',
    ].join('\n');
    const { sites, problems } = readFleetSitesCsv(text);
    expect(sites.map((s) => s.id)).toEqual(['a', 'd, quoted']);
    expect(sites[0]).toEqual({
      id: 'a',
      latitude: 52.1,
      longitude: 5.1,
      capacityKw: 4,
      tilt: 35,
      azimuth: 180,
      lossFactor: 0.9,
      arrayType: 'fixed',
      elevation: 10,
    });
    expect(sites[1]!.arrayType).toBe('horizontal_single_axis');
    expect(problems.map((p) => `${p.line}:${p.field}`)).toEqual([
      '3:latitude',
      '3:capacity_kw',
      '3:azimuth',
      '5:longitude',
      '5:tilt',
      '5:loss_factor',
      '5:array_type',
      '5:elevation',
      '6:id',
    ]);
    expect(problems[2]!.reason).toContain("got 'south'");
    expect(problems[2]!.reason).toContain('degrees east of north, 180 = south');
    expect(problems[8]!.reason).toContain('already the id of line 2');
  });

  it('names the missing required columns of the header', () => {
    expect(() => readFleetSitesCsv('id,lat,lon,capacity_kw,tilt,azimuth\n')).toThrow(/missing: latitude, longitude/);
  });

  it('finds nothing wrong with a good site', () => {
    expect(fleetSiteProblems({ id: 'x', latitude: 0, longitude: 0, capacityKw: 1, tilt: 0, azimuth: 0 })).toEqual([]);
  });
});

describe('simulateFleetSite', () => {
  const site = { id: 'roof', latitude: 52.1, longitude: 5.1, capacityKw: 4, tilt: 35, azimuth: 180, lossFactor: 0.9 };

  it('gives the energy of simulatePv for the same system and weather, bit for bit', () => {
    const weather = syntheticFleetWeather(site, grid);
    const alone = simulatePv(
      { latitude: 52.1, longitude: 5.1, capacity: 4, tilt: 35, azimuth: 180, losses: 1 - 0.9 },
      { source: defaultWeatherSource(), periodEnd: grid.periodEnd, periodSeconds: 3600 },
    );
    const annual = simulateFleetSite(site, weather, { aggregate: 'annual', periodSeconds: 3600 });
    expect(annual.energyKwh).toBe(alone.energy.total);
    // Two weeks: the specific yield is per year (issue 34: it was the period's, named as a year's).
    expect(annual.years).toBe(14 / 365.25);
    expect(annual.specificYieldKwhPerKw).toBe(alone.energy.specificYield / (14 / 365.25));
    const monthly = simulateFleetSite(site, weather, { aggregate: 'monthly', periodSeconds: 3600 });
    expect(monthly.months).toEqual(Object.keys(alone.energy.byYearMonth));
    expect(Array.from(monthly.monthlyKwh!)).toEqual(Object.values(alone.energy.byYearMonth));
    const series = simulateFleetSite(site, weather, { aggregate: 'none', periodSeconds: 3600 });
    expect(series.powerKw).toEqual(alone.columns.ac);
    // A plausible two weeks of June in the Netherlands: 2-7 kWh/kWp a day (7: clear every day).
    expect(annual.energyKwh / 4 / 14).toBeGreaterThan(2);
    expect(annual.energyKwh / 4 / 14).toBeLessThan(7);
  });

  it('shares the weather of a cell: two sites of one cell get one series, a site of another cell its own', () => {
    const a = syntheticFleetWeather({ latitude: 52.101, longitude: 5.101 }, grid, { cellDegrees: 0.05 });
    const b = syntheticFleetWeather({ latitude: 52.149, longitude: 5.149 }, grid, { cellDegrees: 0.05 });
    const c = syntheticFleetWeather({ latitude: 52.151, longitude: 5.149 }, grid, { cellDegrees: 0.05 });
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(weatherPlaceOf({ latitude: 52.101, longitude: -5.101 }, 0.05)).toEqual({
      latitude: 52.125,
      longitude: -5.125,
    });
    // A cell's weather is the weather of its centre, whatever was computed before.
    const centre = syntheticFleetWeather({ latitude: 52.125, longitude: 5.125 }, grid);
    expect(centre.ghi).toEqual(a.ghi);
  });

  it('runs a tracker site (array_type horizontal_single_axis), which gains over a fixed plane in summer', () => {
    const weather = syntheticFleetWeather({ latitude: 40.5, longitude: -108.5 }, grid);
    const options = { aggregate: 'annual', periodSeconds: 3600 } as const;
    const fixed = simulateFleetSite(
      { id: 'f', latitude: 40.5, longitude: -108.5, capacityKw: 100, tilt: 30, azimuth: 180 },
      weather,
      options,
    );
    const tracker = simulateFleetSite(
      {
        id: 't',
        latitude: 40.5,
        longitude: -108.5,
        capacityKw: 100,
        tilt: 30,
        azimuth: 180,
        arrayType: 'horizontal_single_axis',
      },
      weather,
      options,
    );
    expect(tracker.energyKwh).toBeGreaterThan(fixed.energyKwh * 1.1);
  });
});

describe('a fleet period that is not one calendar year (issue 34)', () => {
  const site = { id: 'roof', latitude: 52.1, longitude: 5.1, capacityKw: 4, tilt: 35, azimuth: 180 };
  const window = fleetGrid({ start: Date.UTC(2024, 0, 1) / 1000, end: Date.UTC(2025, 3, 1) / 1000 }, 3600);
  const weather = syntheticFleetWeather(site, window);

  it("monthly: one value per month of each year, 2024-01 to 2025-03 (January 2024 and 2025 were one 'month 1')", () => {
    const r = simulateFleetSite(site, weather, { aggregate: 'monthly', periodSeconds: 3600 });
    const expected = [
      ...Array.from({ length: 12 }, (_, m) => `2024-${String(m + 1).padStart(2, '0')}`),
      '2025-01',
      '2025-02',
      '2025-03',
    ];
    expect(r.months).toEqual(expected);
    expect(r.monthlyKwh).toHaveLength(15);
    // Every month of the window has energy (no zero rows), and they add up to the total.
    expect(Array.from(r.monthlyKwh!).every((e) => e > 0)).toBe(true);
    expect(Array.from(r.monthlyKwh!).reduce((a, b) => a + b, 0)).toBeCloseTo(r.energyKwh, 6);
    expect(r.monthlyKwh![0]).not.toBe(r.monthlyKwh![12]);
  });

  it('annual: the total of the 15 months, and a specific yield per year (it printed 2,242 kWh/kWp)', () => {
    const r = simulateFleetSite(site, weather, { aggregate: 'annual', periodSeconds: 3600 });
    const days = (Date.UTC(2025, 3, 1) - Date.UTC(2024, 0, 1)) / 86_400_000;
    expect(r.years).toBe(days / 365.25);
    expect(r.specificYieldKwhPerKw).toBeCloseTo(r.energyKwh / 4 / (days / 365.25), 9);
    // A roof in the Netherlands: 850-1100 kWh/kWp a year.
    expect(r.specificYieldKwhPerKw).toBeGreaterThan(850);
    expect(r.specificYieldKwhPerKw).toBeLessThan(1100);
    // One calendar year (leap or not) is one year.
    const year = simulateFleetSite(site, syntheticFleetWeather(site, fleetGrid({ year: 2024 }, 3600)), {
      periodSeconds: 3600,
    });
    expect(year.years).toBe(1);
  });
});
