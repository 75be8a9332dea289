/**
 * More sky-diffuse transposition models: Klucher (1979), Reindl et al. (1990), King (Sandia,
 * unpublished) and the continuous Perez-Driesse form of Perez et al. (1990). The loop here also
 * serves totalIrradiance for these four models. Angles in degrees, surface azimuth east of north,
 * irradiance W/m2.
 */
import { type Column, columnOf, maskOf, outputColumn, scalarOf } from '../util/columns.js';
import { COS_NODES, SIN_NODES } from '../util/trig-tables.js';
import { checkAtLeast, checkObject, rangeFailure } from '../util/validate.js';
import {
  growForColumns,
  lazyWasmKernel,
  loadWasmKernel,
  stageInputs,
  type WasmKernel,
  writePairs,
} from '../util/wasm.js';
import { checkTransposition } from './checks.js';
import { SKY_DIFFUSE_WASM_BASE64 } from './wasm/sky-diffuse.wasm.js';

const D2R = Math.PI / 180;
/** Lower bound of cos(zenith) in the Reindl projection ratio (pvlib GH 432). */
const REINDL_MIN_COS_ZENITH = 0.01745;
/** Lower bound of cos(zenith) in the Perez circumsolar ratio (zenith 85 deg). */
const COS_85 = Math.cos(85 * D2R);
/** Perez et al. (1990) constant of the clearness formula, for zenith in radians. */
const PEREZ_KAPPA = 1.041;
/**
 * Kasten & Young (1989) relative air mass at zenith 90 deg: Perez-Driesse takes it wherever the
 * zenith is 90 or more (its delta stays finite below the horizon).
 */
export const AIRMASS_AT_90 = 1 / (Math.cos(90 * D2R) + 0.50572 * Math.pow(6.07995, -1.6364));

/**
 * The Perez-Driesse coefficients (Driesse et al. 2024, table 2): quadratic B-splines of the
 * clearness zeta, one per coefficient F11, F12, F13, F21, F22, F23, on the knots below. Row k holds
 * the k-th spline coefficient of the six splines; the rows are the paper's (its last two are equal).
 */
// biome-ignore format: the rows are the paper's rows
export const PEREZ_DRIESSE_COEFFICIENTS: readonly (readonly number[])[] = [
  [-0.053, +0.529, -0.028, -0.071, +0.061, -0.019],
  [-0.008, +0.588, -0.062, -0.060, +0.072, -0.022],
  [+0.131, +0.770, -0.167, -0.026, +0.106, -0.032],
  [+0.328, +0.471, -0.216, +0.069, -0.105, -0.028],
  [+0.557, +0.241, -0.300, +0.086, -0.085, -0.012],
  [+0.861, -0.323, -0.355, +0.240, -0.467, -0.008],
  [+1.212, -1.239, -0.444, +0.305, -0.797, +0.047],
  [+1.099, -1.847, -0.365, +0.275, -1.132, +0.124],
  [+0.544, +0.157, -0.213, +0.118, -1.455, +0.292],
  [+0.544, +0.157, -0.213, +0.118, -1.455, +0.292],
];

/** The knots of the Perez-Driesse splines (degree 2: the end knots are triple). */
// biome-ignore format: the knots are the paper's
const PEREZ_DRIESSE_KNOTS = new Float64Array([0, 0, 0, 0.061, 0.187, 0.333, 0.487, 0.643, 0.778, 0.839, 1, 1, 1]);
/** The coefficient rows flat, row-major (10 rows of 6), for the loop. */
const PD_COEFFS = new Float64Array(PEREZ_DRIESSE_COEFFICIENTS.flat());

/** Inputs of {@link klucherSkyDiffuse}. Angles [deg], irradiance [W/m2]. */
export interface KlucherInput {
  /** Tilt of the plane from horizontal [deg]. */
  surfaceTilt: Column;
  /** Azimuth of the plane's normal, east of north [deg]. */
  surfaceAzimuth: Column;
  /** Solar zenith (apparent) [deg]. */
  solarZenith: Column;
  /** Solar azimuth, east of north [deg]. */
  solarAzimuth: Column;
  /** Diffuse horizontal irradiance [W/m2]. */
  dhi: Column;
  /** Global horizontal irradiance [W/m2]. */
  ghi: Column;
}

/** Inputs of {@link kingSkyDiffuse}. Angles [deg], irradiance [W/m2]. */
export interface KingInput {
  /** Tilt of the plane from horizontal [deg]. */
  surfaceTilt: Column;
  /** Solar zenith (apparent) [deg]. */
  solarZenith: Column;
  /** Diffuse horizontal irradiance [W/m2]. */
  dhi: Column;
  /** Global horizontal irradiance [W/m2]. */
  ghi: Column;
}

/** Inputs of {@link reindlSkyDiffuse}. Angles [deg], irradiance [W/m2]. */
export interface ReindlInput extends KlucherInput {
  /** Direct normal irradiance [W/m2]. */
  dni: Column;
  /** Extraterrestrial normal irradiance [W/m2]. */
  dniExtra: Column;
}

/** Inputs of {@link perezDriesseSkyDiffuse}. Angles [deg], irradiance [W/m2]. */
export interface PerezDriesseInput {
  /** Tilt of the plane from horizontal [deg]. */
  surfaceTilt: Column;
  /** Azimuth of the plane's normal, east of north [deg]. */
  surfaceAzimuth: Column;
  /** Solar zenith (apparent) [deg]. */
  solarZenith: Column;
  /** Solar azimuth, east of north [deg]. */
  solarAzimuth: Column;
  /** Diffuse horizontal irradiance [W/m2]. */
  dhi: Column;
  /** Direct normal irradiance [W/m2]. */
  dni: Column;
  /** Extraterrestrial normal irradiance [W/m2]. */
  dniExtra: Column;
  /** Relative air mass [unitless]; Kasten & Young (1989) from solarZenith when absent. */
  airmass?: Column;
}

/** Sky diffuse on the plane and its parts [W/m2] (as SkyDiffuseComponents of transposition.ts). */
export interface SkyDiffuseParts {
  /** Sky diffuse on the plane: the sum of the parts. */
  poaSkyDiffuse: Float64Array;
  /** From the isotropic sky dome. */
  poaIsotropic: Float64Array;
  /** From the circumsolar region. */
  poaCircumsolar: Float64Array;
  /** Horizon brightening (Reindl: the term it adds to Hay-Davies). */
  poaHorizon: Float64Array;
}

