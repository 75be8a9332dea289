/**
 * One call from a PV system and its weather to power and energy: the path for "hourly output of
 * one site for a year". Weather comes as columns (WeatherColumns' names), as weather on a grid of
 * periods (a series read from a weather file, a typical year), or from a weather source over a
 * time grid.
 */
import { type PlaneMount, defaultAzimuth, defaultTilt } from '../irradiance/plane-of-array.js';
import { periodGrid } from '../time/grid.js';
import type { SingleAxisOptions } from '../tracking/single-axis.js';
import type { Column } from '../util/columns.js';
import {
  checkAtLeast,
  checkFinite,
  checkIncreasing,
  checkLatitude,
  checkLongitude,
  checkObject,
  checkOneOf,
  checkRange,
  checkSeries,
  checkTimes,
  checkUnixSeconds,
  isFloat64Array,
  typeFailure,
} from '../util/validate.js';
import type { PeriodWeather, WeatherColumns } from '../weather/columns.js';
import type { WeatherSource } from '../weather/source.js';
import { type PvWeatherInput, checkPvWeatherUnits } from './chain-common.js';
import { pvwattsLosses } from './pvwatts.js';
import { pvSystemChain } from './site.js';
import type { SapmMounting } from './temperature.js';

/** A single-axis tracker of {@link PvSystem} (pvlib's geometry; defaults of the site chain). */
export interface PvTracker {
  /** Tilt of the axis, degrees (default 0: level). */
  axisTilt?: number;
  /** Direction of the axis, degrees east of north (default 180: north-south). */
  axisAzimuth?: number;
  /** Rotation limit, degrees (default 60). */
  maxAngle?: number;
  /** Backtracking (default true). */
  backtrack?: boolean;
  /** Cross-axis tilt of the ground, degrees (default 0). */
  crossAxisTilt?: number;
  /** Lay the rows flat when DNI is zero (default false). */
  smartTracking?: boolean;
}

/** A PV system: where, how it is held, how big, and its losses. Azimuths east of north (pvlib). */
export interface PvSystem {
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
  /** Height above sea level, m (default 0). */
  elevation?: number;
  /** Tilt of a fixed plane, degrees (default |latitude|, at most 40). Not with `tracker`. */
  tilt?: number;
  /** Direction a fixed plane faces, degrees east of north (default facing the equator). */
  azimuth?: number;
  /** A single-axis tracker instead of a fixed plane. */
  tracker?: PvTracker;
  /** DC nameplate, kW (modules at 1000 W/m2 and 25 C). */
  capacity: number;
  /** AC rating of the inverters, kW (default capacity / 1.2, PVWatts' DC-to-AC ratio). */
  acCapacity?: number;
  /** DC losses other than temperature and the inverter, fraction (default 0.1408, PVWatts' `pvwattsLosses()`). */
  losses?: number;
  /** Soiling loss, fraction: one value, or 12 (January first, UTC months) (default 0: in `losses`). */
  soiling?: number | readonly number[];
  /** Temperature coefficient of power, 1/C (default -0.0037, PVWatts' standard module). */
  gammaPdc?: number;
  /** Mounting of the SAPM cell temperature model (default 'open_rack_glass_polymer'; a roof: 'close_mount_glass_glass'). */
  mounting?: SapmMounting;
  /** Nominal efficiency of the PVWatts inverter (default 0.96). */
  inverterEfficiency?: number;
  /** Ground albedo when the weather has none (default 0.2). */
  albedo?: number;
  /** Ground coverage ratio of the rows: backtracking and the rear side (default 0.36). */
  gcr?: number;
  /** Bifacial modules: rear over front efficiency (absent: monofacial). */
  bifaciality?: number;
  /** Height of the rows' centre (or axis) above the ground, m, for the rear side (default 1.5). */
  rowHeight?: number;
  /** Width of a row (slant), m, for the rear side (default 2). */
  rowWidth?: number;
  /** Most the system may export, kW (default: no limit below the AC rating). */
  exportLimit?: number;
  /** Installation time, Unix s: degradation counts from it (default: none). */
  installDate?: number;
  /** Loss of power per year since `installDate`, fraction (default 0.005). */
  degradationPerYear?: number;
}

