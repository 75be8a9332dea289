/**
 * Transposition of horizontal irradiance to a tilted plane: sky-diffuse models (isotropic,
 * Hay & Davies, Perez), ground-reflected irradiance and the total plane-of-array irradiance.
 * Angles in degrees, surface azimuth east of north (pvlib convention), irradiance in W/m2.
 */
import { arrayOf, type Column, columnOf, maskOf, outputColumn, scalarOf, seriesLength } from '../util/columns.js';
import { checkModel, checkTransposition, skyColumns } from './checks.js';
import { checkObject } from '../util/validate.js';
import { type PerezCoefficientSet, perezCoefficients } from './perez-coefficients.js';
import { COS_NODES, SIN_NODES } from '../util/trig-tables.js';
import { KING, KLUCHER, PEREZ_DRIESSE, REINDL, skyModelKernel, type TranspositionBuffers } from './sky-diffuse.js';

const D2R = Math.PI / 180;
/** Perez et al. (1990) constant of the clearness formula, for zenith in radians. */
const PEREZ_KAPPA = 1.041;
/** Lower bound of cos(zenith) in the Perez circumsolar ratio (zenith 85 deg). */
const COS_85 = Math.cos(85 * D2R);
/** Lower bound of cos(zenith) in the Hay-Davies projection ratio (pvlib GH 432). */
const HAYDAVIES_MIN_COS_ZENITH = 0.01745;
/** Sky clearness bins of Perez et al. (1990): bin b holds PEREZ_BIN_LOW[b] <= eps < PEREZ_BIN_HIGH[b]. */
const PEREZ_BIN_LOW = new Float64Array([0, 1.065, 1.23, 1.5, 1.95, 2.8, 4.5, 6.2]);
const PEREZ_BIN_HIGH = new Float64Array([1.065, 1.23, 1.5, 1.95, 2.8, 4.5, 6.2, Infinity]);

/**
 * Kasten & Young (1989) relative air mass for one zenith [deg]; NaN above 90 deg, as pvlib.
 * Inlined in the transposition loop when the caller gives no air mass.
 */
function kastenYoung(zenith: number): number {
  if (zenith > 90) return Number.NaN;
  return 1 / (Math.cos(zenith * D2R) + 0.50572 * Math.pow(96.07995 - zenith, -1.6364));
}

/** The input of {@link groundDiffuse} (pvlib's `surface_tilt`, `ghi`, `albedo`). */
export interface GroundDiffuseInput {
  /** Tilt from horizontal, degrees. */
  surfaceTilt: Column;
  /** Global horizontal irradiance, W/m2. */
  ghi: Column;
  /** Ground reflectance, 0..1 (default 0.25). */
  albedo?: Column;
}

/**
 * Ground-reflected irradiance on a tilted plane [W/m2]: GHI * albedo * (1 - cos tilt) / 2.
 * @param input surfaceTilt from horizontal [deg], ghi global horizontal irradiance [W/m2],
 *   albedo ground reflectance [0..1], default 0.25
 * @param out optional output buffer
 * Follows pvlib.irradiance.get_ground_diffuse (Loutzenhiser et al. 2007, doi:10.1016/j.solener.2006.03.009).
 * @example
 * groundDiffuse({ surfaceTilt: 30, ghi: 600, albedo: 0.2 })[0]; // about 8.04 W/m2
 */
export function groundDiffuse(input: GroundDiffuseInput, out?: Float64Array): Float64Array {
  checkObject('groundDiffuse', 'input', input);
  const { surfaceTilt, ghi, albedo = 0.25 } = input;
  checkTransposition('groundDiffuse', {
    surfaceTilt: [surfaceTilt, 'degrees'],
    ghi: [ghi, 'W/m2'],
    albedo: [albedo, '0..1'],
  });
  const n = seriesLength(surfaceTilt, ghi, albedo);
  const res = outputColumn(out, n);
  const tA = arrayOf(surfaceTilt);
  const gA = arrayOf(ghi);
  const aA = arrayOf(albedo);
  const vf0 = (1 - Math.cos(scalarOf(surfaceTilt, 0) * D2R)) * 0.5;
  const g0 = scalarOf(ghi, 0);
  const a0 = scalarOf(albedo, 0.25);
  for (let i = 0; i < n; i++) {
    const vf = tA !== null ? (1 - Math.cos(tA[i]! * D2R)) * 0.5 : vf0;
    res[i] = (gA !== null ? gA[i]! : g0) * (aA !== null ? aA[i]! : a0) * vf;
  }
  return res;
}

