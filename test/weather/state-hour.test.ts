import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hourOfDay } from '../../src/weather/state.js';
import { runs } from '../support/properties.js';

/** The definition hourOfDay replaces in the state's loop: the remainder, plus 24 when negative. */
function remainderHour(x: number): number {
  const hour = x % 24;
  return hour < 0 ? hour + 24 : hour;
}

describe('hourOfDay', () => {
  it('is x % 24 (plus 24 when negative) to the last bit, also next to every multiple of 24', () => {
    // Local hours of the served range (1970-2100 and longitude offsets), and the doubles just
    // below and above multiples of 24, where x / 24 rounds up to the next integer.
    const hours = fc.double({ min: -20, max: 1.2e6, noNaN: true });
    const nearMultiple = fc
      .tuple(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: -4, max: 4 }))
      .map(([k, steps]) => {
        let x = 24 * k;
        for (let s = 0; s < Math.abs(steps); s++)
          x = steps < 0 ? x - Math.max(Number.MIN_VALUE, x * 2 ** -52) : x + Math.max(Number.MIN_VALUE, x * 2 ** -52);
        return x;
      });
    fc.assert(
      fc.property(fc.oneof(hours, nearMultiple), (x) => {
        expect(Object.is(hourOfDay(x), remainderHour(x))).toBe(true);
      }),
      { numRuns: runs(20_000) },
    );
    // The instants of a 19-year hourly history at the state's 7.5-minute sample and at 5-minute
    // steps, at longitudes -180..180 in steps of 7.5 degrees.
    const start = Date.UTC(2007, 0, 1) / 1000;
    for (let lon = -180; lon <= 180; lon += 7.5) {
      for (let i = 0; i < 19 * 8766; i += 7) {
        for (const t of [start + i * 3600 + 450, start + i * 300 + 150]) {
          const x = t / 3600 + lon / 15;
          if (!Object.is(hourOfDay(x), remainderHour(x)))
            expect({ t, lon, hour: hourOfDay(x) }).toEqual({ t, lon, hour: remainderHour(x) });
        }
      }
    }
  });
});