/**
 * Klucher sky diffuse on a tilted plane [W/m2]: DHI (1 + cos tilt)/2 (1 + F sin^3(tilt/2))
 * (1 + F cos^2(aoi) sin^3 z) with F = 1 - (DHI/GHI)^2 (0 where DHI/GHI is 0/0), cos aoi >= 0.
 * Two deliberate differences from pvlib, both NaN where pvlib returns a number that is no
 * irradiance: NaN GHI gives NaN (pvlib sets F to 0 and returns an isotropic-like value), and GHI 0
 * under a positive DHI gives NaN (pvlib's F is infinite, and so its result).
 * Klucher, T.M. (1979), Evaluation of models to predict insolation on tilted surfaces, Solar Energy
 * 23(2), 111-114, doi:10.1016/0038-092X(79)90110-5; follows pvlib.irradiance.klucher.
 * @param input surfaceTilt, surfaceAzimuth, solarZenith (apparent), solarAzimuth [deg], dhi, ghi [W/m2]
 * @param out optional output buffer; the `poaSkyDiffuse` column of a {@link skyDiffuseColumns}
 *   allocation is written by the WebAssembly kernel where it lies (a fixed plane), without copies
 * @example
 * klucherSkyDiffuse({ surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: 40, solarAzimuth: 160, dhi: 150, ghi: 610 })[0]; // about 175 W/m2
 */
export function klucherSkyDiffuse(input: KlucherInput, out?: Float64Array): Float64Array {
  const fn = 'klucherSkyDiffuse';
  checkObject(fn, 'input', input);
  const n = checkTransposition(fn, {
    ...planeColumns(input),
    dhi: [input.dhi, 'W/m2'],
    ghi: [input.ghi, 'W/m2'],
  });
  const sky = outputColumn(out, n);
  const { surfaceTilt, surfaceAzimuth } = input;
  if (typeof surfaceTilt === 'number' && typeof surfaceAzimuth === 'number') {
    const direct = directAllocation(sky, null, n);
    if (direct !== null && klucherDirect(direct, n, surfaceTilt, surfaceAzimuth, input)) return sky;
    if (!klucherWasm(n, surfaceTilt, surfaceAzimuth, input, sky)) {
      klucherFixedPlane(n, surfaceTilt, surfaceAzimuth, input, sky);
    }
  } else {
    skyModelKernel(KLUCHER, n, { ...input, dni: 0, dniExtra: 0, albedo: 0 }, skyOnly(sky, null));
  }
  return sky;
}

/**
 * King sky diffuse on a tilted plane [W/m2]: DHI (1 + cos tilt)/2 + GHI (0.012 z - 0.04)
 * (1 - cos tilt)/2 with the zenith z in degrees, at least 0. An unpublished Sandia model (King,
 * D.L.), kept in pvlib for comparison; pvlib deprecates it from 0.16. Follows pvlib.irradiance.king
 * (Holmgren, Hansen & Mikofski 2018, doi:10.21105/joss.00884).
 * @param input surfaceTilt, solarZenith (apparent) [deg], dhi, ghi [W/m2]
 * @param out optional output buffer; the `poaSkyDiffuse` column of a {@link skyDiffuseColumns}
 *   allocation is written by the WebAssembly kernel where it lies (a fixed tilt), without copies
 * @example
 * kingSkyDiffuse({ surfaceTilt: 30, solarZenith: 40, dhi: 150, ghi: 610 })[0]; // about 158 W/m2
 */
export function kingSkyDiffuse(input: KingInput, out?: Float64Array): Float64Array {
  const fn = 'kingSkyDiffuse';
  checkObject(fn, 'input', input);
  const n = checkTransposition(fn, {
    surfaceTilt: [input.surfaceTilt, 'degrees'],
    solarZenith: [input.solarZenith, 'degrees'],
    dhi: [input.dhi, 'W/m2'],
    ghi: [input.ghi, 'W/m2'],
  });
  const sky = outputColumn(out, n);
  if (typeof input.surfaceTilt === 'number') {
    const direct = directAllocation(sky, null, n);
    if (direct !== null && kingDirect(direct, n, input.surfaceTilt, input)) return sky;
    if (!kingWasm(n, input.surfaceTilt, input, sky)) kingFixedPlane(n, input.surfaceTilt, input, sky);
    return sky;
  }
  skyModelKernel(
    KING,
    n,
    { ...input, surfaceAzimuth: 180, solarAzimuth: 180, dni: 0, dniExtra: 0, albedo: 0 },
    skyOnly(sky, null),
  );
  return sky;
}

/**
 * Reindl sky diffuse on a tilted plane [W/m2] and its parts: Hay-Davies with a horizon term,
 * DHI ((1 - A)(1 + cos tilt)/2 (1 + sqrt(B/GHI) sin^3(tilt/2)) + A Rb), A = DNI / E0,
 * Rb = max(cos aoi, 0) / max(cos z, 0.01745), B = max(DNI cos z, 0) (B/GHI = 0 where GHI is 0).
 * The horizon part is the term added to Hay-Davies. No clipping, as pvlib.
 * Reindl, D.T., Beckman, W.A., Duffie, J.A. (1990), Evaluation of hourly tilted surface radiation
 * models, Solar Energy 45(1), 9-17, doi:10.1016/0038-092X(90)90061-G; Loutzenhiser et al. (2007)
 * eq. 8, doi:10.1016/j.solener.2006.03.009; follows pvlib.irradiance.reindl.
 * @param input surfaceTilt, surfaceAzimuth, solarZenith (apparent), solarAzimuth [deg], dhi, dni,
 *   ghi, dniExtra [W/m2]
 * @param out optional output buffers; the four output columns of a {@link skyDiffuseColumns}
 *   allocation (all four) are written by the WebAssembly kernel where they lie (a fixed plane)
 * @example
 * const sky = { surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: 40, solarAzimuth: 160, dhi: 150, dni: 600, ghi: 610, dniExtra: 1361 };
 * reindlSkyDiffuse(sky).poaSkyDiffuse[0]; // about 164 W/m2
 */
export function reindlSkyDiffuse(input: ReindlInput, out?: Partial<SkyDiffuseParts>): SkyDiffuseParts {
  const fn = 'reindlSkyDiffuse';
  checkObject(fn, 'input', input);
  const n = checkTransposition(fn, {
    ...planeColumns(input),
    dhi: [input.dhi, 'W/m2'],
    dni: [input.dni, 'W/m2'],
    ghi: [input.ghi, 'W/m2'],
    dniExtra: [input.dniExtra, 'W/m2'],
  });
  const res = partsOutput(out, n);
  const { surfaceTilt, surfaceAzimuth } = input;
  if (typeof surfaceTilt === 'number' && typeof surfaceAzimuth === 'number') {
    const direct = directAllocation(res.poaSkyDiffuse, res, n);
    if (direct !== null && reindlDirect(direct, n, surfaceTilt, surfaceAzimuth, input)) return res;
    if (!reindlWasm(n, surfaceTilt, surfaceAzimuth, input, res)) {
      reindlFixedPlane(n, surfaceTilt, surfaceAzimuth, input, res);
    }
  } else {
    skyModelKernel(REINDL, n, { ...input, albedo: 0 }, skyOnly(res.poaSkyDiffuse, res));
  }
  return res;
}

