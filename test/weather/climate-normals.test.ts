/**
 * The measured climate pinned at named places (issue 29, item 6; the rules' branch is pinned by
 * climate-fallback.test.ts).
 *
 * Wherever the data directory holds the climate grids (the server, `syntheticSource({ placeInfo })`),
 * a place's climate is its measured normals (src/weather/normals.ts: the NCEP/NCAR temperature and
 * wind and the CMAP precipitation of the data directory's climate/ folder, downscaled to the site)
 * turned into seasonal tables by `placeClimate` (src/weather/climate.ts, the `normals` branch). This
 * file pins every coefficient of that path: the node height weighting (`NODE_HEIGHT_TOLERANCE`,
 * its scale), the local temperature regression (`TEMPERATURE_REGRESSION_RADIUS`, its lapse and
 * land priors, `GRID_LAPSE_RATE`), `TEMPERATURE_CORRECTION`, the clearness relation
 * (`CLEARNESS_COEFFICIENTS` and the constants of its terms), the wind speed from the monthly mean
 * vector, `continentalityFromLand`, and what `placeClimate` derives from the normals (cloudiness
 * from the clear-sky index, daily range, dew-point depression).
 *
 * Places: a coast under the Andes (Lima) and a valley under the Himalaya (Kathmandu), whose grid
 * nodes lie kilometres above them; a valley below its surroundings (Sacramento) and a summit above
 * them (Sonnblick); a high plateau (Lhasa); two inland deserts, north and south (Riyadh, Alice
 * Springs); an equatorial island (Singapore); coasts in the westerlies on three seas (Lisbon,
 * Amsterdam, Perth); a continental interior (Winnipeg); an Arctic coast (Utqiagvik) and the high
 * Arctic beyond 78.5 degrees, where the cosine floors act (Alert). Each site's
 * elevation is written here (the station's); its continentality, its land share within 1 degree,
 * the mean surface height around it and the land shares around it come, as the Node adapter's
 * `placeNormals` and `placeInfo` take them, from the data directory's global elevation grid and
 * land mask, and the normals from its climate grids (without them the file skips, naming the file).
 *
 * What is checked, per place: the continentality; by month, the normals' air temperature, rain,
 * 10 m wind speed and clearness index; the prevailing wind; and by season (DJF, MAM, JJA, SON) the
 * climate's share of time under cloud, clear-sky daily temperature range and dew-point depression.
 *
 * Bands (error analysis). The path is deterministic given the grids: a refactoring that serves
 * the same bytes (the project's rule) moves none of these values by more than rounding, about
 * 1e-12; summing the regression's cells in another order moves them by less than 1e-9; the cards
 * below are rounded to a tenth of their band or finer. Each band is at most a quarter of the
 * smallest change that multiplying one coefficient of the path by 1.3 or 0.7 makes to the values
 * it is there to catch, measured by perturbing every coefficient in turn (70 coefficients, the
 * constants of unit conversions included; each then moves some value of some place by 4.2 bands
 * or more):
 * - continentality +-0.001 (weakest: the 3-degree radii of the land windows, 0.03);
 * - temperature +-0.01 K (weakest: the height term of the cycle's correction, f, and the weight
 *   of the land prior of the regression, 0.29 K);
 * - rain +-0.2 % or +-0.001 mm/day, whichever is larger (weakest: the node height tolerance and
 *   scale, 10 bands at Lima, Kathmandu and Lhasa, the places with nodes far above them);
 * - wind +-0.005 m/s (the 0.176 of the mean vector, 0.28 m/s); prevailing wind +-0.1 degree;
 * - clearness index +-0.0005 (weakest: the 10-degree scale of the southern hemisphere's rain
 *   slope, 0.0015 at Lima; the 0.2 floor of the cosine of latitude in landNeighbourPoints,
 *   0.0013 at Alert, the only place beyond 78.5 degrees);
 * - cloud share +-0.0005 (weakest: the 0.02 floor of cloudinessForClearSkyIndex, 0.0021 in a
 *   season at Utqiagvik and Alert);
 * - daily range and dew-point depression +-0.01 K (the constants of their formulas move them by
 *   0.25 K or more; weakest: the 0.1 floor of the sun factor, in the polar night).
 * One constant of the path cannot be pinned: the 0.5 m/s floor of the wind's seasonal table never
 * acts (windSpeedFromMeanVector gives 3.42 m/s or more), at 0.35 or 0.65 as at 0.5.
 * The values are those of the model and grids of 28 November 2026. When the model changes on
 * purpose, print the new cards with SOLARKIT_PRINT_CLIMATE_CARDS=1 npx vitest run
 * test/weather/climate-normals.test.ts and explain the change beside them.
 */
