/**
 * Incidence angle modifiers and spectral models (issue 31) over a year of hourly rows, against
 * pvlib.iam and pvlib.spectrum (`npm run bench -- --only spectrum --peer`). The inputs are made
 * once: the sun's geometry at 40 N on a plane tilted 30 degrees to the south and a tracker's
 * tilts, with air mass, precipitable water, aerosol depth and clear-sky index that vary from hour
 * to hour (a deterministic generator); night rows keep their NaN angle of incidence and air mass.
 */
import { relativeAirmass } from '../../src/atmosphere/index.js';
import {
  iamInterp,
  iamMarionDiffuse,
  iamMartinRuiz,
  iamMartinRuizDiffuse,
  iamPhysical,
  iamSchlick,
} from '../../src/irradiance/index.js';
import {
  spectralFactorCaballero,
  spectralFactorFirstSolar,
  spectralFactorJrc,
  spectralFactorPolo,
  spectralFactorPvspec,
  spectralMismatchField,
  spectrl2,
  type Spectrl2Result,
} from '../../src/spectrum/index.js';
import { type BenchSuite, type KernelBench, type PeerCase, warmedKernel } from '../harness.js';

const D2R = Math.PI / 180;
const N = 8760;

interface Inputs {
  zenith: Float64Array;
  aoi: Float64Array;
  trackerTilt: Float64Array;
  airmass: Float64Array;
  airmassAbsolute: Float64Array;
  pressure: Float64Array;
  precipitableWater: Float64Array;
  aod500: Float64Array;
  clearskyIndex: Float64Array;
  albedo: Float64Array;
  ozone: Float64Array;
  dayofyear: Float64Array;
}

function makeInputs(): Inputs {
  let state = 31;
  const rnd = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  const col = () => new Float64Array(N);
  const x: Inputs = {
    zenith: col(),
    aoi: col(),
    trackerTilt: col(),
    airmass: col(),
    airmassAbsolute: col(),
    pressure: col(),
    precipitableWater: col(),
    aod500: col(),
    clearskyIndex: col(),
    albedo: col(),
    ozone: col(),
    dayofyear: col(),
  };
  const lat = 40 * D2R;
  const tilt = 30 * D2R;
  let pw = 1.5;
  let kc = 0.8;
  for (let h = 0; h < N; h++) {
    const day = Math.floor(h / 24);
    const decl = 23.44 * D2R * Math.sin((2 * Math.PI * (day - 81)) / 365);
    const hourAngle = ((h % 24) + 0.5 - 12) * 15 * D2R;
    const cosZ = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle);
    // A south-facing plane tilted 30 degrees: the sun's angle there is that of a flat plane at 10 N.
    const cosAoi = Math.sin(lat - tilt) * Math.sin(decl) + Math.cos(lat - tilt) * Math.cos(decl) * Math.cos(hourAngle);
    const z = Math.acos(cosZ) / D2R;
    x.zenith[h] = z;
    x.aoi[h] = z > 90 ? Number.NaN : Math.acos(Math.max(-1, Math.min(1, cosAoi))) / D2R;
    x.trackerTilt[h] = Math.min(60, Math.abs((hourAngle / D2R) * 0.9));
    pw += 0.1 * (rnd() - 0.5);
    pw = pw < 0.2 ? 0.2 : pw > 5 ? 5 : pw;
    kc += 0.2 * (rnd() - 0.5);
    kc = kc < 0.1 ? 0.1 : kc > 1.2 ? 1.2 : kc;
    x.precipitableWater[h] = pw;
    x.clearskyIndex[h] = kc;
    x.aod500[h] = 0.05 + 0.2 * rnd();
    x.pressure[h] = 95_000;
    x.albedo[h] = 0.2;
    x.ozone[h] = 0.3;
    x.dayofyear[h] = day + 1;
  }
  relativeAirmass(x.zenith, {}, x.airmass);
  for (let h = 0; h < N; h++) x.airmassAbsolute[h] = (x.airmass[h]! * x.pressure[h]!) / 101325;
  return x;
}

