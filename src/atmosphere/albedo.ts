/**
 * Albedo of the ground: typical values by surface type, and inland water by the sun's elevation.
 */
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import { checkFinite, checkObject, checkOneOf, checkSeries, rangeFailure } from '../util/validate.js';

const D2R = Math.PI / 180;

/**
 * Typical albedo [unitless] by surface type, pvlib's table (pvlib.albedo.SURFACE_ALBEDOS, whose
 * sources pvlib.irradiance.get_ground_diffuse lists: Wikipedia's albedo article, Sustainable
 * Energy Handbook, PVsyst).
 */
export const SURFACE_ALBEDOS = {
  urban: 0.18,
  grass: 0.2,
  'fresh grass': 0.26,
  soil: 0.17,
  sand: 0.4,
  snow: 0.65,
  'fresh snow': 0.75,
  asphalt: 0.12,
  concrete: 0.3,
  aluminum: 0.85,
  copper: 0.74,
  'fresh steel': 0.35,
  'dirty steel': 0.08,
  sea: 0.06,
} as const;

/** A surface type of {@link SURFACE_ALBEDOS}. */
export type SurfaceType = keyof typeof SURFACE_ALBEDOS;

/**
 * The typical albedo [unitless] of a surface type ({@link SURFACE_ALBEDOS}), as pvlib's
 * `surface_type` arguments take it.
 * @param surfaceType one of pvlib's names: 'urban', 'grass', 'fresh grass', 'soil', 'sand',
 *   'snow', 'fresh snow', 'asphalt', 'concrete', 'aluminum', 'copper', 'fresh steel',
 *   'dirty steel', 'sea'
 * @example
 * surfaceAlbedo('fresh snow'); // => 0.75
 */
export function surfaceAlbedo(surfaceType: SurfaceType): number {
  const types = Object.keys(SURFACE_ALBEDOS) as SurfaceType[];
  return SURFACE_ALBEDOS[checkOneOf('surfaceAlbedo', 'surfaceType', surfaceType, types)];
}

/** Colour coefficient c and wave roughness coefficient r of inland water (Dvoracek & Hannabas 1990). */
export const WATER_SURFACE_COEFFS = {
  clear_water_no_waves: { colorCoeff: 0.13, waveRoughnessCoeff: 0.29 },
  'clear_water_ripples_up_to_2.5cm': { colorCoeff: 0.16, waveRoughnessCoeff: 0.7 },
  'clear_water_ripples_larger_than_2.5cm_occasional_whitecaps': { colorCoeff: 0.23, waveRoughnessCoeff: 1.25 },
  clear_water_frequent_whitecaps: { colorCoeff: 0.3, waveRoughnessCoeff: 2 },
  'green_water_ripples_up_to_2.5cm': { colorCoeff: 0.22, waveRoughnessCoeff: 0.7 },
  muddy_water_no_waves: { colorCoeff: 0.19, waveRoughnessCoeff: 0.29 },
} as const;

/** A surface condition of {@link WATER_SURFACE_COEFFS} (pvlib's names). */
export type WaterSurfaceCondition = keyof typeof WATER_SURFACE_COEFFS;

/** Options of {@link inlandWaterDvoracek}: a surface condition, or both coefficients. */
export interface InlandWaterOptions {
  /** The surface and its condition, which sets both coefficients. */
  surfaceCondition?: WaterSurfaceCondition;
  /** Water colour coefficient c [unitless]. */
  colorCoeff?: number;
  /** Wave roughness coefficient r [unitless]. */
  waveRoughnessCoeff?: number;
}

/**
 * Albedo of inland water (lakes, ponds) [unitless] by the sun's elevation [deg]:
 * c^(r sin(elevation) + 1), with the elevation held at 0 below the horizon. Dvoracek, M.J.,
 * Hannabas, B. (1990), Prediction of albedo for use in evapotranspiration and irrigation
 * scheduling, in Visions of the Future, American Society of Agricultural Engineers 04-90, 692-699.
 * Follows pvlib.albedo.inland_water_dvoracek.
 * @param solarElevation sun elevation [deg]
 * @param options `surfaceCondition`, or `colorCoeff` and `waveRoughnessCoeff`
 * @param out optional output buffer
 * @example
 * inlandWaterDvoracek(30, { surfaceCondition: 'clear_water_no_waves' })[0]; // about 0.0981
 */
export function inlandWaterDvoracek(
  solarElevation: Column,
  options: InlandWaterOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'inlandWaterDvoracek';
  checkObject(fn, 'options', options);
  let c: number;
  let r: number;
  if (
    options.surfaceCondition !== undefined &&
    options.colorCoeff === undefined &&
    options.waveRoughnessCoeff === undefined
  ) {
    const names = Object.keys(WATER_SURFACE_COEFFS) as WaterSurfaceCondition[];
    const k = WATER_SURFACE_COEFFS[checkOneOf(fn, 'options.surfaceCondition', options.surfaceCondition, names)];
    c = k.colorCoeff;
    r = k.waveRoughnessCoeff;
  } else if (
    options.surfaceCondition === undefined &&
    options.colorCoeff !== undefined &&
    options.waveRoughnessCoeff !== undefined
  ) {
    c = checkFinite(fn, 'options.colorCoeff', options.colorCoeff, 'unitless');
    r = checkFinite(fn, 'options.waveRoughnessCoeff', options.waveRoughnessCoeff, 'unitless');
  } else {
    rangeFailure(fn, 'options', 'a surfaceCondition, or both colorCoeff and waveRoughnessCoeff', options);
  }
  const n = checkSeries(fn, [['solarElevation', solarElevation, 'degrees']]);
  const res = outputColumn(out, n);
  const eA = arrayOf(solarElevation);
  const e0 = scalarOf(solarElevation);
  for (let i = 0; i < n; i++) {
    const e = eA !== null ? eA[i]! : e0;
    res[i] = Math.pow(c, r * Math.sin((e < 0 ? 0 : e) * D2R) + 1);
  }
  return res;
}
