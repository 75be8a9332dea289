/**
 * The synthetic weather source: deterministic estimated actuals and forecasts for any place and
 * period grid, every value a pure function of (place, time, seed).
 *
 * Period means: the model is evaluated on a fixed absolute lattice of 5-minute sub-periods
 * (sample at the middle of each), and a period's value is the mean of the sub-periods inside it.
 * Since every API period grid is aligned to whole 5-minute steps, any grid, window or chunking
 * averages the same underlying values. Zenith and azimuth are given at the period's middle.
 */
import { type PlaceClimate, placeClimate } from './climate.js';
import { accumulateNoise } from './noise.js';
import { type ClimateGrids, type ClimateNormals, climateNormalsAt, gridSurfaceElevation } from './normals.js';
import { ACTUAL_COLUMNS, FORECAST_COLUMNS, type NumericWeatherColumnName, type WeatherColumnName } from './columns.js';
import { type WeatherType, type WeatherTypeInput, weatherType } from './parameters.js';
import { type SkyColumns, allSky, skyAtInstants, stationPressure, tiltedIrradiance } from './sky.js';
import type { WeatherScratch } from './scratch.js';
import { dailyBudget } from './snow.js';
import {
  type ForecastQuery,
  type QueryPlane,
  type WeatherColumns,
  type WeatherQuery,
  type WeatherSource,
  checkWeatherQuery,
  queryPlane,
} from './source.js';
import {
  FORECAST_CHANNELS,
  type StatePerturbation,
  type WeatherState,
  cloudColumns,
  cloudSideNoise,
  forecastSeed,
  noiseSite,
  weatherState,
} from './state.js';

/** The base time step of the synthetic process, s. */
export const BASE_STEP = 300;
const DAY = 86400;
/** z of the 10th/90th percentile of a normal distribution. */
const Z90 = 1.2815515655446004;

/** Options of the synthetic source. */
export interface SyntheticOptions {
  /** default seed when a query has none (default 0) */
  seed?: number;
  /**
   * Sub-samples per period; default: one per 5 minutes of the period. A smaller number (1 =
   * the period's middle only) trades exactness of period means for speed (TMY history).
   */
  samplesPerPeriod?: number;
  /**
   * Where a query gives no elevation, continentality or climate normals, this supplies them for
   * a place (the server passes a lookup in the global elevation grid, land mask and climate grids,
   * see src/node/weather-files.ts `placeInfo`); without it, 0 m, 0.5 and the general rules of
   * climate.ts.
   */
  placeInfo?: (
    latitude: number,
    longitude: number,
  ) => { elevation?: number; continentality?: number; normals?: ClimateNormals };
  /**
   * Reusable columns for the sample lattice ({@link createWeatherScratch}): each evaluation takes
   * its working columns from it instead of allocating them (the same values), so a thread that
   * evaluates many places in turn allocates a few MB once instead of about 15 MB a place-year.
   * The returned columns are never among them.
   */
  scratch?: WeatherScratch;
}

const climateCache = new Map<string, PlaceClimate>();
/** Identity keys of the normals objects seen (the Node adapter caches one object per place). */
const normalsKeys = new WeakMap<ClimateNormals, number>();
let nextNormalsKey = 1;
/** The place's climate, cached (a few hundred places at most). */
function climateOf(q: WeatherQuery, seed: number): PlaceClimate {
  let normalsKey = 0;
  if (q.normals !== undefined) {
    normalsKey = normalsKeys.get(q.normals) ?? 0;
    if (normalsKey === 0) {
      normalsKey = nextNormalsKey++;
      normalsKeys.set(q.normals, normalsKey);
    }
  }
  const key = `${q.latitude},${q.longitude},${q.elevation ?? 0},${q.continentality ?? 0.5},${seed},${normalsKey}`;
  let c = climateCache.get(key);
  if (c === undefined) {
    if (climateCache.size > 512) climateCache.clear();
    c = placeClimate({
      latitude: q.latitude,
      longitude: q.longitude,
      elevation: q.elevation ?? 0,
      continentality: q.continentality ?? 0.5,
      seed,
      normals: q.normals,
    });
    climateCache.set(key, c);
  }
  return c;
}

