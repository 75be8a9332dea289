/**
 * The synthetic weather state at instants: cloud first, then temperature, humidity, pressure,
 * wind, precipitation, convection. Every column is a pure function of (place, time, seed): the
 * stochastic parts are octaves of counter-based value noise on absolute time lattices
 * (noise.ts), so an instant gets the same state whatever window it is computed in.
 */
import type { WeatherScratch } from './scratch.js';
import {
  type PlaceClimate,
  SEASON_STEPS as SEASON_STEPS_IMPORTED,
  seasonIndex as seasonIndexImported,
} from './climate.js';
import { type NoiseSite, accumulateNoise, accumulateOctaves, hash4, normalCdf as normalCdfImported } from './noise.js';
import { releaseScratch, scratchColumn, scratchMark } from '../util/scratch.js';
import { checkFinite, checkObject, checkTimes } from '../util/validate.js';

// Module-local aliases: hot loops then call plain functions, not live-binding accessors (which
// is what some ESM-to-CJS transforms, as used by tsx and vitest, make of imports).
const SEASON_STEPS = SEASON_STEPS_IMPORTED;
const seasonIndex = seasonIndexImported;
const normalCdf = normalCdfImported;

/** Standard normal CDF tabulated on [-8, 8] every 1/128 and interpolated linearly (error < 3e-6). */
const CDF_STEP = 1 / 128;
const CDF_TABLE: Float64Array = (() => {
  const n = Math.round(16 / CDF_STEP) + 1;
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) t[i] = normalCdf(-8 + i * CDF_STEP);
  return t;
})();
const CDF_LAST = CDF_TABLE.length - 1;

function normalCdfFast(x: number): number {
  const f = (x + 8) * 128;
  if (!(f > 0)) return 0;
  if (f >= CDF_LAST) return 1;
  const i = f | 0;
  return CDF_TABLE[i]! + (CDF_TABLE[i + 1]! - CDF_TABLE[i]!) * (f - i);
}

/** Noise channels: one independent stream per quantity. */
const enum Channel {
  Cloud = 1,
  Aerosol = 2,
  Enhancement = 3,
  Temperature = 4,
  Dew = 5,
  Wind = 6,
  Direction = 7,
  Precipitation = 8,
  Pressure = 9,
  Convection = 10,
  Particulates = 11,
  Gust = 12,
  ForecastCloud = 20,
  ForecastTemperature = 21,
  ForecastWind = 22,
}

/** An empty column (the side noises of a state without its cloud columns). */
const NO_VALUES = new Float64Array(0);
const HOUR = 3600;
const DAY = 86400;
/** Slots of the day in weatherState's cache of the daily cycle (one per 5 minutes). */
const HOUR_SLOTS = 288;

/**
 * Octaves of the latent cloud process, [spacing s, weight]: synoptic systems (days), mesoscale
 * (hours) and convective/broken cloud (tens of minutes). Weights have unit sum of squares, so
 * the latent state is close to standard normal; the slow part (first three) sets the day's
 * cloudiness for the temperature range and pressure.
 */
const CLOUD_OCTAVES = [4 * DAY, 0.45, 1.5 * DAY, 0.5, 12 * HOUR, 0.45, 4 * HOUR, 0.4, 1 * HOUR, 0.35, 20 * 60, 0.25];
const CLOUD_SLOW_OCTAVES = 3;
/** [spacing, weight, channel] of the slow and the fast cloud octaves, for accumulateOctaves. */
const CLOUD_SLOW_PASS: number[] = [];
const CLOUD_FAST_PASS: number[] = [];
for (let o = 0; o < CLOUD_OCTAVES.length / 2; o++) {
  (o < CLOUD_SLOW_OCTAVES ? CLOUD_SLOW_PASS : CLOUD_FAST_PASS).push(
    CLOUD_OCTAVES[2 * o]!,
    CLOUD_OCTAVES[2 * o + 1]!,
    Channel.Cloud * 16 + o,
  );
}

