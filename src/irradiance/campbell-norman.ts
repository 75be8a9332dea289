/**
 * The Campbell & Norman (1998) sky: DNI, DHI and GHI from an atmospheric transmittance, with the
 * diffuse part of Liu & Jordan (1960). Zenith [deg], irradiance W/m2, pressure Pa.
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { checkObject, checkPressurePa, checkSeries } from '../util/validate.js';

const D2R = Math.PI / 180;

/** Inputs of {@link campbellNorman}. */
export interface CampbellNormanInput {
  /** True solar zenith [deg]. */
  zenith: Column;
  /** Atmospheric transmittance, 0..1 [unitless]. */
  transmittance: Column;
  /** Site pressure [Pa]; default 101325. */
  pressure?: Column;
  /** Extraterrestrial normal irradiance [W/m2]; default 1367. */
  dniExtra?: Column;
}

/** GHI, DNI and DHI [W/m2]. */
export interface SkyComponents {
  /** Global horizontal irradiance [W/m2]. */
  ghi: Float64Array;
  /** Direct normal irradiance [W/m2]. */
  dni: Float64Array;
  /** Diffuse horizontal irradiance [W/m2]. */
  dhi: Float64Array;
}

/**
 * Campbell-Norman irradiance [W/m2]: with the absolute air mass m = p / 101325 / cos z (the secant,
 * NaN for zenith > 90), DNI = E0 tau^m, DHI = 0.3 (1 - tau^m) E0 cos z (Liu & Jordan 1960),
 * GHI = DHI + DNI cos z. All three are NaN with the sun below the horizon, as pvlib.
 * Campbell, G.S., Norman, J.M. (1998), An Introduction to Environmental Biophysics, 2nd ed.,
 * Springer, doi:10.1007/978-1-4612-1626-1; Liu, B.Y., Jordan, R.C. (1960), Solar Energy 4(3), 1-19,
 * doi:10.1016/0038-092X(60)90062-1; follows pvlib.irradiance.campbell_norman.
 * @param input zenith [deg], transmittance [0..1], pressure [Pa] default 101325, dniExtra [W/m2] default 1367
 * @param out optional output buffers
 * @example
 * campbellNorman({ zenith: 30, transmittance: 0.75 }).dni[0]; // about 981 W/m2
 */
export function campbellNorman(input: CampbellNormanInput, out?: Partial<SkyComponents>): SkyComponents {
  const fn = 'campbellNorman';
  checkObject(fn, 'input', input);
  const { zenith, transmittance, pressure = 101_325, dniExtra = 1367 } = input;
  const n = checkSeries(fn, [
    ['zenith', zenith, 'degrees'],
    ['transmittance', transmittance, '0..1'],
    ['pressure', pressure, 'Pa'],
    ['dniExtra', dniExtra, 'W/m2'],
  ]);
  checkPressurePa(fn, 'pressure', pressure);
  const res: SkyComponents = {
    ghi: outputColumn(out?.ghi, n, 'ghi'),
    dni: outputColumn(out?.dni, n, 'dni'),
    dhi: outputColumn(out?.dhi, n, 'dhi'),
  };
  const zA = columnOf(zenith, 0);
  const zM = maskOf(zenith);
  const tA = columnOf(transmittance, 0);
  const tM = maskOf(transmittance);
  const pA = columnOf(pressure, 0);
  const pM = maskOf(pressure);
  const eA = columnOf(dniExtra, 0);
  const eM = maskOf(dniExtra);
  const { ghi: ghiOut, dni: dniOut, dhi: dhiOut } = res;
  // tau^m as exp(m ln tau), the logarithm once for a one-value transmittance (Math.pow costs more).
  const logTau0 = typeof transmittance === 'number' ? Math.log(transmittance) : 0;
  const tauColumn = typeof transmittance !== 'number';
  for (let i = 0; i < n; i++) {
    const zen = zA[i & zM]!;
    const cosZ = Math.cos(zen * D2R);
    // pvlib's 'simple' relative air mass: the secant, NaN below the horizon.
    const am = zen > 90 ? Number.NaN : ((1 / cosZ) * pA[i & pM]!) / 101_325;
    const e0 = eA[i & eM]!;
    const tau = tA[i & tM]!;
    // tau 0 with m 0 would be 0^0 = 1 by pow; exp(0 * -inf) is NaN: keep pow for tau <= 0.
    const direct = tau > 0 ? Math.exp(am * (tauColumn ? Math.log(tau) : logTau0)) : Math.pow(tau, am);
    const beam = e0 * direct;
    const diffuse = 0.3 * (1 - direct) * e0 * cosZ;
    dniOut[i] = beam;
    dhiOut[i] = diffuse;
    ghiOut[i] = diffuse + beam * cosZ;
  }
  return res;
}
