/**
 * Optical air mass and the standard-atmosphere relation between altitude and pressure.
 */
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import { COS_NODES, SIN_NODES } from '../util/trig-tables.js';
import { checkObject, checkOneOf, checkPressurePa, checkSeries } from '../util/validate.js';

const D2R = Math.PI / 180;
/** Standard sea-level pressure [Pa]. */
export const STANDARD_PRESSURE = 101_325;

/** The relative air mass models of {@link relativeAirmass} (pvlib's names). */
export type RelativeAirmassModel =
  | 'kastenyoung1989'
  | 'kasten1966'
  | 'simple'
  | 'youngirvine1967'
  | 'young1994'
  | 'pickering2002'
  | 'gueymard1993'
  | 'gueymard2003';

const MODELS: readonly RelativeAirmassModel[] = [
  'kastenyoung1989',
  'kasten1966',
  'simple',
  'youngirvine1967',
  'young1994',
  'pickering2002',
  'gueymard1993',
  'gueymard2003',
];

/** Options of {@link relativeAirmass}. */
export interface RelativeAirmassOptions {
  /** The model (default 'kastenyoung1989'). */
  model?: RelativeAirmassModel;
}

/**
 * Relative (sea-level, not pressure-corrected) optical air mass [unitless]; NaN for zenith above
 * 90 deg, as pvlib.atmosphere.get_relative_airmass. The models other than 'youngirvine1967' and
 * 'young1994' take the apparent (refraction-corrected) zenith; those two take the true zenith.
 * Reno, Hansen and Stein (2012), SAND2012-2389, doi:10.2172/1039404, compare them.
 * @param zenith solar zenith [deg], apparent or true as the model says
 * @param options `model`:
 *   - 'kastenyoung1989' (default): Kasten, F., Young, A.T. (1989), Revised optical air mass tables
 *     and approximation formula, Applied Optics 28, 4735-4738, doi:10.1364/AO.28.004735;
 *   - 'kasten1966': Kasten, F. (1965), A new table and approximation formula for the relative
 *     optical air mass, CRREL technical report 136 (used by DISC and Bird);
 *   - 'simple': sec(zenith);
 *   - 'youngirvine1967' (true zenith): Young, A.T., Irvine, W.M. (1967), Multicolor photoelectric
 *     photometry of the brighter planets. I. Program and procedure, The Astronomical Journal 72,
 *     945-950, doi:10.1086/110366;
 *   - 'young1994' (true zenith): Young, A.T. (1994), Air mass and refraction, Applied Optics 33,
 *     1108-1110, doi:10.1364/AO.33.001108;
 *   - 'pickering2002': Pickering, K.A. (2002), The southern limits of the ancient star catalog and
 *     the commentary of Hipparchos, DIO 12, 3-27;
 *   - 'gueymard1993': Gueymard, C. (1993), Critical analysis and performance assessment of clear sky
 *     solar irradiance models using theoretical and measured data, Solar Energy 51, 121-138,
 *     doi:10.1016/0038-092X(93)90074-X (eq. 22);
 *   - 'gueymard2003': Gueymard, C. (2003), Direct solar transmittance and irradiance predictions
 *     with broadband models. Part I, Solar Energy 74, 355-379, doi:10.1016/S0038-092X(03)00195-6.
 * @param out optional output buffer
 * @example
 * relativeAirmass(60)[0]; // about 1.99
 * relativeAirmass(60, { model: 'simple' })[0]; // about 2
 * relativeAirmass(89, { model: 'pickering2002' })[0]; // about 26.3
 */
export function relativeAirmass(
  zenith: Column,
  options: RelativeAirmassOptions = {},
  out?: Float64Array,
): Float64Array {
  checkObject('relativeAirmass', 'options', options);
  const model = options.model ?? 'kastenyoung1989';
  checkOneOf('relativeAirmass', 'options.model', model, MODELS);
  const n = checkSeries('relativeAirmass', [['zenith', zenith, 'degrees']]);
  const res = outputColumn(out, n);
  const zA = arrayOf(zenith);
  const z0 = scalarOf(zenith);
  if (model === 'kastenyoung1989') powerLawAirmass(n, zA, z0, KASTEN_YOUNG_A, KASTEN_YOUNG_B, KASTEN_YOUNG_C, res);
  else if (model === 'kasten1966') powerLawAirmass(n, zA, z0, 0.15, 93.885, -1.253, res);
  else if (model === 'simple') powerLawAirmass(n, zA, z0, 0, 0, 0, res);
  else if (model === 'gueymard1993') gueymardAirmass(n, zA, z0, 0.00176759, 1, 94.37515, -1.21563, res);
  else if (model === 'gueymard2003') gueymardAirmass(n, zA, z0, 0.48353, 0.095846, 96.741, -1.754, res);
  else if (model === 'youngirvine1967' || model === 'young1994' || model === 'pickering2002')
    otherAirmass(n, zA, z0, model, res);
  else throw new RangeError(`unknown air mass model '${String(model)}'`);
  return res;
}

