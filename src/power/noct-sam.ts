/**
 * The NOCT cell temperature model of the System Advisor Model (SAM).
 */
import { asColumn, type Column, outputColumn, seriesLength } from '../util/columns.js';

/** Weather of the NOCT (SAM) model. */
export interface NoctSamInput {
  /** Plane-of-array irradiance before reflection losses, W/m2. */
  poaGlobal: Column;
  /** Air temperature, degrees C. */
  airTemp: Column;
  /** Wind speed, m/s, at the height the wind loss factor was determined for (NOCT: 1 m/s at the module). */
  windSpeed: Column;
  /**
   * Irradiance converted to photocurrent (after reflection and spectrum), W/m2; absent: equal to
   * poaGlobal. Its ratio to poaGlobal scales the transmittance-absorptance product.
   */
  effectiveIrradiance?: Column;
}

/** Options of {@link noctSamCellTemperature}: the module's NOCT [degrees C], efficiency and mounting. */
export interface NoctSamOptions {
  /** Nominal operating cell temperature, degrees C (800 W/m2, 20 degrees C air, 1 m/s wind). */
  noct: number;
  /** Module efficiency at 1000 W/m2 and 20 degrees C, 0..1 (Vmp Imp / (area x 1000 W/m2)). */
  moduleEfficiency: number;
  /** Transmittance-absorptance product, 0..1 (default 0.9). */
  transmittanceAbsorptance?: number;
  /** Height of the array in storeys (about 3 m each): 1 (up to one storey, default) or 2 (two or more). */
  arrayHeight?: 1 | 2;
  /** Distance between the array and the surface it is mounted on, inches (default 4: ground mount). */
  mountStandoff?: number;
}

/**
 * NOCT increase for a mounting standoff in inches (SAM Photovoltaic Model Technical Reference,
 * table of section 10.6): 18 K below 0.5 in, 11 below 1.5, 6 below 2.5, 2 up to 3.5, 0 above and
 * at 0 or less (flush mounting counts as no standoff, as pvlib chooses for the interval ends).
 */
function noctStandoffAdjustment(inches: number): number {
  if (inches <= 0) return 0;
  if (inches < 0.5) return 18;
  if (inches < 1.5) return 11;
  if (inches < 2.5) return 6;
  if (inches <= 3.5) return 2;
  return 0;
}

/**
 * Cell temperature of SAM's NOCT model, degrees C:
 * T = T_a + E / 800 (NOCT_adj - 20) (1 - eta / (tau alpha r)) 9.5 / (5.7 + 3.8 v_adj),
 * with NOCT_adj = NOCT + standoff adjustment, v_adj = 0.51 v (one storey) or 0.61 v (two), and
 * r = effective / plane-of-array irradiance (1 without an effective irradiance). Gilman, P.,
 * Dobos, A., DiOrio, N., Freeman, J., Janzou, S., Ryberg, D. (2018), "SAM Photovoltaic Model
 * Technical Reference Update", NREL/TP-6A20-67399, section 10.6. Follows pvlib.temperature.noct_sam
 * (E is the plane-of-array irradiance before reflections, as SAM's code uses it).
 * @param input poaGlobal W/m2, airTemp degrees C, windSpeed m/s, effectiveIrradiance W/m2 (optional)
 * @param options noct (degrees C), moduleEfficiency (0..1), transmittanceAbsorptance (default 0.9),
 *   arrayHeight 1 or 2 storeys (default 1), mountStandoff inches (default 4)
 * @returns cell temperature, degrees C, one per row
 * @throws RangeError naming the option when it is not a finite number, or arrayHeight is not 1 or 2
 * @example
 * // pvlib's test value, 55.2307904...:
 * noctSamCellTemperature({ poaGlobal: 1000, airTemp: 25, windSpeed: 1 }, { noct: 45, moduleEfficiency: 0.2 })[0]; // about 55.2307904
 */
export function noctSamCellTemperature(input: NoctSamInput, options: NoctSamOptions, out?: Float64Array): Float64Array {
  const { noct, moduleEfficiency } = options;
  const tauAlpha = options.transmittanceAbsorptance ?? 0.9;
  const arrayHeight = options.arrayHeight ?? 1;
  const standoff = options.mountStandoff ?? 4;
  for (const [name, value, unit] of [
    ['noct', noct, 'degrees C'],
    ['moduleEfficiency', moduleEfficiency, 'a fraction 0..1'],
    ['transmittanceAbsorptance', tauAlpha, 'a fraction 0..1'],
    ['mountStandoff', standoff, 'inches'],
  ] as const) {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new RangeError(`noctSamCellTemperature: ${name} must be a finite number (${unit}), got ${String(value)}`);
    }
  }
  if (arrayHeight !== 1 && arrayHeight !== 2) {
    throw new RangeError(`noctSamCellTemperature: arrayHeight must be 1 or 2 storeys, got ${String(arrayHeight)}`);
  }
  const { effectiveIrradiance } = input;
  const n =
    effectiveIrradiance === undefined
      ? seriesLength(input.poaGlobal, input.airTemp, input.windSpeed)
      : seriesLength(input.poaGlobal, input.airTemp, input.windSpeed, effectiveIrradiance);
  const e = asColumn(input.poaGlobal, n);
  const ta = asColumn(input.airTemp, n);
  const ws = asColumn(input.windSpeed, n);
  const eff = effectiveIrradiance === undefined ? null : asColumn(effectiveIrradiance, n);
  const res = outputColumn(out, n);
  const windFactor = arrayHeight === 1 ? 0.51 : 0.61;
  const noctRise = noct + noctStandoffAdjustment(standoff) - 20;
  for (let i = 0; i < n; i++) {
    const poa = e[i]!;
    const irradianceRatio = eff === null ? 1 : eff[i]! / poa;
    const heatLoss = 1 - moduleEfficiency / (tauAlpha * irradianceRatio);
    const windLoss = 9.5 / (5.7 + 3.8 * (windFactor * ws[i]!));
    res[i] = ta[i]! + (poa / 800) * noctRise * heatLoss * windLoss;
  }
  return res;
}