/**
 * Spread (standard deviation) of the forecast error of the latent cloud state at a lead time:
 * small for the first hours (satellite nowcasting), growing through the first days as numerical
 * weather prediction loses skill, close to the climatological spread after two weeks.
 * @param leadSeconds forecast lead, s (<= 0 gives 0: the past is known)
 */
export function cloudForecastSpread(leadSeconds: number): number {
  if (!(leadSeconds > 0)) return 0;
  const h = leadSeconds / 3600;
  return 0.08 + 0.25 * (1 - Math.exp(-h / 3)) + 0.55 * (1 - Math.exp(-h / 72));
}

/** Standard deviation of the air temperature forecast error, K, at a lead time (s). */
export function temperatureForecastSpread(leadSeconds: number): number {
  if (!(leadSeconds > 0)) return 0;
  const h = leadSeconds / 3600;
  return 0.3 + 2.7 * (1 - Math.exp(-h / 96));
}

/** Standard deviation of the log wind-speed forecast error at a lead time (s). */
function windForecastSpread(leadSeconds: number): number {
  if (!(leadSeconds > 0)) return 0;
  const h = leadSeconds / 3600;
  return 0.05 + 0.35 * (1 - Math.exp(-h / 72));
}

/**
 * Parameters that need the full weather state; the others (irradiance, cloud, air temperature,
 * dew point, 10 m wind, snow) come from the lean state, whose columns are the same values.
 */
const FULL_STATE =
  /^(relativeHumidity|precipitableWater|pressure|windSpeed100m|windDirection|windGust|precipitationRate|snowfallRate|cape|pm|weatherType)/;

interface Need {
  /** the full weather state (else the lean one) */
  full: boolean;
  sky: boolean;
  gti: boolean;
  budget: boolean;
  snow: boolean;
  quantiles: boolean;
  wtype: boolean;
}

function needs(params: readonly WeatherColumnName[]): Need {
  const has = (re: RegExp): boolean => params.some((p) => re.test(p));
  const wtype = params.includes('weatherType');
  return {
    full: has(FULL_STATE),
    sky: has(/^(ghi|dni|dhi|gti|clearsky|solarZenith|solarAzimuth)/) || wtype,
    gti: has(/gti|Gti/),
    snow: has(/^(snow[A-Z]|albedo|gti|clearskyGti)/),
    budget: has(/^(snow[A-Z]|albedo|gti|clearskyGti|pm)/) || wtype,
    quantiles: has(/(10|90)$/),
    wtype,
  };
}

/** Mean of each period's m consecutive samples. */
function periodMean(x: Float64Array, m: number, n: number): Float64Array {
  const out = new Float64Array(n);
  const inv = 1 / m;
  for (let i = 0; i < n; i++) {
    let s = 0;
    const o = i * m;
    for (let j = 0; j < m; j++) s += x[o + j]!;
    out[i] = s * inv;
  }
  return out;
}

function periodExtreme(x: Float64Array, m: number, n: number, max: boolean): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const o = i * m;
    let v = x[o]!;
    for (let j = 1; j < m; j++) {
      const y = x[o + j]!;
      if (max ? y > v : y < v) v = y;
    }
    out[i] = v;
  }
  return out;
}

/** A column times a unit factor, in place. */
function scaled(x: Float64Array, factor: number): Float64Array {
  for (let i = 0; i < x.length; i++) x[i] = x[i]! * factor;
  return x;
}