/**
 * Largest clear-sky index the model produces: cloud enhancement by reflection from the edges of
 * broken cumulus lifts GHI above clear sky for minutes, rarely more than 10-20 % over a 5-minute
 * mean (Gueymard 2017, "Cloud and albedo enhancement impacts on solar irradiance using
 * high-frequency measurements", Solar Energy 153, doi:10.1016/j.solener.2017.05.004).
 */
export const CLOUD_ENHANCEMENT_CAP = 1.15;
/** Depth of the clear-sky index dip under the thickest cloud (kc = 1 - depth at opacity 1). */
const KC_DEPTH = 0.85;
/*
 * Inside the cloudy share x (0..1) of the latent distribution, opacity = sqrt(x): thick cloud is
 * common (mean opacity 2/3 when cloudy), and the clear-sky index falls linearly with opacity.
 */

/** Opacity above which cloud is thick enough to precipitate. */
export const PRECIPITATION_OPACITY = 0.72;
/**
 * Mean over time of the rain shape x^2 max(0, r + 0.45)^2 (x the depth of opacity beyond
 * PRECIPITATION_OPACITY, r the standard-normal rain noise) per unit of cloud share: with opacity
 * sqrt(u) for u uniform in the cloudy share, E[x^2; opacity > 0.72] = 0.1736, and
 * E[max(0, r + 0.45)^2] = (0.45^2 + 1) Phi(0.45) + 0.45 phi(0.45) = 0.972. Dividing by it makes
 * the season's mean rate the climate's (placeClimate precipitation).
 */
const RAIN_SHAPE_MEAN = 0.1736 * 0.972;

/** Columns of the weather state at instants. Units as in the API (contract.md section 4). */
export interface WeatherState {
  /** latent standard-normal cloud state (higher is cloudier) */
  latent: Float64Array;
  /** cloud opacity 0..1 */
  opacity: Float64Array;
  /** clear-sky index, GHI / clear-sky GHI, 0..CLOUD_ENHANCEMENT_CAP */
  clearSkyIndex: Float64Array;
  /** degrees C */
  airTemp: Float64Array;
  /** degrees C, <= airTemp */
  dewPoint: Float64Array;
  /** % */
  relativeHumidity: Float64Array;
  /** kg/m2 */
  precipitableWater: Float64Array;
  /** hPa */
  pressure: Float64Array;
  /** m/s */
  wind10: Float64Array;
  wind100: Float64Array;
  gust: Float64Array;
  /** degrees, where the wind comes from */
  direction10: Float64Array;
  direction100: Float64Array;
  /** mm/h of water (rain and snow) */
  precipitation: Float64Array;
  /** share of precipitation falling as snow, 0..1 */
  snowShare: Float64Array;
  /** J/kg */
  cape: Float64Array;
  /** micrograms/m3 before rain washout */
  pm10: Float64Array;
}

/** Octaves [spacing s, weight, channel] of the synoptic temperature anomaly, wind and rain trigger. */
const TEMPERATURE_OCTAVES = [
  5 * DAY,
  0.6,
  Channel.Temperature * 16,
  2 * DAY,
  0.65,
  Channel.Temperature * 16 + 1,
  12 * HOUR,
  0.45,
  Channel.Temperature * 16 + 2,
];
const WIND_OCTAVES = [
  2 * DAY,
  0.7,
  Channel.Wind * 16,
  8 * HOUR,
  0.55,
  Channel.Wind * 16 + 1,
  1 * HOUR,
  0.45,
  Channel.Wind * 16 + 2,
];
const RAIN_OCTAVES = [3 * HOUR, 0.75, Channel.Precipitation * 16, 40 * 60, 0.66, Channel.Precipitation * 16 + 1];

