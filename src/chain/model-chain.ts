/**
 * The model chain: a PV system of arrays and inverters, run from weather, from each array's plane
 * of array irradiance, or from each array's effective irradiance, with every step's model named or
 * inferred (resolve.ts) and computed in run.ts.
 */
import type { Column } from '../util/columns.js';
import {
  checkAtLeast,
  checkCelsius,
  checkIncreasing,
  checkObject,
  checkPressurePa,
  checkSeries,
  checkTimes,
  type SeriesEntry,
  typeFailure,
} from '../util/validate.js';
import { type ChainModelNames, type ChainModels, type ChainSystem, resolveChain } from './resolve.js';
import { type ChainArrayColumns, type RunArrayWeather, type RunWeather, runResolvedChain } from './run.js';

/** What one array is given instead of the sky: its plane of array irradiance, or its effective irradiance. */
export interface ChainArrayWeather {
  /** Plane-of-array global irradiance, W/m2 (with poaDirect and poaDiffuse: a run from POA). */
  poaGlobal?: Float64Array;
  /** Plane-of-array beam irradiance, W/m2. */
  poaDirect?: Float64Array;
  /** Plane-of-array diffuse irradiance (sky and ground), W/m2. */
  poaDiffuse?: Float64Array;
  /** Irradiance reaching the cells, W/m2 (a run from effective irradiance; cell temperature from poaGlobal if given, else from it). */
  effectiveIrradiance?: Float64Array;
}

/**
 * The weather of {@link modelChain}: period ends and either the sky (GHI, DNI and DHI; or GHI
 * alone, split by the decomposition model) or, per array, its plane of array irradiance or its
 * effective irradiance (pvlib's run_model, run_model_from_poa, run_model_from_effective_irradiance).
 */
export interface ChainWeather {
  /** Period ends, Unix seconds (or give periodEnd). */
  unixSeconds?: Float64Array;
  /** Period ends, Unix seconds (or give unixSeconds). */
  periodEnd?: Float64Array;
  /** Global horizontal irradiance, W/m2 (period means). */
  ghi?: Float64Array;
  /** Direct normal irradiance, W/m2. */
  dni?: Float64Array;
  /** Diffuse horizontal irradiance, W/m2. */
  dhi?: Float64Array;
  /** Air temperature, degrees C (default 20, as pvlib's ModelChain). */
  airTemp?: Column;
  /** Wind speed, m/s (default 0). */
  windSpeed?: Column;
  /** Ground albedo, 0..1 (default each array's). */
  albedo?: Column;
  /** Site pressure, Pa, for the absolute air mass of a spectral model (default from the elevation). */
  pressure?: Column;
  /** Absolute air mass, for a spectral model (default from the sun and the pressure). */
  airmassAbsolute?: Column;
  /** Precipitable water, cm, for the First Solar, Caballero and Polo spectral models. */
  precipitableWater?: Column;
  /** Aerosol optical depth at 500 nm, unitless, for the Caballero and Polo spectral models. */
  aod500?: Column;
  /** Clear-sky index (GHI over clear-sky GHI), unitless, for the PVSPEC and JRC spectral models. */
  clearskyIndex?: Column;
  /** Downwelling long-wave irradiance on a horizontal surface, W/m2, for the 'faiman_rad' cell temperature. */
  irDown?: Column;
  /** Measured back-of-module temperature, degrees C, for the 'sapm_cell_from_module' cell temperature. */
  moduleTemperature?: Column;
  /** Fresh snow within each period, cm, for arrays with `snow` (or give snowfallRate). */
  snowfall?: Column;
  /** Snowfall rate over each period, cm/h, for arrays with `snow` (or give snowfall). */
  snowfallRate?: Column;
  /** Snow depth on the ground, cm, for arrays with `snow` (optional: without it the ground never counts as bare). */
  snowDepth?: Column;
  /** Per array, in the order of the system's arrays: its POA or its effective irradiance instead of the sky. */
  arrays?: readonly ChainArrayWeather[];
}

/** Options of {@link modelChain}: the models by step, and the period length. */
export interface ChainOptions extends ChainModels {
  /**
   * Length of the periods, s (default: the step of the first two times, which must then increase
   * strictly, else 3600). Given, every row stands alone and the times may come in any order (a
   * typical year's rows taken from several years).
   */
  periodSeconds?: number;
}

