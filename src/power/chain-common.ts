/**
 * Steps shared by the PV chains (rooftop, site, simulatePv): the sun at the middle of each period
 * and the irradiance reaching the cells of a fixed or tracked plane.
 */
import { extraterrestrialRadiation, relativeAirmass } from '../atmosphere/index.js';
import { aoi, iamPhysical } from '../irradiance/index.js';
import { type PlaneMount, type PlaneOfArray, planeOfArray } from '../irradiance/plane-of-array.js';
import { solarPositionFast, type SolarPosition } from '../solar/index.js';
import type { Column } from '../util/columns.js';
import {
  checkAtLeast,
  checkCelsius,
  checkIncreasing,
  checkSeries,
  checkTimes,
  checkWattsPerSquareMetre,
} from '../util/validate.js';

/** Weather columns of a PV chain, one row per period (period-end times). */
export interface PvWeatherInput {
  /** Period-end times, Unix seconds (UTC). */
  unixSeconds: Float64Array;
  /** Global horizontal irradiance, W/m2 (period mean). */
  ghi: Float64Array;
  /** Direct normal irradiance, W/m2. */
  dni: Float64Array;
  /** Diffuse horizontal irradiance, W/m2. */
  dhi: Float64Array;
  /** Air temperature, degrees C. */
  airTemp: Column;
  /** Wind speed at 10 m, m/s. */
  windSpeed: Column;
  /** Ground albedo, 0..1 (default per chain). */
  albedo?: Column;
}

/**
 * Checks a chain's weather once per call: every column present, of one length, times in Unix
 * seconds; and the period length when given. Without a period length the chain takes the step of
 * the first two times, so the times must then increase strictly (with one, every row stands
 * alone and any order gives the same power per row: the API's live grids are newest first).
 * Returns the number of rows.
 */
export function checkPvWeather(fn: string, weather: PvWeatherInput, periodSeconds: number | undefined): number {
  if (typeof weather !== 'object' || weather === null) {
    throw new TypeError(`${fn}: weather must be an object of columns (unixSeconds, ghi, dni, dhi, airTemp, windSpeed)`);
  }
  checkTimes(fn, 'weather.unixSeconds', weather.unixSeconds);
  if (periodSeconds !== undefined) checkAtLeast(fn, 'periodSeconds', periodSeconds, 0, 's', true);
  const n = checkSeries(fn, [
    ['weather.unixSeconds', weather.unixSeconds, 'Unix seconds'],
    ['weather.ghi', weather.ghi, 'W/m2'],
    ['weather.dni', weather.dni, 'W/m2'],
    ['weather.dhi', weather.dhi, 'W/m2'],
    ['weather.airTemp', weather.airTemp, 'degrees C'],
    ['weather.windSpeed', weather.windSpeed, 'm/s'],
    ['weather.albedo', weather.albedo, '0..1', true],
  ]);
  if (periodSeconds === undefined) checkIncreasing(fn, 'weather.unixSeconds', weather.unixSeconds);
  return n;
}

/**
 * Checks the units of a chain's weather at a place, once per call: air temperature in degrees C,
 * not kelvin; GHI in W/m2, not kW/m2 (a GHI column whose largest value is below 2 is checked
 * against the sun at its times: with the sun up on several rows, it is in kW/m2). The sun is
 * computed only in that rare case, so the check costs one pass over two columns.
 */
export function checkPvWeatherUnits(fn: string, weather: PvWeatherInput, latitude: number, longitude: number): void {
  checkCelsius(fn, 'weather.airTemp', weather.airTemp);
  const ghi = weather.ghi;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < ghi.length; i++) if (ghi[i]! > hi) hi = ghi[i]!;
  if (hi > 0 && hi < 2) {
    const { zenith } = solarPositionFast({ unixSeconds: weather.unixSeconds, latitude, longitude });
    checkWattsPerSquareMetre(fn, 'weather.ghi', ghi, zenith);
  }
}

/** Length of the periods, s: the option, else the step of the first two times, else one hour. */
export function periodOf(t: Float64Array, periodSeconds: number | undefined): number {
  if (periodSeconds !== undefined) return periodSeconds;
  if (t.length >= 2) return t[1]! - t[0]!;
  return 3600;
}

