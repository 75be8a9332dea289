/**
 * The Bird & Hulstrom (1981) simple clear-sky broadband model: direct and diffuse irradiance from
 * the transmittances of Rayleigh scattering, ozone, mixed gases, water vapour and aerosols.
 */
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import { checkObject, checkPressurePa, checkSeries } from '../util/validate.js';
import { STANDARD_PRESSURE } from './airmass.js';
import { type ClearSkyIrradiance, clearskyOutputs } from './clearsky.js';

const D2R = Math.PI / 180;

/** Inputs of {@link clearskyBird}; every one a column or one number for all rows. */
export interface BirdInput {
  /** Solar zenith [deg] (true or apparent: the NREL spreadsheet the model is tested against uses the true one). */
  zenith: Column;
  /** Relative air mass [unitless] (Bird & Hulstrom use Kasten 1966); NaN (sun down) gives NaN out. */
  airmassRelative: Column;
  /** Aerosol optical depth at 380 nm [unitless]. */
  aod380: Column;
  /** Aerosol optical depth at 500 nm [unitless]. */
  aod500: Column;
  /** Precipitable water [cm]. */
  precipitableWater: Column;
  /** Total column ozone [cm], default 0.3. */
  ozone?: Column;
  /** Site pressure [Pa], default 101325. */
  pressure?: Column;
  /** Extraterrestrial normal irradiance [W/m2], default 1364. */
  dniExtra?: Column;
  /** Aerosol asymmetry factor [unitless], default 0.85. */
  asymmetry?: Column;
  /** Ground albedo [unitless], default 0.2. */
  albedo?: Column;
}

/** What {@link clearskyBird} returns: GHI, DNI, DHI and the direct irradiance on the horizontal [W/m2]. */
export interface BirdIrradiance extends ClearSkyIrradiance {
  /** Direct irradiance on a horizontal surface, DNI cos z [W/m2]. */
  directHorizontal: Float64Array;
}

/**
 * Bird clear-sky GHI, DNI, DHI and direct horizontal irradiance [W/m2], from the relative air
 * mass, aerosol optical depths at 380 and 500 nm (broadband by Bird & Hulstrom 1980), precipitable
 * water [cm], ozone [cm] and pressure [Pa]. Where the zenith is 90 degrees or more (or NaN) the
 * direct horizontal part is 0; a NaN air mass (the sun down) gives NaN, as pvlib.clearsky.bird.
 * Bird, R.E., Hulstrom, R.L. (1981), A simplified clear sky model for direct and diffuse insolation
 * on horizontal surfaces, SERI/TR-642-761, Solar Energy Research Institute, doi:10.2172/6510849;
 * Myers, D.R. (2013), Solar Radiation: Practical Modeling for Renewable Energy Applications, CRC
 * Press, pp. 46-51. Follows pvlib.clearsky.bird.
 * @param input the columns of {@link BirdInput}
 * @param out optional output buffers
 * @example
 * const cs = clearskyBird({ zenith: 30, airmassRelative: 1.1547, aod380: 0.15, aod500: 0.1, precipitableWater: 1.5 });
 * cs.ghi[0]; // about 915.7 W/m2
 */
