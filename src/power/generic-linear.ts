/**
 * Driesse's generic linear model of module temperature, and the translation of the parameters of
 * the Faiman, PVsyst, NOCT (SAM) and SAPM models to and from it (pvlib's GenericLinearModel).
 */
import { asColumn, outputColumn } from '../util/columns.js';
import { checkFinite, checkObject, checkOneOf, checkSeries } from '../util/validate.js';
import type { CellTemperatureInput } from './temperature.js';

/** The parameters of {@link genericLinear}. */
export interface GenericLinearParameters {
  /** Combined heat transfer coefficient at zero wind, W/(m2 K). */
  uConst: number;
  /** Increase of the heat transfer coefficient with wind speed, W/(m2 K)/(m/s). */
  duWind: number;
  /** Electrical efficiency of the module, unitless. */
  moduleEfficiency: number;
  /** Light absorptance of the module, unitless. */
  absorptance: number;
}

/**
 * Module temperature by the generic linear heat loss model, degrees C:
 * T = T_a + E (absorptance - efficiency) / (uConst + duWind WS). A. Driesse, M. Theristis and
 * J. S. Stein, "PV Module Operating Temperature Model Equivalence and Parameter Translation",
 * 2022 IEEE 49th Photovoltaics Specialists Conference, 2022, doi:10.1109/PVSC48317.2022.9938895.
 * Follows pvlib.temperature.generic_linear.
 * @param input poaGlobal W/m2, airTemp degrees C, windSpeed m/s (columns or numbers)
 * @param options uConst W/(m2 K), duWind W/(m2 K)/(m/s), moduleEfficiency, absorptance (see
 *   {@link genericLinearFrom} for them from another model's parameters)
 * @param out optional output buffer of the series' length
 * @returns module temperature, degrees C, one per row
 * @example
 * const glm = { uConst: 11.04, duWind: 5.52, moduleEfficiency: 0.19, absorptance: 0.88 };
 * genericLinear({ poaGlobal: 800, airTemp: 20, windSpeed: 1 }, glm)[0]; // about 53.33
 */
export function genericLinear(
  input: CellTemperatureInput,
  options: GenericLinearParameters,
  out?: Float64Array,
): Float64Array {
  const fn = 'genericLinear';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const n = checkSeries(fn, [
    ['poaGlobal', input.poaGlobal, 'W/m2'],
    ['airTemp', input.airTemp, 'degrees C'],
    ['windSpeed', input.windSpeed, 'm/s'],
  ]);
  const uConst = checkFinite(fn, 'options.uConst', options.uConst, 'W/(m2 K)');
  const duWind = checkFinite(fn, 'options.duWind', options.duWind, 'W/(m2 K)/(m/s)');
  const eta = checkFinite(fn, 'options.moduleEfficiency', options.moduleEfficiency, 'unitless');
  const alpha = checkFinite(fn, 'options.absorptance', options.absorptance, 'unitless');
  const net = alpha - eta;
  const e = asColumn(input.poaGlobal, n);
  const ta = asColumn(input.airTemp, n);
  const ws = asColumn(input.windSpeed, n);
  const res = outputColumn(out, n);
  for (let i = 0; i < n; i++) res[i] = ta[i]! + (e[i]! * net) / (uConst + duWind * ws[i]!);
  return res;
}

/** The parameters of each model that {@link genericLinearFrom} and {@link genericLinearTo} translate. */
export interface GenericLinearModels {
  /** `faimanCellTemperature`'s u0 W/(m2 K) and u1 W/(m2 K)/(m/s). */
  faiman: { u0: number; u1: number };
  /** `pvsystCellTemperature`'s options: uC W/(m2 K), uV W/(m2 K)/(m/s), efficiency, absorption. */
  pvsyst: { uC: number; uV: number; moduleEfficiency: number; alphaAbsorption: number };
  /** `noctSamCellTemperature`'s NOCT (degrees C), efficiency and transmittance-absorptance. */
  noct_sam: { noct: number; moduleEfficiency: number; transmittanceAbsorptance: number };
  /** {@link sapmModule}'s a (ln((degrees C)/(W/m2))) and b (s/m). */
  sapm: { a: number; b: number };
}

/**
 * Another model's parameters, for {@link genericLinearFrom}: the model's name and its parameters.
 * PVsyst's and NOCT's efficiency and absorptance, when given, replace the module's. SAPM's
 * exponential wind dependence is matched at two wind speeds (m/s at 10 m; default 1.4 and 5.4).
 */