/** Vector mean of directions (degrees), 0..360. */
function periodDirection(dir: Float64Array, speed: Float64Array, m: number, n: number): Float64Array {
  const out = new Float64Array(n);
  const D = Math.PI / 180;
  for (let i = 0; i < n; i++) {
    let u = 0;
    let v = 0;
    for (let j = 0; j < m; j++) {
      const k = i * m + j;
      u += speed[k]! * Math.sin(dir[k]! * D);
      v += speed[k]! * Math.cos(dir[k]! * D);
    }
    let a = Math.atan2(u, v) / D;
    if (a < 0) a += 360;
    out[i] = a;
  }
  return out;
}

/** A daily end-of-day value moved linearly through day j (fraction f). */
function withinDay(a: Float64Array, j: number, f: number): number {
  return a[j - 1]! + (a[j]! - a[j - 1]!) * f;
}

/** What the stages of one evaluation share. */
interface Run {
  q: WeatherQuery;
  climate: PlaceClimate;
  need: Need;
  want: Set<WeatherColumnName>;
  /** periods, samples per period, samples */
  n: number;
  m: number;
  N: number;
  /** the sample instants: m per period, at the middles of its equal parts, Unix s */
  times: Float64Array;
  elevation: number;
  /** station pressure, Pa */
  pressurePa: number;
  out: WeatherColumns;
  /** reusable working columns (options.scratch), or none */
  scratch: WeatherScratch | undefined;
}

/** The query with what the source's placeInfo knows filled in. */
function withPlaceInfo(query: WeatherQuery, options: SyntheticOptions): WeatherQuery {
  const q = query;
  if (
    options.placeInfo === undefined ||
    (q.elevation !== undefined && q.continentality !== undefined && q.normals !== undefined)
  )
    return q;
  const info = options.placeInfo(q.latitude, q.longitude);
  return {
    ...q,
    elevation: q.elevation ?? info.elevation,
    continentality: q.continentality ?? info.continentality,
    normals: q.normals ?? info.normals,
  };
}

/** Stage 1, the time lattice: m sample instants per period (see the module comment). */
function sampleTimes(q: WeatherQuery, m: number, scratch: WeatherScratch | undefined): Float64Array {
  const n = q.periodEnd.length;
  const step = q.periodSeconds / m;
  const times = scratch?.take(n * m) ?? new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    const start = q.periodEnd[i]! - q.periodSeconds;
    for (let j = 0; j < m; j++) times[i * m + j] = start + (j + 0.5) * step;
  }
  return times;
}

/**
 * Stage 2, the forecast perturbation: smooth error processes keyed by the issue time (5-minute
 * steps), scaled by the lead time of each sample; `spread` is the latent cloud error's.
 */
function forecastPerturbation(
  climate: PlaceClimate,
  times: Float64Array,
  issuedAt: number,
): { perturb: StatePerturbation; spread: Float64Array } {
  const N = times.length;
  const issueKey = Math.floor(issuedAt / BASE_STEP) + 1;
  const fSeed = forecastSeed(climate, issueKey);
  const site = noiseSite(climate);
  const ez = accumulateNoise(times, 6 * 3600, 1, fSeed, site, FORECAST_CHANNELS.cloud, new Float64Array(N));
  const et = accumulateNoise(times, 24 * 3600, 1, fSeed, site, FORECAST_CHANNELS.temperature, new Float64Array(N));
  const ew = accumulateNoise(times, 12 * 3600, 1, fSeed, site, FORECAST_CHANNELS.wind, new Float64Array(N));
  const spread = new Float64Array(N);
  for (let k = 0; k < N; k++) {
    const lead = times[k]! - issuedAt;
    const s = cloudForecastSpread(lead);
    spread[k] = s;
    ez[k] = s * ez[k]!;
    et[k] = temperatureForecastSpread(lead) * et[k]!;
    ew[k] = Math.exp(windForecastSpread(lead) * ew[k]!);
  }
  return { perturb: { latent: ez, airTemp: et, wind: ew }, spread };
}

/** The daily budget's columns at the samples. */
interface BudgetColumns {
  albedo: Float64Array;
  snowDepth: Float64Array;
  /** cm */
  snowWater: Float64Array;
  /** % */
  roofCover: Float64Array;
  groundCover: Float64Array;
  /** share of particulates left after rain washout */
  washout: Float64Array;
}

