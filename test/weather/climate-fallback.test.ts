/**
 * The synthetic climate's general rules pinned at named places (issue 29, item 6).
 *
 * Where no measured normals are given (the pure core: `defaultWeatherSource()`, `syntheticSource()`
 * without `placeInfo`, a query or a WeatherPlace without `normals`), `placeClimate` builds a place's
 * seasonal climate from the general rules of src/weather/climate.ts (docs/weather.md, "Climate of a
 * place: general rules"): zonal tables of cloud, rain, temperature, annual range and wind; the
 * desert clearing, monsoon, continental-interior, storm-track and mountain cloud terms; the desert
 * and interior dryness of rain; the lapse rate; the daily range, dew-point depression and synoptic
 * spread of the rules' branch; the prevailing wind's belts. The server always has measured normals,
 * so nothing it serves exercises these rules: this file is what holds them.
 *
 * Places: a subtropical inland desert in each hemisphere and the Sahara, two high plateaus (Lhasa,
 * Addis Ababa), wet tropical places inland and at sea, the Sahel under the summer monsoon, a
 * maritime and a Mediterranean mid-latitude coast, a mountain summit in the storm track (Ben Nevis,
 * the only kind of place whose rule cloudiness reaches the 0.92 cap), three continental interiors,
 * two Arctic coasts and the Antarctic plateau. Elevation (m) and continentality are what the Node
 * adapter's `placeInfo` derives for the coordinates (global elevation grid, land mask,
 * `continentalityFromLand`), rounded, and Ben Nevis's summit height; they are written here so the
 * test pins the rules, not the grids.
 *
 * What is checked, per place: the climate's monthly mean temperature (the seasonal mean the
 * synthetic weather varies around; months as twelfths of the seasonal table), and by season (DJF,
 * MAM, JJA, SON) the share of time under cloud, the rain rate, the 10 m wind, the clear-sky daily
 * temperature range, the dew-point depression and the synoptic temperature spread; the prevailing
 * wind; and the annual GHI of 2024 by the typical year's hourly history (`syntheticHistory`, the
 * weather the TMY selection reads; within 0.5 % of the hours `defaultWeatherSource()` serves).
 *
 * Bands (error analysis). The rules are deterministic: a refactoring that serves the same bytes
 * (the project's rule) moves none of these values by more than rounding, about 1e-12; an equivalent
 * reformulation (another interpolation routine, a seasonal table of 731 steps instead of 366)
 * moves a month's mean temperature by less than 0.001 K and a cloud share by less than 1e-5. Each
 * band is at most half of the smallest change that multiplying one coefficient of the rules by 1.3
 * or 0.7 makes to the values it is there to catch, measured by perturbing every coefficient in turn
 * (each then moves some value of some place by 2.3 bands or more):
 * - temperature +-0.03 K (weakest: the continental cooling at 45 degrees, 0.5 K, moves Winnipeg's
 *   months by 0.077 K; the equatorial maritime half-range, 0.5 K, Singapore's by 0.125 K);
 * - cloud share +-0.002 (weakest: the width of the winter storm-track term, 0.006 at Perth in
 *   winter; the 0.08 floor, 0.007 in the Sahara in spring);
 * - rain +-1 % or +-0.002 mm/day, whichever is larger (weakest: the width of the interior dryness,
 *   2.6 % of Vostok's summer; the knot of the subtropical minimum, 0.007 mm/day of Riyadh's summer);
 * - wind +-0.02 m/s (weakest: the knot of the trade-wind maximum at 15 degrees, 0.047 m/s at Addis
 *   Ababa in winter);
 * - daily range +-0.2 K (weakest: the polar-night floor of the sun factor, 0.58 K at Vostok),
 *   dew-point depression +-0.15 K (weakest: the inland summer term, 0.37 K at Niamey), synoptic
 *   spread +-0.1 K (weakest: its 0.8 K base, 0.24 K everywhere), prevailing wind +-0.5 degree (each
 *   belt's direction and edge moves it by 18 degrees or more);
 * - annual GHI +-1 % (the desert clearing term at 0.7 x 0.26 takes 3 % off Riyadh's GHI, the mountain
 *   cloud term at 1.3 x 0.04 takes 3 % off Lhasa's; seasonal terms that cancel over the year are
 *   caught by the seasonal cloud shares instead).
 * The values are those of the rules of 28 November 2026. When the rules change on purpose, print
 * the new table with SOLARKIT_PRINT_CLIMATE_CARDS=1 npx vitest run test/weather/climate-fallback.test.ts
 * and explain the change beside it.
 */
