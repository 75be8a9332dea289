import { arrayOf, type Column, outputColumn, scalarOf, seriesLength } from '../util/columns.js';
import {
  checkAtLeast,
  checkFinite,
  checkObject,
  checkOneOf,
  checkPositiveFraction,
  checkRange,
  checkSeries,
} from '../util/validate.js';
import { groundSkyMaxRows, sunlitGroundFraction } from './view-factors.js';
import { TILT_VALUES, tiltViewFactors } from './view-factors-batch.js';

const DEG = Math.PI / 180;

/** Sun, orientation and irradiance columns for {@link infiniteSheds}. */
export interface InfiniteShedsInput {
  /** Apparent (refraction-corrected) solar zenith, degrees. */
  solarZenith: Column;
  /** Solar azimuth, degrees east of north. */
  solarAzimuth: Column;
  /** Tilt of the front face from horizontal, degrees in [0, 180]: a scalar for fixed racks, a column for trackers. */
  surfaceTilt: Column;
  /** Azimuth of the front face, degrees east of north: scalar or column. */
  surfaceAzimuth: Column;
  /** Global horizontal irradiance, W/m2. */
  ghi: Column;
  /** Diffuse horizontal irradiance, W/m2. */
  dhi: Column;
  /** Direct normal irradiance, W/m2. */
  dni: Column;
}

/** Array geometry and module properties for {@link infiniteSheds}. */
export interface InfiniteShedsOptions {
  /** Ground coverage ratio: row slant width over pitch, unitless. */
  gcr: number;
  /** Height of the row centre above ground, same unit as `pitch`. */
  height: number;
  /** Distance between rows, same unit as `height`. */
  pitch: number;
  /** Ground albedo, unitless (column or scalar). */
  albedo: Column;
  /** Rear efficiency over front efficiency, unitless. Default 0.8. */
  bifaciality?: number;
  /** Fraction of rear irradiance blocked by the mounting structure (negative reduces). Default -0.02. */
  shadeFactor?: number;
  /** Fraction of rear irradiance lost to module features such as busbars (negative reduces). Default 0. */
  transmissionFactor?: number;
  /**
   * Sky diffuse model. 'isotropic' (default) as Mikofski et al. 2019. 'haydavies' moves the
   * circumsolar part of DHI (Hay & Davies 1980, anisotropy index DNI / extraterrestrial DNI)
   * into the beam before the isotropic geometry, as pvlib does; needs `dniExtra`.
   */
  model?: 'isotropic' | 'haydavies';
  /** Extraterrestrial normal irradiance, W/m2; required for `model: 'haydavies'`. */
  dniExtra?: Column;
  /** Incidence angle modifier applied to the front beam, unitless. Default 1. */
  iamFront?: Column;
  /** Incidence angle modifier applied to the rear beam, unitless. Default 1. */
  iamBack?: Column;
}

/** Output columns of {@link infiniteSheds}, W/m2 except the shaded fractions (unitless). */
export interface InfiniteShedsResult {
  /** Front plus rear, the rear weighted by bifaciality, shade and transmission factors. */
  poaGlobal: Float64Array;
  /** Total irradiance on the front side: beam plus diffuse. */
  poaFront: Float64Array;
  /** Total irradiance on the rear side, before the bifaciality, shade and transmission factors. */
  poaBack: Float64Array;
  /** Beam irradiance on the front side, after the row in front's shade and the front IAM. */
  poaFrontDirect: Float64Array;
  /** Diffuse irradiance on the front side: sky plus ground-reflected. */
  poaFrontDiffuse: Float64Array;
  /** Sky diffuse on the front side, less what the rows in front hide. */
  poaFrontSkyDiffuse: Float64Array;
  /** Ground-reflected diffuse on the front side. */
  poaFrontGroundDiffuse: Float64Array;
  /** Fraction of the front slant height, from the bottom, shaded from the beam by the row in front. */
  shadedFractionFront: Float64Array;
  /** Beam irradiance on the rear side, after the row behind's shade and the rear IAM. */
  poaBackDirect: Float64Array;
  /** Diffuse irradiance on the rear side: sky plus ground-reflected. */
  poaBackDiffuse: Float64Array;
  /** Sky diffuse on the rear side, less what the neighbouring rows hide. */
  poaBackSkyDiffuse: Float64Array;
  /** Ground-reflected diffuse on the rear side. */
  poaBackGroundDiffuse: Float64Array;
  /** Fraction of the rear slant height, from the bottom, shaded from the beam by the neighbouring row. */
  shadedFractionBack: Float64Array;
}