/**
 * Weather columns, one row per period, by the names of WeatherColumns: times as period ends
 * (Unix seconds, `unixSeconds` or `periodEnd`), GHI, DNI, DHI (W/m2, period means), and
 * optionally air temperature (`airTemp`, degrees C, default 20 as pvlib's ModelChain), wind speed
 * (`windSpeed`, m/s at 10 m, default 0) and `albedo`; these three may be one number for all rows.
 */
export interface PvWeatherColumns {
  /** period ends, Unix s (or give periodEnd) */
  unixSeconds?: Float64Array;
  /** period ends, Unix s (or give unixSeconds) */
  periodEnd?: Float64Array;
  /** global horizontal irradiance, W/m2 */
  ghi: Float64Array;
  /** direct normal irradiance, W/m2 */
  dni: Float64Array;
  /** diffuse horizontal irradiance, W/m2 */
  dhi: Float64Array;
  /** degrees C */
  airTemp?: Column;
  /** m/s */
  windSpeed?: Column;
  /** fraction */
  albedo?: Column;
}

/**
 * Weather from a source (for example `defaultWeatherSource()`, the synthetic model) over the
 * period ends given, or over every period of a calendar year (UTC).
 */
export interface PvSourceWeather {
  /** The provider of the weather, for example `defaultWeatherSource()`. */
  source: WeatherSource;
  /** Period ends, Unix seconds; or give `year`. */
  periodEnd?: Float64Array;
  /** A calendar year (UTC): its periods, ending 00:00 + period ... 00:00 of the next year. */
  year?: number;
  /** Length of the periods, s (default 3600). */
  periodSeconds?: number;
  /** Seed of a synthetic source (default the source's). */
  seed?: number;
}

/**
 * What {@link simulatePv} takes as weather: columns, weather on a grid of periods (a series read
 * from a file, WeatherSeries; a typical year, TypicalYearResult), or a source.
 */
export type PvWeather = PvWeatherColumns | PeriodWeather | PvSourceWeather;

/** Options of {@link simulatePv}. */
export interface SimulatePvOptions {
  /** Length of the periods, s (default: the weather's, else the step of the first two times, else 3600). */
  periodSeconds?: number;
}

/** The columns of a simulation, one row per period (Float64Arrays of one length). */
export interface PvSimulationColumns {
  /** Period ends, Unix seconds (UTC). */
  unixSeconds: Float64Array;
  /** AC power, kW (NaN where the weather is missing). */
  ac: Float64Array;
  /** DC power after losses, kW. */
  dc: Float64Array;
  /** Plane-of-array global irradiance (front side), W/m2. */
  poaGlobal: Float64Array;
  /** Plane-of-array beam irradiance (front side), W/m2. */
  poaDirect: Float64Array;
  /** Plane-of-array diffuse irradiance, sky and ground-reflected (front side), W/m2. */
  poaDiffuse: Float64Array;
  /** Irradiance reaching the cells after reflection, soiling and the rear side, W/m2. */
  effectiveIrradiance: Float64Array;
  /** Cell temperature, degrees C. */
  tempCell: Float64Array;
  /** Solar zenith at mid-period, degrees. */
  solarZenith: Float64Array;
  /** Apparent (refraction-corrected) solar zenith at mid-period, degrees. */
  apparentZenith: Float64Array;
  /** Solar azimuth at mid-period, degrees east of north. */
  solarAzimuth: Float64Array;
  /** Trackers only: rotation of the modules, degrees (NaN at night). */
  trackerTheta?: Float64Array;
  /** Trackers only: tilt of the modules from horizontal, degrees. */
  surfaceTilt?: Float64Array;
  /** Trackers only: direction the modules face, degrees east of north. */
  surfaceAzimuth?: Float64Array;
}

