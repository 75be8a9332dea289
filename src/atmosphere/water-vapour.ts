/**
 * Water vapour of the air: precipitable water from temperature and humidity (Gueymard 1994), and
 * the Magnus relation between dew point and relative humidity.
 */
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import { checkCelsius, checkObject, checkSeries, rangeFailure } from '../util/validate.js';

/**
 * Precipitable water [cm] from air temperature [C] and relative humidity [%] by Gueymard's
 * empirical water-vapour scale height and Gueymard's saturation vapour pressure; at least 0.1 cm;
 * about 20 % accurate for 1 to 3 cm. Gueymard, C. (1994), Analysis of monthly average atmospheric
 * precipitable water and turbidity in Canada and northern United States, Solar Energy 53(1),
 * 57-71, doi:10.1016/0038-092X(94)90606-8; Keogh, W.M., Blakers, A.W. (2004), Progress in
 * Photovoltaics 12, 1-19, doi:10.1002/pip.517. Follows pvlib.atmosphere.gueymard94_pw.
 * @param tempAir air temperature at the surface [C]
 * @param relativeHumidity relative humidity at the surface [%]
 * @param out optional output buffer
 * @example
 * gueymard94Pw(20, 50)[0]; // about 1.87 cm
 */
export function gueymard94Pw(tempAir: Column, relativeHumidity: Column, out?: Float64Array): Float64Array {
  const fn = 'gueymard94Pw';
  const n = checkSeries(fn, [
    ['tempAir', tempAir, 'degrees C'],
    ['relativeHumidity', relativeHumidity, '%'],
  ]);
  checkCelsius(fn, 'tempAir', tempAir);
  const res = outputColumn(out, n);
  const tA = arrayOf(tempAir);
  const hA = arrayOf(relativeHumidity);
  const t0 = scalarOf(tempAir);
  const h0 = scalarOf(relativeHumidity);
  for (let i = 0; i < n; i++) {
    const t = (tA !== null ? tA[i]! : t0) + 273.15;
    const rh = hA !== null ? hA[i]! : h0;
    const theta = t / 273.15;
    // Apparent water-vapour scale height [km] (eq. 4) and vapour density [g/m3] (eq. 2).
    const scaleHeight = 0.4976 + 1.5265 * theta + Math.exp(13.6897 * theta - 14.9188 * theta * theta * theta);
    const x = 100 / t;
    const es = Math.exp(22.33 - 49.14 * x - 10.922 * x * x - (0.39015 * t) / 100);
    const pw = 0.1 * scaleHeight * (((216.7 * rh) / (100 * t)) * es);
    res[i] = pw < 0.1 ? 0.1 : pw;
  }
  return res;
}

/** Options of {@link rhFromTdew} and {@link tdewFromRh}. */
export interface MagnusOptions {
  /**
   * The Magnus coefficients (A [hPa], B [unitless], C [C]) of A exp(B T / (C + T)); default the
   * WMO's (6.112, 17.62, 243.12), for liquid water from -45 to 60 C.
   */
  coeff?: readonly [number, number, number];
}

function magnus(fn: string, options: MagnusOptions): readonly [number, number, number] {
  checkObject(fn, 'options', options);
  const c = options.coeff ?? [6.112, 17.62, 243.12];
  if (!Array.isArray(c) || c.length !== 3 || !c.every((x) => typeof x === 'number' && Number.isFinite(x)))
    rangeFailure(fn, 'options.coeff', 'three finite numbers (A hPa, B, C degrees C)', c);
  return c;
}

/** Inputs of {@link rhFromTdew}. */
export interface RhFromTdewInput {
  /** Air (dry-bulb) temperature [C]. */
  tempAir: Column;
  /** Dew-point temperature [C]. */
  tempDew: Column;
}

/**
 * Relative humidity [%] from air and dew-point temperatures [C] by the Magnus equation: 100 times
 * the saturation vapour pressure at the dew point over that at the air temperature.
 * WMO (2023), Guide to Instruments and Methods of Observation, WMO-No. 8; Alduchov, O.A.,
 * Eskridge, R.E. (1996), Improved Magnus form approximation of saturation vapor pressure, Journal of
 * Applied Meteorology 35(4), 601-609. Follows pvlib.atmosphere.rh_from_tdew.
 * @param input `tempAir` and `tempDew` [C]
 * @param options `coeff`, the Magnus coefficients
 * @param out optional output buffer
 * @example
 * rhFromTdew({ tempAir: 25, tempDew: 15 })[0]; // about 53.8 %
 */
export function rhFromTdew(input: RhFromTdewInput, options: MagnusOptions = {}, out?: Float64Array): Float64Array {
  const fn = 'rhFromTdew';
  checkObject(fn, 'input', input);
  const [a, b, c] = magnus(fn, options);
  const n = checkSeries(fn, [
    ['tempAir', input.tempAir, 'degrees C'],
    ['tempDew', input.tempDew, 'degrees C'],
  ]);
  const res = outputColumn(out, n);
  const tA = arrayOf(input.tempAir);
  const dA = arrayOf(input.tempDew);
  const t0 = scalarOf(input.tempAir);
  const d0 = scalarOf(input.tempDew);
  for (let i = 0; i < n; i++) {
    const t = tA !== null ? tA[i]! : t0;
    const d = dA !== null ? dA[i]! : d0;
    const e = a * Math.exp((b * d) / (c + d));
    const es = a * Math.exp((b * t) / (c + t));
    res[i] = 100 * (e / es);
  }
  return res;
}

/** Inputs of {@link tdewFromRh}. */
export interface TdewFromRhInput {
  /** Air (dry-bulb) temperature [C]. */
  tempAir: Column;
  /** Relative humidity [%], 0..100. */
  relativeHumidity: Column;
}

/**
 * Dew-point temperature [C] from air temperature [C] and relative humidity [%]: the Magnus
 * equation of {@link rhFromTdew} solved for the dew point. Follows pvlib.atmosphere.tdew_from_rh.
 * @param input `tempAir` [C] and `relativeHumidity` [%]
 * @param options `coeff`, the Magnus coefficients
 * @param out optional output buffer
 * @example
 * tdewFromRh({ tempAir: 25, relativeHumidity: 53.8 })[0]; // about 15.0 C
 */
export function tdewFromRh(input: TdewFromRhInput, options: MagnusOptions = {}, out?: Float64Array): Float64Array {
  const fn = 'tdewFromRh';
  checkObject(fn, 'input', input);
  const [, b, c] = magnus(fn, options);
  const n = checkSeries(fn, [
    ['tempAir', input.tempAir, 'degrees C'],
    ['relativeHumidity', input.relativeHumidity, '%'],
  ]);
  const res = outputColumn(out, n);
  const tA = arrayOf(input.tempAir);
  const hA = arrayOf(input.relativeHumidity);
  const t0 = scalarOf(input.tempAir);
  const h0 = scalarOf(input.relativeHumidity);
  for (let i = 0; i < n; i++) {
    const t = tA !== null ? tA[i]! : t0;
    const rh = hA !== null ? hA[i]! : h0;
    const ln = (b * t) / (c + t) + Math.log(rh / 100);
    res[i] = (c * ln) / (b - ln);
  }
  return res;
}
