/**
 * DIRINDEX (Perez et al. 2002): DIRINT scaled by what it makes of the clear sky.
 * Zenith true [deg], irradiance W/m2, times Unix seconds, pressure Pa.
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { checkObject, checkSeries } from '../util/validate.js';
import { type DirintInput, type DirintOptions, dirint } from './decomposition.js';

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
 * dirindex({ ...sky, ghi: Float64Array.of(580, 600, 590) })[1]; // about 375 W/m2
 */
export function dirindex(input: DirindexInput, options: DirintOptions = {}, out?: Float64Array): Float64Array {
  const fn = 'dirindex';
  checkObject(fn, 'input', input);
  const { ghiClear, dniClear } = input;
  checkSeries(fn, [
    ['ghi', input.ghi, 'W/m2'],
    ['ghiClear', ghiClear, 'W/m2'],
    ['dniClear', dniClear, 'W/m2'],
    ['zenith', input.zenith, 'degrees'],
  ]);
  const measured = dirint(input, options);
  const n = measured.length;
  const res = outputColumn(out, n);
  const clear = dirint({ ...input, ghi: ghiClear }, options, res);
  const cA = columnOf(dniClear, 0);
  const cM = maskOf(dniClear);
  for (let i = 0; i < n; i++) {
    const d = (cA[i & cM]! * measured[i]!) / clear[i]!;
    // An infinite ratio (clear-sky DIRINT 0 under a measured DIRINT above 0) is no irradiance: NaN.
    res[i] = d < 0 ? 0 : d === Number.POSITIVE_INFINITY ? Number.NaN : d;
  }
  return res;
}