/** Energy of a simulation, kWh (AC). */
export interface PvEnergy {
  /** Over the whole series. */
  total: number;
  /** By calendar month (UTC; January first), over all years of the series (see `byYearMonth`). */
  monthly: number[];
  /** By calendar year (UTC). */
  byYear: Record<number, number>;
  /**
   * By month of each year (UTC), keyed 'YYYY-MM' ('2024-01'), in time order: only the months
   * the series has periods in, and January 2024 apart from January 2025 (which `monthly` adds up).
   */
  byYearMonth: Record<string, number>;
  /** Energy per kW of DC capacity, kWh/kWp, over the whole series. */
  specificYield: number;
  /** Periods whose power is NaN (missing weather), left out of the sums. */
  missingPeriods: number;
}

/** The result of {@link simulatePv}. */
export interface PvSimulation {
  /** The simulated columns, one row per period. */
  columns: PvSimulationColumns;
  /** Length of the periods, s. */
  periodSeconds: number;
  /** AC energy totals of the simulation, kWh. */
  energy: PvEnergy;
}

const FN = 'simulatePv';

/** The first of several names a quantity may go by; a TypeError when two are given. */
function oneOf(w: Record<string, unknown>, names: readonly string[], what: string): unknown {
  let found: string | undefined;
  for (const name of names) {
    if (w[name] === undefined) continue;
    if (found !== undefined)
      throw new TypeError(`${FN}: weather gives ${what} twice, as ${found} and ${name}; give one`);
    found = name;
  }
  return found === undefined ? undefined : w[found];
}

/** Names simulatePv once took for the air temperature and the wind speed, and the one it takes. */
const RETIRED_NAMES = [
  ['temp_air', 'airTemp'],
  ['air_temp', 'airTemp'],
  ['wind_speed', 'windSpeed'],
  ['wind_speed_10m', 'windSpeed'],
] as const;

function isSeries(w: object): w is PeriodWeather {
  return 'columns' in w && 'periodEnd' in w && 'periodSeconds' in w;
}

function isSourceWeather(w: object): w is PvSourceWeather {
  return 'source' in w;
}

/** The chain's weather from any accepted form, and the period length it implies (or undefined). */
function chainWeather(system: PvSystem, weather: PvWeather): { input: PvWeatherInput; periodSeconds?: number } {
  checkObject(FN, 'weather', weather);
  if (isSourceWeather(weather)) return fromSource(system, weather);
  let columns: WeatherColumns | PvWeatherColumns;
  let times: unknown;
  let periodSeconds: number | undefined;
  if (isSeries(weather)) {
    columns = weather.columns;
    times = weather.periodEnd;
    periodSeconds = weather.periodSeconds;
  } else {
    columns = weather;
    times = oneOf(weather as unknown as Record<string, unknown>, ['unixSeconds', 'periodEnd'], 'the times');
    if (times === undefined)
      typeFailure(
        FN,
        'weather.unixSeconds',
        'given: period ends, a Float64Array of Unix seconds (or weather.periodEnd)',
        times,
      );
  }
  for (const [old, name] of RETIRED_NAMES) {
    if ((columns as Record<string, unknown>)[old] !== undefined)
      throw new TypeError(`${FN}: weather.${old} is not a weather column name; give ${name}`);
  }
  const unixSeconds = checkTimes(FN, 'weather.unixSeconds', times);
  for (const name of ['ghi', 'dni', 'dhi'] as const) {
    if (columns[name] === undefined) {
      typeFailure(
        FN,
        `weather.${name}`,
        `given: a Float64Array of W/m2 (give ghi, dni and dhi; erbs or dirint split a GHI column)`,
        undefined,
      );
    }
  }
  const input: PvWeatherInput = {
    unixSeconds,
    ghi: columns.ghi!,
    dni: columns.dni!,
    dhi: columns.dhi!,
    airTemp: columns.airTemp ?? 20,
    windSpeed: columns.windSpeed ?? 0,
  };
  const albedo = columns.albedo;
  if (albedo !== undefined) input.albedo = albedo;
  for (const name of ['ghi', 'dni', 'dhi'] as const) {
    if (!isFloat64Array(input[name])) typeFailure(FN, `weather.${name}`, 'a Float64Array of W/m2', input[name]);
  }
  return periodSeconds === undefined ? { input } : { input, periodSeconds };
}

