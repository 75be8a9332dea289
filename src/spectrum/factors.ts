/**
 * Spectral factors (spectral mismatch modifiers): the ratio of a module's short-circuit current
 * under the sky's spectrum to that under the reference spectrum, from atmospheric columns (air mass,
 * precipitable water, aerosol optical depth, clear-sky index), as the empirical models of
 * pvlib.spectrum give them. Each takes pvlib's `module_type` (its published coefficients) or the
 * caller's `coefficients`, never both.
 */
import { relativeAirmass } from '../atmosphere/airmass.js';
import { type SapmSpectralModule, sapmSpectralLoss } from '../pv/sapm.js';
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import {
  checkFinite,
  checkObject,
  checkOneOf,
  checkPressurePa,
  checkSeries,
  rangeFailure,
  typeFailure,
} from '../util/validate.js';

/** The row of a column: the array's element, or the broadcast number. */
const at = (a: Float64Array | null, s: number, i: number): number => (a !== null ? a[i]! : s);

/** The coefficients of a model: the caller's (checked for count) or those of a module type. */
function coefficientsOf<T extends string>(
  fn: string,
  options: { moduleType?: T; coefficients?: ArrayLike<number> },
  table: Record<T, readonly number[]>,
  count: number,
  lowerCase: boolean,
): readonly number[] {
  checkObject(fn, 'options', options);
  const { moduleType, coefficients } = options;
  if (moduleType !== undefined && coefficients !== undefined)
    typeFailure(fn, 'options', 'one of moduleType and coefficients, not both', 'both');
  if (moduleType === undefined && coefficients === undefined)
    typeFailure(fn, 'options', `moduleType (one of ${Object.keys(table).join(', ')}) or coefficients`, options);
  if (moduleType !== undefined) {
    const name = lowerCase && typeof moduleType === 'string' ? moduleType.toLowerCase() : moduleType;
    return table[checkOneOf(fn, 'options.moduleType', name, Object.keys(table) as T[])];
  }
  const c = coefficients as ArrayLike<number>;
  if (c === null || typeof c !== 'object' || typeof c.length !== 'number')
    typeFailure(fn, 'options.coefficients', `an array of ${count} numbers`, c);
  if (c.length !== count) rangeFailure(fn, 'options.coefficients', `${count} numbers`, c.length);
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(checkFinite(fn, `options.coefficients[${i}]`, c[i], ''));
  return out;
}

/** Module types of {@link spectralFactorFirstSolar} (pvlib's names, any case). */
export type FirstSolarModuleType = 'cdte' | 'monosi' | 'xsi' | 'polysi' | 'multisi' | 'cigs' | 'asi';

const FIRST_SOLAR: Record<FirstSolarModuleType, readonly number[]> = {
  cdte: [0.86273, -0.038948, -0.012506, 0.098871, 0.084658, -0.0042948],
  monosi: [0.85914, -0.02088, -0.0058853, 0.12029, 0.026814, -0.001781],
  xsi: [0.85914, -0.02088, -0.0058853, 0.12029, 0.026814, -0.001781],
  polysi: [0.8409, -0.027539, -0.0079224, 0.1357, 0.038024, -0.0021218],
  multisi: [0.8409, -0.027539, -0.0079224, 0.1357, 0.038024, -0.0021218],
  cigs: [0.85252, -0.022314, -0.0047216, 0.13666, 0.013342, -0.0008945],
  asi: [1.12094, -0.04762, -0.0083627, -0.10443, 0.098382, -0.0033818],
};

/** Inputs of {@link spectralFactorFirstSolar}. */
export interface SpectralFactorFirstSolarInput {
  /** Atmospheric precipitable water [cm]. */
  precipitableWater: Column;
  /** Absolute (pressure-corrected) air mass [unitless]. */
  airmassAbsolute: Column;
}