import { describe, expect, it } from 'vitest';
import { type Seasons, seasonalMeans } from '../support/climate-seasons.js';
import { DATA_FILES, hasDataFile } from '../../src/node/data-dir.js';
import { GLOBAL_ELEVATION_FILE, landFraction } from '../../src/node/elevation.js';
import { climateGrids } from '../../src/node/climate-grids.js';
import { normalsSite } from '../../src/node/stations.js';
// From their own modules, not the weather index: the test holds the model whatever the public API exports.
import { continentalityFromLand, placeClimate } from '../../src/weather/climate.js';
import { type ClimateNormals, climateNormalsAt } from '../../src/weather/normals.js';

/** Four seasonal values: December-February, March-May, June-August, September-November. */

interface NormalsCard {
  /** continentalityFromLand on the land mask, 0..1 */
  continentality: number;
  /** monthly mean air temperature of the normals, degrees C */
  temperature: readonly number[];
  /** monthly mean rain of the normals, mm/day */
  rain: readonly number[];
  /** monthly mean 10 m wind speed of the normals, m/s */
  wind: readonly number[];
  /** monthly clearness index Kt of the normals */
  clearness: readonly number[];
  /** direction the annual mean wind comes from, degrees */
  prevailingWind: number;
  /** share of time under cloud of the climate, 0..1 */
  cloud: Seasons;
  /** clear-sky daily temperature range of the climate, K */
  dailyRange: Seasons;
  /** mean dew-point depression of the climate, K */
  dewDepression: Seasons;
}

interface NamedPlace {
  name: string;
  /** the kind of place and the terms of the model it is there for */
  why: string;
  latitude: number;
  longitude: number;
  /** the station's height, m */
  elevation: number;
  expected: NormalsCard;
}

/** Half-widths of the bands (see the error analysis above). */
const BAND = {
  continentality: 0.001,
  temperature: 0.01,
  rainRelative: 0.002,
  rainAbsolute: 0.001,
  wind: 0.005,
  clearness: 0.0005,
  prevailingWind: 0.1,
  cloud: 0.0005,
  dailyRange: 0.01,
  dewDepression: 0.01,
};

