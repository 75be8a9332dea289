/**
 * Reverse transposition: GHI from a plane-of-array measurement by bisection over the forward
 * chain Erbs-Driesse then Perez-Driesse (Driesse et al. 2024). Angles in degrees, irradiance W/m2.
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { checkAtLeast, checkObject } from '../util/validate.js';
import { checkTransposition } from './checks.js';
import { erbsDriesseFraction } from './diffuse-fraction.js';
import { AIRMASS_AT_90, kastenYoung, perezDriesseCoefficients } from './sky-diffuse.js';

const D2R = Math.PI / 180;
const COS_85 = Math.cos(85 * D2R);
const PEREZ_KAPPA = 1.041;
/** scipy.optimize.bisect's relative tolerance, 4 machine epsilons. */
const BISECT_RTOL = 4 * Number.EPSILON;
/** pvlib's iteration limit of the bisection. */
const BISECT_MAXITER = 25;

/** Inputs of {@link ghiFromPoaDriesse2024}. Angles [deg], irradiance [W/m2]. */
export interface GhiFromPoaInput {
  /** Tilt of the plane from horizontal [deg]. */
  surfaceTilt: Column;
  /** Azimuth of the plane's normal, east of north [deg]. */
  surfaceAzimuth: Column;
  /** Solar zenith [deg]. */
  solarZenith: Column;
  /** Solar azimuth, east of north [deg]. */
  solarAzimuth: Column;
  /** Global irradiance on the plane (a POA sensor) [W/m2]. */
  poaGlobal: Column;
  /** Extraterrestrial normal irradiance [W/m2]. */
  dniExtra: Column;
  /** Relative air mass [unitless]; Kasten & Young (1989) from solarZenith when absent. */
  airmass?: Column;
  /** Ground albedo [0..1], default 0.25. */
  albedo?: Column;
}

/** Options of {@link ghiFromPoaDriesse2024}. */
export interface GhiFromPoaOptions {
  /** The bisection stops when the GHI bracket is narrower than this [W/m2]; default 0.01, above 0. */
  xtol?: number;
}

/** GHI [W/m2] and, per row, whether the bisection converged (1 or 0) and its iterations. */
export interface GhiFromPoa {
  /** Global horizontal irradiance [W/m2]; NaN where no GHI up to kt 1.25 gives the POA. */
  ghi: Float64Array;
  /** 1 where the bisection converged (or the POA is 0 or less: GHI 0), else 0. */
  converged: Float64Array;
  /** Bisection iterations; 0 for a POA <= 0 or NaN, -1 where there was no bracket or a NaN on the way. */
  niter: Float64Array;
}

/**
 * GHI from plane-of-array global irradiance [W/m2] (Driesse et al. 2024): per row, a bisection on
 * GHI in [0, max(10, 1.25 E0 cos z)] of POA(GHI) - poaGlobal, where POA(GHI) decomposes GHI by
 * Erbs-Driesse and transposes it by Perez-Driesse (with albedo), stopping within xtol; scipy's
 * bisect as pvlib calls it (at most 25 iterations). A POA <= 0 gives GHI 0; NaN gives NaN; no sign
 * change over the bracket, or a NaN on the way, gives NaN (niter -1).
 * Driesse, A., Jensen, A., Perez, R. (2024), A continuous form of the Perez diffuse sky model for
 * forward and reverse transposition, Solar Energy 267, 112093, doi:10.1016/j.solener.2023.112093;
 * follows pvlib.irradiance.ghi_from_poa_driesse_2024.
 * @param input surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth [deg], poaGlobal, dniExtra
 *   [W/m2], airmass relative optional, albedo [0..1] default 0.25
 * @param options xtol [W/m2] default 0.01
 * @param out optional output buffers
 * @example
 * const plane = { surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: 40, solarAzimuth: 160, dniExtra: 1361 };
 * ghiFromPoaDriesse2024({ ...plane, poaGlobal: 780 }).ghi[0]; // about 632 W/m2
 */
