/**
 * PV cell temperature models: SAPM (King et al. 2004) with its module and cell steps, Faiman (2008)
 * with Driesse's radiative term, and PVsyst. Semantics and parameter sets follow pvlib.temperature.
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
 * sapmCellTemperature(weather, { mounting: 'open_rack_glass_polymer' })[0]; // about 54.38 degrees C
 * sapmCellTemperature(weather, { a: -3.56, b: -0.075, deltaT: 3 })[0]; // about 54.38 degrees C
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

/**
 * Options of {@link sapmModule}: the module's parameters, by the name of a mounting of
 * {@link SAPM_TEMPERATURE_PARAMETERS} or as `{ a, b }` (pvlib's names; a `deltaT` beside them is
 * not used).
 */
export type SapmModuleOptions =
  | { mounting: SapmMounting; a?: undefined; b?: undefined }
  | { a: number; b: number; deltaT?: number; mounting?: undefined };

/**
 * SAPM back-of-module temperature, degrees C: T_m = E exp(a + b WS) + T_a (King et al. 2004,
 * eq. 11). King, D. L., Boyson, W. E., Kratochvil, J. A. (2004), "Photovoltaic Array Performance
 * Model", SAND2004-3535, Sandia National Laboratories, doi:10.2172/919131. Follows
 * pvlib.temperature.sapm_module.
 * @param input poaGlobal W/m2, airTemp degrees C, windSpeed m/s at 10 m (columns or numbers)
 * @param options `mounting` (a name of {@link SAPM_TEMPERATURE_PARAMETERS}) or `{ a, b }`
 * @param out optional output buffer of the series' length
 * @returns back-of-module temperature, degrees C, one per row
 * @example
 * sapmModule({ poaGlobal: 1000, airTemp: 25, windSpeed: 1 }, { mounting: 'open_rack_glass_polymer' })[0]; // about 51.38
 */
export function sapmModule(input: CellTemperatureInput, options: SapmModuleOptions, out?: Float64Array): Float64Array {
  const fn = 'sapmModule';
  checkCellInput(fn, input);
  checkObject(fn, 'options', options);
  let a: number;
  let b: number;
  if (options.mounting !== undefined) {
    checkOneOf(fn, 'options.mounting', options.mounting, Object.keys(SAPM_TEMPERATURE_PARAMETERS));
    if (options.a !== undefined || options.b !== undefined) {
      typeFailure(fn, 'options', 'either a mounting or { a, b }, not both', options);
    }
    ({ a, b } = SAPM_TEMPERATURE_PARAMETERS[options.mounting]);
  } else {
    a = checkFinite(fn, 'options.a', options.a, 'ln((degrees C)/(W/m2))');
    b = checkFinite(fn, 'options.b', options.b, 's/m');
  }
  const n = seriesLength(input.poaGlobal, input.airTemp, input.windSpeed);
  const e = asColumn(input.poaGlobal, n);
  const ta = asColumn(input.airTemp, n);
  const ws = asColumn(input.windSpeed, n);
  const res = outputColumn(out, n);
  for (let i = 0; i < n; i++) res[i] = e[i]! * Math.exp(a + b * ws[i]!) + ta[i]!;
  return res;
}

/** Columns of {@link sapmCellFromModule}. */
export interface SapmCellFromModuleInput {
  /** Back-of-module temperature, degrees C (measured, or {@link sapmModule}'s). */
  moduleTemperature: Column;
  /** Global irradiance on the plane of the modules, W/m2. */
  poaGlobal: Column;
}

/**
 * Options of {@link sapmCellFromModule}: deltaT by the name of a mounting of
 * {@link SAPM_TEMPERATURE_PARAMETERS} or given, and the reference irradiance.
 */
export type SapmCellFromModuleOptions = (
  | { mounting: SapmMounting; deltaT?: undefined }
  | { deltaT: number; mounting?: undefined }
) & {
  /** Reference irradiance E0 of `deltaT`, W/m2 (default 1000). */
  irradRef?: number;
};

/**
 * SAPM cell temperature from the back-of-module temperature, degrees C: T_c = T_m + (E / E0)
 * deltaT (King et al. 2004, eq. 12). King, D. L., Boyson, W. E., Kratochvil, J. A. (2004),
 * "Photovoltaic Array Performance Model", SAND2004-3535, Sandia National Laboratories,
 * doi:10.2172/919131. Follows pvlib.temperature.sapm_cell_from_module.
 * @param input moduleTemperature degrees C, poaGlobal W/m2 (columns or numbers)
 * @param options `deltaT` in degrees C, or a `mounting` of {@link SAPM_TEMPERATURE_PARAMETERS};
 *   `irradRef` E0 in W/m2 (default 1000)
 * @param out optional output buffer of the series' length
 * @returns cell temperature, degrees C, one per row
 * @example
 * sapmCellFromModule({ moduleTemperature: 50, poaGlobal: 800 }, { deltaT: 3 })[0]; // about 52.4
 */