/** Options of {@link spectralFactorFirstSolar} (pvlib's names and defaults). */
export interface SpectralFactorFirstSolarOptions {
  /** A module type with published coefficients; or give `coefficients`. */
  moduleType?: FirstSolarModuleType;
  /** The six coefficients c0..c5 of the model [unitless]. */
  coefficients?: ArrayLike<number>;
  /** Precipitable water below this is raised to it [cm], default 0.1. */
  minPrecipitableWater?: number;
  /** Precipitable water above this gives NaN [cm], default 8. */
  maxPrecipitableWater?: number;
  /** Air mass below this is raised to it, default 0.58. */
  minAirmassAbsolute?: number;
  /** Air mass above this is lowered to it, default 10. */
  maxAirmassAbsolute?: number;
}

/**
 * First Solar spectral factor [unitless]: c0 + c1 AMa + c2 Pw + c3 sqrt(AMa) + c4 sqrt(Pw) +
 * c5 AMa / sqrt(Pw), fitted to MODTRAN spectra and a module's quantum efficiency. As pvlib, the
 * precipitable water is raised to `minPrecipitableWater` and NaN above `maxPrecipitableWater`, the
 * air mass clipped to [minAirmassAbsolute, maxAirmassAbsolute]. NaN in gives NaN.
 * Lee & Panchula (2016), Spectral correction for photovoltaic module performance based on air mass
 * and precipitable water, IEEE PVSC 43, doi:10.1109/PVSC.2016.7749836; follows
 * pvlib.spectrum.spectral_factor_firstsolar.
 * @param input `precipitableWater` [cm], `airmassAbsolute` [unitless]
 * @param options `moduleType` or `coefficients`; the clipping bounds
 * @param out optional output buffer
 * @example
 * spectralFactorFirstSolar({ precipitableWater: 1.4, airmassAbsolute: 1.5 }, { moduleType: 'cdte' })[0]; // about 1.0026
 */
export function spectralFactorFirstSolar(
  input: SpectralFactorFirstSolarInput,
  options: SpectralFactorFirstSolarOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'spectralFactorFirstSolar';
  checkObject(fn, 'input', input);
  const n = checkSeries(fn, [
    ['precipitableWater', input.precipitableWater, 'cm'],
    ['airmassAbsolute', input.airmassAbsolute, 'unitless air mass'],
  ]);
  const c = coefficientsOf(fn, options, FIRST_SOLAR, 6, true);
  const minPw = checkFinite(fn, 'options.minPrecipitableWater', options.minPrecipitableWater ?? 0.1, 'cm');
  const maxPw = checkFinite(fn, 'options.maxPrecipitableWater', options.maxPrecipitableWater ?? 8, 'cm');
  const minAm = checkFinite(fn, 'options.minAirmassAbsolute', options.minAirmassAbsolute ?? 0.58, '');
  const maxAm = checkFinite(fn, 'options.maxAirmassAbsolute', options.maxAirmassAbsolute ?? 10, '');
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const res = outputColumn(out, n);
  const pwA = arrayOf(input.precipitableWater);
  const pw0 = scalarOf(input.precipitableWater);
  const amA = arrayOf(input.airmassAbsolute);
  const am0 = scalarOf(input.airmassAbsolute);
  for (let i = 0; i < n; i++) {
    let pw = at(pwA, pw0, i);
    // Comparisons are false for NaN, which stays NaN (np.maximum and np.minimum propagate it).
    if (pw < minPw) pw = minPw;
    if (pw > maxPw) pw = Number.NaN;
    let am = at(amA, am0, i);
    if (am > maxAm) am = maxAm;
    if (am < minAm) am = minAm;
    const sqrtPw = Math.sqrt(pw);
    res[i] = c0 + c1 * am + c2 * pw + c3 * Math.sqrt(am) + c4 * sqrtPw + (c5 * am) / sqrtPw;
  }
  return res;
}

/**
 * SAPM spectral factor (F1) [unitless]: the module's air-mass polynomial A0 + A1 AMa + ... + A4 AMa^4,
 * never below 0; NaN air mass gives 0, as pvlib. The same function as the SAPM's own
 * `sapmSpectralLoss` of the pv folder, under pvlib.spectrum's name.
 * King, Boyson & Kratochvil (2004), SAND2004-3535, doi:10.2172/919131; follows
 * pvlib.spectrum.spectral_factor_sapm.
 * @param airmassAbsolute absolute air mass [unitless]
 * @param module the coefficients A0..A4 (`a0`..`a4`; a SapmModuleParameters object has them)
 * @param out optional output buffer
 * @example
 * spectralFactorSapm(1.5, { a0: 0.928385, a1: 0.068093, a2: -0.0157738, a3: 0.0016606, a4: -6.93e-5 })[0]; // about 1.0003
 */