/** The result of {@link modelChain}: columns for the system, per inverter and per array. */
export interface ChainResult {
  /** Period ends, Unix seconds (UTC). */
  periodEnd: Float64Array;
  /** Length of the periods, s. */
  periodSeconds: number;
  /** The model of each step. */
  models: ChainModelNames;
  /** AC power of the system, in the unit of the inverters' power (W for the libraries'). */
  ac: Float64Array;
  /** DC power of all arrays. */
  dc: Float64Array;
  /** AC power of each inverter. */
  inverters: Float64Array[];
  /** Each array's columns. */
  arrays: ChainArrayColumns[];
  /** Solar zenith at mid-period, degrees. */
  solarZenith: Float64Array;
  /** Apparent solar zenith at mid-period, degrees. */
  apparentZenith: Float64Array;
  /** Solar azimuth at mid-period, degrees east of north. */
  solarAzimuth: Float64Array;
  /** Global, direct normal and diffuse horizontal irradiance the chain used, W/m2 (NaN when run from POA). */
  ghi: Float64Array;
  /** Direct normal irradiance, W/m2. */
  dni: Float64Array;
  /** Diffuse horizontal irradiance, W/m2. */
  dhi: Float64Array;
  /** Relative air mass (Kasten & Young 1989, apparent zenith), unitless: where a step read it (Perez skies, spectral models). */
  airmassRelative?: Float64Array;
  /** Absolute air mass (spectral models only), unitless. */
  airmassAbsolute?: Float64Array;
  /** AC energy of the system over the series, in the unit of the power times hours (NaN periods left out). */
  acEnergy: number;
}

const FN = 'modelChain';

/** Checks the weather once and gives the run's columns. */
function checkWeather(weather: ChainWeather, arrays: number, periodSeconds: number | undefined): RunWeather {
  checkObject(FN, 'weather', weather);
  if (weather.unixSeconds !== undefined && weather.periodEnd !== undefined)
    throw new TypeError(`${FN}: weather gives the times twice, as unixSeconds and periodEnd; give one`);
  const unixSeconds = checkTimes(FN, 'weather.unixSeconds', weather.unixSeconds ?? weather.periodEnd);
  const entries: SeriesEntry[] = [
    ['weather.unixSeconds', unixSeconds, 'Unix seconds'],
    ['weather.ghi', weather.ghi, 'W/m2', true],
    ['weather.dni', weather.dni, 'W/m2', true],
    ['weather.dhi', weather.dhi, 'W/m2', true],
    ['weather.airTemp', weather.airTemp, 'degrees C', true],
    ['weather.windSpeed', weather.windSpeed, 'm/s', true],
    ['weather.albedo', weather.albedo, '0..1', true],
    ['weather.pressure', weather.pressure, 'Pa', true],
    ['weather.airmassAbsolute', weather.airmassAbsolute, 'unitless', true],
    ['weather.precipitableWater', weather.precipitableWater, 'cm', true],
    ['weather.aod500', weather.aod500, 'unitless', true],
    ['weather.clearskyIndex', weather.clearskyIndex, 'unitless', true],
    ['weather.irDown', weather.irDown, 'W/m2', true],
    ['weather.moduleTemperature', weather.moduleTemperature, 'degrees C', true],
    ['weather.snowfall', weather.snowfall, 'cm', true],
    ['weather.snowfallRate', weather.snowfallRate, 'cm/h', true],
    ['weather.snowDepth', weather.snowDepth, 'cm', true],
  ];
  const given = weather.arrays;
  if (given !== undefined) {
    if (!Array.isArray(given) || given.length !== arrays)
      typeFailure(FN, 'weather.arrays', `one entry per array (${arrays}): its POA or its effective irradiance`, given);
    given.forEach((g, k) => {
      checkObject(FN, `weather.arrays[${k}]`, g);
      const poa = g.poaGlobal !== undefined && g.poaDirect !== undefined && g.poaDiffuse !== undefined;
      if (!poa && g.effectiveIrradiance === undefined)
        throw new TypeError(
          `${FN}: weather.arrays[${k}] needs poaGlobal, poaDirect and poaDiffuse (W/m2), or effectiveIrradiance (W/m2)`,
        );
      for (const name of ['poaGlobal', 'poaDirect', 'poaDiffuse', 'effectiveIrradiance'] as const)
        entries.push([`weather.arrays[${k}].${name}`, g[name], 'W/m2', true]);
    });
  } else if (weather.ghi === undefined) {
    typeFailure(FN, 'weather.ghi', 'a Float64Array of W/m2 (or give weather.arrays: POA per array)', undefined);
  } else if ((weather.dni === undefined) !== (weather.dhi === undefined)) {
    throw new TypeError(`${FN}: give weather.dni and weather.dhi both (W/m2), or neither to split GHI`);
  }
  checkSeries(FN, entries);
  // The run's air mass does not go through absoluteAirmass, whose check this was.
  if (weather.pressure !== undefined) checkPressurePa(FN, 'weather.pressure', weather.pressure);
  // Without a period length the chain takes the step of the first two times, so they must increase;
  // with one, every row stands alone (a typical year's rows from several years, as sitePvPower).
  if (periodSeconds === undefined) checkIncreasing(FN, 'weather.unixSeconds', unixSeconds);
  else checkAtLeast(FN, 'options.periodSeconds', periodSeconds, 0, 's', true);
  const airTemp = weather.airTemp ?? 20;
  checkCelsius(FN, 'weather.airTemp', airTemp);
  const run: RunWeather = { unixSeconds, airTemp, windSpeed: weather.windSpeed ?? 0 };
  if (weather.ghi !== undefined) run.ghi = weather.ghi;
  if (weather.dni !== undefined) run.dni = weather.dni;
  if (weather.dhi !== undefined) run.dhi = weather.dhi;
  if (weather.albedo !== undefined) run.albedo = weather.albedo;
  if (weather.pressure !== undefined) run.pressure = weather.pressure;
  if (weather.airmassAbsolute !== undefined) run.airmassAbsolute = weather.airmassAbsolute;
  if (weather.precipitableWater !== undefined) run.precipitableWater = weather.precipitableWater;
  for (const key of [
    'aod500',
    'clearskyIndex',
    'irDown',
    'moduleTemperature',
    'snowfall',
    'snowfallRate',
    'snowDepth',
  ] as const)
    if (weather[key] !== undefined) run[key] = weather[key];
  if (given !== undefined) run.arrays = given as readonly RunArrayWeather[];
  return run;
}

