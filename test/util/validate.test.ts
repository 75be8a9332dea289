/**
 * Checked inputs at the public boundary (issue 13): each misuse the issue lists, and the kinds of
 * mistake the checks cover, throws a TypeError or RangeError whose message names the function,
 * the argument and the expected unit, instead of a silent wrong answer.
 */
import { describe, expect, it } from 'vitest';
import {
  defaultWeatherSource,
  erbs,
  fuentesCellTemperature,
  hsuRampUpMass,
  hsuSoiling,
  kimberSoiling,
  resampleColumn,
  selectTypicalYear,
  sunPosition,
  moduleTechnology,
  periodGrid,
  rooftopPvPower,
  sapmCellTemperature,
  simulatePv,
  sitePvPower,
  solarPositionFast,
  solarPositionSpa,
  sunTimes,
  totalIrradiance,
  windFarmPower,
} from '../../src/index.js';

const t = Float64Array.from({ length: 24 }, (_, i) => Date.UTC(2024, 5, 21, i + 1) / 1000);
const columns = {
  unixSeconds: t,
  ghi: new Float64Array(24),
  dni: new Float64Array(24),
  dhi: new Float64Array(24),
  airTemp: 20,
  windSpeed: 1,
};
const roof = { latitude: 52.37, longitude: 4.9, tilt: 30, azimuth: 180, capacity: 5 };

/** The error a call throws (the test fails when it throws none). */
function errorOf(call: () => unknown): Error {
  try {
    call();
  } catch (e) {
    return e as Error;
  }
  throw new Error('no error thrown');
}

describe('the misuses of issue 13 throw an error naming the argument', () => {
  it('solarPositionSpa given a Date: a TypeError (it returned an empty array)', () => {
    const e = errorOf(() =>
      solarPositionSpa({ unixSeconds: new Date('2024-06-21T12:00Z') as never, latitude: 52, longitude: 4.9 }),
    );
    expect(e).toBeInstanceOf(TypeError);
    expect(e.message).toMatch(
      /^solarPositionSpa: unixSeconds must be a Float64Array of Unix seconds; for one instant use Float64Array.of\(date.getTime\(\) \/ 1000\), or sunPosition/,
    );
  });

  it('times in milliseconds: a RangeError that says so (they gave plausible-looking nonsense)', () => {
    for (const f of [solarPositionSpa, solarPositionFast]) {
      const e = errorOf(() =>
        f({ unixSeconds: Float64Array.of(Date.UTC(2024, 5, 21, 12)), latitude: 52, longitude: 4.9 }),
      );
      expect(e).toBeInstanceOf(RangeError);
      expect(e.message).toBe(
        `${f.name}: unixSeconds must be Unix seconds (got 1.718971e+12, which looks like milliseconds: divide by 1000)`,
      );
    }
    expect(() => sunTimes({ dayUnixSeconds: Float64Array.of(Date.now()), latitude: 52, longitude: 4.9 })).toThrow(
      /sunTimes: dayUnixSeconds must be Unix seconds .*milliseconds/,
    );
    expect(() => rooftopPvPower({ ...columns, unixSeconds: t.map((x) => x * 1000) }, roof)).toThrow(
      /rooftopPvPower: weather.unixSeconds must be Unix seconds/,
    );
  });

  it('latitude 200: a RangeError (it computed)', () => {
    expect(errorOf(() => solarPositionSpa({ unixSeconds: t, latitude: 200, longitude: 4.9 })).message).toBe(
      'solarPositionSpa: latitude must be a number from -90 to 90 (degrees north) (got 200)',
    );
    expect(() => rooftopPvPower(columns, { ...roof, latitude: 200 })).toThrow(
      /rooftopPvPower: options.latitude must be a number from -90 to 90/,
    );
    expect(() => solarPositionSpa({ unixSeconds: t, latitude: 52, longitude: 400 })).toThrow(
      /longitude must be a number from -180 to 180 \(degrees east\)/,
    );
  });

  it('capacity -5: a RangeError in kW (it gave 0)', () => {
    expect(errorOf(() => rooftopPvPower(columns, { ...roof, capacity: -5 })).message).toBe(
      'rooftopPvPower: options.capacity must be a finite number > 0 (kW) (got -5)',
    );
    expect(() => sitePvPower(columns, { latitude: 40, longitude: -105, capacity: -5, capacityDc: 1 })).toThrow(
      /sitePvPower: site.capacity must be a finite number > 0 \(MW\)/,
    );
    expect(() => simulatePv({ latitude: 40, longitude: -105, capacity: -5 }, columns)).toThrow(
      /simulatePv: system.capacity must be a finite number > 0 \(kW DC\)/,
    );
  });

  it('an unknown weather parameter name: a RangeError naming it (it returned {})', () => {
    const e = errorOf(() =>
      defaultWeatherSource().actuals({
        latitude: 52,
        longitude: 4.9,
        periodEnd: t,
        periodSeconds: 3600,
        parameters: ['ghi', 'temperature' as never],
      }),
    );
    expect(e).toBeInstanceOf(RangeError);
    expect(e.message).toMatch(
      /^syntheticSource\(\)\.actuals: query.parameters must be names of actual weather columns \(airTemp, .*\) \(got "temperature"\)$/,
    );
  });

  it('periodGrid given milliseconds: a RangeError (it made 8.8 million rows)', () => {
    const e = errorOf(() =>
      periodGrid({ start: Date.UTC(2024, 0, 1), end: Date.UTC(2025, 0, 1), periodSeconds: 3600 }),
    );
    expect(e).toBeInstanceOf(RangeError);
    expect(e.message).toBe(
      'periodGrid: start must be Unix seconds (got 1.704067e+12, which looks like milliseconds: divide by 1000)',
    );
    expect(() => periodGrid({ start: 0, end: 86400 * 365 * 40, periodSeconds: 60 })).toThrow(
      /periodGrid: the grid would have 21024000 rows/,
    );
  });

  it('a missing dni column: a TypeError naming it (it was a TypeError deep inside)', () => {
    const { dni: _dni, ...noDni } = columns;
    void _dni;
    for (const [name, call] of [
      ['rooftopPvPower', () => rooftopPvPower(noDni as never, roof)],
      ['sitePvPower', () => sitePvPower(noDni as never, { latitude: 40, longitude: -105, capacity: 1, capacityDc: 1 })],
    ] as const) {
      const e = errorOf(call);
      expect(e).toBeInstanceOf(TypeError);
      expect(e.message).toBe(`${name}: weather.dni must be given: a Float64Array or a number (W/m2) (got undefined)`);
    }
  });
});