export function spectralFactorSapm(
  airmassAbsolute: Column,
  module: SapmSpectralModule,
  out?: Float64Array,
): Float64Array {
  return sapmSpectralLoss(airmassAbsolute, module, out);
}

/** Module types of {@link spectralFactorCaballero}. */
export type CaballeroModuleType = 'cdte' | 'monosi' | 'multisi' | 'cigs' | 'asi' | 'perovskite';

const CABALLERO: Record<CaballeroModuleType, readonly number[]> = {
  cdte: [1.0044, 0.0095, -0.0037, 0.0002, 0.0, -0.0046, -0.0182, 0, 0.0095, 0.0068, 0, 1],
  monosi: [0.9706, 0.0377, -0.0123, 0.0025, -0.0002, 0.0159, -0.0165, 0, -0.0016, -0.0027, 1, 0],
  multisi: [0.9836, 0.0254, -0.0085, 0.0016, -0.0001, 0.0094, -0.0132, 0, -0.0002, -0.0011, 1, 0],
  cigs: [0.9801, 0.0283, -0.0092, 0.0019, -0.0001, 0.0117, -0.0126, 0, -0.0011, -0.0019, 1, 0],
  asi: [1.106, -0.0848, 0.0302, -0.0076, 0.0006, -0.1283, 0.0986, -0.0254, 0.0156, 0.0146, 1, 0],
  perovskite: [1.0637, -0.0491, 0.018, -0.0047, 0.0004, -0.0773, 0.0583, -0.0159, 0.01251, 0.0109, 1, 0],
};

/** Inputs of {@link spectralFactorCaballero}. */
export interface SpectralFactorCaballeroInput {
  /** Atmospheric precipitable water [cm]. */
  precipitableWater: Column;
  /** Absolute (pressure-corrected) air mass [unitless]. */
  airmassAbsolute: Column;
  /** Aerosol optical depth at 500 nm [unitless]. */
  aod500: Column;
}

/** Options of {@link spectralFactorCaballero}: `moduleType` or the 12 `coefficients`. */
export interface SpectralFactorCaballeroOptions {
  /** A module type with published coefficients. */
  moduleType?: CaballeroModuleType;
  /** The twelve coefficients of the model, in pvlib's order [unitless]. */
  coefficients?: ArrayLike<number>;
}

/**
 * Caballero spectral factor [unitless]: f(AMa) + (AOD500 - 0.084) g(AMa) + (Pw - 1.4164) h(AMa),
 * a quartic in air mass plus aerosol and water terms linear in their departure from the reference
 * atmosphere. NaN in gives NaN.
 * Caballero, Fernández, Theristis et al. (2018), Spectral corrections based on air mass, aerosol
 * optical depth, and precipitable water for PV performance modeling, IEEE Journal of Photovoltaics
 * 8, 552-558, doi:10.1109/JPHOTOV.2017.2787019; follows pvlib.spectrum.spectral_factor_caballero.
 * @param input `precipitableWater` [cm], `airmassAbsolute` [unitless], `aod500` [unitless]
 * @param options `moduleType` or `coefficients`
 * @param out optional output buffer
 * @example
 * spectralFactorCaballero({ precipitableWater: 1.4164, airmassAbsolute: 1.5, aod500: 0.084 }, { moduleType: 'monosi' })[0]; // about 1.0069
 */
