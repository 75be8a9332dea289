/**
 * Measured monthly climate normals of a place, from global gridded long-term means: NCEP/NCAR
 * Reanalysis 1 2 m air temperature and 10 m wind 1991-2020 (Kalnay et al. 1996, Bull. Amer.
 * Meteor. Soc. 77, 437-471; T62 Gaussian grid, ~1.9 degrees) and CMAP precipitation 1981-2010
 * (Xie & Arkin 1997, Bull. Amer. Meteor. Soc. 78, 2539-2558; 2.5 degrees), both from the NOAA PSL.
 *
 * Pure: the grids come in as typed arrays (the Node adapter src/node/climate-grids.ts reads them
 * from the data directory); this module only interpolates and downscales them to a site.
 */

import { skyAtInstants, stationPressure } from './sky.js';
import { type CalibrationYears, calibrationOffsets } from './calibration-anchors.js';
import { type ClimateStations, stationAnchors } from './stations.js';

/** One gridded monthly climatology: 12 months of a [latitude][longitude] field. */
export interface ClimateGrid {
  /** values, C order [12][latitudes.length][longitudes.length]; NaN is missing */
  values: Float32Array;
  /** cell-centre latitudes, degrees north, strictly decreasing (north to south) */
  latitudes: Float64Array;
  /** cell-centre longitudes, degrees east, equally spaced, covering 360 degrees */
  longitudes: Float64Array;
}

/** The grids the measured climate is built from. */
export interface ClimateGrids {
  /** 2 m air temperature, degrees C, at the grid's own (cell-mean) surface */
  temperature: ClimateGrid;
  /** precipitation, mm/day */
  precipitation: ClimateGrid;
  /** monthly mean 10 m eastward wind component, m/s */
  uWind: ClimateGrid;
  /** monthly mean 10 m northward wind component, m/s */
  vWind: ClimateGrid;
  /** mean surface elevation of each temperature-grid cell, m (sea 0), [latitudes][longitudes] */
  cellElevation: Float32Array;
  /** share of land in each temperature-grid cell, 0..1, [latitudes][longitudes] */
  cellLandShare: Float32Array;
  /** mean surface elevation of each precipitation-grid cell, m (sea 0) */
  precipitationCellElevation: Float32Array;
  /**
   * climate stations' monthly normals (sunshine, daily low and high), the anchors of the
   * clearness and the temperatures near them (src/weather/stations.ts); absent: the grids alone
   */
  stations?: ClimateStations;
  /**
   * real typical years at calibration places, whose residuals against the station-anchored
   * relation are carried to sites within a few hundred km (src/weather/calibration-anchors.ts);
   * absent (or without stations): the relation alone
   */
  calibration?: CalibrationYears;
}

/** Monthly normals of a place (index 0 = January). */
export interface ClimateNormals {
  /** monthly mean air temperature at the site's elevation, degrees C */
  temperature: Float64Array;
  /** monthly mean precipitation, mm/day */
  precipitation: Float64Array;
  /** monthly mean 10 m wind speed, m/s */
  windSpeed: Float64Array;
  /** direction the annual mean wind comes from, degrees (0 north, 90 east) */
  prevailingWind: number;
  /** monthly clearness index Kt: GHI over extraterrestrial horizontal irradiation (`monthlyClearnessIndex`) */
  clearnessIndex: Float64Array;
  /**
   * monthly clear-sky index: the month's GHI over its clear-sky GHI (Ineichen with the Linke
   * turbidity climatology, src/atmosphere), Kt x `extraterrestrialToClearSky`, 0.3..0.98
   */
  clearSkyIndex: Float64Array;
  /** monthly mean daily range of air temperature (mean daily high - low) from the stations, K */
  dailyRange?: Float64Array;
  /** how much {@link ClimateNormals.dailyRange} counts against the rules' range, 0..1 */
  dailyRangeWeight?: number;
}

/** Where a site is, as the downscaling needs it. */
export interface NormalsSite {
  /** degrees north */
  latitude: number;
  /** degrees east */
  longitude: number;
  /** m above sea level */
  elevation: number;
  /** 0 (open sea) .. 1 (deep inland), see continentalityFromLand */
  continentality: number;
  /** share of land within 1 degree, 0..1 (the Node adapter reads the land mask); default 1 */
  landShare?: number;
  /**
   * mean surface height within 1 degree of the site, m (sea 0; the Node adapter reads the global
   * elevation grid, meanElevationAround); default the site's own elevation (no valley or ridge)
   */
  surroundingElevation?: number;
  /**
   * share of land within 1 degree of the four points `landNeighbourPoints` (1.5 degrees
   * north, east, south and west of the site), 0..1 each: the clearness relation takes the land
   * share upwind of the annual mean wind from them (`upwindLandShare`); default the site's
   * landShare in every direction
   */
  landShareAround?: LandShareAround;
}

/**
 * Share of land (0..1) within 1 degree of each of the points `landNeighbourPoints`: 1.5 degrees
 * of latitude north, east, south and west of a site.
 */
