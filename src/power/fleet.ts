/**
 * The per-site work of a fleet simulation: one site and its weather to its energy (annual and
 * monthly aggregates) or its power column. A pure, deterministic function of its inputs, so the
 * in-process path and every worker thread of `simulateFleet` (solarkit/node) give the same bits.
 * The pool, the files and the threads are the Node layer's; this module only computes.
 */
import { periodGrid } from '../time/grid.js';
import { splitCsv, textLines } from '../weather/readers/types.js';
import { defaultWeatherSource } from '../weather/synthetic.js';
import type { WeatherSource } from '../weather/source.js';
import type { PeriodWeather } from '../weather/columns.js';
import { type PvSystem, type PvWeatherColumns, simulatePv } from './simulate.js';

/** One site of a fleet: the columns of a sites file. Azimuth east of north (pvlib: 180 faces south). */
export interface FleetSite {
  /** The site's name, carried to its results. */
  id: string;
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
  /** DC nameplate, kW. */
  capacityKw: number;
  /** Tilt of a fixed plane, degrees from horizontal, 0..90 (ignored by a tracker). */
  tilt: number;
  /** Direction the plane faces, degrees east of north, 0..360 (ignored by a tracker). */
  azimuth: number;
  /** Fraction of the DC output kept after losses other than temperature and the inverter, 0..1 (default 1 - PVWatts' 14.08 %). */
  lossFactor?: number;
  /** 'fixed' (default) or 'horizontal_single_axis' (a level north-south axis, backtracking). */
  arrayType?: 'fixed' | 'horizontal_single_axis';
  /** Height above sea level, m (default 0). */
  elevation?: number;
}

/** What a fleet run keeps of each site. */
export type FleetAggregate = 'annual' | 'monthly' | 'none';

/** A problem with one field of a site (what a sites file's validation lists). */
export interface FleetSiteProblem {
  /** The site's field at fault (`latitude`, `capacityKw`...), or the column of a sites file. */
  field: string;
  /** Why the value is refused (with the expected range and unit, where there is one). */
  reason: string;
}

/** The result of one site. */
export interface FleetSiteResult {
  /** The site's id, as given. */
  id: string;
  /** The site's DC nameplate, kW (the divisor of the specific yields). */
  capacityKw: number;
  /** AC energy over the period, kWh (periods of missing weather left out). */
  energyKwh: number;
  /**
   * Specific yield per year, kWh/kWp: energyKwh per kW of DC capacity, divided by `years` (so a
   * period of other than one year still gives kWh/kWp a year).
   */
  specificYieldKwhPerKw: number;
  /**
   * Length of the period in years: 1 for a period of 365 or 366 days (a calendar year, a typical
   * year), else its days / 365.25.
   */
  years: number;
  /** AC energy by month of each year (UTC), kWh, in time order, one per entry of `months`: 'monthly' only. */
  monthlyKwh?: Float64Array;
  /** The months of `monthlyKwh`, 'YYYY-MM' ('2024-01'): every month the period has periods in. 'monthly' only. */
  months?: string[];
  /** Periods whose power is unknown (missing weather). */
  missingPeriods: number;
  /** AC power per period, kW: 'none' only (the period ends are the run's grid). */
  powerKw?: Float64Array;
}

/** Options of {@link simulateFleetSite}. */
export interface FleetSiteOptions {
  /** 'annual' (energy, the default), 'monthly' (and energy by month) or 'none' (the power column). */
  aggregate?: FleetAggregate;
  /** Length of the periods, s (default: the step of the weather's first two times, as simulatePv). */
  periodSeconds?: number;
  /**
   * The weather is a typical year (a TMY, an EPW): its months are calendar months whatever year
   * their UTC periods fall in (the last hours of 31 December in a zone west of UTC fall in January
   * of the next year), so 'monthly' gives the 12 months, labelled in the year of its middle period.
   */
  typicalYear?: boolean;
}

/** Options of {@link syntheticFleetWeather}. */
export interface SyntheticFleetWeatherOptions {
  /** Spacing of the weather cells, degrees (default 0: the site's own place; see {@link weatherPlaceOf}). */
  cellDegrees?: number;
  /** Seed of the synthetic model (default the source's). */
  seed?: number;
  /** The weather source (default `defaultWeatherSource()`). */
  source?: WeatherSource;
}

