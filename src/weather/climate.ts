/**
 * The climate of a place from general rules, never from a table of particular places: the
 * latitude belts of the general circulation (ITCZ, subtropical highs, mid-latitude storm tracks,
 * polar highs) and their seasonal migration with the sun, the elevation lapse rate, and
 * continentality (how much land lies around and upwind of the place). The numbers are zonal
 * climatologies of the kind found in textbooks (for example Hartmann 2016, "Global Physical
 * Climatology", 2nd ed., ch. 1-3: zonal mean cloud cover, surface temperature and its annual
 * range over land and ocean) rounded to a few knots, then checked against the real weather files
 * of the data directory's weather/ folder (scripts/compare-weather.ts).
 */
import { checkWeatherPlace } from './source.js';

import { type ClimateNormals, monthlyToSeasonal } from './normals.js';

/** A place as the synthetic weather model needs it. */
export interface WeatherPlace {
  /** degrees north, -90..90 */
  latitude: number;
  /** degrees east, -180..180 */
  longitude: number;
  /** m above sea level; default 0 */
  elevation?: number;
  /**
   * 0 (open ocean, small islands, windward coasts) .. 1 (deep inside a continent). The caller
   * derives it from a land mask, see `continentalityFromLand`; default 0.5.
   */
  continentality?: number;
  /** integer seed of the synthetic weather; default 0 */
  seed?: number;
  /**
   * Measured monthly normals of the place (climateNormalsAt of src/weather/normals.ts, which the
   * Node adapter's placeInfo fills from the data directory's climate grids). When given, they set
   * the seasonal temperature, precipitation, wind and cloudiness; without them the general rules
   * below are used.
   */
  normals?: ClimateNormals;
}

/** Seconds of the tropical year. */
export const TROPICAL_YEAR_SECONDS = 31556925.2;
/** 2000-01-01T00:00Z: origin of the seasonal phase. */
const SEASON_ORIGIN = 946684800;
/** Entries of the seasonal tables (one per day of the year, plus a wrap-around entry). */
export const SEASON_STEPS = 366;

/** Position in the seasonal tables (0 .. SEASON_STEPS - 1, fractional) of a Unix time. */
export function seasonIndex(t: number): number {
  let f = (t - SEASON_ORIGIN) / TROPICAL_YEAR_SECONDS;
  f -= Math.floor(f);
  return f * (SEASON_STEPS - 1);
}