export interface LandShareAround {
  /** Share of land around the point north of the site, 0..1. */
  north: number;
  /** Share of land around the point east of the site, 0..1. */
  east: number;
  /** Share of land around the point south of the site, 0..1. */
  south: number;
  /** Share of land around the point west of the site, 0..1. */
  west: number;
}

/** How far from a site the four points of {@link landNeighbourPoints} lie, degrees of latitude. */
export const LAND_NEIGHBOUR_DISTANCE = 1.5;

/**
 * The four points whose land share describes what lies north, east, south and west of a site:
 * {@link LAND_NEIGHBOUR_DISTANCE} degrees of latitude away north and south (held within +-89.9),
 * and the same distance east and west (1.5 / max(0.2, cos latitude) degrees of longitude, wrapped
 * into -180..180).
 * @param latitude degrees north
 * @param longitude degrees east
 * @returns { north, east, south, west }, each { latitude, longitude } in degrees
 * @example
 * landNeighbourPoints(0, 179).east; // => { latitude: 0, longitude: -179.5 }
 */
export function landNeighbourPoints(
  latitude: number,
  longitude: number,
): Record<keyof LandShareAround, { latitude: number; longitude: number }> {
  const d = LAND_NEIGHBOUR_DISTANCE;
  const dLon = d / Math.max(0.2, Math.cos((latitude * Math.PI) / 180));
  const lat = (x: number): number => Math.max(-89.9, Math.min(89.9, x));
  const lon = (x: number): number => ((((x + 180) % 360) + 360) % 360) - 180;
  return {
    north: { latitude: lat(latitude + d), longitude },
    east: { latitude, longitude: lon(longitude + dLon) },
    south: { latitude: lat(latitude - d), longitude },
    west: { latitude, longitude: lon(longitude - dLon) },
  };
}

/**
 * Share of land upwind of a place: the land shares around it ({@link landNeighbourPoints})
 * weighted by the components of the annual mean 10 m wind blowing from each side (a westerly
 * takes the west's share, a south-westerly the west's and the south's in proportion to the two
 * components). Air that has crossed land brings fewer clouds than air off the sea (Europe under
 * the Atlantic westerlies against the US east coast under continental westerlies).
 * @param uMean annual mean eastward wind, m/s
 * @param vMean annual mean northward wind, m/s
 * @param around land shares around the place, 0..1
 * @returns 0..1 (0 in a dead calm)
 * @example
 * // A westerly off the sea:
 * upwindLandShare(4, 0, { north: 1, east: 1, south: 1, west: 0.1 }); // about 0.1
 */
export function upwindLandShare(uMean: number, vMean: number, around: LandShareAround): number {
  const weight = Math.abs(uMean) + Math.abs(vMean) + 1e-6;
  return (
    (Math.max(uMean, 0) * around.west +
      Math.max(-uMean, 0) * around.east +
      Math.max(vMean, 0) * around.south +
      Math.max(-vMean, 0) * around.north) /
    weight
  );
}

/**
 * Lapse rate between a site and its grid cell's mean elevation, K/m: the standard atmosphere's
 * 6.5 K/km.
 */
export const GRID_LAPSE_RATE = 0.0065;

/**
 * A grid node whose cell lies more than this (m) above the site counts less, with weight
 * exp(-((dz - 300) / 1000)^2): a coast below a mountain cell (the Andes behind Lima's cold-current
 * desert) takes its temperature from the sea-level nodes, not from a mountain node brought down
 * by a lapse rate through the coastal inversion.
 */
export const NODE_HEIGHT_TOLERANCE = 300;
const NODE_HEIGHT_SCALE = 1000;

/** Weight of a grid node whose cell lies dz metres above the site (1 up to the tolerance). */
function nodeHeightWeight(dz: number): number {
  const q = Math.max(0, dz - NODE_HEIGHT_TOLERANCE) / NODE_HEIGHT_SCALE;
  return Math.exp(-q * q) + 1e-9;
}

/**
 * Correction of the downscaled grid temperature at a site (least squares on the 50 real typical
 * years of weather/calibration, see docs/weather.md and scripts/calibrate-climate.ts): T = T_grid
 * + a + b x continentality + c x z + (d + e x land share within 1 degree + f x z) x (T_grid - its
 * annual mean) / 10, with T_grid from {@link regressedGridTemperature} and z the site's elevation
 * in km. A station among much sea has a larger annual cycle than the sea cells around it (the land
 * heats and cools) but lies in cooler air than inland places; high stations are warmer, by about
 * 0.8 K per km of their height, than the reanalysis's height-temperature relation around them
 * makes them (valley and plateau air is heated by the ground it lies on), with a smaller annual
 * cycle.
 */
export const TEMPERATURE_CORRECTION = [-0.9168, 1.2149, 0.7847, 1.6479, -2.0531, -0.263] as const;

/** Bracketing indices and weight along a strictly decreasing axis (clamped at the ends). */
function latitudeBracket(axis: Float64Array, x: number): [number, number, number] {
  const n = axis.length;
  if (x >= axis[0]!) return [0, 0, 0];
  if (x <= axis[n - 1]!) return [n - 1, n - 1, 0];
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (axis[mid]! >= x) lo = mid;
    else hi = mid;
  }
  const f = (axis[lo]! - x) / (axis[lo]! - axis[hi]!);
  return [lo, hi, f];
}