let inputs: Inputs | undefined;
const get = (): Inputs => (inputs ??= makeInputs());
const out = new Float64Array(N);
const out2 = new Float64Array(N);
let spectra: Spectrl2Result | undefined;
const getSpectra = (): Spectrl2Result => (spectra ??= runSpectrl2());

function runSpectrl2(): Spectrl2Result {
  const x = get();
  return spectrl2({
    apparentZenith: x.zenith,
    aoi: x.aoi,
    surfaceTilt: 30,
    groundAlbedo: 0.2,
    surfacePressure: x.pressure,
    relativeAirmass: x.airmass,
    precipitableWater: x.precipitableWater,
    ozone: x.ozone,
    aerosolTurbidity500nm: x.aod500,
    dayofyear: x.dayofyear,
  });
}

const THETA = [0, 30, 50, 60, 70, 75, 80, 85, 90];
const IAM_TABLE = [1.0, 0.999, 0.987, 0.962, 0.892, 0.816, 0.681, 0.44, 0.0];

/** A kernel over the year's rows with its pvlib counterpart. */
function kernel(name: string, run: () => unknown, peer: PeerCase, points = N): KernelBench {
  return { ...warmedKernel(name, points, 20, run, () => void get()), peer };
}

const iamPeer = (fn: string, params: Record<string, number | string | boolean> = {}): PeerCase => ({
  fn: 'iam',
  columns: () => ({ aoi: get().aoi }),
  params: { function: fn, ...params },
});

const factorPeer = (fn: string, columns: () => Record<string, Float64Array>, moduleType: string): PeerCase => ({
  fn: 'spectral_factor',
  columns,
  params: { function: fn, module_type: moduleType },
});