const PLACES: NamedPlace[] = [
  {
    name: 'Lima',
    why: 'coast under the Andes: mountain nodes weighted down, the regression across the coast, southern tropics',
    latitude: -12.05,
    longitude: -77.05,
    elevation: 34,
    expected: {
      continentality: 0.809,
      temperature: [21.871, 22.603, 22.586, 21.176, 20.084, 18.853, 17.881, 17.622, 17.525, 17.924, 18.838, 20.078],
      rain: [1.8199, 1.2455, 1.2478, 0.6476, 0.3602, 0.1798, 0.1368, 0.1857, 0.3506, 0.6896, 0.8687, 0.9351],
      wind: [3.7666, 3.7684, 3.7005, 3.5953, 3.6852, 3.7935, 3.8128, 3.7833, 3.6144, 3.5627, 3.6255, 3.6635],
      clearness: [
        0.53805, 0.55115, 0.51807, 0.56873, 0.51828, 0.47226, 0.45447, 0.45484, 0.45436, 0.46726, 0.48339, 0.51615,
      ],
      prevailingWind: 116.81,
      cloud: [0.429, 0.4142, 0.6115, 0.6188],
      dailyRange: [7.435, 7.434, 6.575, 6.848],
      dewDepression: [4.679, 3.876, 2.553, 3.032],
    },
  },
  {
    name: 'Kathmandu',
    why: 'valley under the Himalaya: nodes kilometres above the site, rain of the lower nodes',
    latitude: 27.7,
    longitude: 85.32,
    elevation: 1337,
    expected: {
      continentality: 1.0,
      temperature: [10.428, 12.948, 16.487, 20.004, 22.517, 23.908, 23.801, 24.247, 23.251, 19.791, 15.827, 11.884],
      rain: [0.3917, 0.438, 0.369, 0.7236, 1.8031, 4.8972, 8.574, 7.6126, 5.5153, 1.4006, 0.1513, 0.2053],
      wind: [3.5424, 3.5566, 3.6034, 3.6318, 3.6951, 3.8558, 3.9807, 3.9097, 3.7491, 3.5063, 3.6211, 3.5907],
      clearness: [
        0.59246, 0.64825, 0.60224, 0.55002, 0.51218, 0.45043, 0.38457, 0.41818, 0.4089, 0.59095, 0.63413, 0.63955,
      ],
      prevailingWind: 228.29,
      cloud: [0.2867, 0.5449, 0.88, 0.5261],
      dailyRange: [18.664, 20.004, 14.552, 16.621],
      dewDepression: [8.278, 6.557, 5.562, 6.643],
    },
  },
  {
    name: 'Sacramento',
    why: 'Central Valley: below its surroundings (a valley), the nodes of the Sierra above',
    latitude: 38.58,
    longitude: -121.49,
    elevation: 8,
    expected: {
      continentality: 0.2896,
      temperature: [8.238, 11.058, 12.966, 15.393, 18.879, 21.924, 24.358, 23.891, 21.942, 18.452, 12.58, 7.796],
      rain: [3.1154, 3.4789, 2.5686, 1.2572, 0.7185, 0.2219, 0.0425, 0.0864, 0.3295, 1.104, 2.5503, 3.2093],
      wind: [3.7422, 3.6474, 3.4643, 3.6085, 3.7621, 3.8728, 3.8668, 3.8131, 3.6513, 3.5389, 3.5453, 3.7093],
      clearness: [
        0.42702, 0.53565, 0.55233, 0.60887, 0.62486, 0.6864, 0.69331, 0.68868, 0.68436, 0.63164, 0.55081, 0.45204,
      ],
      prevailingWind: 300.5,
      cloud: [0.5037, 0.2732, 0.042, 0.1188],
      dailyRange: [10.191, 14.772, 17.109, 14.032],
      dewDepression: [2.123, 2.939, 3.997, 3.352],
    },
  },
  {
    name: 'Sonnblick',
    why: 'Alpine summit at 3.1 km: above its surroundings, the height terms of the correction',
    latitude: 47.054,
    longitude: 12.958,
    elevation: 3106,
    expected: {
      continentality: 0.8284,
      temperature: [-12.744, -12.139, -9.264, -5.971, -1.429, 3.706, 6.145, 5.885, 1.943, -2.679, -8.475, -11.672],
      rain: [1.786, 1.7888, 2.1528, 2.366, 2.9774, 3.6105, 3.5892, 3.5727, 3.2188, 2.8618, 2.7713, 2.3467],
      wind: [3.646, 3.623, 3.5741, 3.495, 3.4937, 3.5055, 3.5069, 3.4528, 3.4667, 3.5488, 3.5694, 3.6379],
      clearness: [
        0.42101, 0.42919, 0.41984, 0.41767, 0.4062, 0.39462, 0.40047, 0.40132, 0.40132, 0.40129, 0.3925, 0.39986,
      ],
      prevailingWind: 270.6,
      cloud: [0.8692, 0.9854, 1.0, 0.9712],
      dailyRange: [9.721, 16.809, 17.803, 12.906],
      dewDepression: [7.83, 8.242, 8.722, 7.768],
    },
  },
  {
    name: 'Lhasa',
    why: 'Tibetan plateau at 3.65 km: the lapse rate of the regression and its prior, the height terms',
    latitude: 29.65,
    longitude: 91.1,
    elevation: 3650,
    expected: {
      continentality: 1.0,
      temperature: [-1.931, 0.541, 4.015, 7.977, 11.462, 15.449, 15.532, 14.577, 13.523, 8.004, 2.52, -0.914],
      rain: [0.0688, 0.1067, 0.243, 0.5855, 1.2673, 2.4596, 3.7296, 3.4516, 2.0367, 0.5276, 0.0963, 0.0501],
      wind: [3.919, 4.0332, 4.0768, 4.0627, 4.0705, 4.3261, 4.2529, 4.2083, 4.1887, 3.9437, 3.6644, 3.7865],
      clearness: [
        0.64617, 0.62581, 0.59152, 0.57434, 0.56879, 0.53872, 0.49444, 0.50021, 0.54667, 0.64365, 0.67175, 0.66403,
      ],
      prevailingWind: 225.98,
      cloud: [0.5111, 0.7109, 0.8546, 0.5922],
      dailyRange: [21.346, 21.176, 20.077, 19.213],
      dewDepression: [10.738, 10.113, 10.205, 10.341],
    },
  },
  {
    name: 'Riyadh',
    why: 'subtropical inland desert: little rain, land upwind in the trade-wind belt',
    latitude: 24.7,
    longitude: 46.7,
    elevation: 612,
    expected: {
      continentality: 0.7884,
      temperature: [15.065, 16.625, 21.11, 24.712, 29.687, 32.143, 33.62, 34.087, 30.587, 25.585, 20.569, 15.127],
      rain: [0.4691, 0.3522, 0.8173, 0.6376, 0.2813, 0.0472, 0.0052, 0.0136, 0.0032, 0.0589, 0.3394, 0.4405],
      wind: [3.5568, 3.5944, 3.626, 3.6368, 3.5673, 3.7258, 3.8261, 3.7432, 3.6326, 3.4961, 3.6047, 3.5935],
      clearness: [
        0.56947, 0.6296, 0.53402, 0.5658, 0.58485, 0.65936, 0.6542, 0.63614, 0.63183, 0.67333, 0.65814, 0.57458,
      ],
      prevailingWind: 57.45,
      cloud: [0.2866, 0.4333, 0.1977, 0.1372],
      dailyRange: [28.722, 31.401, 23.924, 25.387],
      dewDepression: [5.98, 5.277, 7.758, 7.496],
    },
  },
  {
    name: 'Alice Springs',
    why: 'southern inland desert: the southern rain slope, trade-wind belt',
    latitude: -23.8,
    longitude: 133.88,
    elevation: 545,
    expected: {
      continentality: 0.9627,
      temperature: [28.499, 27.954, 25.415, 20.407, 15.367, 12.329, 11.842, 14.344, 18.424, 22.892, 25.92, 27.451],
      rain: [1.361, 1.4841, 1.0822, 0.6338, 0.5983, 0.4561, 0.4002, 0.1834, 0.288, 0.673, 1.0146, 1.3875],
      wind: [3.9163, 4.0121, 4.063, 3.9845, 3.8753, 3.8204, 3.7508, 3.7198, 3.6896, 3.8013, 3.7733, 3.8574],
      clearness: [
        0.63802, 0.64988, 0.66312, 0.67891, 0.66082, 0.66648, 0.68881, 0.70473, 0.68683, 0.66695, 0.65004, 0.63823,
      ],
      prevailingWind: 121.83,
      cloud: [0.2052, 0.094, 0.0391, 0.1424],
      dailyRange: [16.126, 15.673, 16.285, 17.408],
      dewDepression: [8.632, 8.973, 9.702, 8.886],
    },
  },
  {
    name: 'Singapore',
    why: 'equatorial island: the tropical terms, sea around',
    latitude: 1.35,
    longitude: 103.82,
    elevation: 15,
    expected: {
      continentality: 0.4487,
      temperature: [26.609, 27.434, 27.82, 28.153, 28.278, 28.185, 27.716, 27.635, 27.501, 27.555, 27.093, 26.53],
      rain: [6.9573, 4.1172, 6.1912, 6.2572, 6.063, 5.0398, 5.4292, 5.4546, 6.1134, 6.5278, 9.4448, 10.293],
      wind: [3.8384, 3.7932, 3.5925, 3.4621, 3.6167, 3.7076, 3.7623, 3.764, 3.6875, 3.5584, 3.5476, 3.735],
      clearness: [
        0.47369, 0.51381, 0.49816, 0.48361, 0.4835, 0.48768, 0.49018, 0.48396, 0.46284, 0.45228, 0.42869, 0.42721,
      ],
      prevailingWind: 208.66,
      cloud: [0.5913, 0.5548, 0.5476, 0.6646],
      dailyRange: [9.21, 9.901, 8.708, 9.505],
      dewDepression: [2.161, 2.528, 2.813, 1.963],
    },
  },
  {
    name: 'Lisbon',
    why: 'Atlantic coast in the westerlies: sea upwind, land downwind',
    latitude: 38.72,
    longitude: -9.14,
    elevation: 77,
    expected: {
      continentality: 0.1614,
      temperature: [10.938, 11.905, 14.337, 15.354, 17.404, 20.889, 22.443, 22.947, 21.881, 18.413, 14.431, 11.49],
      rain: [2.5257, 2.3244, 1.4974, 1.9485, 1.4699, 0.5345, 0.1706, 0.2578, 1.0301, 2.6675, 3.0828, 3.4425],
      wind: [3.5466, 3.6924, 3.6745, 3.8404, 3.9094, 4.1544, 4.3474, 4.209, 3.9195, 3.5453, 3.6235, 3.566],
      clearness: [
        0.46167, 0.47638, 0.50972, 0.51881, 0.55168, 0.57584, 0.62941, 0.6402, 0.57777, 0.52618, 0.48016, 0.45928,
      ],
      prevailingWind: 340.83,
      cloud: [0.5174, 0.464, 0.2113, 0.3759],
      dailyRange: [8.697, 10.139, 10.42, 9.222],
      dewDepression: [1.956, 2.13, 2.665, 2.174],
    },
  },
  {
    name: 'Amsterdam',
    why: 'North Sea coast: the storm track, half land',
    latitude: 52.37,
    longitude: 4.9,
    elevation: 0,
    expected: {
      continentality: 0.4418,
      temperature: [2.257, 2.578, 5.437, 8.435, 12.48, 15.375, 17.287, 17.281, 14.405, 10.54, 6.265, 3.328],
      rain: [2.1893, 1.7475, 1.8381, 1.4435, 1.8631, 2.1554, 2.2103, 2.1451, 2.2137, 2.2026, 2.2523, 2.2261],
      wind: [4.0007, 3.8867, 3.7027, 3.5239, 3.5494, 3.6626, 3.6921, 3.7065, 3.6887, 3.8007, 3.9011, 3.9703],
      clearness: [
        0.35055, 0.38297, 0.39831, 0.44218, 0.44271, 0.42506, 0.43223, 0.43607, 0.40998, 0.39143, 0.34894, 0.33619,
      ],
      prevailingWind: 240.86,
      cloud: [0.7147, 0.7124, 0.6963, 0.7086],
      dailyRange: [7.534, 13.009, 13.207, 10.403],
      dewDepression: [1.791, 2.081, 2.367, 1.825],
    },
  },
  {
    name: 'Winnipeg',
    why: 'continental interior: the largest annual range, land all round',
    latitude: 49.9,
    longitude: -97.14,
    elevation: 239,
    expected: {
      continentality: 0.9994,
      temperature: [-18.577, -15.609, -7.223, 3.585, 11.615, 16.201, 19.198, 18.22, 12.258, 5.136, -4.821, -14.66],
      rain: [0.5514, 0.4781, 0.8015, 0.9536, 1.9296, 2.8027, 2.4044, 2.0748, 1.7154, 1.3733, 0.8217, 0.6001],
      wind: [3.64, 3.6082, 3.4811, 3.496, 3.4824, 3.4732, 3.5706, 3.5598, 3.5467, 3.5889, 3.6048, 3.6066],
      clearness: [
        0.45874, 0.48129, 0.48301, 0.52044, 0.51534, 0.49509, 0.52605, 0.53024, 0.47548, 0.45361, 0.41677, 0.44198,
      ],
      prevailingWind: 261.43,
      cloud: [0.4196, 0.5134, 0.48, 0.5393],
      dailyRange: [12.568, 15.392, 16.428, 14.274],
      dewDepression: [4.692, 4.517, 5.39, 3.734],
    },
  },
  {
    name: 'Perth',
    why: 'southern west coast: the westerlies off the Indian Ocean',
    latitude: -31.95,
    longitude: 115.86,
    elevation: 25,
    expected: {
      continentality: 0.2287,
      temperature: [24.191, 24.672, 23.167, 19.709, 16.218, 13.727, 12.722, 13.214, 14.709, 17.214, 20.192, 22.207],
      rain: [0.4891, 0.6239, 0.7475, 1.0288, 2.3709, 3.2674, 3.3054, 2.5749, 1.8243, 0.9974, 0.7851, 0.3962],
      wind: [4.0027, 3.9471, 3.8467, 3.6329, 3.4587, 3.5727, 3.6073, 3.5858, 3.6601, 3.7475, 3.8251, 3.9574],
      clearness: [
        0.67687, 0.70074, 0.65637, 0.63463, 0.58587, 0.56006, 0.55483, 0.5834, 0.59063, 0.62723, 0.65077, 0.66153,
      ],
      prevailingWind: 181.0,
      cloud: [0.058, 0.1162, 0.2562, 0.1992],
      dailyRange: [13.612, 12.562, 11.553, 12.322],
      dewDepression: [3.454, 2.997, 2.563, 2.876],
    },
  },
  {
    name: 'Utqiagvik',
    why: 'Arctic coast: polar easterlies, sea ice',
    latitude: 71.29,
    longitude: -156.79,
    elevation: 10,
    expected: {
      continentality: 0.3834,
      temperature: [-28.741, -27.248, -24.942, -15.438, -4.065, 3.334, 5.78, 4.657, 1.552, -6.505, -18.889, -27.278],
      rain: [0.1504, 0.1591, 0.1208, 0.1596, 0.1666, 0.2769, 0.8499, 0.9109, 0.6477, 0.3836, 0.214, 0.1566],
      wind: [3.4998, 3.6132, 3.5716, 3.769, 3.7574, 3.6653, 3.5271, 3.5355, 3.7255, 3.8661, 3.6425, 3.7081],
      clearness: [
        0.49359, 0.49186, 0.49973, 0.49177, 0.49041, 0.47123, 0.40983, 0.40532, 0.42685, 0.45598, 0.48165, 0.49236,
      ],
      prevailingWind: 80.99,
      cloud: [0.3962, 0.3951, 0.6096, 0.252],
      dailyRange: [1.141, 5.869, 7.185, 2.532],
      dewDepression: [3.131, 2.912, 2.479, 3.391],
    },
  },
  {
    name: 'Alert',
    why: 'high Arctic at 82.5 degrees: the floors of the cosine of latitude in the neighbour points',
    latitude: 82.5,
    longitude: -62.35,
    elevation: 65,
    expected: {
      continentality: 0.4398,
      temperature: [
        -34.703, -34.567, -33.357, -23.139, -9.404, 0.476, 1.977, -1.165, -12.44, -22.411, -28.593, -32.268,
      ],
      rain: [0.3166, 0.3993, 0.1926, 0.225, 0.2645, 0.5691, 0.6151, 0.3911, 0.3384, 0.2853, 0.1907, 0.1621],
      wind: [3.7006, 3.7245, 3.7727, 3.6837, 3.5715, 3.6089, 3.6798, 3.7887, 3.8549, 3.8345, 3.8208, 3.7129],
      clearness: [
        0.4275, 0.4164, 0.44749, 0.44179, 0.43533, 0.39742, 0.39296, 0.41744, 0.42443, 0.43211, 0.44783, 0.45321,
      ],
      prevailingWind: 236.17,
      cloud: [0.9435, 0.3632, 0.6166, 0.3742],
      dailyRange: [0.838, 3.858, 5.557, 1.495],
      dewDepression: [1.668, 3.553, 2.769, 3.595],
    },
  },
];