/** Bracketing indices and weight along an equally spaced, wrapping longitude axis. */
function longitudeBracket(axis: Float64Array, x: number): [number, number, number] {
  const n = axis.length;
  const step = 360 / n;
  let p = (x - axis[0]!) / step;
  p -= n * Math.floor(p / n);
  const i = Math.floor(p);
  return [i % n, (i + 1) % n, p - i];
}

/** The four nodes around a point with their bilinear weights: [index, weight] x 4. */
function nodes(grid: ClimateGrid, latitude: number, longitude: number): number[] {
  const [r0, r1, fr] = latitudeBracket(grid.latitudes, latitude);
  const [c0, c1, fc] = longitudeBracket(grid.longitudes, longitude);
  const nlon = grid.longitudes.length;
  return [
    r0 * nlon + c0,
    (1 - fr) * (1 - fc),
    r0 * nlon + c1,
    (1 - fr) * fc,
    r1 * nlon + c0,
    fr * (1 - fc),
    r1 * nlon + c1,
    fr * fc,
  ];
}

/**
 * Bilinear value of a grid at a point for each month (NaN nodes left out, their weight given to
 * the others; all missing gives 0). Continuous in space: no step at cell edges.
 * @param extraWeight optional weight per node (multiplies the bilinear weight)
 * @example
 * // Mumbai, mm/day by month: the monsoon peaks in July.
 * const rain = sampleClimateGrid(climateGrids().precipitation, 19.1, 72.9);
 * rain.indexOf(Math.max(...rain)); // => 6
 */
export function sampleClimateGrid(
  grid: ClimateGrid,
  latitude: number,
  longitude: number,
  extraWeight?: (node: number) => number,
): Float64Array {
  const cells = grid.latitudes.length * grid.longitudes.length;
  const around = nodes(grid, latitude, longitude);
  const w = [0, 0, 0, 0];
  for (let k = 0; k < 4; k++) w[k] = around[2 * k + 1]! * (extraWeight ? extraWeight(around[2 * k]!) : 1);
  const out = new Float64Array(12);
  for (let m = 0; m < 12; m++) {
    let s = 0;
    let sw = 0;
    for (let k = 0; k < 4; k++) {
      const v = grid.values[m * cells + around[2 * k]!]!;
      if (!Number.isFinite(v) || w[k] === 0) continue;
      s += w[k]! * v;
      sw += w[k]!;
    }
    out[m] = sw > 0 ? s / sw : 0;
  }
  return out;
}

/**
 * Mean surface elevation of the temperature grid's cells interpolated bilinearly to a point, m
 * (sea 0): the height the grid's 2 m temperature there refers to, and a site elevation where
 * nothing finer is known. Continuous in space.
 * @returns m above sea level
 * @example
 * // Lima: the coarse cells reach up the Andes, far above the coast (climateGrids from solarkit/node)
 * gridSurfaceElevation(climateGrids(), -12.05, -77.05); // about 1365
 */
export function gridSurfaceElevation(grids: ClimateGrids, latitude: number, longitude: number): number {
  const around = nodes(grids.temperature, latitude, longitude);
  let s = 0;
  for (let k = 0; k < 4; k++) s += around[2 * k + 1]! * grids.cellElevation[around[2 * k]!]!;
  return s;
}

/**
 * Monthly mean air temperature at a site, degrees C: the 2 m temperature grid brought to the site
 * by a local regression on the cells' elevation and land share ({@link regressedGridTemperature}),
 * then {@link TEMPERATURE_CORRECTION} for land, sea and height. Continuous in space.
 * @returns 12 monthly means, degrees C
 * @example
 * // Paris in January:
 * const t = siteTemperature(climateGrids(), { latitude: 48.73, longitude: 2.4, elevation: 96, continentality: 0.45, landShare: 1 });
 * t[0]; // about 3.6 degrees C
 */
export function siteTemperature(grids: ClimateGrids, site: NormalsSite): Float64Array {
  return correctedTemperature(regressedGridTemperature(grids, site), site);
}

/**
 * {@link TEMPERATURE_CORRECTION} applied to the grid's monthly temperature at a site
 * ({@link regressedGridTemperature}).
 * @param raw 12 monthly means, degrees C
 * @returns 12 monthly means, degrees C
 * @example
 * // Paris-Orly in January (climateGrids from solarkit/node)
 * const site = { latitude: 48.73, longitude: 2.4, elevation: 96, continentality: 0.45, landShare: 1 };
 * correctedTemperature(regressedGridTemperature(climateGrids(), site), site)[0]; // about 3.6
 */
export function correctedTemperature(raw: ArrayLike<number>, site: NormalsSite): Float64Array {
  let mean = 0;
  for (let m = 0; m < 12; m++) mean += raw[m]! / 12;
  const [a, b, c, d, e, f] = TEMPERATURE_CORRECTION;
  const cont = Math.min(1, Math.max(0, site.continentality));
  const land = Math.min(1, Math.max(0, site.landShare ?? 1));
  const z = site.elevation / 1000;
  const offset = a + b * cont + c * z;
  const cycle = (d + e * land + f * z) / 10;
  const out = new Float64Array(12);
  for (let m = 0; m < 12; m++) out[m] = raw[m]! + offset + cycle * (raw[m]! - mean);
  return out;
}

