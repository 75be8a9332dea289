/**
 * Real typical years as local anchors of the measured climate: at each calibration place (a real
 * typical year of the data directory's weather/calibration) the monthly residual of the served
 * relation, logit Kt of the file minus logit Kt of the station-anchored relation, and the file's
 * monthly mean air temperature minus the relation's, carried to a site by tapered inverse-distance
 * weights (the stations' kind, src/weather/stations.ts, with a shorter radius
 * CALIBRATION_RADIUS_KM so that the effect stays local) and faded by a prior weight towards the
 * relation. Residual interpolation of this kind is the regression-kriging of a climate field
 * (Hengl, Heuvelink & Rossiter 2007, Computers & Geosciences 33, 1301-1315,
 * doi:10.1016/j.cageo.2007.05.001), here with fixed tapered weights instead of a fitted variogram.
 *
 * Pure: the real years come in through {@link CalibrationYears} (the Node adapter
 * src/node/calibration-years.ts reads them from the data directory); where the core runs without
 * them the relation is served as it is.
 */

import type { StationSite } from './stations.js';

/** Real typical years at calibration places, as the anchors of the relation's residuals. */
export interface CalibrationYears {
  /** degrees north, one per place */
  latitude: Float64Array;
  /** degrees east, one per place */
  longitude: Float64Array;
  /** the place as the gridded downscaling (and the server) sees it: elevation from the global grid, m */
  siteOf: (i: number) => StationSite;
  /**
   * The real year's monthly means of place i (index 0 = January): GHI over all hours, W/m2, and
   * air temperature, degrees C; read on demand (only places near a site are ever read).
   */
  monthlyOf: (i: number) => { ghi: ArrayLike<number>; airTemp: ArrayLike<number> };
  /** places left out (1), for held-out checks; default none */
  excluded?: Uint8Array;
  /**
   * cache of each place's 24 residuals (12 of logit Kt, then 12 of temperature, K), filled on
   * demand; a held-out check that changes the relation clears it
   */
  residualCache?: Float64Array;
}

/** Calibration places farther than this from a site do not count, km. */
export const CALIBRATION_RADIUS_KM = 300;
/** Distance scale of the inverse-distance weights, km. */
const NEAR_KM = 40;
/** Height difference at which a place counts half, m. */
const HEIGHT_SCALE = 300;
/** Land-share difference (within 1 degree) at which a place counts half. */
const COAST_SCALE = 0.35;

/** Tapered inverse-distance weight of a place d km away (0 with zero slope at the radius). */
function distanceWeight(d: number): number {
  const q = (d * d) / (CALIBRATION_RADIUS_KM * CALIBRATION_RADIUS_KM);
  if (q >= 1) return 0;
  return ((1 - q) * (1 - q)) / (1 + (d / NEAR_KM) ** 2);
}

/**
 * Prior weight of the relation against the residuals: the weight of one place 100 km away, so
 * the residual is carried at 90 % at the place, half at 100 km, a quarter at 150 km, and fades to
 * nothing at CALIBRATION_RADIUS_KM. A real year describes its own place better than its region:
 * with the prior at 150 km, Montreal's residual (+14 % of GHI) moved Burlington, 120 km away, from
 * +1 % to +11 % against SolarAnywhere's 2021 year there (test/scripts/compare-weather.test.ts).
 */
export const CALIBRATION_PRIOR_WEIGHT = distanceWeight(100);

/** Great-circle distance, km (haversine, mean Earth radius 6371 km). */
function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** What the real years near a site add to its relation, already faded. */
export interface CalibrationOffsets {
  /** to add to the relation's logit Kt of each month */
  logitClearness: Float64Array;
  /** to add to the relation's monthly mean temperature, K */
  temperature: Float64Array;
  /** weight of the residuals against the relation, 0..1 */
  weight: number;
}

/**
 * The calibration offsets of a site: each nearby place's residuals (`residualAt(i)`: 12 of logit
 * Kt, then 12 of temperature, real minus the relation at the place, computed once and cached)
 * weighted by distance, height difference and land-share difference, over the weights' sum plus
 * the prior. Zero (and no place read) where no place lies within CALIBRATION_RADIUS_KM.
 * Degrees and metres in the places and the site; offsets in logit Kt (dimensionless) and K.
 * @param years the calibration places
 * @param site the site, as the gridded downscaling sees it
 * @param residualAt the 24 residuals of place i
 * @example
 * // One made-up place on the equator whose temperature residual is 2 K; a site 100 km north
 * // (the prior's distance) takes half of it:
 * const place = { latitude: 0, longitude: 0, elevation: 0, continentality: 1 };
 * const years = {
 *   latitude: new Float64Array([0]),
 *   longitude: new Float64Array([0]),
 *   siteOf: () => place,
 *   monthlyOf: () => ({ ghi: [], airTemp: [] }),
 * };
 * const site = { ...place, latitude: 100 / 111.195 };
 * calibrationOffsets(years, site, () => [...new Array(12).fill(0), ...new Array(12).fill(2)]).temperature[0]; // about 1
 */
export function calibrationOffsets(
  years: CalibrationYears,
  site: StationSite,
  residualAt: (i: number) => ArrayLike<number>,
): CalibrationOffsets {
  const n = years.latitude.length;
  const kt = new Float64Array(12);
  const t = new Float64Array(12);
  const latWindow = CALIBRATION_RADIUS_KM / 111;
  const siteLand = Math.min(1, Math.max(0, site.landShare ?? 1));
  let wSum = 0;
  for (let i = 0; i < n; i++) {
    const lat = years.latitude[i]!;
    if (Math.abs(lat - site.latitude) >= latWindow) continue;
    if (years.excluded !== undefined && years.excluded[i] === 1) continue;
    let w = distanceWeight(haversineKm(site.latitude, site.longitude, lat, years.longitude[i]!));
    if (w === 0) continue;
    const p = years.siteOf(i);
    const dz = (p.elevation - site.elevation) / HEIGHT_SCALE;
    const dl = (Math.min(1, Math.max(0, p.landShare ?? 1)) - siteLand) / COAST_SCALE;
    w /= (1 + dz * dz) * (1 + dl * dl);
    if (years.residualCache === undefined) years.residualCache = new Float64Array(n * 24).fill(Number.NaN);
    const cache = years.residualCache;
    if (Number.isNaN(cache[i * 24]!)) cache.set(Array.from(residualAt(i)).slice(0, 24), i * 24);
    wSum += w;
    for (let m = 0; m < 12; m++) {
      kt[m] += w * cache[i * 24 + m]!;
      t[m] += w * cache[i * 24 + 12 + m]!;
    }
  }
  const total = wSum + CALIBRATION_PRIOR_WEIGHT;
  for (let m = 0; m < 12; m++) {
    kt[m] = kt[m]! / total;
    t[m] = t[m]! / total;
  }
  return { logitClearness: kt, temperature: t, weight: wSum / total };
}
