/**
 * DIRINDEX (Perez et al. 2002): DIRINT scaled by what it makes of the clear sky.
 * Zenith true [deg], irradiance W/m2, times Unix seconds, pressure Pa.
 */
import { dayOfYearFromEpochDays, spencerDistanceFactor } from '../atmosphere/extraterrestrial.js';
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { checkSeries } from '../util/validate.js';
import { checkDisc } from './checks.js';
import {
  DELTA_KT_UNKNOWN_BIN,
  type DirintInput,
  type DirintOptions,
  deltaKtPrimeBin,
  ktPrimeBin,
  maxwellDeltaKn,
  maxwellKnClear,
  precipitableWaterBin,
  W_UNKNOWN_BIN,
  zenithBin,
} from './decomposition.js';
import { DIRINT_COEFFICIENTS } from './dirint-coefficients.js';

const D2R = Math.PI / 180;
const SECONDS_PER_DAY = 86_400;
const STANDARD_PRESSURE = 101_325;
/** DISC's air mass cap in DIRINT (disc's default maxAirmass). */
const MAX_AIRMASS = 12;
/** Rows of a block: the scratch columns hold one more, the next block's first row. */
const BLOCK_ROWS = 4096;

/** Inputs of {@link dirindex}: those of {@link dirint} and the clear-sky GHI and DNI. */
export interface DirindexInput extends DirintInput {
  /** Clear-sky global horizontal irradiance [W/m2] (Ineichen with the Perez enhancement is recommended). */
  ghiClear: Column;
  /** Clear-sky direct normal irradiance [W/m2]. */
  dniClear: Column;
}

/**
 * DIRINDEX model: DNI = dniClear x DIRINT(GHI) / DIRINT(ghiClear), negative values set to 0 [W/m2].
 * Where DIRINT of the clear sky is 0 (zenith above maxZenith, night) the ratio is NaN (0/0), as in
 * pvlib; where only the clear sky's is 0 (GHI far above the clear sky at a low sun) pvlib's ratio is
 * infinite and this one NaN, on purpose: an infinite DNI is no irradiance. The DIRINT options (stability index, dew point, zenith limits) apply to both calls.
 * Perez, R., Ineichen, P., Moore, K., Kmiecik, M., Chain, C., George, R., Vignola, F. (2002), A new
 * operational model for satellite-derived irradiances: description and validation, Solar Energy
 * 73(5), 307-317, doi:10.1016/S0038-092X(02)00122-6; follows pvlib.irradiance.dirindex.
 * @param input ghi, ghiClear, dniClear [W/m2], zenith true [deg], unixSeconds [s], pressure [Pa]
 *   default 101325, tempDew [deg C] optional
 * @param options useDeltaKtPrime default true, minCosZenith default 0.065, maxZenith [deg] default 87
 * @param out optional output buffer
 * @example
 * const t = Float64Array.from({ length: 3 }, (_, i) => Date.UTC(2024, 5, 1, 11 + i) / 1000);
 * const sky = { zenith: Float64Array.of(42, 40, 41), unixSeconds: t, ghiClear: 900, dniClear: 880 };
 * dirindex({ ...sky, ghi: Float64Array.of(580, 600, 590) })[1]; // about 336 W/m2
 */
export function dirindex(input: DirindexInput, options: DirintOptions = {}, out?: Float64Array): Float64Array {
  const fn = 'dirindex';
  checkDisc(fn, input, options);
  const n = checkSeries(fn, [
    ['ghi', input.ghi, 'W/m2'],
    ['ghiClear', input.ghiClear, 'W/m2'],
    ['dniClear', input.dniClear, 'W/m2'],
    ['zenith', input.zenith, 'degrees'],
    ['unixSeconds', input.unixSeconds, 'Unix seconds'],
  ]);
  const res = outputColumn(out, n);
  dirindexKernel(n, input, options, res);
  return res;
}

/** The scratch columns of {@link dirindexKernel}, allocated on first use and kept. */
let scratch: { ktpM: Float64Array; ktpC: Float64Array; dniM: Float64Array; dniC: Float64Array } | undefined;

