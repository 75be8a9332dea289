/**
 * Terrain shading of irradiance columns: the beam is lost while the sun is behind the horizon,
 * the isotropic sky diffuse is scaled by the sky-view factor, the circumsolar diffuse follows the
 * beam.
 */
import { asColumn, outputColumn, scalarOf, seriesLength, type Column } from '../util/columns.js';
import { horizonElevationAt, uniformAzimuthStep, type HorizonProfile } from './horizon.js';
import { skyViewFactor, tiltedDiffuseFactor } from './svf.js';
import { checkPlane, checkProfile, checkShadingColumns } from './checks.js';
import { checkObject } from '../util/validate.js';

const DEG = Math.PI / 180;
/** Resolution of the lookup table used for profiles with uneven azimuths, degrees. */
const TABLE_STEP = 0.1;

/** Inputs of {@link sunAboveHorizon}: the apparent sun and the horizon. */
export interface SunAboveHorizonInput {
  /** Apparent (refraction-corrected) solar elevation, degrees. */
  apparentElevation: Column;
  /** Solar azimuth, degrees east of north. */
  azimuth: Column;
  /** The terrain horizon (interpolated linearly between its sectors). */
  horizon: HorizonProfile;
}

/** Inputs of {@link shadeIrradiance}: sun position, unshaded irradiance columns and the horizon. */
export interface ShadingInput {
  /** The terrain horizon. */
  horizon: HorizonProfile;
  /** Apparent (refraction-corrected) solar elevation, degrees. */
  apparentElevation: Column;
  /** Solar azimuth, degrees east of north. */
  azimuth: Column;
  /** Direct normal irradiance, W/m2. */
  dni: Column;
  /** Diffuse horizontal irradiance, W/m2. */
  dhi: Column;
  /**
   * Global horizontal irradiance, W/m2. When given, the shaded GHI is this minus what shading
   * removed (so measured GHI keeps its own closure); else it is recomposed as DNI cos z + DHI.
   */
  ghi?: Column;
  /** Apparent solar zenith, degrees; default 90 - apparentElevation. */
  zenith?: Column;
}

/** Options of {@link shadeIrradiance}. */
export interface ShadingOptions {
  /**
   * Share (0..1) of DHI that comes from the circumsolar region and so is lost with the beam when
   * the sun is behind the horizon. Default 0: all diffuse is isotropic. For Hay-Davies
   * consistency pass the anisotropy index DNI / extraterrestrial irradiance.
   */
  circumsolarFraction?: Column;
  /** Sky-view factor for the isotropic diffuse; default {@link skyViewFactor} of the horizontal. */
  skyViewFactor?: number;
}

/** Shaded irradiance columns, W/m2. */
export interface ShadedIrradiance {
  /** Direct normal irradiance, W/m2: 0 while the sun is behind the horizon. */
  dni: Float64Array;
  /** Diffuse horizontal irradiance after the horizon's share of the sky is taken away, W/m2. */
  dhi: Float64Array;
  /**
   * Global horizontal irradiance after shading, W/m2: the given GHI less what the horizon takes
   * away, or (no GHI given) the shaded beam on the horizontal plus the shaded DHI.
   */
  ghi: Float64Array;
}

/** cos of the solar zenith from the zenith column when given, else from the apparent elevation; 0 below the horizon. */
function cosZenith(zenith: Float64Array | undefined, elevation: number, i: number): number {
  const c = zenith === undefined ? Math.sin(elevation * DEG) : Math.cos(zenith[i]! * DEG);
  return c > 0 ? c : 0;
}

/**
 * Horizon elevations on an even azimuth grid: the profile's own when its azimuths are evenly
 * spaced from `start`, else a table every 0.1 degree from north.
 */
function evenHorizon(profile: HorizonProfile): { start: number; step: number; elevations: Float64Array } {
  const step = uniformAzimuthStep(profile);
  if (step > 0) return { start: profile.azimuths[0]!, step, elevations: profile.elevations };
  const n = Math.round(360 / TABLE_STEP);
  const table = new Float64Array(n);
  for (let i = 0; i < n; i++) table[i] = horizonElevationAt(profile, i * TABLE_STEP);
  return { start: 0, step: TABLE_STEP, elevations: table };
}