/** The input of {@link isotropicSkyDiffuse} (pvlib's `surface_tilt`, `dhi`). */
export interface IsotropicSkyDiffuseInput {
  /** Tilt from horizontal, degrees. */
  surfaceTilt: Column;
  /** Diffuse horizontal irradiance, W/m2. */
  dhi: Column;
}

/**
 * Isotropic sky diffuse on a tilted plane [W/m2]: DHI * (1 + cos tilt) / 2.
 * @param input surfaceTilt from horizontal [deg], dhi diffuse horizontal irradiance [W/m2]
 * @param out optional output buffer
 * Follows pvlib.irradiance.isotropic (Hottel & Woertz 1942; Loutzenhiser et al. 2007).
 * @example
 * isotropicSkyDiffuse({ surfaceTilt: 30, dhi: 150 })[0]; // about 140 W/m2
 */
export function isotropicSkyDiffuse(input: IsotropicSkyDiffuseInput, out?: Float64Array): Float64Array {
  checkObject('isotropicSkyDiffuse', 'input', input);
  const { surfaceTilt, dhi } = input;
  checkTransposition('isotropicSkyDiffuse', { surfaceTilt: [surfaceTilt, 'degrees'], dhi: [dhi, 'W/m2'] });
  const n = seriesLength(surfaceTilt, dhi);
  const res = outputColumn(out, n);
  const tA = arrayOf(surfaceTilt);
  const dA = arrayOf(dhi);
  const vf0 = (1 + Math.cos(scalarOf(surfaceTilt, 0) * D2R)) * 0.5;
  const d0 = scalarOf(dhi, 0);
  for (let i = 0; i < n; i++) {
    const vf = tA !== null ? (1 + Math.cos(tA[i]! * D2R)) * 0.5 : vf0;
    res[i] = (dA !== null ? dA[i]! : d0) * vf;
  }
  return res;
}

/** Inputs of the anisotropic sky models. Angles [deg], irradiance [W/m2]. */
export interface SkyDiffuseInput {
  /** Tilt of the plane from horizontal [deg]. */
  surfaceTilt: Column;
  /** Azimuth of the plane's normal, east of north [deg]. */
  surfaceAzimuth: Column;
  /** Solar zenith [deg]. */
  solarZenith: Column;
  /** Solar azimuth, east of north [deg]. */
  solarAzimuth: Column;
  /** Diffuse horizontal irradiance [W/m2]. */
  dhi: Column;
  /** Direct normal irradiance [W/m2]. */
  dni: Column;
  /** Extraterrestrial normal irradiance [W/m2], see extraterrestrialRadiation. */
  dniExtra: Column;
}

/** Sky diffuse on the plane and its parts [W/m2]. */
export interface SkyDiffuseComponents {
  /** Sky diffuse on the plane: the sum of the parts. */
  poaSkyDiffuse: Float64Array;
  /** From the isotropic sky dome. */
  poaIsotropic: Float64Array;
  /** From the circumsolar region: behaves like beam for shading. */
  poaCircumsolar: Float64Array;
  /** Horizon brightening (Perez only; zero for Hay-Davies). */
  poaHorizon: Float64Array;
}

/**
 * Hay & Davies (1980) sky diffuse on a tilted plane [W/m2], with its isotropic and circumsolar
 * parts: DHI * (A * Rb + (1 - A) * (1 + cos tilt) / 2), A = DNI / DNI_extra, Rb = cos aoi / cos z
 * (cos z bounded below by 0.01745). Each part is clipped at 0 as pvlib.irradiance.haydavies does.
 * Hay, J.E., Davies, J.A. (1980), Proc. First Canadian Solar Radiation Data Workshop, 59.
 * @example
 * const sky = { surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: 40, solarAzimuth: 160, dhi: 150, dni: 600, dniExtra: 1361 };
 * haydaviesSkyDiffuse(sky).poaSkyDiffuse[0]; // about 162 W/m2
 */