/** The weather a source gives for the system's place, over the grid asked for. */
function fromSource(system: PvSystem, w: PvSourceWeather): { input: PvWeatherInput; periodSeconds: number } {
  const source = w.source;
  if (typeof source !== 'object' || source === null || typeof source.actuals !== 'function') {
    typeFailure(FN, 'weather.source', 'a WeatherSource (for example defaultWeatherSource())', source);
  }
  const periodSeconds =
    w.periodSeconds === undefined ? 3600 : checkAtLeast(FN, 'weather.periodSeconds', w.periodSeconds, 0, 's', true);
  let periodEnd: Float64Array;
  if (w.periodEnd !== undefined) {
    if (w.year !== undefined) throw new TypeError(`${FN}: give weather.periodEnd or weather.year, not both`);
    periodEnd = checkTimes(FN, 'weather.periodEnd', w.periodEnd);
  } else if (w.year !== undefined) {
    const year = checkRange(FN, 'weather.year', w.year, 1, 9999, 'a calendar year');
    if (!Number.isInteger(year)) throw new RangeError(`${FN}: weather.year must be a whole year (got ${year})`);
    periodEnd = periodGrid({ start: Date.UTC(year, 0, 1) / 1000, end: Date.UTC(year + 1, 0, 1) / 1000, periodSeconds });
  } else {
    throw new TypeError(`${FN}: weather from a source needs weather.periodEnd (Unix seconds) or weather.year`);
  }
  const columns = source.actuals({
    latitude: system.latitude,
    longitude: system.longitude,
    ...(system.elevation !== undefined ? { elevation: system.elevation } : {}),
    periodEnd,
    periodSeconds,
    parameters: ['ghi', 'dni', 'dhi', 'airTemp', 'windSpeed'],
    ...(w.seed !== undefined ? { seed: w.seed } : {}),
  });
  const column = (name: 'ghi' | 'dni' | 'dhi' | 'airTemp' | 'windSpeed'): Float64Array => {
    const c = columns[name];
    if (!isFloat64Array(c)) throw new TypeError(`${FN}: the weather source '${source.name}' gave no ${name} column`);
    return c;
  };
  return {
    input: {
      unixSeconds: periodEnd,
      ghi: column('ghi'),
      dni: column('dni'),
      dhi: column('dhi'),
      airTemp: column('airTemp'),
      windSpeed: column('windSpeed'),
    },
    periodSeconds,
  };
}