describe('the kinds of mistake the checks cover', () => {
  it('columns of different lengths name both columns', () => {
    expect(() => rooftopPvPower({ ...columns, ghi: new Float64Array(23) }, roof)).toThrow(
      'rooftopPvPower: weather.ghi has length 23 but weather.unixSeconds has length 24 (columns of one call have one length)',
    );
    expect(() => erbs({ ghi: new Float64Array(3), zenith: new Float64Array(2), dniExtra: 1361 })).toThrow(
      /erbs: zenith has length 2 but ghi has length 3/,
    );
  });

  it('a non-finite scalar is an error (a NaN in a column is missing data instead)', () => {
    expect(() => rooftopPvPower({ ...columns, airTemp: Number.NaN }, roof)).toThrow(
      /weather.airTemp must be a Float64Array or a finite number \(degrees C\) \(got NaN\)/,
    );
    expect(() => rooftopPvPower(columns, { ...roof, tilt: Number.POSITIVE_INFINITY })).toThrow(
      /options.tilt must be a number from 0 to 180/,
    );
    const withNaN = { ...columns, airTemp: new Float64Array(24).fill(Number.NaN) };
    expect(Array.from(rooftopPvPower(withNaN, roof).power).every(Number.isNaN)).toBe(true);
  });

  it('an unknown name of a model, a mounting or a module type lists the known ones', () => {
    expect(() =>
      totalIrradiance(
        { surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: 30, solarAzimuth: 180, dni: 1, ghi: 1, dhi: 1 },
        { model: 'hay' as never },
      ),
    ).toThrow(
      "totalIrradiance: model must be one of 'isotropic', 'klucher', 'haydavies', 'reindl', 'king', 'perez', 'perez-driesse' (got \"hay\")",
    );
    expect(() =>
      sapmCellTemperature({ poaGlobal: 800, airTemp: 20, windSpeed: 1 }, { mounting: 'roof' as never }),
    ).toThrow(/sapmCellTemperature: options.mounting must be one of 'open_rack_glass_glass'/);
    expect(() => moduleTechnology('monosi')).toThrow(
      /moduleTechnology: moduleType must be one of 'mono-si', 'poly-si'/,
    );
  });

  it('a pressure in hPa is refused where Pa is expected', () => {
    expect(() => solarPositionSpa({ unixSeconds: t, latitude: 52, longitude: 4.9, pressure: 1013 })).toThrow(
      /solarPositionSpa: pressure must be a pressure in Pa .* \(got 1013, which looks like hPa or kPa\)/,
    );
    expect(() =>
      windFarmPower({ windSpeed: 5, windSpeed100m: 7, airTemp: 10, pressure: 1013 }, { ratedPower: 3 }),
    ).toThrow(/windFarmPower: pressure must be a pressure in Pa/);
  });
});