import { describe, expect, it } from 'vitest';
import { type Seasons, monthlyMeans, seasonalMeans } from '../support/climate-seasons.js';
// From their own modules, not the weather index: the test holds the rules whatever the public API exports.
import { type PlaceClimate, type WeatherPlace, placeClimate } from '../../src/weather/climate.js';
import { syntheticHistory } from '../../src/weather/history.js';

/** Four seasonal values: December-February, March-May, June-August, September-November. */

interface ClimateCard {
  /** annual GHI of 2024 (syntheticHistory), kWh/m2 */
  ghi: number;
  /** monthly mean air temperature of the climate, degrees C */
  temperature: readonly number[];
  /** share of time under cloud, 0..1 */
  cloud: Seasons;
  /** mean rain rate, mm/day */
  rain: Seasons;
  /** mean 10 m wind speed, m/s */
  wind: Seasons;
  /** clear-sky daily temperature range, K */
  dailyRange: Seasons;
  /** mean dew-point depression, K */
  dewDepression: Seasons;
  /** standard deviation of the synoptic temperature anomaly, K */
  spread: Seasons;
  /** direction the wind comes from, degrees */
  prevailingWind: number;
}

interface NamedPlace extends Required<Pick<WeatherPlace, 'latitude' | 'longitude' | 'elevation' | 'continentality'>> {
  name: string;
  /** the kind of place and the terms of the rules it is there for */
  why: string;
  expected: ClimateCard;
}

/** Half-widths of the bands (see the error analysis above). */
const BAND = {
  temperature: 0.03,
  cloud: 0.002,
  rainRelative: 0.01,
  rainAbsolute: 0.002,
  wind: 0.02,
  dailyRange: 0.2,
  dewDepression: 0.15,
  spread: 0.1,
  prevailingWind: 0.5,
  ghiRelative: 0.01,
};