/** Checks the system once and fills in its defaults. */
function chainConfig(s: PvSystem, periodSeconds: number | undefined) {
  checkObject(FN, 'system', s);
  checkLatitude(FN, s.latitude, 'system.latitude');
  checkLongitude(FN, s.longitude, 'system.longitude');
  const capacity = checkAtLeast(FN, 'system.capacity', s.capacity, 0, 'kW DC', true);
  const opt = <T>(name: keyof PvSystem, check: (key: string, v: unknown) => T): T | undefined =>
    s[name] === undefined ? undefined : check(`system.${name}`, s[name]);
  const elevation = opt('elevation', (k, v) => checkFinite(FN, k, v, 'm')) ?? 0;
  const acCapacity = opt('acCapacity', (k, v) => checkAtLeast(FN, k, v, 0, 'kW AC', true)) ?? capacity / 1.2;
  const losses = opt('losses', (k, v) => checkRange(FN, k, v, 0, 1, 'fraction')) ?? pvwattsLosses() / 100;
  const gammaPdc = opt('gammaPdc', (k, v) => checkRange(FN, k, v, -0.02, 0.02, '1/degrees C')) ?? -0.0037;
  const mounting =
    opt('mounting', (k, v) =>
      checkOneOf(FN, k, v, [
        'open_rack_glass_glass',
        'close_mount_glass_glass',
        'open_rack_glass_polymer',
        'insulated_back_glass_polymer',
      ] as const),
    ) ?? 'open_rack_glass_polymer';
  const etaInvNom = opt('inverterEfficiency', (k, v) => checkRange(FN, k, v, 0.5, 1, 'fraction')) ?? 0.96;
  const albedo = opt('albedo', (k, v) => checkRange(FN, k, v, 0, 1, 'fraction')) ?? 0.2;
  const gcr = opt('gcr', (k, v) => checkRange(FN, k, v, 0.01, 1, 'row width over pitch')) ?? 0.36;
  const exportLimit = opt('exportLimit', (k, v) => checkAtLeast(FN, k, v, 0, 'kW')) ?? Number.POSITIVE_INFINITY;
  const installDate = opt('installDate', (k, v) => checkUnixSeconds(FN, k, v));
  const ageRate = opt('degradationPerYear', (k, v) => checkRange(FN, k, v, 0, 1, 'fraction per year')) ?? 0.005;

  const soilingByMonth = new Float64Array(12);
  if (s.soiling !== undefined) {
    const values = typeof s.soiling === 'number' ? [s.soiling] : s.soiling;
    if (!Array.isArray(values) || (values.length !== 1 && values.length !== 12)) {
      typeFailure(FN, 'system.soiling', 'a fraction or 12 monthly fractions', s.soiling);
    }
    for (let m = 0; m < 12; m++)
      soilingByMonth[m] = checkRange(FN, 'system.soiling', values[values.length === 1 ? 0 : m], 0, 1, 'fraction');
  }

  let mount: PlaneMount;
  let smartTracking = false;
  if (s.tracker !== undefined) {
    const t = checkObject(FN, 'system.tracker', s.tracker);
    if (s.tilt !== undefined || s.azimuth !== undefined) {
      throw new TypeError(`${FN}: give system.tilt and system.azimuth for a fixed plane, or system.tracker, not both`);
    }
    const tracker: SingleAxisOptions = {
      axisTilt:
        t.axisTilt === undefined ? 0 : checkRange(FN, 'system.tracker.axisTilt', t.axisTilt, -90, 90, 'degrees'),
      axisAzimuth:
        t.axisAzimuth === undefined
          ? 180
          : checkFinite(FN, 'system.tracker.axisAzimuth', t.axisAzimuth, 'degrees east of north'),
      maxAngle:
        t.maxAngle === undefined ? 60 : checkRange(FN, 'system.tracker.maxAngle', t.maxAngle, 0, 180, 'degrees'),
      backtrack: t.backtrack ?? true,
      gcr,
      crossAxisTilt:
        t.crossAxisTilt === undefined
          ? 0
          : checkRange(FN, 'system.tracker.crossAxisTilt', t.crossAxisTilt, -90, 90, 'degrees'),
    };
    mount = { tracker };
    smartTracking = t.smartTracking === true;
  } else {
    mount = {
      tilt:
        opt('tilt', (k, v) => checkRange(FN, k, v, 0, 180, 'degrees from horizontal')) ?? defaultTilt(s.latitude, 40),
      azimuth: opt('azimuth', (k, v) => checkFinite(FN, k, v, 'degrees east of north')) ?? defaultAzimuth(s.latitude),
    };
  }
  const bifaciality = opt('bifaciality', (k, v) => checkRange(FN, k, v, 0, 1, 'rear over front efficiency'));
  return {
    latitude: s.latitude,
    longitude: s.longitude,
    elevation,
    mount,
    smartTracking,
    albedo,
    ...(bifaciality !== undefined
      ? {
          bifacial: {
            bifaciality,
            height: opt('rowHeight', (k, v) => checkAtLeast(FN, k, v, 0, 'm')) ?? 1.5,
            width: opt('rowWidth', (k, v) => checkAtLeast(FN, k, v, 0, 'm', true)) ?? 2,
            gcr,
          },
        }
      : {}),
    soilingByMonth,
    temperatureMounting: mounting,
    pdc0: capacity,
    gammaPdc,
    ...(installDate !== undefined ? { installDate } : {}),
    ageRate,
    otherLosses: losses,
    acCapacity,
    etaInvNom,
    exportLimit,
    ...(periodSeconds !== undefined ? { periodSeconds } : {}),
  };
}