export const suite: BenchSuite = {
  name: 'spectrum',
  kernels: [
    kernel(
      'iamPhysical with nAr (8760 hours)',
      () => iamPhysical(get().aoi, { nAr: 1.29 }, out),
      iamPeer('physical', { n_ar: 1.29 }),
    ),
    kernel('iamMartinRuiz (8760 hours)', () => iamMartinRuiz(get().aoi, {}, out), iamPeer('martin_ruiz')),
    kernel('iamSchlick (8760 hours)', () => iamSchlick(get().aoi, {}, out), iamPeer('schlick')),
    kernel(
      'iamInterp cubic, PVsyst table (8760 hours)',
      () => iamInterp(get().aoi, { thetaRef: THETA, iamRef: IAM_TABLE, method: 'cubic' }, out),
      iamPeer('interp', { theta_ref: THETA.join(','), iam_ref: IAM_TABLE.join(','), method: 'cubic' }),
    ),
    kernel(
      'iamMartinRuizDiffuse, tracker tilts (8760 hours)',
      () => iamMartinRuizDiffuse(get().trackerTilt, {}, { iamSky: out, iamGround: out2 }),
      {
        fn: 'iam',
        columns: () => ({ surface_tilt: get().trackerTilt }),
        params: { function: 'martin_ruiz_diffuse' },
      },
    ),
    kernel(
      'iamMarionDiffuse physical, 24 tilts',
      () =>
        iamMarionDiffuse(
          Float64Array.from({ length: 24 }, (_, k) => k * 3.75),
          { model: 'physical' },
        ),
      {
        fn: 'iam',
        columns: () => ({ surface_tilt: Float64Array.from({ length: 24 }, (_, k) => k * 3.75) }),
        params: { function: 'marion_diffuse', model: 'physical' },
      },
      24,
    ),
    kernel(
      'spectralFactorFirstSolar cdte (8760 hours)',
      () =>
        spectralFactorFirstSolar(
          { precipitableWater: get().precipitableWater, airmassAbsolute: get().airmassAbsolute },
          { moduleType: 'cdte' },
          out,
        ),
      factorPeer(
        'spectral_factor_firstsolar',
        () => ({ precipitable_water: get().precipitableWater, airmass_absolute: get().airmassAbsolute }),
        'cdte',
      ),
    ),
    kernel(
      'spectralFactorCaballero monosi (8760 hours)',
      () =>
        spectralFactorCaballero(
          { precipitableWater: get().precipitableWater, airmassAbsolute: get().airmassAbsolute, aod500: get().aod500 },
          { moduleType: 'monosi' },
          out,
        ),
      factorPeer(
        'spectral_factor_caballero',
        () => ({
          precipitable_water: get().precipitableWater,
          airmass_absolute: get().airmassAbsolute,
          aod500: get().aod500,
        }),
        'monosi',
      ),
    ),
    kernel(
      'spectralFactorPvspec monosi (8760 hours)',
      () =>
        spectralFactorPvspec(
          { airmassAbsolute: get().airmassAbsolute, clearskyIndex: get().clearskyIndex },
          { moduleType: 'monosi' },
          out,
        ),
      factorPeer(
        'spectral_factor_pvspec',
        () => ({ airmass_absolute: get().airmassAbsolute, clearsky_index: get().clearskyIndex }),
        'monosi',
      ),
    ),
    kernel(
      'spectralFactorJrc multisi (8760 hours)',
      () =>
        spectralFactorJrc(
          { airmass: get().airmass, clearskyIndex: get().clearskyIndex },
          { moduleType: 'multisi' },
          out,
        ),
      factorPeer(
        'spectral_factor_jrc',
        () => ({ airmass: get().airmass, clearsky_index: get().clearskyIndex }),
        'multisi',
      ),
    ),
    kernel(
      'spectralFactorPolo monosi (8760 hours)',
      () =>
        spectralFactorPolo(
          {
            precipitableWater: get().precipitableWater,
            airmassAbsolute: get().airmassAbsolute,
            aod500: get().aod500,
            aoi: get().aoi,
            pressure: get().pressure,
          },
          { moduleType: 'monosi' },
          out,
        ),
      factorPeer(
        'spectral_factor_polo',
        () => ({
          precipitable_water: get().precipitableWater,
          airmass_absolute: get().airmassAbsolute,
          aod500: get().aod500,
          aoi: get().aoi,
          pressure: get().pressure,
        }),
        'monosi',
      ),
    ),
    {
      ...warmedKernel('spectrl2, 122 wavelengths (8760 hours)', N, 3, runSpectrl2, () => void get()),
      peer: {
        fn: 'spectrl2',
        columns: () => {
          const x = get();
          return {
            apparent_zenith: x.zenith,
            aoi: x.aoi,
            surface_pressure: x.pressure,
            relative_airmass: x.airmass,
            precipitable_water: x.precipitableWater,
            ozone: x.ozone,
            aerosol_turbidity_500nm: x.aod500,
            dayofyear: x.dayofyear,
          };
        },
        params: { surface_tilt: 30, ground_albedo: 0.2 },
      },
    },
    {
      ...warmedKernel(
        'spectralMismatchField, 122 wavelengths (8760 hours)',
        N,
        5,
        () => {
          const s = getSpectra();
          const eRef = Float64Array.from(s.dniExtra, (c) => c[0]!);
          return spectralMismatchField(
            { sr: SR, srWavelength: SR_WAVELENGTH, eSun: s.poaGlobal, wavelength: s.wavelength, eRef },
            {},
            out,
          );
        },
        () => void getSpectra(),
      ),
      peer: {
        fn: 'mismatch',
        columns: () => {
          const s = getSpectra();
          const cols: Record<string, Float64Array> = { wavelength: s.wavelength, sr: SR, sr_wavelength: SR_WAVELENGTH };
          s.poaGlobal.forEach((c, j) => (cols[`e_sun_${j}`] = c));
          cols.e_ref = Float64Array.from(s.dniExtra, (c) => c[0]!);
          return cols;
        },
      },
    },
  ],
};

const SR_WAVELENGTH = Float64Array.of(290, 350, 400, 500, 650, 800, 900, 950, 1000, 1050, 1100, 1150, 1190);
const SR = Float64Array.of(0.0, 0.27, 0.37, 0.52, 0.71, 0.88, 0.97, 1.0, 0.93, 0.58, 0.21, 0.05, 0.0);
