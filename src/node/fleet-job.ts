/**
 * What one thread of a fleet run does with a batch of sites: find each site's weather (the
 * synthetic model, a weather file, or the nearest file of a directory) and run the core's
 * per-site function. The in-process path (threads: 1) and every worker thread run this same code
 * on the same inputs, so results do not depend on the number of threads.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type FleetAggregate,
  type FleetGrid,
  type FleetSite,
  type FleetSiteResult,
  fleetGrid,
  simulateFleetSite,
  syntheticFleetWeather,
} from '../power/fleet.js';
import type { PvWeatherColumns } from '../power/simulate.js';
import { distanceKm } from '../weather/real.js';
import type { WeatherSeries } from '../weather/readers/types.js';
import { createWeatherScratch } from '../weather/scratch.js';
import type { WeatherSource } from '../weather/source.js';
import { defaultWeatherSource } from '../weather/synthetic.js';
import { loadWeatherFile } from './weather-files.js';

/** Where a fleet's weather comes from. */
export type FleetWeatherSpec =
  | {
      type: 'synthetic' /** weather cells, degrees (default 0: each site its own place) */;
      cellDegrees?: number;
      seed?: number;
    }
  | { type: 'file'; path: string }
  | { type: 'directory'; path: string };

/** The time grid of a run on the synthetic weather (a weather file brings its own). */
export type FleetPeriod = { year: number } | { start: number; end: number };

/** Everything a thread needs besides the sites (structured-clonable). */
export interface FleetJob {
  /** Where the sites' weather comes from: the synthetic model, a weather file or a directory of them. */
  weather: FleetWeatherSpec;
  /** Synthetic weather only. */
  period?: FleetPeriod;
  /** Length of the periods, s (synthetic weather; default 3600). */
  periodSeconds?: number;
  /** What is kept of each site: the annual totals, the monthly energies too, or every period's power. */
  aggregate: FleetAggregate;
  /**
   * Weather files only: how far a site may be from its weather file's place, km (default
   * {@link DEFAULT_MAX_WEATHER_DISTANCE_KM}, 100). A farther site is an error result, or a result
   * with a `warning` when `onFarWeather` is 'warn'.
   */
  maxWeatherDistanceKm?: number;
  /** Weather files only: what a site farther than `maxWeatherDistanceKm` gets: 'error' (default) or 'warn'. */
  onFarWeather?: 'error' | 'warn';
}

/**
 * How far, km, a site may be from its weather file's place by default: the weather of a place
 * 100 km away is still the same climate in most of the world; an Amsterdam file applied to a site in
 * the Pacific is not.
 */
export const DEFAULT_MAX_WEATHER_DISTANCE_KM = 100;

/**
 * A site's outcome: its result (with a `warning` when its weather file is farther than the job
 * allows and the job says 'warn'), or the message of the error it raised.
 */
export type FleetOutcome = (FleetSiteResult & { warning?: string }) | { id: string; error: string };

/** Per-thread state of a job: the grid and the weather files, read once. */
interface JobState {
  grid?: FleetGrid;
  /** The synthetic source of this job in this thread, with its own scratch columns (reused by every site). */
  source?: WeatherSource;
  files?: { path: string; series: WeatherSeries; weather: PvWeatherColumns }[];
}

const states = new WeakMap<FleetJob, JobState>();

function columnsOf(series: WeatherSeries): PvWeatherColumns {
  const c = series.columns;
  const need = (name: 'ghi' | 'dni' | 'dhi'): Float64Array => {
    const v = c[name];
    if (v === undefined) throw new Error(`the weather file (${series.format}) has no ${name} column`);
    return v;
  };
  const weather: PvWeatherColumns = {
    unixSeconds: series.periodEnd,
    ghi: need('ghi'),
    dni: need('dni'),
    dhi: need('dhi'),
  };
  if (c.airTemp !== undefined) weather.airTemp = c.airTemp;
  if (c.windSpeed !== undefined) weather.windSpeed = c.windSpeed;
  if (c.albedo !== undefined) weather.albedo = c.albedo;
  return weather;
}

