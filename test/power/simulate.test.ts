/**
 * simulatePv: the one-call path from a system and its weather to power and energy. The same chain
 * as sitePvPower, every accepted form of weather giving the same answer, its energy sums, and the
 * errors of its misuse.
 */
import { describe, expect, it } from 'vitest';
import { PVWATTS_PEAK_OVER_NOMINAL, type PvWeatherInput, simulatePv, sitePvPower } from '../../src/power/index.js';
import { typicalYearFor } from '../../src/tmy/index.js';
import { defaultWeatherSource, readWeatherFile, type WeatherSeries } from '../../src/weather/index.js';
import { weatherText } from '../support/data.js';

const LAT = 44.2;
const LON = 6.1;
const source = defaultWeatherSource();
// Ten days of June 2024, hourly period ends, from the synthetic weather.
const periodEnd = Float64Array.from({ length: 240 }, (_, i) => Date.UTC(2024, 5, 10) / 1000 + 3600 * (i + 1));
const w = source.actuals({
  latitude: LAT,
  longitude: LON,
  periodEnd,
  periodSeconds: 3600,
  parameters: ['ghi', 'dni', 'dhi', 'airTemp', 'windSpeed'],
}) as Record<string, Float64Array>;
const coreNames = {
  unixSeconds: periodEnd,
  ghi: w.ghi!,
  dni: w.dni!,
  dhi: w.dhi!,
  airTemp: w.airTemp!,
  windSpeed: w.windSpeed!,
};
const system = { latitude: LAT, longitude: LON, tilt: 30, azimuth: 170, capacity: 100 };

