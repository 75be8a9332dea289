/**
 * Quality control of measured irradiance: the BSRN / QCRad tests of Long and Shi (2008) and Long
 * and Dutton (BSRN recommended QC tests, V2.0): "physically possible" and "extremely rare" limits
 * of GHI, DHI and DNI as functions of the solar zenith and the extraterrestrial irradiance, the
 * closure of the three components (GHI = DNI cos z + DHI) and the diffuse fraction (DHI / GHI),
 * each with the papers' tolerances by zenith. Each test returns one flag per row (a Uint8Array of
 * {@link QC_FLAG} values), so that the flags of a long series cost one byte a row.
 *
 * pvlib has no such module; pvanalytics (`quality.irradiance.check_*_qcrad`) has the same tests
 * with its booleans the other way round (True where a value passes) and two differences of edge:
 * pvanalytics fails a value equal to a limit and tests a component sum of exactly 50 W/m2; here
 * the limits themselves pass (the papers give the extremes still accepted) and a sum must exceed
 * 50 W/m2 to be tested (the papers' "Sum SW > 50 W/m2"). The diffuse fraction has only the upper
 * bound of the papers (pvanalytics also fails a ratio of 0 or below).
 */
import { type Column, arrayOf, scalarOf } from '../util/columns.js';
import { checkObject, checkOneOf, checkSeries, typeFailure } from '../util/validate.js';

/** The flag values of the quality tests, one per row. */
export const QC_FLAG = {
  /** The row passes the test. */
  pass: 0,
  /** Below the test's lower bound (a limit, or a ratio). */
  low: 1,
  /** Above the test's upper bound. */
  high: 2,
  /** Not tested: an input is NaN, or the row is outside the test's domain (night, low irradiance). */
  untested: 3,
} as const;

/** One component's limits: lower bound, W/m2; upper bound `mult * dniExtra * cos(z)^exp + min`, W/m2. */
export interface QcradComponentLimits {
  /** Lower bound, W/m2. */
  lower: number;
  /** Factor of the extraterrestrial irradiance in the upper bound. */
  mult: number;
  /** Exponent of cos z in the upper bound. */
  exp: number;
  /** Constant of the upper bound, W/m2. */
  min: number;
}

/** The limits of the three components, by component. */
export interface QcradLimits {
  /** Global horizontal irradiance. */
  ghi: QcradComponentLimits;
  /** Diffuse horizontal irradiance. */
  dhi: QcradComponentLimits;
  /** Direct normal irradiance. */
  dni: QcradComponentLimits;
}

/**
 * The BSRN / QCRad limits (Long and Shi 2008, Table 1; Long and Dutton, BSRN recommended QC tests
 * V2.0): 'physical' (physically possible) and 'extreme' (extremely rare). The upper bound is
 * `mult * dniExtra * max(cos z, 0)^exp + min`; with the sun below the horizon it is `min`.
 */
export const QCRAD_LIMITS: { readonly physical: QcradLimits; readonly extreme: QcradLimits } = {
  physical: {
    ghi: { lower: -4, mult: 1.5, exp: 1.2, min: 100 },
    dhi: { lower: -4, mult: 0.95, exp: 1.2, min: 50 },
    dni: { lower: -4, mult: 1, exp: 0, min: 0 },
  },
  extreme: {
    ghi: { lower: -2, mult: 1.2, exp: 1.2, min: 50 },
    dhi: { lower: -2, mult: 0.75, exp: 1.2, min: 30 },
    dni: { lower: -2, mult: 0.95, exp: 0.2, min: 10 },
  },
};

/** What {@link irradianceLimitFlags} takes: the sun, and any of the three components. */
export interface IrradianceLimitInput {
  /** Solar zenith (true, without refraction), degrees. */
  solarZenith: Column;
  /** Extraterrestrial irradiance normal to the sun, W/m2 (for example `extraterrestrialRadiation`). */
  dniExtra: Column;
  /** Global horizontal irradiance, W/m2. */
  ghi?: Column;
  /** Diffuse horizontal irradiance, W/m2. */
  dhi?: Column;
  /** Direct normal irradiance, W/m2. */
  dni?: Column;
}

