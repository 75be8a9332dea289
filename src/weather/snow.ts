/**
 * Daily water and snow budget of the synthetic weather: snow water equivalent, depth, albedo,
 * snow on PV modules, and the recent rain that washes particulates out.
 *
 * Snow is a stateful quantity; to keep every value a pure function of (place, time, seed) the
 * budget restarts from zero at a fixed anchor each year, the first of August in the northern
 * hemisphere (February 1 in the southern), near the warmest time of year when seasonal snow is
 * gone. The snow of any day is then the budget run from the latest anchor to that day, so any
 * window or chunking gives the same values (the look-back is at most one year of daily steps).
 * Perennial snow (glaciers) is therefore not represented.
 *
 * Melt follows the degree-day method (Hock 2003, "Temperature index melt modelling in mountain
 * areas", J. Hydrol. 282, doi:10.1016/S0022-1694(03)00257-9); fresh-snow density and settling
 * after Anderson (1976, NOAA TR NWS 19) in a simplified linear form; snow albedo decays with age
 * as in the BATS scheme (Dickinson et al. 1993) simplified to an exponential.
 */
import type { PlaceClimate } from './climate.js';
import { weatherState } from './state.js';
import { checkFinite, checkObject } from '../util/validate.js';

const DAY = 86400;
/** Day index (days since 1970-01-01) of the first anchor: 2000-08-01 north, 2000-02-01 south. */
const ANCHOR_NORTH = 10957 + 213;
const ANCHOR_SOUTH = 10957 + 31;
const YEAR_DAYS = 365.2422;
/** Samples per day for the budget (every 3 h). */
const DAILY_SAMPLES = 8;
/** Degree-day melt factor, mm of water per K per day. */
const DEGREE_DAY_FACTOR = 3;

/** The latest anchor day (days since 1970) at or before day `d`. */
export function snowAnchorDay(d: number, latitude: number): number {
  const a0 = latitude < 0 ? ANCHOR_SOUTH : ANCHOR_NORTH;
  let k = Math.floor((d - a0) / YEAR_DAYS);
  while (Math.floor(a0 + (k + 1) * YEAR_DAYS) <= d) k++;
  while (Math.floor(a0 + k * YEAR_DAYS) > d) k--;
  return Math.floor(a0 + k * YEAR_DAYS);
}

/** State at the END of each day of a range. */
export interface DailyBudget {
  /** first day of the range, days since 1970 */
  firstDay: number;
  /** mm of precipitation (water) in the day */
  precipitation: Float64Array;
  /** snow water equivalent, mm */
  snowWater: Float64Array;
  /** snow depth, cm */
  snowDepth: Float64Array;
  /** albedo of the ground (snow-covered or not), 0..1 */
  albedo: Float64Array;
  /** share of rooftop module area under snow, 0..1 */
  rooftopCover: Float64Array;
  /** share of ground-mounted module area under snow, 0..1 */
  groundCover: Float64Array;
}

/**
 * Runs the daily budget over days [firstDay, lastDay] (days since 1970), starting from the
 * anchor before firstDay when `withSnow`, else only the daily precipitation is computed.
 * @param basePressure hPa, as for weatherState
 */
export function dailyBudget(
  climate: PlaceClimate,
  firstDay: number,
  lastDay: number,
  basePressure: number,
  withSnow: boolean,
): DailyBudget {
  checkObject('dailyBudget', 'climate', climate);
  checkFinite('dailyBudget', 'firstDay', firstDay, 'days since 1970-01-01');
  checkFinite('dailyBudget', 'lastDay', lastDay, 'days since 1970-01-01');
  checkFinite('dailyBudget', 'basePressure', basePressure, 'hPa');
  const start = withSnow ? snowAnchorDay(firstDay, climate.latitude) : firstDay;
  const days = lastDay - start + 1;
  const times = new Float64Array(days * DAILY_SAMPLES);
  for (let d = 0; d < days; d++) {
    for (let k = 0; k < DAILY_SAMPLES; k++)
      times[d * DAILY_SAMPLES + k] = (start + d) * DAY + ((k + 0.5) * DAY) / DAILY_SAMPLES;
  }
  const st = weatherState(climate, times, basePressure);
  const keep = lastDay - firstDay + 1;
  const out: DailyBudget = {
    firstDay,
    precipitation: new Float64Array(keep),
    snowWater: new Float64Array(keep),
    snowDepth: new Float64Array(keep),
    albedo: new Float64Array(keep),
    rooftopCover: new Float64Array(keep),
    groundCover: new Float64Array(keep),
  };
  const ground = climate.groundAlbedo;
  const hours = 24 / DAILY_SAMPLES;
  let swe = 0;
  let age = 30;
  let roof = 0;
  let rack = 0;
  let nextAnchor = withSnow ? snowAnchorDay(start + 400, climate.latitude) : Infinity;
  if (nextAnchor <= start) nextAnchor = Infinity;
  for (let d = 0; d < days; d++) {
    // A window that runs past the next anchor restarts there too, as a window starting after it.
    if (withSnow && start + d >= nextAnchor) {
      swe = 0;
      age = 30;
      roof = 0;
      rack = 0;
      nextAnchor = snowAnchorDay(start + d + 400, climate.latitude);
    }
    let snowIn = 0;
    let rainIn = 0;
    let tMean = 0;
    let tMax = -1e9;
    for (let k = 0; k < DAILY_SAMPLES; k++) {
      const i = d * DAILY_SAMPLES + k;
      const p = st.precipitation[i]! * hours;
      const share = st.snowShare[i]!;
      snowIn += p * share;
      rainIn += p * (1 - share);
      const t = st.airTemp[i]!;
      tMean += t;
      if (t > tMax) tMax = t;
    }
    tMean /= DAILY_SAMPLES;
    let depth = 0;
    let albedo = ground;
    if (withSnow) {
      // Degree-day melt plus the heat that warm rain brings into the pack.
      const melt = DEGREE_DAY_FACTOR * Math.max(0, tMean) + 0.0125 * rainIn * Math.max(0, tMean);
      swe = Math.max(0, swe + snowIn - melt);
      age = snowIn > 1 ? 0 : age + 1;
      if (swe === 0) age = 30;
      const density = Math.min(400, 100 + 15 * age); // kg/m3: fresh snow settles
      depth = (100 * swe) / density;
      const snowAlbedo = 0.55 + 0.3 * Math.exp(-age / 7);
      albedo = ground + (snowAlbedo - ground) * (1 - Math.exp(-depth / 4));
      // Snow on modules: the same snowfall, shed by sliding once the day warms towards 0 C and
      // melted faster than the ground pack (dark glass, some heating). Ground-mounted arrays are
      // steeper and shed faster, but are buried when the ground pack reaches their lower edge.
      const shedding = tMax > -2 ? 1 : 0;
      roof = Math.max(0, roof + snowIn - 2 * DEGREE_DAY_FACTOR * Math.max(0, tMax)) * (1 - 0.35 * shedding);
      rack = Math.max(0, rack + snowIn - 2 * DEGREE_DAY_FACTOR * Math.max(0, tMax)) * (1 - 0.5 * shedding);
    }
    const j = start + d - firstDay;
    if (j >= 0) {
      out.precipitation[j] = snowIn + rainIn;
      out.snowWater[j] = swe;
      out.snowDepth[j] = depth;
      out.albedo[j] = albedo;
      out.rooftopCover[j] = Math.min(1, roof / 5);
      out.groundCover[j] = depth > 60 ? 1 : Math.min(1, rack / 5);
    }
  }
  return out;
}