function stateOf(job: FleetJob): JobState {
  let s = states.get(job);
  if (s !== undefined) return s;
  s = {};
  const w = job.weather;
  if (w.type === 'synthetic') {
    s.grid = fleetGrid(job.period ?? { year: new Date().getUTCFullYear() - 1 }, job.periodSeconds ?? 3600);
    // A year of a site's own weather is evaluated on about 105,000 samples: its working columns
    // (about 15 MB) are taken from this thread's scratch set instead of allocated for each site.
    s.source = defaultWeatherSource({ scratch: createWeatherScratch() });
  } else {
    const paths =
      w.type === 'file'
        ? [w.path]
        : readdirSync(w.path)
            .filter((f) => !f.startsWith('.'))
            .sort()
            .map((f) => join(w.path, f));
    s.files = paths.map((p) => {
      const series = loadWeatherFile(p);
      return { path: p, series, weather: columnsOf(series) };
    });
    if (s.files.length === 0) throw new Error(`no weather files in ${w.path}`);
  }
  states.set(job, s);
  return s;
}

/** The weather (and period length) of one site in a job, and a warning about it. */
function weatherFor(
  job: FleetJob,
  state: JobState,
  site: FleetSite,
): { weather: PvWeatherColumns; periodSeconds: number; typicalYear?: boolean; warning?: string } {
  const w = job.weather;
  if (w.type === 'synthetic') {
    const grid = state.grid!;
    const weather = syntheticFleetWeather(site, grid, {
      cellDegrees: w.cellDegrees ?? 0,
      seed: w.seed,
      source: state.source!,
    });
    return { weather, periodSeconds: grid.periodSeconds };
  }
  // The nearest file (the first of equally near ones, in name order).
  let best = state.files![0]!;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const f of state.files!) {
    const km = distanceKm(site, f.series);
    if (km < bestKm) {
      bestKm = km;
      best = f;
    }
  }
  const far = farWeather(job, site, best, bestKm);
  return {
    weather: best.weather,
    periodSeconds: best.series.periodSeconds,
    typicalYear: best.series.typical,
    ...(far ? { warning: far } : {}),
  };
}

const km = (x: number): string => (x >= 10 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));

/**
 * A site farther from its weather file than the job allows: a RangeError naming the site, the
 * distance and the option ('error'), or the warning's text ('warn'); undefined when near enough or
 * when the file's place is unknown.
 */
function farWeather(
  job: FleetJob,
  site: FleetSite,
  file: { path: string; series: WeatherSeries },
  distance: number,
): string | undefined {
  const max = job.maxWeatherDistanceKm ?? DEFAULT_MAX_WEATHER_DISTANCE_KM;
  if (!(distance > max)) return undefined;
  const what =
    `site ${site.id} (${site.latitude}, ${site.longitude}) is ${km(distance)} km from the place of its weather file ` +
    `${file.path} (${file.series.latitude}, ${file.series.longitude}), more than the ${km(max)} km allowed`;
  if (job.onFarWeather === 'warn') return `${what}; its weather is used anyway (onFarWeather 'warn')`;
  throw new RangeError(
    `${what}: give a weather file nearer the site, or allow more with maxWeatherDistanceKm ` +
      `(the command line's --max-weather-distance KM), or use it anyway with onFarWeather 'warn' (--on-far-weather warn)`,
  );
}

/**
 * The period ends of a site's power column in a job (synthetic: the run's grid; files: the
 * site's file), for writing time series.
 * @example
 * const job = { weather: { type: 'synthetic' }, aggregate: 'none', period: { year: 2023 } };
 * const site = { id: 'a', latitude: 52, longitude: 5, capacityKw: 1, tilt: 30, azimuth: 180 };
 * fleetPeriodEnds(job, site).length; // => 8760
 */
export function fleetPeriodEnds(job: FleetJob, site: FleetSite): Float64Array {
  const state = stateOf(job);
  // The synthetic weather's periods are the run's grid, whatever the site: its weather (a year of
  // it, 0.1 s of CPU) is not computed again here, in the thread that writes the rows.
  if (job.weather.type === 'synthetic') return state.grid!.periodEnd;
  return weatherFor(job, state, site).weather.unixSeconds!;
}

/** Runs a batch of sites, in order; a site that raises gives its message instead of a result. */
export function runFleetBatch(job: FleetJob, sites: readonly FleetSite[]): FleetOutcome[] {
  const state = stateOf(job);
  return sites.map((site) => {
    try {
      const { weather, periodSeconds, typicalYear, warning } = weatherFor(job, state, site);
      const result = simulateFleetSite(site, weather, {
        aggregate: job.aggregate,
        periodSeconds,
        ...(typicalYear === true ? { typicalYear } : {}),
      });
      return warning === undefined ? result : { ...result, warning };
    } catch (e) {
      return { id: site.id, error: e instanceof Error ? e.message : String(e) };
    }
  });
}