/**
 * The grid's monthly 2 m temperature brought to a site by bilinear interpolation: each of the four
 * nodes by the lapse rate to the site's elevation, nodes far above the site weighted down. The
 * clearness relation reads its annual range ({@link ClearnessInputs}); the served temperature comes
 * from {@link regressedGridTemperature}.
 * @returns 12 monthly means, degrees C
 * @example
 * // Lima, January:
 * const raw = gridTemperatureAtSite(climateGrids(), { latitude: -12.05, longitude: -77.05, elevation: 70, continentality: 0.8 });
 * raw[0]; // about 20.6 degrees C
 */
export function gridTemperatureAtSite(grids: ClimateGrids, site: NormalsSite): Float64Array {
  const g = grids.temperature;
  const cells = g.latitudes.length * g.longitudes.length;
  const around = nodes(g, site.latitude, site.longitude);
  const raw = new Float64Array(12);
  const w = [0, 0, 0, 0];
  const shift = [0, 0, 0, 0];
  for (let k = 0; k < 4; k++) {
    const dz = grids.cellElevation[around[2 * k]!]! - site.elevation;
    w[k] = around[2 * k + 1]! * nodeHeightWeight(dz);
    shift[k] = GRID_LAPSE_RATE * dz;
  }
  for (let m = 0; m < 12; m++) {
    let s = 0;
    let sw = 0;
    for (let k = 0; k < 4; k++) {
      const v = g.values[m * cells + around[2 * k]!]!;
      if (!Number.isFinite(v)) continue;
      s += w[k]! * (v + shift[k]!);
      sw += w[k]!;
    }
    raw[m] = sw > 0 ? s / sw : 0;
  }
  return raw;
}

/**
 * Radius of the local regression of {@link regressedGridTemperature}, degrees (latitude, and
 * longitude times the cosine of the site's latitude): about 550 km, 2.7 cells of the T62 grid, so
 * the regression sees enough cells of different heights and land shares (scripts/calibrate-climate.ts:
 * 3 degrees did less well at places the fit never saw, 5 and 6 alike).
 */
export const TEMPERATURE_REGRESSION_RADIUS = 5;
/**
 * The regression's priors, as weights in units of one cell at the site: its lapse rate is drawn
 * towards the free air's 6.5 K/km ({@link GRID_LAPSE_RATE}) with weight 3 and its land-sea step
 * towards 0 with weight 1, so a neighbourhood of cells of one height (plains, open sea) or one
 * land share still gives a well-posed fit.
 */
const LAPSE_PRIOR_WEIGHT = 3;
const LAND_PRIOR_WEIGHT = 1;

/**
 * The grid's monthly 2 m temperature at a site by a local regression, as station climatologies
 * are interpolated over mountains and coasts (PRISM: Daly et al. 2008, Int. J. Climatol. 28,
 * 2031-2064; Daymet: Thornton et al. 1997, J. Hydrol. 190, 214-251): for each month, the cells
 * within {@link TEMPERATURE_REGRESSION_RADIUS} of the site are fitted by T = a + L x (cell mean
 * elevation) + s x (cell land share), weighted (1 - (d / radius)^2)^2 by their distance d, with
 * priors L -> -6.5 K/km and s -> 0; the fit is evaluated at the site's elevation and land share
 * within 1 degree. The reanalysis's own relation between height, land and temperature around the
 * site replaces the four nodes of a bilinear interpolation, which smear a mountain cell into the
 * valley beside it or a sea cell onto the coast: on 476 real typical years more than 400 km from
 * the calibration places, 295 -> 317 pass the temperature criterion (docs/weather.md).
 * Continuous in space (the weights fall to 0 with zero slope at the radius) and linear in the
 * site's elevation.
 * @returns 12 monthly means, degrees C, before {@link TEMPERATURE_CORRECTION}
 * @example
 * // Lima's coast under the Andes, January (climateGrids from solarkit/node):
 * const raw = regressedGridTemperature(climateGrids(), { latitude: -12.05, longitude: -77.05, elevation: 70, continentality: 0.8, landShare: 0.45 });
 * raw[0]; // about 21.1 degrees C
 */
