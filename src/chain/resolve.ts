/**
 * The model chain's choices: each step's model named by the caller or inferred from the parameters
 * given, as pvlib's ModelChain infers them (modelchain.py: infer_dc_model, infer_ac_model,
 * infer_aoi_model, infer_temperature_model), and every parameter the chosen models need checked
 * before anything is computed. A misconfiguration throws a TypeError naming the step, the model
 * and what is missing.
 */
import type { FixedMount } from '../irradiance/plane-of-array.js';
import { SKY_DIFFUSE_MODELS } from '../irradiance/transposition.js';
import { pvwattsLosses, type PvwattsLosses } from '../power/pvwatts.js';
import { PVSYST_TEMPERATURE_PARAMETERS, SAPM_TEMPERATURE_PARAMETERS } from '../power/temperature.js';
import type { SingleAxisOptions } from '../tracking/single-axis.js';
import {
  checkAtLeast,
  checkFinite,
  checkLatitude,
  checkLongitude,
  checkObject,
  checkOneOf,
  checkRange,
  checkUnixSeconds,
  typeFailure,
} from '../util/validate.js';
import type {
  AcName,
  AoiName,
  DcName,
  DecompositionName,
  ResolvedArray,
  ResolvedChain,
  ResolvedInverter,
  SpectralName,
  TemperatureName,
  TransientName,
  TranspositionName,
} from './run.js';

/** A single-axis tracker of a {@link ChainArray} (pvlib's geometry). */
export interface ChainTracker extends Omit<SingleAxisOptions, 'diffuseStow'> {
  /** Lay the rows flat when DNI is zero ("smart tracking"; default false). */
  smartTracking?: boolean;
}

/**
 * One array of a {@link ChainSystem}: modules of one kind, one orientation, on one inverter input
 * (pvlib's `Array`). Module and temperature parameters are pvlib's, in camelCase; their names
 * choose the models (see {@link chainModels}).
 */
