/**
 * Incidence angle modifiers: the fraction of beam irradiance that reaches the cells after
 * reflection and absorption in the cover, as a function of the angle of incidence.
 */
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import { checkAtLeast, checkFinite, checkObject, checkSeries, rangeFailure } from '../util/validate.js';

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
  /**
   * Refractive index of the cover [unitless], default 1.526. Below 1 (as {@link iamConvert} may
   * return from an ASHRAE model) the modifier is NaN beyond the angle of total reflection.
   */
  n?: number;
  /** Extinction coefficient [1/m], default 4. */
  K?: number;
  /** Cover thickness [m], default 0.002. */
  L?: number;
  /**
   * Refractive index of an anti-reflective coating on the cover [unitless] (pvlib's `n_ar`); none
   * by default. A value within 1e-5 of 1 means no coating, as in pvlib.
   */
  nAr?: number;
}

/**
 * Physical incidence angle modifier of a glass cover: Fresnel reflection of s- and p-polarised
 * light at the air-glass interface and Bouguer absorption over the refracted path, normalised by
 * its value at normal incidence. 0 at aoi >= 90 deg.
 * @param aoi angle of incidence [deg]
 * With `nAr`, the light crosses an anti-reflective coating first: Fresnel reflection at the
 * air-coating and coating-glass interfaces, with the multiple reflections between them summed
 * (1 / (1 - rho23 rho12)), as pvlib does.
 * @param options `n` refractive index of the cover [unitless], default 1.526; `K` extinction
 *   coefficient [1/m], default 4; `L` cover thickness [m], default 0.002; `nAr` refractive index
 *   of an anti-reflective coating [unitless], none by default
 * @param out optional output buffer
 * De Soto, Klein & Beckman (2006), Improvement and validation of a model for photovoltaic array
 * performance, Solar Energy 80, 78-88, doi:10.1016/j.solener.2005.06.010; the coating as in
 * Duffie & Beckman, Solar Engineering of Thermal Processes (2013), doi:10.1002/9781118671603;
 * follows pvlib.iam.physical.
 * @example
 * iamPhysical(60)[0]; // about 0.94
 * iamPhysical(60, { n: 1.3 })[0]; // about 0.96
 * iamPhysical(80, { nAr: 1.29 })[0]; // about 0.677
 */
export function iamPhysical(aoi: Column, options: IamPhysicalOptions = {}, out?: Float64Array): Float64Array {
  const len = checkSeries('iamPhysical', [['aoi', aoi, 'degrees']]);
  checkObject('iamPhysical', 'options', options);
  const { n = 1.526, K = 4, L = 0.002 } = options;
  checkAtLeast('iamPhysical', 'options.n', n, 0, 'refractive index', true);
  checkAtLeast('iamPhysical', 'options.K', K, 0, '1/m');
  checkAtLeast('iamPhysical', 'options.L', L, 0, 'm');
  const nAr = options.nAr;
  if (nAr !== undefined) checkAtLeast('iamPhysical', 'options.nAr', nAr, 1, 'refractive index');
  const res = outputColumn(out, len);
  const aA = arrayOf(aoi);
  const a0 = scalarOf(aoi);
  // pvlib's np.allclose(n_ar, 1): a coating of index 1 is no coating.
  if (nAr !== undefined && !(Math.abs(nAr - 1) <= 1e-8 + 1e-5)) {
    physicalCoated(len, aA, a0, n, K, L, nAr, res);
    return res;
  }
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
  // pvlib: where the cover's index is 1, no light from behind the plane enters (the Fresnel terms
  // are 0/0 there).
  if (Math.abs(n - 1) <= 1e-8 + 1e-5) {
    for (let i = 0; i < len; i++) if ((aA !== null ? aA[i]! : a0) >= 90) res[i] = 0;
  }
  return res;
}

/**
 * The physical IAM through an anti-reflective coating of index n2 on glass of index n3 (air n1 = 1),
 * with pvlib's order of operations: the first interface, the coating's internal reflections when
 * n3 differs from n2 (pvlib's np.allclose), then absorption in the glass.
 */
