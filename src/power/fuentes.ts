/**
 * The Fuentes (1987) thermal model of a flat-plate module: a heat balance with thermal mass, the
 * cell temperature model of PVWatts version 5.
 */
import { asColumn, type Column, outputColumn, seriesLength } from '../util/columns.js';
import { checkCelsius, checkIncreasing } from '../util/validate.js';

/** Weather of the Fuentes model: a time series, since the module carries heat from step to step. */
export interface FuentesInput {
  /** Times, Unix seconds (increasing; each row's step is the time since the previous row). */
  unixSeconds: Float64Array;
  /** Plane-of-array irradiance, W/m2. */
  poaGlobal: Column;
  /** Air temperature, degrees C. */
  airTemp: Column;
  /** Wind speed at windHeight, m/s. */
  windSpeed: Column;
}

/** Options of {@link fuentesCellTemperature}: installed NOCT [degrees C], module geometry [m] and wind height. */
export interface FuentesOptions {
  /**
   * Installed nominal operating cell temperature, degrees C (Fuentes 1987): PVWatts takes 45 for
   * open-rack arrays and 49 for roof mounts with restricted air flow.
   */
  noctInstalled: number;
  /** Height of the module's centre above ground, m (default 5, PVWatts). */
  moduleHeight?: number;
  /** Height of the wind measurement, m (default 9.144 = 30 ft, PVWatts). */
  windHeight?: number;
  /** Thermal emissivity of the module, 0..1 (default 0.84). */
  emissivity?: number;
  /** Share of the irradiance turned into heat, 0..1 (default 0.83). */
  absorption?: number;
  /** Module tilt, degrees from horizontal (default 30, as Fuentes and PVWatts assume). */
  surfaceTilt?: number;
  /** Module width, m (default 0.31579: with the length, a hydraulic diameter of 0.5 m). */
  moduleWidth?: number;
  /** Module length, m (default 1.2). */
  moduleLength?: number;
}

const STEFAN_BOLTZMANN = 5.669e-8; // W/m2/K4, the value of Fuentes' code
const KELVIN = 273.15;
const NOCT_AIR = 293.15; // K: 20 degrees C, the NOCT air temperature
const NOCT_SKY = 282.21; // K: Fuentes' sky temperature at NOCT
/** Heat capacity per area of a module, J/(m2 K) (Fuentes 1987, table 3). */
const MODULE_HEAT_CAPACITY = 11_000;
/** Reynolds number of the abrupt laminar to turbulent change of forced convection. */
const TURBULENT_REYNOLDS = 1.2e5;

/**
 * Convective coefficient of the module's top, W/(m2 K): free and forced (laminar or turbulent)
 * convection combined as a cube root of the sum of cubes (Fuentes 1987, eqs. 9-15).
 */
function convectionCoefficient(
  meanKelvin: number,
  wind: number,
  temperatureDifference: number,
  length: number,
  sinTilt: number,
  allowTurbulent: boolean,
): number {
  const density = (0.003484 * 101325.0) / meanKelvin;
  const viscosity = (0.24237e-6 * meanKelvin ** 0.76) / density;
  const conductivity = 2.1695e-4 * meanKelvin ** 0.84;
  const reynolds = (wind * length) / viscosity;
  const forced =
    allowTurbulent && reynolds > TURBULENT_REYNOLDS
      ? ((0.0282 / reynolds ** 0.2) * density * wind * 1007) / 0.71 ** 0.4
      : ((0.86 / reynolds ** 0.5) * density * wind * 1007) / 0.71 ** 0.67;
  // Free convection via the Grashof number (Fuentes hard-wires sin 30 deg = 0.5; the tilt is used here, as in pvlib).
  const grashof = (((9.8 / meanKelvin) * temperatureDifference * length ** 3) / viscosity ** 2) * sinTilt;
  const free = (0.21 * (grashof * 0.71) ** 0.32 * conductivity) / length;
  return (free ** 3 + forced ** 3) ** (1 / 3);
}