/** Energy sums of an AC power column, kWh. */
function energyOf(t: Float64Array, ac: Float64Array, periodSeconds: number, capacity: number): PvEnergy {
  const hours = periodSeconds / 3600;
  const monthly = new Array<number>(12).fill(0);
  const byYear: Record<number, number> = {};
  let total = 0;
  let missing = 0;
  const half = periodSeconds / 2;
  let lastMonthStart = Number.NaN;
  let lastMonthEnd = Number.NaN;
  let month = 0;
  let year = 0;
  let sumYear: number | undefined;
  let yearSum = 0;
  const byYearMonth: Record<string, number> = {};
  let monthKey = '';
  let sumMonthKey: string | undefined;
  let monthSum = 0;
  for (let i = 0; i < ac.length; i++) {
    const p = ac[i]!;
    if (p !== p) {
      missing++;
      continue;
    }
    const e = p * hours;
    total += e;
    // The calendar month of the period's middle, looked up once per month.
    const mid = (t[i]! - half) * 1000;
    if (!(mid >= lastMonthStart && mid < lastMonthEnd)) {
      const d = new Date(mid);
      year = d.getUTCFullYear();
      month = d.getUTCMonth();
      lastMonthStart = Date.UTC(year, month, 1);
      lastMonthEnd = Date.UTC(year, month + 1, 1);
      monthKey = `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}`;
    }
    if (monthKey !== sumMonthKey) {
      if (sumMonthKey !== undefined) byYearMonth[sumMonthKey] = monthSum;
      sumMonthKey = monthKey;
      monthSum = byYearMonth[monthKey] ?? 0;
    }
    monthSum += e;
    monthly[month] = monthly[month]! + e;
    // The year's sum in a local, stored when the year changes (the same additions in the same
    // order as adding into byYear row by row, without a keyed lookup per row).
    if (year !== sumYear) {
      if (sumYear !== undefined) byYear[sumYear] = yearSum;
      sumYear = year;
      yearSum = byYear[year] ?? 0;
    }
    yearSum += e;
  }
  if (sumYear !== undefined) byYear[sumYear] = yearSum;
  if (sumMonthKey !== undefined) byYearMonth[sumMonthKey] = monthSum;
  return { total, monthly, byYear, byYearMonth, specificYield: total / capacity, missingPeriods: missing };
}