/** The first climate or elevation file the data directory lacks, or undefined when it has them all. */
function missingDataFile(): string | undefined {
  const needed = [GLOBAL_ELEVATION_FILE, ...DATA_FILES.map((f) => f.path).filter((p) => p.startsWith('climate/'))];
  return needed.find((path) => !hasDataFile(path));
}

/**
 * The card of a place as the model gives it today: continentality and normals as the Node adapter
 * derives them (placeInfo, placeNormals), at the station's elevation, without the calibration
 * years' residuals: near a real year (Alice Springs is one; Sonnblick, Lisbon and Perth lie
 * within its radius) they would carry the real year's values and hide the coefficients this file
 * pins. test/weather/calibration-anchors.test.ts checks them.
 */
function cardOf(place: NamedPlace): NormalsCard {
  const { latitude, longitude, elevation } = place;
  const continentality = continentalityFromLand(latitude, longitude, landFraction);
  const normals: ClimateNormals = climateNormalsAt(
    { ...climateGrids(), calibration: undefined },
    normalsSite(latitude, longitude, elevation, continentality),
  );
  const climate = placeClimate({ latitude, longitude, elevation, continentality, normals });
  return {
    continentality,
    temperature: [...normals.temperature],
    rain: [...normals.precipitation],
    wind: [...normals.windSpeed],
    clearness: [...normals.clearnessIndex],
    prevailingWind: normals.prevailingWind,
    cloud: seasonalMeans(climate.cloudiness),
    dailyRange: seasonalMeans(climate.diurnalRange),
    dewDepression: seasonalMeans(climate.dewDepression),
  };
}