export interface ChainArray {
  /** A name for the results (default 'array 1', 'array 2', ...). */
  name?: string;
  /** A fixed plane `{ tilt, azimuth }` (degrees; azimuth east of north) or `{ tracker }`. */
  mount: FixedMount | { tracker: ChainTracker };
  /**
   * The module's parameters: PVWatts (`pdc0` W, `gammaPdc` 1/C), SAPM (`SapmModuleParameters`),
   * De Soto or CEC (`CecModuleParameters`), PVsyst (`PvsystModuleParameters`); plus those of the
   * incidence angle modifier when not the SAPM's: physical (`n`, `K` 1/m, `L` m), ASHRAE (`b`),
   * Martin-Ruiz (`aR`) or interpolated (`thetaRef` degrees, `iamRef`); for the First Solar
   * spectral modifier `moduleType` or `firstSolarCoefficients`; for Caballero's, PVSPEC, JRC or
   * Polo's `moduleType` (of that model's table) or `spectralCoefficients`.
   */
  module: object;
  /**
   * Cell temperature parameters: SAPM (`a`, `b`, `deltaT`, or `{ mounting }`), PVsyst (`uC`, `uV`,
   * or `{ mounting: 'freestanding' | 'insulated' | 'semi_integrated' }`), Faiman (`u0`, `u1`),
   * Fuentes (`noctInstalled`), NOCT SAM (`noct`, `moduleEfficiency`); solarkit's additions: Faiman
   * with the radiative term (`u0`, `u1`, `skyView`, `emissivity`, all optional), SAPM cell from
   * module (`deltaT` degrees C, and `a`, `b` when the weather has no `moduleTemperature`; optional
   * `irradRef` W/m2), the generic linear model (`uConst`, `duWind`, `moduleEfficiency`,
   * `absorptance`); for Prilliman's transient, optional `unitMass` (kg/m2) and
   * `prillimanCoefficients` (four numbers, 1/s).
   */
  temperature: object;
  /** Modules in series per string (default 1). */
  modulesPerString?: number;
  /** Strings in parallel (default 1). */
  strings?: number;
  /** Ground albedo, 0..1, when the weather has none (default 0.25, pvlib's Array). */
  albedo?: number;
  /** DC losses: a fraction, or PVWatts' loss categories in % (`pvwattsLosses`) (default 0). */
  losses?: number | PvwattsLosses;
  /** Soiling loss, fraction: one value, or 12 (January first, UTC months) (default none). */
  soiling?: number | readonly number[];
  /** Bifacial rows: the rear side of infinite sheds (Mikofski et al. 2019) adds `bifaciality` x rear. */
  bifacial?: {
    /** Rear over front efficiency, 0..1. */
    bifaciality: number;
    /** Height of the rows' centre (or axis), m. */
    height: number;
    /** Width of a row (slant), m. */
    width: number;
    /** Ground coverage ratio, width over pitch. */
    gcr: number;
  };
  /**
   * Rows that shade each other: the front beam is reduced by the shaded fraction of the collector
   * width (Anderson & Jensen 2024, `shadedFraction1d`) of a tracker's rotation or a fixed row's tilt.
   */
  shading?: {
    /** Width of the collector across the axis, m. */
    collectorWidth: number;
    /** Axis-to-axis spacing of the rows, m. */
    pitch: number;
  };
  /**
   * Snow on the rows (solarkit's step; pvlib's ModelChain has none): the covered share of the slant
   * height by Marion et al. (2013) (`snowCoverageNrel`) from the weather's `snowfall` (or
   * `snowfallRate`) and `snowDepth`, and the DC loss of the cell strings it covers
   * (`snowDcLossNrel`). The weather's times must then increase strictly.
   */
  snow?: {
    /** Cell strings in parallel along the slant height (a 60-cell module in portrait: 1; landscape: 3). */
    numStrings: number;
    /** Snowfall rate above which the rows are fully covered, cm/h (default 1). */
    thresholdSnowfall?: number;
    /** Snow depth on the ground below which no snow stays on the rows, cm (default 1). */
    thresholdDepth?: number;
    /** Covered share of the slant height before the first period (default 0). */
    initialCoverage?: number;
    /** Marion's m, W/(m2 C) (default -80). */
    canSlideCoefficient?: number;
    /** Share of the slant height that slides off in an hour on a vertical row (default 0.197). */
    slideAmountCoefficient?: number;
  };
  /** Installation time, Unix s: ageing counts from it (default none). */
  installDate?: number;
  /** Loss of power per year since `installDate`, fraction (default 0.005). */
  degradationPerYear?: number;
  /** The inverter this array feeds, an index of `ChainSystem.inverters` (default 0). */
  inverter?: number;
}

/** One inverter of a {@link ChainSystem} (pvlib's `inverter_parameters`). */
export interface ChainInverter {
  /**
   * Its parameters, which choose the AC model: Sandia (`SandiaInverterParameters`), ADR
   * (`AdrInverter`), PVWatts (`pdc0` W, `etaInvNom`, `etaInvRef`).
   */
  parameters: object;
  /** MPPT inputs the inverter has (default: the number of arrays on it); each takes one array. */
  inputs?: number;
}

/** A PV system of the model chain: a place, one or more arrays, one or more inverters. */
export interface ChainSystem {
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
  /** Height above sea level, m (default 0; a spectral model needs it or the weather's pressure). */
  elevation?: number;
  /** The arrays (pvlib's `PVSystem.arrays`). */
  arrays: readonly ChainArray[];
  /** The inverters; arrays name theirs by index. */
  inverters: readonly ChainInverter[];
  /** Most the system exports, in the unit of the power (default: no limit). */
  exportLimit?: number;
}

