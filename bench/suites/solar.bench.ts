import { solarPositionFast, solarPositionSpa, type SolarPosition } from '../../src/solar/index.js';
import type { BenchSuite } from '../harness.js';

/** One million times spread evenly over 2024 (a step of 31.6 s) at one place (Golden, Colorado). */
const N = 1_000_000;
const LATITUDE = 39.742476;
const LONGITUDE = -105.1786;
const OPTIONS = { elevation: 1830.14, pressure: 82000, temperature: 11 };

let times = new Float64Array(0);
const out: SolarPosition = {
  zenith: new Float64Array(N),
  apparentZenith: new Float64Array(N),
  azimuth: new Float64Array(N),
  elevation: new Float64Array(N),
  apparentElevation: new Float64Array(N),
  equationOfTime: new Float64Array(N),
};

function yearOfTimes(): void {
  const start = Date.UTC(2024, 0, 1) / 1000;
  const step = (366 * 86400) / N;
  times = new Float64Array(N);
  for (let i = 0; i < N; i++) times[i] = start + i * step;
}

export const suite: BenchSuite = {
  name: 'solar',
  kernels: [
    {
      name: 'solar position SPA (1e6 points)',
      points: N,
      setup: yearOfTimes,
      run: () =>
        solarPositionSpa({ unixSeconds: times, latitude: LATITUDE, longitude: LONGITUDE, ...OPTIONS }, {}, out),
      // pvlib.solarposition.spa_python(how='numpy') with delta T estimated from the times (delta_t=None), as ours.
      peer: {
        fn: 'spa_python',
        columns: () => ({ unixSeconds: times }),
        params: { latitude: LATITUDE, longitude: LONGITUDE, ...OPTIONS },
      },
    },
    {
      name: 'solar position fast (1e6 points)',
      points: N,
      setup: yearOfTimes,
      run: () =>
        solarPositionFast({ unixSeconds: times, latitude: LATITUDE, longitude: LONGITUDE, ...OPTIONS }, {}, out),
    },
  ],
};