/** Options of {@link irradianceLimitFlags}. */
export interface IrradianceLimitOptions {
  /** 'physical' (physically possible, the default) or 'extreme' (extremely rare). */
  limits?: 'physical' | 'extreme';
}

/** The flags of {@link irradianceLimitFlags}, one column per component given. */
export interface IrradianceLimitFlags {
  /** Flags of GHI ({@link QC_FLAG}). */
  ghi?: Uint8Array;
  /** Flags of DHI. */
  dhi?: Uint8Array;
  /** Flags of DNI. */
  dni?: Uint8Array;
}

function flagColumn(fn: string, out: Uint8Array | undefined, n: number, name: string): Uint8Array {
  if (out === undefined) return new Uint8Array(n);
  if (!(out instanceof Uint8Array)) typeFailure(fn, name, 'a Uint8Array of flags', out);
  if (out.length !== n) throw new RangeError(`${fn}: ${name} has length ${out.length}, expected ${n}`);
  return out;
}

/** Flags of one component against its limits (internal: the loop of irradianceLimitFlags). */
function limitFlags(
  value: Column,
  zenith: Column,
  dniExtra: Column,
  lim: QcradComponentLimits,
  n: number,
  res: Uint8Array,
): void {
  const vA = arrayOf(value);
  const v0 = scalarOf(value);
  const zA = arrayOf(zenith);
  const z0 = scalarOf(zenith);
  const eA = arrayOf(dniExtra);
  const e0 = scalarOf(dniExtra);
  const { lower, mult, exp, min } = lim;
  const DEG = Math.PI / 180;
  for (let i = 0; i < n; i++) {
    const v = vA !== null ? vA[i]! : v0;
    const z = zA !== null ? zA[i]! : z0;
    const e = eA !== null ? eA[i]! : e0;
    if (v !== v || z !== z || e !== e) {
      res[i] = QC_FLAG.untested;
      continue;
    }
    const mu = Math.cos(z * DEG);
    // cos z below 0 (the sun below the horizon) counts as 0; 0^0 is 1 (the DNI limit is Sa).
    const upper = mult * e * (mu > 0 ? mu : 0) ** exp + min;
    res[i] = v < lower ? QC_FLAG.low : v > upper ? QC_FLAG.high : QC_FLAG.pass;
  }
}

/**
 * Flags of GHI, DHI and DNI against the BSRN / QCRad limits: a value passes when
 * `lower <= value <= mult * dniExtra * max(cos z, 0)^exp + min` ({@link QCRAD_LIMITS}); below the
 * lower limit it is flagged `low`, above the upper `high`; NaN in the value, the zenith or the
 * extraterrestrial irradiance is `untested`. Physically possible limits: GHI -4 .. 1.5 Sa mu^1.2
 * + 100, DHI -4 .. 0.95 Sa mu^1.2 + 50, DNI -4 .. Sa; extremely rare: GHI -2 .. 1.2 Sa mu^1.2 + 50,
 * DHI -2 .. 0.75 Sa mu^1.2 + 30, DNI -2 .. 0.95 Sa mu^0.2 + 10 (Sa the extraterrestrial
 * irradiance, mu the cosine of the zenith).
 *
 * Long, C.N., Shi, Y. (2008) An automated quality assessment and control algorithm for surface
 * radiation measurements. The Open Atmospheric Science Journal 2, 23-37,
 * doi:10.2174/1874282300802010023; Long, C.N., Dutton, E.G. BSRN Global Network recommended
 * QC tests, V2.0, Baseline Surface Radiation Network (bsrn.awi.de, Publications). The tests of pvanalytics'
 * `quality.irradiance.check_irradiance_limits_qcrad`, flags the other way round (see the module).
 *
 * @param input `solarZenith` (degrees), `dniExtra` (W/m2) and any of `ghi`, `dhi`, `dni` (W/m2)
 * @param options `limits`: 'physical' (default) or 'extreme'
 * @param out optional flag buffers (Uint8Array) for the components given
 * @returns a Uint8Array of {@link QC_FLAG} values per component given
 * @example
 * const flags = irradianceLimitFlags({ solarZenith: 30, dniExtra: 1361, ghi: Float64Array.of(-5, 500, 2000) });
 * // the upper limit at 30 degrees: 1.5 * 1361 * cos(30)^1.2 + 100 = 1817 W/m2
 * Array.from(flags.ghi!); // => [1, 0, 2]
 */