/** The models of a chain's steps, by pvlib's names; any left out is inferred. */
export interface ChainModels {
  /**
   * Sky diffuse on the plane: 'isotropic', 'klucher', 'haydavies' (default, as pvlib's ModelChain),
   * 'reindl', 'king', 'perez', 'perez-driesse'.
   */
  transposition?: TranspositionName;
  /** Splits GHI when the weather has no DNI or DHI: 'erbs' (default) or 'disc'. */
  decomposition?: DecompositionName;
  /**
   * Incidence angle modifier: 'physical', 'ashrae', 'sapm', 'martin_ruiz', 'interp', 'schlick' or
   * 'no_loss' (default inferred; Schlick's, needing no parameter, never is, as pvlib).
   */
  aoi?: AoiName;
  /**
   * Spectral modifier: pvlib's 'sapm', 'first_solar' (the module's `moduleType` or
   * `firstSolarCoefficients`, and the weather's `precipitableWater`) or 'no_loss' (default, as
   * pvlib); solarkit's additions (the module's `moduleType` or `spectralCoefficients`):
   * 'caballero' (weather `precipitableWater`, `aod500`), 'pvspec' (weather `clearskyIndex`), 'jrc'
   * (weather `clearskyIndex`, with the relative air mass) and 'polo' (weather `precipitableWater`,
   * `aod500`; the angle of incidence, the pressure and the albedo).
   */
  spectral?: SpectralName;
  /**
   * Cell temperature: pvlib's 'sapm', 'pvsyst', 'faiman', 'fuentes', 'noct_sam'; solarkit's
   * 'faiman_rad' (weather `irDown`), 'sapm_cell_from_module' (weather `moduleTemperature`, else
   * SAPM's module temperature) and 'generic_linear' (default inferred; of the additions only
   * 'generic_linear' is, from its four parameters).
   */
  temperature?: TemperatureName;
  /** Transient cell temperature (solarkit's): 'prilliman' smooths the steady state over 20 minutes, or 'none' (default). */
  transient?: TransientName;
  /** DC power: 'pvwatts', 'sapm', 'desoto', 'cec', 'pvsyst' (default inferred). */
  dc?: DcName;
  /** AC power: 'pvwatts', 'sandia', 'adr' (default inferred). */
  ac?: AcName;
}

/** The models a chain runs, one name per step (what {@link chainModels} returns). */
export interface ChainModelNames {
  /** Sky diffuse model. */
  transposition: TranspositionName;
  /** GHI splitting model (used only with GHI alone). */
  decomposition: DecompositionName;
  /** Incidence angle modifier. */
  aoi: AoiName;
  /** Spectral modifier. */
  spectral: SpectralName;
  /** Cell temperature model. */
  temperature: TemperatureName;
  /** Transient cell temperature model. */
  transient: TransientName;
  /** Snow loss model: 'nrel' when an array has `snow`, else 'none'. */
  snow: 'nrel' | 'none';
  /** DC model. */
  dc: DcName;
  /** AC model. */
  ac: AcName;
}

const TRANSPOSITIONS: readonly TranspositionName[] = SKY_DIFFUSE_MODELS;
const DECOMPOSITIONS: readonly DecompositionName[] = ['erbs', 'disc'];
const AOI_MODELS: readonly AoiName[] = ['physical', 'ashrae', 'sapm', 'martin_ruiz', 'interp', 'schlick', 'no_loss'];
const SPECTRAL_MODELS: readonly SpectralName[] = [
  'sapm',
  'first_solar',
  'caballero',
  'pvspec',
  'jrc',
  'polo',
  'no_loss',
];
const TEMPERATURE_MODELS: readonly TemperatureName[] = [
  'sapm',
  'pvsyst',
  'faiman',
  'fuentes',
  'noct_sam',
  'faiman_rad',
  'sapm_cell_from_module',
  'generic_linear',
];
const TRANSIENT_MODELS: readonly TransientName[] = ['prilliman', 'none'];
const DC_MODELS: readonly DcName[] = ['pvwatts', 'sapm', 'desoto', 'cec', 'pvsyst'];
const AC_MODELS: readonly AcName[] = ['pvwatts', 'sandia', 'adr'];

const SAPM_DC = [
  'isco',
  'impo',
  'voco',
  'vmpo',
  'aisc',
  'aimp',
  'bvoco',
  'mbvoc',
  'bvmpo',
  'mbvmp',
  'n',
  'cellsInSeries',
  'ixo',
  'ixxo',
  'c0',
  'c1',
  'c2',
  'c3',
  'c4',
  'c5',
  'c6',
  'c7',
];
const DESOTO = ['alphaSc', 'aRef', 'iLRef', 'iORef', 'rShRef', 'rS'];

