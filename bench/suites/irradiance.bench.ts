import { clearskyIneichen, extraterrestrialRadiation, relativeAirmass } from '../../src/atmosphere/index.js';
import { disc, erbs, totalIrradiance, type TotalIrradiance } from '../../src/irradiance/index.js';
import type { BenchSuite, PeerCase } from '../harness.js';

const D2R = Math.PI / 180;
const N = 1_000_000;

/**
 * A realistic daylight series: sun positions one minute apart at 40 N from the textbook
 * declination / hour-angle geometry, night rows dropped (so every point runs the whole model: the
 * conservative case), and irradiance from a simple clear-sky shape modulated by a slowly varying,
 * deterministic cloudiness (a bounded random walk from a linear congruential generator), so that
 * neighbouring rows are correlated as in measured or modelled data.
 */
interface Inputs {
  times: Float64Array;
  zenith: Float64Array;
  solarAzimuth: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  ghi: Float64Array;
  dniExtra: Float64Array;
  airmass: Float64Array;
  airmassAbsolute: Float64Array;
  linkeTurbidity: Float64Array;
  pressure: Float64Array;
  trackerTilt: Float64Array;
  trackerAzimuth: Float64Array;
}

function makeInputs(n: number): Inputs {
  let state = 12345;
  const rnd = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  const x: Inputs = {
    times: new Float64Array(n),
    zenith: new Float64Array(n),
    solarAzimuth: new Float64Array(n),
    dni: new Float64Array(n),
    dhi: new Float64Array(n),
    ghi: new Float64Array(n),
    dniExtra: new Float64Array(n),
    airmass: new Float64Array(n),
    airmassAbsolute: new Float64Array(n),
    linkeTurbidity: new Float64Array(n),
    pressure: new Float64Array(n),
    trackerTilt: new Float64Array(n),
    trackerAzimuth: new Float64Array(n),
  };
  const t0 = Date.parse('2024-01-01T00:00:00Z') / 1000;
  const lat = 40 * D2R;
  let cloud = 0.3;
  let i = 0;
  for (let step = 0; i < n; step++) {
    const t = t0 + 60 * step;
    const day = (t - t0) / 86_400;
    const decl = 23.44 * D2R * Math.sin((2 * Math.PI * (day - 81)) / 365);
    const hourAngle = ((t % 86_400) / 3600 - 12) * 15 * D2R;
    const cosZ = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle);
    cloud += 0.05 * (rnd() - 0.5);
    cloud = cloud < 0 ? 0 : cloud > 1 ? 1 : cloud;
    if (cosZ <= 0.02) continue; // night and the last minutes of twilight
    const z = Math.acos(cosZ);
    const sinAz = (-Math.cos(decl) * Math.sin(hourAngle)) / Math.sin(z);
    const cosAz = (Math.sin(decl) - Math.sin(lat) * cosZ) / (Math.cos(lat) * Math.sin(z));
    x.times[i] = t;
    x.zenith[i] = z / D2R;
    x.solarAzimuth[i] = (Math.atan2(sinAz, cosAz) / D2R + 360) % 360;
    const dniClear = 1100 * Math.exp(-0.15 / cosZ);
    x.dni[i] = dniClear * (1 - cloud) * (1 - cloud);
    x.dhi[i] = (40 + 350 * cloud * (1 - cloud) + 60 * cloud) * cosZ + 5;
    x.ghi[i] = x.dni[i]! * cosZ + x.dhi[i]!;
    x.linkeTurbidity[i] = 3 + cloud;
    x.pressure[i] = 95_000;
    // A horizontal single-axis tracker's plane, roughly: tilt follows the sun east-west.
    x.trackerTilt[i] = Math.min(60, Math.abs(90 - x.zenith[i]!) * 0.5);
    x.trackerAzimuth[i] = x.solarAzimuth[i]! < 180 ? 90 : 270;
    i++;
  }
  extraterrestrialRadiation(x.times, {}, x.dniExtra);
  relativeAirmass(x.zenith, {}, x.airmass);
  for (let k = 0; k < n; k++) x.airmassAbsolute[k] = (x.airmass[k]! * x.pressure[k]!) / 101_325;
  return x;
}