export function regressedGridTemperature(grids: ClimateGrids, site: NormalsSite): Float64Array {
  const g = grids.temperature;
  const nlat = g.latitudes.length;
  const nlon = g.longitudes.length;
  const cells = nlat * nlon;
  const radius = TEMPERATURE_REGRESSION_RADIUS;
  const cosLat = Math.cos((site.latitude * Math.PI) / 180);
  const step = 360 / nlon;
  // Columns within the radius: every column when the window wraps the globe (near the poles).
  const lonRadius = radius / Math.max(cosLat, 1e-6);
  const allColumns = 2 * lonRadius >= 360 - step;
  const c0 = allColumns ? 0 : Math.ceil((site.longitude - lonRadius - g.longitudes[0]!) / step);
  const c1 = allColumns ? nlon - 1 : Math.floor((site.longitude + lonRadius - g.longitudes[0]!) / step);
  // Weighted normal equations of T = a + L z + s land (z in km): the matrix is the same each month.
  let s00 = 0,
    s01 = 0,
    s02 = 0,
    s11 = 0,
    s12 = 0,
    s22 = 0;
  const b0 = new Float64Array(12),
    b1 = new Float64Array(12),
    b2 = new Float64Array(12);
  for (let r = 0; r < nlat; r++) {
    const dy = g.latitudes[r]! - site.latitude;
    if (Math.abs(dy) >= radius) continue;
    for (let c = c0; c <= c1; c++) {
      const col = c - nlon * Math.floor(c / nlon);
      let dl = g.longitudes[col]! - site.longitude;
      dl -= 360 * Math.round(dl / 360);
      const dx = dl * cosLat;
      const q = (dx * dx + dy * dy) / (radius * radius);
      if (q >= 1) continue;
      const node = r * nlon + col;
      let finite = true;
      for (let m = 0; m < 12 && finite; m++) finite = Number.isFinite(g.values[m * cells + node]!);
      if (!finite) continue;
      const w = (1 - q) * (1 - q);
      const z = grids.cellElevation[node]! / 1000;
      const land = grids.cellLandShare[node]!;
      s00 += w;
      s01 += w * z;
      s02 += w * land;
      s11 += w * z * z;
      s12 += w * z * land;
      s22 += w * land * land;
      for (let m = 0; m < 12; m++) {
        const t = w * g.values[m * cells + node]!;
        b0[m] += t;
        b1[m] += t * z;
        b2[m] += t * land;
      }
    }
  }
  const lapsePrior = -GRID_LAPSE_RATE * 1000;
  s11 += LAPSE_PRIOR_WEIGHT;
  s22 += LAND_PRIOR_WEIGHT;
  // The inverse of the symmetric 3 x 3 matrix by cofactors (positive definite with the priors
  // whenever a cell lies within the radius, which the cell containing the site always does).
  const i00 = s11 * s22 - s12 * s12,
    i01 = s02 * s12 - s01 * s22,
    i02 = s01 * s12 - s02 * s11;
  const i11 = s00 * s22 - s02 * s02,
    i12 = s01 * s02 - s00 * s12,
    i22 = s00 * s11 - s01 * s01;
  const det = s00 * i00 + s01 * i01 + s02 * i02;
  const z = site.elevation / 1000;
  const land = Math.min(1, Math.max(0, site.landShare ?? 1));
  const out = new Float64Array(12);
  for (let m = 0; m < 12; m++) {
    const r1 = b1[m]! + LAPSE_PRIOR_WEIGHT * lapsePrior;
    const a = (i00 * b0[m]! + i01 * r1 + i02 * b2[m]!) / det;
    const lapse = (i01 * b0[m]! + i11 * r1 + i12 * b2[m]!) / det;
    const sea = (i02 * b0[m]! + i12 * r1 + i22 * b2[m]!) / det;
    out[m] = a + lapse * z + sea * land;
  }
  return out;
}

/** What the monthly clearness relation reads. */
export interface ClearnessInputs {
  /** monthly precipitation, mm/day (index 0 = January) */
  precipitation: ArrayLike<number>;
  /** degrees north */
  latitude: number;
  /** share of land within 1 degree of the site, 0..1 */
  landShare: number;
  /**
   * annual range of the grid's monthly mean temperature at the site (warmest minus coldest month,
   * {@link gridTemperatureAtSite}, before the land-sea correction), K
   */
  temperatureRange: number;
  /**
   * the site's height above the mean surface within 1 degree, m: negative in valleys and basins,
   * positive on slopes and ridges (default 0)
   */
  heightAboveSurroundings?: number;
  /** share of land upwind of the annual mean 10 m wind, 0..1 ({@link upwindLandShare}); default landShare */
  upwindLandShare?: number;
}

/**
 * Coefficients of {@link monthlyClearnessIndex}: logit Kt = c0 + (c1 + c7 s + c8 g) ln(P + 0.3)
 * + c2 |lat| / 30 + c3 g + c4 land + c5 range / 10 + c6 height above surroundings / 1000
 * + c9 upwind land, with g = exp(-(lat / 15)^2) (the tropics) and s = (1 - tanh(lat / 10)) / 2
 * (the southern hemisphere, smooth across the equator). Fitted by weighted least squares in logit
 * space (each month weighted by its clear-sky GHI) on the 50 real typical years of the data
 * directory's weather/calibration and 1,105 further public typical years (chiensiTB/EPWRawWeather;
 * each place weighted 1 / the places within 500 km, the 50 eight times that) by
 * scripts/calibrate-climate.ts; docs/weather.md gives the files, the fit and its held-out error
 * (leave-one-out, 10-fold, 400 km spatial hold-out, by continent).
 */
export const CLEARNESS_COEFFICIENTS = [
  1.1394, -0.3617, -0.6522, -0.8983, -0.2502, 0.0544, -0.0647, 0.1545, 0.1862, 0.1547,
] as const;