/**
 * PV output of one system from its weather, in one call: AC and DC power (kW), the intermediate
 * columns (plane of array, effective irradiance, cell temperature, the sun and the tracker) and
 * energy sums (total, monthly, yearly, kWh). Deterministic, and cheap per system (one pass of each
 * model; the weather's arrays are used, not copied), so a fleet can run it site by site.
 *
 * The chain (that of the server's advanced PV product, with the defaults of PVWatts): the sun at
 * mid-period by the fast SPA (Reda & Andreas 2004); Perez (1990) plane-of-array irradiance on the
 * fixed plane or the single-axis tracker (Anderson & Mikofski 2020, backtracking); beam reduced by
 * the physical IAM (De Soto et al. 2006); for bifacial modules the rear side of infinite sheds
 * (Mikofski et al. 2019); soiling; SAPM cell temperature (King et al. 2004); PVWatts DC, losses and
 * inverter (Dobos 2014); ageing; the export limit. Times are period ends (Unix seconds) and
 * irradiance period means; the sun is taken at each period's middle.
 *
 * Weather: columns by the names of WeatherColumns (`ghi`, `dni`, `dhi`, `airTemp`, `windSpeed`,
 * `albedo`) with `unixSeconds` or `periodEnd`; or weather on a grid of periods (`PeriodWeather`):
 * a `WeatherSeries` from the readers (`readWeatherFile`, EPW, TMY3, PSM3, PVGIS) or a typical year
 * (`typicalYearFor`); or `{ source, year }` / `{ source, periodEnd }` to ask a weather source (the
 * synthetic model: `defaultWeatherSource()`) for the system's place. Missing weather values (NaN)
 * give NaN power on their periods, left out of the energy sums and counted.
 *
 * @param system place, orientation (fixed `tilt`/`azimuth`, pvlib's convention) or `tracker`,
 *   `capacity` (kW DC) and losses; see {@link PvSystem} for the defaults
 * @param weather columns, a weather file's series or a typical year, or a source and a time grid
 * @throws TypeError/RangeError naming the field: a missing irradiance column, columns of different
 *   lengths, times not in Unix seconds, times that do not increase strictly (the index of the first
 *   that does not: sort them with `sortByTime`), a latitude, longitude, capacity or loss out of
 *   range, an air temperature in kelvin, irradiance in kW/m2
 * @example
 * // A year of hourly output of a 5 kWp roof in Amsterdam, facing south at 35 degrees, on the
 * // deterministic synthetic weather:
 * const year = simulatePv(
 *   { latitude: 52.37, longitude: 4.9, tilt: 35, azimuth: 180, capacity: 5 },
 *   { source: defaultWeatherSource(), year: 2024 },
 * );
 * year.columns.ac.length; // => 8784
 * // About 850-1100 kWh/kWp, as a roof in the Netherlands gives:
 * year.energy.specificYield > 850 && year.energy.specificYield < 1100; // => true
 * year.energy.monthly[5] > year.energy.monthly[11]; // => true
 */
export function simulatePv(system: PvSystem, weather: PvWeather, options: SimulatePvOptions = {}): PvSimulation {
  checkObject(FN, 'options', options);
  if (options.periodSeconds !== undefined)
    checkAtLeast(FN, 'options.periodSeconds', options.periodSeconds, 0, 's', true);
  const { input, periodSeconds: weatherPeriod } = chainWeather(system, weather);
  checkSeries(FN, [
    ['weather.unixSeconds', input.unixSeconds, 'Unix seconds'],
    ['weather.ghi', input.ghi, 'W/m2'],
    ['weather.dni', input.dni, 'W/m2'],
    ['weather.dhi', input.dhi, 'W/m2'],
    ['weather.airTemp', input.airTemp, 'degrees C'],
    ['weather.windSpeed', input.windSpeed, 'm/s'],
    ['weather.albedo', input.albedo, '0..1', true],
  ]);
  // The energy sums, the months and the period taken from the first step need times in order.
  checkIncreasing(FN, 'weather.unixSeconds', input.unixSeconds);
  const config = chainConfig(system, options.periodSeconds ?? weatherPeriod);
  checkPvWeatherUnits(FN, input, config.latitude, config.longitude);
  const r = pvSystemChain(input, config);
  const columns: PvSimulationColumns = {
    unixSeconds: input.unixSeconds,
    ac: r.power,
    dc: r.dcPower,
    poaGlobal: r.poaGlobal,
    poaDirect: r.poaDirect,
    poaDiffuse: r.poaDiffuse,
    effectiveIrradiance: r.effectiveIrradiance,
    tempCell: r.tempCell,
    solarZenith: r.sun.zenith,
    apparentZenith: r.sun.apparentZenith,
    solarAzimuth: r.sun.azimuth,
  };
  if (r.trackerTheta !== undefined) {
    columns.trackerTheta = r.trackerTheta;
    columns.surfaceTilt = r.surfaceTilt as Float64Array;
    columns.surfaceAzimuth = r.surfaceAzimuth as Float64Array;
  }
  return {
    columns,
    periodSeconds: r.periodSeconds,
    energy: energyOf(input.unixSeconds, r.power, r.periodSeconds, config.pdc0),
  };
}