export function ghiFromPoaDriesse2024(
  input: GhiFromPoaInput,
  options: GhiFromPoaOptions = {},
  out?: Partial<GhiFromPoa>,
): GhiFromPoa {
  const fn = 'ghiFromPoaDriesse2024';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth, poaGlobal, dniExtra, airmass } = input;
  const albedo = input.albedo ?? 0.25;
  const n = checkTransposition(fn, {
    surfaceTilt: [surfaceTilt, 'degrees'],
    surfaceAzimuth: [surfaceAzimuth, 'degrees east of north'],
    solarZenith: [solarZenith, 'degrees'],
    solarAzimuth: [solarAzimuth, 'degrees east of north'],
    poaGlobal: [poaGlobal, 'W/m2'],
    dniExtra: [dniExtra, 'W/m2'],
    airmass: [airmass, 'relative air mass', true],
    albedo: [albedo, '0..1'],
  });
  const xtol = options.xtol ?? 0.01;
  checkAtLeast(fn, 'options.xtol', xtol, 0, 'W/m2', true);
  const res: GhiFromPoa = {
    ghi: outputColumn(out?.ghi, n, 'ghi'),
    converged: outputColumn(out?.converged, n, 'converged'),
    niter: outputColumn(out?.niter, n, 'niter'),
  };
  const tA = columnOf(surfaceTilt, 0);
  const tM = maskOf(surfaceTilt);
  const azA = columnOf(surfaceAzimuth, 0);
  const azM = maskOf(surfaceAzimuth);
  const zA = columnOf(solarZenith, 0);
  const zM = maskOf(solarZenith);
  const saA = columnOf(solarAzimuth, 0);
  const saM = maskOf(solarAzimuth);
  const pA = columnOf(poaGlobal, 0);
  const pM = maskOf(poaGlobal);
  const eA = columnOf(dniExtra, 0);
  const eM = maskOf(dniExtra);
  const amA = columnOf(airmass, 0);
  const amM = maskOf(airmass);
  const alA = columnOf(albedo, 0);
  const alM = maskOf(albedo);
  const hasAirmass = airmass !== undefined;
  const { ghi: ghiOut, converged: convOut, niter: iterOut } = res;
  for (let i = 0; i < n; i++) {
    const poa = pA[i & pM]!;
    if (poa !== poa) {
      ghiOut[i] = Number.NaN;
      convOut[i] = 0;
      iterOut[i] = 0;
      continue;
    }
    if (poa <= 0) {
      ghiOut[i] = 0;
      convOut[i] = 1;
      iterOut[i] = 0;
      continue;
    }
    // The row's geometry, once: the forward model is then a function of GHI alone.
    const tilt = tA[i & tM]! * D2R;
    const zenDeg = zA[i & zM]!;
    const z = zenDeg * D2R;
    const cosT = Math.cos(tilt);
    const row = ROW;
    row[COS_T] = cosT;
    row[SIN_T] = Math.sin(tilt);
    const cosZ = Math.cos(z);
    let proj = cosT * cosZ + row[SIN_T]! * Math.sin(z) * Math.cos((saA[i & saM]! - azA[i & azM]!) * D2R);
    proj = proj > 1 ? 1 : proj < -1 ? -1 : proj;
    row[PROJ] = proj;
    row[COS_Z] = cosZ;
    row[Z] = z;
    row[ZEN_DEG] = zenDeg;
    const extra = eA[i & eM]!;
    row[EXTRA] = extra;
    let am = hasAirmass ? amA[i & amM]! : kastenYoung(zenDeg);
    if (zenDeg >= 90) am = AIRMASS_AT_90;
    row[AM] = am;
    row[GROUND] = alA[i & alM]! * (1 - cosT) * 0.5;
    row[POA] = poa;
    // scipy.optimize.bisect (its C loop), with pvlib's bracket and limits.
    let xa = 0;
    const clear = 1.25 * extra * cosZ;
    const xb = clear > 10 ? clear : 10;
    const fa = poaError(xa, row);
    const fb = poaError(xb, row);
    let root: number;
    let converged = 0;
    let iterations = -1;
    if (fa !== fa || fb !== fb || fa * fb > 0) {
      root = Number.NaN;
    } else if (fa === 0) {
      root = xa;
      converged = 1;
      iterations = 0;
    } else if (fb === 0) {
      root = xb;
      converged = 1;
      iterations = 0;
    } else {
      let dm = xb - xa;
      root = xa;
      iterations = 0;
      let failed = false;
      for (let k = 0; k < BISECT_MAXITER; k++) {
        iterations++;
        dm *= 0.5;
        const xm = xa + dm;
        const fm = poaError(xm, row);
        if (fm !== fm) {
          failed = true;
          break;
        }
        if (fm * fa >= 0) xa = xm;
        if (fm === 0 || Math.abs(dm) < xtol + BISECT_RTOL * Math.abs(xm)) {
          root = xm;
          converged = 1;
          break;
        }
        root = xa;
      }
      if (failed) {
        root = Number.NaN;
        converged = 0;
        iterations = -1;
      }
    }
    ghiOut[i] = root;
    convOut[i] = converged;
    iterOut[i] = iterations;
  }
  return res;
}

