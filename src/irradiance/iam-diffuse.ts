/**
 * Incidence angle modifiers of diffuse light, by surface tilt: the closed forms of Martin & Ruiz
 * and of the integrated Schlick approximation, and Marion's numerical integration of any IAM
 * function of the core over the sky dome, its horizon band or the ground.
 */
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import { checkFinite, checkObject, checkOneOf, checkSeries, rangeFailure, typeFailure } from '../util/validate.js';
import {
  type IamAshraeOptions,
  type IamMartinRuizOptions,
  type IamPhysicalOptions,
  type IamSapmModule,
  iamAshrae,
  iamMartinRuiz,
  iamPhysical,
  iamSapm,
  iamSchlick,
} from './iam.js';
import { type IamInterpOptions, iamInterp } from './iam-interp.js';

const D2R = Math.PI / 180;

/** The two diffuse modifiers of a tilted surface, unitless. */
export interface IamDiffuse {
  /** Modifier of the sky diffuse irradiance (pvlib's `iam_sky`), unitless. */
  iamSky: Float64Array;
  /** Modifier of the ground-reflected irradiance (pvlib's `iam_ground`), unitless. */
  iamGround: Float64Array;
}

/** Options of {@link iamMartinRuizDiffuse} (pvlib's names). */
export interface IamMartinRuizDiffuseOptions {
  /** The angular losses coefficient a_r [unitless], > 0, default 0.16. */
  aR?: number;
  /** First fitting parameter [unitless], default 0.4244 (4 / 3 pi). */
  c1?: number;
  /** Second fitting parameter [unitless], default 0.5 a_r - 0.154 (IEC 61853-3). */
  c2?: number;
}

function diffuseOut(out: Partial<IamDiffuse> | undefined, n: number): IamDiffuse {
  return { iamSky: outputColumn(out?.iamSky, n, 'iamSky'), iamGround: outputColumn(out?.iamGround, n, 'iamGround') };
}

/**
 * Martin and Ruiz modifiers of sky diffuse and ground-reflected irradiance, unitless, by surface
 * tilt: 1 - exp(-(c1 + c2 f) f / a_r) with f the trigonometric term of the sky or of the ground.
 * A tilt of exactly 0 or 180 deg is moved by 1e-6 deg, as pvlib does (the ground term is 0/0 there).
 * NaN tilt gives NaN.
 * Martin & Ruiz (2001), Solar Energy Materials & Solar Cells 70, 25-38,
 * doi:10.1016/S0927-0248(00)00408-6; c2 from IEC 61853-3 (2018); follows pvlib.iam.martin_ruiz_diffuse.
 * @param surfaceTilt surface tilt from horizontal [deg], 0 to 180
 * @param options `aR` [unitless], default 0.16; `c1`, default 0.4244; `c2`, default 0.5 aR - 0.154
 * @param out optional output buffers `iamSky`, `iamGround`
 * @example
 * iamMartinRuizDiffuse(30).iamSky[0]; // about 0.95497
 * iamMartinRuizDiffuse(30).iamGround[0]; // about 0.79444
 */