/** The time grid of a fleet run: period ends (Unix seconds, UTC) and their length. */
export interface FleetGrid {
  /** Period ends, Unix seconds (UTC), increasing. */
  periodEnd: Float64Array;
  /** Length of every period, s. */
  periodSeconds: number;
}

const SITE_FIELDS: readonly [keyof FleetSite, number, number, string][] = [
  ['latitude', -90, 90, 'degrees north'],
  ['longitude', -180, 180, 'degrees east'],
  ['capacityKw', 0, Number.POSITIVE_INFINITY, 'kW DC'],
  ['tilt', 0, 90, 'degrees from horizontal'],
  ['azimuth', 0, 360, 'degrees east of north, 180 = south'],
  ['lossFactor', 0, 1, 'fraction of the DC output kept'],
];

/**
 * Every problem of one site, all at once (an empty list for a good site): missing or
 * out-of-range numbers (each named with its unit), a capacity that is not above 0 kW, an unknown
 * array type. A sites file is checked with it before anything is computed.
 *
 * @example
 * fleetSiteProblems({ id: 'a', latitude: 52.1, longitude: 5.1, capacityKw: 4, tilt: 35, azimuth: 180 }).length; // => 0
 * fleetSiteProblems({ id: 'b', latitude: 95, longitude: 5.1, capacityKw: 0, tilt: 35, azimuth: 180 }).map((p) => p.field).join(','); // => 'latitude,capacityKw'
 */
export function fleetSiteProblems(site: FleetSite): FleetSiteProblem[] {
  const problems: FleetSiteProblem[] = [];
  if (typeof site.id !== 'string' || site.id === '') problems.push({ field: 'id', reason: 'must be a non-empty name' });
  for (const [field, min, max, unit] of SITE_FIELDS) {
    const v = site[field];
    if (field === 'capacityKw') {
      if (typeof v !== 'number' || !(v > 0 && v < Number.POSITIVE_INFINITY))
        problems.push({ field, reason: `must be a number above 0 (kW DC); got ${describe(v)}` });
      continue;
    }
    if (v === undefined && field === 'lossFactor') continue;
    if (typeof v !== 'number' || !(v >= min && v <= max)) {
      problems.push({ field, reason: `must be a number from ${min} to ${max} (${unit}); got ${describe(v)}` });
    }
  }
  if (site.arrayType !== undefined && site.arrayType !== 'fixed' && site.arrayType !== 'horizontal_single_axis') {
    problems.push({
      field: 'arrayType',
      reason: `must be 'fixed' or 'horizontal_single_axis'; got ${describe(site.arrayType)}`,
    });
  }
  if (site.elevation !== undefined && !(typeof site.elevation === 'number' && Number.isFinite(site.elevation))) {
    problems.push({
      field: 'elevation',
      reason: `must be a finite number (m above sea level); got ${describe(site.elevation)}`,
    });
  }
  return problems;
}

function describe(v: unknown): string {
  return typeof v === 'string' ? `'${v}'` : String(v);
}

/** The PV system of a fleet site (simulatePv's defaults for everything a sites file does not give). */
function systemOf(site: FleetSite): PvSystem {
  const system: PvSystem = { latitude: site.latitude, longitude: site.longitude, capacity: site.capacityKw };
  if (site.elevation !== undefined) system.elevation = site.elevation;
  if (site.lossFactor !== undefined) system.losses = 1 - site.lossFactor;
  if (site.arrayType === 'horizontal_single_axis') {
    system.tracker = {};
  } else {
    system.tilt = site.tilt;
    system.azimuth = site.azimuth;
  }
  return system;
}