/**
 * Perez-Driesse sky diffuse on a tilted plane [W/m2] and its parts: the Perez (1990) model with
 * the 'allsitescomposite1990' table replaced by quadratic splines of the clearness zeta =
 * DNI / (DHI + DNI) (0 where DHI is 0, corrected by kappa z^3 as eq. 7), so that it and its first
 * derivatives are continuous; F1 is clipped to [0, 0.9]; the brightness delta takes the air mass
 * at 90 deg wherever the zenith is 90 or more. Sky diffuse max(DHI (t1 + t2 + t3), 0); the parts
 * are DHI t1, DHI t2 and DHI t3 unclipped, as pvlib.
 * Driesse, A., Jensen, A., Perez, R. (2024), A continuous form of the Perez diffuse sky model for
 * forward and reverse transposition, Solar Energy 267, 112093, doi:10.1016/j.solener.2023.112093;
 * follows pvlib.irradiance.perez_driesse.
 * @param input surfaceTilt, surfaceAzimuth, solarZenith (apparent), solarAzimuth [deg], dhi, dni,
 *   dniExtra [W/m2], airmass relative [unitless] optional
 * @param out optional output buffers
 * @example
 * const sky = { surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: 40, solarAzimuth: 160, dhi: 150, dni: 600, dniExtra: 1361 };
 * perezDriesseSkyDiffuse(sky).poaSkyDiffuse[0]; // about 188 W/m2
 */
export function perezDriesseSkyDiffuse(input: PerezDriesseInput, out?: Partial<SkyDiffuseParts>): SkyDiffuseParts {
  const fn = 'perezDriesseSkyDiffuse';
  checkObject(fn, 'input', input);
  const n = checkTransposition(fn, {
    ...planeColumns(input),
    dhi: [input.dhi, 'W/m2'],
    dni: [input.dni, 'W/m2'],
    dniExtra: [input.dniExtra, 'W/m2'],
    airmass: [input.airmass, 'relative air mass', true],
  });
  const res = partsOutput(out, n);
  skyModelKernel(PEREZ_DRIESSE, n, { ...input, ghi: 0, albedo: 0 }, skyOnly(res.poaSkyDiffuse, res));
  return res;
}

function planeColumns(input: {
  surfaceTilt: Column;
  surfaceAzimuth: Column;
  solarZenith: Column;
  solarAzimuth: Column;
}): Record<string, [Column | undefined, string, boolean?]> {
  return {
    surfaceTilt: [input.surfaceTilt, 'degrees'],
    surfaceAzimuth: [input.surfaceAzimuth, 'degrees east of north'],
    solarZenith: [input.solarZenith, 'degrees'],
    solarAzimuth: [input.solarAzimuth, 'degrees east of north'],
  };
}

function partsOutput(out: Partial<SkyDiffuseParts> | undefined, n: number): SkyDiffuseParts {
  return {
    poaSkyDiffuse: outputColumn(out?.poaSkyDiffuse, n, 'poaSkyDiffuse'),
    poaIsotropic: outputColumn(out?.poaIsotropic, n, 'poaIsotropic'),
    poaCircumsolar: outputColumn(out?.poaCircumsolar, n, 'poaCircumsolar'),
    poaHorizon: outputColumn(out?.poaHorizon, n, 'poaHorizon'),
  };
}

function skyOnly(sky: Float64Array, parts: SkyDiffuseParts | null): TranspositionBuffers {
  return {
    sky,
    global: null,
    direct: null,
    diffuse: null,
    ground: null,
    parts:
      parts === null
        ? null
        : { isotropic: parts.poaIsotropic, circumsolar: parts.poaCircumsolar, horizon: parts.poaHorizon },
  };
}

/** The models of {@link skyModelKernel}, by number. */
export const KLUCHER = 0;
export const REINDL = 1;
export const KING = 2;
export const PEREZ_DRIESSE = 3;

/**
 * The output buffers of the transposition kernels, by name. The sky diffuse is always written;
 * `global`, `direct`, `diffuse` and `ground` are written together when `ground` is given, and the
 * sky diffuse parts when `parts` is given.
 */
export interface TranspositionBuffers {
  sky: Float64Array;
  global: Float64Array | null;
  direct: Float64Array | null;
  diffuse: Float64Array | null;
  ground: Float64Array | null;
  parts: { isotropic: Float64Array; circumsolar: Float64Array; horizon: Float64Array } | null;
}

/** The columns the kernel reads (unused ones given as 0); airmass only by Perez-Driesse. */
export interface SkyModelKernelInput {
  surfaceTilt: Column;
  surfaceAzimuth: Column;
  solarZenith: Column;
  solarAzimuth: Column;
  dni: Column;
  ghi: Column;
  dhi: Column;
  dniExtra: Column;
  airmass?: Column | undefined;
  albedo: Column;
}

/**
 * The loop of Klucher, Reindl, King and Perez-Driesse: projection, the model's sky diffuse and
 * parts, and (when `out.ground` is given) ground-reflected, beam and totals, in one pass. The model
 * is a constant of the call, so its branches are predicted.
 */