/**
 * Stage 3, the daily budget (snow, albedo, washout) at the samples: values within a day move
 * linearly from the end of the previous day to the end of this one.
 */
function budgetAtSamples(run: Run): BudgetColumns | undefined {
  const { times, N, climate } = run;
  if (!run.need.budget || N === 0) return undefined;
  let tmin = Infinity;
  let tmax = -Infinity;
  for (let k = 0; k < N; k++) {
    if (times[k]! < tmin) tmin = times[k]!;
    if (times[k]! > tmax) tmax = times[k]!;
  }
  const d0 = Math.floor(tmin / DAY) - 1;
  const d1 = Math.floor(tmax / DAY);
  const b = dailyBudget(climate, d0, d1, run.pressurePa / 100, run.need.snow);
  const c: BudgetColumns = {
    albedo: new Float64Array(N),
    snowDepth: new Float64Array(N),
    snowWater: new Float64Array(N),
    roofCover: new Float64Array(N),
    groundCover: new Float64Array(N),
    washout: new Float64Array(N),
  };
  for (let k = 0; k < N; k++) {
    const x = times[k]! / DAY;
    const d = Math.floor(x);
    const f = x - d;
    const j = d - d0; // this day; j - 1 the previous one
    c.albedo[k] = withinDay(b.albedo, j, f);
    c.snowDepth[k] = withinDay(b.snowDepth, j, f);
    c.snowWater[k] = withinDay(b.snowWater, j, f) / 10; // mm -> cm
    c.roofCover[k] = withinDay(b.rooftopCover, j, f) * 100;
    c.groundCover[k] = withinDay(b.groundCover, j, f) * 100;
    // Rain of the last day or so scavenges particles (below-cloud washout).
    const recent = b.precipitation[j - 1]! * (1 - f) + b.precipitation[j]! * f;
    c.washout[k] = Math.exp(-0.15 * recent);
  }
  return c;
}

/** The all-sky irradiance of the samples (stage 4), for the quantiles. */
interface SkyState {
  sky: SkyColumns;
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  albedo: Float64Array;
  plane: QueryPlane;
}

/** Stage 4, the sky: clear sky and all-sky irradiance at the samples, their period means out. */
function skyOutputs(run: Run, st: WeatherState, albedo: Float64Array | undefined): SkyState | undefined {
  if (!run.need.sky) return undefined;
  const { want, out, climate, times, q } = run;
  const mean = (x: Float64Array): Float64Array => periodMean(x, run.m, run.n);
  const albedoCol = albedo ?? (run.scratch?.take(run.N) ?? new Float64Array(run.N)).fill(climate.groundAlbedo);
  const plane = queryPlane(q);
  const tAnnual = climate.temperature.reduce((s, v) => s + v, 0) / climate.temperature.length;
  const sky = skyAtInstants(times, q.latitude, q.longitude, run.elevation, run.pressurePa, tAnnual, run.scratch);
  const { ghi, dni, dhi } = allSky(times, sky, st.clearSkyIndex, run.scratch);
  if (want.has('ghi')) out.ghi = mean(ghi);
  if (want.has('dni')) out.dni = mean(dni);
  if (want.has('dhi')) out.dhi = mean(dhi);
  if (want.has('clearskyGhi')) out.clearskyGhi = mean(sky.clearskyGhi);
  if (want.has('clearskyDni')) out.clearskyDni = mean(sky.clearskyDni);
  if (want.has('clearskyDhi')) out.clearskyDhi = mean(sky.clearskyDhi);
  if (want.has('gti')) out.gti = mean(tiltedIrradiance(sky, ghi, dni, dhi, albedoCol, plane));
  if (want.has('clearskyGti'))
    out.clearskyGti = mean(tiltedIrradiance(sky, sky.clearskyGhi, sky.clearskyDni, sky.clearskyDhi, albedoCol, plane));
  return { sky, ghi, dni, dhi, albedo: albedoCol, plane };
}