/** Every value of a card outside its band around the expected card, as readable lines. */
function outOfBand(got: NormalsCard, want: NormalsCard): string[] {
  const misses: string[] = [];
  const check = (what: string, g: number, w: number, band: number): void => {
    if (!(Math.abs(g - w) <= band)) misses.push(`${what}: ${g} not within ${w} +- ${band}`);
  };
  check('continentality', got.continentality, want.continentality, BAND.continentality);
  for (let m = 0; m < 12; m++) {
    const month = `month ${m + 1}`;
    check(`temperature, ${month}`, got.temperature[m]!, want.temperature[m]!, BAND.temperature);
    const rainBand = Math.max(BAND.rainAbsolute, BAND.rainRelative * want.rain[m]!);
    check(`rain mm/day, ${month}`, got.rain[m]!, want.rain[m]!, rainBand);
    check(`wind m/s, ${month}`, got.wind[m]!, want.wind[m]!, BAND.wind);
    check(`clearness index, ${month}`, got.clearness[m]!, want.clearness[m]!, BAND.clearness);
  }
  check('prevailing wind, degrees', got.prevailingWind, want.prevailingWind, BAND.prevailingWind);
  const seasons = ['DJF', 'MAM', 'JJA', 'SON'];
  for (let s = 0; s < 4; s++) {
    check(`cloud share, ${seasons[s]}`, got.cloud[s], want.cloud[s], BAND.cloud);
    check(`daily range K, ${seasons[s]}`, got.dailyRange[s], want.dailyRange[s], BAND.dailyRange);
    check(`dew-point depression K, ${seasons[s]}`, got.dewDepression[s], want.dewDepression[s], BAND.dewDepression);
  }
  return misses;
}