/** Thirteen empty columns: what the rear-gain loop destructures in place of a result. */
const NO_COLUMNS: InfiniteShedsResult = {
  poaGlobal: new Float64Array(0),
  poaFront: new Float64Array(0),
  poaBack: new Float64Array(0),
  poaFrontDirect: new Float64Array(0),
  poaFrontDiffuse: new Float64Array(0),
  poaFrontSkyDiffuse: new Float64Array(0),
  poaFrontGroundDiffuse: new Float64Array(0),
  shadedFractionFront: new Float64Array(0),
  poaBackDirect: new Float64Array(0),
  poaBackDiffuse: new Float64Array(0),
  poaBackSkyDiffuse: new Float64Array(0),
  poaBackGroundDiffuse: new Float64Array(0),
  shadedFractionBack: new Float64Array(0),
};

// One face's results, written by faceIrradiance: global, direct, diffuse, sky, ground, shaded fraction.
const face = new Float64Array(6);

/**
 * Irradiance on one face of an interior row (pvlib.bifacial.infinite_sheds.get_irradiance_poa,
 * isotropic sky). `cosT`, `sinT` are the face tilt's cosine and sine; `vfSky`, `vfGround`,
 * `vfGroundSky` its tilt-only view factors, all cached by the caller. `cosRel` is
 * cos(solar azimuth - face azimuth).
 */
function faceIrradiance(
  cosT: number,
  sinT: number,
  cosRel: number,
  cosZ: number,
  sinZ: number,
  tanZ: number,
  ghi: number,
  dhi: number,
  dni: number,
  albedo: number,
  iam: number,
  gcr: number,
  vfSky: number,
  vfGround: number,
  vfGroundSky: number,
): void {
  // Sun zenith projected on the plane across the rows (Mikofski et al. 2019, eq. 4 context).
  const tanPhi = cosRel * tanZ;
  // Ground reached by the beam, then light reflected by the ground that would reach a face
  // seeing the whole ground (Mikofski et al. 2019, eq. 9 as pvlib: albedo times beam on the
  // sunlit ground plus diffuse on the ground's view of the sky).
  const fGroundBeam = sunlitGroundFraction(cosT, sinT, tanPhi, gcr);
  const groundDiffuse = albedo * (fGroundBeam * (ghi - dhi) + vfGroundSky * dhi);
  const poaGround = groundDiffuse * vfGround;
  const poaSky = dhi * vfSky;
  // Shaded fraction of the face, from the bottom (eq. 14 of Mikofski et al.; Anderson &
  // Mikofski 2020 eq. 32): the shadow of the row in front, as a fraction of pitch, beyond 1.
  const x = gcr * (sinT * tanPhi + cosT);
  let proj = cosT * cosZ + sinT * sinZ * cosRel;
  if (proj > 1) proj = 1;
  else if (proj < -1) proj = -1;
  let fx = proj > 0 ? 1 - 1 / x : 1; // sun behind the face: all of it is in shade
  if (!(x > 1)) fx = 0; // the shadow falls short of the face
  let beam = dni * proj;
  if (beam < 0) beam = 0;
  const direct = beam * (1 - fx) * iam;
  const diffuse = poaGround + poaSky;
  face[0] = direct + diffuse;
  face[1] = direct;
  face[2] = diffuse;
  face[3] = poaSky;
  face[4] = poaGround;
  face[5] = fx;
}