/** Perturbations of the state for forecasts (one value per instant, or none). */
export interface StatePerturbation {
  /**
   * Compute only cloud, air temperature, dew point and 10 m wind (the columns of a TMY
   * selection); the other columns are then empty. Same values as the full state for those.
   */
  lean?: boolean;
  /**
   * false: the state's `opacity` and `clearSkyIndex` are not computed (empty), and `latent` is a
   * work column (util/scratch.ts) of the caller's, valid until the caller releases a scratch mark
   * taken before this call: for a caller that needs the clear-sky index only at some of the
   * instants and computes it there (cloudColumns), as syntheticHistory does for daylight hours.
   * Default true.
   */
  cloud?: boolean;
  /** added to the latent cloud state */
  latent?: Float64Array;
  /** added to air temperature, K */
  airTemp?: Float64Array;
  /** multiplies wind speeds */
  wind?: Float64Array;
  /**
   * reusable columns for the state's latent cloud, opacity, clear-sky index, air temperature,
   * dew point and 10 m wind (the same values; the caller must not keep them past its next use of
   * the scratch set)
   */
  scratch?: WeatherScratch;
}

/**
 * A seasonal table interpolated between its entries i and j (= i + 1, or i at the table's end)
 * at fraction f: the loops below find (i, j, f) once per instant (seasonIndex) and read every
 * table there.
 */
function seasonalAt(table: Float64Array, i: number, j: number, f: number): number {
  const a = table[i]!;
  return a + (table[j]! - a) * f;
}

/**
 * Maps the latent cloud state to cloud opacity (0..1): the share `cloudiness` of the latent
 * distribution's upper tail is cloudy, with opacity rising through it.
 */
export function opacityFromLatent(latent: number, cloudiness: number): number {
  const u = normalCdfFast(latent);
  const clear = 1 - cloudiness;
  if (u <= clear) return 0;
  const x = (u - clear) / cloudiness;
  return x >= 1 ? 1 : Math.sqrt(x);
}

/** Clear-sky index under a cloud opacity, before enhancement and aerosol variation. */
export function clearSkyIndexFromOpacity(opacity: number): number {
  return 1 - KC_DEPTH * opacity;
}

/**
 * Saturation vapour pressure over water, hPa, by the Magnus form of Alduchov & Eskridge (1996,
 * J. Appl. Meteor. 35, doi:10.1175/1520-0450(1996)035<0601:IMFAOS>2.0.CO;2).
 * @param t degrees C
 */
export function saturationVapourPressure(t: number): number {
  return 6.1094 * Math.exp((17.625 * t) / (t + 243.04));
}

/**
 * Precipitable water, kg/m2, from the surface dew point (degrees C): an exponential fit of the
 * kind of Reitan (1963, "Surface dew point and water vapor aloft", J. Appl. Meteor. 2,
 * doi:10.1175/1520-0450(1963)002<0776:SDPAWV>2.0.CO;2), giving about 12 kg/m2 at 0 degrees C
 * and 42 kg/m2 at 20 degrees C.
 */
export function precipitableWaterFromDewPoint(dewPoint: number): number {
  return Math.exp(0.0614 * dewPoint + 2.51);
}

/**
 * Latent cloud state (sum of octaves) at the instants; `slow` receives the synoptic part.
 * @param out zero-filled column of the times' length to add it to (default: a new one)
 */
export function cloudLatent(
  climate: PlaceClimate,
  times: Float64Array,
  slow?: Float64Array,
  out?: Float64Array,
): Float64Array {
  const place = noiseSite(climate);
  const seed = climate.seed;
  const latent = out ?? new Float64Array(times.length);
  // Two passes of three octaves (the same sums as six single-octave passes).
  accumulateOctaves(times, CLOUD_SLOW_PASS, seed, place, latent);
  if (slow !== undefined) slow.set(latent);
  accumulateOctaves(times, CLOUD_FAST_PASS, seed, place, latent);
  return latent;
}

/**
 * Cloud opacity and clear-sky index at the instants from a latent state (already perturbed for
 * a forecast quantile when needed). The aerosol and enhancement noises are shared by all
 * quantiles so that quantiles differ by cloud only.
 */