const PLACES: NamedPlace[] = [
  {
    name: 'Riyadh',
    why: 'subtropical inland desert: desert clearing, desert dryness, trade winds',
    latitude: 24.7,
    longitude: 46.7,
    elevation: 614,
    continentality: 0.79,
    expected: {
      ghi: 2178.3,
      temperature: [17.05, 17.36, 18.71, 21.29, 24.75, 27.97, 29.54, 28.7, 25.86, 22.33, 19.4, 17.67],
      cloud: [0.1538, 0.1761, 0.2243, 0.1457],
      rain: [0.0382, 0.0524, 0.0811, 0.0356],
      wind: [4.001, 3.666, 3.547, 3.882],
      dailyRange: [15.114, 16.248, 16.055, 16.031],
      dewDepression: [7.254, 7.529, 7.501, 7.385],
      spread: [3.1608, 2.2791, 1.9663, 2.8481],
      prevailingWind: 60,
    },
  },
  {
    name: 'In Salah',
    why: 'Saharan interior: the cloud floor, the subtropical rain minimum',
    latitude: 27.2,
    longitude: 2.47,
    elevation: 278,
    continentality: 0.99,
    expected: {
      ghi: 2098.3,
      temperature: [15.17, 15.59, 17.43, 21.28, 26.74, 31.92, 34.36, 32.74, 27.96, 22.35, 18.07, 15.84],
      cloud: [0.1676, 0.0842, 0.0989, 0.1179],
      rain: [0.0492, 0.0309, 0.0372, 0.0362],
      wind: [3.409, 3.096, 2.985, 3.298],
      dailyRange: [15.226, 17.407, 17.349, 16.659],
      dewDepression: [7.552, 9.328, 9.697, 8.285],
      spread: [3.8367, 2.7026, 2.3002, 3.4344],
      prevailingWind: 60,
    },
  },
  {
    name: 'Alice Springs',
    why: 'southern inland desert: the seasonal shift of the belts, southern seasons',
    latitude: -23.8,
    longitude: 133.88,
    elevation: 554,
    continentality: 0.96,
    expected: {
      ghi: 2181.9,
      temperature: [33.07, 31.69, 27.56, 22.75, 19.16, 17.35, 16.83, 17.14, 18.59, 21.78, 26.43, 30.93],
      cloud: [0.2441, 0.0967, 0.1, 0.1643],
      rain: [0.0983, 0.0307, 0.0313, 0.0553],
      wind: [3.049, 3.326, 3.424, 3.147],
      dailyRange: [17.326, 17.626, 16.76, 17.645],
      dewDepression: [8.185, 8.928, 8.829, 8.614],
      spread: [2.0844, 3.0554, 3.3998, 2.4288],
      prevailingWind: 120,
    },
  },
  {
    name: 'Lhasa',
    why: 'high plateau at 4 km: mountain cloud, lapse rate, plateau annual range',
    latitude: 29.65,
    longitude: 91.1,
    elevation: 3991,
    continentality: 1,
    expected: {
      ghi: 2582.9,
      temperature: [-7.78, -6.87, -3.43, 2.72, 10.6, 17.64, 20.85, 18.71, 12.24, 4.28, -2.37, -6.38],
      cloud: [0.379, 0.2181, 0.2, 0.3078],
      rain: [0.0883, 0.0293, 0.0276, 0.0543],
      wind: [4.7, 4.232, 4.066, 4.534],
      dailyRange: [18.357, 22.127, 22.2, 20.6],
      dewDepression: [12.576, 15.014, 15.821, 13.402],
      spread: [4.1341, 2.8888, 2.4471, 3.6924],
      prevailingWind: 250,
    },
  },
  {
    name: 'Addis Ababa',
    why: 'tropical highland: mountain cloud near the ITCZ, tropical knots',
    latitude: 9.03,
    longitude: 38.74,
    elevation: 2464,
    continentality: 0.78,
    expected: {
      ghi: 2080.1,
      temperature: [11.95, 12.17, 13.2, 15.28, 18.2, 20.98, 22.36, 21.63, 19.17, 16.17, 13.76, 12.4],
      cloud: [0.4842, 0.6885, 0.7343, 0.5687],
      rain: [1.2264, 4.4034, 5.466, 2.2893],
      wind: [3.965, 3.839, 3.794, 3.92],
      dailyRange: [19.083, 18.266, 18.083, 18.745],
      dewDepression: [8.099, 7.543, 7.821, 7.666],
      spread: [1.6558, 1.3362, 1.2228, 1.5425],
      prevailingWind: 60,
    },
  },
  {
    name: 'Kisangani',
    why: 'equatorial rain forest inland: cloud and rain of the ITCZ',
    latitude: 0.52,
    longitude: 25.2,
    elevation: 416,
    continentality: 0.99,
    expected: {
      ghi: 1678.2,
      temperature: [25.67, 25.28, 24.47, 24.53, 26.09, 28.31, 29.5, 28.7, 26.57, 24.74, 24.37, 25.1],
      cloud: [0.5916, 0.6178, 0.6218, 0.6038],
      rain: [5.0871, 6.3568, 6.4101, 5.8005],
      wind: [2.179, 2.175, 2.173, 2.177],
      dailyRange: [15.791, 15.687, 15.671, 15.743],
      dewDepression: [3.653, 4.118, 4.672, 3.631],
      spread: [0.8581, 0.8364, 0.8287, 0.8504],
      prevailingWind: 60,
    },
  },
  {
    name: 'Singapore',
    why: 'equatorial coast: maritime ITCZ, the smallest annual range',
    latitude: 1.35,
    longitude: 103.82,
    elevation: 23,
    continentality: 0.45,
    expected: {
      ghi: 1681.6,
      temperature: [26.52, 26.53, 26.61, 26.84, 27.23, 27.64, 27.87, 27.79, 27.44, 27.02, 26.71, 26.56],
      cloud: [0.5838, 0.6008, 0.6043, 0.5909],
      rain: [5.7519, 6.3854, 6.4589, 6.0561],
      wind: [3.768, 3.75, 3.743, 3.761],
      dailyRange: [9.784, 9.716, 9.702, 9.756],
      dewDepression: [2.17, 2.406, 2.658, 2.174],
      spread: [0.8922, 0.8577, 0.8455, 0.88],
      prevailingWind: 60,
    },
  },
  {
    name: 'Niamey',
    why: 'Sahel: the summer monsoon term, desert margin rain',
    latitude: 13.51,
    longitude: 2.11,
    elevation: 224,
    continentality: 1,
    expected: {
      ghi: 1957.6,
      temperature: [23.84, 23.73, 23.86, 25.3, 28.34, 31.69, 33.36, 32.24, 29.07, 25.82, 24.02, 23.7],
      cloud: [0.1446, 0.5348, 0.6524, 0.2907],
      rain: [0.1249, 1.9943, 3.2943, 0.4831],
      wind: [2.694, 2.567, 2.522, 2.649],
      dailyRange: [17.094, 15.533, 15.063, 16.509],
      dewDepression: [7.841, 4.417, 4.155, 6.165],
      spread: [2.3192, 1.7518, 1.5505, 2.1179],
      prevailingWind: 60,
    },
  },
  {
    name: 'Valentia',
    why: 'maritime mid-latitude coast: storm track and winter storm terms',
    latitude: 51.94,
    longitude: -10.24,
    elevation: 58,
    continentality: 0.08,
    expected: {
      ghi: 1032.2,
      temperature: [4.41, 4.65, 6.31, 8.95, 11.86, 14.27, 15.52, 15.28, 13.62, 10.98, 8.07, 5.67],
      cloud: [0.8483, 0.7277, 0.6765, 0.8096],
      rain: [2.5273, 2.4875, 2.4712, 2.5141],
      wind: [8.12, 7.055, 6.677, 7.742],
      dailyRange: [2.328, 5.454, 6.162, 3.543],
      dewDepression: [1.631, 1.716, 1.781, 1.644],
      spread: [2.7277, 2.0077, 1.7523, 2.4723],
      prevailingWind: 250,
    },
  },
  {
    name: 'Ben Nevis',
    why: 'mountain summit in the storm track: the 0.92 cloud cap',
    latitude: 56.797,
    longitude: -5.004,
    elevation: 1345,
    continentality: 0.15,
    expected: {
      ghi: 890.4,
      temperature: [-7.84, -7.53, -5.53, -2.37, 1.1, 3.96, 5.42, 5.11, 3.09, -0.07, -3.54, -6.38],
      cloud: [0.9194, 0.8552, 0.8238, 0.9037],
      rain: [2.1817, 2.4338, 2.4876, 2.2776],
      wind: [8.439, 7.332, 6.939, 8.047],
      dailyRange: [3.074, 8.521, 9.886, 5.139],
      dewDepression: [4.198, 4.311, 4.41, 4.21],
      spread: [3.0088, 2.1838, 1.8912, 2.7162],
      prevailingWind: 250,
    },
  },
  {
    name: 'Madrid',
    why: 'Iberian plateau: half-continental mid-latitude, interior clearing',
    latitude: 40.42,
    longitude: -3.7,
    elevation: 644,
    continentality: 0.51,
    expected: {
      ghi: 1592.6,
      temperature: [7.84, 8.25, 10.13, 13.11, 16.49, 19.34, 20.74, 20.21, 17.94, 14.69, 11.41, 8.96],
      cloud: [0.4759, 0.3692, 0.3303, 0.4393],
      rain: [1.659, 0.7897, 0.5021, 1.3548],
      wind: [5.696, 4.949, 4.684, 5.431],
      dailyRange: [8.31, 12.845, 13.201, 10.535],
      dewDepression: [3.91, 4.741, 5.241, 4.103],
      spread: [3.7544, 2.6509, 2.2595, 3.3629],
      prevailingWind: 250,
    },
  },
  {
    name: 'Perth',
    why: 'southern west coast at 32 degrees: subtropical-edge rain and cloud',
    latitude: -31.95,
    longitude: 115.86,
    elevation: 27,
    continentality: 0.23,
    expected: {
      ghi: 1802.7,
      temperature: [24.41, 24.22, 23.09, 21.35, 19.47, 17.95, 17.19, 17.38, 18.47, 20.18, 22.07, 23.62],
      cloud: [0.2689, 0.3196, 0.3402, 0.2841],
      rain: [0.2808, 0.5629, 0.7152, 0.3543],
      wind: [4.742, 5.334, 5.543, 4.952],
      dailyRange: [9.075, 8.215, 7.169, 9.015],
      dewDepression: [2.818, 2.419, 2.355, 2.644],
      spread: [1.5987, 2.2025, 2.4167, 1.8129],
      prevailingWind: 290,
    },
  },
  {
    name: 'Moscow',
    why: 'continental interior at 56 degrees: continental cooling, interior dryness',
    latitude: 55.75,
    longitude: 37.62,
    elevation: 139,
    continentality: 0.93,
    expected: {
      ghi: 983.9,
      temperature: [-13.78, -12.51, -7.88, -0.24, 8.91, 16.78, 20.35, 18.14, 11.08, 1.95, -6.26, -11.69],
      cloud: [0.7225, 0.6407, 0.5977, 0.7004],
      rain: [1.6259, 1.8906, 1.8519, 1.7774],
      wind: [4.492, 3.903, 3.694, 4.283],
      dailyRange: [4.721, 12.347, 14.172, 7.654],
      dewDepression: [2.351, 3.339, 4.121, 2.502],
      spread: [6.1413, 4.1464, 3.4387, 5.4336],
      prevailingWind: 250,
    },
  },
  {
    name: 'Winnipeg',
    why: 'continental interior at 50 degrees: continental annual range',
    latitude: 49.9,
    longitude: -97.14,
    elevation: 224,
    continentality: 1,
    expected: {
      ghi: 1231.2,
      temperature: [-7.76, -6.43, -1.66, 6.4, 16.24, 24.77, 28.61, 26.05, 18.24, 8.38, -0.23, -5.73],
      cloud: [0.6158, 0.4658, 0.4023, 0.5715],
      rain: [1.7739, 1.4336, 1.1617, 1.7212],
      wind: [4.241, 3.685, 3.487, 4.044],
      dailyRange: [7.082, 14.677, 16.044, 10.209],
      dewDepression: [3.131, 4.896, 6.032, 3.488],
      spread: [6.4112, 4.3155, 3.572, 5.6677],
      prevailingWind: 250,
    },
  },
  {
    name: 'Utqiagvik',
    why: 'Arctic coast: polar cloud and cold, polar easterlies',
    latitude: 71.29,
    longitude: -156.79,
    elevation: 0,
    continentality: 0.38,
    expected: {
      ghi: 609.9,
      temperature: [-14.62, -13.99, -10.88, -6.05, -0.76, 3.57, 5.7, 5.04, 1.76, -3.19, -8.44, -12.61],
      cloud: [0.7249, 0.7486, 0.7555, 0.7338],
      rain: [0.8261, 1.1291, 1.2753, 0.9209],
      wind: [6.365, 5.53, 5.234, 6.069],
      dailyRange: [0.973, 5.039, 6.663, 2.126],
      dewDepression: [1.73, 1.934, 2.145, 1.737],
      spread: [3.9325, 2.7625, 2.3475, 3.5175],
      prevailingWind: 90,
    },
  },
  {
    name: 'Alert',
    why: 'high Arctic at 82 degrees: the polar knots',
    latitude: 82.5,
    longitude: -62.35,
    elevation: 106,
    continentality: 0.44,
    expected: {
      ghi: 626.9,
      temperature: [-27.15, -26.29, -22.2, -15.9, -9.01, -3.39, -0.65, -1.58, -5.92, -12.4, -19.23, -24.59],
      cloud: [0.6501, 0.6787, 0.6889, 0.6602],
      rain: [0.3848, 0.4902, 0.5485, 0.4186],
      wind: [5.717, 4.967, 4.701, 5.451],
      dailyRange: [0.968, 3.566, 5.514, 1.32],
      dewDepression: [2.143, 2.355, 2.589, 2.143],
      spread: [4.1734, 2.9135, 2.4666, 3.7265],
      prevailingWind: 90,
    },
  },
  {
    name: 'Vostok',
    why: 'Antarctic plateau at 3.5 km: polar continental winter, lapse rate',
    latitude: -78.46,
    longitude: 106.84,
    elevation: 3498,
    continentality: 0.94,
    expected: {
      ghi: 663.4,
      temperature: [-5.75, -8.76, -18.44, -31.28, -43.28, -51.57, -54.86, -52.84, -45.67, -34.36, -21.39, -10.57],
      cloud: [0.8567, 0.8151, 0.8003, 0.842],
      rain: [0.8677, 0.5092, 0.4334, 0.7215],
      wind: [4.352, 5.046, 5.293, 4.598],
      dailyRange: [12.549, 3.245, 1.926, 8.626],
      dewDepression: [9.797, 8.806, 8.796, 9.283],
      spread: [3.4586, 5.4685, 6.1814, 4.1715],
      prevailingWind: 90,
    },
  },
];