/** Kasten and Young (1989): 1 / (cos z + A (B - z)^C), z in degrees. */
const KASTEN_YOUNG_A = 0.50572;
const KASTEN_YOUNG_B = 96.07995;
const KASTEN_YOUNG_C = -1.6364;

/**
 * 1 / (cos z + a (b - z)^c) for each zenith z <= 90 deg (NaN above): the form of the Kasten and
 * the Kasten-Young air masses (a = 0: the secant, by Math.cos). cos z by the quarter-degree node tables
 * (util/trig-tables.ts) and the power as exp(c ln(b - z)): 2x faster than Math.cos and Math.pow
 * (20 against 39 ns a row over a year at 5 minutes, daylight and night), and within 1.2e-14
 * relative of them (a few units in the last place of the power, damped by the sum).
 */
function powerLawAirmass(
  n: number,
  zA: Float64Array | null,
  z0: number,
  a: number,
  b: number,
  c: number,
  res: Float64Array,
): void {
  const cosNodes = COS_NODES;
  const sinNodes = SIN_NODES;
  for (let i = 0; i < n; i++) res[i] = powerLawRow(zA !== null ? zA[i]! : z0, a, b, c, cosNodes, sinNodes);
}

/** One row of {@link powerLawAirmass} (the node tables passed in: module constants of the loop). */
function powerLawRow(
  z: number,
  a: number,
  b: number,
  c: number,
  cosNodes: Float64Array,
  sinNodes: Float64Array,
): number {
  if (z > 90) return Number.NaN;
  let cosZ: number;
  if (z >= 0 && a !== 0) {
    const k = Math.floor(z * 4 + 0.5);
    const r = (z - k * 0.25) * D2R;
    const r2 = r * r;
    cosZ = cosNodes[k]! * (1 - r2 * (0.5 - r2 * (1 / 24))) - sinNodes[k]! * (r * (1 - r2 * (1 / 6 - r2 * (1 / 120))));
  } else {
    // Negative (or NaN) zeniths, rare, and the secant: Math.cos, whose cos(90 deg) is 6.1e-17 as
    // numpy's (pvlib's sec 90 deg is 1.6e16, not infinite).
    cosZ = Math.cos(z * D2R);
  }
  return a === 0 ? 1 / cosZ : 1 / (cosZ + a * Math.exp(c * Math.log(b - z)));
}

/**
 * The Kasten-Young relative air mass of `zenith` (apparent, degrees) into `relative`, and the
 * absolute air mass at `pressure` (Pa) into `absolute`, in one pass and unchecked: the doubles of
 * relativeAirmass(zenith) and absoluteAirmass(relative, pressure), for a caller that has checked
 * its inputs (the model chain).
 */
export function kastenYoungAirmassInto(
  zenith: Float64Array,
  pressure: Column,
  relative: Float64Array,
  absolute: Float64Array,
): void {
  const cosNodes = COS_NODES;
  const sinNodes = SIN_NODES;
  const pA = arrayOf(pressure);
  const p0 = scalarOf(pressure);
  const n = zenith.length;
  // powerLawRow's operations with Kasten and Young's constants, written out: as a call per row (the
  // engine did not inline it here) it cost a third of this loop.
  for (let i = 0; i < n; i++) {
    const z = zenith[i]!;
    let m: number;
    if (z > 90) m = Number.NaN;
    else {
      let cosZ: number;
      if (z >= 0) {
        const k = Math.floor(z * 4 + 0.5);
        const r = (z - k * 0.25) * D2R;
        const r2 = r * r;
        cosZ =
          cosNodes[k]! * (1 - r2 * (0.5 - r2 * (1 / 24))) - sinNodes[k]! * (r * (1 - r2 * (1 / 6 - r2 * (1 / 120))));
      } else cosZ = Math.cos(z * D2R);
      m = 1 / (cosZ + KASTEN_YOUNG_A * Math.exp(KASTEN_YOUNG_C * Math.log(KASTEN_YOUNG_B - z)));
    }
    relative[i] = m;
    absolute[i] = (m * (pA !== null ? pA[i]! : p0)) / STANDARD_PRESSURE;
  }
}

/**
 * 1 / (cos z + a z^p (b - z)^c) for each zenith z <= 90 deg (NaN above): Gueymard's 1993 (p = 1)
 * and 2003 forms. Math.cos and Math.pow, as pvlib's numpy (these models are not on a hot path).
 */