export function spectralFactorCaballero(
  input: SpectralFactorCaballeroInput,
  options: SpectralFactorCaballeroOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'spectralFactorCaballero';
  checkObject(fn, 'input', input);
  const n = checkSeries(fn, [
    ['precipitableWater', input.precipitableWater, 'cm'],
    ['airmassAbsolute', input.airmassAbsolute, 'unitless air mass'],
    ['aod500', input.aod500, 'unitless optical depth'],
  ]);
  const c = coefficientsOf(fn, options, CABALLERO, 12, false) as number[];
  const res = outputColumn(out, n);
  const pwA = arrayOf(input.precipitableWater);
  const pw0 = scalarOf(input.precipitableWater);
  const amA = arrayOf(input.airmassAbsolute);
  const am0 = scalarOf(input.airmassAbsolute);
  const aodA = arrayOf(input.aod500);
  const aod0 = scalarOf(input.aod500);
  const [k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11] = c as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  for (let i = 0; i < n; i++) {
    const am = at(amA, am0, i);
    const logAm = Math.log(am);
    const fAm = k0 + k1 * am + k2 * am ** 2 + k3 * am ** 3 + k4 * am ** 4;
    const fAod = (at(aodA, aod0, i) - 0.084) * (k5 + k10 * k6 * am + k11 * k6 * logAm + k7 * am ** 2);
    const fPw = (at(pwA, pw0, i) - 1.4164) * (k8 + k9 * logAm);
    res[i] = fAm + fAod + fPw;
  }
  return res;
}

/** Module types of {@link spectralFactorPvspec} (pvlib's names, any case). */
export type PvspecModuleType = 'multisi' | 'monosi' | 'fs4-2' | 'fs4-1' | 'cigs' | 'asi';

const PVSPEC: Record<PvspecModuleType, readonly number[]> = {
  multisi: [0.9847, -0.05237, 0.03034],
  monosi: [0.9845, -0.05169, 0.03034],
  'fs4-2': [1.002, -0.07108, 0.02465],
  'fs4-1': [0.9981, -0.05776, 0.02336],
  cigs: [0.9791, -0.03904, 0.03096],
  asi: [1.051, -0.1033, 0.009838],
};

/** Inputs of {@link spectralFactorPvspec}. */
export interface SpectralFactorPvspecInput {
  /** Absolute (pressure-corrected) air mass [unitless]. */
  airmassAbsolute: Column;
  /** Clear-sky index: GHI over clear-sky GHI [unitless]. */
  clearskyIndex: Column;
}

/** Options of {@link spectralFactorPvspec}: `moduleType` or the 3 `coefficients`. */
export interface SpectralFactorPvspecOptions {
  /** A module type with published coefficients. */
  moduleType?: PvspecModuleType;
  /** The coefficients a, b, c of a kc^b AMa^c [unitless]. */
  coefficients?: ArrayLike<number>;
}

/**
 * PVSPEC spectral factor [unitless]: a kc^b AMa^c of the clear-sky index and the absolute air mass.
 * NaN in gives NaN.
 * Pelland, Beswick, Thevenard et al. (2020), Development and testing of the PVSPEC model of
 * photovoltaic spectral mismatch factor, IEEE PVSC 47, doi:10.1109/PVSC45281.2020.9300932; follows
 * pvlib.spectrum.spectral_factor_pvspec.
 * @param input `airmassAbsolute` [unitless], `clearskyIndex` [unitless]
 * @param options `moduleType` or `coefficients`
 * @param out optional output buffer
 * @example
 * spectralFactorPvspec({ airmassAbsolute: 1.5, clearskyIndex: 0.8 }, { moduleType: 'monosi' })[0]; // about 1.0083
 */
export function spectralFactorPvspec(
  input: SpectralFactorPvspecInput,
  options: SpectralFactorPvspecOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'spectralFactorPvspec';
  checkObject(fn, 'input', input);
  const n = checkSeries(fn, [
    ['airmassAbsolute', input.airmassAbsolute, 'unitless air mass'],
    ['clearskyIndex', input.clearskyIndex, 'unitless'],
  ]);
  const [a, b, c] = coefficientsOf(fn, options, PVSPEC, 3, true) as [number, number, number];
  const res = outputColumn(out, n);
  const amA = arrayOf(input.airmassAbsolute);
  const am0 = scalarOf(input.airmassAbsolute);
  const kA = arrayOf(input.clearskyIndex);
  const k0 = scalarOf(input.clearskyIndex);
  for (let i = 0; i < n; i++) res[i] = a * Math.pow(at(kA, k0, i), b) * Math.pow(at(amA, am0, i), c);
  return res;
}