function positive(name: string, value: number, unit: string): void {
  if (!(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
    throw new RangeError(`fuentesCellTemperature: ${name} must be a positive number (${unit}), got ${String(value)}`);
  }
}

/**
 * Cell (module) temperature by the Fuentes model, degrees C: an energy balance of absorbed
 * irradiance against convection (free and forced, calibrated to the installed NOCT), radiation to
 * the sky and to the ground, with the module's thermal mass carried from each time to the next
 * (the exact solution for irradiance varying linearly over the step, 10 fixed-point iterations
 * per step). The first step is taken equal to the second (both of pvlib's and Fuentes' codes do
 * so in effect); the state starts at 20 degrees C. Fuentes, M. K. (1987), "A Simplified Thermal
 * Model for Flat-Plate Photovoltaic Arrays", SAND85-0330, Sandia National Laboratories; Dobos,
 * A. P. (2014), "PVWatts Version 5 Manual", NREL/TP-6A20-62641, doi:10.2172/1158421. Follows
 * pvlib.temperature.fuentes (a port of Fuentes' FORTRAN, appendix A).
 *
 * Deliberate difference: a row with a NaN input gives NaN there only; the next valid row continues
 * from the last valid state over the time since it (pvlib turns every later row NaN). PVWatts'
 * own code sets the cell temperature to the air temperature when the irradiance is 0; this
 * model does not (it cools to the sky at night), so nights and the first hour after dawn differ
 * from PVWatts' exports (by less than 0.1 K after dawn, see docs/temperature.md).
 *
 * @param input unixSeconds (increasing, at least two times), poaGlobal W/m2, airTemp degrees C,
 *   windSpeed m/s at windHeight
 * @param options noctInstalled degrees C; moduleHeight and windHeight m (5, 9.144); emissivity and
 *   absorption 0..1 (0.84, 0.83); surfaceTilt degrees (30); moduleWidth and moduleLength m
 *   (0.31579, 1.2)
 * @returns cell temperature, degrees C, one per row
 * @throws RangeError naming the option that is not a finite (positive where physical) number, or
 *   when there are fewer than two times or they do not increase
 * @example
 * const t = Float64Array.from([0, 3600, 7200]);
 * // pvlib's test values 48.042..., 51.845..., 51.846...:
 * fuentesCellTemperature({ unixSeconds: t, poaGlobal: 1000, airTemp: 20, windSpeed: 1 }, { noctInstalled: 45 })[0]; // about 48.042
 * fuentesCellTemperature({ unixSeconds: t, poaGlobal: 1000, airTemp: 20, windSpeed: 1 }, { noctInstalled: 45 })[2]; // about 51.846
 */
export function fuentesCellTemperature(input: FuentesInput, options: FuentesOptions, out?: Float64Array): Float64Array {
  const noct = options.noctInstalled;
  const moduleHeight = options.moduleHeight ?? 5;
  const windHeight = options.windHeight ?? 9.144;
  const emissivity = options.emissivity ?? 0.84;
  const absorption = options.absorption ?? 0.83;
  const tilt = options.surfaceTilt ?? 30;
  const width = options.moduleWidth ?? 0.31579;
  const length = options.moduleLength ?? 1.2;
  if (!(typeof noct === 'number' && Number.isFinite(noct) && noct > 20)) {
    throw new RangeError(
      `fuentesCellTemperature: noctInstalled must be a temperature in degrees C above the NOCT air's 20, got ${String(noct)}`,
    );
  }
  positive('moduleHeight', moduleHeight, 'm');
  positive('windHeight', windHeight, 'm');
  positive('emissivity', emissivity, '0..1');
  positive('absorption', absorption, '0..1');
  positive('moduleWidth', width, 'm');
  positive('moduleLength', length, 'm');
  if (!Number.isFinite(tilt))
    throw new RangeError(`fuentesCellTemperature: surfaceTilt must be a finite angle in degrees, got ${tilt}`);

  const { unixSeconds } = input;
  const n = seriesLength(unixSeconds, input.poaGlobal, input.airTemp, input.windSpeed);
  const res = outputColumn(out, n);
  if (n === 0) return res;
  if (n < 2)
    throw new RangeError(
      'fuentesCellTemperature: needs at least two times (the first step is taken equal to the second)',
    );
  checkIncreasing('fuentesCellTemperature', 'unixSeconds', unixSeconds);
  checkCelsius('fuentesCellTemperature', 'airTemp', input.airTemp);
  const poa = asColumn(input.poaGlobal, n);
  const air = asColumn(input.airTemp, n);
  const wind = asColumn(input.windSpeed, n);

  const hydraulicDiameter = (2 * (width * length)) / (width + length);
  const sinTilt = Math.sin(tilt * (Math.PI / 180));
  const noctKelvin = noct + KELVIN;

  // Calibration at NOCT (800 W/m2, 20 degrees C air, 1 m/s wind): the ground temperature ratio and
  // the ratio of total to top-side convection.
  const hconvNoct = convectionCoefficient(
    (noctKelvin + NOCT_AIR) / 2,
    1.0,
    noctKelvin - NOCT_AIR,
    hydraulicDiameter,
    sinTilt,
    false,
  );
  const hgroundNoct = emissivity * STEFAN_BOLTZMANN * (noctKelvin ** 2 + NOCT_AIR ** 2) * (noctKelvin + NOCT_AIR);
  const backRatio =
    (absorption * 800.0 -
      emissivity * STEFAN_BOLTZMANN * (noctKelvin ** 4 - NOCT_SKY ** 4) -
      hconvNoct * (noctKelvin - NOCT_AIR)) /
    ((hgroundNoct + hconvNoct) * (noctKelvin - NOCT_AIR));
  let groundNoct = (noctKelvin ** 4 - backRatio * (noctKelvin ** 4 - NOCT_AIR ** 4)) ** 0.25;
  groundNoct = Math.min(Math.max(groundNoct, NOCT_AIR), noctKelvin);
  const groundRatio = (groundNoct - NOCT_AIR) / (noctKelvin - NOCT_AIR);
  const convectionRatio =
    (absorption * 800 - emissivity * STEFAN_BOLTZMANN * (2 * noctKelvin ** 4 - NOCT_SKY ** 4 - groundNoct ** 4)) /
    (hconvNoct * (noctKelvin - NOCT_AIR));
  // A high installed NOCT means thermal coupling to the racking (roof mounts): more thermal mass
  // (Fuentes 1987, eqs. 26-27).
  const capacity = noctKelvin > 321.15 ? MODULE_HEAT_CAPACITY * (1 + (noctKelvin - 321.15) / 12) : MODULE_HEAT_CAPACITY;
  const windScale = (moduleHeight / windHeight) ** 0.2;

  let moduleBefore = NOCT_AIR; // K, state carried from step to step
  let sunBefore = 0; // absorbed irradiance of the last valid row, W/m2
  let timeBefore = Number.NaN; // time of the last valid row
  for (let i = 0; i < n; i++) {
    const tamb = air[i]! + KELVIN;
    const sun = poa[i]! * absorption;
    const windModule = wind[i]! * windScale + 1e-4; // 1e-4: Fuentes' guard against zero wind
    if (!(tamb === tamb && sun === sun && windModule === windModule)) {
      res[i] = Number.NaN;
      continue;
    }
    // Hours, then seconds again, as pvlib does (keeps its rounding); the first step is the second's.
    const stepHours =
      (timeBefore === timeBefore ? unixSeconds[i]! - timeBefore : unixSeconds[1]! - unixSeconds[0]!) / 3600;
    const sky = 0.68 * (0.0552 * tamb ** 1.5) + 0.32 * tamb; // Fuentes eq. 24
    let tmod = moduleBefore;
    for (let j = 0; j < 10; j++) {
      const hconv =
        convectionRatio *
        convectionCoefficient((tmod + tamb) / 2, windModule, Math.abs(tmod - tamb), hydraulicDiameter, sinTilt, true);
      const hsky = emissivity * STEFAN_BOLTZMANN * (tmod ** 2 + sky ** 2) * (tmod + sky); // eq. 3
      const ground = tamb + groundRatio * (tmod - tamb);
      const hground = emissivity * STEFAN_BOLTZMANN * (tmod ** 2 + ground ** 2) * (tmod + ground); // eq. 4
      const eigen = (-(hconv + hsky + hground) / capacity) * stepHours * 3600; // eq. 8
      const ex = eigen > -10 ? Math.exp(eigen) : 0;
      // eq. 7: the exact response to irradiance varying linearly from sunBefore to sun over the step
      tmod =
        moduleBefore * ex +
        ((1 - ex) * (hconv * tamb + hsky * sky + hground * ground + sunBefore + (sun - sunBefore) / eigen) +
          sun -
          sunBefore) /
          (hconv + hsky + hground);
    }
    res[i] = tmod - KELVIN;
    moduleBefore = tmod;
    sunBefore = sun;
    timeBefore = unixSeconds[i]!;
  }
  return res;
}
