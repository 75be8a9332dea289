/**
 * Snow on PV rows, hour by hour (Marion et al. 2013, with Ryberg & Freeman 2017's ground-depth
 * check): when fresh snow covers a row, how much of its slant height stays covered as the snow
 * slides off, and the DC capacity lost. Not the synthetic weather's snow (src/weather/snow.ts),
 * which makes the snowfall and depth columns these models take.
 */
import { type Column, columnOf, maskOf } from '../util/columns.js';
import {
  checkAtLeast,
  checkColumn,
  checkFinite,
  checkObject,
  checkSeries,
  isFloat64Array,
  rangeFailure,
  typeFailure,
} from '../util/validate.js';

const DEG = Math.PI / 180;

/**
 * Snowfall and times of {@link snowFullyCoveredNrel}: give `snowfall` (pvlib's, cm within each
 * period) or `snowfallRate` (the weather columns', cm/h), not both.
 */
export interface SnowfallInput {
  /** Period ends, Unix seconds (UTC), strictly increasing. */
  unixSeconds: Float64Array;
  /** Fresh snow within each period, cm (pvlib's `snowfall`). */
  snowfall?: Column;
  /** Snowfall rate over each period, cm/h (the weather source's `snowfallRate`). */
  snowfallRate?: Column;
  /**
   * Snow depth on the ground, cm (pvlib: at the start of each period; a weather source's period
   * mean serves). Optional: without it the ground is never taken as bare.
   */
  snowDepth?: Column;
}

/** Thresholds of {@link snowFullyCoveredNrel} and {@link snowCoverageNrel}. */
export interface SnowThresholdOptions {
  /** Snowfall rate above which a row is fully covered for the period, cm/h (default 1). */
  thresholdSnowfall?: number;
  /** Snow depth on the ground below which no snow stays on the rows, cm (default 1). */
  thresholdDepth?: number;
}

/** Columns of {@link snowCoverageNrel}: the snowfall of {@link SnowfallInput} and the weather on the rows. */
export interface SnowCoverageInput extends SnowfallInput {
  /** Global irradiance on the plane of the rows, W/m2 (pvlib's `poa_irradiance`). */
  poaIrradiance: Column;
  /** Air temperature, degrees C. */
  airTemp: Column;
  /** Tilt of the rows from horizontal, degrees (a column for a tracker's rotation). */
  surfaceTilt: Column;
}

/** Coefficients of {@link snowCoverageNrel} beyond the thresholds. */
export interface SnowCoverageOptions extends SnowThresholdOptions {
  /** Share of the slant height covered before the first period, unitless (default 0). */
  initialCoverage?: number;
  /**
   * Marion's m: snow can slide while air temperature > irradiance / m, W/(m2 C) (default -80).
   */
  canSlideCoefficient?: number;
  /** Share of the slant height that slides off in an hour on a vertical row, unitless (default 0.197). */
  slideAmountCoefficient?: number;
}

/** Options of {@link snowDcLossNrel}. */
export interface SnowDcLossOptions {
  /**
   * Cell strings in parallel along the row's slant height (a 60-cell module in portrait: 1; in
   * landscape: 3).
   */
  numStrings: number;
}