/** The columns and the geometry of one call, checked once. */
function checkInfiniteSheds(input: InfiniteShedsInput, o: InfiniteShedsOptions): void {
  const fn = 'infiniteSheds';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', o);
  checkPositiveFraction(fn, 'options.gcr', o.gcr, 'row width over pitch');
  checkAtLeast(fn, 'options.height', o.height, 0, 'same unit as pitch');
  checkAtLeast(fn, 'options.pitch', o.pitch, 0, 'same unit as height', true);
  if (o.bifaciality !== undefined) checkRange(fn, 'options.bifaciality', o.bifaciality, 0, 1, 'rear over front');
  if (o.shadeFactor !== undefined) checkRange(fn, 'options.shadeFactor', o.shadeFactor, -1, 1, 'fraction');
  if (o.transmissionFactor !== undefined)
    checkRange(fn, 'options.transmissionFactor', o.transmissionFactor, -1, 1, 'fraction');
  if (o.model !== undefined) checkOneOf(fn, 'options.model', o.model, ['isotropic', 'haydavies']);
  if (o.dniExtra !== undefined && typeof o.dniExtra === 'number')
    checkFinite(fn, 'options.dniExtra', o.dniExtra, 'W/m2');
  checkSeries(fn, [
    ['solarZenith', input.solarZenith, 'degrees'],
    ['solarAzimuth', input.solarAzimuth, 'degrees east of north'],
    ['surfaceTilt', input.surfaceTilt, 'degrees'],
    ['surfaceAzimuth', input.surfaceAzimuth, 'degrees east of north'],
    ['ghi', input.ghi, 'W/m2'],
    ['dhi', input.dhi, 'W/m2'],
    ['dni', input.dni, 'W/m2'],
    ['options.albedo', o.albedo, '0..1'],
    ['options.dniExtra', o.dniExtra, 'W/m2', true],
    ['options.iamFront', o.iamFront, '', true],
    ['options.iamBack', o.iamBack, '', true],
  ]);
  if (o.model === 'haydavies' && o.dniExtra === undefined)
    throw new Error("infiniteSheds: model 'haydavies' needs dniExtra");
}

/**
 * Front and rear plane-of-array irradiance of an interior row of a large array of fixed or
 * single-axis-tracked rows, with the infinite-sheds model (isotropic sky): rows block part of
 * the sky and ground from each face, cast shadows on the ground and on the next row, and the
 * ground reflects what reaches it.
 *
 * Follows M. Mikofski, R. Darawali, M. Hamer, A. Neubert and J. Newmiller, "Bifacial
 * Performance Modeling in Large Arrays", 2019 IEEE 46th PVSC, pp. 1282-1287,
 * doi:10.1109/PVSC40753.2019.8980572, as implemented by pvlib.bifacial.infinite_sheds
 * .get_irradiance (model 'isotropic'), with its exact integrated view factors (see
 * view-factors.ts). The rear face is the front turned over: tilt 180 - tilt, azimuth + 180.
 *
 * Where the surface orientation is NaN because the sun is down (a tracker at night) and the
 * solar zenith exceeds 90 degrees, the outputs are 0: irradiance at night is 0.
 *
 * @param input solar zenith and azimuth (degrees), surface tilt and azimuth (degrees; scalars
 *   for fixed racks, columns for trackers), GHI, DHI and DNI (W/m2)
 * @param options gcr, row height and pitch (same unit), albedo, bifaciality (0.8), shade factor
 *   (-0.02), transmission factor (0), incidence angle modifiers (1)
 * @param out optional output buffers (any subset), each of the series length
 * @returns the columns of {@link InfiniteShedsResult}
 * @example
 * const r = infiniteSheds(
 *   { solarZenith: 40, solarAzimuth: 160, surfaceTilt: 25, surfaceAzimuth: 180, ghi: 700, dhi: 150, dni: 720 },
 *   { gcr: 0.4, height: 1.5, pitch: 5, albedo: 0.25, bifaciality: 0.7 },
 * );
 * r.poaBack[0]; // about 90.6 W/m2
 */
