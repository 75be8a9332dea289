/**
 * Station climate normals as anchors of the measured climate: monthly sunshine duration and mean
 * daily low and high temperature at climate stations, carried to a site by inverse-distance
 * weighting with a taper (no station beyond STATION_RADIUS_KM counts, and each weight falls to 0
 * with zero slope there, so nothing jumps at a station's edge), weights lowered by the height
 * difference and the coast (land share) difference between station and site, and faded towards
 * the gridded climate where the stations are few or far (a prior weight STATION_PRIOR_WEIGHT, as
 * a station about 400 km away). Pure: the table comes in as typed arrays (the Node adapter reads
 * it from the data directory, src/node/stations.ts).
 *
 * Relative sunshine S/S0 (sunshine duration over the astronomical day length) is the classical
 * measure of monthly cloudiness (Angstrom 1924, Q. J. R. Meteorol. Soc. 50, 121-126; Prescott
 * 1940, Trans. R. Soc. South Australia 64, 114-118; day length as FAO-56, Allen et al. 1998, eq.
 * 24-25 and 34).
 */

/**
 * A place as the gridded downscaling sees it (the shape of NormalsSite of normals.ts, declared
 * here so that normals.ts, which uses this module, is not imported back).
 */
export interface StationSite {
  /** degrees north */
  latitude: number;
  /** degrees east */
  longitude: number;
  /** m above sea level */
  elevation: number;
  /** 0 (open sea) .. 1 (deep inland) */
  continentality: number;
  /** share of land within 1 degree, 0..1 */
  landShare?: number;
  /** mean surface height within 1 degree, m */
  surroundingElevation?: number;
  /** land shares 1.5 degrees north, east, south and west, 0..1 each */
  landShareAround?: { north: number; east: number; south: number; west: number };
}

/** A table of climate stations' monthly normals (index i x 12 + month, month 0 = January). */
export interface ClimateStations {
  /** degrees north */
  latitude: Float64Array;
  /** degrees east */
  longitude: Float64Array;
  /** m above sea level */
  elevation: Float64Array;
  /** mean daily low temperature of each month, degrees C */
  low: Float64Array;
  /** mean daily high temperature of each month, degrees C */
  high: Float64Array;
  /** relative sunshine S/S0 of each month (NaN where the day is too short to tell) */
  relativeSunshine: Float64Array;
  /**
   * The station as the gridded downscaling sees it (continentality, land share...), computed on
   * demand by the adapter that owns the land mask.
   */
  siteOf: (i: number) => StationSite;
  /** stations left out (1), for held-out checks; default none */
  excluded?: Uint8Array;
  /** the sunshine relation's coefficients, when not SUNSHINE_COEFFICIENTS (held-out checks) */
  sunshineCoefficients?: readonly number[];
  /** cache of each station's monthly temperature residual (station - gridded), filled on demand */
  residualCache?: Float64Array;
}

/** Stations farther than this from a site do not count, km. */
export const STATION_RADIUS_KM = 600;
/** Distance scale of the inverse-distance weights, km (closer stations do not gain further). */
const NEAR_KM = 40;
/** Height difference at which a station counts half, m. */
const HEIGHT_SCALE = 300;
/** Land-share difference (within 1 degree) at which a station counts half. */
const COAST_SCALE = 0.35;

/**
 * What the mean of a station's daily low and high exceeds the daily mean of hourly values by, K:
 * the daily cycle is skewed (short warm afternoons, long cool nights), and city stations sit in
 * their heat island. Fitted: the mean of (model - real) over the 600 months of the 50
 * calibration places with the anchors taken at face value (scripts/fit-sunshine.ts).
 */
export const STATION_MEAN_EXCESS = 0.34;

/** The temperature anchors' prior weight, in units of STATION_PRIOR_WEIGHT. */
const TEMPERATURE_PRIOR_FACTOR = 3;

/** Tapered inverse-distance weight of a station d km away (0 at and beyond the radius). */
function distanceWeight(d: number): number {
  const q = (d * d) / (STATION_RADIUS_KM * STATION_RADIUS_KM);
  if (q >= 1) return 0;
  return ((1 - q) * (1 - q)) / (1 + (d / NEAR_KM) ** 2);
}

/**
 * Prior weight of the gridded climate against the stations: the weight of one station 250 km
 * away, so a single station within about 50 km takes over almost wholly, one at 250 km counts
 * half, and the anchors fade out smoothly with distance. Chosen on the leave-one-out count of the
 * 50 calibration places (scripts/fit-sunshine.ts: a station at 200 / 250 / 300 / 400 / 500 km
 * gives 43 / 43 / 42 / 41 / 37 of 50).
 */
export const STATION_PRIOR_WEIGHT = distanceWeight(250);

/**
 * Astronomical day length summed over each month, hours (FAO-56 eq. 24, 25 and 34: declination
 * 0.409 sin(2 pi J / 365 - 1.39), sunset hour angle arccos(-tan lat tan decl), N = 24 / pi ws).
 * @param latitude degrees north
 * @returns 12 monthly totals, hours
 * @example
 * monthlyDayLength(0)[0]; // about 372
 */
