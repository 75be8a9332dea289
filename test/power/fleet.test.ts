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
    expect(annual.specificYieldKwhPerKw).toBe(alone.energy.specificYield);
    const monthly = simulateFleetSite(site, weather, { aggregate: 'monthly', periodSeconds: 3600 });
    expect(Array.from(monthly.monthlyKwh!)).toEqual(alone.energy.monthly);
    const series = simulateFleetSite(site, weather, { aggregate: 'none', periodSeconds: 3600 });
    expect(series.powerKw).toEqual(alone.columns.ac);
    // A plausible two weeks of June in the Netherlands: 2-7 kWh/kWp a day (7: clear every day).
    expect(annual.specificYieldKwhPerKw / 14).toBeGreaterThan(2);
    expect(annual.specificYieldKwhPerKw / 14).toBeLessThan(7);
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