/** The checked inputs shared by the NREL snow models: the length, and the rate of snowfall per row. */
function snowfallRates(
  fn: string,
  input: SnowfallInput,
  o: SnowThresholdOptions,
  extra: readonly [string, unknown, string][],
) {
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', o);
  const t = input.unixSeconds;
  if (!isFloat64Array(t)) typeFailure(fn, 'unixSeconds', 'a Float64Array of Unix seconds (period ends)', t);
  const bySnowfall = input.snowfall !== undefined;
  if (bySnowfall === (input.snowfallRate !== undefined)) {
    typeFailure(fn, 'input', 'given exactly one of snowfall (cm per period) and snowfallRate (cm/h)', input);
  }
  const n = checkSeries(fn, [
    ['unixSeconds', t, 's'],
    [
      bySnowfall ? 'snowfall' : 'snowfallRate',
      bySnowfall ? input.snowfall : input.snowfallRate,
      bySnowfall ? 'cm' : 'cm/h',
    ],
    ['snowDepth', input.snowDepth, 'cm', true],
    ...extra,
  ]);
  if (n !== t.length) throw new RangeError(`${fn}: the columns must have the length of unixSeconds (${t.length})`);
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(t[i]!)) rangeFailure(fn, `unixSeconds[${i}]`, 'a finite time, Unix seconds', t[i]);
    if (i > 0 && !(t[i]! > t[i - 1]!)) {
      throw new RangeError(
        `${fn}: unixSeconds must increase strictly; index ${i} (${t[i]}) is not after index ${i - 1} (${t[i - 1]})`,
      );
    }
  }
  const thresholdSnowfall = o.thresholdSnowfall ?? 1;
  const thresholdDepth = o.thresholdDepth ?? 1;
  checkFinite(fn, 'options.thresholdSnowfall', thresholdSnowfall, 'cm/h');
  checkFinite(fn, 'options.thresholdDepth', thresholdDepth, 'cm');
  return { n, t, bySnowfall, thresholdSnowfall, thresholdDepth };
}

/**
 * The hours of the first period: the series' step when every step is the same (pvlib infers the
 * frequency then), else NaN (pvlib then counts no snowfall in the first period).
 */
function firstPeriodHours(t: Float64Array): number {
  const n = t.length;
  if (n < 2) return Number.NaN;
  const step = t[1]! - t[0]!;
  for (let i = 2; i < n; i++) if (t[i]! - t[i - 1]! !== step) return Number.NaN;
  return step / 3600;
}

/**
 * Writes 1 where fresh snow fully covers the rows, else 0: the hourly snowfall rate above the
 * threshold, and (when given) the ground's snow depth at least its threshold. A NaN snowfall or
 * depth is "not covered", as pvlib's comparisons.
 */
function fillCovered(input: SnowfallInput, c: ReturnType<typeof snowfallRates>, covered: Uint8Array): void {
  const { n, t, bySnowfall, thresholdSnowfall, thresholdDepth } = c;
  const snow = columnOf(bySnowfall ? input.snowfall : input.snowfallRate, 0);
  const sMask = maskOf(bySnowfall ? input.snowfall : input.snowfallRate);
  const hasDepth = input.snowDepth !== undefined;
  const depth = columnOf(input.snowDepth, 0);
  const dMask = maskOf(input.snowDepth);
  const first = firstPeriodHours(t);
  for (let i = 0; i < n; i++) {
    let rate: number;
    if (!bySnowfall) rate = snow[i & sMask]!;
    else if (i > 0) rate = snow[i & sMask]! / ((t[i]! - t[i - 1]!) / 3600);
    else rate = first === first ? snow[0]! / first : 0;
    covered[i] = rate > thresholdSnowfall && (!hasDepth || depth[i & dMask]! >= thresholdDepth) ? 1 : 0;
  }
}

/**
 * Periods in which fresh snow fully covers the rows, 1 or 0: the snowfall rate (cm/h) above
 * `thresholdSnowfall`, and, when the snow depth is given, at least `thresholdDepth` cm of snow on
 * the ground (for low tilts, Ryberg & Freeman 2017). With `snowfall` in cm per period the rate
 * of the first period uses the series' step when all steps are equal, and is 0 otherwise (as
 * pvlib, which infers a frequency). B. Marion, R. Schaefer, H. Caine and G. Sanchez, "Measured
 * and modeled photovoltaic system energy losses from snow for Colorado and Wisconsin locations",
 * Solar Energy 97, 112-121, 2013, doi:10.1016/j.solener.2013.07.029; D. Ryberg and J. Freeman,
 * "Integration, Validation, and Application of a PV Snow Coverage Model in SAM", NREL/TP-6A20-68705,
 * 2017. Follows pvlib.snow.fully_covered_nrel.
 * @param input unixSeconds (period ends); snowfall (cm per period) or snowfallRate (cm/h);
 *   optional snowDepth (cm)
 * @param options thresholdSnowfall (cm/h, default 1), thresholdDepth (cm, default 1)
 * @param out optional output buffer of the series' length
 * @returns 1 where the rows are fully covered, else 0, one per period
 * @example
 * const unixSeconds = Float64Array.of(0, 3600, 7200);
 * Array.from(snowFullyCoveredNrel({ unixSeconds, snowfallRate: Float64Array.of(0.5, 2, 3), snowDepth: Float64Array.of(5, 5, 0) })); // => [0, 1, 0]
 */