export function skyModelKernel(model: number, n: number, input: SkyModelKernelInput, out: TranspositionBuffers): void {
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, dni, ghi, dhi, dniExtra, airmass, albedo } = input;
  const { sky: skyOut, global: globalOut, direct: directOut, diffuse: diffuseOut, ground: groundOut } = out;
  const isoOut = out.parts?.isotropic ?? null;
  const circOut = out.parts?.circumsolar ?? null;
  const horOut = out.parts?.horizon ?? null;
  const tiltA = typeof surfaceTilt === 'number' ? null : surfaceTilt;
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
  const tilt0 = scalarOf(surfaceTilt, 0);
  const cosT0 = Math.cos(tilt0 * D2R);
  const sinT0 = Math.sin(tilt0 * D2R);
  const sinHalf0 = Math.sin(tilt0 * 0.5 * D2R);
  const pdF = PD_F;
  const cosNodes = COS_NODES;
  const sinNodes = SIN_NODES;
  for (let i = 0; i < n; i++) {
    let cosT = cosT0;
    let sinT = sinT0;
    let sinHalf = sinHalf0;
    if (tiltA !== null) {
      const t = tiltA[i]! * D2R;
      cosT = Math.cos(t);
      sinT = Math.sin(t);
      if (model === KLUCHER || model === REINDL) sinHalf = Math.sin(t * 0.5);
    }
    const zenDeg = zA[i & zM]!;
    const z = zenDeg * D2R;
    let cosZ: number;
    let sinZ: number;
    if (zenDeg >= 0 && zenDeg <= 180) {
      // cos z and sin z from one quarter-degree node and its remainder series (trig-tables.ts).
      const k = Math.floor(zenDeg * 4 + 0.5);
      const r = (zenDeg - k * 0.25) * D2R;
      const r2 = r * r;
      const cr = 1 - r2 * (0.5 - r2 * (1 / 24));
      const sr = r * (1 - r2 * (1 / 6 - r2 * (1 / 120)));
      cosZ = cosNodes[k]! * cr - sinNodes[k]! * sr;
      sinZ = sinNodes[k]! * cr + cosNodes[k]! * sr;
    } else {
      cosZ = Math.cos(z);
      sinZ = Math.sin(z);
    }
    let proj = 0;
    if (model !== KING || groundOut !== null) {
      let daz = saA[i & saM]! - azA[i & azM]!;
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
      proj = cosT * cosZ + sinT * sinZ * cosDaz;
      if (proj > 1) proj = 1;
      else if (proj < -1) proj = -1;
    }
    const d = dhiA[i & dhiM]!;
    const g = ghiA[i & ghiM]!;
    const b = dniA[i & dniM]!;
    const a = proj < 0 ? 0 : proj;
    let sky: number;
    let t1 = 0;
    let t2 = 0;
    let t3 = 0;
    if (model === KLUCHER) {
      const ratio = d / g;
      let f = 1 - ratio * ratio;
      // 0/0 (and inf/inf) take F = 0 as pvlib's fillna; a NaN input stays NaN.
      if (f !== f && g === g && d === d) f = 0;
      const s3 = sinHalf * sinHalf * sinHalf;
      sky = d * (0.5 * (1 + cosT)) * (1 + f * s3) * (1 + f * (a * a) * (sinZ * sinZ * sinZ));
      // DHI > 0 over GHI 0 makes F infinite: pvlib's infinite sky is no irradiance, NaN here.
      if (sky - sky !== 0) sky = Number.NaN;
      t1 = sky;
    } else if (model === KING) {
      sky = (d * (1 + cosT)) / 2 + (g * (0.012 * zenDeg - 0.04) * (1 - cosT)) / 2;
      if (sky < 0) sky = 0;
      t1 = sky;
    } else if (model === REINDL) {
      const rb = a / (cosZ < REINDL_MIN_COS_ZENITH ? REINDL_MIN_COS_ZENITH : cosZ);
      const ai = b / exA[i & exM]!;
      let hb = b * cosZ;
      if (hb < 0) hb = 0;
      const hbToGhi = g === 0 ? 0 : hb / g;
      const h = Math.sqrt(hbToGhi) * (sinHalf * sinHalf * sinHalf);
      const term1 = ((1 - ai) * (1 + cosT)) / 2;
      const term2 = ai * rb;
      const term3 = term1 * h;
      sky = d * (term1 + term2 + term3);
      t1 = d * term1;
      t2 = d * term2;
      t3 = d * term3;
    } else {
      // Perez-Driesse: brightness delta and clearness zeta, then the six splines at zeta.
      let am = hasAirmass ? amA[i & amM]! : kastenYoung(zenDeg);
      if (zenDeg >= 90) am = AIRMASS_AT_90;
      const delta = d / (exA[i & exM]! / am);
      let zeta = d === 0 ? 0 : b / (d + b);
      const kterm = PEREZ_KAPPA * z * z * z;
      zeta = zeta / (1 - kterm * (zeta - 1));
      perezDriesseCoefficients(zeta, delta, z, pdF);
      let f1 = pdF[0]!;
      const f2 = pdF[1]!;
      f1 = f1 < 0 ? 0 : f1 > 0.9 ? 0.9 : f1;
      const bz = cosZ < COS_85 ? COS_85 : cosZ;
      const term1 = 0.5 * (1 - f1) * (1 + cosT);
      const term2 = (f1 * a) / bz;
      const term3 = f2 * sinT;
      sky = d * (term1 + term2 + term3);
      if (sky < 0) sky = 0;
      t1 = d * term1;
      t2 = d * term2;
      t3 = d * term3;
    }
    skyOut[i] = sky;
    if (isoOut !== null) {
      isoOut[i] = t1;
      circOut![i] = t2;
      horOut![i] = t3;
    }
    if (groundOut !== null) {
      const ground = g * albA[i & albM]! * (1 - cosT) * 0.5;
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
 * Klucher on a fixed plane (tilt and azimuth numbers): the rows of {@link skyModelKernel} for
 * KLUCHER with the plane's terms hoisted, giving the same doubles. Where F is 0 (DHI/GHI 0/0, the
 * night's rows, or 1) both Klucher factors are exactly 1 for any finite sun position, so the row is
 * DHI (1 + cos tilt)/2 without the projection's table lookups.
 */
export function klucherFixedPlane(
  n: number,
  surfaceTilt: number,
  surfaceAzimuth: number,
  input: { solarZenith: Column; solarAzimuth: Column; dhi: Column; ghi: Column },
  skyOut: Float64Array,
): void {
  const zA = columnOf(input.solarZenith, 0);
  const zM = maskOf(input.solarZenith);
  const saA = columnOf(input.solarAzimuth, 0);
  const saM = maskOf(input.solarAzimuth);
  const dhiA = columnOf(input.dhi, 0);
  const dhiM = maskOf(input.dhi);
  const ghiA = columnOf(input.ghi, 0);
  const ghiM = maskOf(input.ghi);
  const cosT = Math.cos(surfaceTilt * D2R);
  const sinT = Math.sin(surfaceTilt * D2R);
  const sinHalf = Math.sin(surfaceTilt * 0.5 * D2R);
  const iso = 0.5 * (1 + cosT);
  const s3 = sinHalf * sinHalf * sinHalf;
  const az = surfaceAzimuth;
  const cosNodes = COS_NODES;
  const sinNodes = SIN_NODES;
  for (let i = 0; i < n; i++) {
    const d = dhiA[i & dhiM]!;
    const g = ghiA[i & ghiM]!;
    const zenDeg = zA[i & zM]!;
    let daz = saA[i & saM]! - az;
    const ratio = d / g;
    let f = 1 - ratio * ratio;
    // 0/0 (and inf/inf) take F = 0 as pvlib's fillna; a NaN input stays NaN.
    if (f !== f && g === g && d === d) f = 0;
    if (f === 0 && zenDeg - zenDeg === 0 && daz - daz === 0) {
      // An infinite DHI (over an infinite GHI) is no irradiance: NaN, as below.
      const flat = d * iso;
      skyOut[i] = flat - flat === 0 ? flat : Number.NaN;
      continue;
    }
    let cosZ: number;
    let sinZ: number;
    if (zenDeg >= 0 && zenDeg <= 180) {
      const k = (zenDeg * 4 + 0.5) | 0;
      const r = (zenDeg - k * 0.25) * D2R;
      const r2 = r * r;
      const cr = 1 - r2 * (0.5 - r2 * (1 / 24));
      const sr = r * (1 - r2 * (1 / 6 - r2 * (1 / 120)));
      cosZ = cosNodes[k]! * cr - sinNodes[k]! * sr;
      sinZ = sinNodes[k]! * cr + cosNodes[k]! * sr;
    } else {
      cosZ = Math.cos(zenDeg * D2R);
      sinZ = Math.sin(zenDeg * D2R);
    }
    if (daz < 0) daz += 360;
    let cosDaz: number;
    if (daz >= 0 && daz <= 360) {
      const k = (daz * 4 + 0.5) | 0;
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
    const a = proj < 0 ? 0 : proj;
    let sky = d * iso * (1 + f * s3) * (1 + f * (a * a) * (sinZ * sinZ * sinZ));
    // DHI > 0 over GHI 0 makes F infinite: pvlib's infinite sky is no irradiance, NaN here.
    if (sky - sky !== 0) sky = Number.NaN;
    skyOut[i] = sky;
  }
}

/**
 * King on a fixed tilt: the rows of {@link skyModelKernel} for KING with the plane's terms
 * hoisted, giving the same doubles; no angle but the tilt's.
 */
export function kingFixedPlane(
  n: number,
  surfaceTilt: number,
  input: { solarZenith: Column; dhi: Column; ghi: Column },
  skyOut: Float64Array,
): void {
  const zA = columnOf(input.solarZenith, 0);
  const zM = maskOf(input.solarZenith);
  const dhiA = columnOf(input.dhi, 0);
  const dhiM = maskOf(input.dhi);
  const ghiA = columnOf(input.ghi, 0);
  const ghiM = maskOf(input.ghi);
  const cosT = Math.cos(surfaceTilt * D2R);
  const up = 1 + cosT;
  const down = 1 - cosT;
  for (let i = 0; i < n; i++) {
    let sky = (dhiA[i & dhiM]! * up) / 2 + (ghiA[i & ghiM]! * (0.012 * zA[i & zM]! - 0.04) * down) / 2;
    if (sky < 0) sky = 0;
    skyOut[i] = sky;
  }
}

/**
 * Reindl on a fixed plane (tilt and azimuth numbers): the rows of {@link skyModelKernel} for
 * REINDL with the plane's terms hoisted, giving the same doubles.
 */
export function reindlFixedPlane(
  n: number,
  surfaceTilt: number,
  surfaceAzimuth: number,
  input: {
    solarZenith: Column;
    solarAzimuth: Column;
    dhi: Column;
    dni: Column;
    ghi: Column;
    dniExtra: Column;
  },
  out: SkyDiffuseParts,
): void {
  const zA = columnOf(input.solarZenith, 0);
  const zM = maskOf(input.solarZenith);
  const saA = columnOf(input.solarAzimuth, 0);
  const saM = maskOf(input.solarAzimuth);
  const dhiA = columnOf(input.dhi, 0);
  const dhiM = maskOf(input.dhi);
  const dniA = columnOf(input.dni, 0);
  const dniM = maskOf(input.dni);
  const ghiA = columnOf(input.ghi, 0);
  const ghiM = maskOf(input.ghi);
  const exA = columnOf(input.dniExtra, 0);
  const exM = maskOf(input.dniExtra);
  const { poaSkyDiffuse: skyOut, poaIsotropic: isoOut, poaCircumsolar: circOut, poaHorizon: horOut } = out;
  const cosT = Math.cos(surfaceTilt * D2R);
  const sinT = Math.sin(surfaceTilt * D2R);
  const sinHalf = Math.sin(surfaceTilt * 0.5 * D2R);
  const up = 1 + cosT;
  const s3 = sinHalf * sinHalf * sinHalf;
  // The horizon factor where GHI is 0: sqrt(0) sin^3(tilt/2), signed as the kernel's.
  const h0 = Math.sqrt(0) * s3;
  const az = surfaceAzimuth;
  const cosNodes = COS_NODES;
  const sinNodes = SIN_NODES;
  for (let i = 0; i < n; i++) {
    const zenDeg = zA[i & zM]!;
    let daz = saA[i & saM]! - az;
    const d = dhiA[i & dhiM]!;
    const g = ghiA[i & ghiM]!;
    const b = dniA[i & dniM]!;
    const ex = exA[i & exM]!;
    if (g === 0 && b === 0 && ex > 0 && zenDeg - zenDeg === 0 && daz - daz === 0) {
      // No beam and no GHI (the night's rows): A = DNI / E0 is a signed zero, so A Rb is A for
      // any finite projection (Rb >= +0) and the horizon factor is h0; no angle is needed.
      const ai = b / ex;
      const term1 = ((1 - ai) * up) / 2;
      const term3 = term1 * h0;
      skyOut[i] = d * (term1 + ai + term3);
      isoOut[i] = d * term1;
      circOut[i] = d * ai;
      horOut[i] = d * term3;
      continue;
    }
    let cosZ: number;
    let sinZ: number;
    if (zenDeg >= 0 && zenDeg <= 180) {
      const k = (zenDeg * 4 + 0.5) | 0;
      const r = (zenDeg - k * 0.25) * D2R;
      const r2 = r * r;
      const cr = 1 - r2 * (0.5 - r2 * (1 / 24));
      const sr = r * (1 - r2 * (1 / 6 - r2 * (1 / 120)));
      cosZ = cosNodes[k]! * cr - sinNodes[k]! * sr;
      sinZ = sinNodes[k]! * cr + cosNodes[k]! * sr;
    } else {
      cosZ = Math.cos(zenDeg * D2R);
      sinZ = Math.sin(zenDeg * D2R);
    }
    if (daz < 0) daz += 360;
    let cosDaz: number;
    if (daz >= 0 && daz <= 360) {
      const k = (daz * 4 + 0.5) | 0;
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
    const a = proj < 0 ? 0 : proj;
    const rb = a / (cosZ < REINDL_MIN_COS_ZENITH ? REINDL_MIN_COS_ZENITH : cosZ);
    const ai = b / ex;
    let hb = b * cosZ;
    if (hb < 0) hb = 0;
    const hbToGhi = g === 0 ? 0 : hb / g;
    const h = Math.sqrt(hbToGhi) * s3;
    const term1 = ((1 - ai) * up) / 2;
    const term2 = ai * rb;
    const term3 = term1 * h;
    skyOut[i] = d * (term1 + term2 + term3);
    isoOut[i] = d * term1;
    circOut[i] = d * term2;
    horOut[i] = d * term3;
  }
}

/** The loaded WebAssembly form of the fixed-plane Klucher and Reindl loops (offsets in doubles). */
interface SkyDiffuseWasm {
  /** Rows, the byte addresses of zenith, azimuth, DHI, GHI and sky, then the plane's terms. */
  klucher: (
    rows: number,
    zenithAt: number,
    azimuthAt: number,
    dhiAt: number,
    ghiAt: number,
    skyAt: number,
    cosT: number,
    sinT: number,
    iso: number,
    s3: number,
    azimuth: number,
  ) => void;
  /** Rows, the byte addresses of the six inputs and four outputs, then the plane's terms. */
  reindl: (
    rows: number,
    zenithAt: number,
    azimuthAt: number,
    dhiAt: number,
    ghiAt: number,
    dniAt: number,
    extraAt: number,
    skyAt: number,
    isotropicAt: number,
    circumsolarAt: number,
    horizonAt: number,
    cosT: number,
    sinT: number,
    up: number,
    s3: number,
    h0: number,
    azimuth: number,
  ) => void;
  /** Rows, the byte addresses of zenith, DHI, GHI and sky, then 1 + cos tilt and 1 - cos tilt. */
  king: (rows: number, zenithAt: number, dhiAt: number, ghiAt: number, skyAt: number, up: number, down: number) => void;
  memory: Float64Array;
  blockRows: number;
  zenith: number;
  azimuth: number;
  dhi: number;
  ghi: number;
  dni: number;
  extra: number;
  sky: number;
  isotropic: number;
  circumsolar: number;
  horizon: number;
}

function loadSkyDiffuseWasm(): SkyDiffuseWasm | null {
  const kernel = loadWasmKernel(SKY_DIFFUSE_WASM_BASE64, { js: { cos: Math.cos, sin: Math.sin } });
  return kernel === null ? null : skyDiffuseKernelOf(kernel);
}

/** An instance's loop functions, memory (its node table written) and layout. */
function skyDiffuseKernelOf(kernel: WasmKernel): SkyDiffuseWasm {
  const { exports, memory, offset } = kernel;
  writePairs(memory, offset('nodeTable'), COS_NODES, SIN_NODES);
  return {
    klucher: exports.klucher as SkyDiffuseWasm['klucher'],
    reindl: exports.reindl as SkyDiffuseWasm['reindl'],
    king: exports.king as SkyDiffuseWasm['king'],
    memory,
    blockRows: (exports.blockRows as { value: number }).value,
    zenith: offset('zenith'),
    azimuth: offset('azimuth'),
    dhi: offset('dhi'),
    ghi: offset('ghi'),
    dni: offset('dni'),
    extra: offset('extra'),
    sky: offset('sky'),
    isotropic: offset('isotropic'),
    circumsolar: offset('circumsolar'),
    horizon: offset('horizon'),
  };
}

/** The module, loaded on first use; null where it cannot run or the kernels are off. */
const skyDiffuseWasm = lazyWasmKernel(loadSkyDiffuseWasm);

/**
 * Copies rows [start, end) of each column into the module's memory at its offset; an odd last
 * pair's second lane repeats the last row, so that it reads defined inputs.
 */
function copyIn(
  memory: Float64Array,
  columns: readonly Float64Array[],
  offsets: readonly number[],
  start: number,
  end: number,
): void {
  const rows = end - start;
  for (let c = 0; c < columns.length; c++) {
    const at = offsets[c]!;
    memory.set(columns[c]!.subarray(start, end), at);
    if ((rows & 1) === 1) memory[at + rows] = memory[at + rows - 1]!;
  }
}

/**
 * {@link klucherFixedPlane} in WebAssembly SIMD (wasm/sky-diffuse.wat), block by block: the same
 * doubles. Returns false, having done nothing, where the module cannot run or a column is one value.
 */
function klucherWasm(
  n: number,
  surfaceTilt: number,
  surfaceAzimuth: number,
  input: { solarZenith: Column; solarAzimuth: Column; dhi: Column; ghi: Column },
  skyOut: Float64Array,
): boolean {
  const { solarZenith, solarAzimuth, dhi, ghi } = input;
  if (
    typeof solarZenith === 'number' ||
    typeof solarAzimuth === 'number' ||
    typeof dhi === 'number' ||
    typeof ghi === 'number'
  ) {
    return false;
  }
  const kernel = skyDiffuseWasm();
  if (kernel === null) return false;
  const { memory, blockRows } = kernel;
  const cosT = Math.cos(surfaceTilt * D2R);
  const sinT = Math.sin(surfaceTilt * D2R);
  const sinHalf = Math.sin(surfaceTilt * 0.5 * D2R);
  const iso = 0.5 * (1 + cosT);
  const s3 = sinHalf * sinHalf * sinHalf;
  const columns = [solarZenith, solarAzimuth, dhi, ghi];
  const offsets = [kernel.zenith, kernel.azimuth, kernel.dhi, kernel.ghi];
  for (let start = 0; start < n; start += blockRows) {
    const end = start + blockRows < n ? start + blockRows : n;
    copyIn(memory, columns, offsets, start, end);
    const k = kernel;
    k.klucher(
      end - start,
      k.zenith * 8,
      k.azimuth * 8,
      k.dhi * 8,
      k.ghi * 8,
      k.sky * 8,
      cosT,
      sinT,
      iso,
      s3,
      surfaceAzimuth,
    );
    skyOut.set(memory.subarray(kernel.sky, kernel.sky + end - start), start);
  }
  return true;
}

/**
 * {@link reindlFixedPlane} in WebAssembly SIMD (wasm/sky-diffuse.wat), block by block: the same
 * doubles. Returns false, having done nothing, where the module cannot run or a column is one value.
 */
function reindlWasm(
  n: number,
  surfaceTilt: number,
  surfaceAzimuth: number,
  input: { solarZenith: Column; solarAzimuth: Column; dhi: Column; dni: Column; ghi: Column; dniExtra: Column },
  out: SkyDiffuseParts,
): boolean {
  const { solarZenith, solarAzimuth, dhi, ghi, dni, dniExtra } = input;
  if (
    typeof solarZenith === 'number' ||
    typeof solarAzimuth === 'number' ||
    typeof dhi === 'number' ||
    typeof ghi === 'number' ||
    typeof dni === 'number' ||
    typeof dniExtra === 'number'
  ) {
    return false;
  }
  const kernel = skyDiffuseWasm();
  if (kernel === null) return false;
  const { memory, blockRows } = kernel;
  const cosT = Math.cos(surfaceTilt * D2R);
  const sinT = Math.sin(surfaceTilt * D2R);
  const sinHalf = Math.sin(surfaceTilt * 0.5 * D2R);
  const s3 = sinHalf * sinHalf * sinHalf;
  const h0 = Math.sqrt(0) * s3;
  const columns = [solarZenith, solarAzimuth, dhi, ghi, dni, dniExtra];
  const offsets = [kernel.zenith, kernel.azimuth, kernel.dhi, kernel.ghi, kernel.dni, kernel.extra];
  for (let start = 0; start < n; start += blockRows) {
    const end = start + blockRows < n ? start + blockRows : n;
    const rows = end - start;
    copyIn(memory, columns, offsets, start, end);
    const k = kernel;
    k.reindl(
      rows,
      k.zenith * 8,
      k.azimuth * 8,
      k.dhi * 8,
      k.ghi * 8,
      k.dni * 8,
      k.extra * 8,
      k.sky * 8,
      k.isotropic * 8,
      k.circumsolar * 8,
      k.horizon * 8,
      cosT,
      sinT,
      1 + cosT,
      s3,
      h0,
      surfaceAzimuth,
    );
    out.poaSkyDiffuse.set(memory.subarray(kernel.sky, kernel.sky + rows), start);
    out.poaIsotropic.set(memory.subarray(kernel.isotropic, kernel.isotropic + rows), start);
    out.poaCircumsolar.set(memory.subarray(kernel.circumsolar, kernel.circumsolar + rows), start);
    out.poaHorizon.set(memory.subarray(kernel.horizon, kernel.horizon + rows), start);
  }
  return true;
}

/**
 * {@link kingFixedPlane} in WebAssembly SIMD (wasm/sky-diffuse.wat), block by block: the same
 * doubles. Returns false, having done nothing, where the module cannot run or a column is one value.
 */
function kingWasm(
  n: number,
  surfaceTilt: number,
  input: { solarZenith: Column; dhi: Column; ghi: Column },
  skyOut: Float64Array,
): boolean {
  const { solarZenith, dhi, ghi } = input;
  if (typeof solarZenith === 'number' || typeof dhi === 'number' || typeof ghi === 'number') return false;
  const kernel = skyDiffuseWasm();
  if (kernel === null) return false;
  const { memory, blockRows } = kernel;
  const cosT = Math.cos(surfaceTilt * D2R);
  const columns = [solarZenith, dhi, ghi];
  const offsets = [kernel.zenith, kernel.dhi, kernel.ghi];
  for (let start = 0; start < n; start += blockRows) {
    const end = start + blockRows < n ? start + blockRows : n;
    copyIn(memory, columns, offsets, start, end);
    kernel.king(end - start, kernel.zenith * 8, kernel.dhi * 8, kernel.ghi * 8, kernel.sky * 8, 1 + cosT, 1 - cosT);
    skyOut.set(memory.subarray(kernel.sky, kernel.sky + end - start), start);
  }
  return true;
}

/**
 * The input and output columns of {@link klucherSkyDiffuse}, {@link reindlSkyDiffuse} and
 * {@link kingSkyDiffuse} that {@link skyDiffuseColumns} allocates, one column each (units as
 * {@link ReindlInput} and {@link SkyDiffuseParts}).
 */
export interface SkyDiffuseColumns extends SkyDiffuseParts {
  /** Solar zenith (apparent) [deg]: an input column to fill. */
  solarZenith: Float64Array;
  /** Solar azimuth, east of north [deg]: an input column to fill (Klucher, Reindl). */
  solarAzimuth: Float64Array;
  /** Diffuse horizontal irradiance [W/m2]: an input column to fill. */
  dhi: Float64Array;
  /** Global horizontal irradiance [W/m2]: an input column to fill. */
  ghi: Float64Array;
  /** Direct normal irradiance [W/m2]: an input column to fill (Reindl). */
  dni: Float64Array;
  /** Extraterrestrial normal irradiance [W/m2]: an input column to fill (Reindl). */
  dniExtra: Float64Array;
}

/** The input columns of a skyDiffuseColumns allocation, in the order of their addresses. */
const DIRECT_INPUTS = ['solarZenith', 'solarAzimuth', 'dhi', 'ghi', 'dni', 'dniExtra'] as const;

/** A skyDiffuseColumns allocation in the memory of a sky-diffuse instance of its own. */
interface SkyDiffuseDirect {
  kernel: SkyDiffuseWasm;
  rows: number;
  columns: SkyDiffuseColumns;
  /** Offsets in doubles of the six inputs (DIRECT_INPUTS), then sky, isotropic, circumsolar, horizon. */
  at: number[];
}

/** The allocations of skyDiffuseColumns, by their poaSkyDiffuse column. */
const directAllocations = new WeakMap<Float64Array, SkyDiffuseDirect>();

/**
 * Columns for {@link klucherSkyDiffuse}, {@link reindlSkyDiffuse} and {@link kingSkyDiffuse} on
 * a fixed plane (tilt and azimuth numbers) that their WebAssembly kernels read and write where
 * they lie: views of the memory of a sky-diffuse instance of their own, whose memory grows to
 * hold them. Given the allocation's `poaSkyDiffuse` as `out` (Klucher, King) or its four output
 * columns (Reindl, e.g. the allocation itself), a model copies no result out of the module's
 * memory and, when its inputs are the allocation's own columns of their names, no input in; other
 * input columns (or numbers) are copied into the allocation's columns of their names first. An
 * input given as another of the allocation's columns (DHI as its `ghi`) takes the copying path, as
 * a copy could overwrite it before it is read. The
 * results are the same doubles as the ordinary path's. For many calls on series of one length
 * (planes of one site over one year): allocate once, fill the inputs, call per plane. Units:
 * solarZenith and solarAzimuth degrees (azimuth east of north), dhi, ghi, dni, dniExtra and the
 * outputs W/m2. Where the WebAssembly kernel cannot run (or its memory cannot grow so far),
 * plain columns, with which the models run their ordinary path (the same doubles). The columns
 * keep their memory (about 80 bytes a row) for as long as any of them is referenced. The models:
 * Klucher (1979) doi:10.1016/0038-092X(79)90110-5, Reindl et al. (1990)
 * doi:10.1016/0038-092X(90)90061-G, King (Sandia, unpublished; as pvlib, Holmgren et al. 2018
 * doi:10.21105/joss.00884).
 * @param rows the length of every column [rows], a whole number >= 0
 * @example
 * const columns = skyDiffuseColumns(3);
 * columns.solarZenith.fill(40);
 * columns.solarAzimuth.fill(160);
 * columns.dhi.fill(150);
 * columns.ghi.fill(610);
 * const { solarZenith, solarAzimuth, dhi, ghi } = columns;
 * klucherSkyDiffuse({ surfaceTilt: 30, surfaceAzimuth: 180, solarZenith, solarAzimuth, dhi, ghi }, columns.poaSkyDiffuse)[2]; // about 175 W/m2
 */
export function skyDiffuseColumns(rows: number): SkyDiffuseColumns {
  const fn = 'skyDiffuseColumns';
  checkAtLeast(fn, 'rows', rows, 0, 'rows');
  if (!Number.isInteger(rows)) rangeFailure(fn, 'rows', 'a whole number of rows', rows);
  const direct = skyDiffuseWasm() === null ? null : allocateDirect(rows);
  if (direct !== null) return direct.columns;
  const column = () => new Float64Array(rows);
  return {
    solarZenith: column(),
    solarAzimuth: column(),
    dhi: column(),
    ghi: column(),
    dni: column(),
    dniExtra: column(),
    poaSkyDiffuse: column(),
    poaIsotropic: column(),
    poaCircumsolar: column(),
    poaHorizon: column(),
  };
}

/**
 * A new instance of the sky-diffuse module whose memory holds the ten columns after its table
 * and block, each at a 16-byte boundary with room for an even number of rows (the last pair of an
 * odd length reads and writes one slot past the view); null where the memory cannot grow so far.
 */
function allocateDirect(rows: number): SkyDiffuseDirect | null {
  const loaded = loadWasmKernel(SKY_DIFFUSE_WASM_BASE64, { js: { cos: Math.cos, sin: Math.sin } });
  if (loaded === null) return null;
  // After the block of the copying path (unused by this instance), at a 16-byte boundary.
  const first = loaded.offset('horizon') + (loaded.exports.blockRows as { value: number }).value;
  const placed = growForColumns(loaded, first, 10, rows);
  if (placed === null) return null;
  const kernel = skyDiffuseKernelOf({ ...loaded, memory: placed.memory });
  const { at, views } = placed;
  const columns: SkyDiffuseColumns = {
    solarZenith: views[0]!,
    solarAzimuth: views[1]!,
    dhi: views[2]!,
    ghi: views[3]!,
    dni: views[4]!,
    dniExtra: views[5]!,
    poaSkyDiffuse: views[6]!,
    poaIsotropic: views[7]!,
    poaCircumsolar: views[8]!,
    poaHorizon: views[9]!,
  };
  const direct: SkyDiffuseDirect = { kernel, rows, columns, at };
  directAllocations.set(columns.poaSkyDiffuse, direct);
  return direct;
}

/**
 * The skyDiffuseColumns allocation whose poaSkyDiffuse `sky` is (and, with `parts`, whose four
 * output columns they are), of n rows, while the kernels are on; else null.
 */
function directAllocation(sky: Float64Array, parts: SkyDiffuseParts | null, n: number): SkyDiffuseDirect | null {
  const direct = directAllocations.get(sky);
  if (direct === undefined || direct.rows !== n || skyDiffuseWasm() === null) return null;
  const c = direct.columns;
  if (parts === null) return direct;
  const same =
    parts.poaIsotropic === c.poaIsotropic &&
    parts.poaCircumsolar === c.poaCircumsolar &&
    parts.poaHorizon === c.poaHorizon;
  return same ? direct : null;
}

/**
 * The byte addresses of the named input columns in an allocation, the inputs staged into the
 * allocation's columns of their names (stageInputs: a copy unless it is that column, a number
 * filled, an odd length's last row repeated); null, having written nothing, where an input is
 * another of the allocation's columns, which a copy could overwrite before it is read.
 */
function directInputs(
  d: SkyDiffuseDirect,
  n: number,
  input: Partial<Record<(typeof DIRECT_INPUTS)[number], Column>>,
  names: readonly number[],
): number[] | null {
  const { columns, at } = d;
  const staged = names.map((k) => [input[DIRECT_INPUTS[k]!]!, columns[DIRECT_INPUTS[k]!], at[k]!] as const);
  return stageInputs(d.kernel.memory, n, staged) ? names.map((k) => at[k]! * 8) : null;
}

/**
 * klucherFixedPlane by the module of a skyDiffuseColumns allocation, every row in one call, in
 * place; false, having done nothing, where an input is another of the allocation's columns.
 */
function klucherDirect(
  d: SkyDiffuseDirect,
  n: number,
  surfaceTilt: number,
  surfaceAzimuth: number,
  input: { solarZenith: Column; solarAzimuth: Column; dhi: Column; ghi: Column },
): boolean {
  const addresses = directInputs(d, n, input, [0, 1, 2, 3]);
  if (addresses === null) return false;
  const [z, az, dhi, ghi] = addresses;
  const cosT = Math.cos(surfaceTilt * D2R);
  const sinT = Math.sin(surfaceTilt * D2R);
  const sinHalf = Math.sin(surfaceTilt * 0.5 * D2R);
  const s3 = sinHalf * sinHalf * sinHalf;
  d.kernel.klucher(n, z!, az!, dhi!, ghi!, d.at[6]! * 8, cosT, sinT, 0.5 * (1 + cosT), s3, surfaceAzimuth);
  return true;
}

/**
 * reindlFixedPlane by the module of a skyDiffuseColumns allocation, every row in one call, in
 * place; false, having done nothing, where an input is another of the allocation's columns.
 */
function reindlDirect(
  d: SkyDiffuseDirect,
  n: number,
  surfaceTilt: number,
  surfaceAzimuth: number,
  input: { solarZenith: Column; solarAzimuth: Column; dhi: Column; ghi: Column; dni: Column; dniExtra: Column },
): boolean {
  const addresses = directInputs(d, n, input, [0, 1, 2, 3, 4, 5]);
  if (addresses === null) return false;
  const [z, az, dhi, ghi, dni, ex] = addresses;
  const cosT = Math.cos(surfaceTilt * D2R);
  const sinT = Math.sin(surfaceTilt * D2R);
  const sinHalf = Math.sin(surfaceTilt * 0.5 * D2R);
  const s3 = sinHalf * sinHalf * sinHalf;
  const at = d.at;
  d.kernel.reindl(
    n,
    z!,
    az!,
    dhi!,
    ghi!,
    dni!,
    ex!,
    at[6]! * 8,
    at[7]! * 8,
    at[8]! * 8,
    at[9]! * 8,
    cosT,
    sinT,
    1 + cosT,
    s3,
    Math.sqrt(0) * s3,
    surfaceAzimuth,
  );
  return true;
}

/**
 * kingFixedPlane by the module of a skyDiffuseColumns allocation, every row in one call, in place;
 * false, having done nothing, where an input is another of the allocation's columns.
 */
function kingDirect(
  d: SkyDiffuseDirect,
  n: number,
  surfaceTilt: number,
  input: { solarZenith: Column; dhi: Column; ghi: Column },
): boolean {
  const addresses = directInputs(d, n, input, [0, 2, 3]);
  if (addresses === null) return false;
  const [z, dhi, ghi] = addresses;
  const cosT = Math.cos(surfaceTilt * D2R);
  d.kernel.king(n, z!, dhi!, ghi!, d.at[6]! * 8, 1 + cosT, 1 - cosT);
  return true;
}

/** Scratch of {@link perezDriesseCoefficients}: F1 and F2. */
const PD_F = new Float64Array(2);

/**
 * The Perez-Driesse brightness coefficients F1 = F11 + F12 delta + F13 z and F2 = F21 + F22 delta +
 * F23 z [unitless] at the clearness zeta, written to out[0] and out[1] (F1 before its clip). The
 * six splines share one Cox-de Boor basis of degree 2 on the knot interval of zeta; below 0 and
 * above 1 the end pieces extrapolate, as scipy's splev does. NaN zeta gives NaN.
 */
export function perezDriesseCoefficients(zeta: number, delta: number, z: number, out: Float64Array): void {
  const knots = PEREZ_DRIESSE_KNOTS;
  const coeffs = PD_COEFFS;
  // Knot interval l (2..9) with knots[l] <= zeta < knots[l + 1].
  let l = 2;
  while (l < 9 && zeta >= knots[l + 1]!) l++;
  const left1 = zeta - knots[l]!;
  const left2 = zeta - knots[l - 1]!;
  const right1 = knots[l + 1]! - zeta;
  const right2 = knots[l + 2]! - zeta;
  let temp = 1 / (right1 + left1);
  const n0a = right1 * temp;
  const n1a = left1 * temp;
  temp = n0a / (right1 + left2);
  const n0 = right1 * temp;
  let saved = left2 * temp;
  temp = n1a / (right2 + left1);
  const n1 = saved + right2 * temp;
  saved = left1 * temp;
  const n2 = saved;
  const k = (l - 2) * 6;
  const f11 = n0 * coeffs[k]! + n1 * coeffs[k + 6]! + n2 * coeffs[k + 12]!;
  const f12 = n0 * coeffs[k + 1]! + n1 * coeffs[k + 7]! + n2 * coeffs[k + 13]!;
  const f13 = n0 * coeffs[k + 2]! + n1 * coeffs[k + 8]! + n2 * coeffs[k + 14]!;
  const f21 = n0 * coeffs[k + 3]! + n1 * coeffs[k + 9]! + n2 * coeffs[k + 15]!;
  const f22 = n0 * coeffs[k + 4]! + n1 * coeffs[k + 10]! + n2 * coeffs[k + 16]!;
  const f23 = n0 * coeffs[k + 5]! + n1 * coeffs[k + 11]! + n2 * coeffs[k + 17]!;
  out[0] = f11 + f12 * delta + f13 * z;
  out[1] = f21 + f22 * delta + f23 * z;
}

/** Kasten & Young (1989) relative air mass for one zenith [deg]; NaN above 90 deg, as pvlib. */
export function kastenYoung(zenith: number): number {
  if (zenith > 90) return Number.NaN;
  return 1 / (Math.cos(zenith * D2R) + 0.50572 * Math.pow(96.07995 - zenith, -1.6364));
}
