/**
 * Monthly snow loss of PV arrays (Townsend & Powers 2011): from the month's snowfall, the number
 * of snowfall events, the array's geometry and the month's weather.
 */
import { type Column, columnOf, maskOf } from '../util/columns.js';
import { checkAtLeast, checkColumn, checkFinite, checkObject, checkRange, checkSeries } from '../util/validate.js';

const DEG = Math.PI / 180;
/** Townsend & Powers 2011, eq. 3: C1 (in inches, kelvin and kWh/m2) and C2 of the ground interference term. */
const C1 = 5.7e4;
const C2 = 0.51;

/** Monthly columns of {@link snowLossTownsend}, one value per month in calendar order. */
export interface SnowLossTownsendInput {
  /** Snowfall of each month, cm (Townsend's S). */
  snowTotal: Column;
  /** Snowfall events of each month: days with more than 1 inch (2.54 cm) of snowfall (Townsend's N). */
  snowEvents: Column;
  /** Mean relative humidity of each month, %. */
  relativeHumidity: Column;
  /** Mean air temperature of each month, degrees C. */
  airTemp: Column;
  /** Plane-of-array insolation of each month, Wh/m2 (front and rear for a bifacial array). */
  poaGlobal: Column;
}

/** The array of {@link snowLossTownsend}. */
export interface SnowLossTownsendOptions {
  /** Tilt of the array, degrees (a tracker: its largest rotation). */
  surfaceTilt: number;
  /** Length of the rows along the slant, m (a tracker: half the table width). */
  slantHeight: number;
  /** Height of the array's lower edge above the ground, m. */
  lowerEdgeHeight: number;
  /** Multiplier of the loss: 1 for one string along the slant, 0.75 for more (default 1). */
  stringFactor?: number;
  /** Angle of repose of piled snow, degrees (default 40). */
  angleOfRepose?: number;
  /** Share of the monthly energy from the front side, unitless: multiplies the loss (default 1). */
  frontSideFraction?: Column;
}

/**
 * Monthly DC capacity loss to snow, unitless in [0, 1], by Townsend's model (eq. 3): C1 S_e
 * cos^2(tilt) (1 - C2 exp(-gamma)) RH / T^2 / POA^0.67, with the effective snowfall
 * S_e = S (1 + 1/N) / 2 weighted 2/3 this month and 1/3 the month before (the first month's
 * "before" is the last: a typical year), gamma the ground interference of snow piled at the angle
 * of repose under the lower edge (with Townsend's floor of 0.1 in2 on the clearance), and the
 * string factor of Townsend & Previtali 2023. A month without snowfall events has no effective
 * snowfall (a NaN event count too, as pvlib). T. Townsend and L. Powers, "Photovoltaics and snow:
 * An update from two winters of measurements in the SIERRA", 37th IEEE PVSC, 2011,
 * doi:10.1109/PVSC.2011.6186627; T. Townsend and J. Previtali, "A Fresh Dusting: Current Uses of
 * the Townsend Snow Model", NREL/CP-5900-87918, 2023. Follows pvlib.snow.loss_townsend.
 * @param input monthly snowTotal (cm), snowEvents (count), relativeHumidity (%), airTemp
 *   (degrees C), poaGlobal (Wh/m2) (columns of one length, or numbers)
 * @param options surfaceTilt (degrees), slantHeight and lowerEdgeHeight (m); stringFactor (1),
 *   angleOfRepose (40 degrees), frontSideFraction (1; a number or a monthly column)
 * @param out optional output buffer of the series' length
 * @returns monthly fraction of DC capacity lost, unitless, one per month
 * @example
 * // A snowy January (30 cm in 4 events) after a December of 20 cm in 3.
 * const loss = snowLossTownsend(
 *   { snowTotal: Float64Array.of(30, 20), snowEvents: Float64Array.of(4, 3), relativeHumidity: 80, airTemp: -5, poaGlobal: Float64Array.of(60000, 50000) },
 *   { surfaceTilt: 30, slantHeight: 2, lowerEdgeHeight: 0.5 },
 * );
 * loss[0]; // about 0.19297
 */
