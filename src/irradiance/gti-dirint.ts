/**
 * GTI-DIRINT (Marion 2015): GHI, DNI and DHI from a plane-of-array (global tilted) measurement,
 * by iterating DIRINT and a transposition model until the modelled POA meets the measured one.
 * Angles in degrees, irradiance W/m2, times Unix seconds, pressure Pa.
 */
import { dayOfYearFromEpochDays, spencerDistanceFactor } from '../atmosphere/extraterrestrial.js';
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import {
  checkAtLeast,
  checkIncreasing,
  checkObject,
  checkOneOf,
  checkPressurePa,
  checkSeries,
  checkTimes,
  rangeFailure,
} from '../util/validate.js';
import {
  DELTA_KT_UNKNOWN_BIN,
  deltaKtPrimeBin,
  ktPrimeBin,
  maxwellDeltaKn,
  maxwellKnClear,
  precipitableWaterBin,
  W_UNKNOWN_BIN,
  zenithBin,
} from './decomposition.js';
import { DIRINT_COEFFICIENTS } from './dirint-coefficients.js';
import type { PerezCoefficientSet } from './perez-coefficients.js';
import { SKY_DIFFUSE_MODELS, type SkyDiffuseModel, type TotalIrradiance, totalIrradiance } from './transposition.js';

const D2R = Math.PI / 180;
const SECONDS_PER_DAY = 86_400;

/** Inputs of {@link gtiDirint}. Angles [deg], irradiance [W/m2]. */
export interface GtiDirintInput {
  /** Measured global irradiance on the plane [W/m2]. */
  poaGlobal: Column;
  /** Angle of incidence on the plane [deg]. */
  aoi: Column;
  /** True solar zenith [deg]. */
  solarZenith: Column;
  /** Solar azimuth, east of north [deg]: morning below 180, afternoon above. */
  solarAzimuth: Column;
  /** Times [s, Unix, UTC], strictly increasing (the stability index reads the neighbours). */
  unixSeconds: Float64Array;
  /** Tilt of the plane from horizontal [deg]. */
  surfaceTilt: Column;
  /** Azimuth of the plane's normal, east of north [deg]. */
  surfaceAzimuth: Column;
  /** Site pressure [Pa]; default 101325. */
  pressure?: Column;
  /** Surface dew point [deg C] for DIRINT's precipitable water; absent: no dew-point refinement. */
  tempDew?: Column;
  /** Ground albedo [0..1]; default 0.25. */
  albedo?: Column;
}

/** Options of {@link gtiDirint}: pvlib's, by their names in camelCase. */
export interface GtiDirintOptions {
  /** Use DIRINT's stability index from the neighbouring rows; default true (off for rows 1.5 h or more apart). */
  useDeltaKtPrime?: boolean;
  /** The transposition model of the iteration, pvlib's name; default 'perez' (Marion's). */
  model?: SkyDiffuseModel;
  /** Perez coefficient set; default 'allsitescomposite1990'. */
  modelPerez?: PerezCoefficientSet | '1990';
  /** Also solve rows with aoi >= 90 deg (Marion's section 2.2); default true, else they are NaN. */
  calculateGt90?: boolean;
  /** Iterations of the aoi < 90 deg search; default 30. */
  maxIterations?: number;
}

/** GHI, DNI and DHI [W/m2] of {@link gtiDirint}. */
export interface GtiDirint {
  /** Global horizontal irradiance [W/m2]. */
  ghi: Float64Array;
  /** Direct normal irradiance [W/m2]. */
  dni: Float64Array;
  /** Diffuse horizontal irradiance [W/m2]. */
  dhi: Float64Array;
}

/**
 * GTI-DIRINT: GHI, DNI and DHI [W/m2] from plane-of-array global irradiance. For aoi < 90 deg, kt of
 * the plane (Marion eq. 2), DISC and DIRINT give DNI, GHI = kt E0 max(cos z, 0.065), DHI = GHI -
 * DNI cos z; the chosen transposition model gives the POA, and the POA fed to the next round is
 * corrected by 1, 0.5, 0.25, 0.125 times the difference (eq. 4) until every row is within 1 W/m2
 * or maxIterations; each row keeps its closest round. For aoi >= 90 deg, kt' is the day's mean
 * over 65 < aoi < 80 deg of the same half-day, and an isotropic sky with ground reflection gives
 * DHI (section 2.2). E0 is Spencer's with 1370 W/m2, the air mass Kasten (1966) with the pressure.
 * Throws when no row has aoi < 90 deg, as pvlib.
 * Marion, B. (2015), A model for deriving the direct normal and diffuse horizontal irradiance from
 * the global tilted irradiance, Solar Energy 122, 1037-1046, doi:10.1016/j.solener.2015.10.024;
 * follows pvlib.irradiance.gti_dirint.
 * @param input poaGlobal [W/m2], aoi, solarZenith, solarAzimuth [deg], unixSeconds [s],
 *   surfaceTilt, surfaceAzimuth [deg], pressure [Pa], tempDew [deg C], albedo [0..1]
 * @param options useDeltaKtPrime, model, modelPerez, calculateGt90, maxIterations
 * @param out optional output buffers
 * @example
 * const t = Float64Array.from({ length: 3 }, (_, i) => Date.UTC(2024, 5, 1, 17 + i) / 1000);
 * const r = gtiDirint({
 *   poaGlobal: Float64Array.of(700, 760, 720), aoi: Float64Array.of(25, 20, 24),
 *   solarZenith: Float64Array.of(30, 25, 28), solarAzimuth: Float64Array.of(150, 180, 210),
 *   unixSeconds: t, surfaceTilt: 30, surfaceAzimuth: 180,
 * });
 * r.ghi[1]; // about 703 W/m2
 */
