/**
 * Reference handlers for temperature_models.json (and any file of the schema whose stem starts
 * with "temperature" or "pv_power"): pvlib.temperature's sapm_module, sapm_cell_from_module,
 * faiman_rad, prilliman, generic_linear and GenericLinearModel's conversions. A case names its
 * pvlib function in params.function (or by its name's prefix); every argument is read by
 * pvlib's name, a series from inputs or a scalar from params or inputs alike, with pvlib's
 * defaults. One-output functions are compared under whatever name the case gives its expected
 * column; GenericLinearModel cases expect the target model's parameters by pvlib's names.
 */
import {
  faimanRad,
  type GenericLinearModels,
  type GenericLinearSource,
  genericLinear,
  genericLinearFrom,
  genericLinearTo,
  prilliman,
  sapmCellFromModule,
  sapmModule,
} from '../../../src/power/index.js';
import { caseArg, inputColumn, param, pvlibFunctionOf, requiredArg, scalarArg } from '../runner.js';
import { type CaseHandler, type ReferenceCase, TOLERANCE } from '../schema.js';

const FUNCTIONS = [
  'sapm_module',
  'sapm_cell_from_module',
  'faiman_rad',
  'prilliman',
  'generic_linear',
  'GenericLinearModel',
] as const;
type Fn = (typeof FUNCTIONS)[number];

function functionOf(caseName: string, refCase: ReferenceCase): string | undefined {
  if (typeof refCase.params.function !== 'string' && caseName.startsWith('generic_linear_model'))
    return 'GenericLinearModel';
  return pvlibFunctionOf(caseName, refCase, FUNCTIONS);
}

const isTemperatureFile = (stem: string): boolean => stem.startsWith('temperature') || stem.startsWith('pv_power');

function weather(c: ReferenceCase) {
  return {
    poaGlobal: requiredArg(c, 'poa_global'),
    airTemp: requiredArg(c, 'temp_air'),
    windSpeed: requiredArg(c, 'wind_speed'),
  };
}

/** A one-value-per-row column, as a Float64Array of the case's length. */
function rows(v: Float64Array | number, n: number): Float64Array {
  return typeof v === 'number' ? new Float64Array(n).fill(v) : v;
}

/** pvlib's names of each target model's parameters, and ours. */
const TARGET_NAMES: { [M in keyof GenericLinearModels]: Record<string, keyof GenericLinearModels[M]> } = {
  faiman: { u0: 'u0', u1: 'u1' },
  pvsyst: { u_c: 'uC', u_v: 'uV', module_efficiency: 'moduleEfficiency', alpha_absorption: 'alphaAbsorption' },
  noct_sam: {
    noct: 'noct',
    module_efficiency: 'moduleEfficiency',
    transmittance_absorptance: 'transmittanceAbsorptance',
  },
  sapm: { a: 'a', b: 'b' },
};

