import { infiniteSheds } from '../../src/bifacial/index.js';
import { singleAxis } from '../../src/tracking/index.js';
import type { BenchSuite } from '../harness.js';

const DEG = Math.PI / 180;

/**
 * Sun positions through one year at a mid-latitude site (latitude 35 N), from the textbook
 * declination and hour-angle geometry: a realistic mix of day and night for the kernels.
 * (Synthetic inputs only; the solar position kernels have their own suite.)
 */
function yearOfSunPositions(n: number): SunColumns {
  const zenith = new Float64Array(n);
  const azimuth = new Float64Array(n);
  const lat = 35 * DEG;
  const step = (365 * 86400) / n;
  for (let i = 0; i < n; i++) {
    const t = i * step;
    const day = t / 86400;
    const decl = 23.44 * DEG * Math.sin((2 * Math.PI * (day - 81)) / 365);
    const hourAngle = ((t % 86400) / 3600 - 12) * 15 * DEG;
    const cosZ = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle);
    const z = Math.acos(Math.max(-1, Math.min(1, cosZ)));
    const sinAz = (-Math.cos(decl) * Math.sin(hourAngle)) / Math.sin(z);
    const cosAz = (Math.sin(decl) - Math.sin(lat) * cosZ) / (Math.cos(lat) * Math.sin(z));
    zenith[i] = z / DEG;
    azimuth[i] = (Math.atan2(sinAz, cosAz) / DEG + 360) % 360;
  }
  return { zenith, azimuth };
}

const N_TRACK = 1_000_000;
const N_SHEDS = 100_000;
const N_SHEDS_TRACKED = 20_000;
interface SunColumns {
  zenith: Float64Array;
  azimuth: Float64Array;
}
let sun: SunColumns = { zenith: new Float64Array(0), azimuth: new Float64Array(0) };
let daySun: SunColumns = { zenith: new Float64Array(0), azimuth: new Float64Array(0) };
const trackOut = {
  trackerTheta: new Float64Array(N_TRACK),
  aoi: new Float64Array(N_TRACK),
  surfaceTilt: new Float64Array(N_TRACK),
  surfaceAzimuth: new Float64Array(N_TRACK),
};
const trackOptions = { axisAzimuth: 180, maxAngle: 60, backtrack: true, gcr: 0.35 };
/** The same tracker for pvlib.tracking.singleaxis (our defaults for the rest: level axis and ground). */
const trackPeerParams = { ...trackOptions, axisTilt: 0, crossAxisTilt: 0 };

/** Daytime rows of a year with plausible irradiance, for the bifacial kernels. */
interface ShedsColumns extends SunColumns {
  ghi: Float64Array;
  dhi: Float64Array;
  dni: Float64Array;
}

function daytime(n: number): ShedsColumns {
  const all = yearOfSunPositions(4 * n);
  const zenith = new Float64Array(n);
  const azimuth = new Float64Array(n);
  const ghi = new Float64Array(n);
  const dhi = new Float64Array(n);
  const dni = new Float64Array(n);
  let j = 0;
  for (let i = 0; i < all.zenith.length && j < n; i++) {
    const z = all.zenith[i]!;
    if (z >= 88) continue;
    zenith[j] = z;
    azimuth[j] = all.azimuth[i]!;
    const cz = Math.cos(z * DEG);
    dni[j] = 900 * Math.exp(-0.15 / Math.max(cz, 0.05));
    dhi[j] = 60 + 40 * (1 - cz);
    ghi[j] = dni[j]! * cz + dhi[j]!;
    j++;
  }
  return {
    zenith: zenith.subarray(0, j),
    azimuth: azimuth.subarray(0, j),
    ghi: ghi.subarray(0, j),
    dhi: dhi.subarray(0, j),
    dni: dni.subarray(0, j),
  };
}

let sheds = daytime(0);
let tracked = singleAxis({ apparentZenith: 0, solarAzimuth: 0 });
const shedsOptions = { gcr: 0.4, height: 1.5, pitch: 5, albedo: 0.25, bifaciality: 0.7 };

export const suite: BenchSuite = {
  name: 'tracking',
  kernels: [
    {
      name: 'single-axis tracking (1e6 points)',
      points: N_TRACK,
      setup: () => {
        sun = yearOfSunPositions(N_TRACK);
      },
      run: () => singleAxis({ apparentZenith: sun.zenith, solarAzimuth: sun.azimuth }, trackOptions, trackOut),
      peer: {
        fn: 'singleaxis',
        columns: () => ({ apparentZenith: sun.zenith, solarAzimuth: sun.azimuth }),
        params: trackPeerParams,
      },
    },
    {
      name: 'single-axis tracking, daytime rows only (1e6 points)',
      points: N_TRACK,
      setup: () => {
        const all = yearOfSunPositions(2 * N_TRACK + 200_000);
        const z = new Float64Array(N_TRACK);
        const a = new Float64Array(N_TRACK);
        let j = 0;
        for (let i = 0; i < all.zenith.length && j < N_TRACK; i++) {
          if (all.zenith[i]! <= 90) {
            z[j] = all.zenith[i]!;
            a[j] = all.azimuth[i]!;
            j++;
          }
        }
        daySun = { zenith: z, azimuth: a };
      },
      run: () => singleAxis({ apparentZenith: daySun.zenith, solarAzimuth: daySun.azimuth }, trackOptions, trackOut),
      peer: {
        fn: 'singleaxis',
        columns: () => ({ apparentZenith: daySun.zenith, solarAzimuth: daySun.azimuth }),
        params: trackPeerParams,
      },
    },
    {
      name: 'infinite sheds, fixed tilt (1e5 daytime points)',
      points: N_SHEDS,
      setup: () => {
        sheds = daytime(N_SHEDS);
      },
      run: () =>
        infiniteSheds(
          {
            solarZenith: sheds.zenith,
            solarAzimuth: sheds.azimuth,
            surfaceTilt: 25,
            surfaceAzimuth: 180,
            ghi: sheds.ghi,
            dhi: sheds.dhi,
            dni: sheds.dni,
          },
          shedsOptions,
        ),
    },
    {
      name: 'infinite sheds, tracked rows (2e4 daytime points)',
      points: N_SHEDS_TRACKED,
      setup: () => {
        sheds = daytime(N_SHEDS_TRACKED);
        tracked = singleAxis({ apparentZenith: sheds.zenith, solarAzimuth: sheds.azimuth }, trackOptions);
      },
      run: () =>
        infiniteSheds(
          {
            solarZenith: sheds.zenith,
            solarAzimuth: sheds.azimuth,
            surfaceTilt: tracked.surfaceTilt,
            surfaceAzimuth: tracked.surfaceAzimuth,
            ghi: sheds.ghi,
            dhi: sheds.dhi,
            dni: sheds.dni,
          },
          shedsOptions,
        ),
    },
  ],
};