export function haydaviesSkyDiffuse(input: SkyDiffuseInput, out?: Partial<SkyDiffuseComponents>): SkyDiffuseComponents {
  checkTransposition('haydaviesSkyDiffuse', { ...skyColumns(input), dniExtra: [input.dniExtra, 'W/m2'] });
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, dhi, dni, dniExtra } = input;
  const n = seriesLength(surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, dhi, dni, dniExtra);
  const res: SkyDiffuseComponents = {
    poaSkyDiffuse: outputColumn(out?.poaSkyDiffuse, n, 'poaSkyDiffuse'),
    poaIsotropic: outputColumn(out?.poaIsotropic, n, 'poaIsotropic'),
    poaCircumsolar: outputColumn(out?.poaCircumsolar, n, 'poaCircumsolar'),
    poaHorizon: outputColumn(out?.poaHorizon, n, 'poaHorizon'),
  };
  skyKernel(
    'haydavies',
    n,
    { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, dni, ghi: 0, dhi, dniExtra, albedo: 0 },
    skyOnly(res),
  );
  return res;
}

/** Inputs of the Perez model: those of the other sky models plus relative air mass. */
export interface PerezInput extends SkyDiffuseInput {
  /** Relative (not pressure-corrected) air mass; computed with Kasten & Young (1989) when absent. */
  airmass?: Column;
}

/**
 * Perez sky diffuse on a tilted plane [W/m2] with its isotropic, circumsolar and horizon parts.
 * Sky clearness epsilon and brightness delta select the F1 (circumsolar) and F2 (horizon)
 * coefficients; the total is clipped at 0 and set to 0 where the air mass is NaN (sun below the
 * horizon). Parts are 0 wherever the total is 0, as in pvlib. Where DHI and DNI are both 0 with the
 * sun up, epsilon is undefined and the result is NaN, exactly as pvlib.irradiance.perez.
 * Perez, R., Ineichen, P., Seals, R., Michalsky, J., Stewart, R. (1990), Modeling daylight
 * availability and irradiance components from direct and global irradiance, Solar Energy 44(5),
 * 271-289, doi:10.1016/0038-092X(90)90055-H; Perez et al. (1987), Solar Energy 39(3), 221-232.
 * @example
 * const sky = { surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: 40, solarAzimuth: 160, dhi: 150, dni: 600, dniExtra: 1361 };
 * perezSkyDiffuse(sky).poaSkyDiffuse[0]; // about 188 W/m2
 */
export function perezSkyDiffuse(
  input: PerezInput,
  options: { coefficients?: PerezCoefficientSet | '1990' } = {},
  out?: Partial<SkyDiffuseComponents>,
): SkyDiffuseComponents {
  checkTransposition('perezSkyDiffuse', {
    ...skyColumns(input),
    dniExtra: [input.dniExtra, 'W/m2'],
    airmass: [input.airmass, 'relative air mass', true],
  });
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, dhi, dni, dniExtra, airmass } = input;
  const n = seriesLength(
    surfaceTilt,
    surfaceAzimuth,
    solarZenith,
    solarAzimuth,
    dhi,
    dni,
    dniExtra,
    ...(airmass === undefined ? [] : [airmass]),
  );
  const res: SkyDiffuseComponents = {
    poaSkyDiffuse: outputColumn(out?.poaSkyDiffuse, n, 'poaSkyDiffuse'),
    poaIsotropic: outputColumn(out?.poaIsotropic, n, 'poaIsotropic'),
    poaCircumsolar: outputColumn(out?.poaCircumsolar, n, 'poaCircumsolar'),
    poaHorizon: outputColumn(out?.poaHorizon, n, 'poaHorizon'),
  };
  perezKernel(
    n,
    { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, dni, ghi: 0, dhi, dniExtra, airmass, albedo: 0 },
    perezCoefficients(options.coefficients),
    skyOnly(res),
  );
  return res;
}

/** Inputs of {@link totalIrradiance}. Angles [deg], irradiance [W/m2]. */
export interface TotalIrradianceInput {
  /** Tilt of the plane from horizontal [deg]. */
  surfaceTilt: Column;
  /** Azimuth of the plane's normal, east of north [deg]. */
  surfaceAzimuth: Column;
  /** Solar zenith [deg]. */
  solarZenith: Column;
  /** Solar azimuth, east of north [deg]. */
  solarAzimuth: Column;
  /** Direct normal irradiance [W/m2]. */
  dni: Column;
  /** Global horizontal irradiance [W/m2]. */
  ghi: Column;
  /** Diffuse horizontal irradiance [W/m2]. */
  dhi: Column;
  /** Extraterrestrial normal irradiance [W/m2]; required by 'haydavies', 'reindl', 'perez' and 'perez-driesse'. */
  dniExtra?: Column;
  /** Relative air mass for 'perez' and 'perez-driesse'; Kasten & Young (1989) from solarZenith when absent. */
  airmass?: Column;
  /** Ground albedo [0..1], default 0.25. */
  albedo?: Column;
}

