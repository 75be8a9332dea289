import { hsuSoiling, kimberSoiling } from '../../src/soiling/index.js';
import { type BenchSuite, type PeerCase, warmedKernel } from '../harness.js';

/** One year at 5-minute periods. */
const N = 365 * 288;
const STEP = 300;

const t = new Float64Array(N);
const rain = new Float64Array(N);
const pm25 = new Float64Array(N);
const pm10 = new Float64Array(N);
const ratio = new Float64Array(N);
const loss = new Float64Array(N);
const kimberOut = new Float64Array(N);
/** Short showers every few hours: the surface is cleaned every ~75 rows, masses stay small. */
const frequentRain = new Float64Array(N);

/**
 * A deterministic year: rain showers of a few hours every 4 to 9 days, PM with a daily cycle.
 * (A counter-based hash, so every run times the same input.)
 */
function setup(): void {
  const t0 = Date.UTC(2021, 0, 1) / 1000;
  let nextShower = 5 * 288;
  for (let i = 0; i < N; i++) {
    t[i] = t0 + (i + 1) * STEP;
    const h = Math.imul(i + 1, 2654435761) >>> 0;
    if (i >= nextShower && i < nextShower + 36) rain[i] = ((h % 1000) / 1000) * 0.8;
    else rain[i] = 0;
    if (i === nextShower + 36) nextShower += (4 + (h % 6)) * 288;
    const day = ((i % 288) / 288) * 2 * Math.PI;
    pm25[i] = (15 + 8 * Math.sin(day)) * 1e-6;
    pm10[i] = (35 + 15 * Math.sin(day + 0.5)) * 1e-6;
    frequentRain[i] = h % 50 === 0 ? ((h >>> 8) % 3000) / 1000 : 0;
  }
}

const warmed = (name: string, points: number, warmRuns: number, run: () => unknown) =>
  warmedKernel(name, points, warmRuns, run, setup);

/** pvlib.soiling.hsu on the same columns and options. */
const hsuPeer = (
  rainfall: Float64Array,
  options: { cleaningThreshold: number; surfaceTilt: number; rainAccumPeriod: number },
): PeerCase => ({
  fn: 'hsu',
  columns: () => ({ unixSeconds: t, rainfall, pm2_5: pm25, pm10 }),
  params: options,
});
const HSU_HOURLY = { cleaningThreshold: 1, surfaceTilt: 25, rainAccumPeriod: 3600 };
const HSU_DAILY = { cleaningThreshold: 5, surfaceTilt: 25, rainAccumPeriod: 86400 };

export const suite: BenchSuite = {
  name: 'soiling',
  kernels: [
    {
      ...warmed('HSU soiling (one year at 5 min)', N, 30, () =>
        hsuSoiling({ unixSeconds: t, rainfall: rain, pm2_5: pm25, pm10 }, HSU_HOURLY, {
          soilingRatio: ratio,
          lossFraction: loss,
        }),
      ),
      peer: hsuPeer(rain, HSU_HOURLY),
    },
    {
      ...warmed('HSU soiling, 24 h rain window (one year at 5 min)', N, 30, () =>
        hsuSoiling({ unixSeconds: t, rainfall: rain, pm2_5: pm25, pm10 }, HSU_DAILY, {
          soilingRatio: ratio,
          lossFraction: loss,
        }),
      ),
      peer: hsuPeer(rain, HSU_DAILY),
    },
    {
      ...warmed('HSU soiling, cleaned every few hours (one year at 5 min)', N, 30, () =>
        hsuSoiling({ unixSeconds: t, rainfall: frequentRain, pm2_5: pm25, pm10 }, HSU_HOURLY, {
          soilingRatio: ratio,
          lossFraction: loss,
        }),
      ),
      peer: hsuPeer(frequentRain, HSU_HOURLY),
    },
    {
      ...warmed('Kimber soiling (one year at 5 min)', N, 30, () =>
        kimberSoiling({ unixSeconds: t, rainfall: rain }, {}, kimberOut),
      ),
      // pvlib.soiling.kimber with its defaults, as ours.
      peer: { fn: 'kimber', columns: () => ({ unixSeconds: t, rainfall: rain }) },
    },
  ],
};