/**
 * Monthly clearness index Kt (the month's GHI over its extraterrestrial horizontal irradiation)
 * from the measured climate, by a relation with ten coefficients ({@link CLEARNESS_COEFFICIENTS}),
 * no table of places: wetter months are cloudier (ln of the month's rain; less so in the tropics,
 * where rain falls in short convective bursts, and in the southern hemisphere), skies are less
 * clear poleward (longer slant paths, storm tracks) and in the humid tropics, clearer where the
 * annual temperature range is large (continental, dry air) and where the prevailing wind comes
 * over land rather than off the sea, and cloudier on slopes and ridges than in the valleys below
 * them (air forced up the slopes).
 * @returns 12 values, 0..1
 * @example
 * // A desert:
 * monthlyClearnessIndex({ precipitation: new Array(12).fill(0.05), latitude: 24, landShare: 1, temperatureRange: 18 })[0]; // about 0.71
 */
export function monthlyClearnessIndex(x: ClearnessInputs): Float64Array {
  const [c0, c1, c2, c3, c4, c5, c6, c7, c8, c9] = CLEARNESS_COEFFICIENTS;
  const lat = x.latitude;
  const tropics = Math.exp(-((lat / 15) ** 2));
  const south = (1 - Math.tanh(lat / 10)) / 2;
  const fixed =
    c0 +
    (c2 * Math.abs(lat)) / 30 +
    c3 * tropics +
    c4 * x.landShare +
    (c5 * x.temperatureRange) / 10 +
    (c6 * (x.heightAboveSurroundings ?? 0)) / 1000 +
    c9 * (x.upwindLandShare ?? x.landShare);
  const rainSlope = c1 + c7 * south + c8 * tropics;
  const out = new Float64Array(12);
  for (let m = 0; m < 12; m++) {
    const z = fixed + rainSlope * Math.log(Math.max(0, x.precipitation[m]!) + 0.3);
    out[m] = 1 / (1 + Math.exp(-z));
  }
  return out;
}

/**
 * Monthly ratio of extraterrestrial to clear-sky horizontal irradiation at a site (the project's
 * Ineichen clear sky with the Linke turbidity climatology, src/atmosphere): turns a clearness
 * index Kt into the clear-sky index the synthetic cloud process draws (kc = Kt x this ratio).
 * Hourly sums over the year 2021 (sun positions at the hours' middles).
 * @param elevation m
 * @param annualTemperature degrees C (refraction only)
 * @returns 12 ratios, >= 1
 * @example
 * // About 1.4-1.7 by month:
 * extraterrestrialToClearSky(45, 8, 250, 12)[5]; // about 1.43
 */
export function extraterrestrialToClearSky(
  latitude: number,
  longitude: number,
  elevation: number,
  annualTemperature: number,
): Float64Array {
  const { extraterrestrial, clearSky } = monthlyHorizontalSums(latitude, longitude, elevation, annualTemperature);
  const out = new Float64Array(12);
  for (let m = 0; m < 12; m++) out[m] = clearSky[m]! > 0 ? extraterrestrial[m]! / clearSky[m]! : 1;
  return out;
}

/** Hours of each month of 2021. */
const MONTH_HOURS = [744, 672, 744, 720, 744, 720, 744, 744, 720, 744, 720, 744] as const;

/**
 * Monthly sums of extraterrestrial and clear-sky horizontal irradiance over the hours of 2021
 * (sun positions at the hours' middles), W h/m2.
 */
function monthlyHorizontalSums(
  latitude: number,
  longitude: number,
  elevation: number,
  annualTemperature: number,
): { extraterrestrial: Float64Array; clearSky: Float64Array } {
  const start = Date.UTC(2021, 0, 1) / 1000;
  const n = 365 * 24;
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) times[i] = start + i * 3600 + 1800;
  const sky = skyAtInstants(times, latitude, longitude, elevation, stationPressure(elevation), annualTemperature);
  const ext = new Float64Array(12);
  const clear = new Float64Array(12);
  const D2R = Math.PI / 180;
  // The month of each hour from the months' first seconds (one Date a month, not one an hour).
  let m = 0;
  let nextMonth = Date.UTC(2021, 1, 1) / 1000;
  for (let i = 0; i < n; i++) {
    while (times[i]! >= nextMonth) nextMonth = Date.UTC(2021, ++m + 1, 1) / 1000;
    const cz = Math.cos(sky.zenith[i]! * D2R);
    if (cz > 0) ext[m] = ext[m]! + sky.dniExtra[i]! * cz;
    clear[m] = clear[m]! + sky.clearskyGhi[i]!;
  }
  return { extraterrestrial: ext, clearSky: clear };
}

/**
 * Mean 10 m wind speed from the grid's monthly mean vector, m/s: 3.42 + 0.176 |mean vector|, a
 * least-squares fit on the calibration places' station winds (the vector mean understates the
 * speed where the direction varies; station exposure dominates what is left, RMS 1.2 m/s).
 * @param u monthly mean eastward wind, m/s
 * @param v monthly mean northward wind, m/s
 * @returns m/s
 * @example
 * windSpeedFromMeanVector(3, 4); // about 4.3
 */