/**
 * Sun visibility over the horizon: 1 where the apparent solar elevation is at or above the
 * horizon at the sun's azimuth (interpolated linearly between sectors), else 0 (also when the
 * elevation is NaN).
 * @param input `apparentElevation` (degrees), `azimuth` (degrees east of north) and the `horizon`
 * @param out optional output buffer of the series' length
 * @example
 * // A ridge 10 degrees high to the south: the sun 5 degrees up is behind it in the south,
 * // not in the east.
 * const horizon = horizonFromArrays([0, 90, 180, 270], [0, 0, 10, 0]);
 * const sun = { apparentElevation: 5, azimuth: Float64Array.of(90, 180) };
 * Array.from(sunAboveHorizon({ ...sun, horizon })); // => [1, 0]
 */
export function sunAboveHorizon(input: SunAboveHorizonInput, out?: Float64Array): Float64Array {
  checkObject('sunAboveHorizon', 'input', input);
  const { apparentElevation, azimuth, horizon: profile } = input;
  checkProfile('sunAboveHorizon', profile);
  checkShadingColumns('sunAboveHorizon', {
    apparentElevation: [apparentElevation, 'degrees'],
    azimuth: [azimuth, 'degrees east of north'],
  });
  const n = seriesLength(apparentElevation, azimuth);
  const elev = asColumn(apparentElevation, n);
  const azim = asColumn(azimuth, n);
  const result = outputColumn(out, n);
  const { start, step, elevations } = evenHorizon(profile);
  const sectors = elevations.length;
  const invStep = 1 / step;
  for (let i = 0; i < n; i++) {
    let x = (azim[i]! - start) * invStep;
    x -= Math.floor(x / sectors) * sectors;
    // A hair below 0 wraps to exactly `sectors` in floating point: that is sector 0, fraction 0.
    if (x >= sectors) x = 0;
    const j = Math.floor(x);
    const j1 = j + 1 === sectors ? 0 : j + 1;
    const h = elevations[j]! + (elevations[j1]! - elevations[j]!) * (x - j);
    result[i] = elev[i]! >= h ? 1 : 0;
  }
  return result;
}

/**
 * Terrain-shaded horizontal irradiance. Beam: DNI is zero while the apparent sun is below the
 * horizon at its azimuth (interpolated between sectors). Diffuse: the isotropic part of DHI is
 * multiplied by the sky-view factor of the horizontal (Dozier & Frew 1990), the circumsolar part
 * (`circumsolarFraction` of DHI, default none) is kept only while the sun is visible. Global:
 * GHI minus the beam lost on the horizontal (DNI cos z) and the diffuse lost, or DNI cos z + DHI
 * recomposed when no GHI is given. Use it before transposition; for plane-of-array columns use
 * {@link shadePlaneOfArray}.
 * @param input the sun (`apparentElevation`, `azimuth`, optionally `zenith`, degrees), the
 *   irradiance (`dni`, `dhi`, optionally `ghi`, W/m2) and the `horizon`
 * @param options the circumsolar share of DHI, the sky-view factor
 * @param out optional output buffers (any subset), each of the series length
 * @returns shaded dni, dhi, ghi in W/m2 (into `out` buffers when given)
 * @example
 * // The sun 5 degrees up in the south, behind a ridge 10 degrees high: the beam is lost.
 * const horizon = horizonFromArrays([0, 90, 180, 270], [0, 0, 10, 0]);
 * const shaded = shadeIrradiance({ apparentElevation: 5, azimuth: 180, dni: 300, dhi: 100, horizon });
 * shaded.dni[0]; // => 0
 * shaded.dhi[0]; // about 99.2 W/m2
 */