/** Parameters each model needs (the first names are those pvlib infers the model from). */
const DC_PARAMS: Record<DcName, readonly string[]> = {
  sapm: SAPM_DC,
  cec: [...DESOTO, 'adjust'],
  desoto: DESOTO,
  pvsyst: ['alphaSc', 'gammaRef', 'muGamma', 'iLRef', 'iORef', 'rShRef', 'rSh0', 'rS', 'cellsInSeries'],
  pvwatts: ['pdc0', 'gammaPdc'],
};
/** What pvlib infers each DC model from, in its order. */
const DC_INFER: readonly [DcName, readonly string[]][] = [
  ['sapm', ['a0', 'a1', 'c3']],
  ['cec', ['aRef', 'iLRef', 'iORef', 'rShRef', 'rS', 'adjust']],
  ['desoto', ['aRef', 'iLRef', 'iORef', 'rShRef', 'rS']],
  ['pvsyst', ['gammaRef', 'muGamma', 'iLRef', 'iORef', 'rShRef', 'rSh0', 'rS']],
  ['pvwatts', ['pdc0', 'gammaPdc']],
];
const AC_PARAMS: Record<AcName, readonly string[]> = {
  sandia: ['paco', 'pdco', 'vdco', 'pso', 'c0', 'c1', 'c2', 'c3', 'pnt'],
  adr: ['pnom', 'vnom', 'vmax', 'vmin', 'vdcmax', 'mpptHi', 'mpptLow', 'pacmax', 'adrCoefficients', 'pnt'],
  pvwatts: ['pdc0'],
};
const AOI_INFER: readonly [AoiName, readonly string[]][] = [
  ['physical', ['n', 'K', 'L']],
  ['sapm', ['b0', 'b1', 'b2', 'b3', 'b4', 'b5']],
  ['ashrae', ['b']],
  ['martin_ruiz', ['aR']],
  ['interp', ['iamRef', 'thetaRef']],
];
const SPECTRAL_PARAMS: Record<SpectralName, readonly string[]> = {
  sapm: ['a0', 'a1', 'a2', 'a3', 'a4'],
  first_solar: [],
  caballero: [],
  pvspec: [],
  jrc: [],
  polo: [],
  no_loss: [],
};
const TEMPERATURE_INFER: readonly [TemperatureName, readonly string[]][] = [
  ['sapm', ['a', 'b', 'deltaT']],
  ['pvsyst', ['uC', 'uV']],
  ['faiman', ['u0', 'u1']],
  ['fuentes', ['noctInstalled']],
  ['noct_sam', ['noct', 'moduleEfficiency']],
  ['generic_linear', ['uConst', 'duWind', 'moduleEfficiency', 'absorptance']],
];

/** Parameters each temperature model needs (PVsyst's and Faiman's have defaults). */
const TEMPERATURE_PARAMS: Record<TemperatureName, readonly string[]> = {
  sapm: ['a', 'b', 'deltaT'],
  pvsyst: [],
  faiman: [],
  fuentes: ['noctInstalled'],
  noct_sam: ['noct', 'moduleEfficiency'],
  faiman_rad: [],
  sapm_cell_from_module: ['deltaT'],
  generic_linear: ['uConst', 'duWind', 'moduleEfficiency', 'absorptance'],
};

/** The keys every one of the objects has (pvlib's `_common_keys`). */
function commonKeys(objects: readonly object[]): Set<string> {
  let keys: Set<string> | undefined;
  for (const obj of objects) {
    const o = obj as Record<string, unknown>;
    const own = new Set(Object.keys(o).filter((k) => o[k] !== undefined));
    keys = keys === undefined ? own : new Set([...keys].filter((k) => own.has(k)));
  }
  return keys ?? new Set();
}

const hasAll = (keys: Set<string>, names: readonly string[]): boolean => names.every((k) => keys.has(k));

/** Temperature parameters with a named mounting replaced by its coefficients. */
function temperatureOf(t: object): Readonly<Record<string, unknown>> {
  const { mounting, ...rest } = t as Record<string, unknown>;
  if (typeof mounting !== 'string') return t as Record<string, unknown>;
  if (mounting in SAPM_TEMPERATURE_PARAMETERS)
    return { ...SAPM_TEMPERATURE_PARAMETERS[mounting as keyof typeof SAPM_TEMPERATURE_PARAMETERS], ...rest };
  if (mounting in PVSYST_TEMPERATURE_PARAMETERS)
    return { ...PVSYST_TEMPERATURE_PARAMETERS[mounting as keyof typeof PVSYST_TEMPERATURE_PARAMETERS], ...rest };
  throw new RangeError(
    `chain: temperature mounting '${mounting}' is not one of ${[...Object.keys(SAPM_TEMPERATURE_PARAMETERS), ...Object.keys(PVSYST_TEMPERATURE_PARAMETERS)].join(', ')}`,
  );
}