export function cloudColumns(
  climate: PlaceClimate,
  times: Float64Array,
  latent: Float64Array,
  aerosol: Float64Array,
  enhancement: Float64Array,
  opacityOut: Float64Array,
  kcOut: Float64Array,
): void {
  const n = times.length;
  const cloudiness = climate.cloudiness;
  for (let i = 0; i < n; i++) {
    const s = seasonIndex(times[i]!);
    const si = Math.floor(s);
    const o = opacityFromLatent(latent[i]!, seasonalAt(cloudiness, si, si + 1 < SEASON_STEPS ? si + 1 : si, s - si));
    opacityOut[i] = o;
    kcOut[i] = clearSkyIndexOf(o, aerosol[i]!, enhancement[i]!);
  }
}

/**
 * The clear-sky index under a cloud opacity with the aerosol and enhancement noises: clear skies
 * vary with aerosol and water vapour by a few per cent; broken cloud edges enhance the
 * beam-plus-diffuse sum for minutes. Within 0.02..CLOUD_ENHANCEMENT_CAP.
 */
function clearSkyIndexOf(opacity: number, aerosol: number, enhancement: number): number {
  let kc = clearSkyIndexFromOpacity(opacity) * (1 + 0.025 * aerosol);
  if (enhancement > 0) kc += 0.6 * opacity * (1 - opacity) * enhancement;
  // Math.min, not "kc > CAP ? CAP : kc": a module constant in a conditional made the result a
  // heap number per call in optimised loops (2.6 MB of minor garbage per 166,000 instants).
  return kc < 0.02 ? 0.02 : Math.min(kc, CLOUD_ENHANCEMENT_CAP);
}

/**
 * Noise columns the cloud quantiles share (aerosol, enhancement).
 * @param out zero-filled columns of the times' length to add them to (default: new ones)
 */
export function cloudSideNoise(
  climate: PlaceClimate,
  times: Float64Array,
  out: { aerosol: Float64Array; enhancement: Float64Array } = {
    aerosol: new Float64Array(times.length),
    enhancement: new Float64Array(times.length),
  },
): { aerosol: Float64Array; enhancement: Float64Array } {
  const place = noiseSite(climate);
  const aerosol = accumulateNoise(times, 2 * DAY, 1, climate.seed, place, Channel.Aerosol, out.aerosol);
  const enhancement = accumulateNoise(times, 10 * 60, 1, climate.seed, place, Channel.Enhancement, out.enhancement);
  return { aerosol, enhancement };
}

/**
 * x modulo 24 in [0, 24), for hours x (local solar hours since 1970): the same double as
 * `x % 24` (plus 24 when negative), without the remainder's library call for the usual x > 0.
 * Exact: x - 24 floor(x / 24) is a multiple of x's last place below 24, so representable (were
 * x / 24 ever to round up to the next integer, the difference would be negative, and 24 more
 * again exact).
 * @example
 * hourOfDay(475013.125); // => 5.125
 * hourOfDay(-1.5); // => 22.5
 */
export function hourOfDay(x: number): number {
  let hour = x > 0 && x < 2 ** 52 ? x - 24 * Math.floor(x / 24) : x % 24;
  if (hour < 0) hour += 24;
  return hour;
}

/**
 * The full weather state at instants.
 * @param climate the place's seasonal climate (placeClimate)
 * @param times Unix s (any order)
 * @param basePressure station pressure of the standard atmosphere at the place's elevation, hPa
 * @param perturb forecast perturbations, or none for estimated actuals
 */
export function weatherState(
  climate: PlaceClimate,
  times: Float64Array,
  basePressure: number,
  perturb: StatePerturbation = {},
): WeatherState {
  checkObject('weatherState', 'climate', climate);
  checkTimes('weatherState', 'times', times);
  checkFinite('weatherState', 'basePressure', basePressure, 'hPa');
  // Without the cloud columns, the latent state is a work column of the caller's (taken before
  // this call's mark, so it outlives it).
  const workLatent = perturb.cloud === false ? scratchColumn(times.length) : undefined;
  // The noise columns are work columns (util/scratch.ts), given back when the state is made.
  const mark = scratchMark();
  try {
    return stateAt(climate, times, basePressure, perturb, workLatent);
  } finally {
    releaseScratch(mark);
  }
}