/**
 * The sun's position at the period middles: `solarZenith` and `solarAzimuth` out when asked for,
 * and the zenith returned (weatherType needs it to tell night from day).
 */
function periodPosition(run: Run): Float64Array | undefined {
  const { want, out, q, n } = run;
  if (!want.has('solarZenith') && !want.has('solarAzimuth') && !run.need.wtype) return undefined;
  const mid = new Float64Array(n);
  for (let i = 0; i < n; i++) mid[i] = q.periodEnd[i]! - q.periodSeconds / 2;
  const pos = skyAtInstants(mid, q.latitude, q.longitude, run.elevation, run.pressurePa, 12);
  if (want.has('solarZenith')) out.solarZenith = pos.zenith;
  if (want.has('solarAzimuth')) out.solarAzimuth = pos.azimuth;
  return pos.zenith;
}

/**
 * Stage 5, the forecast quantiles: the cloud state shifted by +-1.28 spread (P10 of irradiance is
 * the cloudier side), with the same sub-period noise, then ordered around the P50.
 */
function quantileOutputs(
  run: Run,
  st: WeatherState,
  spread: Float64Array,
  sky: SkyState,
  opacityPct: Float64Array,
): void {
  const { climate, times, N, n, want, out } = run;
  const mean = (x: Float64Array): Float64Array => periodMean(x, run.m, run.n);
  const side = cloudSideNoise(climate, times);
  const quant = (
    sign: number,
  ): { o: Float64Array; g: Float64Array; b: Float64Array; d: Float64Array; t?: Float64Array } => {
    const lat = new Float64Array(N);
    for (let k = 0; k < N; k++) lat[k] = st.latent[k]! + sign * Z90 * spread[k]!;
    const o = new Float64Array(N);
    const kc = new Float64Array(N);
    cloudColumns(climate, times, lat, side.aerosol, side.enhancement, o, kc);
    for (let k = 0; k < N; k++) o[k] = 100 * o[k]!;
    const a = allSky(times, sky.sky, kc);
    const t = run.need.gti ? tiltedIrradiance(sky.sky, a.ghi, a.dni, a.dhi, sky.albedo, sky.plane) : undefined;
    return { o, g: a.ghi, b: a.dni, d: a.dhi, t };
  };
  const cloudy = quant(1);
  const clear = quant(-1);
  const order = (
    names: [NumericWeatherColumnName, NumericWeatherColumnName],
    lo: Float64Array,
    hi: Float64Array,
    mid: Float64Array,
  ): void => {
    const a = mean(lo);
    const b = mean(hi);
    const c = mean(mid);
    const p10 = new Float64Array(n);
    const p90 = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      p10[i] = Math.min(a[i]!, b[i]!, c[i]!);
      p90[i] = Math.max(a[i]!, b[i]!, c[i]!);
    }
    if (want.has(names[0])) out[names[0]] = p10;
    if (want.has(names[1])) out[names[1]] = p90;
  };
  order(['cloudOpacity10', 'cloudOpacity90'], clear.o, cloudy.o, opacityPct);
  order(['ghi10', 'ghi90'], cloudy.g, clear.g, sky.ghi);
  order(['dni10', 'dni90'], cloudy.b, clear.b, sky.dni);
  order(['dhi10', 'dhi90'], cloudy.d, clear.d, sky.dhi);
  if (run.need.gti && cloudy.t && clear.t) {
    const gtiMid = tiltedIrradiance(sky.sky, sky.ghi, sky.dni, sky.dhi, sky.albedo, sky.plane);
    order(['gti10', 'gti90'], cloudy.t, clear.t, gtiMid);
  }
}

/**
 * Stage 6, the state's outputs: period means (extremes for min/max temperature and gusts, vector
 * means for directions) of the weather state and the daily budget, and weatherType from them.
 */