/**
 * Annual GHI of 2024 at a place, kWh/m2, by the typical year's path (syntheticHistory: the same
 * weather state as the served hours, sampled once or twice an hour; its annual GHI agrees with the
 * served hourly values within 0.5 %, test/tmy/consistency.test.ts), without normals: the general
 * rules' cloudiness drives it.
 */
function annualGhi(place: NamedPlace): number {
  const { latitude, longitude, elevation, continentality } = place;
  const history = syntheticHistory(
    { latitude, longitude, elevation, continentality },
    { firstYear: 2024, lastYear: 2024 },
  );
  let wh = 0;
  for (const v of history.columns.ghi as Float64Array) wh += v;
  return wh / 1000;
}

/** The climate card of a place as the general rules give it today (annual GHI: see annualGhi). */
function cardOf(place: NamedPlace, ghi = Number.NaN): ClimateCard {
  const { latitude, longitude, elevation, continentality } = place;
  const climate: PlaceClimate = placeClimate({ latitude, longitude, elevation, continentality });
  const rain = seasonalMeans(climate.precipitation).map((mmPerHour) => mmPerHour * 24) as unknown as Seasons;
  return {
    ghi,
    temperature: monthlyMeans(climate.temperature),
    cloud: seasonalMeans(climate.cloudiness),
    rain,
    wind: seasonalMeans(climate.windSpeed),
    dailyRange: seasonalMeans(climate.diurnalRange),
    dewDepression: seasonalMeans(climate.dewDepression),
    spread: seasonalMeans(climate.temperatureSpread),
    prevailingWind: climate.prevailingWind,
  };
}