/** Module types of {@link spectralFactorJrc} (pvlib's names, any case). */
export type JrcModuleType = 'multisi' | 'cdte';

const JRC: Record<JrcModuleType, readonly number[]> = {
  multisi: [0.00172 / 0.00348, 0.000508 / 0.00348, 0.00000357 / 0.00348],
  cdte: [0.000643 / 0.00115, 0.00013 / 0.00115, 0.0000108 / 0.00115],
};

/** Inputs of {@link spectralFactorJrc}. */
export interface SpectralFactorJrcInput {
  /** Relative air mass [unitless] (pvlib's `airmass`: the model was fitted to it, not the absolute). */
  airmass: Column;
  /** Clear-sky index: GHI over clear-sky GHI [unitless]. */
  clearskyIndex: Column;
}

/** Options of {@link spectralFactorJrc}: `moduleType` or the 3 `coefficients`. */
export interface SpectralFactorJrcOptions {
  /** A module type with published coefficients. */
  moduleType?: JrcModuleType;
  /** The coefficients c1, c2, c3 [unitless]. */
  coefficients?: ArrayLike<number>;
}

/**
 * JRC spectral factor [unitless]: 1 + c1 (exp(-kc) - exp(-1)) + c2 (kc - 1) + c3 (AM - 1.5), of
 * the clear-sky index and the relative air mass. NaN in gives NaN.
 * Huld, Sample & Dunlop (2009), A simple model for estimating the influence of spectrum variations
 * on PV performance, 24th EU PVSEC, Hamburg, 3385-3389, doi:10.4229/24thEUPVSEC2009-4AV.3.27; follows
 * pvlib.spectrum.spectral_factor_jrc.
 * @param input `airmass` [unitless], `clearskyIndex` [unitless]
 * @param options `moduleType` or `coefficients`
 * @param out optional output buffer
 * @example
 * spectralFactorJrc({ airmass: 1.5, clearskyIndex: 1 }, { moduleType: 'multisi' })[0]; // about 1
 */
export function spectralFactorJrc(
  input: SpectralFactorJrcInput,
  options: SpectralFactorJrcOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'spectralFactorJrc';
  checkObject(fn, 'input', input);
  const n = checkSeries(fn, [
    ['airmass', input.airmass, 'unitless air mass'],
    ['clearskyIndex', input.clearskyIndex, 'unitless'],
  ]);
  const [c1, c2, c3] = coefficientsOf(fn, options, JRC, 3, true) as [number, number, number];
  const res = outputColumn(out, n);
  const amA = arrayOf(input.airmass);
  const am0 = scalarOf(input.airmass);
  const kA = arrayOf(input.clearskyIndex);
  const k0 = scalarOf(input.clearskyIndex);
  const e1 = Math.exp(-1);
  for (let i = 0; i < n; i++) {
    const kc = at(kA, k0, i);
    res[i] = 1 + c1 * (Math.exp(-kc) - e1) + c2 * (kc - 1) + c3 * (at(amA, am0, i) - 1.5);
  }
  return res;
}

/** Module types of {@link spectralFactorPolo}. */
export type PoloModuleType = 'cdte' | 'monosi' | 'cigs' | 'asi';

const POLO: Record<PoloModuleType, readonly number[]> = {
  cdte: [-0.0009, 46.8, 49.2, -0.87, 0.00041, 0.053, 0.0021, -0.01, 1.01],
  monosi: [0.0027, 10.34, 9.48, 0.31, 0.00077, 0.006, 0, -0.003, 1.0],
  cigs: [0.0017, 2.33, 1.3, 0.11, 0.00098, -0.018, -0.0009, -0.0003, 1],
  asi: [0.0024, 7.32, 7.09, -0.72, -0.0013, 0.089, 0.0056, -0.02, 1.014],
};

/** Inputs of {@link spectralFactorPolo}. */
export interface SpectralFactorPoloInput {
  /** Atmospheric precipitable water [cm]. */
  precipitableWater: Column;
  /** Absolute (pressure-corrected) air mass [unitless]. */
  airmassAbsolute: Column;
  /** Aerosol optical depth at 500 nm [unitless]. */
  aod500: Column;
  /** Angle of incidence on the module [deg]. */
  aoi: Column;
  /** Site pressure [Pa]. */
  pressure: Column;
  /** Ground albedo [unitless], default 0.2. */
  albedo?: Column;
}