function stateOutputs(
  run: Run,
  st: WeatherState,
  budget: BudgetColumns | undefined,
  opacityPct: Float64Array,
  zenith: Float64Array | undefined,
): void {
  const { want, out, m, n, N, climate } = run;
  const mean = (x: Float64Array): Float64Array => periodMean(x, m, n);
  const airTemp = mean(st.airTemp);
  if (want.has('airTemp')) out.airTemp = airTemp;
  if (want.has('minAirTemp')) out.minAirTemp = periodExtreme(st.airTemp, m, n, false);
  if (want.has('maxAirTemp')) out.maxAirTemp = periodExtreme(st.airTemp, m, n, true);
  const dew = mean(st.dewPoint);
  if (want.has('dewPoint')) out.dewPoint = dew;
  // Columns of the full state only (empty in the lean one).
  const full = run.need.full;
  const rh = full ? mean(st.relativeHumidity) : undefined;
  if (rh && want.has('relativeHumidity')) out.relativeHumidity = rh;
  // The state's kg/m2 and hPa to pvlib's cm and Pa.
  if (full && want.has('precipitableWater')) out.precipitableWater = scaled(mean(st.precipitableWater), 0.1);
  if (full && want.has('pressure')) out.pressure = scaled(mean(st.pressure), 100);
  const w10 = mean(st.wind10);
  if (want.has('windSpeed')) out.windSpeed = w10;
  if (full && want.has('windSpeed100m')) out.windSpeed100m = mean(st.wind100);
  if (full && want.has('windDirection')) out.windDirection = periodDirection(st.direction10, st.wind10, m, n);
  if (full && want.has('windDirection100m')) out.windDirection100m = periodDirection(st.direction100, st.wind100, m, n);
  const gust = full ? periodExtreme(st.gust, m, n, true) : undefined;
  if (gust && want.has('windGust')) out.windGust = gust;
  const precip = full ? mean(st.precipitation) : undefined;
  if (precip && want.has('precipitationRate')) out.precipitationRate = precip;
  let snowfall: Float64Array | undefined;
  if (full) {
    const snowfallK = new Float64Array(N);
    for (let k = 0; k < N; k++) snowfallK[k] = st.precipitation[k]! * st.snowShare[k]!; // 10:1 -> cm/h
    snowfall = mean(snowfallK);
    if (want.has('snowfallRate')) out.snowfallRate = snowfall;
  }
  const cape = full ? mean(st.cape) : undefined;
  if (cape && want.has('cape')) out.cape = cape;
  if (budget && want.has('albedo')) out.albedo = mean(budget.albedo);
  if (budget && want.has('snowDepth')) out.snowDepth = mean(budget.snowDepth);
  if (budget && want.has('snowWaterEquivalent')) out.snowWaterEquivalent = mean(budget.snowWater);
  if (budget && want.has('snowSoilingRooftop')) out.snowSoilingRooftop = mean(budget.roofCover);
  if (budget && want.has('snowSoilingGround')) out.snowSoilingGround = mean(budget.groundCover);
  let pm10: Float64Array | undefined;
  let pm25: Float64Array | undefined;
  if (budget && full) {
    const p10k = new Float64Array(N);
    for (let k = 0; k < N; k++) p10k[k] = st.pm10[k]! * budget.washout[k]!;
    pm10 = mean(p10k);
    pm25 = new Float64Array(n);
    for (let i = 0; i < n; i++) pm25[i] = pm10[i]! * climate.pm25Share;
    if (want.has('pm10')) out.pm10 = pm10;
    if (want.has('pm25')) out.pm25 = pm25;
  }
  if (run.need.wtype && zenith !== undefined) {
    const opacity = mean(opacityPct);
    const labels: WeatherType[] = new Array(n);
    const x: WeatherTypeInput = {
      cloudOpacity: 0,
      solarZenith: 0,
      precipitationRate: 0,
      snowfallRate: 0,
      airTemp: 0,
      dewPoint: 0,
      relativeHumidity: 0,
      windSpeed: 0,
      windGust: 0,
      cape: 0,
      pm25: 0,
      pm10: 0,
    };
    for (let i = 0; i < n; i++) {
      x.cloudOpacity = opacity[i]!;
      x.solarZenith = zenith[i]!;
      x.precipitationRate = precip![i]!;
      x.snowfallRate = snowfall![i]!;
      x.airTemp = airTemp[i]!;
      x.dewPoint = dew[i]!;
      x.relativeHumidity = rh![i]!;
      x.windSpeed = w10[i]!;
      x.windGust = gust![i]!;
      x.cape = cape![i]!;
      x.pm25 = pm25 ? pm25[i]! : 0;
      x.pm10 = pm10 ? pm10[i]! : 0;
      labels[i] = weatherType(x);
    }
    out.weatherType = labels;
  }
}

