/**
 * Ross cell temperature: the rise over ambient proportional to the plane-of-array irradiance.
 */
import { asColumn, type Column, outputColumn, seriesLength } from '../util/columns.js';

/** Weather of the Ross model: plane-of-array irradiance W/m2 and air temperature degrees C (no wind). */
export interface RossInput {
  /** Global irradiance on the plane of the modules, W/m2. */
  poaGlobal: Column;
  /** Ambient air temperature, degrees C. */
  airTemp: Column;
}

/**
 * The Ross coefficient: either the module's NOCT (degrees C, at 800 W/m2, 20 degrees C air, 1 m/s
 * wind), giving k = (NOCT - 20) / 800 K m2/W, or k itself in K m2/W (Skoplaki & Palyvos 2009
 * list 0.02 for well-ventilated sloped roofs to 0.0563 for non-ventilated ones).
 */
export type RossParameters = { noct: number; k?: undefined } | { k: number; noct?: undefined };

/**
 * Ross cell temperature, degrees C: T = T_a + k E, with k = (NOCT - 20) / 80 per mW/cm2, i.e.
 * (NOCT - 20) / 800 per W/m2, or the given k. Assumes steady irradiance and about 1 m/s of wind
 * (the NOCT conditions). Ross, R. G. Jr. (1981), "Design Techniques for Flat-Plate Photovoltaic
 * Arrays", 15th IEEE Photovoltaic Specialists Conference, Orlando FL; Skoplaki, E., Palyvos, J. A.
 * (2009), "Operating temperature of photovoltaic modules: a survey of pertinent correlations",
 * Renewable Energy 34(1) 23-29, doi:10.1016/j.renene.2008.04.009. Follows pvlib.temperature.ross.
 * @param input poaGlobal W/m2, airTemp degrees C (columns or numbers)
 * @param options `{ noct }` in degrees C or `{ k }` in K m2/W, exactly one of them
 * @returns cell temperature, degrees C, one per row
 * @throws RangeError when both or neither of noct and k are given, or one is not a finite number
 * @example
 * rossCellTemperature({ poaGlobal: 800, airTemp: 20 }, { noct: 45 })[0]; // => 45
 */
export function rossCellTemperature(input: RossInput, options: RossParameters, out?: Float64Array): Float64Array {
  const { noct, k } = options as { noct?: number; k?: number };
  if ((noct === undefined) === (k === undefined)) {
    throw new RangeError('rossCellTemperature: give exactly one of noct (degrees C) and k (K m2/W)');
  }
  if (noct !== undefined && !Number.isFinite(noct))
    throw new RangeError(`rossCellTemperature: noct must be a finite temperature in degrees C, got ${noct}`);
  if (k !== undefined && !Number.isFinite(k))
    throw new RangeError(`rossCellTemperature: k must be a finite coefficient in K m2/W, got ${k}`);
  // pvlib: (noct - 20) / 80 * E * 0.1 (irradiance in mW/cm2); the same operations keep its rounding.
  const n = seriesLength(input.poaGlobal, input.airTemp);
  const e = asColumn(input.poaGlobal, n);
  const ta = asColumn(input.airTemp, n);
  const res = outputColumn(out, n);
  if (noct !== undefined) {
    const perMilliwatt = (noct - 20) / 80;
    for (let i = 0; i < n; i++) res[i] = ta[i]! + perMilliwatt * e[i]! * 0.1;
  } else {
    for (let i = 0; i < n; i++) res[i] = ta[i]! + k! * e[i]!;
  }
  return res;
}
