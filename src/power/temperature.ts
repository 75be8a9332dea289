/**
 * PV cell temperature models: SAPM (King et al. 2004), Faiman (2008) and PVsyst. Semantics and
 * parameter sets follow pvlib.temperature.
 */
import { asColumn, type Column, outputColumn, seriesLength } from '../util/columns.js';
import { checkAtLeast, checkFinite, checkObject, checkOneOf, checkSeries, typeFailure } from '../util/validate.js';

/** The weather columns of a cell temperature model, checked once per call. */
function checkCellInput(fn: string, input: CellTemperatureInput): void {
  checkObject(fn, 'input', input);
  checkSeries(fn, [
    ['poaGlobal', input.poaGlobal, 'W/m2'],
    ['airTemp', input.airTemp, 'degrees C'],
    ['windSpeed', input.windSpeed, 'm/s'],
  ]);
}

/** Weather at the module: plane-of-array irradiance W/m2, air temperature degrees C, wind speed m/s. */
export interface CellTemperatureInput {
  /** Global irradiance on the plane of the modules, W/m2. */
  poaGlobal: Column;
  /** Ambient air temperature, degrees C. */
  airTemp: Column;
  /** Wind speed, m/s (at the height the model's parameters were fitted for). */
  windSpeed: Column;
}

/** The three coefficients of the SAPM cell temperature model (King et al. 2004). */
export interface SapmTemperatureParameters {
  /** Natural log of the module heating at low wind, ln((degrees C)/(W/m2)). */
  a: number;
  /** Wind cooling coefficient, s/m. */
  b: number;
  /** Cell minus back-of-module temperature at the reference irradiance, degrees C. */
  deltaT: number;
}

/** SAPM's module and mounting types (King et al. 2004), keys of {@link SAPM_TEMPERATURE_PARAMETERS}. */
export type SapmMounting =
  | 'open_rack_glass_glass'
  | 'close_mount_glass_glass'
  | 'open_rack_glass_polymer'
  | 'insulated_back_glass_polymer';

/**
 * SAPM temperature parameters for the four mountings of King et al. (2004), SAND2004-3535,
 * Table 1 (as in pvlib's TEMPERATURE_MODEL_PARAMETERS['sapm']).
 */
export const SAPM_TEMPERATURE_PARAMETERS: Readonly<Record<SapmMounting, SapmTemperatureParameters>> = {
  open_rack_glass_glass: { a: -3.47, b: -0.0594, deltaT: 3 },
  close_mount_glass_glass: { a: -2.98, b: -0.0471, deltaT: 1 },
  open_rack_glass_polymer: { a: -3.56, b: -0.075, deltaT: 3 },
  insulated_back_glass_polymer: { a: -2.81, b: -0.0455, deltaT: 0 },
};

/** PVsyst's mountings, keys of {@link PVSYST_TEMPERATURE_PARAMETERS}. */
export type PvsystMounting = 'freestanding' | 'insulated' | 'semi_integrated';

/** PVsyst heat loss factors by mounting, W/m2/K and W/m2/K/(m/s) (PVsyst 7 help; as in pvlib). */
export const PVSYST_TEMPERATURE_PARAMETERS: Readonly<Record<PvsystMounting, { uC: number; uV: number }>> = {
  freestanding: { uC: 29.0, uV: 0 },
  insulated: { uC: 15.0, uV: 0 },
  semi_integrated: { uC: 20.0, uV: 0 },
};

/**
 * Options of {@link sapmCellTemperature}: the module's parameters, by the name of a mounting of
 * {@link SAPM_TEMPERATURE_PARAMETERS} or as `{ a, b, deltaT }` (pvlib's names), and the reference
 * irradiance.
 */
export type SapmCellTemperatureOptions = (
  | { mounting: SapmMounting; a?: undefined; b?: undefined; deltaT?: undefined }
  | (SapmTemperatureParameters & { mounting?: undefined })
) & {
  /** Reference irradiance E0 of `deltaT`, W/m2 (default 1000). */
  irradRef?: number;
};

/** The SAPM parameters the options name or give (checked). */
function checkSapm(input: CellTemperatureInput, options: SapmCellTemperatureOptions): SapmTemperatureParameters {
  const fn = 'sapmCellTemperature';
  checkCellInput(fn, input);
  if (typeof options !== 'object' || options === null) {
    typeFailure(fn, 'options', '{ mounting } or { a, b, deltaT }', options);
  }
  let p: SapmTemperatureParameters;
  if (options.mounting !== undefined) {
    checkOneOf(fn, 'options.mounting', options.mounting, Object.keys(SAPM_TEMPERATURE_PARAMETERS));
    if (options.a !== undefined || options.b !== undefined || options.deltaT !== undefined) {
      typeFailure(fn, 'options', 'either a mounting or { a, b, deltaT }, not both', options);
    }
    p = SAPM_TEMPERATURE_PARAMETERS[options.mounting];
  } else {
    checkFinite(fn, 'options.a', options.a, 'ln((degrees C)/(W/m2))');
    checkFinite(fn, 'options.b', options.b, 's/m');
    checkFinite(fn, 'options.deltaT', options.deltaT, 'degrees C');
    p = options;
  }
  if (options.irradRef !== undefined) checkAtLeast(fn, 'options.irradRef', options.irradRef, 0, 'W/m2', true);
  return p;
}

