import { describe, expect, it } from 'vitest';
import { snowLossTownsend } from '../../src/snow/index.js';
import { syntheticSource } from '../../src/weather/index.js';

// pvlib's values are reference cases (fixtures/reference/snow.json); this file checks the model's
// structure, the monthly inputs made from a weather source's columns, and the errors.

const f64 = (...v: number[]) => Float64Array.from(v);
const array = { surfaceTilt: 30, slantHeight: 2, lowerEdgeHeight: 0.5 };
const month = { relativeHumidity: 80, airTemp: -5, poaGlobal: 60000 };

describe('snowLossTownsend', () => {
  it('weights the effective snowfall S (1 + 1/N) / 2 two thirds this month, one third the month before', () => {
    // Two like months give the loss of that month alone (it is its own month before).
    const a = snowLossTownsend({ snowTotal: f64(30, 20), snowEvents: f64(4, 2), ...month }, array);
    const b = snowLossTownsend({ snowTotal: f64(30, 30), snowEvents: f64(4, 4), ...month }, array);
    const c = snowLossTownsend({ snowTotal: 30, snowEvents: 4, ...month }, array);
    // 30 cm in 4 events is 18.75 cm effective, 20 cm in 2 is 15 cm: a month after the smaller one
    // loses less than after its like, more than the smaller one alone.
    expect(b[0]).toBeCloseTo(c[0]!, 15);
    expect(a[0]).toBeLessThan(b[0]!);
    expect(a[0]).toBeGreaterThan(snowLossTownsend({ snowTotal: 20, snowEvents: 2, ...month }, array)[0]!);
  });

  it('has no effective snowfall in a month without events (a NaN count too), and scales by the string and front factors', () => {
    const none = snowLossTownsend({ snowTotal: f64(30, 30), snowEvents: f64(0, Number.NaN), ...month }, array);
    expect(Array.from(none)).toEqual([0, 0]);
    const one = snowLossTownsend({ snowTotal: 30, snowEvents: 4, ...month }, array)[0]!;
    expect(one).toBeGreaterThan(0);
    expect(
      snowLossTownsend({ snowTotal: 30, snowEvents: 4, ...month }, { ...array, stringFactor: 0.75 })[0],
    ).toBeCloseTo(one * 0.75, 15);
    expect(
      snowLossTownsend({ snowTotal: 30, snowEvents: 4, ...month }, { ...array, frontSideFraction: 0.9 })[0],
    ).toBeCloseTo(one * 0.9, 15);
    // Less loss on a steeper array, and at most 1.
    expect(snowLossTownsend({ snowTotal: 30, snowEvents: 4, ...month }, { ...array, surfaceTilt: 60 })[0]).toBeLessThan(
      one,
    );
    expect(snowLossTownsend({ snowTotal: 500, snowEvents: 1, ...month, poaGlobal: 1000 }, array)[0]).toBe(1);
  });

  it("takes monthly sums of a weather source's columns (snowfallRate, gti, airTemp, relativeHumidity)", () => {
    // A year of daily periods near Anchorage from the synthetic weather: each month's snowfall
    // (cm), its events (days with more than 1 inch), its insolation on a 35-degree plane (Wh/m2)
    // and its mean air temperature and humidity.
    const days = 365;
    const periodEnd = Float64Array.from({ length: days }, (_, i) => Date.UTC(2023, 0, 1) / 1000 + 86400 * (i + 1));
    const w = syntheticSource().actuals({
      latitude: 61.2,
      longitude: -149.9,
      periodEnd,
      periodSeconds: 86400,
      parameters: ['snowfallRate', 'gti', 'airTemp', 'relativeHumidity'],
      tilt: 35,
      azimuth: 180,
    });
    const snowTotal = new Float64Array(12);
    const snowEvents = new Float64Array(12);
    const poaGlobal = new Float64Array(12);
    const airTemp = new Float64Array(12);
    const relativeHumidity = new Float64Array(12);
    const count = new Float64Array(12);
    for (let i = 0; i < days; i++) {
      const m = new Date((periodEnd[i]! - 1) * 1000).getUTCMonth();
      const snowCm = w.snowfallRate![i]! * 24;
      snowTotal[m]! += snowCm;
      if (snowCm > 2.54) snowEvents[m]! += 1;
      poaGlobal[m]! += w.gti![i]! * 24;
      airTemp[m]! += w.airTemp![i]!;
      relativeHumidity[m]! += w.relativeHumidity![i]!;
      count[m]! += 1;
    }
    for (let m = 0; m < 12; m++) {
      airTemp[m]! /= count[m]!;
      relativeHumidity[m]! /= count[m]!;
    }
    const loss = snowLossTownsend({ snowTotal, snowEvents, relativeHumidity, airTemp, poaGlobal }, array);
    for (let m = 0; m < 12; m++) {
      expect(loss[m]).toBeGreaterThanOrEqual(0);
      expect(loss[m]).toBeLessThanOrEqual(1);
      // No loss where neither the month nor the one before had a snowfall event.
      if (snowEvents[m] === 0 && snowEvents[(m + 11) % 12] === 0) expect(loss[m]).toBe(0);
    }
    expect(snowEvents[0]).toBeGreaterThan(0);
    expect(loss[0]).toBeGreaterThan(0);
    expect(loss[6]).toBe(0); // July
  });

  it('names the function, the argument and the unit', () => {
    const input = { snowTotal: 30, snowEvents: 4, ...month };
    expect(() => snowLossTownsend(input, { ...array, slantHeight: -1 })).toThrow(
      /snowLossTownsend: options.slantHeight must be a finite number >= 0 \(m\)/,
    );
    expect(() => snowLossTownsend(input, { surfaceTilt: 30, slantHeight: 2 } as never)).toThrow(
      /options.lowerEdgeHeight/,
    );
    expect(() =>
      snowLossTownsend({ ...input, snowTotal: new Float64Array(12), snowEvents: new Float64Array(11) }, array),
    ).toThrow(/snowEvents has length 11 but snowTotal has length 12/);
  });
});