/**
 * A PV system's power from its weather through a chain of models, one per step, each named or
 * inferred from the parameters as pvlib's ModelChain infers them ({@link chainModels}). The steps:
 * the sun at the middle of each period (fast SPA, Reda & Andreas 2004); the GHI split when the
 * weather has no DNI/DHI (Erbs 1982 or DISC); per array the plane of array of a fixed plane or a
 * single-axis tracker (isotropic, Hay-Davies or Perez sky), the angle of incidence and its
 * modifier, the spectral modifier, effective irradiance = spectral x (beam x IAM + FD x diffuse),
 * the rear side of bifacial rows, soiling, cell temperature, DC power of a module scaled by modules
 * per string and strings, losses and ageing; then each inverter (its arrays on its MPPT inputs)
 * and the system's sum and export limit. Run from weather, or from each array's POA or effective
 * irradiance (`weather.arrays`). Powers are in the unit of the parameters (W for the libraries'
 * modules and inverters); times are period ends, the sun is taken at mid-period. A period whose
 * weather is NaN gives NaN.
 *
 * Follows pvlib.modelchain.ModelChain (Holmgren, Hansen & Mikofski 2018, JOSS 3(29), 884,
 * doi:10.21105/joss.00884). `simulatePv` is this chain with PVWatts' models.
 *
 * @param system place, arrays (mount, module and temperature parameters, modules per string,
 *   strings, albedo, losses) and inverters
 * @param weather period ends and the sky, or each array's POA or effective irradiance
 * @param options the model of any step (else inferred) and the period length
 * @throws TypeError naming the step, the model and the missing parameter before anything is computed
 * @example
 * const t = Float64Array.of(Date.UTC(2024, 5, 21, 12) / 1000);
 * const r = modelChain(
 *   {
 *     latitude: 45, longitude: 6, elevation: 300,
 *     arrays: [
 *       { name: 'east', mount: { tilt: 15, azimuth: 90 }, module: { pdc0: 400, gammaPdc: -0.004 }, temperature: { mounting: 'close_mount_glass_glass' }, strings: 10 },
 *       { name: 'west', mount: { tilt: 15, azimuth: 270 }, module: { pdc0: 400, gammaPdc: -0.004 }, temperature: { mounting: 'close_mount_glass_glass' }, strings: 10 },
 *     ],
 *     inverters: [{ parameters: { pdc0: 8000 }, inputs: 2 }],
 *   },
 *   { unixSeconds: t, ghi: Float64Array.of(850), dni: Float64Array.of(700), dhi: Float64Array.of(150), airTemp: 25 },
 * );
 * r.models.dc; // => 'pvwatts'
 * r.ac[0] > 5000 && r.ac[0] < 7000; // => true
 */