/**
 * One site of a fleet: `simulatePv` of the site over the weather given, kept as the aggregates
 * asked for (energy, specific yield, monthly energy) or as the AC power column. The sums are
 * those of `simulatePv` (the same additions in the same order), so a site gives the same bits
 * here, in a worker thread, or alone.
 *
 * @param site the site (see {@link FleetSite}; check it with {@link fleetSiteProblems})
 * @param weather the site's weather over the run's grid: columns as simulatePv takes them, or
 *   weather on a grid of periods (a weather file's series, a typical year)
 * @param options `aggregate`: 'annual' (energy, default; the specific yield per year), 'monthly'
 *   (and energy by month of each year: `months` '2024-01' ..., `monthlyKwh`) or 'none' (the power
 *   column); `periodSeconds`, the length of the periods, s; `typicalYear` for a TMY's weather
 * @throws TypeError/RangeError naming the field, as simulatePv
 * @example
 * const grid = fleetGrid({ year: 2024 }, 3600);
 * const site = { id: 'roof-1', latitude: 52.1, longitude: 5.1, capacityKw: 4, tilt: 35, azimuth: 180 };
 * const r = simulateFleetSite(site, syntheticFleetWeather(site, grid), { aggregate: 'annual', periodSeconds: 3600 });
 * // A roof in the Netherlands: about 850-1100 kWh per kWp a year.
 * r.specificYieldKwhPerKw > 850 && r.specificYieldKwhPerKw < 1100; // => true
 */
export function simulateFleetSite(
  site: FleetSite,
  weather: PvWeatherColumns | PeriodWeather,
  options: FleetSiteOptions = {},
): FleetSiteResult {
  const { aggregate = 'annual', periodSeconds } = options;
  const sim = simulatePv(systemOf(site), weather, periodSeconds === undefined ? {} : { periodSeconds });
  const t = sim.columns.unixSeconds;
  const years = periodYears(t, sim.periodSeconds);
  const result: FleetSiteResult = {
    id: site.id,
    capacityKw: site.capacityKw,
    energyKwh: sim.energy.total,
    specificYieldKwhPerKw: years === 1 ? sim.energy.specificYield : sim.energy.specificYield / years,
    years,
    missingPeriods: sim.energy.missingPeriods,
  };
  if (aggregate === 'monthly') {
    if (options.typicalYear === true) {
      // The year of the middle row: the first hours may fall in the year before in UTC.
      const mid = t.length >> 1;
      const year = yearMonths(t.subarray(mid, mid + 1), sim.periodSeconds)[0]?.slice(0, 4) ?? '2059';
      result.months = Array.from({ length: 12 }, (_, m) => `${year}-${String(m + 1).padStart(2, '0')}`);
      result.monthlyKwh = Float64Array.from(sim.energy.monthly);
    } else {
      const months = yearMonths(t, sim.periodSeconds);
      result.months = months;
      result.monthlyKwh = Float64Array.from(months, (m) => sim.energy.byYearMonth[m] ?? 0);
    }
  }
  if (aggregate === 'none') result.powerKw = sim.columns.ac;
  return result;
}

const DAY = 86_400;

/** Years a series of period ends spans: 1 for 365 or 366 days, else days / 365.25. */
function periodYears(t: Float64Array, periodSeconds: number): number {
  const n = t.length;
  if (n === 0) return 1;
  const days = (t[n - 1]! - t[0]! + periodSeconds) / DAY;
  return days === 365 || days === 366 ? 1 : days / 365.25;
}

/** The months ('YYYY-MM', UTC) of the periods' middles, in time order, each once. */
function yearMonths(t: Float64Array, periodSeconds: number): string[] {
  const out: string[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < t.length; i++) {
    const mid = (t[i]! - periodSeconds / 2) * 1000;
    if (mid < end) continue;
    const d = new Date(mid);
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth();
    end = Date.UTC(y, m + 1, 1);
    out.push(`${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`);
  }
  return out;
}

/**
 * The time grid of a fleet run: every period of a calendar year (UTC), or the periods ending
 * after `start` up to `end` (Unix seconds), `periodSeconds` long.
 *
 * @throws RangeError for a year that is not whole, or an end not after the start
 * @example
 * fleetGrid({ year: 2023 }, 3600).periodEnd.length; // => 8760
 */