/** GenericLinearModel(eta, alpha).use_<use>(row).to_<to>(), one parameter set per row. */
function genericLinearModel(c: ReferenceCase): Record<string, Float64Array> {
  const use = param<string>(c, 'use', '');
  const to = param<string>(c, 'to', '') as keyof GenericLinearModels;
  const names = TARGET_NAMES[to];
  if (names === undefined) throw new Error(`to '${to}' is not one of ${Object.keys(TARGET_NAMES).join(', ')}`);
  const n = Object.values(c.inputs)[0]?.length ?? 1;
  const col = (name: string) => rows(requiredArg(c, name), n);
  const opt = (name: string) => param<number | undefined>(c, name, undefined);
  const module = { moduleEfficiency: scalarArg(c, 'module_efficiency'), absorptance: scalarArg(c, 'absorptance') };
  const out: Record<string, Float64Array> = { u_const: new Float64Array(n), du_wind: new Float64Array(n) };
  for (const pvlibName of Object.keys(names)) out[pvlibName] = new Float64Array(n);
  const source = (i: number): GenericLinearSource => {
    switch (use) {
      case 'faiman':
        return { model: 'faiman', u0: col('u0')[i]!, u1: col('u1')[i]! };
      case 'pvsyst': {
        const eta = opt('use_module_efficiency');
        const alpha = opt('use_alpha_absorption');
        return {
          model: 'pvsyst',
          uC: col('u_c')[i]!,
          uV: col('u_v')[i]!,
          ...(eta === undefined ? {} : { moduleEfficiency: eta }),
          ...(alpha === undefined ? {} : { alphaAbsorption: alpha }),
        };
      }
      case 'noct_sam': {
        const eta = opt('use_module_efficiency');
        const ta = opt('use_transmittance_absorptance');
        return {
          model: 'noct_sam',
          noct: col('noct')[i]!,
          ...(eta === undefined ? {} : { moduleEfficiency: eta }),
          ...(ta === undefined ? {} : { transmittanceAbsorptance: ta }),
        };
      }
      case 'sapm':
        return {
          model: 'sapm',
          a: col('a')[i]!,
          b: col('b')[i]!,
          windFitLow: opt('use_wind_fit_low') ?? 1.4,
          windFitHigh: opt('use_wind_fit_high') ?? 5.4,
        };
      default:
        throw new Error(`use '${use}' is not one of faiman, pvsyst, noct_sam, sapm`);
    }
  };
  for (let i = 0; i < n; i++) {
    const glm = genericLinearFrom(source(i), module);
    out.u_const![i] = glm.uConst;
    out.du_wind![i] = glm.duWind;
    const target = genericLinearTo(glm, {
      model: to,
      windFitLow: opt('to_wind_fit_low') ?? 1.4,
      windFitHigh: opt('to_wind_fit_high') ?? 5.4,
    }) as unknown as Record<string, number>;
    for (const [pvlibName, ours] of Object.entries(names)) out[pvlibName]![i] = target[ours as string]!;
  }
  return out;
}

const RUN: Record<Fn, (c: ReferenceCase) => Float64Array | Record<string, Float64Array>> = {
  sapm_module: (c) => sapmModule(weather(c), { a: scalarArg(c, 'a'), b: scalarArg(c, 'b') }),
  sapm_cell_from_module: (c) =>
    sapmCellFromModule(
      { moduleTemperature: requiredArg(c, 'module_temperature'), poaGlobal: requiredArg(c, 'poa_global') },
      { deltaT: scalarArg(c, 'deltaT'), irradRef: scalarArg(c, 'irrad_ref', 1000) },
    ),
  faiman_rad: (c) => {
    const irDown = caseArg(c, 'ir_down');
    return faimanRad(
      {
        poaGlobal: requiredArg(c, 'poa_global'),
        airTemp: requiredArg(c, 'temp_air'),
        windSpeed: caseArg(c, 'wind_speed') ?? 1.0,
        ...(irDown === undefined ? {} : { irDown }),
      },
      {
        u0: scalarArg(c, 'u0', 25.0),
        u1: scalarArg(c, 'u1', 6.84),
        skyView: scalarArg(c, 'sky_view', 1.0),
        emissivity: scalarArg(c, 'emissivity', 0.88),
      },
    );
  },
  prilliman: (c) => {
    const coefficients = param<[number, number, number, number] | undefined>(c, 'coefficients', undefined);
    return prilliman(
      {
        unixSeconds: inputColumn(c, 'unix_s'),
        tempCell: inputColumn(c, 'temp_cell'),
        windSpeed: requiredArg(c, 'wind_speed'),
      },
      { unitMass: scalarArg(c, 'unit_mass', 11.1), ...(coefficients === undefined ? {} : { coefficients }) },
    );
  },
  generic_linear: (c) =>
    genericLinear(weather(c), {
      uConst: scalarArg(c, 'u_const'),
      duWind: scalarArg(c, 'du_wind'),
      moduleEfficiency: scalarArg(c, 'module_efficiency'),
      absorptance: scalarArg(c, 'absorptance'),
    }),
  GenericLinearModel: genericLinearModel,
};

export const handlers: CaseHandler[] = FUNCTIONS.map((fn) => ({
  variant: fn,
  matches: (stem, name, refCase) => isTemperatureFile(stem) && functionOf(name, refCase) === fn,
  run: (c) => {
    const result = RUN[fn](c);
    if (!(result instanceof Float64Array)) return result;
    const columns: Record<string, Float64Array> = {};
    for (const name of Object.keys(c.expected)) columns[name] = result;
    return columns;
  },
  defaultTolerance: TOLERANCE.value,
}));