function missing(fn: string, step: string, model: string, where: string, need: readonly string[], obj: object): void {
  const absent = need.filter((k) => (obj as Record<string, unknown>)[k] === undefined);
  if (absent.length > 0) {
    throw new TypeError(
      `${fn}: step '${step}' (model '${model}') needs ${absent.map((k) => `${where}.${k}`).join(', ')}; ` +
        `give ${absent.length === 1 ? 'it' : 'them'} or choose another ${step} model`,
    );
  }
}

/**
 * The chain's models, step by step: each one named in `models`, else inferred from the parameters
 * as pvlib's ModelChain infers it (the names every array has: DC from the module's parameters, AC
 * from the inverter's, the incidence angle modifier from the module's, cell temperature from the
 * temperature parameters; spectral 'no_loss' and transposition 'haydavies' unless named; PVWatts
 * modules without IAM parameters take the physical IAM, as pvlib's PVWatts preset). Checks every
 * parameter the models need, so a misconfigured chain throws before anything is computed.
 *
 * Follows pvlib.modelchain.ModelChain (Holmgren, Hansen & Mikofski 2018, pvlib python: a python
 * package for modeling solar energy systems, JOSS 3(29), 884, doi:10.21105/joss.00884).
 *
 * @param system the place, the arrays and the inverters
 * @param models models named per step; the others are inferred
 * @throws TypeError naming the step, the model and the missing parameter: a DC model whose
 *   parameters are missing, an inverter with more inputs than arrays, a model that cannot be inferred
 * @example
 * const models = chainModels({
 *   latitude: 45, longitude: 6,
 *   arrays: [{ mount: { tilt: 30, azimuth: 180 }, module: { pdc0: 400, gammaPdc: -0.004 }, temperature: { mounting: 'open_rack_glass_polymer' } }],
 *   inverters: [{ parameters: { pdc0: 400 } }],
 * });
 * models.dc; // => 'pvwatts'
 * models.aoi; // => 'physical'
 * models.temperature; // => 'sapm'
 */
export function chainModels(system: ChainSystem, models: ChainModels = {}): ChainModelNames {
  return resolveChain('chainModels', system, models).names;
}