export function fleetGrid(period: { year: number } | { start: number; end: number }, periodSeconds: number): FleetGrid {
  if ('year' in period) {
    if (!Number.isInteger(period.year) || period.year < 1 || period.year > 9999)
      throw new RangeError(`fleetGrid: year must be a whole year (got ${period.year})`);
    const year = {
      start: Date.UTC(period.year, 0, 1) / 1000,
      end: Date.UTC(period.year + 1, 0, 1) / 1000,
      periodSeconds,
    };
    return { periodEnd: periodGrid(year), periodSeconds };
  }
  if (!(period.end > period.start))
    throw new RangeError(`fleetGrid: end must be after start (got ${period.start} .. ${period.end}, Unix s)`);
  return { periodEnd: periodGrid({ start: period.start, end: period.end, periodSeconds }), periodSeconds };
}

/**
 * The place whose weather a site gets: its own, or with `cellDegrees` > 0 the centre of its cell
 * of a latitude/longitude grid of that spacing (as a gridded weather product: every site of a
 * cell shares one weather series, computed once).
 *
 * @example
 * weatherPlaceOf({ latitude: 52.123, longitude: 5.071 }, 0.05); // => { latitude: 52.125, longitude: 5.075 }
 */
export function weatherPlaceOf(
  site: { latitude: number; longitude: number },
  cellDegrees: number,
): { latitude: number; longitude: number } {
  if (!(cellDegrees > 0)) return { latitude: site.latitude, longitude: site.longitude };
  const centre = (v: number, lo: number, hi: number): number => {
    const c = (Math.floor(v / cellDegrees) + 0.5) * cellDegrees;
    // Rounded to 1e-9 degree so that the centre's digits do not carry the division's noise.
    const r = Math.round(c * 1e9) / 1e9;
    return r < lo ? lo : r > hi ? hi : r;
  };
  return { latitude: centre(site.latitude, -90, 90), longitude: centre(site.longitude, -180, 180) };
}

/** Weather series kept by place (most recently used last); a few hundred kB each. */
const weatherCache = new Map<string, PvWeatherColumns>();
const WEATHER_CACHE_ENTRIES = 160;

/**
 * The synthetic weather (the deterministic model of `defaultWeatherSource()`) of a site over a
 * fleet grid: GHI, DNI, DHI, air temperature and 10 m wind. With `options.cellDegrees` > 0 the
 * weather of its cell's centre ({@link weatherPlaceOf}). Series are kept for the last 160 places,
 * so sites that share a place (or a cell) share one computation; the values never depend on what
 * is kept.
 *
 * @param site the site's place (degrees) and elevation (m)
 * @param grid the run's time grid ({@link fleetGrid})
 * @param options `cellDegrees` (default 0), `seed` (default the source's), `source` (default
 *   `defaultWeatherSource()`)
 * @example
 * const grid = fleetGrid({ year: 2024 }, 3600);
 * const w = syntheticFleetWeather({ latitude: 52.1, longitude: 5.1 }, grid);
 * w.ghi.length; // => 8784
 */
export function syntheticFleetWeather(
  site: { latitude: number; longitude: number; elevation?: number },
  grid: FleetGrid,
  options: SyntheticFleetWeatherOptions = {},
): PvWeatherColumns {
  const { cellDegrees = 0, seed, source = defaultWeatherSource() } = options;
  const place = weatherPlaceOf(site, cellDegrees);
  // With cells, the weather is the cell's: the elevation is the sites' business, not its.
  const elevation = cellDegrees > 0 ? undefined : site.elevation;
  const pe = grid.periodEnd;
  const key = `${source.name}|${place.latitude}|${place.longitude}|${elevation ?? ''}|${seed ?? ''}|${grid.periodSeconds}|${pe.length}|${pe[0]}|${pe[pe.length - 1]}`;
  const hit = weatherCache.get(key);
  if (hit !== undefined) {
    weatherCache.delete(key);
    weatherCache.set(key, hit);
    return hit;
  }
  const c = source.actuals({
    latitude: place.latitude,
    longitude: place.longitude,
    ...(elevation !== undefined ? { elevation } : {}),
    periodEnd: pe,
    periodSeconds: grid.periodSeconds,
    parameters: ['ghi', 'dni', 'dhi', 'airTemp', 'windSpeed'],
    ...(seed !== undefined ? { seed } : {}),
  });
  const weather: PvWeatherColumns = {
    unixSeconds: pe,
    ghi: c.ghi!,
    dni: c.dni!,
    dhi: c.dhi!,
    airTemp: c.airTemp!,
    windSpeed: c.windSpeed!,
  };
  if (weatherCache.size >= WEATHER_CACHE_ENTRIES) weatherCache.delete(weatherCache.keys().next().value as string);
  weatherCache.set(key, weather);
  return weather;
}