export function clearskyBird(input: BirdInput, out?: Partial<BirdIrradiance>): BirdIrradiance {
  const fn = 'clearskyBird';
  checkObject(fn, 'input', input);
  const { zenith, airmassRelative, aod380, aod500, precipitableWater } = input;
  const ozone = input.ozone ?? 0.3;
  const pressure = input.pressure ?? STANDARD_PRESSURE;
  const dniExtra = input.dniExtra ?? 1364;
  const asymmetry = input.asymmetry ?? 0.85;
  const albedo = input.albedo ?? 0.2;
  const n = checkSeries(fn, [
    ['zenith', zenith, 'degrees'],
    ['airmassRelative', airmassRelative, 'relative air mass'],
    ['aod380', aod380, 'aerosol optical depth at 380 nm'],
    ['aod500', aod500, 'aerosol optical depth at 500 nm'],
    ['precipitableWater', precipitableWater, 'cm'],
    ['ozone', ozone, 'cm'],
    ['pressure', pressure, 'Pa'],
    ['dniExtra', dniExtra, 'W/m2'],
    ['asymmetry', asymmetry, 'unitless'],
    ['albedo', albedo, 'unitless'],
  ]);
  checkPressurePa(fn, 'pressure', pressure);
  const base = clearskyOutputs(out, n);
  const res: BirdIrradiance = {
    ...base,
    directHorizontal: outputColumn(out?.directHorizontal, n, 'directHorizontal'),
  };
  const zA = arrayOf(zenith);
  const amA = arrayOf(airmassRelative);
  const a3A = arrayOf(aod380);
  const a5A = arrayOf(aod500);
  const wA = arrayOf(precipitableWater);
  const oA = arrayOf(ozone);
  const pA = arrayOf(pressure);
  const eA = arrayOf(dniExtra);
  const gA = arrayOf(asymmetry);
  const rA = arrayOf(albedo);
  const z0 = scalarOf(zenith);
  const am0 = scalarOf(airmassRelative);
  const a30 = scalarOf(aod380);
  const a50 = scalarOf(aod500);
  const w0 = scalarOf(precipitableWater);
  const o0 = scalarOf(ozone);
  const p0 = scalarOf(pressure);
  const e0 = scalarOf(dniExtra);
  const g0 = scalarOf(asymmetry);
  const r0 = scalarOf(albedo);
  const { ghi, dni, dhi, directHorizontal } = res;
  const nan = Number.NaN;
  const lnP0 = Math.log(p0 / STANDARD_PRESSURE);
  // The aerosol transmittance's powers of the broadband depth: once when both depths are one value.
  const tauScalar = a3A === null && a5A === null;
  const tau0 = 0.27583 * a30 + 0.35 * a50;
  const tauTerm0 = Math.pow(tau0, 0.873) * (1 + tau0 - Math.pow(tau0, 0.7088));
  for (let i = 0; i < n; i++) {
    const am = amA !== null ? amA[i]! : am0;
    if (am !== am) {
      // The sun down (or no air mass): every output is NaN, as pvlib's.
      directHorizontal[i] = nan;
      ghi[i] = nan;
      dni[i] = nan;
      dhi[i] = nan;
      continue;
    }
    const z = zA !== null ? zA[i]! : z0;
    const etr = eA !== null ? eA[i]! : e0;
    const g = gA !== null ? gA[i]! : g0;
    // Powers of the air masses as exp(c ln m): one logarithm for the six of them (within a few
    // units in the last place of Math.pow, which costs 3 to 4 times an exp).
    const lnAm = Math.log(am);
    const lnAmP = lnAm + (pA !== null ? Math.log(pA[i]! / STANDARD_PRESSURE) : lnP0);
    const amP = Math.exp(lnAmP);
    // Transmittances (Bird & Hulstrom 1981, eqs. 3-7).
    const tRayleigh = Math.exp(-0.0903 * Math.exp(0.84 * lnAmP) * (1 + amP - Math.exp(1.01 * lnAmP)));
    const amO3 = (oA !== null ? oA[i]! : o0) * am;
    const tOzone =
      1 -
      0.1611 * amO3 * Math.exp(-0.3034 * Math.log(1 + 139.48 * amO3)) -
      (0.002715 * amO3) / (1 + 0.044 * amO3 + 0.0003 * amO3 * amO3);
    const tGases = Math.exp(-0.0127 * Math.exp(0.26 * lnAmP));
    const amW = am * (wA !== null ? wA[i]! : w0);
    const tWater = 1 - (2.4959 * amW) / (Math.exp(0.6828 * Math.log(1 + 79.034 * amW)) + 6.385 * amW);
    // Broadband aerosol optical depth (Bird & Hulstrom 1980).
    let tauTerm = tauTerm0;
    if (!tauScalar) {
      const tauA = 0.27583 * (a3A !== null ? a3A[i]! : a30) + 0.35 * (a5A !== null ? a5A[i]! : a50);
      tauTerm = Math.pow(tauA, 0.873) * (1 + tauA - Math.pow(tauA, 0.7088));
    }
    const tAerosol = Math.exp(-tauTerm * Math.exp(0.9108 * lnAm));
    const taa = 1 - 0.1 * (1 - am + Math.exp(1.06 * lnAm)) * (1 - tAerosol);
    const rs = 0.0685 + (1 - g) * (1 - tAerosol / taa);
    const id = 0.9662 * etr * tAerosol * tWater * tGases * tOzone * tRayleigh;
    const cosZ = z < 90 ? Math.cos(z * D2R) : 0;
    const idh = id * cosZ;
    const ias =
      (etr * cosZ * 0.79 * tOzone * tGases * tWater * taa * (0.5 * (1 - tRayleigh) + g * (1 - tAerosol / taa))) /
      (1 - am + Math.exp(1.02 * lnAm));
    const gh = (idh + ias) / (1 - (rA !== null ? rA[i]! : r0) * rs);
    directHorizontal[i] = idh;
    ghi[i] = gh;
    dni[i] = id;
    dhi[i] = gh - idh;
  }
  return res;
}