/** Every value of a card outside its band around the expected card, as readable lines. */
function outOfBand(got: ClimateCard, want: ClimateCard): string[] {
  const misses: string[] = [];
  const check = (what: string, g: number, w: number, band: number): void => {
    if (!(Math.abs(g - w) <= band)) misses.push(`${what}: ${g} not within ${w} +- ${band}`);
  };
  want.temperature.forEach((w, m) => check(`temperature, month ${m + 1}`, got.temperature[m]!, w, BAND.temperature));
  const seasons = ['DJF', 'MAM', 'JJA', 'SON'];
  for (let s = 0; s < 4; s++) {
    check(`cloud share, ${seasons[s]}`, got.cloud[s], want.cloud[s], BAND.cloud);
    const rainBand = Math.max(BAND.rainAbsolute, BAND.rainRelative * want.rain[s]);
    check(`rain mm/day, ${seasons[s]}`, got.rain[s], want.rain[s], rainBand);
    check(`wind m/s, ${seasons[s]}`, got.wind[s], want.wind[s], BAND.wind);
    check(`daily range K, ${seasons[s]}`, got.dailyRange[s], want.dailyRange[s], BAND.dailyRange);
    check(`dew-point depression K, ${seasons[s]}`, got.dewDepression[s], want.dewDepression[s], BAND.dewDepression);
    check(`synoptic spread K, ${seasons[s]}`, got.spread[s], want.spread[s], BAND.spread);
  }
  check('prevailing wind, degrees', got.prevailingWind, want.prevailingWind, BAND.prevailingWind);
  return misses;
}