describe('simulatePv', () => {
  it('runs the site chain: a system in kW gives 1000 x the same site in MW', () => {
    const kw = simulatePv(
      {
        ...system,
        acCapacity: 80,
        losses: 0.03,
        soiling: 0.015,
        gammaPdc: -0.004,
        inverterEfficiency: 0.98 / PVWATTS_PEAK_OVER_NOMINAL,
        albedo: 0.2,
        degradationPerYear: 0.006,
        installDate: Date.UTC(2020, 0, 1) / 1000,
      },
      coreNames,
    );
    const weather: PvWeatherInput = {
      unixSeconds: periodEnd,
      ghi: w.ghi!,
      dni: w.dni!,
      dhi: w.dhi!,
      airTemp: w.airTemp!,
      windSpeed: w.windSpeed!,
    };
    const mw = sitePvPower(weather, {
      latitude: LAT,
      longitude: LON,
      tilt: 30,
      azimuth: 170,
      capacity: 0.08,
      capacityDc: 0.1,
      installDate: Date.UTC(2020, 0, 1) / 1000,
    });
    let peak = 0;
    for (let i = 0; i < periodEnd.length; i++) {
      expect(kw.columns.ac[i]).toBeCloseTo(1000 * mw.power[i]!, 9);
      expect(kw.columns.poaGlobal[i]).toBe(mw.poaGlobal[i]);
      peak = Math.max(peak, kw.columns.ac[i]!);
    }
    expect(peak).toBeGreaterThan(50); // a sunny June hour in Provence: well over half the AC rating
  });

  it("takes the weather as columns (unixSeconds or periodEnd), a file's series, or a source", () => {
    const reference = simulatePv(system, coreNames);
    const core = simulatePv(system, {
      unixSeconds: periodEnd,
      ghi: w.ghi!,
      dni: w.dni!,
      dhi: w.dhi!,
      airTemp: w.airTemp!,
      windSpeed: w.windSpeed!,
    });
    const api = simulatePv(system, {
      periodEnd,
      ghi: w.ghi!,
      dni: w.dni!,
      dhi: w.dhi!,
      airTemp: w.airTemp!,
      windSpeed: w.windSpeed!,
    });
    const series: WeatherSeries = {
      format: 'epw',
      latitude: LAT,
      longitude: LON,
      elevation: Number.NaN,
      timeZone: 1,
      typical: false,
      periodEnd,
      periodSeconds: 3600,
      columns: { ghi: w.ghi!, dni: w.dni!, dhi: w.dhi!, airTemp: w.airTemp!, windSpeed: w.windSpeed! },
    };
    const file = simulatePv(system, series);
    const fromSource = simulatePv(system, { source, periodEnd });
    for (const other of [core, api, file, fromSource]) {
      expect(Array.from(other.columns.ac)).toEqual(Array.from(reference.columns.ac));
    }
    expect(reference.energy.total).toBeGreaterThan(0);
  });

  it("takes a typical year and a weather file's series as they are (WeatherColumns, no casts)", () => {
    const query = {
      latitude: LAT,
      longitude: LON,
      periodSeconds: 3600,
      parameters: ['ghi', 'dni', 'dhi', 'airTemp', 'windSpeed'] as const,
    };
    const typicalYear = typicalYearFor({ query, firstYear: 2020, lastYear: 2022 });
    const tmy = simulatePv(system, typicalYear);
    expect(tmy.columns.ac.length).toBe(8760);
    expect(tmy.energy.specificYield).toBeGreaterThan(1000);
    const file = simulatePv(
      { ...system, latitude: 55.3, longitude: -160.5 },
      readWeatherFile(weatherText('tmy3_sand_point_ak_703165.csv')),
    );
    expect(file.columns.ac.length).toBe(8760);
    expect(file.energy.total).toBeGreaterThan(0);
  });

  it("defaults the air temperature to 20 C and the wind to 0 m/s (as pvlib's ModelChain)", () => {
    const bare = simulatePv(system, { unixSeconds: periodEnd, ghi: w.ghi!, dni: w.dni!, dhi: w.dhi! });
    const explicit = simulatePv(system, {
      unixSeconds: periodEnd,
      ghi: w.ghi!,
      dni: w.dni!,
      dhi: w.dhi!,
      airTemp: 20,
      windSpeed: 0,
    });
    expect(Array.from(bare.columns.ac)).toEqual(Array.from(explicit.columns.ac));
  });

  it('sums energy (kWh) by month and year, leaving NaN periods out and counting them', () => {
    const dni = w.dni!.slice();
    dni[12] = Number.NaN; // a midday hour
    const r = simulatePv(system, { ...coreNames, dni });
    expect(r.columns.ac[12]).toBeNaN();
    expect(r.energy.missingPeriods).toBe(1);
    let sum = 0;
    for (const p of r.columns.ac) if (p === p) sum += p;
    expect(r.energy.total).toBeCloseTo(sum, 9); // hourly periods: kW x 1 h
    expect(r.energy.monthly[5]).toBeCloseTo(sum, 9); // all in June
    expect(r.energy.monthly.reduce((a, b) => a + b, 0)).toBeCloseTo(sum, 9);
    expect(r.energy.byYear[2024]).toBeCloseTo(sum, 9);
    expect(r.energy.specificYield).toBeCloseTo(sum / 100, 9);
    expect(r.periodSeconds).toBe(3600);
  });

  it("runs trackers and bifacial rows, and returns the tracker's columns", () => {
    const fixed = simulatePv({ latitude: LAT, longitude: LON, capacity: 100 }, coreNames);
    const tracked = simulatePv({ latitude: LAT, longitude: LON, capacity: 100, tracker: {} }, coreNames);
    const bifacial = simulatePv(
      { latitude: LAT, longitude: LON, capacity: 100, tracker: {}, bifaciality: 0.7 },
      coreNames,
    );
    expect(tracked.energy.total).toBeGreaterThan(fixed.energy.total * 1.1); // June at 44 N: trackers gain
    expect(bifacial.energy.total).toBeGreaterThan(tracked.energy.total);
    expect(tracked.columns.trackerTheta!.length).toBe(periodEnd.length);
    expect(fixed.columns.trackerTheta).toBeUndefined();
  });

  it('is deterministic: the same call gives the same bits', () => {
    const a = simulatePv(system, { source, periodEnd });
    const b = simulatePv(system, { source, periodEnd });
    expect(Array.from(a.columns.ac)).toEqual(Array.from(b.columns.ac));
  });

  it('throws an error naming the argument for each misuse', () => {
    const cases: [() => unknown, RegExp][] = [
      [
        () => simulatePv(system, { unixSeconds: periodEnd, ghi: w.ghi!, dhi: w.dhi! } as never),
        /simulatePv: weather.dni must be given: a Float64Array of W\/m2/,
      ],
      [
        () => simulatePv(system, { ...coreNames, unixSeconds: periodEnd.map((t) => t * 1000) }),
        /weather.unixSeconds must be Unix seconds .*milliseconds/,
      ],
      [
        () => simulatePv({ ...system, capacity: -5 }, coreNames),
        /system.capacity must be a finite number > 0 \(kW DC\) \(got -5\)/,
      ],
      [() => simulatePv({ ...system, latitude: 200 }, coreNames), /system.latitude must be a number from -90 to 90/],
      [
        () => simulatePv(system, { ...coreNames, temp_air: 20 } as never),
        /weather.temp_air is not a weather column name; give airTemp/,
      ],
      [
        () => simulatePv(system, { ...coreNames, wind_speed_10m: 2 } as never),
        /weather.wind_speed_10m is not a weather column name; give windSpeed/,
      ],
      [
        () => simulatePv(system, { ...coreNames, ghi: w.ghi!.subarray(1) }),
        /weather.ghi has length 239 but weather.unixSeconds has length 240/,
      ],
      [
        () => simulatePv({ ...system, tracker: {} }, coreNames),
        /system.tilt and system.azimuth for a fixed plane, or system.tracker/,
      ],
      [() => simulatePv({ ...system, losses: 14 }, coreNames), /system.losses must be a number from 0 to 1/],
      [() => simulatePv(system, { source, year: 2024.5 }), /weather.year must be a whole year/],
      [() => simulatePv(system, { source }), /needs weather.periodEnd \(Unix seconds\) or weather.year/],
      [
        () => simulatePv(system, { ...coreNames, unixSeconds: Array.from(periodEnd) as never }),
        /Float64Array of Unix seconds; use Float64Array.from/,
      ],
    ];
    for (const [call, message] of cases) expect(call).toThrow(message);
  });
});