export function iamMartinRuizDiffuse(
  surfaceTilt: Column,
  options: IamMartinRuizDiffuseOptions = {},
  out?: Partial<IamDiffuse>,
): IamDiffuse {
  const fn = 'iamMartinRuizDiffuse';
  const n = checkSeries(fn, [['surfaceTilt', surfaceTilt, 'degrees']]);
  checkObject(fn, 'options', options);
  const aR = options.aR ?? 0.16;
  checkFinite(fn, 'options.aR', aR, 'unitless');
  if (!(aR > 0)) rangeFailure(fn, 'options.aR', 'a coefficient > 0 (unitless)', aR);
  const c1 = options.c1 ?? 0.4244;
  checkFinite(fn, 'options.c1', c1, 'unitless');
  const c2 = options.c2 ?? 0.5 * aR - 0.154;
  checkFinite(fn, 'options.c2', c2, 'unitless');
  const res = diffuseOut(out, n);
  const tA = arrayOf(surfaceTilt);
  const t0 = scalarOf(surfaceTilt);
  for (let i = 0; i < n; i++) {
    let tilt = tA !== null ? tA[i]! : t0;
    if (tilt === 0) tilt = 1e-6;
    else if (tilt === 180) tilt = 180 - 1e-6;
    const beta = tilt * (Math.PI / 180);
    const sinBeta = tilt < 90 ? Math.sin(beta) : Math.sin(Math.PI - beta);
    const cosBeta = Math.cos(beta);
    const sky = sinBeta + (Math.PI - beta - sinBeta) / (1 + cosBeta);
    const gnd = sinBeta + (beta - sinBeta) / (1 - cosBeta);
    res.iamSky[i] = 1 - Math.exp((-(c1 + c2 * sky) * sky) / aR);
    res.iamGround[i] = 1 - Math.exp((-(c1 + c2 * gnd) * gnd) / aR);
  }
  return res;
}

/**
 * Modifiers of sky diffuse and ground-reflected irradiance from Schlick's approximation integrated
 * in closed form over an isotropic sky and ground, unitless, by surface tilt (the FEDIS integrals
 * without their pyranometer term). The ground modifier is 0 below a tilt of 1e-6 deg. NaN gives NaN.
 * Xie, Sengupta, Liu, Ding & Habte (2022), The Fresnel Equations based Diffuse IAM model for
 * Inclined Surfaces (FEDIS), Renewable and Sustainable Energy Reviews 161, 112362,
 * doi:10.1016/j.rser.2022.112362; follows pvlib.iam.schlick_diffuse.
 * @param surfaceTilt surface tilt from horizontal [deg]
 * @param options none (the model has no parameter); kept for the calling convention
 * @param out optional output buffers `iamSky`, `iamGround`
 * @example
 * iamSchlickDiffuse(20).iamSky[0]; // about 0.962499
 * iamSchlickDiffuse(20).iamGround[0]; // about 0.626939
 */
export function iamSchlickDiffuse(
  surfaceTilt: Column,
  options: Record<string, never> = {},
  out?: Partial<IamDiffuse>,
): IamDiffuse {
  const fn = 'iamSchlickDiffuse';
  const n = checkSeries(fn, [['surfaceTilt', surfaceTilt, 'degrees']]);
  checkObject(fn, 'options', options);
  const res = diffuseOut(out, n);
  const tA = arrayOf(surfaceTilt);
  const t0 = scalarOf(surfaceTilt);
  // Within EDGE of 0 deg (ground) and of 180 deg (sky) the closed form divides a difference that
  // has lost its digits by 1 -+ cos(tilt), down to 1e-16: there the modifier is the quadratic
  // through its limit (0) and the closed form at EDGE and 2 EDGE from the end.
  const g1 = schlickGround(EDGE);
  const g2 = schlickGround(2 * EDGE);
  const s1 = schlickSky(180 - EDGE);
  const s2 = schlickSky(180 - 2 * EDGE);
  for (let i = 0; i < n; i++) {
    const tilt = tA !== null ? tA[i]! : t0;
    res.iamSky[i] = tilt > 180 - EDGE ? quadraticToEnd(180 - tilt, s1, s2) : schlickSky(tilt);
    res.iamGround[i] = tilt < 1e-6 ? 0 : tilt < EDGE ? quadraticToEnd(tilt, g1, g2) : schlickGround(tilt);
  }
  return res;
}

/** Distance from 0 or 180 deg below which {@link iamSchlickDiffuse} leaves the closed form [deg]. */
const EDGE = 0.1;

