import { extraterrestrialRadiation, relativeAirmass } from '../../src/atmosphere/index.js';
import {
  erbs,
  kingSkyDiffuse,
  klucherSkyDiffuse,
  perezDriesseSkyDiffuse,
  reindlSkyDiffuse,
  skyDiffuseColumns,
  type SkyDiffuseColumns,
  type SkyDiffuseModel,
  type SkyDiffuseParts,
  totalIrradiance,
} from '../../src/irradiance/index.js';
import type { BenchSuite, KernelBench, PeerCase } from '../harness.js';

const D2R = Math.PI / 180;
/** A year at one-minute steps. */
const MINUTES = 525_600;

/**
 * A year of sky at 40 N at one-minute steps, night included (pvlib's calls see the same rows): the
 * sky of the sky-models suite (textbook sun positions, a clear-sky shape under a bounded random
 * walk of cloudiness, GHI split by Erbs), so that the figures of the two suites compare.
 */
interface Sky {
  times: Float64Array;
  zenith: Float64Array;
  solarAzimuth: Float64Array;
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  dniExtra: Float64Array;
  airmass: Float64Array;
}

function makeSky(n: number, stepSeconds: number): Sky {
  let state = 20_261_129;
  const rnd = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  const times = new Float64Array(n);
  const zenith = new Float64Array(n);
  const solarAzimuth = new Float64Array(n);
  const ghi = new Float64Array(n);
  const t0 = Date.parse('2024-01-01T00:00:00Z') / 1000;
  const lat = 40 * D2R;
  let cloud = 0.3;
  for (let i = 0; i < n; i++) {
    const t = t0 + stepSeconds * i;
    const day = (t - t0) / 86_400;
    const decl = 23.44 * D2R * Math.sin((2 * Math.PI * (day - 81)) / 365);
    const hourAngle = ((t % 86_400) / 3600 - 12) * 15 * D2R;
    const cosZ = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle);
    const z = Math.acos(cosZ);
    const sinAz = (-Math.cos(decl) * Math.sin(hourAngle)) / Math.sin(z);
    const cosAz = (Math.sin(decl) - Math.sin(lat) * cosZ) / (Math.cos(lat) * Math.sin(z));
    cloud += 0.05 * (rnd() - 0.5) * Math.sqrt(stepSeconds / 60);
    cloud = cloud < 0 ? 0 : cloud > 1 ? 1 : cloud;
    times[i] = t;
    zenith[i] = z / D2R;
    solarAzimuth[i] = (Math.atan2(sinAz, cosAz) / D2R + 360) % 360;
    const up = cosZ > 0 ? cosZ : 0;
    const dniClear = up > 0 ? 1100 * Math.exp(-0.15 / Math.max(up, 0.02)) : 0;
    ghi[i] = (dniClear * up + 100 * up) * (1 - 0.75 * cloud * cloud);
  }
  const split = erbs({ ghi, zenith, unixSeconds: times });
  return {
    times,
    zenith,
    solarAzimuth,
    ghi,
    dni: split.dni,
    dhi: split.dhi,
    dniExtra: extraterrestrialRadiation(times),
    airmass: relativeAirmass(zenith),
  };
}

let minuteSky: Sky | undefined;
const minutes = (): Sky => (minuteSky ??= makeSky(MINUTES, 60));

/** The plane of every case: 30 degrees toward the south. */
const PLANE = { surfaceTilt: 30, surfaceAzimuth: 180 };

// Output buffers reused across runs, as a caller's loop would (every function takes `out`).
let skyScratch: SkyDiffuseParts | undefined;
const skyBuffers = () =>
  (skyScratch ??= {
    poaSkyDiffuse: new Float64Array(MINUTES),
    poaIsotropic: new Float64Array(MINUTES),
    poaCircumsolar: new Float64Array(MINUTES),
    poaHorizon: new Float64Array(MINUTES),
  });
let poaScratch: ReturnType<typeof totalIrradiance> | undefined;
const poaBuffers = () =>
  (poaScratch ??= {
    poaGlobal: new Float64Array(MINUTES),
    poaDirect: new Float64Array(MINUTES),
    poaDiffuse: new Float64Array(MINUTES),
    poaSkyDiffuse: new Float64Array(MINUTES),
    poaGroundDiffuse: new Float64Array(MINUTES),
  });

/**
 * The sky's columns in the memory of the sky-diffuse WebAssembly kernel (skyDiffuseColumns), the
 * inputs written in once, at setup: the "on skyDiffuseColumns" cases time the kernel without the
 * copies into and out of its memory that the plain cases include.
 */
let columnsScratch: SkyDiffuseColumns | undefined;
function kernelColumns(): SkyDiffuseColumns {
  if (columnsScratch !== undefined) return columnsScratch;
  const x = minutes();
  const c = skyDiffuseColumns(MINUTES);
  c.solarZenith.set(x.zenith);
  c.solarAzimuth.set(x.solarAzimuth);
  c.dhi.set(x.dhi);
  c.ghi.set(x.ghi);
  c.dni.set(x.dni);
  c.dniExtra.set(x.dniExtra);
  columnsScratch = c;
  return c;
}