export function gtiDirint(input: GtiDirintInput, options: GtiDirintOptions = {}, out?: Partial<GtiDirint>): GtiDirint {
  const fn = 'gtiDirint';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const { poaGlobal, aoi, solarZenith, solarAzimuth, unixSeconds, surfaceTilt, surfaceAzimuth, tempDew } = input;
  const pressure = input.pressure ?? 101_325;
  const albedo = input.albedo ?? 0.25;
  checkTimes(fn, 'unixSeconds', unixSeconds);
  const n = checkSeries(fn, [
    ['poaGlobal', poaGlobal, 'W/m2'],
    ['aoi', aoi, 'degrees'],
    ['solarZenith', solarZenith, 'degrees'],
    ['solarAzimuth', solarAzimuth, 'degrees east of north'],
    ['unixSeconds', unixSeconds, 'Unix seconds'],
    ['surfaceTilt', surfaceTilt, 'degrees'],
    ['surfaceAzimuth', surfaceAzimuth, 'degrees east of north'],
    ['pressure', pressure, 'Pa'],
    ['tempDew', tempDew, 'degrees C', true],
    ['albedo', albedo, '0..1'],
  ]);
  checkPressurePa(fn, 'pressure', pressure);
  checkIncreasing(fn, 'unixSeconds', unixSeconds);
  const model = checkOneOf(fn, 'options.model', options.model ?? 'perez', SKY_DIFFUSE_MODELS);
  const maxIterations = options.maxIterations ?? 30;
  checkAtLeast(fn, 'options.maxIterations', maxIterations, 0, 'iterations');
  const useDelta = options.useDeltaKtPrime ?? true;
  const calculateGt90 = options.calculateGt90 ?? true;
  const res: GtiDirint = {
    ghi: outputColumn(out?.ghi, n, 'ghi'),
    dni: outputColumn(out?.dni, n, 'dni'),
    dhi: outputColumn(out?.dhi, n, 'dhi'),
  };
  const aoiA = columnOf(aoi, 0);
  const aoiM = maskOf(aoi);
  let anyBelow90 = false;
  for (let i = 0; i < n && !anyBelow90; i++) anyBelow90 = aoiA[i & aoiM]! < 90;
  if (!anyBelow90) rangeFailure(fn, 'input.aoi', 'below 90 degrees in some rows (GTI-DIRINT needs them)', 'none');

  const zA = columnOf(solarZenith, 0);
  const zM = maskOf(solarZenith);
  const pA = columnOf(pressure, 0);
  const pM = maskOf(pressure);
  const gtiA = columnOf(poaGlobal, 0);
  const gtiM = maskOf(poaGlobal);
  const tdA = columnOf(tempDew, 0);
  const tdM = maskOf(tempDew);
  const hasDew = tempDew !== undefined;

  // Per-row constants: E0 (Spencer, 1370 W/m2), cos z, absolute Kasten (1966) air mass, the
  // zenith and precipitable-water bins of DIRINT.
  const i0 = new Float64Array(n);
  const cosZ = new Float64Array(n);
  const airmass = new Float64Array(n);
  const zBin = new Int8Array(n);
  const wBin = new Int8Array(n);
  let dayStart = Number.POSITIVE_INFINITY;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let extra = Number.NaN;
  for (let i = 0; i < n; i++) {
    const t = unixSeconds[i]!;
    if (!(t >= dayStart && t < dayEnd)) {
      const days = Math.floor(t / SECONDS_PER_DAY);
      dayStart = days * SECONDS_PER_DAY;
      dayEnd = dayStart + SECONDS_PER_DAY;
      extra = 1370 * spencerDistanceFactor(dayOfYearFromEpochDays(days));
    }
    i0[i] = extra;
    const zen = zA[i & zM]!;
    const c = Math.cos(zen * D2R);
    cosZ[i] = c;
    const relative = zen > 90 ? Number.NaN : 1 / (c + 0.15 * Math.pow(93.885 - zen, -1.253));
    airmass[i] = (relative * pA[i & pM]!) / 101_325;
    zBin[i] = zenithBin(zen);
    wBin[i] = hasDew ? precipitableWaterBin(Math.exp(0.07 * tdA[i & tdM]! - 0.075)) : W_UNKNOWN_BIN;
  }

  // The aoi < 90 search (Marion 2015, figure 1), over all rows at once as pvlib does.
  const kt = new Float64Array(n);
  const ktPrime = new Float64Array(n);
  const ghi = new Float64Array(n);
  const dni = new Float64Array(n);
  const dhi = new Float64Array(n);
  const poaI = Float64Array.from({ length: n }, (_, i) => gtiA[i & gtiM]!);
  const bestDiff = new Float64Array(n).fill(9999);
  const bestGhi = new Float64Array(n);
  const bestDni = new Float64Array(n);
  const bestDhi = new Float64Array(n);
  const bestKtPrime = new Float64Array(n);
  const poa: TotalIrradiance = {
    poaGlobal: new Float64Array(n),
    poaDirect: new Float64Array(n),
    poaDiffuse: new Float64Array(n),
    poaSkyDiffuse: new Float64Array(n),
    poaGroundDiffuse: new Float64Array(n),
  };
  const transposition = {
    surfaceTilt,
    surfaceAzimuth,
    solarZenith,
    solarAzimuth,
    dni,
    ghi,
    dhi,
    dniExtra: i0,
    airmass,
    albedo,
  };
  const transpositionOptions = {
    model,
    ...(options.modelPerez === undefined ? {} : { perezCoefficients: options.modelPerez }),
  };
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    let done = true;
    for (let i = 0; i < n; i++) {
      if (aoiA[i & aoiM]! < 90 && !(bestDiff[i]! <= 1)) {
        done = false;
        break;
      }
    }
    if (done) break;
    const coeff = iteration < 3 ? 1 : iteration < 10 ? 0.5 : iteration < 20 ? 0.25 : 0.125;
    for (let i = 0; i < n; i++) {
      // kt of the plane (Marion eq. 2): the clearness index with aoi in place of the zenith.
      const c = Math.cos(aoiA[i & aoiM]! * D2R);
      let k = poaI[i]! / (i0[i]! * (c < 0.065 ? 0.065 : c));
      k = k < 0 ? 0 : k > 2 ? 2 : k;
      kt[i] = k;
      const am = airmass[i]!;
      let kp = k / ktToKtPrime(am);
      kp = kp < 0 ? 0 : kp > 2 ? 2 : kp;
      ktPrime[i] = kp;
    }
    for (let i = 0; i < n; i++) {
      const k = kt[i]!;
      const am = airmass[i]!;
      let disc = discKn(k, am) * i0[i]!;
      if (disc < 0) disc = 0;
      const coefficient = dirintCoefficient(ktPrime, i, n, useDelta, zBin[i]!, wBin[i]!);
      const c = cosZ[i]!;
      const g = k * i0[i]! * (c < 0.065 ? 0.065 : c);
      let b = disc * coefficient;
      let d = g - b * c;
      if (b < 0) b = 0;
      d = d < 0 ? 0 : d;
      dni[i] = b;
      ghi[i] = g < 0 ? 0 : g;
      dhi[i] = d;
    }
    totalIrradiance(transposition, transpositionOptions, poa);
    const modelled = poa.poaGlobal;
    for (let i = 0; i < n; i++) {
      const diff = modelled[i]! - gtiA[i & gtiM]!;
      const absDiff = Math.abs(diff);
      const smallest = absDiff < bestDiff[i]!;
      if (smallest) bestDiff[i] = absDiff;
      if (iteration === 0 || smallest) {
        bestGhi[i] = ghi[i]!;
        bestDni[i] = dni[i]!;
        bestDhi[i] = dhi[i]!;
        bestKtPrime[i] = ktPrime[i]!;
      }
      const next = poaI[i]! - coeff * diff;
      poaI[i] = next < 1 ? 1 : next;
    }
  }

  // aoi >= 90 (Marion 2015, section 2.2): kt' of the day's morning or afternoon at 65 < aoi < 80.
  const ktPrime90 = kt;
  ktPrime90.fill(Number.NaN);
  if (calculateGt90) {
    const saA = columnOf(solarAzimuth, 0);
    const saM = maskOf(solarAzimuth);
    let start = 0;
    while (start < n) {
      const day = Math.floor(unixSeconds[start]! / SECONDS_PER_DAY);
      let end = start;
      let sumAm = 0;
      let countAm = 0;
      let sumPm = 0;
      let countPm = 0;
      while (end < n && Math.floor(unixSeconds[end]! / SECONDS_PER_DAY) === day) {
        const a = aoiA[end & aoiM]!;
        const kp = bestKtPrime[end]!;
        if (a > 65 && a < 80 && kp === kp) {
          const az = saA[end & saM]!;
          if (az < 180) {
            sumAm += kp;
            countAm++;
          } else if (az > 180) {
            sumPm += kp;
            countPm++;
          }
        }
        end++;
      }
      const morning = countAm > 0 ? sumAm / countAm : Number.NaN;
      const afternoon = countPm > 0 ? sumPm / countPm : Number.NaN;
      for (let i = start; i < end; i++) {
        if (zA[i & zM]! < 90 && aoiA[i & aoiM]! >= 90) {
          const az = saA[i & saM]!;
          if (az < 180) ktPrime90[i] = morning;
          else if (az > 180) ktPrime90[i] = afternoon;
        }
      }
      start = end === start ? start + 1 : end;
    }
  }
  const tiltA = columnOf(surfaceTilt, 0);
  const tiltM = maskOf(surfaceTilt);
  const albA = columnOf(albedo, 0);
  const albM = maskOf(albedo);
  const { ghi: ghiOut, dni: dniOut, dhi: dhiOut } = res;
  for (let i = 0; i < n; i++) {
    if (aoiA[i & aoiM]! < 90) {
      ghiOut[i] = bestGhi[i]!;
      dniOut[i] = bestDni[i]!;
      dhiOut[i] = bestDhi[i]!;
      continue;
    }
    if (!calculateGt90) {
      ghiOut[i] = Number.NaN;
      dniOut[i] = Number.NaN;
      dhiOut[i] = Number.NaN;
      continue;
    }
    const am = airmass[i]!;
    const k = ktPrime90[i]! * ktToKtPrime(am);
    let disc = discKn(k, am) * i0[i]!;
    if (disc < 0) disc = 0;
    // DIRINT without the stability index, binned on the search's kt' (as pvlib).
    const b = disc * dirintCoefficient(bestKtPrime, i, n, false, zBin[i]!, wBin[i]!);
    const projected = b * cosZ[i]!;
    const cosT = Math.cos(tiltA[i & tiltM]! * D2R);
    const alb = albA[i & albM]!;
    const d = (2 * gtiA[i & gtiM]! - projected * alb * (1 - cosT)) / (1 + cosT + alb * (1 - cosT));
    dniOut[i] = b;
    dhiOut[i] = d;
    ghiOut[i] = projected + d;
  }
  return res;
}