/** The bracket of Xie et al.'s eq. 4: the sky modifier times pi (1 + cos tilt) / 2. */
function schlickBracket(tilt: number): number {
  const pi = Math.PI;
  const cosB = Math.cos(tilt * D2R);
  const sinB = Math.sin(tilt * D2R);
  return (
    (30 / 7) * pi -
    (160 / 21) * (tilt * D2R) -
    (10 / 3) * pi * cosB +
    (160 / 21) * cosB * sinB -
    (5 / 3) * pi * cosB * sinB ** 2 +
    (20 / 7) * cosB * sinB ** 3 -
    (5 / 16) * pi * cosB * sinB ** 4 +
    (16 / 105) * cosB * sinB ** 5
  );
}

/** Sky modifier, eq. 4 of Xie et al. (2022). */
function schlickSky(tilt: number): number {
  return (2 / (Math.PI * (1 + Math.cos(tilt * D2R)))) * schlickBracket(tilt);
}

/**
 * Ground modifier, eq. 6: 40 / (21 (1 - cos)) - (1 + cos) / (1 - cos) * sky, with (1 + cos) sky
 * taken as the bracket times 2 / pi (so that 180 deg gives its limit 20/21, where pvlib's 0/0 is NaN).
 */
function schlickGround(tilt: number): number {
  const cosB = Math.cos(tilt * D2R);
  return 40 / (21 * (1 - cosB)) - ((2 / Math.PI) * schlickBracket(tilt)) / (1 - cosB);
}

/** The quadratic through (0, 0), (EDGE, v1) and (2 EDGE, v2), at d from the end [deg]. */
function quadraticToEnd(d: number, v1: number, v2: number): number {
  const x = d / EDGE;
  // Lagrange form on the nodes 0, 1, 2 with the value 0 at 0.
  return v1 * x * (2 - x) + v2 * ((x * (x - 1)) / 2);
}

/** The regions of {@link iamMarionIntegrate}. */
export type IamMarionRegion = 'sky' | 'horizon' | 'ground';

/**
 * An IAM function for {@link iamMarionIntegrate}: the modifier [unitless] at each angle of
 * incidence [deg] of `aoi`, written into `out` (of aoi's length) and returned.
 */
export type IamFunction = (aoi: Float64Array, out: Float64Array) => Float64Array;

/** Options of {@link iamMarionIntegrate}. */
export interface IamMarionIntegrateOptions {
  /** The IAM function to integrate (one call per distinct tilt, over all the grid's angles). */
  iam: IamFunction;
  /** The region: 'sky' (zenith <= 90), 'horizon' (89.5 <= zenith <= 90) or 'ground' (zenith >= 90). */
  region: IamMarionRegion;
  /** Zenith increments of the integration; default 180 for sky and ground, 1800 for the horizon. */
  num?: number;
}

/**
 * Marion's diffuse correction factor, unitless: the IAM function averaged over the solid angle of
 * a region (sky dome, horizon band or ground), weighted by cos(aoi) dA, on a grid of num zenith by
 * 2 num azimuth cells. A region that the surface does not see gives 0; NaN tilt gives NaN. Each
 * distinct tilt of the column is integrated once.
 * Marion (2017), Numerical method for angle-of-incidence correction factors for diffuse radiation
 * incident photovoltaic modules, Solar Energy 147, 344-348, doi:10.1016/j.solener.2017.03.027;
 * follows pvlib.iam.marion_integrate.
 * @param surfaceTilt surface tilt from horizontal [deg]
 * @param options `iam` the IAM function; `region`; `num` the zenith increments
 * @param out optional output buffer
 * @example
 * iamMarionIntegrate(20, { iam: (aoi, out) => iamAshrae(aoi, {}, out), region: 'sky' })[0]; // about 0.959609
 */