let inputs: Inputs | undefined;
const get = (): Inputs => (inputs ??= makeInputs(N));
let poaOut: TotalIrradiance | undefined;
const outputs = () => {
  const o = (poaOut ??= {
    poaGlobal: new Float64Array(N),
    poaDirect: new Float64Array(N),
    poaDiffuse: new Float64Array(N),
    poaSkyDiffuse: new Float64Array(N),
    poaGroundDiffuse: new Float64Array(N),
  });
  return o;
};

// Output buffers reused across runs, as a caller's hot loop would (the kernels accept `out`), so
// the figures measure the model and not the allocation of fresh 8 MB columns.
let scratch: { dni: Float64Array; dhi: Float64Array; kt: Float64Array } | undefined;
const buffers3 = () => (scratch ??= { dni: new Float64Array(N), dhi: new Float64Array(N), kt: new Float64Array(N) });

/** pvlib.irradiance.get_total_irradiance(model='perez') on the suite's columns; plane angles as given. */
function perezPeer(
  plane: Record<string, number>,
  planeColumns: () => Record<string, Float64Array> = () => ({}),
): PeerCase {
  return {
    fn: 'get_total_irradiance',
    columns: () => {
      const x = get();
      return {
        times: x.times,
        solarZenith: x.zenith,
        solarAzimuth: x.solarAzimuth,
        dni: x.dni,
        ghi: x.ghi,
        dhi: x.dhi,
        dniExtra: x.dniExtra,
        airmass: x.airmass,
        ...planeColumns(),
      };
    },
    params: { ...plane, albedo: 0.25, model: 'perez', modelPerez: 'allsitescomposite1990' },
  };
}

export const suite: BenchSuite = {
  name: 'irradiance',
  kernels: [
    {
      name: 'Perez transposition (1e6 points)',
      points: N,
      setup: () => void get(),
      run: () => {
        const x = get();
        return totalIrradiance(
          {
            surfaceTilt: 30,
            surfaceAzimuth: 180,
            solarZenith: x.zenith,
            solarAzimuth: x.solarAzimuth,
            dni: x.dni,
            ghi: x.ghi,
            dhi: x.dhi,
            dniExtra: x.dniExtra,
            airmass: x.airmass,
            albedo: 0.25,
          },
          { model: 'perez' },
          outputs(),
        );
      },
      peer: perezPeer({ surfaceTilt: 30, surfaceAzimuth: 180 }),
    },
    {
      name: 'Perez transposition, tracker (per-row tilt/azimuth) (1e6 points)',
      points: N,
      setup: () => void get(),
      run: () => {
        const x = get();
        // Per-row plane angles, as a tracker gives: exercises the unhoisted trigonometry.
        return totalIrradiance(
          {
            surfaceTilt: x.trackerTilt,
            surfaceAzimuth: x.trackerAzimuth,
            solarZenith: x.zenith,
            solarAzimuth: x.solarAzimuth,
            dni: x.dni,
            ghi: x.ghi,
            dhi: x.dhi,
            dniExtra: x.dniExtra,
            airmass: x.airmass,
          },
          { model: 'perez' },
          outputs(),
        );
      },
      peer: perezPeer({}, () => ({ surfaceTilt: get().trackerTilt, surfaceAzimuth: get().trackerAzimuth })),
    },
    {
      name: 'Erbs decomposition (1e6 points)',
      points: N,
      setup: () => void get(),
      run: () => {
        const x = get();
        return erbs({ ghi: x.ghi, zenith: x.zenith, unixSeconds: x.times }, {}, buffers3());
      },
      peer: { fn: 'erbs', columns: () => ({ times: get().times, ghi: get().ghi, zenith: get().zenith }) },
    },
    {
      name: 'DISC decomposition (1e6 points)',
      points: N,
      setup: () => void get(),
      run: () => {
        const x = get();
        const b = buffers3();
        return disc(
          { ghi: x.ghi, zenith: x.zenith, unixSeconds: x.times, pressure: x.pressure },
          {},
          { dni: b.dni, kt: b.kt, airmass: b.dhi },
        );
      },
    },
    {
      name: 'Ineichen clear sky (1e6 points)',
      points: N,
      setup: () => void get(),
      run: () => {
        const x = get();
        const b = buffers3();
        return clearskyIneichen(
          {
            apparentZenith: x.zenith,
            airmassAbsolute: x.airmassAbsolute,
            linkeTurbidity: x.linkeTurbidity,
            altitude: 500,
            dniExtra: x.dniExtra,
          },
          {},
          { ghi: b.kt, dni: b.dni, dhi: b.dhi },
        );
      },
    },
  ],
};