/** kt / kt' (Perez et al. 1992, eq. 1): 1.031 exp(-1.4 / (0.9 + 9.4 / AM)) + 0.1. */
function ktToKtPrime(airmass: number): number {
  return 1.031 * Math.exp(-1.4 / (0.9 + 9.4 / airmass)) + 0.1;
}

/** DISC's beam transmittance Kn of kt and air mass (capped at 12), Maxwell (1987). */
function discKn(kt: number, airmass: number): number {
  const am = airmass > 12 ? 12 : airmass;
  return maxwellKnClear(am) - maxwellDeltaKn(kt, am);
}

/**
 * The DIRINT coefficient of row i from its kt' (and its neighbours' for the stability index, the
 * mean of the available absolute differences) and the row's zenith and water bins; NaN where a bin
 * is undefined.
 */
function dirintCoefficient(
  ktPrime: Float64Array,
  i: number,
  n: number,
  useDelta: boolean,
  zBin: number,
  wBin: number,
): number {
  const k = ktPrime[i]!;
  let dBin = DELTA_KT_UNKNOWN_BIN;
  if (useDelta) {
    let sum = 0;
    let count = 0;
    if (i + 1 < n) {
      const diff = Math.abs(k - ktPrime[i + 1]!);
      if (diff === diff) {
        sum += diff;
        count++;
      }
    }
    if (i > 0) {
      const diff = Math.abs(k - ktPrime[i - 1]!);
      if (diff === diff) {
        sum += diff;
        count++;
      }
    }
    dBin = count > 0 ? deltaKtPrimeBin(sum / count) : -1;
  }
  const kBin = ktPrimeBin(k);
  return kBin < 0 || zBin < 0 || dBin < 0 || wBin < 0
    ? Number.NaN
    : DIRINT_COEFFICIENTS[((kBin * 6 + zBin) * 7 + dBin) * 5 + wBin]!;
}