export function shadeIrradiance(
  input: ShadingInput,
  options: ShadingOptions = {},
  out: Partial<ShadedIrradiance> = {},
): ShadedIrradiance {
  checkObject('shadeIrradiance', 'input', input);
  const profile = input.horizon;
  checkProfile('shadeIrradiance', profile);
  checkShadingColumns('shadeIrradiance', {
    apparentElevation: [input.apparentElevation, 'degrees'],
    azimuth: [input.azimuth, 'degrees east of north'],
    dni: [input.dni, 'W/m2'],
    dhi: [input.dhi, 'W/m2'],
    ghi: [input.ghi, 'W/m2', true],
    zenith: [input.zenith, 'degrees', true],
  });
  const n = seriesLength(input.apparentElevation, input.azimuth, input.dni, input.dhi);
  if (input.ghi !== undefined) seriesLength(input.dni, input.ghi);
  if (input.zenith !== undefined) seriesLength(input.dni, input.zenith);
  const elev = asColumn(input.apparentElevation, n);
  const azim = asColumn(input.azimuth, n);
  const dni = asColumn(input.dni, n);
  const dhi = asColumn(input.dhi, n);
  const ghi = input.ghi === undefined ? undefined : asColumn(input.ghi, n);
  const zen = input.zenith === undefined ? undefined : asColumn(input.zenith, n);
  // A scalar circumsolar fraction (usually 0) is read as it is, without broadcasting a column.
  const circumsolarInput = options.circumsolarFraction ?? 0;
  if (typeof circumsolarInput !== 'number') seriesLength(input.dni, circumsolarInput);
  const circColumn = typeof circumsolarInput === 'number' ? undefined : circumsolarInput;
  const circScalar = scalarOf(circumsolarInput);
  const svf = options.skyViewFactor ?? skyViewFactor(profile);
  const dniOut = outputColumn(out.dni, n, 'out.dni');
  const dhiOut = outputColumn(out.dhi, n, 'out.dhi');
  const ghiOut = outputColumn(out.ghi, n, 'out.ghi');

  const { start, step, elevations } = evenHorizon(profile);
  const sectors = elevations.length;
  const invStep = 1 / step;
  for (let i = 0; i < n; i++) {
    const e = elev[i]!;
    let x = (azim[i]! - start) * invStep;
    if (!(x >= 0 && x < sectors)) {
      x -= Math.floor(x / sectors) * sectors;
      if (x >= sectors) x = 0; // a hair below 0 rounds up to `sectors`: sector 0, fraction 0
    }
    const j = x | 0;
    const j1 = j + 1 === sectors ? 0 : j + 1;
    const hj = elevations[j]!;
    const visible = e >= hj + (elevations[j1]! - hj) * (x - j);
    const beam = dni[i]!;
    const diffuse = dhi[i]!;
    const circumsolar = diffuse * (circColumn === undefined ? circScalar : circColumn[i]!);
    const diffuseShaded = (diffuse - circumsolar) * svf + (visible ? circumsolar : 0);
    dhiOut[i] = diffuseShaded;
    if (visible || beam === 0) {
      // Nothing of the beam is lost: GHI loses the diffuse share only.
      dniOut[i] = beam;
      if (ghi === undefined) {
        ghiOut[i] = beam === 0 ? diffuseShaded : beam * cosZenith(zen, e, i) + diffuseShaded;
      } else {
        const g = ghi[i]! - (diffuse - diffuseShaded);
        ghiOut[i] = g > 0 ? g : 0;
      }
    } else {
      dniOut[i] = 0;
      if (ghi === undefined) {
        ghiOut[i] = diffuseShaded;
      } else {
        const g = ghi[i]! - beam * cosZenith(zen, e, i) - (diffuse - diffuseShaded);
        ghiOut[i] = g > 0 ? g : 0;
      }
    }
  }
  return { dni: dniOut, dhi: dhiOut, ghi: ghiOut };
}

/** Plane-of-array inputs of {@link shadePlaneOfArray}, W/m2 unless stated. */
export interface PlaneOfArrayShadingInput {
  /** The terrain horizon. */
  horizon: HorizonProfile;
  /** Tilt of the plane from horizontal, degrees (pvlib's `surface_tilt`). */
  surfaceTilt: number;
  /** Direction the plane faces, degrees east of north, 180 = south (pvlib's `surface_azimuth`). */
  surfaceAzimuth: number;
  /** Apparent solar elevation, degrees. */
  apparentElevation: Column;
  /** Solar azimuth, degrees east of north. */
  azimuth: Column;
  /** Beam irradiance on the plane. */
  poaDirect: Column;
  /** Isotropic (and horizon-band) sky diffuse on the plane. */
  poaSkyDiffuse: Column;
  /** Circumsolar diffuse on the plane (default 0): lost with the beam. */
  poaCircumsolar?: Column;
  /** Ground-reflected irradiance on the plane (default 0): passed through. */
  poaGroundDiffuse?: Column;
}