export type GenericLinearSource =
  | ({ model: 'faiman' } & GenericLinearModels['faiman'])
  | ({ model: 'pvsyst'; uC: number; uV: number } & Partial<Omit<GenericLinearModels['pvsyst'], 'uC' | 'uV'>>)
  | ({ model: 'noct_sam'; noct: number } & Partial<Omit<GenericLinearModels['noct_sam'], 'noct'>>)
  | ({ model: 'sapm'; windFitLow?: number; windFitHigh?: number } & GenericLinearModels['sapm']);

/** The module of {@link genericLinearFrom}: its efficiency and absorptance at high irradiance. */
export interface GenericLinearModule {
  /** Electrical efficiency of the module, unitless. */
  moduleEfficiency: number;
  /** Light absorptance of the module, unitless. */
  absorptance: number;
}

/** Options of {@link genericLinearTo}: the target model, and SAPM's two wind speeds (m/s). */
export interface GenericLinearTarget<M extends keyof GenericLinearModels> {
  /** The model whose parameters are wanted. */
  model: M;
  /** SAPM: the lower wind speed at which the two models agree, m/s (default 1.4). */
  windFitLow?: number;
  /** SAPM: the higher wind speed at which the two models agree, m/s (default 5.4). */
  windFitHigh?: number;
}

const MODELS = ['faiman', 'pvsyst', 'noct_sam', 'sapm'] as const;
/** NOCT is measured with the wind near the module; this scales it to the 10 m wind (Driesse et al. 2022). */
const NOCT_WIND_ADJUSTMENT = 0.51;

function windFits(fn: string, o: { windFitLow?: number; windFitHigh?: number }): [number, number] {
  const low = checkFinite(fn, 'windFitLow', o.windFitLow ?? 1.4, 'm/s');
  const high = checkFinite(fn, 'windFitHigh', o.windFitHigh ?? 5.4, 'm/s');
  return [low, high];
}

/**
 * The generic linear model's parameters equivalent to another model's (Faiman, PVsyst, NOCT as in
 * SAM, SAPM's module temperature), for a module of the given efficiency and absorptance: the
 * `use_*` methods of pvlib's GenericLinearModel. A. Driesse, M. Theristis and J. S. Stein, "PV
 * Module Operating Temperature Model Equivalence and Parameter Translation", 2022 IEEE 49th PVSC,
 * doi:10.1109/PVSC48317.2022.9938895. Follows pvlib.temperature.GenericLinearModel.
 * @param source `model` ('faiman', 'pvsyst', 'noct_sam', 'sapm') and its parameters, by the
 *   names of this library's functions (`u0`, `u1`; `uC`, `uV`; `noct`; `a`, `b`)
 * @param module moduleEfficiency and absorptance, unitless
 * @returns uConst W/(m2 K), duWind W/(m2 K)/(m/s), moduleEfficiency and absorptance
 * @example
 * const glm = genericLinearFrom({ model: 'faiman', u0: 16, u1: 8 }, { moduleEfficiency: 0.19, absorptance: 0.88 });
 * glm.uConst; // about 11.04
 * genericLinearTo(glm, { model: 'pvsyst' }).uC; // about 11.4048
 */
export function genericLinearFrom(source: GenericLinearSource, module: GenericLinearModule): GenericLinearParameters {
  const fn = 'genericLinearFrom';
  checkObject(fn, 'source', source);
  checkObject(fn, 'module', module);
  checkOneOf(fn, 'source.model', source.model, MODELS);
  let eta = checkFinite(fn, 'module.moduleEfficiency', module.moduleEfficiency, 'unitless');
  let alpha = checkFinite(fn, 'module.absorptance', module.absorptance, 'unitless');
  let uConst: number;
  let duWind: number;
  switch (source.model) {
    case 'faiman': {
      const u0 = checkFinite(fn, 'source.u0', source.u0, 'W/(m2 K)');
      const u1 = checkFinite(fn, 'source.u1', source.u1, 'W/(m2 K)/(m/s)');
      const net = alpha - eta;
      uConst = u0 * net;
      duWind = u1 * net;
      break;
    }
    case 'pvsyst': {
      const uC = checkFinite(fn, 'source.uC', source.uC, 'W/(m2 K)');
      const uV = checkFinite(fn, 'source.uV', source.uV, 'W/(m2 K)/(m/s)');
      if (source.moduleEfficiency !== undefined)
        eta = checkFinite(fn, 'source.moduleEfficiency', source.moduleEfficiency, 'unitless');
      if (source.alphaAbsorption !== undefined)
        alpha = checkFinite(fn, 'source.alphaAbsorption', source.alphaAbsorption, 'unitless');
      // PVsyst's heat input is alpha (1 - eta) E; the generic model's (alpha - eta) E.
      const ratio = (alpha - eta) / (alpha * (1.0 - eta));
      uConst = uC * ratio;
      duWind = uV * ratio;
      break;
    }
    case 'noct_sam': {
      const noct = checkFinite(fn, 'source.noct', source.noct, 'degrees C');
      if (source.moduleEfficiency !== undefined)
        eta = checkFinite(fn, 'source.moduleEfficiency', source.moduleEfficiency, 'unitless');
      if (source.transmittanceAbsorptance !== undefined)
        alpha = checkFinite(fn, 'source.transmittanceAbsorptance', source.transmittanceAbsorptance, 'unitless');
      const uNoct = (800.0 * alpha) / (noct - 20.0);
      uConst = uNoct * 0.6;
      duWind = uNoct * 0.4 * NOCT_WIND_ADJUSTMENT;
      break;
    }
    case 'sapm': {
      const a = checkFinite(fn, 'source.a', source.a, 'ln((degrees C)/(W/m2))');
      const b = checkFinite(fn, 'source.b', source.b, 's/m');
      const [low, high] = windFits(fn, source);
      // The SAPM's heat transfer coefficient 1 / exp(a + b WS), matched at the two wind speeds.
      const uLow = 1.0 / Math.exp(a + b * low);
      const uHigh = 1.0 / Math.exp(a + b * high);
      const du = (uHigh - uLow) / (high - low);
      const net = alpha - eta;
      uConst = (uLow - du * low) * net;
      duWind = du * net;
      break;
    }
  }
  return { uConst, duWind, moduleEfficiency: eta, absorptance: alpha };
}

