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
import type { ClimateNormals } from './normals.js';
import { type WeatherTypeInput, weatherType } from './parameters.js';
import { type PlaneOfArray, type SkyColumns, allSky, skyAtInstants, stationPressure, tiltedIrradiance } from './sky.js';
import { dailyBudget } from './snow.js';
import type { ForecastQuery, WeatherColumns, WeatherQuery, WeatherSource } from './source.js';
import { FORECAST_CHANNELS, type StatePerturbation, cloudColumns, cloudSideNoise, forecastSeed, noiseSite, weatherState } from './state.js';

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
  placeInfo?: (latitude: number, longitude: number) => { elevation?: number; continentality?: number; normals?: ClimateNormals };
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
    c = placeClimate({ latitude: q.latitude, longitude: q.longitude, elevation: q.elevation ?? 0, continentality: q.continentality ?? 0.5, seed, normals: q.normals });
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
const FULL_STATE = /^(relative_humidity|precipitable_water|surface_pressure|wind_speed_100m|wind_direction|wind_gust|precipitation_rate|snowfall_rate|cape|pm|weather_type)/;

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

function needs(params: readonly string[]): Need {
  const has = (re: RegExp): boolean => params.some((p) => re.test(p));
  const wtype = params.includes('weather_type');
  return {
    full: has(FULL_STATE),
    sky: has(/^(ghi|dni|dhi|gti|clearsky_|zenith|azimuth)/) || wtype,
    gti: has(/gti/),
    snow: has(/^(snow_|albedo|gti|clearsky_gti)/),
    budget: has(/^(snow_|albedo|gti|clearsky_gti|pm)/) || wtype,
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

/** The plane of a query with its defaults. */
function planeOf(q: WeatherQuery): PlaneOfArray {
  return {
    tilt: q.tilt ?? Math.min(90, Math.abs(q.latitude)),
    azimuth: q.azimuth ?? (q.latitude >= 0 ? 180 : 0),
    arrayType: q.arrayType ?? 'fixed',
  };
}

/**
 * Evaluates the synthetic weather for a query; `issuedAt` set makes it a forecast.
 */
function evaluate(query: WeatherQuery, options: SyntheticOptions, issuedAt: number | undefined): WeatherColumns {
  let q = query;
  if (options.placeInfo !== undefined && (q.elevation === undefined || q.continentality === undefined || q.normals === undefined)) {
    const info = options.placeInfo(q.latitude, q.longitude);
    q = { ...q, elevation: q.elevation ?? info.elevation, continentality: q.continentality ?? info.continentality, normals: q.normals ?? info.normals };
  }
  const seed = q.seed ?? options.seed ?? 0;
  const climate = climateOf(q, seed);
  const n = q.periodEnd.length;
  const P = q.periodSeconds;
  const m = Math.max(1, options.samplesPerPeriod ?? Math.round(P / BASE_STEP));
  const step = P / m;
  const N = n * m;
  const times = new Float64Array(N);
  for (let i = 0; i < n; i++) {
    const start = q.periodEnd[i]! - P;
    for (let j = 0; j < m; j++) times[i * m + j] = start + (j + 0.5) * step;
  }
  const need = needs(q.parameters);
  const elevation = q.elevation ?? 0;
  const pressurePa = stationPressure(elevation);
  const basePressure = pressurePa / 100;

  // Forecast perturbations: smooth error processes keyed by the issue time (5-minute steps),
  // scaled by the lead time of each sub-period.
  let perturb: StatePerturbation = {};
  let spread: Float64Array | undefined;
  if (issuedAt !== undefined) {
    const issueKey = Math.floor(issuedAt / BASE_STEP) + 1;
    const fSeed = forecastSeed(climate, issueKey);
    const site = noiseSite(climate);
    const ez = accumulateNoise(times, 6 * 3600, 1, fSeed, site, FORECAST_CHANNELS.cloud, new Float64Array(N));
    const et = accumulateNoise(times, 24 * 3600, 1, fSeed, site, FORECAST_CHANNELS.temperature, new Float64Array(N));
    const ew = accumulateNoise(times, 12 * 3600, 1, fSeed, site, FORECAST_CHANNELS.wind, new Float64Array(N));
    spread = new Float64Array(N);
    for (let k = 0; k < N; k++) {
      const lead = times[k]! - issuedAt;
      const s = cloudForecastSpread(lead);
      spread[k] = s;
      ez[k] = s * ez[k]!;
      et[k] = temperatureForecastSpread(lead) * et[k]!;
      ew[k] = Math.exp(windForecastSpread(lead) * ew[k]!);
    }
    perturb = { latent: ez, airTemp: et, wind: ew };
  }
  perturb.lean = !need.full;
  const st = weatherState(climate, times, basePressure, perturb);

  // Daily budget: snow, albedo, washout. Values within a day move linearly from the end of the
  // previous day to the end of this one.
  let albedo: Float64Array | undefined;
  let snowDepth: Float64Array | undefined;
  let snowWater: Float64Array | undefined;
  let roofCover: Float64Array | undefined;
  let groundCover: Float64Array | undefined;
  let washout: Float64Array | undefined;
  if (need.budget && N > 0) {
    let tmin = Infinity;
    let tmax = -Infinity;
    for (let k = 0; k < N; k++) {
      if (times[k]! < tmin) tmin = times[k]!;
      if (times[k]! > tmax) tmax = times[k]!;
    }
    const d0 = Math.floor(tmin / DAY) - 1;
    const d1 = Math.floor(tmax / DAY);
    const b = dailyBudget(climate, d0, d1, basePressure, need.snow);
    albedo = new Float64Array(N);
    snowDepth = new Float64Array(N);
    snowWater = new Float64Array(N);
    roofCover = new Float64Array(N);
    groundCover = new Float64Array(N);
    washout = new Float64Array(N);
    for (let k = 0; k < N; k++) {
      const x = times[k]! / DAY;
      const d = Math.floor(x);
      const f = x - d;
      const j = d - d0; // this day; j - 1 the previous one
      albedo[k] = withinDay(b.albedo, j, f);
      snowDepth[k] = withinDay(b.snowDepth, j, f);
      snowWater[k] = withinDay(b.snowWater, j, f) / 10; // mm -> cm
      roofCover[k] = withinDay(b.rooftopCover, j, f) * 100;
      groundCover[k] = withinDay(b.groundCover, j, f) * 100;
      // Rain of the last day or so scavenges particles (below-cloud washout).
      const recent = b.precipitation[j - 1]! * (1 - f) + b.precipitation[j]! * f;
      washout[k] = Math.exp(-0.15 * recent);
    }
  }

  const want = new Set(q.parameters);
  const out: WeatherColumns = {};
  const mean = (x: Float64Array): Float64Array => periodMean(x, m, n);

  let sky: SkyColumns | undefined;
  let ghi: Float64Array | undefined;
  let dni: Float64Array | undefined;
  let dhi: Float64Array | undefined;
  const plane = planeOf(q);
  const albedoCol = albedo ?? new Float64Array(N).fill(climate.groundAlbedo);
  if (need.sky) {
    const tAnnual = climate.temperature.reduce((s, v) => s + v, 0) / climate.temperature.length;
    sky = skyAtInstants(times, q.latitude, q.longitude, elevation, pressurePa, tAnnual);
    ({ ghi, dni, dhi } = allSky(times, sky, st.clearSkyIndex));
    if (want.has('ghi')) out.ghi = mean(ghi);
    if (want.has('dni')) out.dni = mean(dni);
    if (want.has('dhi')) out.dhi = mean(dhi);
    if (want.has('clearsky_ghi')) out.clearsky_ghi = mean(sky.clearskyGhi);
    if (want.has('clearsky_dni')) out.clearsky_dni = mean(sky.clearskyDni);
    if (want.has('clearsky_dhi')) out.clearsky_dhi = mean(sky.clearskyDhi);
    if (want.has('gti')) out.gti = mean(tiltedIrradiance(sky, ghi, dni, dhi, albedoCol, plane));
    if (want.has('clearsky_gti')) out.clearsky_gti = mean(tiltedIrradiance(sky, sky.clearskyGhi, sky.clearskyDni, sky.clearskyDhi, albedoCol, plane));
  }
  // The zenith at the period middles, for the output and for weather_type (night or day).
  let periodZenith: Float64Array | undefined;
  if (want.has('zenith') || want.has('azimuth') || need.wtype) {
    const mid = new Float64Array(n);
    for (let i = 0; i < n; i++) mid[i] = q.periodEnd[i]! - P / 2;
    const pos = skyAtInstants(mid, q.latitude, q.longitude, elevation, pressurePa, 12);
    if (want.has('zenith')) out.zenith = pos.zenith;
    if (want.has('azimuth')) {
      const az = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        let a = -pos.azimuth[i]!;
        if (a < -180) a += 360;
        az[i] = a;
      }
      out.azimuth = az;
    }
    periodZenith = pos.zenith;
  }

  const opacityPct = new Float64Array(N);
  for (let k = 0; k < N; k++) opacityPct[k] = 100 * st.opacity[k]!;
  if (want.has('cloud_opacity')) out.cloud_opacity = mean(opacityPct);

  // Forecast quantiles: the cloud state shifted by +-1.28 spread (P10 of irradiance is the
  // cloudier side), with the same sub-period noise, then ordered around the P50.
  if (need.quantiles && spread !== undefined && sky !== undefined && ghi !== undefined && dni !== undefined && dhi !== undefined) {
    const side = cloudSideNoise(climate, times);
    const quant = (sign: number): { o: Float64Array; g: Float64Array; b: Float64Array; d: Float64Array; t?: Float64Array } => {
      const lat = new Float64Array(N);
      for (let k = 0; k < N; k++) lat[k] = st.latent[k]! + sign * Z90 * spread![k]!;
      const o = new Float64Array(N);
      const kc = new Float64Array(N);
      cloudColumns(climate, times, lat, side.aerosol, side.enhancement, o, kc);
      for (let k = 0; k < N; k++) o[k] = 100 * o[k]!;
      const a = allSky(times, sky!, kc);
      const t = need.gti ? tiltedIrradiance(sky!, a.ghi, a.dni, a.dhi, albedoCol, plane) : undefined;
      return { o, g: a.ghi, b: a.dni, d: a.dhi, t };
    };
    const cloudy = quant(1);
    const clear = quant(-1);
    const order = (name: string, lo: Float64Array, hi: Float64Array, mid: Float64Array): void => {
      const a = mean(lo);
      const b = mean(hi);
      const c = mean(mid);
      const p10 = new Float64Array(n);
      const p90 = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        p10[i] = Math.min(a[i]!, b[i]!, c[i]!);
        p90[i] = Math.max(a[i]!, b[i]!, c[i]!);
      }
      if (want.has(`${name}10`)) out[`${name}10`] = p10;
      if (want.has(`${name}90`)) out[`${name}90`] = p90;
    };
    order('cloud_opacity', clear.o, cloudy.o, opacityPct);
    order('ghi', cloudy.g, clear.g, ghi);
    order('dni', cloudy.b, clear.b, dni);
    order('dhi', cloudy.d, clear.d, dhi);
    if (need.gti && cloudy.t && clear.t) {
      const gtiMid = tiltedIrradiance(sky, ghi, dni, dhi, albedoCol, plane);
      order('gti', cloudy.t, clear.t, gtiMid);
    }
  }

  const airTemp = mean(st.airTemp);
  if (want.has('air_temp')) out.air_temp = airTemp;
  if (want.has('min_air_temp')) out.min_air_temp = periodExtreme(st.airTemp, m, n, false);
  if (want.has('max_air_temp')) out.max_air_temp = periodExtreme(st.airTemp, m, n, true);
  const dew = mean(st.dewPoint);
  if (want.has('dewpoint_temp')) out.dewpoint_temp = dew;
  // Columns of the full state only (empty in the lean one).
  const full = need.full;
  const rh = full ? mean(st.relativeHumidity) : undefined;
  if (rh && want.has('relative_humidity')) out.relative_humidity = rh;
  if (full && want.has('precipitable_water')) out.precipitable_water = mean(st.precipitableWater);
  if (full && want.has('surface_pressure')) out.surface_pressure = mean(st.pressure);
  const w10 = mean(st.wind10);
  if (want.has('wind_speed_10m')) out.wind_speed_10m = w10;
  if (full && want.has('wind_speed_100m')) out.wind_speed_100m = mean(st.wind100);
  if (full && want.has('wind_direction_10m')) out.wind_direction_10m = periodDirection(st.direction10, st.wind10, m, n);
  if (full && want.has('wind_direction_100m')) out.wind_direction_100m = periodDirection(st.direction100, st.wind100, m, n);
  const gust = full ? periodExtreme(st.gust, m, n, true) : undefined;
  if (gust && want.has('wind_gust')) out.wind_gust = gust;
  const precip = full ? mean(st.precipitation) : undefined;
  if (precip && want.has('precipitation_rate')) out.precipitation_rate = precip;
  let snowfall: Float64Array | undefined;
  if (full) {
    const snowfallK = new Float64Array(N);
    for (let k = 0; k < N; k++) snowfallK[k] = st.precipitation[k]! * st.snowShare[k]!; // 10:1 -> cm/h
    snowfall = mean(snowfallK);
    if (want.has('snowfall_rate')) out.snowfall_rate = snowfall;
  }
  const cape = full ? mean(st.cape) : undefined;
  if (cape && want.has('cape')) out.cape = cape;
  if (albedo && want.has('albedo')) out.albedo = mean(albedo);
  if (snowDepth && want.has('snow_depth')) out.snow_depth = mean(snowDepth);
  if (snowWater && want.has('snow_water_equivalent')) out.snow_water_equivalent = mean(snowWater);
  if (roofCover && want.has('snow_soiling_rooftop')) out.snow_soiling_rooftop = mean(roofCover);
  if (groundCover && want.has('snow_soiling_ground')) out.snow_soiling_ground = mean(groundCover);
  let pm10: Float64Array | undefined;
  let pm25: Float64Array | undefined;
  if (washout && full) {
    const p10k = new Float64Array(N);
    for (let k = 0; k < N; k++) p10k[k] = st.pm10[k]! * washout[k]!;
    pm10 = mean(p10k);
    pm25 = new Float64Array(n);
    for (let i = 0; i < n; i++) pm25[i] = pm10[i]! * climate.pm25Share;
    if (want.has('pm10')) out.pm10 = pm10;
    if (want.has('pm2.5')) out['pm2.5'] = pm25;
  }
  if (need.wtype) {
    const zen = periodZenith!;
    const opacity = mean(opacityPct);
    const labels: string[] = new Array(n);
    const x: WeatherTypeInput = { cloudOpacity: 0, zenith: 0, precipitation: 0, snowfall: 0, airTemp: 0, dewPoint: 0, relativeHumidity: 0, windSpeed: 0, gust: 0, cape: 0, pm25: 0, pm10: 0 };
    for (let i = 0; i < n; i++) {
      x.cloudOpacity = opacity[i]!;
      x.zenith = zen[i]!;
      x.precipitation = precip![i]!;
      x.snowfall = snowfall![i]!;
      x.airTemp = airTemp[i]!;
      x.dewPoint = dew[i]!;
      x.relativeHumidity = rh![i]!;
      x.windSpeed = w10[i]!;
      x.gust = gust![i]!;
      x.cape = cape![i]!;
      x.pm25 = pm25 ? pm25[i]! : 0;
      x.pm10 = pm10 ? pm10[i]! : 0;
      labels[i] = weatherType(x);
    }
    out.weather_type = labels;
  }
  return out;
}

/**
 * The synthetic weather source (see docs/weather.md): cloud state first, then everything else;
 * deterministic in (place, time, seed); forecasts are the actuals plus an error growing with lead
 * time, with P10/P90.
 */
export function syntheticSource(options: SyntheticOptions = {}): WeatherSource {
  return {
    name: 'synthetic',
    actuals(q: WeatherQuery) {
      return evaluate(q, options, undefined);
    },
    forecast(q: ForecastQuery) {
      return evaluate(q, options, q.issuedAt);
    },
  };
}

/** The server's default source: the synthetic model. */
export function defaultWeatherSource(): WeatherSource {
  return syntheticSource();
}