export function iamMarionIntegrate(
  surfaceTilt: Column,
  options: IamMarionIntegrateOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'iamMarionIntegrate';
  const len = checkSeries(fn, [['surfaceTilt', surfaceTilt, 'degrees']]);
  checkObject(fn, 'options', options);
  if (typeof options.iam !== 'function')
    typeFailure(fn, 'options.iam', 'a function (aoi [deg], out) => iam', options.iam);
  const region = checkOneOf(fn, 'options.region', options.region, ['sky', 'horizon', 'ground']);
  const num = options.num ?? (region === 'horizon' ? 1800 : 180);
  if (!Number.isInteger(num) || num < 1) rangeFailure(fn, 'options.num', 'a positive integer (increments)', num);
  const res = outputColumn(out, len);
  const tA = arrayOf(surfaceTilt);
  const t0 = scalarOf(surfaceTilt);
  const grid = marionGrid(region, num);
  const done = new Map<number, number>();
  for (let i = 0; i < len; i++) {
    const tilt = tA !== null ? tA[i]! : t0;
    if (tilt !== tilt) {
      res[i] = Number.NaN;
      continue;
    }
    let v = done.get(tilt);
    if (v === undefined) {
      v = marionOne(tilt, grid, options.iam);
      done.set(tilt, v);
    }
    res[i] = v;
  }
  return res;
}

/** The cells of one region: the mid zenith's cosine and sine, the mid azimuth's cosine, dA. */
interface MarionGrid {
  cosPhi: Float64Array;
  sinPhi: Float64Array;
  dA: Float64Array;
  cosPsi: Float64Array;
  aoi: Float64Array;
  iam: Float64Array;
}

function marionGrid(region: IamMarionRegion, num: number): MarionGrid {
  const ai = Math.PI / num;
  const phis: number[] = [];
  for (let j = 0; j < num; j++) {
    // np.linspace(0, pi, num, endpoint=False): j * (pi / num).
    const phi = j * ai;
    const keep =
      region === 'sky'
        ? phi + ai <= Math.PI / 2
        : region === 'horizon'
          ? (89.5 * Math.PI) / 180 <= phi && phi + ai <= Math.PI / 2
          : phi >= Math.PI / 2;
    if (keep) phis.push(phi);
  }
  const m = phis.length;
  const cosPhi = new Float64Array(m);
  const sinPhi = new Float64Array(m);
  const dA = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    const phi1 = phis[j]!;
    const mid = phi1 + 0.5 * ai;
    cosPhi[j] = Math.cos(mid);
    sinPhi[j] = Math.sin(mid);
    dA[j] = ai * (Math.cos(phi1) - Math.cos(phi1 + ai));
  }
  const cosPsi = new Float64Array(2 * num);
  const psiStep = (2 * Math.PI) / (2 * num);
  for (let j = 0; j < 2 * num; j++) cosPsi[j] = Math.cos(j * psiStep + 0.5 * ai);
  return { cosPhi, sinPhi, dA, cosPsi, aoi: new Float64Array(m * 2 * num), iam: new Float64Array(m * 2 * num) };
}

function marionOne(tilt: number, g: MarionGrid, iam: IamFunction): number {
  const beta = tilt * D2R;
  const cb = Math.cos(beta);
  const sb = Math.sin(beta);
  const m = g.cosPhi.length;
  const np = g.cosPsi.length;
  const { aoi } = g;
  for (let j = 0; j < m; j++) {
    const t1 = cb * g.cosPhi[j]!;
    const s = sb * g.sinPhi[j]!;
    for (let k = 0; k < np; k++) aoi[j * np + k] = Math.acos(t1 + s * g.cosPsi[k]!) * (180 / Math.PI);
  }
  const f = iam(aoi, g.iam);
  let num = 0;
  let den = 0;
  for (let j = 0; j < m; j++) {
    const t1 = cb * g.cosPhi[j]!;
    const s = sb * g.sinPhi[j]!;
    const dA = g.dA[j]!;
    for (let k = 0; k < np; k++) {
      const cosAoi = t1 + s * g.cosPsi[k]!;
      // pvlib keeps a cell where arccos(cos aoi) < pi / 2.
      if (!(Math.acos(cosAoi) < Math.PI / 2)) continue;
      const w = cosAoi * dA;
      num += f[j * np + k]! * w;
      den += w;
    }
  }
  return den !== 0 ? num / den : 0;
}