export function modelChain(system: ChainSystem, weather: ChainWeather, options: ChainOptions = {}): ChainResult {
  checkObject(FN, 'options', options);
  const { periodSeconds, ...models } = options;
  const { names, chain } = resolveChain(FN, system, models);
  const w = checkWeather(weather, chain.arrays.length, periodSeconds);
  if (
    names.spectral !== 'no_loss' &&
    names.spectral !== 'jrc' &&
    w.pressure === undefined &&
    w.airmassAbsolute === undefined &&
    system.elevation === undefined
  )
    throw new TypeError(
      `${FN}: step 'spectral' (model '${names.spectral}') needs system.elevation or weather.pressure`,
    );
  const need = (step: string, model: string, what: string) =>
    new TypeError(`${FN}: step '${step}' (model '${model}') needs ${what}`);
  const s = names.spectral;
  if ((s === 'first_solar' || s === 'caballero' || s === 'polo') && w.precipitableWater === undefined)
    throw need('spectral', s, 'weather.precipitableWater (cm)');
  if ((s === 'caballero' || s === 'polo') && w.aod500 === undefined)
    throw need('spectral', s, 'weather.aod500 (unitless)');
  if ((s === 'pvspec' || s === 'jrc') && w.clearskyIndex === undefined)
    throw need('spectral', s, 'weather.clearskyIndex (GHI over clear-sky GHI, unitless)');
  if (names.temperature === 'faiman_rad' && w.irDown === undefined)
    throw need('temperature', 'faiman_rad', 'weather.irDown (W/m2)');
  if (names.temperature === 'sapm_cell_from_module' && w.moduleTemperature === undefined)
    chain.arrays.forEach((a, k) => {
      if (a.temperatureParameters.a === undefined || a.temperatureParameters.b === undefined)
        throw need(
          'temperature',
          'sapm_cell_from_module',
          `weather.moduleTemperature (degrees C) or system.arrays[${k}].temperature.a and .b`,
        );
    });
  if (names.snow === 'nrel' && w.snowfall === undefined && w.snowfallRate === undefined)
    throw need('snow', 'nrel', 'weather.snowfall (cm per period) or weather.snowfallRate (cm/h)');
  const r = runResolvedChain(chain, w, periodSeconds, true);
  const hours = r.periodSeconds / 3600;
  let energy = 0;
  for (let i = 0; i < r.ac.length; i++) if (r.ac[i] === r.ac[i]) energy += r.ac[i]! * hours;
  return {
    periodEnd: w.unixSeconds,
    periodSeconds: r.periodSeconds,
    models: names,
    ac: r.ac,
    dc: r.dc,
    inverters: r.inverters,
    arrays: r.arrays.map((a, k) => ({ name: system.arrays[k]!.name ?? `array ${k + 1}`, ...a })),
    solarZenith: r.sun.zenith,
    apparentZenith: r.sun.apparentZenith,
    solarAzimuth: r.sun.azimuth,
    ghi: r.ghi,
    dni: r.dni,
    dhi: r.dhi,
    ...(r.airmassRelative !== undefined ? { airmassRelative: r.airmassRelative } : {}),
    ...(r.airmassAbsolute !== undefined ? { airmassAbsolute: r.airmassAbsolute } : {}),
    acEnergy: energy,
  };
}
