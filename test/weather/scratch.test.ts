import { describe, expect, it } from 'vitest';
import {
  ACTUAL_COLUMNS,
  FORECAST_COLUMNS,
  type WeatherColumns,
  createWeatherScratch,
  syntheticSource,
} from '../../src/weather/index.js';

/** Every column of a and b, value for value, as bits (NaN equal to NaN, 0 and -0 told apart). */
function sameBits(a: WeatherColumns, b: WeatherColumns): void {
  expect(Object.keys(a)).toEqual(Object.keys(b));
  for (const [name, col] of Object.entries(a)) {
    const other = (b as Record<string, ArrayLike<unknown>>)[name]!;
    expect(other.length, name).toBe((col as ArrayLike<unknown>).length);
    for (let i = 0; i < other.length; i++) {
      if (!Object.is((col as ArrayLike<unknown>)[i], other[i]))
        expect.fail(`${name}[${i}]: ${String((col as ArrayLike<unknown>)[i])} != ${String(other[i])}`);
    }
  }
}

const days = (start: number, count: number, step: number): Float64Array =>
  Float64Array.from({ length: (count * 86400) / step }, (_, i) => start + (i + 1) * step);

describe('createWeatherScratch', () => {
  // Places in turn through one scratch set (columns handed out again each time), against a
  // source without one: the same bits for every column, actuals and forecasts, hourly and 15 min.
  const places = [
    { latitude: 52.1, longitude: 5.1, elevation: 10 },
    { latitude: -33.9, longitude: 151.2 },
    { latitude: 64.8, longitude: -147.7, elevation: 140 },
    { latitude: 52.1, longitude: 5.1, elevation: 10 },
  ];
  const start = Date.UTC(2024, 2, 18) / 1000;

  it('gives the same bits as a source without it, place after place (actuals and forecasts)', () => {
    const plain = syntheticSource({ seed: 3 });
    const scratched = syntheticSource({ seed: 3, scratch: createWeatherScratch() });
    for (const [periodSeconds, count] of [
      [3600, 6],
      [900, 2],
    ] as const) {
      const periodEnd = days(start, count, periodSeconds);
      for (const p of places) {
        const q = { ...p, periodEnd, periodSeconds, parameters: [...ACTUAL_COLUMNS] };
        sameBits(scratched.actuals(q), plain.actuals(q));
        const f = { ...q, parameters: [...FORECAST_COLUMNS], issuedAt: start - 6 * 3600 };
        sameBits(scratched.forecast(f), plain.forecast(f));
        const few = { ...q, parameters: ['ghi', 'dni', 'dhi', 'airTemp', 'windSpeed'] as const };
        sameBits(
          scratched.actuals({ ...few, parameters: [...few.parameters] }),
          plain.actuals({ ...few, parameters: [...few.parameters] }),
        );
      }
    }
  });

  it('hands a column out again after reset, zeroed, and a new one for another length', () => {
    const scratch = createWeatherScratch();
    const a = scratch.take(8);
    a.fill(5);
    const b = scratch.take(8);
    expect(b).not.toBe(a);
    scratch.reset();
    const again = scratch.take(8);
    expect(again).toBe(a);
    expect([...again]).toEqual(new Array(8).fill(0));
    expect(scratch.take(3).length).toBe(3);
  });
});
