import {
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
import { makeSky, type Sky } from '../sky-series.js';

/** A year at one-minute steps. */
const MINUTES = 525_600;

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
