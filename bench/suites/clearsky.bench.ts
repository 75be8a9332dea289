import { clearskyBird, clearskyIneichen, detectClearsky, relativeAirmass } from '../../src/atmosphere/index.js';
import { type BenchSuite, type PeerCase, warmedKernel } from '../harness.js';

const D2R = Math.PI / 180;
/** One year at 1-minute steps, night included (as a measured year is). */
const N = 365 * 1440;

const unixSeconds = new Float64Array(N);
const zenith = new Float64Array(N);
const airmass = new Float64Array(N);
const clearsky = new Float64Array(N);
const measured = new Float64Array(N);
const flags = new Uint8Array(N);
const birdOut = {
  ghi: new Float64Array(N),
  dni: new Float64Array(N),
  dhi: new Float64Array(N),
  directHorizontal: new Float64Array(N),
};

/**
 * The sun at 35 N by the textbook declination and hour angle, Ineichen's clear sky (Linke
 * turbidity 3), and a measured series: 0.97 of it under a slowly varying, deterministic cloudiness
 * (a bounded random walk from a linear congruential generator, clear for days at a time) with
 * 0.2 % noise, so that the detection finds clear and cloudy periods as in measured data.
 */
function setup(): void {
  if (unixSeconds[0] !== 0) return;
  let state = 2024;
  const rnd = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  const t0 = Date.UTC(2021, 0, 1) / 1000;
  const lat = 35 * D2R;
  for (let i = 0; i < N; i++) {
    const t = t0 + 60 * (i + 1);
    unixSeconds[i] = t;
    const day = i / 1440;
    const decl = 23.44 * D2R * Math.sin((2 * Math.PI * (day - 81)) / 365);
    const hourAngle = (((t % 86_400) / 3600 - 12) * 15 - 106) * D2R;
    const cosZ = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle);
    zenith[i] = Math.acos(Math.max(-1, Math.min(1, cosZ))) / D2R;
  }
  relativeAirmass(zenith, { model: 'kasten1966' }, airmass);
  const am = relativeAirmass(zenith);
  for (let i = 0; i < N; i++) am[i] = (am[i]! * 84_000) / 101_325;
  const cs = clearskyIneichen({ apparentZenith: zenith, airmassAbsolute: am, linkeTurbidity: 3, altitude: 1600 });
  clearsky.set(cs.ghi);
  let cloud = 0;
  let sky = 0; // 0: clear spell, 1: cloudy spell
  for (let i = 0; i < N; i++) {
    if (i % 1440 === 0) sky = rnd() < 0.45 ? 0 : 1;
    cloud = sky === 0 ? 0 : Math.min(0.9, Math.max(0, cloud + (rnd() - 0.5) * 0.1));
    measured[i] = clearsky[i]! * 0.97 * (1 - cloud) * (1 + (rnd() - 0.5) * 0.004);
  }
}

const BIRD = { aod380: 0.15, aod500: 0.1, precipitableWater: 1.5, ozone: 0.3, pressure: 84_000, dniExtra: 1364 };
const columns = () => ({ unixSeconds, zenith, airmassRelative: airmass, measured, clearsky });

export const suite: BenchSuite = {
  name: 'clearsky',
  kernels: [
    {
      ...warmedKernel(
        'Bird clear sky (one year at 1 min)',
        N,
        5,
        () => clearskyBird({ zenith, airmassRelative: airmass, ...BIRD }, birdOut),
        setup,
      ),
      peer: { fn: 'bird', columns, params: BIRD } satisfies PeerCase,
    },
    {
      ...warmedKernel(
        'detect clear sky, 10-minute windows (one year at 1 min)',
        N,
        3,
        () => detectClearsky({ measured, clearsky, unixSeconds }, {}, flags),
        setup,
      ),
      peer: { fn: 'detect_clearsky', columns, params: { windowLength: 10 } } satisfies PeerCase,
    },
    {
      ...warmedKernel(
        'detect clear sky, infer_limits: 50-minute windows (one year at 1 min)',
        N,
        3,
        () => detectClearsky({ measured, clearsky, unixSeconds }, { inferLimits: true }, flags),
        setup,
      ),
      peer: { fn: 'detect_clearsky', columns, params: { inferLimits: true } } satisfies PeerCase,
    },
  ],
};