/** The IAM models {@link iamMarionDiffuse} integrates, by name. */
export type IamMarionModel =
  | { model: 'physical'; parameters?: IamPhysicalOptions }
  | { model: 'ashrae'; parameters?: IamAshraeOptions }
  | { model: 'martinRuiz'; parameters?: IamMartinRuizOptions }
  | { model: 'sapm'; parameters: IamSapmModule }
  | { model: 'schlick'; parameters?: Record<string, never> }
  | { model: 'interp'; parameters: IamInterpOptions };

/** The three diffuse modifiers of {@link iamMarionDiffuse}, unitless. */
export interface IamMarionDiffuse {
  /** Sky dome (zenith <= 90 deg). */
  sky: Float64Array;
  /** The band of sky near the horizon (89.5 <= zenith <= 90 deg). */
  horizon: Float64Array;
  /** Ground-reflected light (zenith >= 90 deg). */
  ground: Float64Array;
}

/**
 * Marion's diffuse modifiers of the sky, the horizon band and the ground, unitless, for an IAM
 * model of the core named in `options.model` with its `parameters` ('physical', 'ashrae',
 * 'martinRuiz', 'sapm', 'schlick', and 'interp', which pvlib's marion_diffuse does not list).
 * Marion (2017), Solar Energy 147, 344-348, doi:10.1016/j.solener.2017.03.027; follows
 * pvlib.iam.marion_diffuse.
 * @param surfaceTilt surface tilt from horizontal [deg]
 * @param options `model` and its `parameters` (the options of that IAM function)
 * @param out optional output buffers `sky`, `horizon`, `ground`
 * @example
 * iamMarionDiffuse(20, { model: 'physical' }).sky[0]; // about 0.953918
 * iamMarionDiffuse(20, { model: 'physical' }).ground[0]; // about 0.638714
 */
export function iamMarionDiffuse(
  surfaceTilt: Column,
  options: IamMarionModel,
  out?: Partial<IamMarionDiffuse>,
): IamMarionDiffuse {
  const fn = 'iamMarionDiffuse';
  const n = checkSeries(fn, [['surfaceTilt', surfaceTilt, 'degrees']]);
  checkObject(fn, 'options', options);
  const model = checkOneOf(fn, 'options.model', options.model, [
    'physical',
    'ashrae',
    'martinRuiz',
    'sapm',
    'schlick',
    'interp',
  ]);
  const iam = iamFunctionOf(model, options.parameters);
  // Check the parameters once, through the model's own checks.
  iam(Float64Array.of(0), new Float64Array(1));
  return {
    sky: iamMarionIntegrate(surfaceTilt, { iam, region: 'sky' }, outputColumn(out?.sky, n, 'sky')),
    horizon: iamMarionIntegrate(surfaceTilt, { iam, region: 'horizon' }, outputColumn(out?.horizon, n, 'horizon')),
    ground: iamMarionIntegrate(surfaceTilt, { iam, region: 'ground' }, outputColumn(out?.ground, n, 'ground')),
  };
}

/** The IAM function of a model of the core by name, with its parameters bound. */
export function iamFunctionOf(model: IamMarionModel['model'], parameters: unknown): IamFunction {
  switch (model) {
    case 'physical':
      return (aoi, out) => iamPhysical(aoi, (parameters ?? {}) as IamPhysicalOptions, out);
    case 'ashrae':
      return (aoi, out) => iamAshrae(aoi, (parameters ?? {}) as IamAshraeOptions, out);
    case 'martinRuiz':
      return (aoi, out) => iamMartinRuiz(aoi, (parameters ?? {}) as IamMartinRuizOptions, out);
    case 'sapm':
      // pvlib's sapm evaluates its polynomial beyond 90 degrees; the grids here stay below 90.
      return (aoi, out) => iamSapm(aoi, parameters as IamSapmModule, out);
    case 'schlick':
      return (aoi, out) => iamSchlick(aoi, {}, out);
    case 'interp':
      return (aoi, out) => iamInterp(aoi, parameters as IamInterpOptions, out);
  }
}