/** The slots of a row's constants in ROW. */
const COS_T = 0;
const SIN_T = 1;
const PROJ = 2;
const COS_Z = 3;
const Z = 4;
const ZEN_DEG = 5;
const EXTRA = 6;
const AM = 7;
const GROUND = 8;
const POA = 9;
/** The constants of the row being solved (one scratch array, no per-row objects). */
const ROW = new Float64Array(10);
/** F1 and F2 of the Perez-Driesse splines. */
const F = new Float64Array(2);

/**
 * POA(GHI) - poaGlobal [W/m2] for the row in `row`: Erbs-Driesse (minCosZenith 0.065, maxZenith 87,
 * kt clipped to [0, 1]) then Perez-Driesse, ground-reflected and beam, as pvlib's _poa_from_ghi.
 */
function poaError(ghi: number, row: Float64Array): number {
  const cosZ = row[COS_Z]!;
  const zenDeg = row[ZEN_DEG]!;
  const extra = row[EXTRA]!;
  const g = ghi < 0 ? 0 : ghi;
  let kt = g / (extra * (cosZ < 0.065 ? 0.065 : cosZ));
  kt = kt < 0 ? 0 : kt > 1 ? 1 : kt;
  let dhi = erbsDriesseFraction(kt) * g;
  let dni = (g - dhi) / cosZ;
  if (zenDeg > 87 || g < 0 || dni < 0) {
    dni = 0;
    dhi = g;
  }
  const z = row[Z]!;
  const proj = row[PROJ]!;
  const cosT = row[COS_T]!;
  const delta = dhi / (extra / row[AM]!);
  let zeta = dhi === 0 ? 0 : dni / (dhi + dni);
  const kterm = PEREZ_KAPPA * z * z * z;
  zeta = zeta / (1 - kterm * (zeta - 1));
  perezDriesseCoefficients(zeta, delta, z, F);
  let f1 = F[0]!;
  f1 = f1 < 0 ? 0 : f1 > 0.9 ? 0.9 : f1;
  const bz = cosZ < COS_85 ? COS_85 : cosZ;
  const a = proj < 0 ? 0 : proj;
  let sky = dhi * (0.5 * (1 - f1) * (1 + cosT) + (f1 * a) / bz + F[1]! * row[SIN_T]!);
  if (sky < 0) sky = 0;
  let direct = dni * proj;
  if (direct < 0) direct = 0;
  return direct + (sky + ghi * row[GROUND]!) - row[POA]!;
}