export function infiniteSheds(
  input: InfiniteShedsInput,
  options: InfiniteShedsOptions,
  out: Partial<InfiniteShedsResult> = {},
): InfiniteShedsResult {
  checkInfiniteSheds(input, options);
  const n = shedsLength(input, options);
  const r: InfiniteShedsResult = {
    poaGlobal: outputColumn(out.poaGlobal, n, 'poaGlobal'),
    poaFront: outputColumn(out.poaFront, n, 'poaFront'),
    poaBack: outputColumn(out.poaBack, n, 'poaBack'),
    poaFrontDirect: outputColumn(out.poaFrontDirect, n, 'poaFrontDirect'),
    poaFrontDiffuse: outputColumn(out.poaFrontDiffuse, n, 'poaFrontDiffuse'),
    poaFrontSkyDiffuse: outputColumn(out.poaFrontSkyDiffuse, n, 'poaFrontSkyDiffuse'),
    poaFrontGroundDiffuse: outputColumn(out.poaFrontGroundDiffuse, n, 'poaFrontGroundDiffuse'),
    shadedFractionFront: outputColumn(out.shadedFractionFront, n, 'shadedFractionFront'),
    poaBackDirect: outputColumn(out.poaBackDirect, n, 'poaBackDirect'),
    poaBackDiffuse: outputColumn(out.poaBackDiffuse, n, 'poaBackDiffuse'),
    poaBackSkyDiffuse: outputColumn(out.poaBackSkyDiffuse, n, 'poaBackSkyDiffuse'),
    poaBackGroundDiffuse: outputColumn(out.poaBackGroundDiffuse, n, 'poaBackGroundDiffuse'),
    shadedFractionBack: outputColumn(out.shadedFractionBack, n, 'shadedFractionBack'),
  };
  shedsLoop(input, options, n, r, null);
  return r;
}

/**
 * The rear side's gain of {@link infiniteSheds}: poaGlobal - poaFront of each row (W/m2), the
 * same doubles as that difference of its two columns, computed without its other eleven columns.
 * A model chain that takes the front side from its own transposition adds this to it. Internal
 * (not a public export): its one column is what {@link infiniteSheds} gives as a difference.
 */
export function infiniteShedsRearGain(
  input: InfiniteShedsInput,
  options: InfiniteShedsOptions,
  out?: Float64Array,
): Float64Array {
  checkInfiniteSheds(input, options);
  const n = shedsLength(input, options);
  const gain = outputColumn(out, n, 'out');
  shedsLoop(input, options, n, null, gain);
  return gain;
}

/** The series length of one call's columns. */
function shedsLength(input: InfiniteShedsInput, options: InfiniteShedsOptions): number {
  return seriesLength(
    input.solarZenith,
    input.solarAzimuth,
    input.surfaceTilt,
    input.surfaceAzimuth,
    input.ghi,
    input.dhi,
    input.dni,
    options.albedo,
    options.iamFront ?? 1,
    options.iamBack ?? 1,
    options.dniExtra ?? 0,
  );
}

/** A row with no orientation (NaN tilt or azimuth: a tracker at night) and the sun down: all 0. */
function isNightRow(tilt: number, raz: number, zenith: number): boolean {
  return (Number.isNaN(tilt) || Number.isNaN(raz)) && zenith > 90;
}

// Scratch of shedsLoop, grown as needed and reused from call to call (no values survive a call):
// each row's tilt slot, the distinct tilts and their view factors.
let slotScratchArray = new Int32Array(0);
let memoScratchArray = new Float64Array(0);
let distinctTilts = new Float64Array(64);

/** Puts `tilt` at distinctTilts[slot], growing the array as needed. */
function setDistinctTilt(slot: number, tilt: number): void {
  if (slot === distinctTilts.length) {
    const grown = new Float64Array(2 * slot);
    grown.set(distinctTilts);
    distinctTilts = grown;
  }
  distinctTilts[slot] = tilt;
}

function slotScratch(n: number): Int32Array {
  if (slotScratchArray.length < n) slotScratchArray = new Int32Array(n);
  return slotScratchArray;
}

function memoScratch(length: number): Float64Array {
  if (memoScratchArray.length < length) memoScratchArray = new Float64Array(Math.max(length, 640));
  return memoScratchArray;
}

/**
 * The loop of {@link infiniteSheds} over checked columns: the thirteen columns into `r`, or only
 * the rear gain poaGlobal - poaFront into `gain` (one of the two is null).
 */