/**
 * SAPM cell temperature, degrees C: back-of-module T_m = E exp(a + b WS) + T_a, then
 * T_c = T_m + (E / E0) deltaT. King, D. L., Boyson, W. E., Kratochvil, J. A. (2004), "Photovoltaic
 * Array Performance Model", SAND2004-3535, Sandia National Laboratories, eqs. 11-12.
 * Follows pvlib.temperature.sapm_cell.
 * @param input poaGlobal W/m2, airTemp degrees C, windSpeed m/s (columns or numbers)
 * @param options `mounting` (a name of {@link SAPM_TEMPERATURE_PARAMETERS}) or `{ a, b, deltaT }`;
 *   `irradRef` E0 in W/m2 (default 1000)
 * @param out optional output buffer of the series' length
 * @example
 * const weather = { poaGlobal: 1000, airTemp: 25, windSpeed: 1 };
 * sapmCellTemperature(weather, { mounting: 'open_rack_glass_polymer' })[0]; // about 55.3 degrees C
 * sapmCellTemperature(weather, { a: -3.56, b: -0.075, deltaT: 3 })[0]; // about 55.3 degrees C
 */
export function sapmCellTemperature(
  input: CellTemperatureInput,
  options: SapmCellTemperatureOptions,
  out?: Float64Array,
): Float64Array {
  const p = checkSapm(input, options);
  const irradRef = options.irradRef ?? 1000;
  const n = seriesLength(input.poaGlobal, input.airTemp, input.windSpeed);
  const e = asColumn(input.poaGlobal, n);
  const ta = asColumn(input.airTemp, n);
  const ws = asColumn(input.windSpeed, n);
  const res = outputColumn(out, n);
  const { a, b, deltaT } = p;
  for (let i = 0; i < n; i++) {
    const poa = e[i]!;
    const module = poa * Math.exp(a + b * ws[i]!) + ta[i]!;
    res[i] = module + (poa / irradRef) * deltaT;
  }
  return res;
}

/**
 * Faiman cell (or module) temperature, degrees C: T = T_a + E / (u0 + u1 WS). Faiman, D. (2008),
 * "Assessing the outdoor operating temperature of photovoltaic modules", Progress in
 * Photovoltaics 16(4) 307-315, DOI 10.1002/pip.813; the model of IEC 61853-2.
 * u0 in W/m2/K (default 25.0), u1 in W/m2/K/(m/s) (default 6.84).
 * @example
 * faimanCellTemperature({ poaGlobal: 1000, airTemp: 25, windSpeed: 1 })[0]; // about 56.4 degrees C
 */
export function faimanCellTemperature(
  input: CellTemperatureInput,
  options: { u0?: number; u1?: number } = {},
  out?: Float64Array,
): Float64Array {
  checkCellInput('faimanCellTemperature', input);
  checkObject('faimanCellTemperature', 'options', options);
  if (options.u0 !== undefined) checkAtLeast('faimanCellTemperature', 'options.u0', options.u0, 0, 'W/m2/K', true);
  if (options.u1 !== undefined) checkAtLeast('faimanCellTemperature', 'options.u1', options.u1, 0, 'W/m2/K/(m/s)');
  const u0 = options.u0 ?? 25.0;
  const u1 = options.u1 ?? 6.84;
  const n = seriesLength(input.poaGlobal, input.airTemp, input.windSpeed);
  const e = asColumn(input.poaGlobal, n);
  const ta = asColumn(input.airTemp, n);
  const ws = asColumn(input.windSpeed, n);
  const res = outputColumn(out, n);
  for (let i = 0; i < n; i++) res[i] = ta[i]! + e[i]! / (u0 + u1 * ws[i]!);
  return res;
}

/**
 * PVsyst cell temperature, degrees C: T = T_a + alpha E (1 - eta) / (U_c + U_v WS) (PVsyst 7 help,
 * "Array thermal losses"; Faiman 2008 for the form). U_c W/m2/K (default 29), U_v W/m2/K/(m/s)
 * (default 0), module efficiency eta (default 0.1), absorption alpha (default 0.9).
 * @example
 * pvsystCellTemperature({ poaGlobal: 1000, airTemp: 25, windSpeed: 1 })[0]; // about 52.9 degrees C
 */
export function pvsystCellTemperature(
  input: CellTemperatureInput,
  options: { uC?: number; uV?: number; moduleEfficiency?: number; alphaAbsorption?: number } = {},
  out?: Float64Array,
): Float64Array {
  const fn = 'pvsystCellTemperature';
  checkCellInput(fn, input);
  checkObject(fn, 'options', options);
  if (options.uC !== undefined) checkAtLeast(fn, 'options.uC', options.uC, 0, 'W/m2/K', true);
  if (options.uV !== undefined) checkAtLeast(fn, 'options.uV', options.uV, 0, 'W/m2/K/(m/s)');
  if (options.moduleEfficiency !== undefined)
    checkAtLeast(fn, 'options.moduleEfficiency', options.moduleEfficiency, 0, 'fraction');
  if (options.alphaAbsorption !== undefined)
    checkAtLeast(fn, 'options.alphaAbsorption', options.alphaAbsorption, 0, 'fraction');
  const uC = options.uC ?? 29.0;
  const uV = options.uV ?? 0.0;
  const absorbed = (options.alphaAbsorption ?? 0.9) * (1 - (options.moduleEfficiency ?? 0.1));
  const n = seriesLength(input.poaGlobal, input.airTemp, input.windSpeed);
  const e = asColumn(input.poaGlobal, n);
  const ta = asColumn(input.airTemp, n);
  const ws = asColumn(input.windSpeed, n);
  const res = outputColumn(out, n);
  for (let i = 0; i < n; i++) res[i] = ta[i]! + (e[i]! * absorbed) / (uC + uV * ws[i]!);
  return res;
}