export function snowLossTownsend(
  input: SnowLossTownsendInput,
  options: SnowLossTownsendOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'snowLossTownsend';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const tiltDeg = checkRange(fn, 'options.surfaceTilt', options.surfaceTilt, -180, 180, 'degrees');
  const slant = checkAtLeast(fn, 'options.slantHeight', options.slantHeight, 0, 'm');
  const lower = checkAtLeast(fn, 'options.lowerEdgeHeight', options.lowerEdgeHeight, 0, 'm');
  const stringFactor = checkFinite(fn, 'options.stringFactor', options.stringFactor ?? 1, 'unitless');
  const repose = checkRange(fn, 'options.angleOfRepose', options.angleOfRepose ?? 40, 0, 90, 'degrees');
  const front = options.frontSideFraction ?? 1;
  checkColumn(fn, 'options.frontSideFraction', front, 'unitless');
  const n = checkSeries(fn, [
    ['snowTotal', input.snowTotal, 'cm'],
    ['snowEvents', input.snowEvents, 'events'],
    ['relativeHumidity', input.relativeHumidity, '%'],
    ['airTemp', input.airTemp, 'degrees C'],
    ['poaGlobal', input.poaGlobal, 'Wh/m2'],
    ['options.frontSideFraction', front, 'unitless'],
  ]);
  const res = out ?? new Float64Array(n);
  if (res.length !== n) throw new RangeError(`${fn}: out has length ${res.length}, expected ${n}`);
  const snow = columnOf(input.snowTotal, 0);
  const sMask = maskOf(input.snowTotal);
  const events = columnOf(input.snowEvents, 0);
  const eMask = maskOf(input.snowEvents);
  const rh = columnOf(input.relativeHumidity, 0);
  const rMask = maskOf(input.relativeHumidity);
  const air = columnOf(input.airTemp, 0);
  const aMask = maskOf(input.airTemp);
  const poa = columnOf(input.poaGlobal, 0);
  const pMask = maskOf(input.poaGlobal);
  const fsf = columnOf(front, 0);
  const fMask = maskOf(front);
  // The paper's units: inches, kelvin, kWh/m2, a fraction of humidity.
  const slantInches = slant * 39.37;
  const lowerInches = lower * 39.37;
  const lowerSquared = lowerInches * lowerInches;
  const cosTilt = Math.cos(tiltDeg * DEG);
  const gammaFactor = slantInches * cosTilt * 2 * Math.tan(repose * DEG);
  const c1CosSquared = C1 * cosTilt * cosTilt * stringFactor;
  const last = n - 1;
  // The effective snowfall of the month before the first: the last month's.
  let previous = effectiveSnow(snow[last & sMask]! / 2.54, events[last & eMask]!);
  for (let i = 0; i < n; i++) {
    const current = effectiveSnow(snow[i & sMask]! / 2.54, events[i & eMask]!);
    const weighted = previous / 3 + (2 / 3) * current;
    previous = current;
    const clearance = lowerSquared - weighted * weighted;
    const gamma = (gammaFactor * weighted) / (clearance < 0.1 ? 0.1 : clearance);
    const ground = 1 - C2 * Math.exp(-gamma);
    const kelvin = air[i & aMask]! + 273.15;
    const loss =
      ((c1CosSquared * weighted * ground * (rh[i & rMask]! / 100)) /
        (kelvin * kelvin) /
        Math.pow(poa[i & pMask]! / 1000, 0.67)) *
      fsf[i & fMask]!;
    res[i] = loss < 0 ? 0 : loss > 1 ? 1 : loss;
  }
  return res;
}

/**
 * Townsend's effective snowfall of a month, inches: S (1 + 1/N) / 2 for N > 0 events, else 0 (a
 * NaN count too, as pvlib's `where`).
 */
function effectiveSnow(snowInches: number, events: number): number {
  if (!(events > 0)) return 0;
  return 0.5 * snowInches * (1 + 1 / (events < 1 ? 1 : events));
}