function shedsLoop(
  input: InfiniteShedsInput,
  options: InfiniteShedsOptions,
  n: number,
  r: InfiniteShedsResult | null,
  gain: Float64Array | null,
): void {
  const {
    poaGlobal,
    poaFront,
    poaBack,
    poaFrontDirect,
    poaFrontDiffuse,
    poaFrontSkyDiffuse,
    poaFrontGroundDiffuse,
    shadedFractionFront,
    poaBackDirect,
    poaBackDiffuse,
    poaBackSkyDiffuse,
    poaBackGroundDiffuse,
    shadedFractionBack,
  } = r ?? NO_COLUMNS;
  const full = r !== null;
  const rearGain = gain ?? NO_COLUMNS.poaGlobal;

  const { solarZenith, solarAzimuth, surfaceTilt, surfaceAzimuth, ghi, dhi, dni } = input;
  const { gcr, height, pitch, albedo } = options;
  const iamFront = options.iamFront ?? 1;
  const iamBack = options.iamBack ?? 1;
  const bifaciality = options.bifaciality ?? 0.8;
  const rearWeight = bifaciality * (1 + (options.shadeFactor ?? -0.02)) * (1 + (options.transmissionFactor ?? 0));
  const maxRows = groundSkyMaxRows(height, pitch);
  const hayDavies = options.model === 'haydavies';
  const dniExtra = options.dniExtra ?? 1;
  const dxArr = arrayOf(dniExtra);
  const dxS = typeof dniExtra === 'number' ? dniExtra : 1;

  const zenArr = arrayOf(solarZenith);
  const sazArr = arrayOf(solarAzimuth);
  const tiltArr = arrayOf(surfaceTilt);
  const razArr = arrayOf(surfaceAzimuth);
  const ghiArr = arrayOf(ghi);
  const dhiArr = arrayOf(dhi);
  const dniArr = arrayOf(dni);
  const albArr = arrayOf(albedo);
  const iamFArr = arrayOf(iamFront);
  const iamBArr = arrayOf(iamBack);
  const zenS = scalarOf(solarZenith);
  const sazS = scalarOf(solarAzimuth);
  const tiltS = scalarOf(surfaceTilt);
  const razS = scalarOf(surfaceAzimuth);
  const ghiS = scalarOf(ghi);
  const dhiS = scalarOf(dhi);
  const dniS = scalarOf(dni);
  const albS = scalarOf(albedo);
  const iamFS = typeof iamFront === 'number' ? iamFront : 1;
  const iamBS = typeof iamBack === 'number' ? iamBack : 1;

  // The view factors depend on tilt alone: computed once for a fixed rack, and once per distinct
  // tilt of a tracker in this call (it repeats while clipped at its limit, each morning and
  // evening, or stowed). A first pass gives each row the slot of its tilt (`slots` maps a tilt to
  // its slot), the distinct tilts' ten values (the six view factors, then the cosine and sine of
  // the front and rear tilts) are computed together into `memo` (tiltViewFactors: the costly ones
  // in WebAssembly SIMD where it runs, the same doubles), and the second pass reads them.
  // (A Map compares its keys as SameValueZero: -0 is the slot of 0, and NaN has one slot.)
  const rowSlot = slotScratch(n);
  const slots = new Map<number, number>();
  let cachedTilt = Number.NaN;
  let cachedSlot = -1;
  for (let i = 0; i < n; i++) {
    const tilt = tiltArr === null ? tiltS : tiltArr[i]!;
    if (isNightRow(tilt, razArr === null ? razS : razArr[i]!, zenArr === null ? zenS : zenArr[i]!)) {
      rowSlot[i] = -1;
      continue;
    }
    if (tilt !== cachedTilt) {
      let slot = slots.get(tilt);
      if (slot === undefined) {
        slot = slots.size;
        slots.set(tilt, slot);
        setDistinctTilt(slot, tilt);
      }
      cachedSlot = slot;
      cachedTilt = tilt;
    }
    rowSlot[i] = cachedSlot;
  }
  const distinctCount = slots.size;
  const memo = memoScratch(TILT_VALUES * distinctCount);
  tiltViewFactors(distinctTilts, distinctCount, gcr, height, pitch, maxRows, memo);

  for (let i = 0; i < n; i++) {
    const slot = rowSlot[i]!;
    if (slot < 0) {
      if (!full) {
        rearGain[i] = 0;
        continue;
      }
      poaGlobal[i] = 0;
      poaFront[i] = 0;
      poaBack[i] = 0;
      poaFrontDirect[i] = 0;
      poaFrontDiffuse[i] = 0;
      poaFrontSkyDiffuse[i] = 0;
      poaFrontGroundDiffuse[i] = 0;
      shadedFractionFront[i] = 0;
      poaBackDirect[i] = 0;
      poaBackDiffuse[i] = 0;
      poaBackSkyDiffuse[i] = 0;
      poaBackGroundDiffuse[i] = 0;
      shadedFractionBack[i] = 0;
      continue;
    }
    const m = TILT_VALUES * slot;
    const vfSkyF = memo[m]!;
    const vfGroundF = memo[m + 1]!;
    const vfGroundSkyF = memo[m + 2]!;
    const vfSkyB = memo[m + 3]!;
    const vfGroundB = memo[m + 4]!;
    const vfGroundSkyB = memo[m + 5]!;
    const cosF = memo[m + 6]!;
    const sinF = memo[m + 7]!;
    const cosB = memo[m + 8]!;
    const sinB = memo[m + 9]!;
    const zenith = zenArr === null ? zenS : zenArr[i]!;
    const raz = razArr === null ? razS : razArr[i]!;
    const saz = sazArr === null ? sazS : sazArr[i]!;
    const zr = zenith * DEG;
    const cosZ = Math.cos(zr);
    const sinZ = Math.sin(zr);
    const tanZ = Math.tan(zr);
    const cosRel = Math.cos((saz - raz) * DEG);
    const g = ghiArr === null ? ghiS : ghiArr[i]!;
    let dh = dhiArr === null ? dhiS : dhiArr[i]!;
    let dn = dniArr === null ? dniS : dniArr[i]!;
    if (hayDavies) {
      // Circumsolar diffuse as seen by a horizontal plane leaves DHI, and as seen facing the sun
      // joins DNI (Hay-Davies projection ratio, cos zenith floored at 0.01745 as pvlib).
      const ai = dn / (dxArr === null ? dxS : dxArr[i]!);
      const floor = cosZ > 0.01745 ? cosZ : 0.01745;
      const circHorizontal = dh * ai * ((cosZ > 0 ? (cosZ > 1 ? 1 : cosZ) : 0) / floor);
      const circNormal = dh * ai * (1 / floor);
      dh -= circHorizontal > 0 ? circHorizontal : 0;
      dn += circNormal > 0 ? circNormal : 0;
    }
    const alb = albArr === null ? albS : albArr[i]!;

    faceIrradiance(
      cosF,
      sinF,
      cosRel,
      cosZ,
      sinZ,
      tanZ,
      g,
      dh,
      dn,
      alb,
      iamFArr === null ? iamFS : iamFArr[i]!,
      gcr,
      vfSkyF,
      vfGroundF,
      vfGroundSkyF,
    );
    const front = face[0]!;
    if (full) {
      poaFront[i] = front;
      poaFrontDirect[i] = face[1]!;
      poaFrontDiffuse[i] = face[2]!;
      poaFrontSkyDiffuse[i] = face[3]!;
      poaFrontGroundDiffuse[i] = face[4]!;
      shadedFractionFront[i] = face[5]!;
    }

    // The rear face looks the opposite way: cos(saz - (raz + 180)) = -cos(saz - raz).
    faceIrradiance(
      cosB,
      sinB,
      -cosRel,
      cosZ,
      sinZ,
      tanZ,
      g,
      dh,
      dn,
      alb,
      iamBArr === null ? iamBS : iamBArr[i]!,
      gcr,
      vfSkyB,
      vfGroundB,
      vfGroundSkyB,
    );
    const rear = face[0]!;
    if (!full) {
      // The difference of infiniteSheds's two columns, rounded as they are.
      rearGain[i] = front + rear * rearWeight - front;
      continue;
    }
    poaBack[i] = rear;
    poaBackDirect[i] = face[1]!;
    poaBackDiffuse[i] = face[2]!;
    poaBackSkyDiffuse[i] = face[3]!;
    poaBackGroundDiffuse[i] = face[4]!;
    shadedFractionBack[i] = face[5]!;

    poaGlobal[i] = front + rear * rearWeight;
  }
}