/**
 * Evaluates the synthetic weather for a query; `issuedAt` set makes it a forecast. The stages:
 * time lattice, forecast perturbation, weather state, daily budget, sky, sun position, quantiles,
 * the state's outputs.
 */
function evaluate(query: WeatherQuery, options: SyntheticOptions, issuedAt: number | undefined): WeatherColumns {
  const q = withPlaceInfo(query, options);
  const climate = climateOf(q, q.seed ?? options.seed ?? 0);
  const n = q.periodEnd.length;
  const m = Math.max(1, options.samplesPerPeriod ?? Math.round(q.periodSeconds / BASE_STEP));
  // The scratch columns of the previous evaluation are free again: none of them is an output.
  const scratch = options.scratch;
  scratch?.reset();
  const times = sampleTimes(q, m, scratch);
  const elevation = q.elevation ?? 0;
  const need = needs(q.parameters);
  const run: Run = {
    q,
    climate,
    need,
    want: new Set(q.parameters),
    n,
    m,
    N: n * m,
    times,
    elevation,
    pressurePa: stationPressure(elevation),
    out: {},
    scratch,
  };

  const forecast = issuedAt !== undefined ? forecastPerturbation(climate, times, issuedAt) : undefined;
  const st = weatherState(climate, times, run.pressurePa / 100, {
    ...forecast?.perturb,
    lean: !need.full,
    ...(scratch !== undefined ? { scratch } : {}),
  });
  const budget = budgetAtSamples(run);
  const sky = skyOutputs(run, st, budget?.albedo);
  const zenith = periodPosition(run);
  const opacityPct = scratch?.take(run.N) ?? new Float64Array(run.N);
  for (let k = 0; k < run.N; k++) opacityPct[k] = 100 * st.opacity[k]!;
  if (run.want.has('cloudOpacity')) run.out.cloudOpacity = periodMean(opacityPct, m, n);
  if (need.quantiles && forecast !== undefined && sky !== undefined)
    quantileOutputs(run, st, forecast.spread, sky, opacityPct);
  stateOutputs(run, st, budget, opacityPct, zenith);
  return run.out;
}

/**
 * The synthetic weather source (see docs/weather.md): cloud state first, then everything else;
 * deterministic in (place, time, seed); forecasts are the actuals plus an error growing with lead
 * time, with P10/P90. Each query is checked once (place, times in Unix seconds, column names
 * among ACTUAL_COLUMNS or FORECAST_COLUMNS): an unknown name is a RangeError, not `{}`.
 * @example
 * const periodEnd = Float64Array.from({ length: 24 }, (_, i) => Date.UTC(2024, 5, 21, i + 1) / 1000);
 * const day = syntheticSource({ seed: 7 }).actuals({ latitude: 52.37, longitude: 4.9, periodEnd, periodSeconds: 3600, parameters: ['ghi', 'airTemp'] });
 * Object.keys(day); // => ['ghi', 'airTemp']
 * day.ghi![1]; // => 0
 */
