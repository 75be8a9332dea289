/**
 * The API's angle conventions and the module technology table used by the PV chains.
 */

/**
 * An azimuth of the API (degrees from true north, anticlockwise positive seen from above: north 0,
 * east -90, west 90, south +-180; spec 2.1 and 4.1 say the same thing in two ways, "-90 is due
 * east", "135 south-west-facing") as pvlib's convention (degrees east of north, clockwise, in
 * [0, 360)): the negation, wrapped. East -90 -> 90, south-west 135 -> 225, south 180 -> 180.
 */
export function apiAzimuthToPvlib(apiAzimuth: number): number {
  const a = -apiAzimuth % 360;
  const wrapped = a < 0 ? a + 360 : a;
  return wrapped === 0 ? 0 : wrapped; // no -0
}

/** The inverse of {@link apiAzimuthToPvlib}: pvlib east-of-north to the API's (-180, 180]. */
export function pvlibAzimuthToApi(pvlibAzimuth: number): number {
  let a = -pvlibAzimuth % 360;
  if (a <= -180) a += 360;
  else if (a > 180) a -= 360;
  return a === 0 ? 0 : a;
}

/**
 * The API's default panel azimuth when none is given (spec 4.1): facing the equator, 180 in the
 * northern hemisphere and 0 in the southern.
 */
export function defaultApiAzimuth(latitude: number): number {
  return latitude >= 0 ? 180 : 0;
}

/** Per-technology module properties used when a site does not give them. */
export interface ModuleTechnology {
  /** Temperature coefficient of power, 1/degrees C. */
  gammaPdc: number;
  /** Loss of output per year of age, fraction per year. */
  degradationPerYear: number;
}

/**
 * Module technologies. Temperature coefficients are typical datasheet values (and PVWatts v8's
 * "standard" module, -0.37 %/C, for mono-Si); ageing rates are the median degradation rates of
 * D. C. Jordan, S. R. Kurtz, K. VanSant, J. Newmiller, "Compendium of photovoltaic degradation
 * rates", Progress in Photovoltaics 24 (2016) 978-989, DOI 10.1002/pip.2744, rounded.
 * Unknown names use poly-si (the API's default module type).
 */
export const MODULE_TECHNOLOGIES: Readonly<Record<string, ModuleTechnology>> = {
  'mono-si': { gammaPdc: -0.0037, degradationPerYear: 0.005 },
  'poly-si': { gammaPdc: -0.004, degradationPerYear: 0.006 },
  'multi-si': { gammaPdc: -0.004, degradationPerYear: 0.006 },
  hit: { gammaPdc: -0.0026, degradationPerYear: 0.005 },
  cdte: { gammaPdc: -0.0029, degradationPerYear: 0.005 },
  cigs: { gammaPdc: -0.0036, degradationPerYear: 0.01 },
  'a-si': { gammaPdc: -0.002, degradationPerYear: 0.01 },
};

/** Properties of a module type by name (case-insensitive), poly-si when unknown or absent. */
export function moduleTechnology(moduleType: string | undefined): ModuleTechnology {
  const key = (moduleType ?? 'poly-si').toLowerCase();
  return MODULE_TECHNOLOGIES[key] ?? MODULE_TECHNOLOGIES['poly-si']!;
}

/**
 * Peak of the PVWatts inverter efficiency curve over its nominal efficiency: the curve
 * (-0.0162 z - 0.0059 / z + 0.9858) / 0.9637 peaks at z = sqrt(0.0059 / 0.0162), so a site's
 * `inverter_peak_efficiency` maps to etaNom = peak / PVWATTS_PEAK_OVER_NOMINAL.
 */
export const PVWATTS_PEAK_OVER_NOMINAL = (0.9858 - 2 * Math.sqrt(0.0162 * 0.0059)) / 0.9637;

/** Mean length of a year, s, for ageing. */
export const SECONDS_PER_YEAR = 365.25 * 86_400;