export function snowFullyCoveredNrel(
  input: SnowfallInput,
  options: SnowThresholdOptions = {},
  out?: Uint8Array,
): Uint8Array {
  const c = snowfallRates('snowFullyCoveredNrel', input, options, []);
  const res = out ?? new Uint8Array(c.n);
  if (res.length !== c.n) throw new RangeError(`snowFullyCoveredNrel: out has length ${res.length}, expected ${c.n}`);
  fillCovered(input, c, res);
  return res;
}

/**
 * Share of a row's slant height covered by snow, unitless (0 bare .. 1 covered; more when the
 * initial coverage is): fully covered by each snowfall of {@link snowFullyCoveredNrel}, then
 * sliding off by slideAmountCoefficient sin(tilt) per hour whenever the air is warmer than
 * irradiance / canSlideCoefficient (Marion et al. 2013, eqs. 1-2), and all of it at once when the
 * ground has less than `thresholdDepth` of snow (Ryberg & Freeman 2017). The output is a fraction
 * of the slant height rather than the paper's tenths. A NaN irradiance or air temperature stops
 * the sliding for that period and a NaN snowfall is no snowfall, as pvlib; a NaN tilt gives NaN
 * for its period alone. B. Marion, R. Schaefer, H. Caine and G. Sanchez, "Measured and modeled
 * photovoltaic system energy losses from snow for Colorado and Wisconsin locations", Solar Energy
 * 97, 112-121, 2013, doi:10.1016/j.solener.2013.07.029; D. Ryberg and J. Freeman (2017),
 * NREL/TP-6A20-68705. Follows pvlib.snow.coverage_nrel.
 * @param input unixSeconds (period ends, strictly increasing); snowfall (cm per period) or
 *   snowfallRate (cm/h); optional snowDepth (cm); poaIrradiance (W/m2), airTemp (degrees C),
 *   surfaceTilt (degrees) (columns or numbers)
 * @param options initialCoverage (0), thresholdSnowfall (1 cm/h), thresholdDepth (1 cm),
 *   canSlideCoefficient (-80 W/(m2 C)), slideAmountCoefficient (0.197)
 * @param out optional output buffer of the series' length
 * @returns covered share of the slant height, unitless, one per period
 * @example
 * // 2 cm of snow in the first hour, then three sunny hours above freezing on a 40-degree row.
 * const unixSeconds = Float64Array.of(0, 3600, 7200, 10800);
 * const c = snowCoverageNrel({ unixSeconds, snowfall: Float64Array.of(2, 0, 0, 0), poaIrradiance: 600, airTemp: 1, surfaceTilt: 40 });
 * c[3]; // about 0.6201
 */
