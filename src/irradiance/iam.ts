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

/**
 * The coefficients of {@link iamSapm}: the SAPM's incidence-angle polynomial of a module (the `B0`
 * to `B5` of the Sandia module library; a `SapmModuleParameters` object has them), and pvlib's
 * optional `upper` bound.
 */
export interface IamSapmModule {
  /** Constant term, unitless (`B0`). */
  b0: number;
  /** Coefficient of aoi, 1/degree (`B1`). */
  b1: number;
  /** Coefficient of aoi^2, 1/degree^2 (`B2`). */
  b2: number;
  /** Coefficient of aoi^3, 1/degree^3 (`B3`). */
  b3: number;
  /** Coefficient of aoi^4, 1/degree^4 (`B4`). */
  b4: number;
  /** Coefficient of aoi^5, 1/degree^5 (`B5`). */
  b5: number;
  /**
   * Upper bound of the modifier, unitless (pvlib's `upper`); none by default, so values slightly
   * above 1 at 15-40 degrees stay, as the SAPM defines them. 1 is a common choice.
   */
  upper?: number;
}

const IAM_SAPM_FIELDS = ['b0', 'b1', 'b2', 'b3', 'b4', 'b5'] as const;

/**
 * SAPM incidence angle modifier (F2 of the SAPM), unitless: the polynomial
 * B0 + B1 aoi + B2 aoi^2 + B3 aoi^3 + B4 aoi^4 + B5 aoi^5 of the angle of incidence in degrees,
 * clipped below at 0 and above at `upper` when given. A negative aoi gives 0 (as pvlib), and so does
 * an aoi above 90 degrees, where the beam arrives from behind the module: there pvlib evaluates the
 * polynomial, which is positive beyond 90 degrees for most modules of the Sandia library (518 of
 * 523); this function does not (a deliberate difference). NaN aoi gives NaN.
 * King, Boyson and Kratochvil (2004), Photovoltaic Array Performance Model, SAND2004-3535,
 * doi:10.2172/919131; follows pvlib.iam.sapm.
 * @param aoi angle of incidence [deg]
 * @param module the coefficients B0..B5 (`b0`..`b5`) and the optional `upper` bound [unitless]
 * @param out optional output buffer
 * @example
 * iamSapm(45, { b0: 1, b1: -0.002438, b2: 3.103e-4, b3: -1.246e-5, b4: 2.112e-7, b5: -1.359e-9 })[0]; // about 0.995
 */
export function iamSapm(aoi: Column, module: IamSapmModule, out?: Float64Array): Float64Array {
  const fn = 'iamSapm';
  const n = checkSeries(fn, [['aoi', aoi, 'degrees']]);
  checkObject(fn, 'module', module);
  for (const k of IAM_SAPM_FIELDS) checkFinite(fn, `module.${k}`, module[k], k === 'b0' ? '' : `1/degree^${k[1]}`);
  const upper = module.upper ?? Number.POSITIVE_INFINITY;
  if (module.upper !== undefined) checkFinite(fn, 'module.upper', module.upper, '');
  const { b0, b1, b2, b3, b4, b5 } = module;
  const res = outputColumn(out, n);
  const aA = arrayOf(aoi);
  const a0 = scalarOf(aoi);
  for (let i = 0; i < n; i++) {
    const a = aA !== null ? aA[i]! : a0;
    let iam = ((((b5 * a + b4) * a + b3) * a + b2) * a + b1) * a + b0;
    if (iam > upper) iam = upper;
    // a < 0 and a > 90 are false for NaN, which stays NaN.
    res[i] = a < 0 || a > 90 ? 0 : iam < 0 ? 0 : iam;
  }
  return res;
}