/** {@link chainModels} and the resolved chain run.ts computes. */
export function resolveChain(
  fn: string,
  system: ChainSystem,
  models: ChainModels,
): { names: ChainModelNames; chain: ResolvedChain } {
  checkObject(fn, 'system', system);
  checkObject(fn, 'models', models);
  checkLatitude(fn, system.latitude, 'system.latitude');
  checkLongitude(fn, system.longitude, 'system.longitude');
  const elevation =
    system.elevation === undefined ? undefined : checkFinite(fn, 'system.elevation', system.elevation, 'm');
  const arrays = system.arrays;
  if (!Array.isArray(arrays) || arrays.length === 0)
    typeFailure(fn, 'system.arrays', 'one or more arrays (mount, module, temperature)', arrays);
  const inverters = system.inverters;
  if (!Array.isArray(inverters) || inverters.length === 0)
    typeFailure(fn, 'system.inverters', 'one or more inverters ({ parameters })', inverters);
  arrays.forEach((a, k) => {
    checkObject(fn, `system.arrays[${k}]`, a);
    checkObject(fn, `system.arrays[${k}].module`, a.module);
    checkObject(fn, `system.arrays[${k}].mount`, a.mount);
    if (a.temperature === undefined)
      throw new TypeError(
        `${fn}: step 'temperature' needs system.arrays[${k}].temperature (for example { mounting: 'open_rack_glass_polymer' })`,
      );
    checkObject(fn, `system.arrays[${k}].temperature`, a.temperature);
  });
  inverters.forEach((inv, k) => {
    checkObject(fn, `system.inverters[${k}]`, inv);
    checkObject(fn, `system.inverters[${k}].parameters`, inv.parameters);
  });
  const modules = arrays.map((a) => a.module);
  const moduleKeys = commonKeys(modules);

  // DC.
  let dc: DcName;
  if (models.dc !== undefined) dc = checkOneOf(fn, 'models.dc', models.dc, DC_MODELS);
  else {
    const found = DC_INFER.find(([, keys]) => hasAll(moduleKeys, keys));
    if (found === undefined)
      throw new TypeError(
        `${fn}: step 'dc' cannot infer its model from the module parameters every array has; give ` +
          `the parameters of pvwatts (pdc0, gammaPdc), sapm, cec, desoto or pvsyst, or name models.dc`,
      );
    dc = found[0];
  }
  arrays.forEach((a, k) => missing(fn, 'dc', dc, `system.arrays[${k}].module`, DC_PARAMS[dc], a.module));

  // AOI.
  let aoi: AoiName;
  if (models.aoi !== undefined) aoi = checkOneOf(fn, 'models.aoi', models.aoi, AOI_MODELS);
  else {
    const found = AOI_INFER.find(([, keys]) => hasAll(moduleKeys, keys));
    if (found !== undefined) aoi = found[0];
    else if (dc === 'pvwatts') aoi = 'physical';
    else
      throw new TypeError(
        `${fn}: step 'aoi' cannot infer its model from the module parameters; give those of physical ` +
          `(n, K, L), sapm (b0..b5) or ashrae (b), or name models.aoi ('physical', 'no_loss', ...)`,
      );
  }
  if (aoi === 'sapm')
    arrays.forEach((a, k) =>
      missing(fn, 'aoi', aoi, `system.arrays[${k}].module`, ['b0', 'b1', 'b2', 'b3', 'b4', 'b5'], a.module),
    );

  // Spectral.
  const spectral: SpectralName =
    models.spectral === undefined ? 'no_loss' : checkOneOf(fn, 'models.spectral', models.spectral, SPECTRAL_MODELS);
  arrays.forEach((a, k) =>
    missing(fn, 'spectral', spectral, `system.arrays[${k}].module`, SPECTRAL_PARAMS[spectral], a.module),
  );

  if (spectral === 'first_solar')
    arrays.forEach((a, k) => {
      const m = a.module as Record<string, unknown>;
      if (m.moduleType === undefined && m.firstSolarCoefficients === undefined)
        throw new TypeError(
          `${fn}: step 'spectral' (model 'first_solar') needs system.arrays[${k}].module.moduleType ` +
            `('cdte', 'monosi', 'xsi', 'multisi', 'polysi', 'cigs', 'asi') or .firstSolarCoefficients (six numbers)`,
        );
    });
  if (spectral === 'caballero' || spectral === 'pvspec' || spectral === 'jrc' || spectral === 'polo')
    arrays.forEach((a, k) => {
      const m = a.module as Record<string, unknown>;
      if (m.moduleType === undefined && m.spectralCoefficients === undefined)
        throw new TypeError(
          `${fn}: step 'spectral' (model '${spectral}') needs system.arrays[${k}].module.moduleType ` +
            `(a module type of that model's table) or .spectralCoefficients`,
        );
    });

  // Temperature.
  const temps = arrays.map((a) => temperatureOf(a.temperature));
  let temperature: TemperatureName;
  if (models.temperature !== undefined)
    temperature = checkOneOf(fn, 'models.temperature', models.temperature, TEMPERATURE_MODELS);
  else {
    const keys = commonKeys(temps);
    const found = TEMPERATURE_INFER.find(([, names]) => hasAll(keys, names));
    if (found === undefined)
      throw new TypeError(
        `${fn}: step 'temperature' cannot infer its model from the temperature parameters every array has; give ` +
          `sapm (a, b, deltaT or a mounting), pvsyst (uC, uV), faiman (u0, u1), fuentes (noctInstalled) or ` +
          `noct_sam (noct, moduleEfficiency), or name models.temperature`,
      );
    temperature = found[0];
  }
  temps.forEach((t, k) =>
    missing(fn, 'temperature', temperature, `system.arrays[${k}].temperature`, TEMPERATURE_PARAMS[temperature], t),
  );
  const transient: TransientName =
    models.transient === undefined ? 'none' : checkOneOf(fn, 'models.transient', models.transient, TRANSIENT_MODELS);

  // AC.
  const invKeys = inverters.map((inv) => new Set(Object.keys(inv.parameters)));
  let ac: AcName;
  if (models.ac !== undefined) ac = checkOneOf(fn, 'models.ac', models.ac, AC_MODELS);
  else {
    const all = (names: readonly string[]) => invKeys.every((keys) => hasAll(keys, names));
    if (all(['c0', 'c1', 'c2', 'c3', 'paco', 'pdco', 'pnt', 'pso', 'vdco'])) ac = 'sandia';
    else if (all(['adrCoefficients', 'pnom', 'vnom'])) ac = 'adr';
    else if (all(['pdc0'])) ac = 'pvwatts';
    else
      throw new TypeError(
        `${fn}: step 'ac' cannot infer its model from the inverter parameters; give those of sandia ` +
          `(paco, pdco, vdco, pso, c0..c3, pnt), adr (pnom, vnom, adrCoefficients, ...) or pvwatts (pdc0), or name models.ac`,
      );
  }
  inverters.forEach((inv, k) =>
    missing(fn, 'ac', ac, `system.inverters[${k}].parameters`, AC_PARAMS[ac], inv.parameters),
  );
  if (ac !== 'pvwatts' && dc === 'pvwatts')
    throw new TypeError(
      `${fn}: step 'ac' (model '${ac}') needs the DC voltage, which the DC model 'pvwatts' does not give; ` +
        `choose a DC model with voltage (sapm, cec, desoto, pvsyst) or the pvwatts inverter`,
    );

  // Arrays onto inverters.
  const onInverter: number[][] = inverters.map(() => []);
  arrays.forEach((a, k) => {
    const i = a.inverter ?? 0;
    if (!Number.isInteger(i) || i < 0 || i >= inverters.length)
      throw new RangeError(
        `${fn}: system.arrays[${k}].inverter must be the index of one of the ${inverters.length} inverters (got ${i})`,
      );
    onInverter[i]!.push(k);
  });
  const resolvedInverters: ResolvedInverter[] = inverters.map((inv, k) => {
    const on = onInverter[k]!;
    if (on.length === 0)
      throw new TypeError(`${fn}: step 'ac': system.inverters[${k}] has no array; give an array its index as inverter`);
    if (inv.inputs !== undefined) {
      const inputs = checkAtLeast(fn, `system.inverters[${k}].inputs`, inv.inputs, 1, 'MPPT inputs');
      if (inputs !== on.length)
        throw new TypeError(
          `${fn}: step 'ac' (model '${ac}'): system.inverters[${k}] has ${inputs} inputs and ${on.length} ` +
            `array${on.length === 1 ? '' : 's'} on it; each input needs one array (give system.arrays[i].inverter = ${k})`,
        );
    }
    if (ac === 'adr' && on.length > 1)
      throw new TypeError(
        `${fn}: step 'ac' (model 'adr') takes one input, and system.inverters[${k}] has ${on.length} arrays (as pvlib)`,
      );
    return { model: ac, parameters: inv.parameters, arrays: on };
  });

  const transposition: TranspositionName =
    models.transposition === undefined
      ? 'haydavies'
      : checkOneOf(fn, 'models.transposition', models.transposition, TRANSPOSITIONS);
  const decomposition: DecompositionName =
    models.decomposition === undefined
      ? 'erbs'
      : checkOneOf(fn, 'models.decomposition', models.decomposition, DECOMPOSITIONS);

  const resolvedArrays: ResolvedArray[] = arrays.map((a, k) =>
    resolveArray(fn, a, k, temps[k]!, { transposition, aoi, spectral, temperature, transient, dc }),
  );
  const exportLimit =
    system.exportLimit === undefined
      ? Number.POSITIVE_INFINITY
      : checkAtLeast(fn, 'system.exportLimit', system.exportLimit, 0, 'the unit of the power');
  return {
    names: {
      transposition,
      decomposition,
      aoi,
      spectral,
      temperature,
      transient,
      snow: arrays.some((a) => a.snow !== undefined) ? 'nrel' : 'none',
      dc,
      ac,
    },
    chain: {
      latitude: system.latitude,
      longitude: system.longitude,
      elevation: elevation ?? 0,
      arrays: resolvedArrays,
      inverters: resolvedInverters,
      decomposition,
      exportLimit,
    },
  };
}

