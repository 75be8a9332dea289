/**
 * Checked inputs at the public boundary (issue 13): each misuse the issue lists, and the kinds of
 * mistake the checks cover, throws a TypeError or RangeError whose message names the function,
 * the argument and the expected unit, instead of a silent wrong answer.
 */
import { describe, expect, it } from 'vitest';
import {
  defaultWeatherSource,
  erbs,
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
      /longitude must be a number from -360 to 360 \(degrees east\)/,
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
        { model: 'klucher' as never },
      ),
    ).toThrow("totalIrradiance: model must be one of 'isotropic', 'haydavies', 'perez' (got \"klucher\")");
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