/** A problem of a sites file: the line (1 = the header), the column and why. */
export interface FleetSitesFileProblem extends FleetSiteProblem {
  /** The file's line, 1 = the header. */
  line: number;
}

/** Columns of a sites file: the required ones, then the optional ones, and the site field each fills. */
const REQUIRED_COLUMNS = ['id', 'latitude', 'longitude', 'capacity_kw', 'tilt', 'azimuth'] as const;
const FIELD_COLUMN: Record<string, string> = {
  id: 'id',
  latitude: 'latitude',
  longitude: 'longitude',
  capacityKw: 'capacity_kw',
  tilt: 'tilt',
  azimuth: 'azimuth',
  lossFactor: 'loss_factor',
  arrayType: 'array_type',
  elevation: 'elevation',
};

/**
 * Reads a sites file: CSV with a header naming at least `id,latitude,longitude,capacity_kw,tilt,azimuth`
 * (degrees, kW DC; azimuth east of north, 180 = south) and optionally `loss_factor` (0..1),
 * `array_type` (`fixed`, `horizontal_single_axis`) and `elevation` (m), in any order. Every
 * problem of every row is listed (line, column, reason), so a file is fixed in one pass; the good
 * rows are returned beside them. Blank lines are skipped.
 *
 * @throws RangeError when the header lacks a required column
 * @example
 * const { sites, problems } = readFleetSitesCsv('id,latitude,longitude,capacity_kw,tilt,azimuth\nroof-1,52.1,5.1,4,35,180\nroof-2,52.1,5.1,-4,35,south\n');
 * sites.length; // => 1
 * problems.map((p) => `${p.line}:${p.field}`).join(' '); // => '3:capacity_kw 3:azimuth'
 */
export function readFleetSitesCsv(text: string): { sites: FleetSite[]; problems: FleetSitesFileProblem[] } {
  const lines = textLines(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const header = splitCsv(lines[0] ?? '').map((h) => h.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new RangeError(
      `the sites file's header must name ${REQUIRED_COLUMNS.join(',')} (optional: loss_factor, array_type, elevation); missing: ${missing.join(', ')}`,
    );
  }
  const at = (name: string): number => header.indexOf(name);
  const sites: FleetSite[] = [];
  const problems: FleetSitesFileProblem[] = [];
  const seen = new Map<string, number>();
  for (let l = 1; l < lines.length; l++) {
    const raw = lines[l]!;
    if (raw.trim() === '') continue;
    const cells = splitCsv(raw).map((c) => c.trim());
    const cell = (name: string): string | undefined => {
      const i = at(name);
      return i < 0 || cells[i] === undefined || cells[i] === '' ? undefined : cells[i];
    };
    const num = (name: string): number | string | undefined => {
      const c = cell(name);
      if (c === undefined) return undefined;
      const v = Number(c);
      return Number.isFinite(v) ? v : c;
    };
    const site = {
      id: cell('id') ?? '',
      latitude: num('latitude'),
      longitude: num('longitude'),
      capacityKw: num('capacity_kw'),
      tilt: num('tilt'),
      azimuth: num('azimuth'),
    } as unknown as FleetSite;
    const loss = num('loss_factor');
    if (loss !== undefined) site.lossFactor = loss as number;
    const arrayType = cell('array_type');
    if (arrayType !== undefined) site.arrayType = arrayType as FleetSite['arrayType'];
    const elevation = num('elevation');
    if (elevation !== undefined) site.elevation = elevation as number;
    const found = fleetSiteProblems(site).map((p) => ({
      line: l + 1,
      field: FIELD_COLUMN[p.field] ?? p.field,
      reason: p.reason,
    }));
    if (site.id !== '') {
      const first = seen.get(site.id);
      if (first !== undefined)
        found.push({ line: l + 1, field: 'id', reason: `'${site.id}' is already the id of line ${first}` });
      else seen.set(site.id, l + 1);
    }
    if (found.length > 0) problems.push(...found);
    else sites.push(site);
  }
  return { sites, problems };
}