export function windSpeedFromMeanVector(u: number, v: number): number {
  return 3.42 + 0.176 * Math.hypot(u, v);
}

/**
 * Coefficients of the sunshine relation, an Angstrom-Prescott relation in logit space:
 * logit Kt = c0 + c1 S/S0 + c2 z + c3 s, with S/S0 the month's relative sunshine interpolated
 * from the stations (src/weather/stations.ts), z the gridded relation's logit Kt
 * ({@link monthlyClearnessIndex}) at the site and s = (1 - tanh(lat / 10)) / 2 (the southern
 * hemisphere's cleaner air, as in the gridded relation). Weighted least squares (each month by its
 * clear-sky GHI) over the 50 real typical years of weather/calibration
 * (scripts/fit-sunshine.ts); where the stations are far the served logit Kt fades to z.
 */
export const SUNSHINE_COEFFICIENTS = [-1.0266, 1.8468, 0.1895, 0.1362] as const;

/**
 * The monthly normals of a site from the grids: temperature downscaled by `siteTemperature`,
 * precipitation and wind interpolated bilinearly (nodes far above the site weighted down), the
 * clearness from `monthlyClearnessIndex`. Continuous in the site's coordinates and elevation.
 * @example
 * // Lima:
 * const normals = climateNormalsAt(climateGrids(), { latitude: -12.05, longitude: -77.05, elevation: 150, continentality: 0.3 });
 * normals.temperature[0]; // about 21.7 degrees C (Lima station anchored)
 */
export function climateNormalsAt(grids: ClimateGrids, site: NormalsSite): ClimateNormals {
  const normals = anchoredNormals(grids, site);
  const { temperature, clearnessIndex } = normals;
  const cal = grids.calibration;
  if (cal !== undefined && grids.stations !== undefined) {
    const offsets = calibrationOffsets(cal, site, (i) => calibrationResidual(grids, cal.siteOf(i), cal.monthlyOf(i)));
    if (offsets.weight > 0)
      for (let m = 0; m < 12; m++) {
        temperature[m] = temperature[m]! + offsets.temperature[m]!;
        clearnessIndex[m] = logistic(logit(clearnessIndex[m]!) + offsets.logitClearness[m]!);
      }
  }
  let tMean = 0;
  for (let m = 0; m < 12; m++) tMean += temperature[m]! / 12;
  const ratio = extraterrestrialToClearSky(site.latitude, site.longitude, site.elevation, tMean);
  const clearSkyIndex = new Float64Array(12);
  for (let m = 0; m < 12; m++) clearSkyIndex[m] = Math.min(0.98, Math.max(0.3, clearnessIndex[m]! * ratio[m]!));
  return { ...normals, clearSkyIndex };
}

/** logit of a clearness index held within 0.001..0.999. */
function logit(kt: number): number {
  const k = Math.min(0.999, Math.max(0.001, kt));
  return Math.log(k / (1 - k));
}

/** Inverse of `logit`. */
function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** Largest residual of logit Kt a real year carries (a month of polar twilight tells little). */
const MAX_LOGIT_RESIDUAL = 1.5;

/**
 * The 24 residuals of a real year at its place (12 of logit Kt, then 12 of monthly mean
 * temperature, K): the real year's values minus the station-anchored relation's at the place as
 * the server sees it. Kt of the real year: its monthly mean GHI over the month's mean
 * extraterrestrial horizontal irradiance of monthlyHorizontalSums (the sums the served clear-sky
 * index is taken from). 0 where the real year or the month's sun tells nothing.
 */
function calibrationResidual(
  grids: ClimateGrids,
  site: NormalsSite,
  real: { ghi: ArrayLike<number>; airTemp: ArrayLike<number> },
): Float64Array {
  const relation = anchoredNormals(grids, site);
  let tMean = 0;
  for (let m = 0; m < 12; m++) tMean += relation.temperature[m]! / 12;
  const { extraterrestrial } = monthlyHorizontalSums(site.latitude, site.longitude, site.elevation, tMean);
  const out = new Float64Array(24);
  for (let m = 0; m < 12; m++) {
    const ext = extraterrestrial[m]!;
    const kt = (real.ghi[m]! * MONTH_HOURS[m]!) / ext;
    const r = ext > 0 && Number.isFinite(kt) ? logit(kt) - logit(relation.clearnessIndex[m]!) : 0;
    out[m] = Math.max(-MAX_LOGIT_RESIDUAL, Math.min(MAX_LOGIT_RESIDUAL, r));
    const dt = real.airTemp[m]! - relation.temperature[m]!;
    out[12 + m] = Number.isFinite(dt) ? dt : 0;
  }
  return out;
}

