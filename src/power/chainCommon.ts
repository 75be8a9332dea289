/**
 * Steps shared by the rooftop and site PV chains: the sun at the middle of each period and the
 * plane-of-array irradiance on a fixed or moving plane.
 */
import { extraterrestrialRadiation, relativeAirmass } from '../atmosphere/index.js';
import { aoi, iamPhysical, totalIrradiance } from '../irradiance/index.js';
import { solarPositionFast, type SolarPosition } from '../solar/index.js';
import type { Column } from '../util/columns.js';

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
 */
export function sunAtPeriodMiddle(
  t: Float64Array,
  periodSeconds: number,
  latitude: number,
  longitude: number,
  elevation: number,
  airTemp: Column,
): { sun: SolarPosition; middle: Float64Array } {
  const n = t.length;
  const middle = new Float64Array(n);
  const half = periodSeconds / 2;
  for (let i = 0; i < n; i++) middle[i] = t[i]! - half;
  const sun = solarPositionFast(middle, latitude, longitude, { elevation, temperature: airTemp });
  return { sun, middle };
}

/**
 * Plane-of-array irradiance (Perez 1990 sky, allsitescomposite1990 coefficients) and the effective
 * irradiance reaching the cells: beam times the physical IAM (De Soto et al. 2006, glass n = 1.526),
 * plus the diffuse parts. W/m2. Tilt and azimuth in pvlib's convention (east of north).
 */
export function planeOfArray(
  weather: PvWeatherInput,
  sun: SolarPosition,
  middle: Float64Array,
  surfaceTilt: Column,
  surfaceAzimuth: Column,
  albedo: Column,
): { poaGlobal: Float64Array; effective: Float64Array } {
  const n = middle.length;
  const dniExtra = extraterrestrialRadiation(middle);
  const airmass = relativeAirmass(sun.apparentZenith);
  const poa = totalIrradiance(
    {
      surfaceTilt,
      surfaceAzimuth,
      solarZenith: sun.apparentZenith,
      solarAzimuth: sun.azimuth,
      dni: weather.dni,
      ghi: weather.ghi,
      dhi: weather.dhi,
      dniExtra,
      airmass,
      albedo,
    },
    { model: 'perez' },
  );
  const incidence = aoi(surfaceTilt, surfaceAzimuth, sun.apparentZenith, sun.azimuth);
  const iam = iamPhysical(incidence, 1.526, 4, 0.002, incidence);
  const effective = new Float64Array(n);
  const global = poa.poaGlobal;
  for (let i = 0; i < n; i++) {
    const beam = poa.poaDirect[i]!;
    const diffuse = poa.poaDiffuse[i]!;
    // Below the horizon or behind the plane there is no beam (and the model's angles are NaN).
    const b = beam > 0 ? beam * iam[i]! : 0;
    const d = diffuse > 0 ? diffuse : 0;
    effective[i] = b + d;
    if (!(global[i]! >= 0)) global[i] = d + (beam > 0 ? beam : 0);
  }
  return { poaGlobal: global, effective };
}