/**
 * The sky diffuse models by pvlib's names: isotropic, Klucher (1979), Hay & Davies (1980), Reindl
 * et al. (1990), King, Perez et al. (1990) and Perez-Driesse (Driesse et al. 2024).
 */
export type SkyDiffuseModel = 'isotropic' | 'klucher' | 'haydavies' | 'reindl' | 'king' | 'perez' | 'perez-driesse';

/** Every {@link SkyDiffuseModel}, in pvlib's order. */
export const SKY_DIFFUSE_MODELS: readonly SkyDiffuseModel[] = [
  'isotropic',
  'klucher',
  'haydavies',
  'reindl',
  'king',
  'perez',
  'perez-driesse',
];

/** Options of {@link totalIrradiance}: the sky model by name and its coefficients. */
export interface TotalIrradianceOptions {
  /** The sky diffuse model. */
  model: SkyDiffuseModel;
  /** Perez coefficient set, default 'allsitescomposite1990'. */
  perezCoefficients?: PerezCoefficientSet | '1990';
  /**
   * Also return poaIsotropic, poaCircumsolar and poaHorizon (the sky diffuse parts); not with
   * 'klucher' and 'king', which have none (a RangeError, as pvlib's ValueError).
   */
  diffuseComponents?: boolean;
}

/** Plane-of-array irradiance [W/m2]; the parts are present when diffuseComponents is set. */
export interface TotalIrradiance {
  /** Total on the plane: direct plus diffuse. */
  poaGlobal: Float64Array;
  /** Beam on the plane, max(DNI cos aoi, 0). */
  poaDirect: Float64Array;
  /** Sky diffuse plus ground-reflected. */
  poaDiffuse: Float64Array;
  /** Sky diffuse by the chosen model. */
  poaSkyDiffuse: Float64Array;
  /** Ground-reflected, GHI albedo (1 - cos tilt) / 2. */
  poaGroundDiffuse: Float64Array;
  /** Isotropic part of the sky diffuse (with diffuseComponents). */
  poaIsotropic?: Float64Array;
  /** Circumsolar part of the sky diffuse (with diffuseComponents). */
  poaCircumsolar?: Float64Array;
  /** Horizon brightening part of the sky diffuse (with diffuseComponents; Perez, Perez-Driesse and Reindl). */
  poaHorizon?: Float64Array;
}

/**
 * Total plane-of-array irradiance and its parts [W/m2]: beam max(DNI cos aoi, 0), sky diffuse by
 * the model chosen by pvlib's name ('isotropic', 'klucher', 'haydavies', 'reindl', 'king', 'perez',
 * 'perez-driesse'; see {@link SkyDiffuseModel}), ground-reflected GHI * albedo * (1 - cos tilt) / 2. One fused loop per model, no
 * intermediate arrays. Matches pvlib.irradiance.get_total_irradiance (pvlib-python, Holmgren,
 * Hansen & Mikofski 2018, doi:10.21105/joss.00884) for the models named.
 * @example
 * const poa = totalIrradiance(
 *   { surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: 40, solarAzimuth: 160, dni: 600, ghi: 610, dhi: 150, dniExtra: 1361, albedo: 0.2 },
 *   { model: 'perez' },
 * );
 * poa.poaGlobal[0]; // about 776 W/m2
 */