export function monthlyDayLength(latitude: number): Float64Array {
  const out = new Float64Array(12);
  const phi = (Math.max(-89.99, Math.min(89.99, latitude)) * Math.PI) / 180;
  const start = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];
  for (let m = 0; m < 12; m++) {
    let s = 0;
    for (let j = start[m]! + 1; j <= start[m + 1]!; j++) {
      const decl = 0.409 * Math.sin((2 * Math.PI * j) / 365 - 1.39);
      const x = Math.max(-1, Math.min(1, -Math.tan(phi) * Math.tan(decl)));
      s += (24 / Math.PI) * Math.acos(x);
    }
    out[m] = s;
  }
  return out;
}

/**
 * Monthly relative sunshine S/S0 from monthly sunshine hours: over the astronomical day length;
 * NaN in months whose days average under 3 hours (polar twilight: the ratio tells little and
 * the irradiance is small), held at 1 at most.
 * @param latitude degrees north
 * @param sunshineHours 12 monthly totals, hours
 * @returns 12 ratios, 0..1 or NaN
 * @example
 * relativeSunshine(51.5, [62, 78, 115, 169, 199, 204, 212, 205, 149, 117, 73, 52])[6]; // about 0.431
 */
export function relativeSunshine(latitude: number, sunshineHours: ArrayLike<number>): Float64Array {
  const n = monthlyDayLength(latitude);
  const out = new Float64Array(12);
  const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  for (let m = 0; m < 12; m++) {
    const s = sunshineHours[m]!;
    out[m] = n[m]! < 3 * days[m]! || !Number.isFinite(s) ? Number.NaN : Math.min(1, Math.max(0, s / n[m]!));
  }
  return out;
}

/** What the stations say about a site, each faded towards the gridded climate. */
export interface StationAnchors {
  /** interpolated relative sunshine S/S0 of each month (NaN where no station tells) */
  relativeSunshine: Float64Array;
  /** weight of the stations' sunshine against the gridded relation, 0..1, by month */
  sunshineWeight: Float64Array;
  /** to add to the gridded monthly mean temperature, K (already faded) */
  temperatureOffset: Float64Array;
  /** interpolated mean daily range (high - low) of each month, K */
  dailyRange: Float64Array;
  /** weight of the stations' daily range against the rules' one, 0..1 */
  rangeWeight: number;
}

/** Great-circle distance, km (haversine, mean Earth radius 6371 km). */
function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The station anchors of a site: relative sunshine and mean daily range interpolated by tapered
 * inverse-distance weights (distance, height and coast), and the temperature residual
 * (station mean of low and high minus the gridded temperature downscaled to the station,
 * `gridTemperature(i)`) carried to the site and faded by the prior weight, so the site's own
 * downscaled temperature (lapse-rate regression) keeps the height difference.
 * @param gridTemperature the gridded monthly mean temperature at station i, degrees C
 */
export function stationAnchors(
  stations: ClimateStations,
  site: StationSite,
  gridTemperature: (i: number) => ArrayLike<number>,
): StationAnchors {
  const n = stations.latitude.length;
  const sun = new Float64Array(12);
  const sunW = new Float64Array(12);
  const tOff = new Float64Array(12);
  const range = new Float64Array(12);
  let wSum = 0;
  const latWindow = STATION_RADIUS_KM / 111;
  const siteLand = Math.min(1, Math.max(0, site.landShare ?? 1));
  if (stations.residualCache === undefined) stations.residualCache = new Float64Array(n * 12).fill(Number.NaN);
  const cache = stations.residualCache;
  for (let i = 0; i < n; i++) {
    const lat = stations.latitude[i]!;
    if (Math.abs(lat - site.latitude) >= latWindow) continue;
    if (stations.excluded !== undefined && stations.excluded[i] === 1) continue;
    const d = haversineKm(site.latitude, site.longitude, lat, stations.longitude[i]!);
    let w = distanceWeight(d);
    if (w === 0) continue;
    const st = stations.siteOf(i);
    const dz = (stations.elevation[i]! - site.elevation) / HEIGHT_SCALE;
    const dl = (Math.min(1, Math.max(0, st.landShare ?? 1)) - siteLand) / COAST_SCALE;
    w /= (1 + dz * dz) * (1 + dl * dl);
    if (Number.isNaN(cache[i * 12]!)) {
      const g = gridTemperature(i);
      for (let m = 0; m < 12; m++)
        cache[i * 12 + m] = (stations.low[i * 12 + m]! + stations.high[i * 12 + m]!) / 2 - STATION_MEAN_EXCESS - g[m]!;
    }
    wSum += w;
    for (let m = 0; m < 12; m++) {
      const k = i * 12 + m;
      tOff[m] += w * cache[k]!;
      range[m] += w * Math.abs(stations.high[k]! - stations.low[k]!);
      const s = stations.relativeSunshine[k]!;
      if (!Number.isNaN(s)) {
        sun[m] += w * s;
        sunW[m] += w;
      }
    }
  }
  const prior = STATION_PRIOR_WEIGHT;
  for (let m = 0; m < 12; m++) {
    tOff[m] = tOff[m]! / (wSum + TEMPERATURE_PRIOR_FACTOR * prior);
    range[m] = wSum > 0 ? range[m]! / wSum : Number.NaN;
    sun[m] = sunW[m]! > 0 ? sun[m]! / sunW[m]! : Number.NaN;
    sunW[m] = sunW[m]! / (sunW[m]! + prior);
  }
  return {
    relativeSunshine: sun,
    sunshineWeight: sunW,
    temperatureOffset: tOff,
    dailyRange: range,
    rangeWeight: wSum / (wSum + prior),
  };
}