/** The card as this file writes it (for SOLARKIT_PRINT_CLIMATE_CARDS). */
function cardLiteral(c: NormalsCard): string {
  const list = (xs: readonly number[], digits: number): string => `[${xs.map((x) => x.toFixed(digits)).join(', ')}]`;
  return [
    `continentality: ${c.continentality.toFixed(4)},`,
    `temperature: ${list(c.temperature, 3)},`,
    `rain: ${list(c.rain, 4)},`,
    `wind: ${list(c.wind, 4)},`,
    `clearness: ${list(c.clearness, 5)},`,
    `prevailingWind: ${c.prevailingWind.toFixed(2)},`,
    `cloud: ${list(c.cloud, 4)}, dailyRange: ${list(c.dailyRange, 3)}, dewDepression: ${list(c.dewDepression, 3)},`,
  ].join('\n');
}

const missing = missingDataFile();
if (missing === undefined) {
  describe('synthetic climate from measured normals: the grids-based model at named places', () => {
    for (const place of PLACES) {
      it(`${place.name} (${place.why})`, () => {
        const got = cardOf(place);
        if (process.env.SOLARKIT_PRINT_CLIMATE_CARDS) console.log(`${place.name}\n${cardLiteral(got)}`);
        expect(outOfBand(got, place.expected)).toEqual([]);
      });
    }
  });
} else {
  const reason = `${missing} is not in the data directory (see the README's "Data" section)`;
  console.warn(`SKIPPED the measured climate at named places: ${reason}`);
  describe.skip(`synthetic climate from measured normals: SKIPPED, ${reason}`, () => {
    it('needs the climate and elevation grids', () => {});
  });
}