export function totalIrradiance(
  input: TotalIrradianceInput,
  options: TotalIrradianceOptions,
  out?: Partial<TotalIrradiance>,
): TotalIrradiance {
  checkModel('totalIrradiance', options.model);
  checkTransposition('totalIrradiance', {
    ...skyColumns(input),
    ghi: [input.ghi, 'W/m2'],
    dniExtra: [input.dniExtra, 'W/m2', true],
    airmass: [input.airmass, 'relative air mass', true],
    albedo: [input.albedo, '0..1', true],
  });
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, dni, ghi, dhi, dniExtra, airmass, albedo } = input;
  const model = options.model;
  if (
    (model === 'haydavies' || model === 'reindl' || model === 'perez' || model === 'perez-driesse') &&
    dniExtra === undefined
  ) {
    throw new RangeError(`totalIrradiance: dniExtra (W/m2) is required for model ${model}`);
  }
  if ((model === 'klucher' || model === 'king') && options.diffuseComponents === true) {
    throw new RangeError(`totalIrradiance: options.diffuseComponents is not available for model ${model}`);
  }
  const cols: Column[] = [surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, dni, ghi, dhi];
  if (dniExtra !== undefined) cols.push(dniExtra);
  if (airmass !== undefined) cols.push(airmass);
  if (albedo !== undefined) cols.push(albedo);
  const n = seriesLength(...cols);
  const res: TotalIrradiance = {
    poaGlobal: outputColumn(out?.poaGlobal, n, 'poaGlobal'),
    poaDirect: outputColumn(out?.poaDirect, n, 'poaDirect'),
    poaDiffuse: outputColumn(out?.poaDiffuse, n, 'poaDiffuse'),
    poaSkyDiffuse: outputColumn(out?.poaSkyDiffuse, n, 'poaSkyDiffuse'),
    poaGroundDiffuse: outputColumn(out?.poaGroundDiffuse, n, 'poaGroundDiffuse'),
  };
  const buffers: TranspositionBuffers = {
    global: res.poaGlobal,
    direct: res.poaDirect,
    diffuse: res.poaDiffuse,
    sky: res.poaSkyDiffuse,
    ground: res.poaGroundDiffuse,
    parts: null,
  };
  if (options.diffuseComponents === true) {
    buffers.parts = {
      isotropic: (res.poaIsotropic = outputColumn(out?.poaIsotropic, n, 'poaIsotropic')),
      circumsolar: (res.poaCircumsolar = outputColumn(out?.poaCircumsolar, n, 'poaCircumsolar')),
      horizon: (res.poaHorizon = outputColumn(out?.poaHorizon, n, 'poaHorizon')),
    };
  }
  const kernelInput: TranspositionKernelInput = {
    surfaceTilt,
    surfaceAzimuth,
    solarZenith,
    solarAzimuth,
    dni,
    ghi,
    dhi,
    dniExtra: dniExtra ?? 0,
    airmass,
    albedo: albedo ?? 0.25,
  };
  if (model === 'perez') {
    perezKernel(n, kernelInput, perezCoefficients(options.perezCoefficients), buffers);
  } else if (model === 'isotropic' || model === 'haydavies') {
    skyKernel(model, n, kernelInput, buffers);
  } else if (model === 'klucher' || model === 'reindl' || model === 'king' || model === 'perez-driesse') {
    const code = model === 'klucher' ? KLUCHER : model === 'reindl' ? REINDL : model === 'king' ? KING : PEREZ_DRIESSE;
    skyModelKernel(code, n, kernelInput, buffers);
  } else {
    throw new RangeError(`invalid sky diffuse model '${String(model)}'`);
  }
  return res;
}

/**
 * The inputs of the transposition kernels, with albedo and dniExtra resolved. ghi is read only when
 * the ground, direct, diffuse and global outputs are wanted; airmass (Perez only) defaults to
 * Kasten & Young from the zenith.
 */
type TranspositionKernelInput = Omit<TotalIrradianceInput, 'dniExtra' | 'albedo'> & {
  dniExtra: Column;
  albedo: Column;
};

/** Buffers that write the sky diffuse and its parts only (the sky-diffuse functions). */
function skyOnly(res: SkyDiffuseComponents): TranspositionBuffers {
  return {
    sky: res.poaSkyDiffuse,
    global: null,
    direct: null,
    diffuse: null,
    ground: null,
    parts: { isotropic: res.poaIsotropic, circumsolar: res.poaCircumsolar, horizon: res.poaHorizon },
  };
}

/**
 * The isotropic and Hay-Davies loop. Output buffers given as null are not written; ghi and albedo
 * are read only when the ground output is wanted.
 */
