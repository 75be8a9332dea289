/**
 * Reference handlers for the cases of atmosphere.json (and any other file of the same schema whose
 * cases name the same functions in `params.function`): pvlib.atmosphere's helpers and
 * pvlib.albedo. (The air mass and alt2pres cases of that file are computed by the handlers of
 * irradiance.ts, which recognise them by name.) Every parameter is read from the case, with pvlib's
 * defaults where it is absent.
 */
import {
  angstromAlpha,
  angstromAodAtLambda,
  birdHulstrom80AodBb,
  gueymard94Pw,
  type HellmannSurfaceType,
  inlandWaterDvoracek,
  kasten96Lt,
  pressureToAltitude,
  rhFromTdew,
  type SurfaceType,
  surfaceAlbedo,
  tdewFromRh,
  type WaterSurfaceCondition,
  windspeedPowerlaw,
} from '../../../src/atmosphere/index.js';
import { inputColumn, param } from '../runner.js';
import { TOLERANCE, type CaseHandler, type ComputedColumns, type ReferenceCase } from '../schema.js';

/** A handler of one pvlib function, recognised by `params.function` and the columns it needs. */
function handler(fn: string, inputs: string[], run: (c: ReferenceCase) => ComputedColumns): CaseHandler {
  return {
    variant: fn.replaceAll('_', '-'),
    matches: (_stem, _name, refCase) =>
      param<string | undefined>(refCase, 'function', undefined) === fn && inputs.every((k) => k in refCase.inputs),
    run,
    defaultTolerance: TOLERANCE.value,
  };
}

const col = inputColumn;
/** An optional column, else pvlib's default. */
const orDefault = (c: ReferenceCase, name: string, fallback: number) => (name in c.inputs ? col(c, name) : fallback);
const coeffOf = (c: ReferenceCase) => {
  const coeff = param<number[] | undefined>(c, 'coeff', undefined);
  return coeff === undefined ? {} : { coeff: coeff as [number, number, number] };
};

export const handlers: CaseHandler[] = [
  handler('pres2alt', ['pressure_pa'], (c) => ({ altitude_m: pressureToAltitude(col(c, 'pressure_pa')) })),
  handler('gueymard94_pw', ['temp_air', 'relative_humidity'], (c) => ({
    precipitable_water: gueymard94Pw(col(c, 'temp_air'), col(c, 'relative_humidity')),
  })),
  handler('rh_from_tdew', ['temp_air', 'temp_dew'], (c) => ({
    relative_humidity: rhFromTdew({ tempAir: col(c, 'temp_air'), tempDew: col(c, 'temp_dew') }, coeffOf(c)),
  })),
  handler('tdew_from_rh', ['temp_air', 'relative_humidity'], (c) => ({
    temp_dew: tdewFromRh({ tempAir: col(c, 'temp_air'), relativeHumidity: col(c, 'relative_humidity') }, coeffOf(c)),
  })),
  handler('bird_hulstrom80_aod_bb', ['aod380', 'aod500'], (c) => ({
    aod_bb: birdHulstrom80AodBb(col(c, 'aod380'), col(c, 'aod500')),
  })),
  handler('kasten96_lt', ['airmass_absolute', 'precipitable_water', 'aod_bb'], (c) => ({
    linke_turbidity: kasten96Lt({
      airmassAbsolute: col(c, 'airmass_absolute'),
      precipitableWater: col(c, 'precipitable_water'),
      aodBb: col(c, 'aod_bb'),
    }),
  })),
  handler('angstrom_aod_at_lambda', ['aod0', 'lambda0'], (c) => ({
    aod1: angstromAodAtLambda({
      aod0: col(c, 'aod0'),
      lambda0: col(c, 'lambda0'),
      alpha: orDefault(c, 'alpha', param(c, 'alpha', 1.14)),
      lambda1: orDefault(c, 'lambda1', param(c, 'lambda1', 700)),
    }),
  })),
  handler('angstrom_alpha', ['aod1', 'lambda1', 'aod2', 'lambda2'], (c) => ({
    alpha: angstromAlpha({
      aod1: col(c, 'aod1'),
      lambda1: col(c, 'lambda1'),
      aod2: col(c, 'aod2'),
      lambda2: col(c, 'lambda2'),
    }),
  })),
  handler('windspeed_powerlaw', ['wind_speed_reference', 'height_reference', 'height_desired'], (c) => {
    const surfaceType = param<HellmannSurfaceType | undefined>(c, 'surface_type', undefined);
    const exponent = param<number | undefined>(c, 'exponent', undefined);
    return {
      wind_speed: windspeedPowerlaw(
        {
          windSpeedReference: col(c, 'wind_speed_reference'),
          heightReference: col(c, 'height_reference'),
          heightDesired: col(c, 'height_desired'),
        },
        surfaceType !== undefined ? { surfaceType } : { exponent },
      ),
    };
  }),
  handler('inland_water_dvoracek', ['solar_elevation'], (c) => {
    const surfaceCondition = param<WaterSurfaceCondition | undefined>(c, 'surface_condition', undefined);
    return {
      albedo: inlandWaterDvoracek(
        col(c, 'solar_elevation'),
        surfaceCondition !== undefined
          ? { surfaceCondition }
          : {
              colorCoeff: param(c, 'color_coeff', Number.NaN),
              waveRoughnessCoeff: param(c, 'wave_roughness_coeff', Number.NaN),
            },
      ),
    };
  }),
  handler('surface_albedos', ['row'], (c) => ({
    albedo: Float64Array.from(param<SurfaceType[]>(c, 'surface_types', []), (t) => surfaceAlbedo(t)),
  })),
];