/** The columns of the sky, by the names pvlib_peer.py reads. */
function skyColumns(): Record<string, Float64Array> {
  const x = minutes();
  return {
    solarZenith: x.zenith,
    solarAzimuth: x.solarAzimuth,
    dni: x.dni,
    ghi: x.ghi,
    dhi: x.dhi,
    dniExtra: x.dniExtra,
    airmass: x.airmass,
  };
}

/**
 * One sky-diffuse model's own function on a fixed plane, against pvlib's function of the same
 * model (pvlib.irradiance.klucher, reindl, king, perez_driesse) on the same inputs. Reindl and
 * Perez-Driesse return their parts here, so pvlib's calls ask for them too (return_components).
 */
function skyDiffuse(
  title: string,
  fn: 'klucher' | 'reindl' | 'king' | 'perez_driesse',
  run: () => unknown,
  setup: () => void = () => void minutes(),
): KernelBench {
  const peer: PeerCase = {
    fn,
    columns: skyColumns,
    params: { ...PLANE, returnComponents: fn === 'reindl' || fn === 'perez_driesse' },
  };
  return { name: `${title} (a year at 1-minute steps)`, points: MINUTES, setup, run, peer };
}

/**
 * For information: totalIrradiance with one sky model (sky diffuse, ground-reflected, beam and
 * totals: five output columns), against pvlib's get_total_irradiance.
 */
function totalWith(model: SkyDiffuseModel): KernelBench {
  const peer: PeerCase = {
    fn: 'get_total_irradiance',
    columns: () => ({ times: minutes().times, ...skyColumns() }),
    params: { ...PLANE, albedo: 0.25, model, modelPerez: 'allsitescomposite1990' },
  };
  return {
    name: `${model} transposition, totalIrradiance (a year at 1-minute steps)`,
    points: MINUTES,
    setup: () => void minutes(),
    run: () => {
      const x = minutes();
      return totalIrradiance(
        {
          ...PLANE,
          solarZenith: x.zenith,
          solarAzimuth: x.solarAzimuth,
          dni: x.dni,
          ghi: x.ghi,
          dhi: x.dhi,
          dniExtra: x.dniExtra,
          airmass: x.airmass,
          albedo: 0.25,
        },
        { model },
        poaBuffers(),
      );
    },
    peer,
  };
}

export const suite: BenchSuite = {
  name: 'transpositions',
  kernels: [
    skyDiffuse('klucherSkyDiffuse', 'klucher', () => {
      const x = minutes();
      return klucherSkyDiffuse(
        { ...PLANE, solarZenith: x.zenith, solarAzimuth: x.solarAzimuth, dhi: x.dhi, ghi: x.ghi },
        skyBuffers().poaSkyDiffuse,
      );
    }),
    skyDiffuse(
      'klucherSkyDiffuse on skyDiffuseColumns',
      'klucher',
      () => {
        const c = kernelColumns();
        const { solarZenith, solarAzimuth, dhi, ghi } = c;
        return klucherSkyDiffuse({ ...PLANE, solarZenith, solarAzimuth, dhi, ghi }, c.poaSkyDiffuse);
      },
      () => void kernelColumns(),
    ),
    skyDiffuse('reindlSkyDiffuse', 'reindl', () => {
      const x = minutes();
      return reindlSkyDiffuse(
        {
          ...PLANE,
          solarZenith: x.zenith,
          solarAzimuth: x.solarAzimuth,
          dhi: x.dhi,
          dni: x.dni,
          ghi: x.ghi,
          dniExtra: x.dniExtra,
        },
        skyBuffers(),
      );
    }),
    skyDiffuse(
      'reindlSkyDiffuse on skyDiffuseColumns',
      'reindl',
      () => {
        const c = kernelColumns();
        const { solarZenith, solarAzimuth, dhi, dni, ghi, dniExtra } = c;
        return reindlSkyDiffuse({ ...PLANE, solarZenith, solarAzimuth, dhi, dni, ghi, dniExtra }, c);
      },
      () => void kernelColumns(),
    ),
    skyDiffuse('kingSkyDiffuse', 'king', () => {
      const x = minutes();
      return kingSkyDiffuse(
        { surfaceTilt: PLANE.surfaceTilt, solarZenith: x.zenith, dhi: x.dhi, ghi: x.ghi },
        skyBuffers().poaSkyDiffuse,
      );
    }),
    skyDiffuse(
      'kingSkyDiffuse on skyDiffuseColumns',
      'king',
      () => {
        const c = kernelColumns();
        const { solarZenith, dhi, ghi } = c;
        return kingSkyDiffuse({ surfaceTilt: PLANE.surfaceTilt, solarZenith, dhi, ghi }, c.poaSkyDiffuse);
      },
      () => void kernelColumns(),
    ),
    skyDiffuse('perezDriesseSkyDiffuse', 'perez_driesse', () => {
      const x = minutes();
      return perezDriesseSkyDiffuse(
        {
          ...PLANE,
          solarZenith: x.zenith,
          solarAzimuth: x.solarAzimuth,
          dhi: x.dhi,
          dni: x.dni,
          dniExtra: x.dniExtra,
          airmass: x.airmass,
        },
        skyBuffers(),
      );
    }),
    totalWith('klucher'),
    totalWith('reindl'),
    totalWith('king'),
    totalWith('perez-driesse'),
  ],
};
