/**
 * Terrain shading of the radiation outputs (spec 4.2 `terrain_shading`): direct irradiance is
 * zero while the terrain hides the sun, diffuse is reduced by the sky-view factor, global
 * reflects both. Horizontal columns go through `shadeIrradiance` of src/terrain; plane-of-array
 * columns (gti, clearskyGti) lose their beam part (DNI cos AOI) while the sun is hidden and
 * have the rest scaled by the tilted-plane diffuse factor (Dozier & Frew 1990).
 *
 * Deviation: the source's GTI is not split into sky and ground-reflected diffuse, so the
 * sky-view reduction is applied to both; the ground part is small (albedo x GHI x (1 - cos S)/2).
 */
import { aoi } from 'solarkit';
import { type HorizonProfile, shadeIrradiance, sunAboveHorizon, tiltedDiffuseFactor } from 'solarkit';
import { singleAxis } from 'solarkit';
import { apiAzimuthToPvlib } from './common.js';
import type { WeatherColumnName, WeatherColumns } from './source.js';

/** Weather columns shading needs besides the requested ones. */
export const SHADING_INPUTS: readonly WeatherColumnName[] = [
  'solarZenith',
  'solarAzimuth',
  'dni',
  'dhi',
  'ghi',
  'clearskyDni',
  'clearskyDhi',
  'clearskyGhi',
];

/** The horizontal and plane-of-array columns shaded together: measured and clear-sky. */
const SHADED_SETS = [
  { dni: 'dni', dhi: 'dhi', ghi: 'ghi', gti: 'gti' },
  { dni: 'clearskyDni', dhi: 'clearskyDhi', ghi: 'clearskyGhi', gti: 'clearskyGti' },
] as const;

/**
 * Shades, in place, the irradiance columns among `columns` (ghi, dni, dhi, gti and their
 * clear-sky forms) for a plane of `tilt` and API `azimuth` (fixed) or a north-south single-axis
 * tracker. `columns` must hold solarZenith (deg) and solarAzimuth (degrees east of north).
 */
export function applyTerrainShading(
  columns: WeatherColumns,
  profile: HorizonProfile,
  plane: { tilt: number; azimuth: number; arrayType: 'fixed' | 'horizontal_single_axis' },
): void {
  const zenith = columns.solarZenith!;
  const compass = columns.solarAzimuth!;
  const n = zenith.length;
  const elevation = new Float64Array(n);
  for (let i = 0; i < n; i++) elevation[i] = 90 - zenith[i]!;
  const visible = sunAboveHorizon({ apparentElevation: elevation, azimuth: compass, horizon: profile });
  // Plane orientation and incidence of the beam.
  let cosAoi: Float64Array;
  let diffuseFactor: number;
  if (plane.arrayType === 'horizontal_single_axis') {
    const t = singleAxis({ apparentZenith: zenith, solarAzimuth: compass }, { axisAzimuth: 0, backtrack: true });
    cosAoi = new Float64Array(n);
    for (let i = 0; i < n; i++) cosAoi[i] = Math.max(0, Math.cos((t.aoi[i]! * Math.PI) / 180));
    diffuseFactor = tiltedDiffuseFactor(profile, { surfaceTilt: 0, surfaceAzimuth: 90 });
  } else {
    const surfaceAzimuth = apiAzimuthToPvlib(plane.azimuth);
    const a = aoi({ surfaceTilt: plane.tilt, surfaceAzimuth, solarZenith: zenith, solarAzimuth: compass });
    cosAoi = new Float64Array(n);
    for (let i = 0; i < n; i++) cosAoi[i] = Math.max(0, Math.cos((a[i]! * Math.PI) / 180)) || 0;
    diffuseFactor = tiltedDiffuseFactor(profile, { surfaceTilt: plane.tilt, surfaceAzimuth });
  }
  for (const set of SHADED_SETS) {
    const dni = columns[set.dni];
    const dhi = columns[set.dhi];
    const ghi = columns[set.ghi];
    const gti = columns[set.gti];
    if (gti && dni) {
      for (let i = 0; i < n; i++) {
        const beam = dni[i]! * cosAoi[i]!;
        const rest = Math.max(0, gti[i]! - beam);
        gti[i] = (visible[i]! > 0 ? beam : 0) + rest * diffuseFactor;
      }
    }
    if (dni && dhi) {
      const sun = { apparentElevation: elevation, azimuth: compass, zenith };
      const shaded = shadeIrradiance({ ...sun, dni, dhi, ...(ghi ? { ghi } : {}), horizon: profile });
      dni.set(shaded.dni);
      dhi.set(shaded.dhi);
      if (ghi) ghi.set(shaded.ghi);
    }
  }
}