/**
 * DIRINT of the measured GHI and of the clear-sky GHI in one loop, and their ratio: the
 * operations of two calls of `dirint` and the ratio, in their order, except Kasten's air-mass power
 * (93.885 - z)^-1.253 taken as exp(-1.253 ln(93.885 - z)) (a few units in the last place from
 * Math.pow, which cost 40 % of the loop), so within about 1e-15 of them; what the two passes share is computed once a row (the extraterrestrial irradiance, cos z, the
 * air mass and DISC's Kn of it, the kt' denominator 1.031 exp(-1.4 / (0.9 + 9.4 / AM)) + 0.1,
 * the zenith and precipitable-water bins), where two `dirint` calls computed each twice and
 * allocated seven columns. A row whose zenith is above 90 deg skips the rest: there DISC's air
 * mass is NaN, so kt' and the DIRINT coefficient are NaN, and the ratio is NaN whatever the GHIs
 * are; its NaN kt' is left out of its neighbours' stability index, as in `dirint`. Blocks of
 * {@link BLOCK_ROWS} rows: a first pass writes both kt' and both DISC DNIs of the block and the
 * next row (for the stability index) to scratch columns, a second the bins and the ratio.
 */
function dirindexKernel(n: number, input: DirindexInput, options: DirintOptions, res: Float64Array): void {
  const { ghi, ghiClear, dniClear, zenith, unixSeconds: times, tempDew } = input;
  const pressure = input.pressure === undefined ? STANDARD_PRESSURE : input.pressure;
  const relativeOnly = pressure === null;
  const minCos = options.minCosZenith ?? 0.065;
  const maxZenith = options.maxZenith ?? 87;
  const useDelta = options.useDeltaKtPrime ?? true;
  const gA = columnOf(ghi, 0);
  const gM = maskOf(ghi);
  const cA = columnOf(ghiClear, 0);
  const cM = maskOf(ghiClear);
  const nA = columnOf(dniClear, 0);
  const nM = maskOf(dniClear);
  const zA = columnOf(zenith, 0);
  const zM = maskOf(zenith);
  const pA = columnOf(pressure ?? undefined, STANDARD_PRESSURE);
  const pM = maskOf(pressure ?? undefined);
  const hasDew = tempDew !== undefined;
  const tA = columnOf(tempDew, 0);
  const tM = maskOf(tempDew);
  scratch ??= {
    ktpM: new Float64Array(BLOCK_ROWS + 1),
    ktpC: new Float64Array(BLOCK_ROWS + 1),
    dniM: new Float64Array(BLOCK_ROWS + 1),
    dniC: new Float64Array(BLOCK_ROWS + 1),
  };
  const { ktpM, ktpC, dniM, dniC } = scratch;
  const coefficients = DIRINT_COEFFICIENTS;
  let dayStart = Number.POSITIVE_INFINITY;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let i0 = Number.NaN;
  // kt' of the row before the block (measured and clear sky).
  let prevM = Number.NaN;
  let prevC = Number.NaN;
  for (let start = 0; start < n; start += BLOCK_ROWS) {
    const end = start + BLOCK_ROWS < n ? start + BLOCK_ROWS : n;
    const last = end < n ? end + 1 : n;
    // First pass: DISC and kt' of both skies, rows [start, last).
    for (let i = start; i < last; i++) {
      const j = i - start;
      const zen = zA[i & zM]!;
      if (zen > 90) {
        ktpM[j] = Number.NaN;
        ktpC[j] = Number.NaN;
        continue;
      }
      const t = times[i]!;
      if (!(t >= dayStart && t < dayEnd)) {
        const days = Math.floor(t / SECONDS_PER_DAY);
        dayStart = days * SECONDS_PER_DAY;
        dayEnd = dayStart + SECONDS_PER_DAY;
        i0 = 1370 * spencerDistanceFactor(dayOfYearFromEpochDays(days));
      }
      const cosZ = Math.cos(zen * D2R);
      const ktDenominator = i0 * (cosZ < minCos ? minCos : cosZ);
      // (93.885 - z)^-1.253 as exp(-1.253 ln(93.885 - z)): about 40 ns a row where Math.pow took 80 (40 % of
      // the loop), within a few units in the last place of it (x >= 3.885 here).
      let am = 1 / (cosZ + 0.15 * Math.exp(-1.253 * Math.log(93.885 - zen)));
      if (!relativeOnly) am = (am * pA[i & pM]!) / STANDARD_PRESSURE;
      if (am > MAX_AIRMASS) am = MAX_AIRMASS;
      const knc = maxwellKnClear(am);
      const ktpDenominator = 1.031 * Math.exp(-1.4 / (0.9 + 9.4 / am)) + 0.1;
      const noDni = zen > maxZenith;
      const g = gA[i & gM]!;
      const kt = discKt(g, ktDenominator);
      dniM[j] = discDni(g, kt, am, knc, i0, noDni);
      ktpM[j] = ktPrime(kt, ktpDenominator);
      const gc = cA[i & cM]!;
      const ktc = discKt(gc, ktDenominator);
      dniC[j] = discDni(gc, ktc, am, knc, i0, noDni);
      ktpC[j] = ktPrime(ktc, ktpDenominator);
    }
    // Second pass: the bins, the two DIRINT DNIs and the ratio, rows [start, end).
    for (let i = start; i < end; i++) {
      const j = i - start;
      const kM = ktpM[j]!;
      const kC = ktpC[j]!;
      if (kM !== kM || kC !== kC) {
        // A NaN kt' has no bin: that DIRINT, and the ratio, are NaN.
        res[i] = Number.NaN;
        continue;
      }
      let dBinM = DELTA_KT_UNKNOWN_BIN;
      let dBinC = DELTA_KT_UNKNOWN_BIN;
      if (useDelta) {
        const hasNext = i + 1 < n;
        const hasPrev = i > 0;
        dBinM = stabilityBin(kM, hasNext, ktpM[j + 1]!, hasPrev, j > 0 ? ktpM[j - 1]! : prevM);
        dBinC = stabilityBin(kC, hasNext, ktpC[j + 1]!, hasPrev, j > 0 ? ktpC[j - 1]! : prevC);
      }
      let wBin = W_UNKNOWN_BIN;
      if (hasDew) wBin = precipitableWaterBin(Math.exp(0.07 * tA[i & tM]! - 0.075));
      const zBin = zenithBin(zA[i & zM]!);
      const kBinM = ktPrimeBin(kM);
      const kBinC = ktPrimeBin(kC);
      const coefficientM =
        kBinM < 0 || zBin < 0 || dBinM < 0 || wBin < 0
          ? Number.NaN
          : coefficients[((kBinM * 6 + zBin) * 7 + dBinM) * 5 + wBin]!;
      const coefficientC =
        kBinC < 0 || zBin < 0 || dBinC < 0 || wBin < 0
          ? Number.NaN
          : coefficients[((kBinC * 6 + zBin) * 7 + dBinC) * 5 + wBin]!;
      const measured = dniM[j]! * coefficientM;
      const clear = dniC[j]! * coefficientC;
      const d = (nA[i & nM]! * measured) / clear;
      // An infinite ratio (clear-sky DIRINT 0 under a measured DIRINT above 0) is no irradiance: NaN.
      res[i] = d < 0 ? 0 : d === Number.POSITIVE_INFINITY ? Number.NaN : d;
    }
    prevM = ktpM[end - 1 - start]!;
    prevC = ktpC[end - 1 - start]!;
  }
}

