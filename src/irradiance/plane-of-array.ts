/**
 * The plane of array: the one place where a fixed plane or a single-axis tracker meets the sky.
 * The weather source (gti) and the PV chains both call {@link planeOfArray}; what differs between
 * them (which zenith the sky model sees, the albedo, the tracker's geometry) is an explicit input.
 */
import { checkSingleAxisOptions } from '../tracking/checks.js';
import { type SingleAxisOptions, singleAxis } from '../tracking/single-axis.js';
import type { Column } from '../util/columns.js';
import { checkLatitude, checkObject, checkOneOf, checkSeries, type SeriesEntry } from '../util/validate.js';
import {
  SKY_DIFFUSE_MODELS,
  type SkyDiffuseModel,
  type TotalIrradiance,
  type TotalIrradianceOptions,
  totalIrradiance,
} from './transposition.js';

/** A fixed plane, pvlib's convention: tilt from horizontal, azimuth of the normal east of north. */
export interface FixedMount {
  /** Tilt from horizontal, degrees (0 faces up). */
  tilt: Column;
  /** Direction the plane faces, degrees east of north (south 180, east 90). */
  azimuth: Column;
}

/** A single-axis tracker: the geometry and control of pvlib.tracking.singleaxis. */
export interface TrackerMount {
  /** The tracker's axis, limits and backtracking (see `singleAxis`). */
  tracker: SingleAxisOptions;
}

/** How the plane is held: fixed, or turned by a single-axis tracker. */
export type PlaneMount = FixedMount | TrackerMount;

/** Inputs of {@link planeOfArray}. Angles in degrees, irradiance W/m2. */
export interface PlaneOfArrayInput {
  /**
   * Solar zenith the sky model sees: pvlib's ModelChain passes the apparent (refracted) zenith,
   * a caller may pass the true one (the synthetic weather does); either way it is explicit.
   */
  solarZenith: Column;
  /** Solar azimuth, degrees east of north. */
  solarAzimuth: Column;
  /** Zenith the tracker follows (the apparent zenith, as pvlib); default `solarZenith`. */
  trackingZenith?: Column;
  /** Global horizontal irradiance, W/m2. */
  ghi: Column;
  /** Direct normal irradiance, W/m2. */
  dni: Column;
  /** Diffuse horizontal irradiance, W/m2. */
  dhi: Column;
  /** Extraterrestrial normal irradiance, W/m2; required by 'perez' and 'haydavies'. */
  dniExtra?: Column;
  /** Relative air mass for 'perez'; default Kasten & Young (1989) from `solarZenith`. */
  airmass?: Column;
  /** Ground albedo, 0..1: no default, the caller says which. */
  albedo: Column;
}

/** Options of {@link planeOfArray}. */
export interface PlaneOfArrayOptions {
  /** How the plane is held: `{ tilt, azimuth }` or `{ tracker }`. */
  mount: PlaneMount;
  /** Sky diffuse model, default 'perez' (allsitescomposite1990 coefficients unless given). */
  model?: SkyDiffuseModel;
  /** Perez coefficient set, default 'allsitescomposite1990'. */
  perezCoefficients?: TotalIrradianceOptions['perezCoefficients'];
}

/** Plane-of-array irradiance (W/m2) and the plane's orientation (degrees) on each row. */
export interface PlaneOfArray extends TotalIrradiance {
  /** Tilt of the plane, degrees: the mount's, or the tracker's (0 while the sun is down). */
  surfaceTilt: Column;
  /** Azimuth of the plane's normal, degrees east of north (180 for a tracker laid flat at night). */
  surfaceAzimuth: Column;
  /** Rotation of the tracker, degrees (NaN while the sun is down); trackers only. */
  trackerTheta?: Float64Array;
}

/** Every sky model of totalIrradiance (the model chain chooses among them by name). */
const MODELS: readonly SkyDiffuseModel[] = SKY_DIFFUSE_MODELS;

/**
 * The default tilt of a plane at a latitude: |latitude| (the tilt of a plane square to the sun at
 * noon on the equinoxes), at most `maxTilt` degrees (90 for the weather's gti, 40 for a PV site).
 * @example
 * defaultTilt(52.4); // => 52.4
 * defaultTilt(-60, 40); // => 40
 */
export function defaultTilt(latitude: number, maxTilt = 90): number {
  checkLatitude('defaultTilt', latitude);
  return Math.min(maxTilt, Math.abs(latitude));
}

/**
 * The default azimuth of a plane, degrees east of north: facing the equator, 180 (south) north of
 * it and 0 (north) south of it. (The API's convention gives the same two numbers.)
 * @example
 * // A Sydney roof faces north:
 * defaultAzimuth(-33.9); // => 0
 */
export function defaultAzimuth(latitude: number): number {
  checkLatitude('defaultAzimuth', latitude);
  return latitude >= 0 ? 180 : 0;
}

