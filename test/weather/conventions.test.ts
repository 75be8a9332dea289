/**
 * One azimuth convention in the core: the weather source takes and gives azimuths in degrees east
 * of north (pvlib's), and the reader of the API's own CSV converts the file's (east negative).
 */
import { describe, expect, it } from 'vitest';
import { defaultWeatherSource, readApiCsv } from '../../src/weather/index.js';

describe('azimuths of the weather source are east of north', () => {
  const latitude = 52.37;
  const longitude = 4.9;
  // Period ends of 21 June 2024, hourly, UTC (local noon near 11:40 UTC).
  const periodEnd = Float64Array.from({ length: 24 }, (_, i) => Date.UTC(2024, 5, 21, i + 1) / 1000);
  const base = { latitude, longitude, periodEnd, periodSeconds: 3600 };

  it('gives the solar azimuth east of north: about 90 (east) in the morning, 270 (west) in the evening', () => {
    const az = defaultWeatherSource().actuals({ ...base, parameters: ['solarAzimuth'] }).solarAzimuth!;
    expect(az[5]).toBeGreaterThan(60); // 04:30 UTC: north-east
    expect(az[5]).toBeLessThan(90);
    expect(az[11]).toBeGreaterThan(160); // 10:30-11:30 UTC: near south
    expect(az[11]).toBeLessThan(200);
    expect(az[17]).toBeGreaterThan(260); // 16:30 UTC: west
  });

  it('takes a plane azimuth east of north: a plane at 90 faces east (gti high in the morning), 270 west', () => {
    const gti = (azimuth: number) =>
      defaultWeatherSource().actuals({ ...base, parameters: ['gti'], tilt: 60, azimuth }).gti as Float64Array;
    const east = gti(90);
    const west = gti(270);
    const morning = (a: Float64Array) => a[5]! + a[6]! + a[7]!;
    const evening = (a: Float64Array) => a[15]! + a[16]! + a[17]!;
    expect(morning(east)).toBeGreaterThan(morning(west));
    expect(evening(west)).toBeGreaterThan(evening(east));
  });
});

describe('readApiCsv', () => {
  it("turns the file's azimuth (API: east -90, west 90) into the core's solarAzimuth (east of north)", () => {
    const csv =
      'azimuth,ghi,period_end,period\n-90,100,2024-06-21T06:00:00Z,PT60M\n90,100,2024-06-21T18:00:00Z,PT60M\n-180,0,2024-06-21T23:00:00Z,PT60M\n0,0,2024-06-22T00:00:00Z,PT60M\n';
    const s = readApiCsv(csv, { latitude: 1, longitude: 2 });
    expect(Array.from(s.columns.solarAzimuth!)).toEqual([90, 270, 180, 0]);
  });
});