/** Shaded plane-of-array columns, W/m2. */
export interface ShadedPlaneOfArray {
  /** Beam irradiance on the plane, W/m2: 0 while the sun is behind the horizon. */
  poaDirect: Float64Array;
  /** Isotropic sky diffuse on the plane scaled by its sky-view factor relative to open ground, W/m2. */
  poaSkyDiffuse: Float64Array;
  /** Circumsolar diffuse on the plane, W/m2: 0 while the sun is behind the horizon. */
  poaCircumsolar: Float64Array;
  /** Global irradiance on the plane, W/m2: the sum of the shaded parts and the ground-reflected light. */
  poaGlobal: Float64Array;
}

/**
 * Terrain shading applied to irradiance already transposed to a plane (GTI): beam and
 * circumsolar go to zero while the sun is behind the horizon; the sky diffuse is scaled by the
 * plane's sky-view factor relative to open ground, V / ((1 + cos S) / 2) (Dozier & Frew 1990,
 * doi:10.1109/36.58986); ground-reflected light is passed through. poaGlobal is the sum.
 * @param input the sun (`apparentElevation`, `azimuth`, degrees), the plane-of-array columns
 *   (W/m2), the `horizon` and the plane (`surfaceTilt` degrees from horizontal, `surfaceAzimuth`
 *   degrees east of north, 180 = south)
 * @param out optional output buffers (any subset), each of the series length
 * @example
 * // Open ground: nothing is lost, poaGlobal is the sum of the parts.
 * const horizon = horizonFromArrays([0, 90, 180, 270], [0, 0, 0, 0]);
 * const plane = { horizon, surfaceTilt: 30, surfaceAzimuth: 180 };
 * const sun = { apparentElevation: 40, azimuth: 180 };
 * const poa = { poaDirect: 600, poaSkyDiffuse: 100, poaGroundDiffuse: 10 };
 * shadePlaneOfArray({ ...sun, ...plane, ...poa }).poaGlobal[0]; // about 710
 */
export function shadePlaneOfArray(
  input: PlaneOfArrayShadingInput,
  out: Partial<ShadedPlaneOfArray> = {},
): ShadedPlaneOfArray {
  checkObject('shadePlaneOfArray', 'input', input);
  const { horizon: profile, surfaceTilt, surfaceAzimuth } = input;
  checkProfile('shadePlaneOfArray', profile);
  checkPlane('shadePlaneOfArray', surfaceTilt, surfaceAzimuth);
  checkShadingColumns('shadePlaneOfArray', {
    apparentElevation: [input.apparentElevation, 'degrees'],
    azimuth: [input.azimuth, 'degrees east of north'],
    poaDirect: [input.poaDirect, 'W/m2'],
    poaSkyDiffuse: [input.poaSkyDiffuse, 'W/m2'],
    poaCircumsolar: [input.poaCircumsolar, 'W/m2', true],
    poaGroundDiffuse: [input.poaGroundDiffuse, 'W/m2', true],
  });
  const n = seriesLength(input.apparentElevation, input.azimuth, input.poaDirect, input.poaSkyDiffuse);
  const direct = asColumn(input.poaDirect, n);
  const sky = asColumn(input.poaSkyDiffuse, n);
  const circ = asColumn(input.poaCircumsolar ?? 0, n);
  const ground = asColumn(input.poaGroundDiffuse ?? 0, n);
  const factor = tiltedDiffuseFactor(profile, { surfaceTilt, surfaceAzimuth });
  const { apparentElevation, azimuth } = input;
  const visible = sunAboveHorizon({ apparentElevation, azimuth, horizon: profile });
  const directOut = outputColumn(out.poaDirect, n, 'out.poaDirect');
  const skyOut = outputColumn(out.poaSkyDiffuse, n, 'out.poaSkyDiffuse');
  const circOut = outputColumn(out.poaCircumsolar, n, 'out.poaCircumsolar');
  const globalOut = outputColumn(out.poaGlobal, n, 'out.poaGlobal');
  for (let i = 0; i < n; i++) {
    const v = visible[i]!;
    const b = v === 1 ? direct[i]! : 0;
    const c = v === 1 ? circ[i]! : 0;
    const s = sky[i]! * factor;
    directOut[i] = b;
    circOut[i] = c;
    skyOut[i] = s;
    globalOut[i] = b + c + s + ground[i]!;
  }
  return { poaDirect: directOut, poaSkyDiffuse: skyOut, poaCircumsolar: circOut, poaGlobal: globalOut };
}