/**
 * Plane-of-array irradiance on a fixed plane or a single-axis tracker: beam, sky diffuse (Perez
 * 1990 by default, or Hay-Davies or isotropic) and ground-reflected irradiance by
 * {@link totalIrradiance} (as pvlib.irradiance.get_total_irradiance), on the orientation of the
 * mount; for a tracker, the orientation of {@link singleAxis} (as pvlib.tracking.singleaxis,
 * Anderson & Mikofski 2020) following `trackingZenith`. While the sun is below the horizon a
 * tracker is laid flat (tilt 0, azimuth 180; pvlib leaves NaN there, which would make the night's
 * irradiance NaN instead of 0). A NaN input (irradiance, albedo, sun angles) gives a NaN plane-of-
 * array global irradiance on its row, as in pvlib: never a plausible number; a NaN tracking
 * zenith leaves the tracker's orientation NaN, not flat. Each call checks its arguments once
 * (column kinds and lengths, the mount's geometry).
 *
 * Perez, R., Ineichen, P., Seals, R., Michalsky, J., Stewart, R. (1990), Solar Energy 44(5),
 * 271-289, doi:10.1016/0038-092X(90)90055-H; Anderson, K., Mikofski, M. (2020), NREL/TP-5K00-76626,
 * doi:10.2172/1660126.
 *
 * @example
 * // A south-facing plane at 30 degrees, the sun 40 degrees up in the south-east, albedo 0.2:
 * const poa = planeOfArray(
 *   { solarZenith: 50, solarAzimuth: 135, ghi: 600, dni: 700, dhi: 150, dniExtra: 1361, albedo: 0.2 },
 *   { mount: { tilt: 30, azimuth: 180 } },
 * );
 * poa.poaGlobal[0]; // about 772 W/m2
 */
export function planeOfArray(input: PlaneOfArrayInput, options: PlaneOfArrayOptions): PlaneOfArray {
  const fn = 'planeOfArray';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const mount = checkObject(fn, 'options.mount', options.mount);
  const model = options.model === undefined ? 'perez' : checkOneOf(fn, 'options.model', options.model, MODELS);
  const isTracker = 'tracker' in mount;
  const entries: SeriesEntry[] = [
    ['solarZenith', input.solarZenith, 'degrees'],
    ['solarAzimuth', input.solarAzimuth, 'degrees east of north'],
    ['trackingZenith', input.trackingZenith, 'degrees', true],
    ['ghi', input.ghi, 'W/m2'],
    ['dni', input.dni, 'W/m2'],
    ['dhi', input.dhi, 'W/m2'],
    ['dniExtra', input.dniExtra, 'W/m2', model === 'isotropic'],
    ['airmass', input.airmass, 'relative air mass', true],
    ['albedo', input.albedo, '0..1'],
  ];
  if (isTracker) checkSingleAxisOptions(fn, 'mount.tracker', mount.tracker);
  else {
    entries.push(['mount.tilt', mount.tilt, 'degrees'], ['mount.azimuth', mount.azimuth, 'degrees east of north']);
  }
  const n = checkSeries(fn, entries);

  let surfaceTilt: Column;
  let surfaceAzimuth: Column;
  let trackerTheta: Float64Array | undefined;
  if (isTracker) {
    const trackingZenith = input.trackingZenith ?? input.solarZenith;
    const tracked = singleAxis({ apparentZenith: trackingZenith, solarAzimuth: input.solarAzimuth }, mount.tracker);
    const tilt = tracked.surfaceTilt;
    const az = tracked.surfaceAzimuth;
    // The sun below the horizon: any orientation sees no beam; lay the tracker flat so that the
    // night's diffuse and ground terms are 0 rather than NaN. A NaN zenith stays NaN.
    const zA = typeof trackingZenith === 'number' ? null : trackingZenith;
    const zS = typeof trackingZenith === 'number' ? trackingZenith : 0;
    for (let i = 0; i < n; i++) {
      if ((zA === null ? zS : zA[i]!) > 90) {
        tilt[i] = 0;
        az[i] = 180;
      }
    }
    surfaceTilt = tilt;
    surfaceAzimuth = az;
    trackerTheta = tracked.trackerTheta;
  } else {
    surfaceTilt = mount.tilt;
    surfaceAzimuth = mount.azimuth;
  }

  const poa = totalIrradiance(
    {
      surfaceTilt,
      surfaceAzimuth,
      solarZenith: input.solarZenith,
      solarAzimuth: input.solarAzimuth,
      dni: input.dni,
      ghi: input.ghi,
      dhi: input.dhi,
      ...(input.dniExtra !== undefined ? { dniExtra: input.dniExtra } : {}),
      ...(input.airmass !== undefined ? { airmass: input.airmass } : {}),
      albedo: input.albedo,
    },
    { model, ...(options.perezCoefficients !== undefined ? { perezCoefficients: options.perezCoefficients } : {}) },
  );
  return { ...poa, surfaceTilt, surfaceAzimuth, ...(trackerTheta !== undefined ? { trackerTheta } : {}) };
}