export function sapmCellFromModule(
  input: SapmCellFromModuleInput,
  options: SapmCellFromModuleOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'sapmCellFromModule';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const n = checkSeries(fn, [
    ['moduleTemperature', input.moduleTemperature, 'degrees C'],
    ['poaGlobal', input.poaGlobal, 'W/m2'],
  ]);
  let deltaT: number;
  if (options.mounting !== undefined) {
    checkOneOf(fn, 'options.mounting', options.mounting, Object.keys(SAPM_TEMPERATURE_PARAMETERS));
    if (options.deltaT !== undefined) typeFailure(fn, 'options', 'either a mounting or deltaT, not both', options);
    deltaT = SAPM_TEMPERATURE_PARAMETERS[options.mounting].deltaT;
  } else {
    deltaT = checkFinite(fn, 'options.deltaT', options.deltaT, 'degrees C');
  }
  const irradRef = options.irradRef ?? 1000;
  checkAtLeast(fn, 'options.irradRef', irradRef, 0, 'W/m2', true);
  const tm = asColumn(input.moduleTemperature, n);
  const e = asColumn(input.poaGlobal, n);
  const res = outputColumn(out, n);
  for (let i = 0; i < n; i++) res[i] = tm[i]! + (e[i]! / irradRef) * deltaT;
  return res;
}

/** Stefan-Boltzmann constant, W/(m2 K4) (CODATA 2018, exact in the SI since 2019; scipy's value). */
const STEFAN_BOLTZMANN = 5.670374419e-8;

/** Columns of {@link faimanRad}. */
export interface FaimanRadInput {
  /** Global irradiance on the plane of the modules, W/m2. */
  poaGlobal: Column;
  /** Ambient air temperature, degrees C. */
  airTemp: Column;
  /** Wind speed at the height the coefficients were fitted for, m/s (default 1, NOCT's wind at module height). */
  windSpeed?: Column;
  /**
   * Downwelling long-wave (infrared) irradiance from the sky on a horizontal surface, W/m2.
   * Absent: no radiative term (the plain Faiman model).
   */
  irDown?: Column;
}

/** Coefficients of {@link faimanRad}. */
export interface FaimanRadOptions {
  /** Constant heat loss factor, W/(m2 K) (default 25.0; with irDown, fit u0 and u1 without the radiative part). */
  u0?: number;
  /** Wind-dependent heat loss factor, W/(m2 K)/(m/s) (default 6.84). */
  u1?: number;
  /**
   * View factor of the module's exchange with the sky, unitless (default 1, horizontal;
   * (1 + 3 cos(tilt)) / 4 is a first estimate for a tilted array).
   */
  skyView?: number;
  /** Infrared emissivity of the module's sky-facing surface, unitless (default 0.88). */
  emissivity?: number;
}

/**
 * Faiman module (or cell) temperature with Driesse's radiative loss to the sky, degrees C:
 * T = T_a + (E - emissivity skyView (sigma T_a^4 - irDown)) / (u0 + u1 WS), T_a in kelvin in the
 * radiative term. Without irDown it is the Faiman model. D. Faiman (2008), "Assessing the outdoor
 * operating temperature of photovoltaic modules", Progress in Photovoltaics 16(4) 307-315,
 * doi:10.1002/pip.813; A. Driesse, J. S. Stein and M. Theristis (2022), "Improving Common PV Module
 * Temperature Models by Incorporating Radiative Losses to the Sky", SAND2022-11604,
 * doi:10.2172/1884890. Follows pvlib.temperature.faiman_rad.
 * @param input poaGlobal W/m2, airTemp degrees C, optional windSpeed m/s (default 1) and irDown
 *   W/m2 (columns or numbers)
 * @param options u0 W/(m2 K) (25), u1 W/(m2 K)/(m/s) (6.84), skyView (1), emissivity (0.88)
 * @param out optional output buffer of the series' length
 * @returns module temperature, degrees C, one per row
 * @example
 * faimanRad({ poaGlobal: 1000, airTemp: 25, windSpeed: 1 })[0]; // about 56.4
 * faimanRad({ poaGlobal: 1000, airTemp: 25, windSpeed: 1, irDown: 350 }, { u0: 16, u1: 5 })[0]; // about 68.51
 */
export function faimanRad(input: FaimanRadInput, options: FaimanRadOptions = {}, out?: Float64Array): Float64Array {
  const fn = 'faimanRad';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const n = checkSeries(fn, [
    ['poaGlobal', input.poaGlobal, 'W/m2'],
    ['airTemp', input.airTemp, 'degrees C'],
    ['windSpeed', input.windSpeed, 'm/s', true],
    ['irDown', input.irDown, 'W/m2', true],
  ]);
  const u0 = checkFinite(fn, 'options.u0', options.u0 ?? 25.0, 'W/(m2 K)');
  const u1 = checkFinite(fn, 'options.u1', options.u1 ?? 6.84, 'W/(m2 K)/(m/s)');
  const skyView = checkFinite(fn, 'options.skyView', options.skyView ?? 1.0, 'unitless');
  const emissivity = checkFinite(fn, 'options.emissivity', options.emissivity ?? 0.88, 'unitless');
  const e = asColumn(input.poaGlobal, n);
  const ta = asColumn(input.airTemp, n);
  const ws = asColumn(input.windSpeed ?? 1.0, n);
  const res = outputColumn(out, n);
  if (input.irDown === undefined) {
    for (let i = 0; i < n; i++) res[i] = ta[i]! + e[i]! / (u0 + u1 * ws[i]!);
    return res;
  }
  const ir = asColumn(input.irDown, n);
  const exchange = emissivity * skyView;
  for (let i = 0; i < n; i++) {
    const air = ta[i]!;
    const k = air + 273.15;
    const k2 = k * k;
    const qSky = exchange * (STEFAN_BOLTZMANN * (k2 * k2) - ir[i]!);
    res[i] = air + (e[i]! - qSky) / (u0 + u1 * ws[i]!);
  }
  return res;
}
