/**
 * Measured monthly climate normals of a place, from global gridded long-term means: NCEP/NCAR
 * Reanalysis 1 2 m air temperature and 10 m wind 1991-2020 (Kalnay et al. 1996, Bull. Amer.
 * Meteor. Soc. 77, 437-471; T62 Gaussian grid, ~1.9 degrees) and CMAP precipitation 1981-2010
 * (Xie & Arkin 1997, Bull. Amer. Meteor. Soc. 78, 2539-2558; 2.5 degrees), both from the NOAA PSL.
 *
 * Pure: the grids come in as typed arrays (the Node adapter src/node/climate-grids.ts reads them
 * from the data directory); this module only interpolates and downscales them to a site.
 */

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
  /** monthly mean 10 m wind components (east and north), m/s */
  uWind: ClimateGrid;
  vWind: ClimateGrid;
  /** mean surface elevation of each temperature-grid cell, m (sea 0), [latitudes][longitudes] */
  cellElevation: Float32Array;
  /** mean surface elevation of each precipitation-grid cell, m (sea 0) */
  precipitationCellElevation: Float32Array;
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
  /**
   * monthly clear-sky index: the month's GHI over its clear-sky GHI (Ineichen with the Linke
   * turbidity climatology, src/atmosphere), from {@link monthlyClearSkyIndex}
   */
  clearSkyIndex: Float64Array;
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
 * Correction of the downscaled grid temperature at a site (fitted on the calibration places, see
 * docs/weather.md): offset a + b x continentality, and the annual anomaly scaled by
 * 1 + c + d x continentality. Coastal stations sit in the cooler, damped sea air of a cell that
 * mixes land and sea; inland ones in the land's.
 */
export const TEMPERATURE_CORRECTION = [-0.997, 2.07, 0.075, -0.144] as const;

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
    r0 * nlon + c0, (1 - fr) * (1 - fc),
    r0 * nlon + c1, (1 - fr) * fc,
    r1 * nlon + c0, fr * (1 - fc),
    r1 * nlon + c1, fr * fc,
  ];
}

/**
 * Bilinear value of a grid at a point for each month (NaN nodes left out, their weight given to
 * the others; all missing gives 0). Continuous in space: no step at cell edges.
 * @param extraWeight optional weight per node (multiplies the bilinear weight)
 * @example
 * const rain = sampleClimateGrid(grids.precipitation, 19.1, 72.9); // Mumbai, mm/day by month
 */