/**
 * The sun at the middle of each period (period-end time minus half a period): irradiance values
 * are period means, and the midpoint is where the mean geometry is best represented.
 * Uses the fast interpolated SPA (within 1e-6 degree of full SPA for these uses).
 * @example
 * const t = Float64Array.of(1718794800); // 2024-06-19T11:00Z, the end of an hour
 * const { sun } = sunAtPeriodMiddle(t, 3600, 52.37, 4.9, 0, 20); // the sun at 10:30 UTC
 * sun.zenith[0]; // about 32 degrees
 */
export function sunAtPeriodMiddle(
  t: Float64Array,
  periodSeconds: number,
  latitude: number,
  longitude: number,
  elevation: number,
  airTemp: Column,
): { sun: SolarPosition; middle: Float64Array } {
  checkTimes('sunAtPeriodMiddle', 't', t);
  const n = t.length;
  const middle = new Float64Array(n);
  const half = periodSeconds / 2;
  for (let i = 0; i < n; i++) middle[i] = t[i]! - half;
  const sun = solarPositionFast({ unixSeconds: middle, latitude, longitude, elevation, temperature: airTemp });
  return { sun, middle };
}

/** The irradiance of a chain's plane: plane of array plus what reaches the cells. */
export interface ChainIrradiance extends PlaneOfArray {
  /** Beam times the physical IAM plus the diffuse parts, W/m2 (NaN where the weather is). */
  effective: Float64Array;
}

/**
 * Plane-of-array irradiance of a PV chain (`planeOfArray`: Perez 1990 sky with the
 * allsitescomposite1990 coefficients, the apparent zenith for the sky and the tracker, as pvlib's
 * ModelChain) and the effective irradiance reaching the cells: beam times the physical IAM
 * (De Soto et al. 2006, glass n = 1.526), plus the diffuse parts. W/m2.
 *
 * A row whose weather (GHI, DNI, DHI, albedo) or time is NaN is NaN in both outputs; otherwise
 * both are >= 0: an undefined model value (Perez at DHI = DNI = 0 with the sun up) counts as 0.
 */
export function chainIrradiance(
  weather: PvWeatherInput,
  sun: SolarPosition,
  middle: Float64Array,
  mount: PlaneMount,
  albedo: Column,
): ChainIrradiance {
  const n = middle.length;
  const dniExtra = extraterrestrialRadiation(middle);
  const airmass = relativeAirmass(sun.apparentZenith);
  const poa = planeOfArray(
    {
      solarZenith: sun.apparentZenith,
      solarAzimuth: sun.azimuth,
      dni: weather.dni,
      ghi: weather.ghi,
      dhi: weather.dhi,
      dniExtra,
      airmass,
      albedo,
    },
    { mount, model: 'perez' },
  );
  const incidence = aoi({
    surfaceTilt: poa.surfaceTilt,
    surfaceAzimuth: poa.surfaceAzimuth,
    solarZenith: sun.apparentZenith,
    solarAzimuth: sun.azimuth,
  });
  const iam = iamPhysical(incidence, { n: 1.526, K: 4, L: 0.002 }, incidence);
  const effective = new Float64Array(n);
  const global = poa.poaGlobal;
  const { ghi, dni, dhi } = weather;
  const zenith = sun.apparentZenith;
  const albedoA = typeof albedo === 'number' ? null : albedo;
  for (let i = 0; i < n; i++) {
    // Missing weather (or a NaN time, hence a NaN sun) leaves the irradiance unknown.
    if (
      ghi[i]! !== ghi[i]! ||
      dni[i]! !== dni[i]! ||
      dhi[i]! !== dhi[i]! ||
      zenith[i]! !== zenith[i]! ||
      (albedoA !== null && albedoA[i]! !== albedoA[i]!)
    ) {
      effective[i] = Number.NaN;
      global[i] = Number.NaN;
      continue;
    }
    const beam = poa.poaDirect[i]!;
    const diffuse = poa.poaDiffuse[i]!;
    // Below the horizon or behind the plane there is no beam.
    const b = beam > 0 ? beam * iam[i]! : 0;
    const d = diffuse > 0 ? diffuse : 0;
    effective[i] = b + d;
    if (!(global[i]! >= 0)) global[i] = d + (beam > 0 ? beam : 0);
  }
  return { ...poa, effective };
}