function skyKernel(
  model: 'isotropic' | 'haydavies',
  n: number,
  input: TranspositionKernelInput,
  out: TranspositionBuffers,
): void {
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, dni, ghi, dhi, dniExtra, albedo } = input;
  const { sky: skyOut, global: globalOut, direct: directOut, diffuse: diffuseOut, ground: groundOut } = out;
  const isoOut = out.parts?.isotropic ?? null;
  const circOut = out.parts?.circumsolar ?? null;
  const horOut = out.parts?.horizon ?? null;
  const tiltA = arrayOf(surfaceTilt);
  const azA = arrayOf(surfaceAzimuth);
  const zA = arrayOf(solarZenith);
  const saA = arrayOf(solarAzimuth);
  const dniA = arrayOf(dni);
  const ghiA = arrayOf(ghi);
  const dhiA = arrayOf(dhi);
  const exA = arrayOf(dniExtra);
  const albA = arrayOf(albedo);
  const az0 = scalarOf(surfaceAzimuth, 0);
  const z0 = scalarOf(solarZenith, 0);
  const sa0 = scalarOf(solarAzimuth, 0);
  const dni0 = scalarOf(dni, 0);
  const ghi0 = scalarOf(ghi, 0);
  const dhi0 = scalarOf(dhi, 0);
  const ex0 = scalarOf(dniExtra, 0);
  const alb0 = scalarOf(albedo, 0.25);
  const tilt0 = scalarOf(surfaceTilt, 0) * D2R;
  const cosT0 = Math.cos(tilt0);
  const sinT0 = Math.sin(tilt0);
  const hay = model === 'haydavies';
  for (let i = 0; i < n; i++) {
    const b = dniA !== null ? dniA[i]! : dni0;
    const d = dhiA !== null ? dhiA[i]! : dhi0;
    if (b === 0 && d === 0 && 1 / d > 0 && tiltA === null && isoOut === null) {
      // No sky light (the night, half of a year's rows): the sky diffuse is 0 and the beam 0 for
      // any angle of incidence, so the trigonometry is skipped. Exactly what the terms below give
      // (a DHI of +0 times finite numbers, the ground term as below) but for the sign of a beam of
      // 0 behind the plane (0 here, -0 below). Angles that are not finite or a Hay-Davies dniExtra
      // of 0 or NaN (NaN terms) take the full path.
      const zenDeg = zA !== null ? zA[i]! : z0;
      const sunAz = saA !== null ? saA[i]! : sa0;
      const surfaceAz = azA !== null ? azA[i]! : az0;
      const ex = exA !== null ? exA[i]! : ex0;
      if (
        zenDeg - zenDeg === 0 &&
        sunAz - sunAz === 0 &&
        surfaceAz - surfaceAz === 0 &&
        (!hay || (ex !== 0 && ex - ex === 0))
      ) {
        skyOut[i] = 0;
        if (groundOut !== null) {
          const ground = (ghiA !== null ? ghiA[i]! : ghi0) * (albA !== null ? albA[i]! : alb0) * (1 - cosT0) * 0.5;
          groundOut[i] = ground;
          directOut![i] = 0;
          diffuseOut![i] = 0 + ground;
          globalOut![i] = 0 + (0 + ground);
        }
        continue;
      }
    }
    let cosT = cosT0;
    let sinT = sinT0;
    if (tiltA !== null) {
      const tiltDeg = tiltA[i]!;
      const t = tiltDeg * D2R;
      cosT = Math.cos(t);
      sinT = tiltDeg >= 0 && tiltDeg <= 180 ? Math.sqrt(1 - cosT * cosT) : Math.sin(t);
    }
    const zenDeg = zA !== null ? zA[i]! : z0;
    const z = zenDeg * D2R;
    const cosZ = Math.cos(z);
    const sinZ = zenDeg >= 0 && zenDeg <= 180 ? Math.sqrt(1 - cosZ * cosZ) : Math.sin(z);
    const daz = ((saA !== null ? saA[i]! : sa0) - (azA !== null ? azA[i]! : az0)) * D2R;
    let proj = cosT * cosZ + sinT * sinZ * Math.cos(daz);
    if (proj > 1) proj = 1;
    else if (proj < -1) proj = -1;
    let sky: number;
    let isoPart: number;
    let circPart = 0;
    if (hay) {
      const ai = b / (exA !== null ? exA[i]! : ex0);
      const rb = (proj < 0 ? 0 : proj) / (cosZ < HAYDAVIES_MIN_COS_ZENITH ? HAYDAVIES_MIN_COS_ZENITH : cosZ);
      isoPart = d * (1 - ai) * 0.5 * (1 + cosT);
      if (isoPart < 0) isoPart = 0;
      circPart = d * (ai * rb);
      if (circPart < 0) circPart = 0;
      sky = isoPart + circPart;
    } else {
      sky = isoPart = d * (1 + cosT) * 0.5;
    }
    skyOut[i] = sky;
    if (isoOut !== null) {
      isoOut[i] = isoPart;
      circOut![i] = circPart;
      horOut![i] = 0;
    }
    if (groundOut !== null) {
      const ground = (ghiA !== null ? ghiA[i]! : ghi0) * (albA !== null ? albA[i]! : alb0) * (1 - cosT) * 0.5;
      let direct = b * proj;
      if (direct < 0) direct = 0;
      const diffuse = sky + ground;
      groundOut[i] = ground;
      directOut![i] = direct;
      diffuseOut![i] = diffuse;
      globalOut![i] = direct + diffuse;
    }
  }
}