describe('synthetic climate from measured normals: the wind floor of normals a user gives', () => {
  // The grids' relation (windSpeedFromMeanVector) never gives less than 3.42 m/s, so the 0.5 m/s
  // floor of the seasonal wind acts only on normals a caller passes (WeatherPlace.normals): pin it
  // there. A calm year (0.1 m/s every month) is raised to the floor everywhere; a windy one is not.
  const normals = (wind: number): ClimateNormals => ({
    temperature: new Float64Array(12).fill(15),
    precipitation: new Float64Array(12).fill(2),
    windSpeed: new Float64Array(12).fill(wind),
    prevailingWind: 270,
    clearnessIndex: new Float64Array(12).fill(0.5),
    clearSkyIndex: new Float64Array(12).fill(0.7),
  });
  const place = { latitude: 45, longitude: 10, elevation: 100, continentality: 0.5 };

  it('raises a calmer-than-0.5 m/s month to 0.5 m/s, and leaves 3 m/s as it is', () => {
    const calm = placeClimate({ ...place, normals: normals(0.1) }).windSpeed;
    expect(Math.min(...calm)).toBe(0.5);
    expect(Math.max(...calm)).toBe(0.5);
    const windy = placeClimate({ ...place, normals: normals(3) }).windSpeed;
    for (const v of windy) expect(v).toBeCloseTo(3, 12);
  });
});