/**
 * Another model's parameters equivalent to the generic linear model's: the `to_*` methods of
 * pvlib's GenericLinearModel (Driesse et al. 2022). The result is the options of the model's
 * function here (`faimanCellTemperature`, `pvsystCellTemperature`, `noctSamCellTemperature`,
 * {@link sapmModule}). A. Driesse, M. Theristis and J. S. Stein, "PV Module Operating Temperature
 * Model Equivalence and Parameter Translation", 2022 IEEE 49th PVSC,
 * doi:10.1109/PVSC48317.2022.9938895. Follows pvlib.temperature.GenericLinearModel.
 * @param parameters the generic linear model's (see {@link genericLinearFrom})
 * @param target `model` ('faiman', 'pvsyst', 'noct_sam', 'sapm'); for SAPM `windFitLow` and
 *   `windFitHigh`, m/s (1.4, 5.4)
 * @returns the target model's parameters
 * @example
 * const glm = { uConst: 11.04, duWind: 5.52, moduleEfficiency: 0.19, absorptance: 0.88 };
 * genericLinearTo(glm, { model: 'faiman' }).u0; // about 16
 * genericLinearTo(glm, { model: 'noct_sam' }).noct; // about 52.2
 */
export function genericLinearTo<M extends keyof GenericLinearModels>(
  parameters: GenericLinearParameters,
  target: GenericLinearTarget<M>,
): GenericLinearModels[M] {
  const fn = 'genericLinearTo';
  checkObject(fn, 'parameters', parameters);
  checkObject(fn, 'target', target);
  const model = checkOneOf(fn, 'target.model', target.model, MODELS);
  const uConst = checkFinite(fn, 'parameters.uConst', parameters.uConst, 'W/(m2 K)');
  const duWind = checkFinite(fn, 'parameters.duWind', parameters.duWind, 'W/(m2 K)/(m/s)');
  const eta = checkFinite(fn, 'parameters.moduleEfficiency', parameters.moduleEfficiency, 'unitless');
  const alpha = checkFinite(fn, 'parameters.absorptance', parameters.absorptance, 'unitless');
  const net = alpha - eta;
  const all: { [K in keyof GenericLinearModels]: () => GenericLinearModels[K] } = {
    faiman: () => ({ u0: uConst / net, u1: duWind / net }),
    pvsyst: () => {
      const ratio = net / (alpha * (1.0 - eta));
      return { uC: uConst / ratio, uV: duWind / ratio, moduleEfficiency: eta, alphaAbsorption: alpha };
    },
    noct_sam: () => {
      const uNoct = uConst + duWind / NOCT_WIND_ADJUSTMENT;
      return { noct: 20.0 + (800.0 * alpha) / uNoct, moduleEfficiency: eta, transmittanceAbsorptance: alpha };
    },
    sapm: () => {
      const [low, high] = windFits(fn, target);
      const uLow = uConst / net + (duWind / net) * low;
      const uHigh = uConst / net + (duWind / net) * high;
      const b = -((Math.log(uHigh) - Math.log(uLow)) / (high - low));
      return { a: -(Math.log(uLow) + b * low), b };
    },
  };
  return all[model as M]() as GenericLinearModels[M];
}
