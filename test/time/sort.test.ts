/**
 * sortByTime (issue 34): the helper that puts rows newest first, shuffled or repeated into the
 * strictly increasing order the time-ordered functions require.
 */
import { describe, expect, it } from 'vitest';
import { simulatePv, sortByTime } from '../../src/index.js';

describe('sortByTime', () => {
  it('sorts every column by the time column and keeps each row together', () => {
    const columns = {
      unixSeconds: Float64Array.of(30, 10, 20),
      ghi: Float64Array.of(3, 1, 2),
      dni: Float64Array.of(-3, -1, -2),
      airTemp: 12,
    };
    const sorted = sortByTime(columns);
    expect(Array.from(sorted.unixSeconds)).toEqual([10, 20, 30]);
    expect(Array.from(sorted.ghi)).toEqual([1, 2, 3]);
    expect(Array.from(sorted.dni)).toEqual([-1, -2, -3]);
    expect(sorted.airTemp).toBe(12);
    // The input is left as it was.
    expect(Array.from(columns.unixSeconds)).toEqual([30, 10, 20]);
  });

  it('refuses repeated times by default, naming both rows; keeps the first on request', () => {
    const columns = { periodEnd: Float64Array.of(10, 20, 10), v: Float64Array.of(1, 2, 3) };
    expect(() => sortByTime(columns)).toThrow(
      "sortByTime: columns.periodEnd repeats 10 at index 2 (also index 0); drop one of the rows, or pass { duplicates: 'first' } to keep the first",
    );
    const kept = sortByTime(columns, { duplicates: 'first' });
    expect(Array.from(kept.periodEnd)).toEqual([10, 20]);
    expect(Array.from(kept.v)).toEqual([1, 2]);
  });

  it('names the time column with options.time, and refuses NaN times, other lengths and unknown options', () => {
    expect(Array.from(sortByTime({ t: Float64Array.of(2, 1), x: Float64Array.of(5, 6) }, { time: 't' }).x)).toEqual([
      6, 5,
    ]);
    expect(() => sortByTime({ x: Float64Array.of(1) })).toThrow(TypeError);
    expect(() => sortByTime({ unixSeconds: Float64Array.of(1, Number.NaN) })).toThrow(
      'sortByTime: columns.unixSeconds[1] is NaN; a row without a time cannot be placed',
    );
    expect(() => sortByTime({ unixSeconds: Float64Array.of(1, 2), x: Float64Array.of(1) })).toThrow(RangeError);
    expect(() => sortByTime({ unixSeconds: Float64Array.of(1) }, { duplicates: 'last' as 'first' })).toThrow(
      /options.duplicates must be one of 'refuse', 'first'/,
    );
  });

  it('gives simulatePv the same energy for a day given newest first as for the day in order', () => {
    const t = Float64Array.from({ length: 24 }, (_, i) => Date.UTC(2024, 5, 21, i + 1) / 1000);
    const ghi = Float64Array.from(t, (_, i) => Math.max(0, 700 * Math.sin(((i - 3) * Math.PI) / 17)));
    const day = { unixSeconds: t, ghi, dni: ghi.map((g) => g * 0.8), dhi: ghi.map((g) => g * 0.3), airTemp: 18 };
    const rev = (x: Float64Array) => x.slice().reverse();
    const live = { unixSeconds: rev(t), ghi: rev(day.ghi), dni: rev(day.dni), dhi: rev(day.dhi), airTemp: 18 };
    const system = { latitude: 52.37, longitude: 4.9, capacity: 5 };
    expect(() => simulatePv(system, live)).toThrow(RangeError);
    expect(simulatePv(system, sortByTime(live)).energy.total).toBe(simulatePv(system, day).energy.total);
  });
});