/**
 * The Perez loop (the hot kernel of plane-of-array work): projection, air mass, sky clearness bin,
 * F1/F2, sky diffuse and its parts, ground and beam in one pass. Null outputs are not written.
 */
function perezKernel(
  n: number,
  input: TranspositionKernelInput,
  coeffs: Float64Array,
  out: TranspositionBuffers,
): void {
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, dni, ghi, dhi, dniExtra, airmass, albedo } = input;
  const { sky: skyOut, global: globalOut, direct: directOut, diffuse: diffuseOut, ground: groundOut } = out;
  const isoOut = out.parts?.isotropic ?? null;
  const circOut = out.parts?.circumsolar ?? null;
  const horOut = out.parts?.horizon ?? null;
  const tiltA = arrayOf(surfaceTilt);
  // Every other input as an array and an index mask: all bits for a column, 0 for a scalar (read
  // from a one-element array at index 0). One AND per read instead of a test and a select: the
  // ten tests cost a third of the loop (interleaved CPU time 1.44e7 -> 2.09e7 points/s). Columns
  // are shorter than 2^31 rows, so i & -1 is i.
  const azA = columnOf(surfaceAzimuth, 0);
  const azM = maskOf(surfaceAzimuth);
  const zA = columnOf(solarZenith, 0);
  const zM = maskOf(solarZenith);
  const saA = columnOf(solarAzimuth, 0);
  const saM = maskOf(solarAzimuth);
  const dniA = columnOf(dni, 0);
  const dniM = maskOf(dni);
  const ghiA = columnOf(ghi, 0);
  const ghiM = maskOf(ghi);
  const dhiA = columnOf(dhi, 0);
  const dhiM = maskOf(dhi);
  const exA = columnOf(dniExtra, 0);
  const exM = maskOf(dniExtra);
  const amA = columnOf(airmass, 0);
  const amM = maskOf(airmass);
  const albA = columnOf(albedo, 0.25);
  const albM = maskOf(albedo);
  const hasAirmass = airmass !== undefined;
  const tilt0 = scalarOf(surfaceTilt, 0) * D2R;
  const cosT0 = Math.cos(tilt0);
  const sinT0 = Math.sin(tilt0);
  // Node tables in locals (registers) for the inlined cosines; see trig-tables.ts.
  const cosNodes = COS_NODES;
  const sinNodes = SIN_NODES;
  const binLow = PEREZ_BIN_LOW;
  const binHigh = PEREZ_BIN_HIGH;
  let bin = 0;
  for (let i = 0; i < n; i++) {
    let cosT = cosT0;
    let sinT = sinT0;
    if (tiltA !== null) {
      const tiltDeg = tiltA[i]!;
      if (tiltDeg >= 0 && tiltDeg <= 180) {
        const k = Math.floor(tiltDeg * 4 + 0.5);
        const r = (tiltDeg - k * 0.25) * D2R;
        const r2 = r * r;
        cosT =
          cosNodes[k]! * (1 - r2 * (0.5 - r2 * (1 / 24))) - sinNodes[k]! * (r * (1 - r2 * (1 / 6 - r2 * (1 / 120))));
        sinT = Math.sqrt(1 - cosT * cosT);
      } else {
        cosT = Math.cos(tiltDeg * D2R);
        sinT = Math.sin(tiltDeg * D2R);
      }
    }
    const zenDeg = zA[i & zM]!;
    const z = zenDeg * D2R;
    let cosZ: number;
    let sinZ: number;
    if (zenDeg >= 0 && zenDeg <= 180) {
      // cos and sin of z from one node and one pair of remainder series (no square root on the
      // path to the projection; sin z >= 0 here as the node formula gives it).
      const k = Math.floor(zenDeg * 4 + 0.5);
      const r = (zenDeg - k * 0.25) * D2R;
      const r2 = r * r;
      const cr = 1 - r2 * (0.5 - r2 * (1 / 24));
      const sr = r * (1 - r2 * (1 / 6 - r2 * (1 / 120)));
      const cn = cosNodes[k]!;
      const sn = sinNodes[k]!;
      cosZ = cn * cr - sn * sr;
      sinZ = sn * cr + cn * sr;
    } else {
      cosZ = Math.cos(z);
      sinZ = Math.sin(z);
    }
    let daz = saA[i & saM]! - azA[i & azM]!;
    // Azimuth differences lie in (-360, 360): one shift brings them to the tables' [0, 360).
    if (daz < 0) daz += 360;
    let cosDaz: number;
    if (daz >= 0 && daz <= 360) {
      const k = Math.floor(daz * 4 + 0.5);
      const r = (daz - k * 0.25) * D2R;
      const r2 = r * r;
      cosDaz =
        cosNodes[k]! * (1 - r2 * (0.5 - r2 * (1 / 24))) - sinNodes[k]! * (r * (1 - r2 * (1 / 6 - r2 * (1 / 120))));
    } else {
      cosDaz = Math.cos(daz * D2R);
    }
    let proj = cosT * cosZ + sinT * sinZ * cosDaz;
    if (proj > 1) proj = 1;
    else if (proj < -1) proj = -1;
    const b = dniA[i & dniM]!;
    const d = dhiA[i & dhiM]!;
    const am = hasAirmass ? amA[i & amM]! : kastenYoung(zenDeg);

    let sky = 0;
    let t1 = 0;
    let t2 = 0;
    let t3 = 0;
    // Below the horizon (air mass NaN) the sky term is 0 whatever the other inputs say.
    if (am === am) {
      const delta = (d * am) / exA[i & exM]!;
      const kz3 = PEREZ_KAPPA * z * z * z;
      // ((d + b) / d + kz3) / (1 + kz3) with one division instead of two.
      const eps = (d + b + d * kz3) / (d * (1 + kz3));
      // Clearness bin of Perez et al. (1990). Rows of a series mostly stay in the previous row's
      // bin, so that is tried first: the processor predicts the test and loads the coefficients
      // before the division that gives eps is done (a search on eps would make them wait).
      // eps < 0 or NaN has no bin (NaN coefficients).
      if (!(eps >= binLow[bin]! && eps < binHigh[bin]!)) {
        bin =
          +(eps >= 1.065) +
          +(eps >= 1.23) +
          +(eps >= 1.5) +
          +(eps >= 1.95) +
          +(eps >= 2.8) +
          +(eps >= 4.5) +
          +(eps >= 6.2);
      }
      const k = 6 * bin;
      let f1: number;
      let f2: number;
      if (eps >= 0) {
        f1 = coeffs[k]! + coeffs[k + 1]! * delta + coeffs[k + 2]! * z;
        f2 = coeffs[k + 3]! + coeffs[k + 4]! * delta + coeffs[k + 5]! * z;
        if (f1 < 0) f1 = 0;
      } else {
        f1 = f2 = Number.NaN;
      }
      const a = proj < 0 ? 0 : proj;
      const bz = cosZ < COS_85 ? COS_85 : cosZ;
      t1 = d * 0.5 * (1 - f1) * (1 + cosT);
      t2 = d * ((f1 * a) / bz);
      t3 = d * (f2 * sinT);
      sky = t1 + t2 + t3;
      if (sky < 0) sky = 0;
    }
    skyOut[i] = sky;
    if (isoOut !== null) {
      if (sky === 0) {
        isoOut[i] = 0;
        circOut![i] = 0;
        horOut![i] = 0;
      } else {
        isoOut[i] = t1;
        circOut![i] = t2;
        horOut![i] = t3;
      }
    }
    if (groundOut !== null) {
      const ground = ghiA[i & ghiM]! * albA[i & albM]! * (1 - cosT) * 0.5;
      let direct = b * proj;
      if (direct < 0) direct = 0;
      const diffuse = sky + ground;
      groundOut[i] = ground;
      directOut![i] = direct;
      diffuseOut![i] = diffuse;
      globalOut![i] = direct + diffuse;
    }
  }
}