export function snowCoverageNrel(
  input: SnowCoverageInput,
  options: SnowCoverageOptions = {},
  out?: Float64Array,
): Float64Array {
  const fn = 'snowCoverageNrel';
  const c = snowfallRates(fn, input, options, [
    ['poaIrradiance', input.poaIrradiance, 'W/m2'],
    ['airTemp', input.airTemp, 'degrees C'],
    ['surfaceTilt', input.surfaceTilt, 'degrees'],
  ]);
  const initial = options.initialCoverage ?? 0;
  const canSlideCoefficient = options.canSlideCoefficient ?? -80;
  const slideCoefficient = options.slideAmountCoefficient ?? 0.197;
  checkFinite(fn, 'options.initialCoverage', initial, 'fraction of the slant height');
  checkFinite(fn, 'options.canSlideCoefficient', canSlideCoefficient, 'W/(m2 C)');
  checkFinite(fn, 'options.slideAmountCoefficient', slideCoefficient, 'fraction of the slant height per hour');
  const { n, t, thresholdDepth } = c;
  const res = out ?? new Float64Array(n);
  if (res.length !== n) throw new RangeError(`${fn}: out has length ${res.length}, expected ${n}`);
  const covered = new Uint8Array(n);
  fillCovered(input, c, covered);
  const poa = columnOf(input.poaIrradiance, 0);
  const pMask = maskOf(input.poaIrradiance);
  const air = columnOf(input.airTemp, 0);
  const aMask = maskOf(input.airTemp);
  const tilt = columnOf(input.surfaceTilt, 0);
  const tMask = maskOf(input.surfaceTilt);
  const hasDepth = input.snowDepth !== undefined;
  const depth = columnOf(input.snowDepth, 0);
  const dMask = maskOf(input.snowDepth);
  // The snow on the rows since the last snowfall (or the initial coverage) and what has slid off
  // since; a NaN slide (a NaN tilt) is NaN in its own period and skipped in the sum, as pandas'
  // cumulative sum.
  let base = initial;
  let slid = 0;
  for (let i = 0; i < n; i++) {
    let slide = 0;
    if (covered[i] === 1) {
      base = 1;
      slid = 0;
    } else if (i > 0 && air[i & aMask]! > poa[i & pMask]! / canSlideCoefficient) {
      slide = slideCoefficient * Math.sin(tilt[i & tMask]! * DEG) * ((t[i]! - t[i - 1]!) / 3600);
    }
    if (hasDepth && depth[i & dMask]! < thresholdDepth) slide = 1;
    if (slide === slide) {
      slid += slide;
      const left = base - slid;
      res[i] = left < 0 ? 0 : left;
    } else {
      res[i] = Number.NaN;
    }
  }
  return res;
}

/**
 * Fraction of DC capacity lost to snow, unitless: a cell string along the slant height that snow
 * covers even in part is lost, so the loss is ceil(coverage x numStrings) / numStrings. P. Gilman
 * et al., "SAM Photovoltaic Model Technical Reference Update", NREL/TP-6A20-67399, 2018, eq. 11.8,
 * doi:10.2172/1429291. Follows pvlib.snow.dc_loss_nrel.
 * @param snowCoverage covered share of the slant height, unitless (a column or a number; see
 *   {@link snowCoverageNrel})
 * @param options numStrings, the cell strings in parallel along the slant height
 * @param out optional output buffer of the series' length
 * @returns fraction of DC capacity lost, unitless, one per row
 * @example
 * Array.from(snowDcLossNrel(Float64Array.of(0, 0.1, 0.5, 0.7), { numStrings: 3 }), (v) => Math.round(v * 1000) / 1000); // => [0, 0.333, 0.667, 1]
 */
export function snowDcLossNrel(snowCoverage: Column, options: SnowDcLossOptions, out?: Float64Array): Float64Array {
  const fn = 'snowDcLossNrel';
  checkColumn(fn, 'snowCoverage', snowCoverage, 'fraction of the slant height');
  checkObject(fn, 'options', options);
  const strings = checkAtLeast(fn, 'options.numStrings', options.numStrings, 0, 'cell strings', true);
  const n = typeof snowCoverage === 'number' ? 1 : snowCoverage.length;
  const res = out ?? new Float64Array(n);
  if (res.length !== n) throw new RangeError(`${fn}: out has length ${res.length}, expected ${n}`);
  const cov = columnOf(snowCoverage, 0);
  const cMask = maskOf(snowCoverage);
  for (let i = 0; i < n; i++) res[i] = Math.ceil(cov[i & cMask]! * strings) / strings;
  return res;
}