/** DISC's clearness index: GHI over E0 max(cos z, minCos) (the denominator given), clipped to [0, 1]. */
function discKt(g: number, denominator: number): number {
  let kt = g / denominator;
  if (kt < 0) kt = 0;
  if (kt > 1) kt = 1;
  return kt;
}

/** DISC's DNI [W/m2] of a clearness index and the row's air mass, Kn of it and E0; 0 where `noDni`, GHI < 0 or DNI < 0. */
function discDni(g: number, kt: number, am: number, knc: number, i0: number, noDni: boolean): number {
  const dni = (knc - maxwellDeltaKn(kt, am)) * i0;
  return noDni || g < 0 || dni < 0 ? 0 : dni;
}

/** kt' = kt over the row's denominator 1.031 exp(-1.4 / (0.9 + 9.4 / AM)) + 0.1, clipped to [0, 1]. */
function ktPrime(kt: number, denominator: number): number {
  let k = kt / denominator;
  if (k < 0) k = 0;
  if (k > 1) k = 1;
  return k;
}

/** DIRINT's stability-index bin: the mean absolute kt' difference to the neighbours that exist and are not NaN; -1 when none. */
function stabilityBin(k: number, hasNext: boolean, next: number, hasPrev: boolean, prev: number): number {
  let sum = 0;
  let count = 0;
  if (hasNext) {
    const diff = Math.abs(k - next);
    if (diff === diff) {
      sum += diff;
      count++;
    }
  }
  if (hasPrev) {
    const diff = Math.abs(k - prev);
    if (diff === diff) {
      sum += diff;
      count++;
    }
  }
  return count > 0 ? deltaKtPrimeBin(sum / count) : -1;
}
