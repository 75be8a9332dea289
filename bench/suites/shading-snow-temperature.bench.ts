/**
 * Row shading (src/shading, powerMismatchDeline), snow on the rows (src/snow) and the newer cell
 * temperature models (sapmModule's family, faimanRad, prilliman, genericLinear) over one year at
 * 5-minute periods, each with pvlib's function on the same columns (`--peer`).
 */
import { powerMismatchDeline } from '../../src/bifacial/index.js';
import { faimanRad, genericLinear, prilliman } from '../../src/power/index.js';
import {
  directMartinez,
  maskingAnglePassias,
  projectedSolarZenithAngle,
  shadedFraction1d,
} from '../../src/shading/index.js';
import { snowCoverageNrel } from '../../src/snow/index.js';
import { type BenchSuite, type PeerCase, warmedKernel } from '../harness.js';

/** One year at 5-minute periods. */
const N = 365 * 288;
const STEP = 300;

const t = new Float64Array(N);
const zenith = new Float64Array(N);
const azimuth = new Float64Array(N);
const rotation = new Float64Array(N);
const tilt = new Float64Array(N);
const poaGlobal = new Float64Array(N);
const poaDirect = new Float64Array(N);
const fraction = new Float64Array(N);
const blocks = new Float64Array(N);
const rmad = new Float64Array(N);
const airTemp = new Float64Array(N);
const windSpeed = new Float64Array(N);
const irDown = new Float64Array(N);
const snowfall = new Float64Array(N);
const snowDepth = new Float64Array(N);
const tempCell = new Float64Array(N);
const out = new Float64Array(N);

/**
 * A deterministic year (a counter-based hash): a sun that rises and sets each day, a tracker
 * that follows it within 60 degrees, clouds, winter storms and snow on the ground.
 */
function setup(): void {
  const t0 = Date.UTC(2021, 0, 1) / 1000;
  let depth = 0;
  for (let i = 0; i < N; i++) {
    t[i] = t0 + (i + 1) * STEP;
    const h = (Math.imul(i + 1, 2654435761) >>> 0) / 2 ** 32;
    const day = ((i % 288) / 288) * 2 * Math.PI;
    const season = Math.cos(((i / 288 - 172) / 365) * 2 * Math.PI);
    zenith[i] = 90 - (35 + 25 * season) * Math.sin(day - Math.PI / 2) - 10;
    azimuth[i] = (180 + (i % 288) * 1.25 - 180 + 360) % 360;
    const up = zenith[i]! < 90;
    rotation[i] = Math.max(-60, Math.min(60, ((i % 288) / 288) * 180 - 90));
    tilt[i] = 10 + 50 * h;
    poaDirect[i] = up ? 800 * h : 0;
    poaGlobal[i] = up ? poaDirect[i]! + 50 + 100 * h : 0;
    fraction[i] = h;
    blocks[i] = Math.ceil(3 * h);
    rmad[i] = 0.2 * h;
    airTemp[i] = 10 - 15 * season + 8 * Math.sin(day - 2) + 2 * h;
    windSpeed[i] = 6 * h;
    irDown[i] = 250 + 150 * h;
    const storm = season > 0.3 && i % 4000 < 60;
    snowfall[i] = storm ? 0.2 * h : 0;
    depth = Math.max(0, depth + snowfall[i]! - 0.002);
    snowDepth[i] = depth;
    tempCell[i] = airTemp[i]! + poaGlobal[i]! / 30;
  }
}

const warmed = (name: string, points: number, warmRuns: number, run: () => unknown) =>
  warmedKernel(name, points, warmRuns, run, setup);

const peer = (fn: PeerCase['fn'], columns: () => Record<string, Float64Array>, params?: PeerCase['params']) => ({
  fn,
  columns,
  ...(params === undefined ? {} : { params }),
});

const AXIS = { axisAzimuth: 180, axisTilt: 0 };
const ROWS = { ...AXIS, collectorWidth: 2, pitch: 5, surfaceToAxisOffset: 0.1, crossAxisSlope: 3 };
const FAIMAN = { u0: 16, u1: 4.5 };
const GLM = { uConst: 11.04, duWind: 5.52, moduleEfficiency: 0.19, absorptance: 0.88 };

export const suite: BenchSuite = {
  name: 'shading-snow-temperature',
  kernels: [
    {
      ...warmed('projectedSolarZenithAngle (one year at 5 min)', N, 20, () =>
        projectedSolarZenithAngle({ solarZenith: zenith, solarAzimuth: azimuth }, AXIS, out),
      ),
      peer: peer('projected_solar_zenith_angle', () => ({ solarZenith: zenith, solarAzimuth: azimuth }), AXIS),
    },
    {
      ...warmed('shadedFraction1d, tracker rows (one year at 5 min)', N, 20, () =>
        shadedFraction1d({ solarZenith: zenith, solarAzimuth: azimuth, shadedRowRotation: rotation }, ROWS, out),
      ),
      peer: peer(
        'shaded_fraction1d',
        () => ({ solarZenith: zenith, solarAzimuth: azimuth, shadedRowRotation: rotation }),
        ROWS,
      ),
    },
    {
      ...warmed('maskingAnglePassias, tilt column (one year at 5 min)', N, 20, () =>
        maskingAnglePassias({ surfaceTilt: tilt }, { gcr: 0.4 }, out),
      ),
      peer: peer('masking_angle_passias', () => ({ surfaceTilt: tilt }), { gcr: 0.4 }),
    },
    {
      ...warmed('directMartinez (one year at 5 min)', N, 20, () =>
        directMartinez(
          { poaGlobal, poaDirect, shadedFraction: fraction, shadedBlocks: blocks },
          { totalBlocks: 3 },
          out,
        ),
      ),
      peer: peer('direct_martinez', () => ({ poaGlobal, poaDirect, shadedFraction: fraction, shadedBlocks: blocks }), {
        totalBlocks: 3,
      }),
    },
    {
      ...warmed('powerMismatchDeline (one year at 5 min)', N, 20, () => powerMismatchDeline(rmad, {}, out)),
      peer: peer('power_mismatch_deline', () => ({ rmad })),
    },
    {
      ...warmed('snowCoverageNrel (one year at 5 min)', N, 10, () =>
        snowCoverageNrel(
          { unixSeconds: t, snowfall, snowDepth, poaIrradiance: poaGlobal, airTemp, surfaceTilt: 35 },
          {},
          out,
        ),
      ),
      peer: peer('coverage_nrel', () => ({ unixSeconds: t, snowfall, snowDepth, poaIrradiance: poaGlobal, airTemp }), {
        surfaceTilt: 35,
      }),
    },
    {
      ...warmed('prilliman (one year at 5 min)', N, 10, () =>
        prilliman({ unixSeconds: t, tempCell, windSpeed }, {}, out),
      ),
      peer: peer('prilliman', () => ({ unixSeconds: t, tempCell, windSpeed })),
    },
    {
      ...warmed('faimanRad with irDown (one year at 5 min)', N, 20, () =>
        faimanRad({ poaGlobal, airTemp, windSpeed, irDown }, FAIMAN, out),
      ),
      peer: peer('faiman_rad', () => ({ poaGlobal, airTemp, windSpeed, irDown }), FAIMAN),
    },
    {
      ...warmed('genericLinear (one year at 5 min)', N, 20, () =>
        genericLinear({ poaGlobal, airTemp, windSpeed }, GLM, out),
      ),
      peer: peer('generic_linear', () => ({ poaGlobal, airTemp, windSpeed }), GLM),
    },
  ],
};
