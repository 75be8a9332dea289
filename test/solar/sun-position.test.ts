import * as SunCalc from 'suncalc';
import { describe, expect, it } from 'vitest';
import { solarPositionSpa, sunPosition } from '../../src/solar/index.js';

describe('sunPosition', () => {
  it('is solarPositionSpa at one instant, for a Date or Unix seconds', () => {
    const date = new Date('2023-03-20T08:15:00Z');
    const series = solarPositionSpa({
      unixSeconds: Float64Array.of(date.getTime() / 1000),
      latitude: -33.86,
      longitude: 151.21,
      elevation: 40,
    });
    const place = { latitude: -33.86, longitude: 151.21, elevation: 40 };
    for (const p of [sunPosition(date, place), sunPosition(date.getTime() / 1000, place)]) {
      expect(p.zenith).toBe(series.zenith[0]);
      expect(p.apparentZenith).toBe(series.apparentZenith[0]);
      expect(p.azimuth).toBe(series.azimuth[0]);
      expect(p.elevation).toBe(series.elevation[0]);
      expect(p.apparentElevation).toBe(series.apparentElevation[0]);
      expect(p.equationOfTime).toBe(series.equationOfTime[0]);
    }
  });

  it("agrees with suncalc's getPosition, its one-instant counterpart (2.x: apparent altitude and azimuth from north, degrees)", () => {
    const date = new Date('2024-06-21T06:00:00Z');
    const ours = sunPosition(date, 48.85, 2.35);
    const theirs = SunCalc.getPosition(date, 48.85, 2.35);
    // suncalc's low-precision formula is good to about 0.1 degree (see crosscheck.test.ts).
    expect(Math.abs(ours.apparentElevation - theirs.altitude)).toBeLessThan(0.2);
    expect(Math.abs(ours.azimuth - theirs.azimuth)).toBeLessThan(0.2);
  });

  it('refuses milliseconds, an invalid Date and a latitude out of range, naming the argument', () => {
    expect(() => sunPosition(Date.now(), 0, 0)).toThrow(/sunPosition: date must be Unix seconds .*milliseconds/);
    expect(() => sunPosition(new Date('not a date'), 0, 0)).toThrow(/sunPosition: date must be a valid Date/);
    expect(() => sunPosition(new Date(), 200, 0)).toThrow(/latitude must be a number from -90 to 90/);
    expect(() => sunPosition('2024-06-21' as never, 0, 0)).toThrow(TypeError);
  });

  it('takes the place by name in its second form: the same sun as the positional form', () => {
    const date = new Date('2024-06-21T12:00:00Z');
    expect(sunPosition(date, { latitude: 52.37, longitude: 4.9 })).toEqual(sunPosition(date, 52.37, 4.9));
    const high = sunPosition(date, { latitude: 52.37, longitude: 4.9, pressure: 60000, temperature: -10, deltaT: 69 });
    expect(high.zenith).toBeCloseTo(sunPosition(date, 52.37, 4.9).zenith, 3);
    expect(() => sunPosition(date, null as never)).toThrow(/sunPosition: input must be an object/);
  });
});
