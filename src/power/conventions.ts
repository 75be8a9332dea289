/**
 * The module technology table and the constants of the PV chains. (The API's azimuth convention
 * is not the core's: the server's products convert it, see packages/server/src/products/common.ts.)
 */

import { checkOneOf, typeFailure } from '../util/validate.js';

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

/**
 * Properties of a module type by name (case-insensitive), poly-si when absent.
 * @throws RangeError for a name not in MODULE_TECHNOLOGIES (a typo must not pass as poly-si)
 * @example
 * moduleTechnology('CdTe').gammaPdc; // => -0.0029
 */
export function moduleTechnology(moduleType: string | undefined): ModuleTechnology {
  if (moduleType !== undefined && typeof moduleType !== 'string')
    typeFailure('moduleTechnology', 'moduleType', 'a module type name', moduleType);
  const key = (moduleType ?? 'poly-si').toLowerCase();
  const tech = Object.hasOwn(MODULE_TECHNOLOGIES, key) ? MODULE_TECHNOLOGIES[key] : undefined;
  if (tech === undefined) checkOneOf('moduleTechnology', 'moduleType', moduleType, Object.keys(MODULE_TECHNOLOGIES));
  return tech!;
}

/**
 * Peak of the PVWatts inverter efficiency curve over its nominal efficiency: the curve
 * (-0.0162 z - 0.0059 / z + 0.9858) / 0.9637 peaks at z = sqrt(0.0059 / 0.0162), so a site's
 * `inverter_peak_efficiency` maps to etaNom = peak / PVWATTS_PEAK_OVER_NOMINAL.
 */
export const PVWATTS_PEAK_OVER_NOMINAL = (0.9858 - 2 * Math.sqrt(0.0162 * 0.0059)) / 0.9637;

/** Mean length of a year, s, for ageing. */
export const SECONDS_PER_YEAR = 365.25 * 86_400;