export function sampleClimateGrid(grid: ClimateGrid, latitude: number, longitude: number, extraWeight?: (node: number) => number): Float64Array {
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
 * Monthly mean air temperature at a site, degrees C: the 2 m temperature grid interpolated
 * bilinearly, each node brought from its cell's mean elevation to the site's by
 * {@link GRID_LAPSE_RATE}, nodes far above the site weighted down ({@link NODE_HEIGHT_TOLERANCE}),
 * then {@link TEMPERATURE_CORRECTION} for land and sea. Continuous in space.
 */
export function siteTemperature(grids: ClimateGrids, site: NormalsSite): Float64Array {
  const raw = gridTemperatureAtSite(grids, site);
  let mean = 0;
  for (let m = 0; m < 12; m++) mean += raw[m]! / 12;
  const [a, b, c, d] = TEMPERATURE_CORRECTION;
  const cont = Math.min(1, Math.max(0, site.continentality));
  const out = new Float64Array(12);
  for (let m = 0; m < 12; m++) out[m] = raw[m]! + a + b * cont + (c + d * cont) * (raw[m]! - mean);
  return out;
}

/**
 * The grid's monthly 2 m temperature brought to a site before the land-sea correction: bilinear,
 * lapse rate to the site's elevation, nodes far above the site weighted down.
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
 * Zonal mean of a grid at a latitude for each month (mean over all longitudes, linear between
 * grid rows): the reference against which a place's maritime warmth is measured.
 */
export function zonalMean(grid: ClimateGrid, latitude: number): Float64Array {
  const [r0, r1, f] = latitudeBracket(grid.latitudes, latitude);
  const nlon = grid.longitudes.length;
  const cells = grid.latitudes.length * nlon;
  const out = new Float64Array(12);
  for (let m = 0; m < 12; m++) {
    let a = 0;
    let b = 0;
    for (let j = 0; j < nlon; j++) {
      a += grid.values[m * cells + r0 * nlon + j]!;
      b += grid.values[m * cells + r1 * nlon + j]!;
    }
    out[m] = (a * (1 - f) + b * f) / nlon;
  }
  return out;
}

/** What the monthly clear-sky index relation reads, per month (index 0 = January). */
export interface ClearnessInputs {
  /** monthly precipitation, mm/day */
  precipitation: ArrayLike<number>;
  /** monthly mean air temperature at the site, degrees C */
  temperature: ArrayLike<number>;
  /**
   * monthly maritime warmth, K: the grid's temperature reduced to sea level minus the zonal mean
   * at the site's latitude (positive where mild ocean air dominates, as in western Europe's
   * winter; negative in continental winters)
   */
  warmth: ArrayLike<number>;
}

/**
 * Coefficients of {@link monthlyClearSkyIndex}: logit K = c0 + c1 ln(P + 0.3) + c2 warmth/10
 * + c3 mean(warmth)/10 + c4 T/10, fitted by weighted least squares (weights: the month's clear-sky
 * GHI) on the 50 real typical years of the data directory's weather/calibration (docs/weather.md
 * gives the fit, its leave-one-out error and the table).
 */
export const CLEARNESS_COEFFICIENTS = [1.111, -0.809, -0.299, -0.382, 0.56] as const;

/**
 * Monthly clear-sky index (the month's GHI over its clear-sky GHI) from the measured climate:
 * wetter months are cloudier, mild maritime air (warmth over the zonal mean) brings low cloud,
 * warm months are clearer at the same rain. A relation with five coefficients
 * ({@link CLEARNESS_COEFFICIENTS}), no table of places.
 * @returns 12 values in 0.3..0.98
 * @example
 * monthlyClearSkyIndex({ precipitation: new Array(12).fill(0.1), temperature: new Array(12).fill(28), warmth: new Array(12).fill(0) }); // desert: ~0.9
 */
export function monthlyClearSkyIndex(x: ClearnessInputs): Float64Array {
  const [c0, c1, c2, c3, c4] = CLEARNESS_COEFFICIENTS;
  let meanWarmth = 0;
  for (let m = 0; m < 12; m++) meanWarmth += x.warmth[m]! / 12;
  const out = new Float64Array(12);
  for (let m = 0; m < 12; m++) {
    const z = c0 + c1 * Math.log(Math.max(0, x.precipitation[m]!) + 0.3) + (c2 * x.warmth[m]!) / 10 + (c3 * meanWarmth) / 10 + (c4 * x.temperature[m]!) / 10;
    const k = 1 / (1 + Math.exp(-z));
    out[m] = Math.min(0.98, Math.max(0.3, k));
  }
  return out;
}

/**
 * Mean 10 m wind speed from the grid's monthly mean vector, m/s: 3.42 + 0.176 |mean vector|, a
 * least-squares fit on the calibration places' station winds (the vector mean understates the
 * speed where the direction varies; station exposure dominates what is left, RMS 1.2 m/s).
 */
export function windSpeedFromMeanVector(u: number, v: number): number {
  return 3.42 + 0.176 * Math.hypot(u, v);
}

/**
 * The monthly normals of a site from the grids: temperature downscaled by {@link siteTemperature},
 * precipitation and wind interpolated bilinearly, the clear-sky index from
 * {@link monthlyClearSkyIndex}. Continuous in the site's coordinates and elevation.
 * @example
 * const normals = climateNormalsAt(grids, { latitude: -12.05, longitude: -77.05, elevation: 150, continentality: 0.3 }); // Lima
 */
export function climateNormalsAt(grids: ClimateGrids, site: NormalsSite): ClimateNormals {
  const temperature = siteTemperature(grids, site);
  // Rain, like temperature, from the nodes at the site's level: a coastal desert below the Andes
  // (Lima) takes the dry sea-level node, not the wet mountain one.
  const precipitation = sampleClimateGrid(grids.precipitation, site.latitude, site.longitude, (node) => nodeHeightWeight(grids.precipitationCellElevation[node]! - site.elevation));
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
  // Warmth over the zonal mean, with the grid reduced to sea level by the standard atmosphere's
  // 6.5 K/km (so that highlands do not count as continental cold).
  const gridAtSite = sampleClimateGrid(grids.temperature, site.latitude, site.longitude);
  const cellElevation = sampleClimateGrid({ ...grids.temperature, values: repeatMonths(grids) }, site.latitude, site.longitude)[0]!;
  const zonal = zonalMean(grids.temperature, site.latitude);
  const warmth = new Float64Array(12);
  for (let m = 0; m < 12; m++) warmth[m] = gridAtSite[m]! + 0.0065 * cellElevation - zonal[m]!;
  let prevailingWind = (Math.atan2(-uMean, -vMean) * 180) / Math.PI;
  if (prevailingWind < 0) prevailingWind += 360;
  return {
    temperature,
    precipitation,
    windSpeed,
    prevailingWind,
    clearSkyIndex: monthlyClearSkyIndex({ precipitation, temperature, warmth }),
  };
}

const repeated = new WeakMap<Float32Array, Float32Array>();
/** The cell elevations as a 12-month grid (the same field each month), built once per grids. */
function repeatMonths(grids: ClimateGrids): Float32Array {
  let r = repeated.get(grids.cellElevation);
  if (r === undefined) {
    const cells = grids.cellElevation.length;
    r = new Float32Array(12 * cells);
    for (let m = 0; m < 12; m++) r.set(grids.cellElevation, m * cells);
    repeated.set(grids.cellElevation, r);
  }
  return r;
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