function physicalCoated(
  len: number,
  aA: Float64Array | null,
  a0: number,
  n3: number,
  K: number,
  L: number,
  n2: number,
  res: Float64Array,
): void {
  const coated = !(Math.abs(n3 - n2) <= 1e-8 + 1e-5 * Math.abs(n2));
  const rho120 = ((1 - n2) / (1 + n2)) ** 2;
  let tau0 = 1 - rho120;
  if (coated) {
    const rho230 = ((n2 - n3) / (n2 + n3)) ** 2;
    tau0 *= (1 - rho230) / (1 - rho230 * rho120);
  }
  tau0 *= Math.exp(-K * L);
  for (let i = 0; i < len; i++) {
    let c1 = Math.cos((aA !== null ? aA[i]! : a0) * D2R);
    if (c1 < 0) c1 = 0;
    let s = Math.sqrt(1 - c1 * c1);
    const n2c1 = n2 * c1;
    s = (1 / n2) * s;
    let c = Math.sqrt(1 - s * s);
    const n2c2 = n2 * c;
    const r12s = ((c1 - n2c2) / (c1 + n2c2)) ** 2;
    const r12p = ((c - n2c1) / (c + n2c1)) ** 2;
    let tauS = 1 - r12s;
    let tauP = 1 - r12p;
    if (coated) {
      const n3c2 = n3 * c;
      s = (n2 / n3) * s;
      c = Math.sqrt(1 - s * s);
      const n2c3 = n2 * c;
      const n3c3 = n3 * c;
      const r23s = ((n2c2 - n3c3) / (n2c2 + n3c3)) ** 2;
      const r23p = ((n2c3 - n3c2) / (n2c3 + n3c2)) ** 2;
      tauS *= (1 - r23s) / (1 - r23s * r12s);
      tauP *= (1 - r23p) / (1 - r23p * r12p);
    }
    const absorb = Math.exp((-K * L) / c);
    tauS *= absorb;
    tauP *= absorb;
    res[i] = (tauS + tauP) / 2 / tau0;
  }
}

/** Options of {@link iamMartinRuiz}. */
export interface IamMartinRuizOptions {
  /** The angular losses coefficient a_r [unitless], > 0, default 0.16 (pvlib's `a_r`). */
  aR?: number;
}

/**
 * Martin and Ruiz incidence angle modifier, unitless: (1 - exp(-cos(aoi) / a_r)) / (1 - exp(-1 / a_r)),
 * 1 at normal incidence, 0 for |aoi| >= 90 deg; NaN aoi gives NaN.
 * Martin & Ruiz (2001), Calculation of the PV modules angular losses under field conditions by
 * means of an analytical model, Solar Energy Materials & Solar Cells 70, 25-38,
 * doi:10.1016/S0927-0248(00)00408-6 (and its corrigendum, 2013, doi:10.1016/j.solmat.2012.09.013);
 * follows pvlib.iam.martin_ruiz.
 * @param aoi angle of incidence [deg]
 * @param options `aR`: angular losses coefficient [unitless], default 0.16
 * @param out optional output buffer
 * @example
 * iamMartinRuiz(60)[0]; // about 0.9579
 * iamMartinRuiz(60, { aR: 0.25 })[0]; // about 0.8808
 */
export function iamMartinRuiz(aoi: Column, options: IamMartinRuizOptions = {}, out?: Float64Array): Float64Array {
  const fn = 'iamMartinRuiz';
  const n = checkSeries(fn, [['aoi', aoi, 'degrees']]);
  checkObject(fn, 'options', options);
  const aR = options.aR ?? 0.16;
  checkFinite(fn, 'options.aR', aR, 'unitless');
  if (!(aR > 0)) rangeFailure(fn, 'options.aR', 'a coefficient > 0 (unitless)', aR);
  const res = outputColumn(out, n);
  const aA = arrayOf(aoi);
  const a0 = scalarOf(aoi);
  const norm = 1 - Math.exp(-1 / aR);
  for (let i = 0; i < n; i++) {
    const a = aA !== null ? aA[i]! : a0;
    const iam = (1 - Math.exp(-Math.cos(a * D2R) / aR)) / norm;
    res[i] = Math.abs(a) >= 90 ? 0 : iam;
  }
  return res;
}

/**
 * Schlick's approximation of the Fresnel factor as an incidence angle modifier, unitless:
 * 1 - (1 - cos(aoi))^5, 0 for |aoi| >= 90 deg; NaN aoi gives NaN. It has no parameter.
 * Schlick (1994), An inexpensive BRDF model for physically-based rendering, Computer Graphics Forum
 * 13, 233-246, doi:10.1111/1467-8659.1330233; Xie et al. (2022), doi:10.1016/j.rser.2022.112362;
 * follows pvlib.iam.schlick.
 * @param aoi angle of incidence [deg]
 * @param options none (the model has no parameter); kept for the calling convention
 * @param out optional output buffer
 * @example
 * iamSchlick(60)[0]; // about 0.96875
 */
export function iamSchlick(aoi: Column, options: Record<string, never> = {}, out?: Float64Array): Float64Array {
  const fn = 'iamSchlick';
  const n = checkSeries(fn, [['aoi', aoi, 'degrees']]);
  checkObject(fn, 'options', options);
  const res = outputColumn(out, n);
  const aA = arrayOf(aoi);
  const a0 = scalarOf(aoi);
  for (let i = 0; i < n; i++) {
    const a = aA !== null ? aA[i]! : a0;
    const iam = 1 - (1 - Math.cos(a * D2R)) ** 5;
    res[i] = Math.abs(a) >= 90 ? 0 : iam;
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