/** weatherState's computation (arguments checked); `workLatent`: see StatePerturbation.cloud. */
function stateAt(
  climate: PlaceClimate,
  times: Float64Array,
  basePressure: number,
  perturb: StatePerturbation,
  workLatent: Float64Array | undefined,
): WeatherState {
  const n = times.length;
  const place = noiseSite(climate);
  const seed = climate.seed;
  const slow = scratchColumn(n);
  const sc = perturb.scratch;
  const latent = cloudLatent(climate, times, slow, workLatent ?? sc?.take(n));
  if (perturb.latent !== undefined) {
    const p = perturb.latent;
    for (let i = 0; i < n; i++) {
      latent[i] = latent[i]! + p[i]!;
      slow[i] = slow[i]! + p[i]!;
    }
  }
  // Cloud opacity and the clear-sky index are computed in the main loop below (cloudColumns'
  // formulas, sharing its seasonal cloudiness).
  const cloud = workLatent === undefined;
  const side = cloud
    ? cloudSideNoise(climate, times, { aerosol: scratchColumn(n), enhancement: scratchColumn(n) })
    : undefined;
  const aerosol = side?.aerosol ?? NO_VALUES;
  const enhancement = side?.enhancement ?? NO_VALUES;
  const opacity = cloud ? (sc?.take(n) ?? new Float64Array(n)) : new Float64Array(0);
  const clearSkyIndex = cloud ? (sc?.take(n) ?? new Float64Array(n)) : new Float64Array(0);

  const lean = perturb.lean === true;
  const tNoise = accumulateOctaves(times, TEMPERATURE_OCTAVES, seed, place, scratchColumn(n));
  const dewNoise = accumulateNoise(times, 1.5 * DAY, 1, seed, place, Channel.Dew, scratchColumn(n));
  const windNoise = accumulateOctaves(times, WIND_OCTAVES, seed, place, scratchColumn(n));
  const rainNoise = accumulateOctaves(times, RAIN_OCTAVES, seed, place, scratchColumn(n));
  const dirNoise = scratchColumn(lean ? 0 : n);
  const pressNoise = scratchColumn(lean ? 0 : n);
  const capeNoise = scratchColumn(lean ? 0 : n);
  const pmNoise = scratchColumn(lean ? 0 : n);
  const gustNoise = scratchColumn(lean ? 0 : n);
  if (!lean) {
    accumulateNoise(times, 3 * DAY, 60, seed, place, Channel.Direction * 16, dirNoise);
    accumulateNoise(times, 12 * HOUR, 30, seed, place, Channel.Direction * 16 + 1, dirNoise);
    accumulateNoise(times, 3 * DAY, 1, seed, place, Channel.Pressure, pressNoise);
    accumulateNoise(times, 6 * HOUR, 1, seed, place, Channel.Convection, capeNoise);
    accumulateNoise(times, 1.5 * DAY, 1, seed, place, Channel.Particulates, pmNoise);
    accumulateNoise(times, 30 * 60, 1, seed, place, Channel.Gust, gustNoise);
  }

  const full = lean ? 0 : n;
  const airTemp = sc?.take(n) ?? new Float64Array(n);
  const dewPoint = sc?.take(n) ?? new Float64Array(n);
  const wind10 = sc?.take(n) ?? new Float64Array(n);
  const relativeHumidity = new Float64Array(full);
  const precipitableWater = new Float64Array(full);
  const pressure = new Float64Array(full);
  const wind100 = new Float64Array(full);
  const gust = new Float64Array(full);
  const direction10 = new Float64Array(full);
  const direction100 = new Float64Array(full);
  const precipitation = new Float64Array(full);
  const snowShare = new Float64Array(full);
  const cape = new Float64Array(full);
  const pm10 = new Float64Array(full);

  const cont = climate.continentality;
  const lonHours = climate.longitude / 15;
  const veer = climate.latitude < 0 ? -12 : 12;
  const pSpread = climate.pressureSpread;
  const dTemp = perturb.airTemp;
  const dWind = perturb.wind;
  const TWO_PI_DAY = (2 * Math.PI) / 24;
  // The daily cycle's cosine, kept per slot of 5 minutes of the local hour for the last hour value
  // seen there: series on an hourly or 5-minute grid repeat the same few hundred hour values
  // (to the last bit, within a binade of t), so most instants reuse an exact earlier result.
  const hourKey = new Float64Array(HOUR_SLOTS + 1).fill(Number.NaN);
  const hourCos = new Float64Array(HOUR_SLOTS + 1);
  const { cloudiness, diurnalRange, temperature, temperatureSpread, windSpeed, dewDepression } = climate;
  for (let i = 0; i < n; i++) {
    const t = times[i]!;
    // Position in the seasonal tables, shared by every table read at this instant.
    const s = seasonIndex(t);
    const si = Math.floor(s);
    const sj = si + 1 < SEASON_STEPS ? si + 1 : si;
    const sf = s - si;
    const cloudy = seasonalAt(cloudiness, si, sj, sf);
    const o = opacityFromLatent(latent[i]!, cloudy);
    if (cloud) {
      opacity[i] = o;
      clearSkyIndex[i] = clearSkyIndexOf(o, aerosol[i]!, enhancement[i]!);
    }
    const hour = hourOfDay(t / HOUR + lonHours);
    const slot = (hour * (HOUR_SLOTS / 24)) | 0;
    if (hourKey[slot] !== hour) {
      hourKey[slot] = hour;
      hourCos[slot] = Math.cos(TWO_PI_DAY * (hour - 14.5));
    }
    const afternoon = hourCos[slot]!;
    const slowO = opacityFromLatent(slow[i]! / 0.82, cloudy);

    // Temperature: season + synoptic anomaly + a daily cycle that cloud flattens.
    const range = seasonalAt(diurnalRange, si, sj, sf) * (1 - 0.65 * slowO);
    let temp =
      seasonalAt(temperature, si, sj, sf) +
      seasonalAt(temperatureSpread, si, sj, sf) * tNoise[i]! +
      0.5 * range * afternoon;
    if (dTemp !== undefined) temp += dTemp[i]!;
    airTemp[i] = temp;

    // Wind: log-normal around the climate mean, stronger in stormy (cloudy) spells, with a
    // daytime mixing maximum over land.
    let w =
      seasonalAt(windSpeed, si, sj, sf) *
      Math.exp(0.32 * windNoise[i]! - 0.05 + 0.2 * (slowO - 0.5)) *
      (1 + 0.25 * cont * afternoon);
    if (dWind !== undefined) w *= dWind[i]!;
    wind10[i] = w;

    // Precipitation: only under thick cloud, in showers and spells set by the rain noise.
    let rain = 0;
    if (o > PRECIPITATION_OPACITY) {
      const x = (o - PRECIPITATION_OPACITY) / (1 - PRECIPITATION_OPACITY);
      const trigger = rainNoise[i]! + 0.45;
      if (trigger > 0) rain = x * x * trigger * trigger;
    }

    // Humidity: the dew-point depression grows in the afternoon and in dry climates, shrinks under
    // cloud and in rain.
    let depression =
      seasonalAt(dewDepression, si, sj, sf) *
      Math.exp(0.35 * dewNoise[i]!) *
      (1 + 0.45 * afternoon * Math.min(1, range / 8)) *
      (1 - 0.6 * o);
    if (rain > 0) depression *= 0.3;
    if (depression < 0) depression = 0;
    const td = temp - depression;
    dewPoint[i] = td;
    if (lean) continue;

    // Power-law shear: small by day (mixed layer), large at night over land (stable layer).
    const alpha = 0.11 + 0.04 * cont + 0.16 * cont * Math.max(0, -afternoon);
    wind100[i] = w * Math.pow(10, alpha);
    gust[i] = w * (1.25 + 0.2 * Math.max(0, afternoon) * cont + 0.1 * Math.abs(gustNoise[i]!)) + 0.5;
    let dir = climate.prevailingWind + dirNoise[i]!;
    dir -= 360 * Math.floor(dir / 360);
    direction10[i] = dir;
    let dir100 = dir + veer;
    dir100 -= 360 * Math.floor(dir100 / 360);
    direction100[i] = dir100;

    const rh = (100 * saturationVapourPressure(td)) / saturationVapourPressure(temp);
    relativeHumidity[i] = rh > 100 ? 100 : rh;
    const pw = precipitableWaterFromDewPoint(td);
    precipitableWater[i] = pw;

    // Convection needs warm, moist low levels and the afternoon's heating.
    const moist = (td - 8) / 16;
    const cp =
      moist <= 0
        ? 0
        : 3000 *
          Math.pow(moist > 1 ? 1 : moist, 1.5) *
          (0.35 + 0.65 * Math.max(0, afternoon)) *
          Math.exp(0.5 * capeNoise[i]! - 0.125);
    cape[i] = cp;
    // The amount follows the climate's mean for the season; its timing and intensity follow the
    // thick cloud and the rain noise.
    const rate = (rain * seasonalAt(climate.precipitation, si, sj, sf)) / (cloudy * RAIN_SHAPE_MEAN);
    precipitation[i] = rate;
    snowShare[i] = rate > 0 ? (temp <= 0 ? 1 : temp >= 2 ? 0 : (2 - temp) / 2) : 0;

    // Pressure: low in cloudy, stormy spells, high in clear ones.
    pressure[i] = basePressure + pSpread * (0.83 * pressNoise[i]! - 0.55 * (slow[i]! / 0.82));

    // Particulates: background of the climate, day-to-day variation, night-time inversions, dust
    // lifted by strong wind over dry land (washout is applied from the daily rain by the caller).
    pm10[i] =
      climate.pm10 *
      Math.exp(0.45 * pmNoise[i]! - 0.1) *
      (1 - 0.15 * cont * afternoon) *
      (1 + 0.04 * Math.max(0, w - 7) * cont);
  }
  return {
    latent,
    opacity,
    clearSkyIndex,
    airTemp,
    dewPoint,
    relativeHumidity,
    precipitableWater,
    pressure,
    wind10,
    wind100,
    gust,
    direction10,
    direction100,
    precipitation,
    snowShare,
    cape,
    pm10,
  };
}

/** Re-export of the forecast channels' keys for forecast.ts. */
export const FORECAST_CHANNELS = {
  cloud: Channel.ForecastCloud,
  temperature: Channel.ForecastTemperature,
  wind: Channel.ForecastWind,
} as const;

/**
 * Where the place's noise streams are evaluated (the spatial lattices of noise.ts).
 * @example
 * // (a place's climate is placeClimate's of climate.ts; only its place matters here)
 * noiseSite({ latitude: 45, longitude: 8 } as PlaceClimate); // => { latitude: 45, longitude: 8 }
 */
export function noiseSite(climate: PlaceClimate): NoiseSite {
  return { latitude: climate.latitude, longitude: climate.longitude };
}

/**
 * Seed of the forecast error streams of an issue time: the weather's seed mixed with the issue
 * key (5-minute steps), so each issue has its own errors, coherent in space like the weather.
 * @example
 * // A 32-bit integer:
 * const seed = forecastSeed({ seed: 7 } as PlaceClimate, Math.floor(1.7e9 / 300) + 1);
 * seed >>> 0 === seed; // => true
 */
export function forecastSeed(climate: PlaceClimate, issueKey: number): number {
  return hash4(climate.seed, issueKey, 0x7, 0x3);
}
