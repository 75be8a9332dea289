/**
 * Incidence angle modifiers: the fraction of beam irradiance that reaches the cells after
 * reflection and absorption in the cover, as a function of the angle of incidence.
 */
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import { checkAtLeast, checkFinite, checkObject, checkSeries } from '../util/validate.js';

const D2R = Math.PI / 180;

/** Options of {@link iamAshrae}. */
export interface IamAshraeOptions {
  /** The model parameter b [unitless], default 0.05 (pvlib's `b`). */
  b?: number;
}

/**
 * ASHRAE incidence angle modifier: 1 - b (1/cos aoi - 1), 0 for |aoi| >= 90 deg and never
 * negative; NaN aoi gives NaN.
 * @param aoi angle of incidence [deg]
 * @param options `b`: model parameter [unitless], default 0.05
 * @param out optional output buffer
 * Souka & Safwat (1966), Solar Energy 10, 170-174; follows pvlib.iam.ashrae.
 * @example
 * iamAshrae(60)[0]; // about 0.95
 * iamAshrae(60, { b: 0.1 })[0]; // about 0.9
 */
export function iamAshrae(aoi: Column, options: IamAshraeOptions = {}, out?: Float64Array): Float64Array {
  const n = checkSeries('iamAshrae', [['aoi', aoi, 'degrees']]);
  checkObject('iamAshrae', 'options', options);
  const b0 = options.b ?? 0.05;
  checkFinite('iamAshrae', 'options.b', b0, '');
  const res = outputColumn(out, n);
  const aA = arrayOf(aoi);
  const a0 = scalarOf(aoi);
  for (let i = 0; i < n; i++) {
    const a = aA !== null ? aA[i]! : a0;
    let iam = 1 - b0 * (1 / Math.cos(a * D2R) - 1);
    if (Math.abs(a) >= 90) iam = 0;
    res[i] = iam < 0 ? 0 : iam;
  }
  return res;
}

/** Options of {@link iamPhysical}: the cover's optics (pvlib's `n`, `K`, `L`). */
export interface IamPhysicalOptions {
  /** Refractive index of the cover [unitless], default 1.526. */
  n?: number;
  /** Extinction coefficient [1/m], default 4. */
  K?: number;
  /** Cover thickness [m], default 0.002. */
  L?: number;
}

/**
 * Physical incidence angle modifier of a glass cover: Fresnel reflection of s- and p-polarised
 * light at the air-glass interface and Bouguer absorption over the refracted path, normalised by
 * its value at normal incidence. 0 at aoi >= 90 deg.
 * @param aoi angle of incidence [deg]
 * @param options `n` refractive index of the cover [unitless], default 1.526; `K` extinction
 *   coefficient [1/m], default 4; `L` cover thickness [m], default 0.002
 * @param out optional output buffer
 * De Soto, Klein & Beckman (2006), Improvement and validation of a model for photovoltaic array
 * performance, Solar Energy 80, 78-88, doi:10.1016/j.solener.2005.06.010; follows pvlib.iam.physical
 * without anti-reflective coating.
 * @example
 * iamPhysical(60)[0]; // about 0.94
 * iamPhysical(60, { n: 1.3 })[0]; // about 0.96
 */
export function iamPhysical(aoi: Column, options: IamPhysicalOptions = {}, out?: Float64Array): Float64Array {
  const len = checkSeries('iamPhysical', [['aoi', aoi, 'degrees']]);
  checkObject('iamPhysical', 'options', options);
  const { n = 1.526, K = 4, L = 0.002 } = options;
  checkAtLeast('iamPhysical', 'options.n', n, 1, 'refractive index');
  checkAtLeast('iamPhysical', 'options.K', K, 0, '1/m');
  checkAtLeast('iamPhysical', 'options.L', L, 0, 'm');
  const res = outputColumn(out, len);
  const aA = arrayOf(aoi);
  const a0 = scalarOf(aoi);
  const rho0 = ((1 - n) / (1 + n)) ** 2;
  const tau0 = (1 - rho0) * Math.exp(-K * L);
  const invN = 1 / n;
  for (let i = 0; i < len; i++) {
    let c1 = Math.cos((aA !== null ? aA[i]! : a0) * D2R);
    if (c1 < 0) c1 = 0;
    const s2 = Math.sqrt(1 - c1 * c1) * invN;
    const c2 = Math.sqrt(1 - s2 * s2);
    const nc1 = n * c1;
    const nc2 = n * c2;
    const rs = (c1 - nc2) / (c1 + nc2);
    const rp = (c2 - nc1) / (c2 + nc1);
    const absorb = Math.exp((-K * L) / c2);
    const tauS = (1 - rs * rs) * absorb;
    const tauP = (1 - rp * rp) * absorb;
    res[i] = (tauS + tauP) / 2 / tau0;
  }
  return res;
}