/** Options of {@link spectralFactorPolo}: `moduleType` or the 9 `coefficients`. */
export interface SpectralFactorPoloOptions {
  /** A module type with published coefficients. */
  moduleType?: PoloModuleType;
  /** The six coefficients of the model then the three of the albedo correction [unitless]. */
  coefficients?: ArrayLike<number>;
}

/**
 * Polo spectral factor [unitless] of building-integrated (façade) modules:
 * g(albedo) (c0 Ram + c1 / (c2 + Ram^c3) + c4 / AOD500 + c5 sqrt(Pw)), with Ram the ratio of the
 * absolute air mass along the angle of incidence (Kasten & Young, aoi clipped at 90 deg) to that of
 * the sun, and g a quadratic in albedo / 0.2. NaN in gives NaN.
 * Polo & Sanz-Saiz (2025), Development of spectral mismatch models for BIPV applications in
 * building façades, Renewable Energy 245, 122820, doi:10.1016/j.renene.2025.122820; follows
 * pvlib.spectrum.spectral_factor_polo.
 * @param input `precipitableWater` [cm], `airmassAbsolute`, `aod500`, `aoi` [deg], `pressure` [Pa],
 *   `albedo` [unitless]
 * @param options `moduleType` or `coefficients`
 * @param out optional output buffer
 * @example
 * spectralFactorPolo({ precipitableWater: 1.4, airmassAbsolute: 1.5, aod500: 0.1, aoi: 30, pressure: 101325 }, { moduleType: 'monosi' })[0]; // about 1.008
 */
export function spectralFactorPolo(
  input: SpectralFactorPoloInput,
  options: SpectralFactorPoloOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'spectralFactorPolo';
  checkObject(fn, 'input', input);
  const n = checkSeries(fn, [
    ['precipitableWater', input.precipitableWater, 'cm'],
    ['airmassAbsolute', input.airmassAbsolute, 'unitless air mass'],
    ['aod500', input.aod500, 'unitless optical depth'],
    ['aoi', input.aoi, 'degrees'],
    ['pressure', input.pressure, 'Pa'],
    ['albedo', input.albedo, 'unitless', true],
  ]);
  checkPressurePa(fn, 'pressure', input.pressure);
  const c = coefficientsOf(fn, options, POLO, 9, false) as number[];
  const [k0, k1, k2, k3, k4, k5, g0, g1, g2] = c as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const res = outputColumn(out, n);
  // Kasten-Young air mass along the angle of incidence, clipped at 90 degrees (pvlib's np.clip).
  const aoiA = arrayOf(input.aoi);
  const aoi0 = scalarOf(input.aoi);
  const clipped = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = at(aoiA, aoi0, i);
    clipped[i] = a > 90 ? 90 : a;
  }
  const amAoi = relativeAirmass(clipped, { model: 'kastenyoung1989' }, res);
  const pwA = arrayOf(input.precipitableWater);
  const pw0 = scalarOf(input.precipitableWater);
  const amA = arrayOf(input.airmassAbsolute);
  const am0 = scalarOf(input.airmassAbsolute);
  const aodA = arrayOf(input.aod500);
  const aod0 = scalarOf(input.aod500);
  const pA = arrayOf(input.pressure);
  const p0 = scalarOf(input.pressure);
  const alA = arrayOf(input.albedo);
  const al0 = scalarOf(input.albedo, 0.2);
  for (let i = 0; i < n; i++) {
    const fAoi = (amAoi[i]! * at(pA, p0, i)) / 101325;
    const ram = fAoi / at(amA, am0, i);
    const smm = k0 * ram + k1 / (k2 + ram ** k3) + k4 / at(aodA, aod0, i) + k5 * Math.sqrt(at(pwA, pw0, i));
    const r = at(alA, al0, i) / 0.2;
    res[i] = (g0 * r ** 2 + g1 * r + g2) * smm;
  }
  return res;
}