/** A clear June day at Amsterdam, hourly, in W/m2 and degrees C (rough but plausible values). */
function juneDay() {
  const unixSeconds = Float64Array.from({ length: 24 }, (_, i) => Date.UTC(2024, 5, 21, i + 1) / 1000);
  const sun = solarPositionSpa({ unixSeconds, latitude: 52.37, longitude: 4.9 });
  const ghi = sun.zenith.map((z) => Math.max(0, 900 * Math.cos((z * Math.PI) / 180)));
  const dhi = ghi.map((g) => 0.2 * g);
  const dni = sun.zenith.map((z, i) => (z < 90 ? (ghi[i]! - dhi[i]!) / Math.cos((z * Math.PI) / 180) : 0));
  return { unixSeconds, ghi, dni, dhi, airTemp: new Float64Array(24).fill(18), windSpeed: 2 };
}
const reversed = (x: Float64Array) => x.slice().reverse();
const amsterdam = { latitude: 52.37, longitude: 4.9, capacity: 5, tilt: 35, azimuth: 180 };

describe('the silent wrong numbers of issue 34 throw an error naming the argument', () => {
  it('times in reverse order: simulatePv refused them naming the index (it gave -24.9 kWh)', () => {
    const day = juneDay();
    const back = { ...day, unixSeconds: reversed(day.unixSeconds), ghi: reversed(day.ghi), dni: reversed(day.dni) };
    const e = errorOf(() => simulatePv(amsterdam, { ...back, dhi: reversed(day.dhi) }));
    expect(e).toBeInstanceOf(RangeError);
    expect(e.message).toBe(
      `simulatePv: weather.unixSeconds must increase strictly; index 1 (${back.unixSeconds[1]}) is before index 0 (${back.unixSeconds[0]}) (sort the rows and drop repeated times first, for example with sortByTime)`,
    );
    expect(simulatePv(amsterdam, day).energy.total).toBeGreaterThan(0);
  });

  it('a repeated or unsorted period end: refused by the chains, the soiling models, Fuentes, the TMY and resampling', () => {
    const day = juneDay();
    const t = day.unixSeconds.slice();
    t[5] = t[4]!; // a repeated period end
    expect(() => simulatePv(amsterdam, { ...day, unixSeconds: t })).toThrow(
      /simulatePv: weather.unixSeconds must increase strictly; index 5 \(\d+\) repeats index 4/,
    );
    // Without a period length the chains take it from the first step, so the order matters.
    expect(() => rooftopPvPower({ ...day, unixSeconds: t }, roof)).toThrow(/rooftopPvPower: .*index 5/);
    expect(() =>
      sitePvPower(
        { ...day, unixSeconds: reversed(day.unixSeconds) },
        { latitude: 52, longitude: 5, capacity: 1, capacityDc: 1.2 },
      ),
    ).toThrow(/sitePvPower: weather.unixSeconds must increase strictly; index 1/);
    // With one, each row stands alone: any order gives the same power per row (live grids are newest first).
    const forward = rooftopPvPower(day, { ...roof, periodSeconds: 3600 }).power;
    const back = rooftopPvPower(
      {
        ...day,
        unixSeconds: reversed(day.unixSeconds),
        ghi: reversed(day.ghi),
        dni: reversed(day.dni),
        dhi: reversed(day.dhi),
        airTemp: reversed(day.airTemp),
      },
      { ...roof, periodSeconds: 3600 },
    ).power;
    expect(Array.from(back).reverse()).toEqual(Array.from(forward));

    const rain = new Float64Array(24);
    const pm = 30e-6;
    expect(() =>
      hsuSoiling({ unixSeconds: t, rainfall: rain, pm2_5: pm, pm10: pm }, { cleaningThreshold: 1, surfaceTilt: 20 }),
    ).toThrow(/hsuSoiling: unixSeconds must increase strictly; index 5/);
    expect(() =>
      hsuRampUpMass(
        { unixSeconds: reversed(day.unixSeconds), rainfall: rain, pm2_5: pm, pm10: pm },
        { cleaningThreshold: 1, surfaceTilt: 20 },
      ),
    ).toThrow(/hsuRampUpMass: unixSeconds must increase strictly; index 1/);
    expect(() => kimberSoiling({ unixSeconds: t, rainfall: rain })).toThrow(
      /kimberSoiling: unixSeconds must increase strictly; index 5/,
    );
    expect(() =>
      fuentesCellTemperature({ unixSeconds: t, poaGlobal: 500, airTemp: 20, windSpeed: 1 }, { noctInstalled: 45 }),
    ).toThrow(/fuentesCellTemperature: unixSeconds must increase strictly; index 5/);
    const from = { periodEnd: reversed(day.unixSeconds), periodSeconds: 3600 };
    expect(() =>
      resampleColumn({ values: day.ghi, from, to: { periodEnd: day.unixSeconds, periodSeconds: 3600 } }),
    ).toThrow(/resampleColumn: from.periodEnd must increase strictly; index 1/);
    const columns = { ghi: day.ghi, dni: day.dni, airTemp: day.airTemp, dewPoint: day.airTemp, windSpeed: day.airTemp };
    expect(() => selectTypicalYear({ periodEnd: t, periodSeconds: 3600, columns })).toThrow(
      /selectTypicalYear: input.periodEnd must increase strictly; index 5/,
    );
  });

  it('air temperature in kelvin: refused by the chains and Fuentes (it gave 0 kWh)', () => {
    const day = juneDay();
    const kelvin = day.airTemp.map((x) => x + 273.15);
    const e = errorOf(() => simulatePv(amsterdam, { ...day, airTemp: kelvin }));
    expect(e).toBeInstanceOf(RangeError);
    expect(e.message).toBe(
      'simulatePv: weather.airTemp looks like kelvin (values 291.15..291.15); degrees C expected (subtract 273.15)',
    );
    expect(() => rooftopPvPower({ ...day, airTemp: 290 }, roof)).toThrow(
      /rooftopPvPower: weather.airTemp looks like kelvin/,
    );
    expect(() =>
      fuentesCellTemperature(
        { unixSeconds: day.unixSeconds, poaGlobal: 500, airTemp: 300, windSpeed: 1 },
        { noctInstalled: 45 },
      ),
    ).toThrow(/fuentesCellTemperature: airTemp looks like kelvin/);
    // A hot day in degrees C is not kelvin; neither is a column with one value below 150.
    expect(simulatePv(amsterdam, { ...day, airTemp: 45 }).energy.total).toBeGreaterThan(0);
  });

  it('irradiance in kW/m2 with the sun up: refused naming W/m2 (it gave 0 kWh)', () => {
    const day = juneDay();
    const kw = (x: Float64Array) => x.map((v) => v / 1000);
    const e = errorOf(() => simulatePv(amsterdam, { ...day, ghi: kw(day.ghi), dni: kw(day.dni), dhi: kw(day.dhi) }));
    expect(e).toBeInstanceOf(RangeError);
    expect(e.message).toMatch(
      /^simulatePv: weather.ghi looks like kW\/m2 \(largest value 0\.\d+ with the sun up\); W\/m2 expected \(multiply by 1000\)$/,
    );
    expect(() =>
      sitePvPower({ ...day, ghi: kw(day.ghi) }, { latitude: 52.37, longitude: 4.9, capacity: 1, capacityDc: 1.2 }),
    ).toThrow(/sitePvPower: weather.ghi looks like kW\/m2/);
    // A night of small values (or of zeros) is not kW/m2: the sun is down.
    const night = Float64Array.from({ length: 6 }, (_, i) => Date.UTC(2024, 11, 21, i + 1) / 1000);
    const dark = {
      unixSeconds: night,
      ghi: new Float64Array(6).fill(0.5),
      dni: new Float64Array(6),
      dhi: new Float64Array(6).fill(0.5),
      airTemp: 2,
      windSpeed: 1,
    };
    expect(simulatePv(amsterdam, dark).energy.total).toBeGreaterThanOrEqual(0);
  });

  it('hsuSoiling with PM in ug/m3: refused saying g/m3 (it saturated at 0.3437 from the first row)', () => {
    const t = Float64Array.from({ length: 48 }, (_, i) => 1_700_000_000 + 3600 * (i + 1));
    const rain = new Float64Array(48);
    const e = errorOf(() =>
      hsuSoiling(
        { unixSeconds: t, rainfall: rain, pm2_5: 12, pm10: Float64Array.from(t, () => 25) },
        { cleaningThreshold: 1, surfaceTilt: 20 },
      ),
    );
    expect(e).toBeInstanceOf(RangeError);
    expect(e.message).toBe(
      "hsuSoiling: pm2_5 looks like ug/m3 (largest value 12); g/m3 expected, as pvlib's hsu (divide by 1e6)",
    );
    const ok = hsuSoiling(
      { unixSeconds: t, rainfall: rain, pm2_5: 12e-6, pm10: 25e-6 },
      { cleaningThreshold: 1, surfaceTilt: 20 },
    );
    expect(ok.lossFraction[47]).toBeLessThan(0.01);
  });

  it('kimberSoiling: negative rain and an irregular step are refused naming the index', () => {
    const t = Float64Array.from({ length: 48 }, (_, i) => 1_700_000_000 + 3600 * (i + 1));
    const rain = new Float64Array(48);
    rain[7] = -2;
    expect(() => kimberSoiling({ unixSeconds: t, rainfall: rain })).toThrow(
      'kimberSoiling: rainfall[7] must be >= 0 (mm per period) (got -2)',
    );
    const gap = t.slice();
    for (let i = 30; i < 48; i++) gap[i]! += 1800;
    expect(() => kimberSoiling({ unixSeconds: gap, rainfall: new Float64Array(48) })).toThrow(
      `kimberSoiling: unixSeconds must have a constant step (that of the first two times, 3600 s); index 30 (${gap[30]}) is 5400 s after index 29`,
    );
  });

  it('longitude 200: refused wherever latitude is checked (it was accepted)', () => {
    const date = new Date('2024-06-21T12:00:00Z');
    expect(() => sunPosition(date, 52, 200)).toThrow(
      /sunPosition.*longitude must be a number from -180 to 180 \(degrees east\) \(got 200\)/,
    );
    expect(() => sunPosition(date, { latitude: 52, longitude: -181 })).toThrow(
      /longitude must be a number from -180 to 180/,
    );
    expect(() => solarPositionSpa({ unixSeconds: t, latitude: 52, longitude: 200 })).toThrow(
      'solarPositionSpa: longitude must be a number from -180 to 180 (degrees east) (got 200)',
    );
    expect(() => solarPositionFast({ unixSeconds: t, latitude: 52, longitude: 200 })).toThrow(
      /solarPositionFast: longitude/,
    );
    expect(() => simulatePv({ ...amsterdam, longitude: 200 }, juneDay())).toThrow(
      'simulatePv: system.longitude must be a number from -180 to 180 (degrees east) (got 200)',
    );
    expect(() => rooftopPvPower(columns, { ...roof, longitude: 200 })).toThrow(/rooftopPvPower: options.longitude/);
    expect(() => sitePvPower(columns, { latitude: 40, longitude: 200, capacity: 1, capacityDc: 1 })).toThrow(
      /sitePvPower: site.longitude/,
    );
    expect(() => sunTimes({ dayUnixSeconds: t, latitude: 52, longitude: 200 })).toThrow(/sunTimes: longitude/);
    expect(() =>
      defaultWeatherSource().actuals({
        latitude: 52,
        longitude: 200,
        periodEnd: t,
        periodSeconds: 3600,
        parameters: ['ghi'],
      }),
    ).toThrow(/query.longitude must be a number from -180 to 180/);
    // The ends of the range are places.
    expect(solarPositionSpa({ unixSeconds: t, latitude: 52, longitude: 180 }).zenith.length).toBe(24);
    expect(solarPositionSpa({ unixSeconds: t, latitude: 52, longitude: -180 }).zenith.length).toBe(24);
  });
});