/** Piecewise-linear interpolation in a knot table [x0, y0, x1, y1, ...] (x increasing). */
function knots(table: readonly number[], x: number): number {
  if (x <= table[0]!) return table[1]!;
  for (let i = 2; i < table.length; i += 2) {
    const x1 = table[i]!;
    if (x <= x1) {
      const x0 = table[i - 2]!;
      const y0 = table[i - 1]!;
      return y0 + ((table[i + 1]! - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return table[table.length - 1]!;
}

/** Smooth bump, 1 at `centre`, about 0 beyond `width` away. */
function bump(x: number, centre: number, width: number): number {
  const d = (x - centre) / width;
  return Math.exp(-d * d);
}

// Zonal cloud cover as the share of time under cloud (0..1), by effective |latitude|:
// ITCZ maximum, subtropical minimum, storm-track maximum, drier polar caps.
const CLOUD_ZONAL = [
  0, 0.6, 8, 0.58, 15, 0.46, 22, 0.34, 30, 0.33, 38, 0.4, 45, 0.5, 52, 0.68, 60, 0.78, 70, 0.74, 90, 0.62,
];
// Zonal mean precipitation, mm/day, by effective |latitude| (land and sea together): the ITCZ's
// maximum, the subtropical minimum under the descending branch of the Hadley cell, the
// mid-latitude storm tracks, little in the cold polar air (Hartmann 2016, fig. 1.17 / ch. 6;
// Peixoto & Oort 1992, "Physics of Climate", fig. 12.5).
const PRECIP_ZONAL = [
  0, 6.5, 5, 6, 10, 4.2, 15, 2.4, 20, 1.2, 25, 0.8, 30, 1, 35, 1.7, 40, 2.3, 45, 2.5, 55, 2.6, 60, 2.2, 70, 1.1, 80,
  0.5, 90, 0.3,
];
// Annual mean sea-level air temperature of a maritime place, degrees C, by |latitude|.
// The steep step near 50-57 degrees is the oceanic polar front.
const TEMP_MARITIME = [0, 27, 15, 26.5, 25, 24, 35, 19.5, 45, 15, 52, 10.2, 55, 6, 60, 3, 70, -2.5, 80, -10, 90, -18];
// Cooling of the annual mean deep inside a continent, K, by |latitude| (cold continental winters).
const TEMP_CONTINENTAL_DEFICIT = [0, -1, 25, -2, 35, 0, 45, 0.5, 55, 3, 65, 7, 80, 8];
// Half of the annual range (warmest minus coldest month), K, maritime and continental.
const AMPLITUDE_MARITIME = [0, 0.5, 20, 2, 35, 4, 45, 5, 55, 6, 65, 8, 80, 12, 90, 14];
const AMPLITUDE_CONTINENTAL = [0, 1, 20, 6, 35, 13, 45, 16.5, 55, 19.5, 65, 22, 90, 24];
// Mean 10 m wind speed, m/s, over open sea and deep inland.
const WIND_MARITIME = [0, 5, 15, 6.5, 30, 5.5, 45, 7, 55, 8, 65, 7.5, 90, 6];
const WIND_CONTINENTAL = [0, 2, 30, 3.2, 50, 3.8, 90, 3.5];

/** Lapse rate of the annual mean temperature with site elevation, K/m (plateaus and slopes). */
export const ELEVATION_LAPSE_RATE = 0.0045;

/**
 * Seasonal tables of a place's climate, one entry per day of the year starting at the
 * seasonal origin (January 1), built once per request.
 */
export interface PlaceClimate {
  latitude: number;
  longitude: number;
  elevation: number;
  continentality: number;
  seed: number;
  /** share of time under cloud, 0..1 */
  cloudiness: Float64Array;
  /** daily mean air temperature of the season, degrees C */
  temperature: Float64Array;
  /** diurnal temperature range under clear sky, K */
  diurnalRange: Float64Array;
  /** mean precipitation of the season, mm/h (water: rain and snow) */
  precipitation: Float64Array;
  /** mean dew-point depression, K */
  dewDepression: Float64Array;
  /** mean 10 m wind speed, m/s */
  windSpeed: Float64Array;
  /** standard deviation of the synoptic temperature anomaly, K */
  temperatureSpread: Float64Array;
  /** prevailing direction the wind comes from, degrees */
  prevailingWind: number;
  /** snow-free ground albedo */
  groundAlbedo: number;
  /** background PM10, micrograms/m3 */
  pm10: number;
  /** PM2.5 share of PM10 */
  pm25Share: number;
  /** standard deviation of the surface pressure anomaly, hPa */
  pressureSpread: number;
}

/**
 * Builds the seasonal climate of a place from its latitude, elevation and continentality by the
 * general rules described in docs/weather.md.
 */
export function placeClimate(place: WeatherPlace): PlaceClimate {
  checkWeatherPlace('placeClimate', place);
  const lat = place.latitude;
  const phi = Math.abs(lat);
  const elevation = place.elevation ?? 0;
  const elevKm = Math.max(0, elevation) / 1000;
  const cont = Math.min(1, Math.max(0, place.continentality ?? 0.5));
  const south = lat < 0;
  const n = SEASON_STEPS;
  const cloudiness = new Float64Array(n);
  const temperature = new Float64Array(n);
  const diurnalRange = new Float64Array(n);
  const dewDepression = new Float64Array(n);
  const precipitation = new Float64Array(n);
  const windSpeed = new Float64Array(n);
  const temperatureSpread = new Float64Array(n);

  // Continental effects grow faster than linearly with the land around: a coast with some land
  // upwind stays maritime.
  const cont2 = cont * cont;
  const cont3 = cont2 * cont;
  const tMean =
    knots(TEMP_MARITIME, phi) -
    cont2 * knots(TEMP_CONTINENTAL_DEFICIT, phi) -
    ELEVATION_LAPSE_RATE * Math.max(0, elevation);
  const ampM = knots(AMPLITUDE_MARITIME, phi);
  // High dry plateaus heat and cool more through the thin, dry air.
  const amplitude = ampM + cont3 * (knots(AMPLITUDE_CONTINENTAL, phi) - ampM) + 2 * Math.min(elevKm, 2) * cont;
  // Continental cycles are peaked: short hot summers and long winters (a second harmonic).
  const harmonic2 = 1.6 * cont3;
  // The air lags the sun by about four weeks inland and five at sea: warmest day about July 20
  // inland, July 28 at sea (NH).
  const warmestDay = 201 + 8 * (1 - cont);
  const windM = knots(WIND_MARITIME, phi);
  const windMean = knots(WIND_CONTINENTAL, phi) + (windM - knots(WIND_CONTINENTAL, phi)) * (1 - cont) + 0.3 * elevKm;
  let annualCloud = 0;

  for (let i = 0; i < n; i++) {
    const day = (i / (n - 1)) * 365.2422;
    // +1 in local midsummer (sun highest around June 21 / December 21), -1 in midwinter.
    let summer = Math.cos((2 * Math.PI * (day - 172)) / 365.2422);
    if (south) summer = -summer;
    // The circulation belts follow the sun: in summer a place lives in the belt of lower latitudes
    // (less so over the oceans, whose belts move less).
    const phiEff = Math.max(0, phi - 6 * summer * (0.4 + 0.6 * cont));
    let c = knots(CLOUD_ZONAL, phiEff);
    // Land under the subtropical highs is desert (mostly clear); the monsoon wets tropical land
    // in summer.
    const desert = bump(phiEff, 27, 11);
    c -= cont * 0.26 * bump(phiEff, 25, 10);
    c += cont * 0.12 * summer * bump(phi, 14, 8);
    // Continental interiors of the mid-latitudes see fewer maritime stratus decks.
    c -= cont * 0.12 * bump(phi, 45, 15);
    // Maritime storm tracks: the oceans' polar-front belt is the cloudiest place on Earth.
    c += (1 - cont) * 0.12 * bump(phi, 55, 12);
    // Winter storm tracks bring more cloud to windward coasts than to interiors.
    c += (1 - cont) * 0.06 * -summer * bump(phi, 50, 12);
    // Mountains lift air into orographic and afternoon convective cloud.
    c += 0.04 * elevKm;
    c = Math.min(0.92, Math.max(0.08, c));
    cloudiness[i] = c;

    // Precipitation: the zonal profile of the season's belt; inland under the subtropical highs
    // the sinking air and the long path from the sea leave deserts (Sahara, Arabia, Australia:
    // tens of mm a year), continental interiors of the mid-latitudes are drier than coasts.
    let p = knots(PRECIP_ZONAL, phiEff);
    p *= 0.03 + 0.97 * Math.exp(-6 * cont * desert);
    p *= 1 - 0.3 * cont * bump(phi, 50, 15);
    precipitation[i] = p / 24;
    annualCloud += c;

    let seasonal = Math.cos((2 * Math.PI * (day - warmestDay)) / 365.2422);
    if (south) seasonal = -seasonal;
    temperature[i] = tMean + amplitude * seasonal + harmonic2 * (2 * seasonal * seasonal - 1);
    // Daily range: larger inland, at altitude and under dry skies; the cloud share of the day
    // shrinks it further in the sample loop. Polar night and midnight sun flatten the cycle.
    const declination = 23.44 * Math.cos((2 * Math.PI * (day - 172)) / 365.2422);
    const noonElevation = 90 - Math.abs(lat - declination);
    const sunFactor = Math.min(1, Math.max(0.1, Math.sin((Math.max(0, noonElevation) * Math.PI) / 180) * 1.3));
    diurnalRange[i] = (4 + 9 * cont + 3 * Math.min(elevKm, 2) + 4 * (1 - c)) * sunFactor;
    dewDepression[i] = 1.5 + 8 * cont * (1 - c) * (1 - c) + 2 * elevKm + 1.5 * Math.max(0, summer) * cont;
    windSpeed[i] = windMean * (1 + 0.12 * -summer * Math.min(1, phi / 40));
    temperatureSpread[i] = 0.8 + (1 + 2.5 * cont) * Math.min(1, phi / 50) * (1.2 - 0.5 * summer);
  }

  let prevailing: number;
  if (phi < 28)
    prevailing = south ? 120 : 60; // trade winds: from the east, towards the ITCZ
  else if (phi < 65)
    prevailing = south ? 290 : 250; // westerlies
  else prevailing = 90; // polar easterlies
  let prevailingWind = prevailing;
  if (place.normals !== undefined) {
    const measured = place.normals;
    // The measured climate replaces the rules' seasonal means; the rules' shapes (daily range,
    // dew-point depression, synoptic spread) are re-derived from the measured cloudiness.
    temperature.set(monthlyToSeasonal(measured.temperature, n));
    precipitation.set(monthlyToSeasonal(measured.precipitation, n, 0));
    for (let i = 0; i < n; i++) precipitation[i] = precipitation[i]! / 24;
    windSpeed.set(monthlyToSeasonal(measured.windSpeed, n, 0.5));
    const kc = monthlyToSeasonal(measured.clearSkyIndex, n);
    // The stations' mean daily range (high - low), where they are near: the served range is the
    // clear-sky range shrunk by the day's cloud (1 - 0.65 x slow opacity, whose mean is about
    // 2c/3 at cloudiness c, state.ts), so the clear-sky range is the measured one over that.
    const stationRange =
      measured.dailyRange !== undefined && (measured.dailyRangeWeight ?? 0) > 0
        ? monthlyToSeasonal(measured.dailyRange, n, 0)
        : undefined;
    const rangeWeight = stationRange === undefined ? 0 : Math.min(1, measured.dailyRangeWeight!);
    annualCloud = 0;
    for (let i = 0; i < n; i++) {
      const day = (i / (n - 1)) * 365.2422;
      let summer = Math.cos((2 * Math.PI * (day - 172)) / 365.2422);
      if (south) summer = -summer;
      const c = cloudinessForClearSkyIndex(kc[i]!);
      cloudiness[i] = c;
      annualCloud += c;
      const declination = 23.44 * Math.cos((2 * Math.PI * (day - 172)) / 365.2422);
      const noonElevation = 90 - Math.abs(lat - declination);
      const sunFactor = Math.min(1, Math.max(0.1, Math.sin((Math.max(0, noonElevation) * Math.PI) / 180) * 1.3));
      const ruleRange = (4 + 9 * cont + 3 * Math.min(elevKm, 2) + 4 * (1 - c)) * sunFactor;
      diurnalRange[i] =
        stationRange === undefined
          ? ruleRange
          : (1 - rangeWeight) * ruleRange + (rangeWeight * stationRange[i]!) / (1 - 0.65 * (2 / 3) * c);
      dewDepression[i] = 1.5 + 8 * cont * (1 - c) * (1 - c) + 2 * elevKm + 1.5 * Math.max(0, summer) * cont;
    }
    prevailingWind = measured.prevailingWind;
  }
  annualCloud /= n;
  const dryness = cont * (1 - annualCloud);
  return {
    latitude: lat,
    longitude: place.longitude,
    elevation,
    continentality: cont,
    seed: place.seed ?? 0,
    cloudiness,
    temperature,
    diurnalRange,
    precipitation,
    dewDepression,
    windSpeed,
    temperatureSpread,
    prevailingWind,
    groundAlbedo: 0.17 + 0.15 * dryness * dryness,
    pm10: 10 + 60 * dryness * dryness + 8 * cont,
    pm25Share: 0.35 + 0.25 * cont,
    pressureSpread: 2 + 9 * Math.min(1, phi / 55),
  };
}

/**
 * Mean clear-sky index of the cloud process at a cloudiness (share of time under cloud) c:
 * opacity is sqrt(x) for x uniform in the cloudy share (mean 2c/3, mean o(1 - o) = c/6), the
 * index 1 - 0.85 opacity plus the broken-cloud enhancement 0.6 o (1 - o) E[max(0, N)]
 * (state.ts), so E[kc] = 1 - (0.85 x 2/3 - 0.6 x 0.3989 / 6) c = 1 - 0.5268 c.
 */
export const CLEAR_SKY_INDEX_PER_CLOUD = 0.85 * (2 / 3) - (0.6 * 0.3989422804) / 6;

/**
 * The cloudiness (0.02..1) whose mean clear-sky index is `kc` (inverse of
 * `CLEAR_SKY_INDEX_PER_CLOUD`); a month clearer or cloudier than the process can give is
 * held at the bound.
 * @example
 * cloudinessForClearSkyIndex(0.75); // about 0.47
 */
export function cloudinessForClearSkyIndex(kc: number): number {
  const c = (1 - kc) / CLEAR_SKY_INDEX_PER_CLOUD;
  return c < 0.02 ? 0.02 : c > 1 ? 1 : c;
}

/**
 * Continentality of a place (0..1) from a land-fraction function (for example
 * `landFraction(lat, lon, { radiusDegrees })` of solarkit's Node adapter, passed as it is): the share of land near
 * the place, and more heavily the share upwind, where the air comes from (west in the
 * westerlies between 28 and 65 degrees, east in the trade-wind and polar belts).
 * @param landFractionAt share of land (0..1) within `radiusDegrees` (degrees) of a point
 */
export function continentalityFromLand(
  latitude: number,
  longitude: number,
  landFractionAt: (latitude: number, longitude: number, options: { radiusDegrees: number }) => number,
): number {
  const phi = Math.abs(latitude);
  const upwindSign = phi >= 28 && phi < 65 ? -1 : 1;
  const kmPerDegLon = Math.max(0.2, Math.cos((latitude * Math.PI) / 180));
  const wrap = (x: number): number => ((((x + 180) % 360) + 360) % 360) - 180;
  const near = landFractionAt(latitude, longitude, { radiusDegrees: 3 });
  const upwind1 = landFractionAt(latitude, wrap(longitude + (upwindSign * 5) / kmPerDegLon), { radiusDegrees: 3 });
  const upwind2 = landFractionAt(latitude, wrap(longitude + (upwindSign * 12) / kmPerDegLon), { radiusDegrees: 5 });
  const c = 0.4 * near + 0.35 * upwind1 + 0.25 * upwind2;
  return Math.min(1, Math.max(0, c));
}