function resolveArray(
  fn: string,
  a: ChainArray,
  k: number,
  temperatureParameters: Readonly<Record<string, unknown>>,
  m: {
    transposition: TranspositionName;
    aoi: AoiName;
    spectral: SpectralName;
    temperature: TemperatureName;
    transient: TransientName;
    dc: DcName;
  },
): ResolvedArray {
  const at = `system.arrays[${k}]`;
  const count = (name: 'modulesPerString' | 'strings'): number =>
    a[name] === undefined ? 1 : checkAtLeast(fn, `${at}.${name}`, a[name], 0, 'modules or strings');
  let mount: ResolvedArray['mount'];
  let smartTracking = false;
  if ('tracker' in a.mount) {
    const { smartTracking: smart, ...tracker } = checkObject(fn, `${at}.mount.tracker`, a.mount.tracker);
    mount = { tracker };
    smartTracking = smart === true;
  } else mount = { tilt: a.mount.tilt, azimuth: a.mount.azimuth };
  let losses = 0;
  if (typeof a.losses === 'number') losses = checkRange(fn, `${at}.losses`, a.losses, 0, 1, 'fraction');
  else if (a.losses !== undefined) losses = pvwattsLosses(checkObject(fn, `${at}.losses`, a.losses)) / 100;
  let soilingByMonth: Float64Array | undefined;
  if (a.soiling !== undefined) {
    const values = typeof a.soiling === 'number' ? [a.soiling] : a.soiling;
    if (!Array.isArray(values) || (values.length !== 1 && values.length !== 12))
      typeFailure(fn, `${at}.soiling`, 'a fraction or 12 monthly fractions', a.soiling);
    soilingByMonth = new Float64Array(12);
    for (let mo = 0; mo < 12; mo++)
      soilingByMonth[mo] = checkRange(fn, `${at}.soiling`, values[values.length === 1 ? 0 : mo], 0, 1, 'fraction');
  }
  const module = a.module as Record<string, unknown>;
  const fd = m.aoi === 'sapm' || m.dc === 'sapm' ? ((module.fd as number | undefined) ?? 1) : 1;
  return {
    mount,
    smartTracking,
    albedo: a.albedo === undefined ? 0.25 : checkRange(fn, `${at}.albedo`, a.albedo, 0, 1, 'fraction'),
    transposition: m.transposition,
    aoi: m.aoi,
    spectral: m.spectral,
    temperature: m.temperature,
    transient: m.transient,
    dc: m.dc,
    module,
    temperatureParameters,
    fd,
    modulesPerString: count('modulesPerString'),
    strings: count('strings'),
    ...(a.bifacial !== undefined ? { bifacial: checkObject(fn, `${at}.bifacial`, a.bifacial) } : {}),
    ...(soilingByMonth !== undefined ? { soilingByMonth } : {}),
    ...(a.shading !== undefined
      ? {
          shading: {
            collectorWidth: checkAtLeast(
              fn,
              `${at}.shading.collectorWidth`,
              checkObject(fn, `${at}.shading`, a.shading).collectorWidth,
              0,
              'm',
              true,
            ),
            pitch: checkAtLeast(fn, `${at}.shading.pitch`, a.shading.pitch, 0, 'm', true),
          },
        }
      : {}),
    ...(a.snow !== undefined
      ? {
          snow: {
            ...checkObject(fn, `${at}.snow`, a.snow),
            numStrings: checkAtLeast(fn, `${at}.snow.numStrings`, a.snow.numStrings, 1, 'cell strings'),
          },
        }
      : {}),
    losses,
    ...(a.installDate !== undefined
      ? {
          ageing: {
            since: checkUnixSeconds(fn, `${at}.installDate`, a.installDate),
            perYear:
              a.degradationPerYear === undefined
                ? 0.005
                : checkRange(fn, `${at}.degradationPerYear`, a.degradationPerYear, 0, 1, 'fraction per year'),
          },
        }
      : {}),
    inverter: a.inverter ?? 0,
  };
}