function gueymardAirmass(
  n: number,
  zA: Float64Array | null,
  z0: number,
  a: number,
  p: number,
  b: number,
  c: number,
  res: Float64Array,
): void {
  for (let i = 0; i < n; i++) {
    const z = zA !== null ? zA[i]! : z0;
    if (z > 90) {
      res[i] = Number.NaN;
      continue;
    }
    const zp = p === 1 ? z : Math.pow(z, p);
    res[i] = 1 / (Math.cos(z * D2R) + a * zp * Math.pow(b - z, c));
  }
}

/** Young & Irvine (1967), Young (1994) and Pickering (2002), NaN above 90 deg. */
function otherAirmass(
  n: number,
  zA: Float64Array | null,
  z0: number,
  model: 'youngirvine1967' | 'young1994' | 'pickering2002',
  res: Float64Array,
): void {
  for (let i = 0; i < n; i++) {
    const z = zA !== null ? zA[i]! : z0;
    if (z > 90) {
      res[i] = Number.NaN;
      continue;
    }
    if (model === 'pickering2002') {
      const h = 90 - z;
      res[i] = 1 / Math.sin((h + 244 / (165 + 47 * Math.pow(h, 1.1))) * D2R);
    } else if (model === 'youngirvine1967') {
      const sec = 1 / Math.cos(z * D2R);
      res[i] = sec * (1 - 0.0012 * (sec * sec - 1));
    } else {
      const c = Math.cos(z * D2R);
      const c2 = c * c;
      res[i] = (1.002432 * c2 + 0.148386 * c + 0.0096467) / (c2 * c + 0.149864 * c2 + 0.0102963 * c + 0.000303978);
    }
  }
}

/**
 * Absolute (pressure-corrected) air mass [unitless]: relative air mass * pressure / 101325 Pa.
 * @param airmassRelative relative air mass [unitless]
 * @param pressure site pressure [Pa], default 101325
 * Gueymard (1993), Solar Energy 51, 121-138; follows pvlib.atmosphere.get_absolute_airmass.
 * @example
 * absoluteAirmass(2, 80000)[0]; // about 1.579
 */
export function absoluteAirmass(
  airmassRelative: Column,
  pressure: Column = STANDARD_PRESSURE,
  out?: Float64Array,
): Float64Array {
  const n = checkSeries('absoluteAirmass', [
    ['airmassRelative', airmassRelative, 'relative air mass'],
    ['pressure', pressure, 'Pa'],
  ]);
  checkPressurePa('absoluteAirmass', 'pressure', pressure);
  const res = outputColumn(out, n);
  const aA = arrayOf(airmassRelative);
  const pA = arrayOf(pressure);
  const a0 = scalarOf(airmassRelative);
  const p0 = scalarOf(pressure);
  for (let i = 0; i < n; i++) {
    res[i] = ((aA !== null ? aA[i]! : a0) * (pA !== null ? pA[i]! : p0)) / STANDARD_PRESSURE;
  }
  return res;
}

/**
 * Site pressure [Pa] from altitude above sea level [m] in the standard atmosphere (288.15 K at sea
 * level, lapse rate 6.5 K/km, dry air): 100 ((44331.514 - h) / 11880.516)^(1 / 0.1902632).
 * Portland State Aerospace Society (2004), A quick derivation relating altitude to air pressure,
 * v1.03; follows pvlib.atmosphere.alt2pres.
 * @example
 * altitudeToPressure(1500)[0]; // about 84560 Pa
 */
export function altitudeToPressure(altitude: Column, out?: Float64Array): Float64Array {
  const n = checkSeries('altitudeToPressure', [['altitude', altitude, 'm above sea level']]);
  const res = outputColumn(out, n);
  const hA = arrayOf(altitude);
  const h0 = scalarOf(altitude);
  const exponent = 1 / 0.1902632;
  for (let i = 0; i < n; i++) {
    res[i] = 100 * Math.pow((44331.514 - (hA !== null ? hA[i]! : h0)) / 11880.516, exponent);
  }
  return res;
}

/**
 * Altitude above sea level [m] from site pressure [Pa] in the standard atmosphere:
 * 44331.5 - 4946.62 p^0.190263. Same source as {@link altitudeToPressure}; follows
 * pvlib.atmosphere.pres2alt.
 * @example
 * pressureToAltitude(84560)[0]; // about 1500 m
 */
export function pressureToAltitude(pressure: Column, out?: Float64Array): Float64Array {
  const n = checkSeries('pressureToAltitude', [['pressure', pressure, 'Pa']]);
  checkPressurePa('pressureToAltitude', 'pressure', pressure);
  const res = outputColumn(out, n);
  const pA = arrayOf(pressure);
  const p0 = scalarOf(pressure);
  for (let i = 0; i < n; i++) {
    res[i] = 44331.5 - 4946.62 * Math.pow(pA !== null ? pA[i]! : p0, 0.190263);
  }
  return res;
}