/** The normals before the real years' residuals: the grids, downscaled, and the station anchors. */
function anchoredNormals(grids: ClimateGrids, site: NormalsSite): Omit<ClimateNormals, 'clearSkyIndex'> {
  // The clearness relation was fitted on the bilinear grid temperature's annual range.
  const gridTemperature = gridTemperatureAtSite(grids, site);
  const temperature = siteTemperature(grids, site);
  // Rain, like temperature, from the nodes at the site's level: a coastal desert below the Andes
  // (Lima) takes the dry sea-level node, not the wet mountain one.
  const precipitation = sampleClimateGrid(grids.precipitation, site.latitude, site.longitude, (node) =>
    nodeHeightWeight(grids.precipitationCellElevation[node]! - site.elevation),
  );
  const u = sampleClimateGrid(grids.uWind, site.latitude, site.longitude);
  const v = sampleClimateGrid(grids.vWind, site.latitude, site.longitude);
  const windSpeed = new Float64Array(12);
  let uMean = 0;
  let vMean = 0;
  for (let m = 0; m < 12; m++) {
    windSpeed[m] = windSpeedFromMeanVector(u[m]!, v[m]!);
    uMean += u[m]!;
    vMean += v[m]!;
  }
  let prevailingWind = (Math.atan2(-uMean, -vMean) * 180) / Math.PI;
  if (prevailingWind < 0) prevailingWind += 360;
  let tMin = Infinity;
  let tMax = -Infinity;
  for (let m = 0; m < 12; m++) {
    tMin = Math.min(tMin, gridTemperature[m]!);
    tMax = Math.max(tMax, gridTemperature[m]!);
  }
  const clearnessIndex = monthlyClearnessIndex({
    precipitation,
    latitude: site.latitude,
    landShare: site.landShare ?? 1,
    temperatureRange: tMax - tMin,
    heightAboveSurroundings: site.elevation - (site.surroundingElevation ?? site.elevation),
    upwindLandShare:
      site.landShareAround === undefined ? undefined : upwindLandShare(uMean / 12, vMean / 12, site.landShareAround),
  });
  let dailyRange: Float64Array | undefined;
  let dailyRangeWeight: number | undefined;
  if (grids.stations !== undefined) {
    const st = grids.stations;
    const anchors = stationAnchors(st, site, (i) => siteTemperature(grids, st.siteOf(i)));
    for (let m = 0; m < 12; m++) temperature[m] = temperature[m]! + anchors.temperatureOffset[m]!;
    const [c0, c1, c2, c3] = st.sunshineCoefficients ?? SUNSHINE_COEFFICIENTS;
    const south = (1 - Math.tanh(site.latitude / 10)) / 2;
    for (let m = 0; m < 12; m++) {
      const w = anchors.sunshineWeight[m]!;
      if (!(w > 0)) continue;
      const kt = Math.min(0.999, Math.max(0.001, clearnessIndex[m]!));
      const z = Math.log(kt / (1 - kt));
      const zs = c0! + c1! * anchors.relativeSunshine[m]! + c2! * z + c3! * south;
      clearnessIndex[m] = 1 / (1 + Math.exp(-(z + w * (zs - z))));
    }
    dailyRange = anchors.dailyRange;
    dailyRangeWeight = anchors.rangeWeight;
  }
  const normals: Omit<ClimateNormals, 'clearSkyIndex'> = {
    temperature,
    precipitation,
    windSpeed,
    prevailingWind,
    clearnessIndex,
  };
  if (dailyRange !== undefined && dailyRangeWeight !== undefined && dailyRangeWeight > 0) {
    normals.dailyRange = dailyRange;
    normals.dailyRangeWeight = dailyRangeWeight;
  }
  return normals;
}

/**
 * A day-of-year table (n entries from January 1 to the next January 1) whose means over the
 * twelve months (taken as equal twelfths of the year) are the given monthly values: the discrete
 * Fourier series of the twelve values with each harmonic k divided by the month-averaging factor
 * sin(pi k / 12) / (pi k / 12). Smooth (no step at month boundaries) and periodic.
 * @param monthly 12 monthly means
 * @param n entries of the table (the last equals the first)
 * @param floor values below it are raised to it (precipitation: 0)
 * @example
 * const t = monthlyToSeasonal([1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1], 366);
 * t.length; // => 366
 */
export function monthlyToSeasonal(monthly: ArrayLike<number>, n: number, floor = -Infinity): Float64Array {
  const a = new Float64Array(7);
  const b = new Float64Array(7);
  for (let k = 0; k <= 6; k++) {
    let sa = 0;
    let sb = 0;
    for (let m = 0; m < 12; m++) {
      const phase = (2 * Math.PI * k * (m + 0.5)) / 12;
      sa += monthly[m]! * Math.cos(phase);
      sb += monthly[m]! * Math.sin(phase);
    }
    // At the month middles the sixth harmonic is all sine (its cosine vanishes there).
    const scale = k === 0 || k === 6 ? 1 / 12 : 2 / 12;
    const x = (Math.PI * k) / 12;
    const sinc = k === 0 ? 1 : Math.sin(x) / x;
    a[k] = k === 6 ? 0 : (sa * scale) / sinc;
    b[k] = (sb * scale) / sinc;
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const phi = i / (n - 1);
    let v = a[0]!;
    for (let k = 1; k <= 6; k++) v += a[k]! * Math.cos(2 * Math.PI * k * phi) + b[k]! * Math.sin(2 * Math.PI * k * phi);
    out[i] = v < floor ? floor : v;
  }
  return out;
}