export function syntheticSource(options: SyntheticOptions = {}): WeatherSource {
  return {
    name: 'synthetic',
    actuals(q: WeatherQuery) {
      checkWeatherQuery('syntheticSource().actuals', q, ACTUAL_COLUMNS);
      return evaluate(q, options, undefined);
    },
    forecast(q: ForecastQuery) {
      checkWeatherQuery('syntheticSource().forecast', q, FORECAST_COLUMNS, true);
      return evaluate(q, options, q.issuedAt);
    },
  };
}

/** Options of {@link defaultWeatherSource}. */
export interface DefaultSourceOptions {
  /**
   * the measured climate's grids (the Node adapter's `climateGrids()` reads them from the data
   * directory); every place then takes its measured normals
   */
  grids?: ClimateGrids;
  /**
   * elevation (m), continentality (0..1) and the land-sea facts of a place when the host knows
   * them (src/node `placeInfo` reads the global elevation grid); takes precedence over `grids`
   */
  placeInfo?: SyntheticOptions['placeInfo'];
  /** reusable working columns, as {@link SyntheticOptions.scratch} (the same values) */
  scratch?: WeatherScratch;
}

/** Places whose grid-only facts are kept by one default source. */
const GRID_PLACE_CACHE = 256;

/**
 * The place facts the grids alone give: the site's elevation is the temperature grid's cell-mean
 * surface interpolated bilinearly (a query's own elevation takes precedence in the model, but the
 * normals are those of this height), continentality 0.5 and no land-sea correction (land share 1).
 */
function gridPlaceInfo(grids: ClimateGrids): NonNullable<SyntheticOptions['placeInfo']> {
  const cache = new Map<string, { elevation: number; continentality: number; normals: ClimateNormals }>();
  return (latitude, longitude) => {
    const key = `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
    let info = cache.get(key);
    if (info === undefined) {
      const elevation = gridSurfaceElevation(grids, latitude, longitude);
      const continentality = 0.5;
      info = {
        elevation,
        continentality,
        normals: climateNormalsAt(grids, { latitude, longitude, elevation, continentality }),
      };
      if (cache.size >= GRID_PLACE_CACHE) cache.delete(cache.keys().next().value!);
      cache.set(key, info);
    }
    return info;
  };
}

/**
 * The default source: the synthetic model. With the measured climate's grids (or a host's
 * `placeInfo`, which also knows elevation and coasts) every place takes its measured normals
 * (docs/weather.md, "Climate of a place"); without them, the general rules of climate.ts. The
 * server passes src/node's `placeInfo`; a library user on Node gets the same with
 * `defaultWeatherSource({ placeInfo })` from `solarkit/node`.
 * @example
 * const noon = Float64Array.of(Date.UTC(2024, 5, 21, 12) / 1000);
 * const rules = defaultWeatherSource().actuals({ latitude: 52.37, longitude: 4.9, periodEnd: noon, periodSeconds: 3600, parameters: ['clearskyGhi'] });
 * rules.clearskyGhi![0]; // about 855
 * // Mumbai's monsoon from the measured climate (climateGrids from solarkit/node): July 2024's rain, mm
 * const periodEnd = Float64Array.from({ length: 24 * 31 }, (_, i) => Date.UTC(2024, 6, 1) / 1000 + (i + 1) * 3600);
 * const w = defaultWeatherSource({ grids: climateGrids() }).actuals({ latitude: 19.08, longitude: 72.88, periodEnd, periodSeconds: 3600, parameters: ['precipitationRate'] });
 * w.precipitationRate!.reduce((a, b) => a + b, 0); // about 395
 */
export function defaultWeatherSource(options: DefaultSourceOptions = {}): WeatherSource {
  const scratch = options.scratch !== undefined ? { scratch: options.scratch } : {};
  if (options.placeInfo !== undefined) return syntheticSource({ placeInfo: options.placeInfo, ...scratch });
  if (options.grids !== undefined) return syntheticSource({ placeInfo: gridPlaceInfo(options.grids), ...scratch });
  return syntheticSource(scratch);
}