export function irradianceLimitFlags(
  input: IrradianceLimitInput,
  options: IrradianceLimitOptions = {},
  out?: IrradianceLimitFlags,
): IrradianceLimitFlags {
  const fn = 'irradianceLimitFlags';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const which =
    options.limits === undefined
      ? 'physical'
      : checkOneOf(fn, 'options.limits', options.limits, ['physical', 'extreme']);
  const n = checkSeries(fn, [
    ['solarZenith', input.solarZenith, 'degrees'],
    ['dniExtra', input.dniExtra, 'W/m2'],
    ['ghi', input.ghi, 'W/m2', true],
    ['dhi', input.dhi, 'W/m2', true],
    ['dni', input.dni, 'W/m2', true],
  ]);
  if (input.ghi === undefined && input.dhi === undefined && input.dni === undefined)
    typeFailure(fn, 'input', 'an object with at least one of ghi, dhi, dni (W/m2)', input);
  const limits = QCRAD_LIMITS[which];
  const result: IrradianceLimitFlags = {};
  for (const c of ['ghi', 'dhi', 'dni'] as const) {
    const value = input[c];
    if (value === undefined) continue;
    const res = flagColumn(fn, out?.[c], n, `out.${c}`);
    limitFlags(value, input.solarZenith, input.dniExtra, limits[c], n, res);
    result[c] = res;
  }
  return result;
}

/** What {@link diffuseFractionFlags} takes. */
export interface DiffuseFractionInput {
  /** Solar zenith (true, without refraction), degrees. */
  solarZenith: Column;
  /** Global horizontal irradiance, W/m2. */
  ghi: Column;
  /** Diffuse horizontal irradiance, W/m2. */
  dhi: Column;
}

/** What {@link irradianceClosureFlags} takes: the three components. */
export interface IrradianceClosureInput extends DiffuseFractionInput {
  /** Direct normal irradiance, W/m2. */
  dni: Column;
}

/** The zenith below which the tighter tolerances apply, degrees. */
const LOW_ZENITH = 75;
/** The zenith from which the comparison tests are not made (the sun too low), degrees. */
const MAX_ZENITH = 93;
/** The least GHI (or component sum) tested, W/m2: the test needs more than this. */
const MIN_TESTED = 50;

/**
 * Flags of the closure of the three components, GHI / (DNI cos z + DHI): within 8 % (0.92..1.08)
 * for a zenith below 75 degrees, within 15 % (0.85..1.15) from 75 to 93 degrees; `low` when GHI is
 * short of the sum, `high` when above it; `untested` where the sum is 50 W/m2 or less, the zenith
 * is 93 degrees or more, or an input is NaN (the papers' "test not possible").
 *
 * Long, C.N., Shi, Y. (2008) The Open Atmospheric Science Journal 2, 23-37,
 * doi:10.2174/1874282300802010023; Long, C.N., Dutton, E.G. BSRN Global Network recommended
 * QC tests, V2.0 (comparison tests). The first flag of pvanalytics'
 * `quality.irradiance.check_irradiance_consistency_qcrad`, the other way round.
 *
 * @param input `solarZenith` (degrees), `ghi`, `dhi` and `dni` (W/m2)
 * @param out optional flag buffer (Uint8Array)
 * @returns a Uint8Array of {@link QC_FLAG} values
 * @example
 * // DNI cos z + DHI = 800 * 0.5 + 100 = 500 W/m2:
 * const f = irradianceClosureFlags({ solarZenith: 60, ghi: Float64Array.of(500, 600, Number.NaN), dhi: 100, dni: 800 });
 * Array.from(f); // => [0, 2, 3]
 */