/** The card as this file writes it (for SOLARKIT_PRINT_CLIMATE_CARDS). */
function cardLiteral(c: ClimateCard): string {
  const list = (xs: readonly number[], digits: number): string => `[${xs.map((x) => x.toFixed(digits)).join(', ')}]`;
  return [
    `ghi: ${c.ghi.toFixed(1)},`,
    `temperature: ${list(c.temperature, 2)},`,
    `cloud: ${list(c.cloud, 4)}, rain: ${list(c.rain, 4)},`,
    `wind: ${list(c.wind, 3)}, dailyRange: ${list(c.dailyRange, 3)},`,
    `dewDepression: ${list(c.dewDepression, 3)}, spread: ${list(c.spread, 4)}, prevailingWind: ${c.prevailingWind},`,
  ].join('\n');
}

describe('synthetic climate without measured normals: the general rules at named places', () => {
  for (const place of PLACES) {
    it(`${place.name} (${place.why})`, () => {
      const got = cardOf(place);
      expect(outOfBand(got, place.expected)).toEqual([]);
    });
  }
});

describe('synthetic climate without measured normals: annual GHI at the named places', () => {
  for (const place of PLACES) {
    it(`${place.name}: ${place.expected.ghi} kWh/m2 +- ${100 * BAND.ghiRelative} %`, () => {
      const ghi = annualGhi(place);
      if (process.env.SOLARKIT_PRINT_CLIMATE_CARDS) console.log(`${place.name}\n${cardLiteral(cardOf(place, ghi))}`);
      const band = BAND.ghiRelative * place.expected.ghi;
      expect(Math.abs(ghi - place.expected.ghi), `${ghi} kWh/m2`).toBeLessThanOrEqual(band);
    });
  }
});