export function irradianceClosureFlags(input: IrradianceClosureInput, out?: Uint8Array): Uint8Array {
  const fn = 'irradianceClosureFlags';
  checkObject(fn, 'input', input);
  const n = checkSeries(fn, [
    ['solarZenith', input.solarZenith, 'degrees'],
    ['ghi', input.ghi, 'W/m2'],
    ['dhi', input.dhi, 'W/m2'],
    ['dni', input.dni, 'W/m2'],
  ]);
  const res = flagColumn(fn, out, n, 'out');
  const zA = arrayOf(input.solarZenith);
  const z0 = scalarOf(input.solarZenith);
  const gA = arrayOf(input.ghi);
  const g0 = scalarOf(input.ghi);
  const dA = arrayOf(input.dhi);
  const d0 = scalarOf(input.dhi);
  const bA = arrayOf(input.dni);
  const b0 = scalarOf(input.dni);
  const DEG = Math.PI / 180;
  for (let i = 0; i < n; i++) {
    const z = zA !== null ? zA[i]! : z0;
    const ghi = gA !== null ? gA[i]! : g0;
    const sum = (bA !== null ? bA[i]! : b0) * Math.cos(z * DEG) + (dA !== null ? dA[i]! : d0);
    // NaN fails both comparisons: untested.
    if (!(sum > MIN_TESTED && z < MAX_ZENITH) || ghi !== ghi) {
      res[i] = QC_FLAG.untested;
      continue;
    }
    const ratio = ghi / sum;
    const low = z < LOW_ZENITH;
    res[i] = ratio < (low ? 0.92 : 0.85) ? QC_FLAG.low : ratio > (low ? 1.08 : 1.15) ? QC_FLAG.high : QC_FLAG.pass;
  }
  return res;
}

/**
 * Flags of the diffuse fraction DHI / GHI: at most 1.05 for a zenith below 75 degrees, at most 1.10
 * from 75 to 93 degrees (`high` above); `untested` where GHI is 50 W/m2 or less, the zenith 93
 * degrees or more, or an input NaN. A DHI above GHI by more than the pyranometers' uncertainty
 * marks a shaded or soiled global sensor or a misaligned shading ball.
 *
 * Long, C.N., Shi, Y. (2008) The Open Atmospheric Science Journal 2, 23-37,
 * doi:10.2174/1874282300802010023; Long, C.N., Dutton, E.G. BSRN Global Network recommended
 * QC tests, V2.0 (comparison tests). The second flag of pvanalytics'
 * `quality.irradiance.check_irradiance_consistency_qcrad`, the other way round, without its lower
 * bound of 0 (negative DHI is for {@link irradianceLimitFlags}).
 *
 * @param input `solarZenith` (degrees), `ghi` and `dhi` (W/m2)
 * @param out optional flag buffer (Uint8Array)
 * @returns a Uint8Array of {@link QC_FLAG} values
 * @example
 * Array.from(diffuseFractionFlags({ solarZenith: 80, ghi: 100, dhi: Float64Array.of(105, 111) })); // => [0, 2]
 */
export function diffuseFractionFlags(input: DiffuseFractionInput, out?: Uint8Array): Uint8Array {
  const fn = 'diffuseFractionFlags';
  checkObject(fn, 'input', input);
  const n = checkSeries(fn, [
    ['solarZenith', input.solarZenith, 'degrees'],
    ['ghi', input.ghi, 'W/m2'],
    ['dhi', input.dhi, 'W/m2'],
  ]);
  const res = flagColumn(fn, out, n, 'out');
  const zA = arrayOf(input.solarZenith);
  const z0 = scalarOf(input.solarZenith);
  const gA = arrayOf(input.ghi);
  const g0 = scalarOf(input.ghi);
  const dA = arrayOf(input.dhi);
  const d0 = scalarOf(input.dhi);
  for (let i = 0; i < n; i++) {
    const z = zA !== null ? zA[i]! : z0;
    const ghi = gA !== null ? gA[i]! : g0;
    const dhi = dA !== null ? dA[i]! : d0;
    if (!(ghi > MIN_TESTED && z < MAX_ZENITH) || dhi !== dhi) {
      res[i] = QC_FLAG.untested;
      continue;
    }
    res[i] = dhi / ghi > (z < LOW_ZENITH ? 1.05 : 1.1) ? QC_FLAG.high : QC_FLAG.pass;
  }
  return res;
}
