/**
 * Typical meteorological year (TMY) selection: for each calendar month, the most typical year of
 * a multi-year hourly series by the Finkelstein-Schafer statistic over daily values, with the
 * NSRDB TMY weights, a persistence filter and, for P75/P90/P95, the year whose annual energy is
 * exceeded with that probability.
 *
 * Method of the NSRDB TMY3 data sets: Wilcox, S. & Marion, W. (2008), "Users Manual for TMY3
 * Data Sets", NREL/TP-581-43156, section 1.3, after Hall, Prairie, Anderson & Boes (1978),
 * "Generation of a typical meteorological year", SAND78-1096C, and Marion, W. & Urban, K. (1995),
 * "User's Manual for TMY2s", NREL/SP-463-7668. Statistic: Finkelstein, J. M. & Schafer, R. E.
 * (1971), "Improved goodness-of-fit tests", Biometrika 58(3), 641-645, doi:10.1093/biomet/58.3.641.
 */
import {
  checkIncreasing,
  checkObject,
  checkSeries,
  checkTimes,
  isFloat64Array,
  typeFailure,
} from '../util/validate.js';
import type { WeatherColumns } from '../weather/columns.js';

/**
 * Hourly (or finer) multi-year series: the fields TMY selection reads (a WeatherSeries, such as
 * syntheticHistory's or a file's, is one).
 */
export interface TmyInput {
  /** period end, Unix s, on a regular grid, increasing */
  periodEnd: Float64Array;
  /** length of every period, s (3600 or less) */
  periodSeconds: number;
  /** needs ghi, dni (W/m2), airTemp, dewPoint (degrees C), windSpeed (m/s) */
  columns: WeatherColumns;
}

/**
 * Weights of the daily indices in the NSRDB TMY3 selection (Wilcox & Marion 2008, table 1-1):
 * dry-bulb max, min, mean 1/20, 1/20, 2/20; dew point the same; wind max and mean 1/20 each;
 * global horizontal 5/20; direct normal 5/20.
 */
export const NSRDB_TMY_WEIGHTS = {
  maxDryBulb: 0.05,
  minDryBulb: 0.05,
  meanDryBulb: 0.1,
  maxDewPoint: 0.05,
  minDewPoint: 0.05,
  meanDewPoint: 0.1,
  maxWind: 0.05,
  meanWind: 0.05,
  ghi: 0.25,
  dni: 0.25,
} as const;

const INDICES = [
  'maxDryBulb',
  'minDryBulb',
  'meanDryBulb',
  'maxDewPoint',
  'minDewPoint',
  'meanDewPoint',
  'maxWind',
  'meanWind',
  'ghi',
  'dni',
] as const;
type Index = (typeof INDICES)[number];

/** The exceedance probability of a typical year: p50 (the median year) to p95 (a year exceeded 95 % of the time). */
export type TmyProbability = 'p50' | 'p75' | 'p90' | 'p95';

/** z such that P(X > mean - z sd) = p for a normal X. */
const EXCEEDANCE_Z: Record<TmyProbability, number> = {
  p50: 0,
  p75: 0.6744897501960817,
  p90: 1.2815515655446004,
  p95: 1.6448536269514722,
};

/** Options of {@link selectTypicalYear}: the weights of the Finkelstein-Schafer statistics and the probability. */
export interface TmyOptions {
  /**
   * Share of the irradiance weight (0.5 in all) given to GHI, 0..1; the API's `ghi_weight`.
   * With dniWeight it must sum to 1. Default 0.5 (the NSRDB 0.25 / 0.25).
   */
  ghiWeight?: number;
  /** Share of the irradiance weight given to DNI; the API's `dni_weight`. Default 1 - ghiWeight. */
  dniWeight?: number;
  /** Default p50. */
  probability?: TmyProbability;
  /** Calendar of the months and days: the time zone, minutes east of UTC. Default 0. */
  offsetMinutes?: number;
  /** Candidates per month passed to the persistence filter (TMY3: 5). */
  candidates?: number;
  /**
   * Column whose annual sum is the energy of the P-values (for example GTI or PV power at the
   * same rows); default GHI.
   */
  energy?: Float64Array;
}

/** The year chosen for one calendar month. */
export interface TmyMonth {
  /** 1..12 */
  month: number;
  /** the data year whose month was chosen */
  year: number;
  /** weighted sum of the Finkelstein-Schafer statistics of that (year, month) */
  weightedSum: number;
}

/** Result of {@link selectTypicalYear}: the chosen month of each calendar month, and why. */
export interface TmySelection {
  /** the chosen (year, month) of each calendar month, January first */
  months: TmyMonth[];
  /** the exceedance probability the selection was made for ('p50' ... 'p95') */
  probability: TmyProbability;
  /** p50: 'finkelstein-schafer' months; P75-P95: 'annual-exceedance' (one whole year) */
  method: 'finkelstein-schafer' | 'annual-exceedance';
  /** annual energy (sum of the energy column x hours, Wh/m2 for irradiance) of each complete year */
  annualEnergy: { year: number; energy: number }[];
  /** the energy exceeded with the requested probability (normal fit of the annual energies) */
  targetEnergy: number;
  /** the typical year's annual energy */
  energy: number;
}

/**
 * The Finkelstein-Schafer statistic of a sample against a long-term sample: the mean over the
 * sample's values of |F_sample(x_i) - F_longterm(x_i)|, with empirical CDFs.
 * @param sample values, sorted ascending
 * @param longTerm values, sorted ascending
 */
export function finkelsteinSchafer(sample: Float64Array, longTerm: Float64Array): number {
  if (!isFloat64Array(sample)) typeFailure('finkelsteinSchafer', 'sample', 'a sorted Float64Array', sample);
  if (!isFloat64Array(longTerm)) typeFailure('finkelsteinSchafer', 'longTerm', 'a sorted Float64Array', longTerm);
  const n = sample.length;
  const N = longTerm.length;
  if (n === 0 || N === 0) return Number.NaN;
  let sum = 0;
  let j = 0;
  for (let i = 0; i < n; i++) {
    const x = sample[i]!;
    while (j < N && longTerm[j]! <= x) j++;
    // Among ties in the sample, the CDF is the share at or below x.
    let k = i;
    while (k + 1 < n && sample[k + 1] === x) k++;
    const fs = (k + 1) / n;
    sum += Math.abs(fs - j / N);
  }
  return sum / n;
}

/** Daily indices, one Float64Array per index (INDICES order), and the calendar of each day. */
interface Daily {
  values: Float64Array[];
  year: Int32Array;
  month: Int32Array;
  energy: Float64Array;
  count: number;
}

/** Daily indices of the series in the calendar of the offset (days in time order). */
function dailyIndices(input: TmyInput, offsetSeconds: number, energy: Float64Array): Daily {
  const { periodEnd, periodSeconds } = input;
  const c = input.columns;
  const need = ['airTemp', 'dewPoint', 'windSpeed', 'ghi', 'dni'] as const;
  for (const k of need) if (c[k] === undefined) throw new Error(`TMY selection needs the column ${k}`);
  const t = c.airTemp!,
    td = c.dewPoint!,
    w = c.windSpeed!,
    g = c.ghi!,
    b = c.dni!;
  const hours = periodSeconds / 3600;
  const n = periodEnd.length;
  const maxDays = Math.ceil((n * periodSeconds) / 86400) + 2;
  const values: Float64Array[] = [];
  for (let k = 0; k < INDICES.length; k++) values.push(new Float64Array(maxDays));
  const [vTmax, vTmin, vTmean, vDmax, vDmin, vDmean, vWmax, vWmean, vG, vB] = values as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const year = new Int32Array(maxDays);
  const month = new Int32Array(maxDays);
  const dayEnergy = new Float64Array(maxDays);
  const shift = offsetSeconds - periodSeconds / 2;
  let count = 0;
  let i = 0;
  // The calendar month of the current day, and its range of day keys [monthFirst, monthEnd).
  let y = 0,
    mo = 0,
    monthFirst = 1,
    monthEnd = 0;
  while (i < n) {
    const key = Math.floor((periodEnd[i]! + shift) / 86400);
    if (key < monthFirst || key >= monthEnd) {
      const date = new Date(key * 86400000);
      y = date.getUTCFullYear();
      mo = date.getUTCMonth();
      monthFirst = Date.UTC(y, mo, 1) / 86400000;
      monthEnd = Date.UTC(y, mo + 1, 1) / 86400000;
    }
    const dayEndExclusive = (key + 1) * 86400 - shift;
    let tmax = -Infinity,
      tmin = Infinity,
      tsum = 0,
      tn = 0;
    let dmax = -Infinity,
      dmin = Infinity,
      dsum = 0,
      dn = 0;
    let wmax = -Infinity,
      wsum = 0,
      wn = 0,
      gs = 0,
      bs = 0,
      es = 0;
    for (; i < n && periodEnd[i]! < dayEndExclusive; i++) {
      const a = t[i]!;
      if (a === a) {
        if (a > tmax) tmax = a;
        if (a < tmin) tmin = a;
        tsum += a;
        tn++;
      }
      const d = td[i]!;
      if (d === d) {
        if (d > dmax) dmax = d;
        if (d < dmin) dmin = d;
        dsum += d;
        dn++;
      }
      const v = w[i]!;
      if (v === v) {
        if (v > wmax) wmax = v;
        wsum += v;
        wn++;
      }
      const gi = g[i]!,
        bi = b[i]!,
        ei = energy[i]!;
      if (gi === gi) gs += gi;
      if (bi === bi) bs += bi;
      if (ei === ei) es += ei;
    }
    year[count] = y;
    month[count] = mo + 1;
    vTmax[count] = tmax;
    vTmin[count] = tmin;
    vTmean[count] = tsum / tn;
    vDmax[count] = dmax;
    vDmin[count] = dmin;
    vDmean[count] = dsum / dn;
    vWmax[count] = wmax;
    vWmean[count] = wsum / wn;
    vG[count] = gs * hours;
    vB[count] = bs * hours;
    dayEnergy[count] = es * hours;
    count++;
  }
  return { values, year, month, energy: dayEnergy, count };
}

/**
 * Runs of consecutive days [a, b) of `values` above `threshold` (above: true) or below it (false):
 * their count and the longest.
 */
function runs(
  values: Float64Array,
  a: number,
  b: number,
  threshold: number,
  above: boolean,
): { count: number; longest: number } {
  let count = 0,
    longest = 0,
    cur = 0;
  for (let d = a; d < b; d++) {
    const v = values[d]!;
    if (above ? v > threshold : v < threshold) {
      if (cur === 0) count++;
      cur++;
      if (cur > longest) longest = cur;
    } else cur = 0;
  }
  return { count, longest };
}

/** x sorts after y in the order of Float64Array.prototype.sort (numbers ascending, NaN last). */
function after(x: number, y: number): boolean {
  return x > y || (x !== x && y === y);
}

/**
 * Copies values[a, b) into out at `at` in ascending order (NaN last, as Float64Array's sort):
 * an insertion sort, quick on a month of days and without the typed-array sort's per-call cost.
 */
function sortedInto(values: Float64Array, a: number, b: number, out: Float64Array, at: number): void {
  for (let d = a; d < b; d++) {
    const x = values[d]!;
    let i = at + (d - a);
    while (i > at && after(out[i - 1]!, x)) {
      out[i] = out[i - 1]!;
      i--;
    }
    out[i] = x;
  }
}

/**
 * Merges the ascending runs of `runs` (consecutive, run r being [starts[r], starts[r + 1])) into
 * one ascending array, pairwise (the same values in the same order as sorting the whole).
 */
function mergeRuns(src: Float64Array, starts: number[], scratch: Float64Array): Float64Array {
  let from = src;
  let to = scratch;
  let bounds = starts;
  while (bounds.length > 2) {
    const next: number[] = [];
    for (let r = 0; r + 1 < bounds.length; r += 2) {
      const lo = bounds[r]!;
      const mid = bounds[r + 1]!;
      const hi = r + 2 < bounds.length ? bounds[r + 2]! : mid;
      let i = lo,
        j = mid,
        o = lo;
      while (i < mid && j < hi) to[o++] = after(from[i]!, from[j]!) ? from[j++]! : from[i++]!;
      while (i < mid) to[o++] = from[i++]!;
      while (j < hi) to[o++] = from[j++]!;
      next.push(lo);
    }
    next.push(bounds[bounds.length - 1]!);
    bounds = next;
    const t = from;
    from = to;
    to = t;
  }
  return from;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const x = p * (sorted.length - 1);
  const i = Math.floor(x);
  const j = Math.min(sorted.length - 1, i + 1);
  return sorted[i]! + (sorted[j]! - sorted[i]!) * (x - i);
}

/**
 * Chooses the typical year of each calendar month from a multi-year series (NSRDB TMY3 method):
 * 1. daily indices: dry-bulb and dew-point max, min, mean; wind max and mean; GHI and DNI sums;
 * 2. for each month and year, the Finkelstein-Schafer statistic of each index against all years
 *    of that month, and their weighted sum WS (NSRDB_TMY_WEIGHTS, with the irradiance half split
 *    by ghiWeight/dniWeight);
 * 3. the `candidates` years of lowest WS go through the persistence filter: runs of consecutive
 *    days with mean dry bulb above the month's long-term 67th percentile or below its 33rd, and
 *    with daily GHI below its 33rd percentile; the candidate with the longest run, the one with
 *    the most runs, and those with no run are dropped (if all would be, none is); the first
 *    remaining by WS is chosen.
 * Only years with every day of the month are candidates.
 *
 * P75, P90, P95: the annual energies of the complete years are fitted by a normal distribution;
 * the target is the energy exceeded with that probability, mean - z sd (z = 0.674, 1.282,
 * 1.645), and the whole calendar year whose energy is closest to it, among the years whose
 * energy is at most the P50 selection's, is chosen (its twelve months, so no seams). Energies
 * count 365 days (February 29 is not served in the TMY year). With 19 years the normal fit
 * extrapolates beyond the driest year for P95 when needed; the closest year is then the driest.
 */
export function selectTypicalYear(input: TmyInput, options: TmyOptions = {}): TmySelection {
  checkObject('selectTypicalYear', 'input', input);
  checkObject('selectTypicalYear', 'options', options);
  checkTimes('selectTypicalYear', 'input.periodEnd', input.periodEnd);
  checkIncreasing('selectTypicalYear', 'input.periodEnd', input.periodEnd);
  checkObject('selectTypicalYear', 'input.columns', input.columns);
  for (const name of ['ghi', 'dni', 'airTemp', 'dewPoint', 'windSpeed'] as const) {
    if (input.columns[name] === undefined)
      typeFailure('selectTypicalYear', `input.columns.${name}`, 'given (a Float64Array on the period grid)', undefined);
    checkSeries('selectTypicalYear', [
      ['input.periodEnd', input.periodEnd, 'Unix seconds'],
      [`input.columns.${name}`, input.columns[name], ''],
    ]);
  }
  const offset = (options.offsetMinutes ?? 0) * 60;
  const ghiShare = options.ghiWeight ?? (options.dniWeight !== undefined ? 1 - options.dniWeight : 0.5);
  const dniShare = options.dniWeight ?? 1 - ghiShare;
  const weights: Record<Index, number> = { ...NSRDB_TMY_WEIGHTS, ghi: 0.5 * ghiShare, dni: 0.5 * dniShare };
  const probability = options.probability ?? 'p50';
  const energyCol = options.energy ?? input.columns.ghi!;
  const daily = dailyIndices(input, offset, energyCol);
  const dayEnergy = daily.energy;

  // Days of a (year, month) are consecutive: keep each group as a [first, end) range.
  const groups = new Map<number, [number, number]>();
  for (let d = 0; d < daily.count; d++) {
    const key = daily.year[d]! * 100 + daily.month[d]!;
    const g = groups.get(key);
    if (g === undefined) groups.set(key, [d, d + 1]);
    else g[1] = d + 1;
  }
  const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const groupSize = (y: number, m: number) => {
    const g = groups.get(y * 100 + m);
    return g === undefined ? 0 : g[1] - g[0];
  };
  const complete = (y: number, m: number) => groupSize(y, m) === daysInMonth(y, m);
  // Energy of a month as the typical year serves it: February 29 has no place in the
  // (non-leap) TMY year, so a leap February counts 28 days.
  const monthEnergy = (y: number, m: number) => {
    const [a, b] = groups.get(y * 100 + m)!;
    const last = m === 2 && b - a === 29 ? b - 1 : b;
    let e = 0;
    for (let d = a; d < last; d++) e += dayEnergy[d]!;
    return e;
  };

  // Annual energies of complete years.
  const years = [...new Set(Array.from(daily.year.subarray(0, daily.count)))].sort((a, b) => a - b);
  const annualEnergy: { year: number; energy: number }[] = [];
  for (const y of years) {
    let ok = true;
    let e = 0;
    for (let m = 1; m <= 12 && ok; m++) {
      if (!complete(y, m)) ok = false;
      else e += monthEnergy(y, m);
    }
    if (ok) annualEnergy.push({ year: y, energy: e });
  }
  let mean = 0;
  for (const a of annualEnergy) mean += a.energy;
  mean /= Math.max(1, annualEnergy.length);
  let sd = 0;
  for (const a of annualEnergy) sd += (a.energy - mean) ** 2;
  sd = annualEnergy.length > 1 ? Math.sqrt(sd / (annualEnergy.length - 1)) : 0;
  const targetEnergy = mean - EXCEEDANCE_Z[probability] * sd;

  const months: TmyMonth[] = [];
  const nIdx = INDICES.length;
  for (let m = 1; m <= 12; m++) {
    const cand = years.filter((y) => complete(y, m));
    if (cand.length === 0) throw new Error(`TMY: no complete month ${m} in the series`);
    // Each candidate's sorted days of each index (sorted[k], one run per candidate), and the
    // long-term distribution of the month: the runs merged.
    const total = cand.reduce((s, y) => s + groupSize(y, m), 0);
    const starts: number[] = [];
    let o = 0;
    for (const y of cand) {
      starts.push(o);
      o += groupSize(y, m);
    }
    starts.push(o);
    const sorted: Float64Array[] = [];
    const longTerm: Float64Array[] = [];
    for (let k = 0; k < nIdx; k++) {
      const own = new Float64Array(total);
      for (let c = 0; c < cand.length; c++) {
        const [a, b] = groups.get(cand[c]! * 100 + m)!;
        sortedInto(daily.values[k]!, a, b, own, starts[c]!);
      }
      sorted.push(own);
      // mergeRuns leaves its result in `own`'s copy or in the scratch: copy the runs first.
      longTerm.push(mergeRuns(own.slice(), starts, new Float64Array(total)));
    }
    const scored = cand.map((y, c) => {
      let ws = 0;
      for (let k = 0; k < nIdx; k++)
        ws += weights[INDICES[k]!] * finkelsteinSchafer(sorted[k]!.subarray(starts[c]!, starts[c + 1]!), longTerm[k]!);
      return { year: y, ws };
    });
    scored.sort((a, b) => a.ws - b.ws || a.year - b.year);
    const top = scored.slice(0, options.candidates ?? 5);

    // Persistence (TMY2/TMY3): runs of warm, cold and dull days.
    const hot = percentile(longTerm[2]!, 0.67),
      cold = percentile(longTerm[2]!, 0.33),
      dull = percentile(longTerm[8]!, 0.33);
    const meanT = daily.values[2]!;
    const ghiDay = daily.values[8]!;
    const stats = top.map((c) => {
      const [a, b] = groups.get(c.year * 100 + m)!;
      const rs = [runs(meanT, a, b, hot, true), runs(meanT, a, b, cold, false), runs(ghiDay, a, b, dull, false)];
      return {
        ...c,
        count: rs[0]!.count + rs[1]!.count + rs[2]!.count,
        longest: Math.max(rs[0]!.longest, rs[1]!.longest, rs[2]!.longest),
      };
    });
    const longest = Math.max(...stats.map((s) => s.longest));
    const most = Math.max(...stats.map((s) => s.count));
    const longestYear = stats.find((s) => s.longest === longest)?.year;
    const mostYear = stats.find((s) => s.count === most)?.year;
    const kept = stats.filter((s) => s.year !== longestYear && s.year !== mostYear && s.count > 0);
    const chosen = kept[0] ?? stats[0]!;
    months.push({ month: m, year: chosen.year, weightedSum: chosen.ws });
  }
  let energy = 0;
  for (const mo of months) energy += monthEnergy(mo.year, mo.month);
  if (probability === 'p50')
    return { months, probability, method: 'finkelstein-schafer', annualEnergy, targetEnergy, energy };

  // P75-P95: a whole year near the target, never above the P50 year's energy, so that served
  // energies fall with the probability (P50 >= P75 >= P90 >= P95). Nearest-to-target over a
  // decreasing target is itself monotone; the cap keeps P75 at or below the P50 mosaic when the
  // fit's target lies above it.
  if (annualEnergy.length === 0) throw new Error('TMY: P-values need at least one complete year');
  const allowed = annualEnergy.filter((a) => a.energy <= energy);
  const pool = allowed.length > 0 ? allowed : [annualEnergy.reduce((lo, a) => (a.energy < lo.energy ? a : lo))];
  let best = pool[0]!;
  for (const a of pool) if (Math.abs(a.energy - targetEnergy) < Math.abs(best.energy - targetEnergy)) best = a;
  const whole: TmyMonth[] = [];
  for (let m = 1; m <= 12; m++) whole.push({ month: m, year: best.year, weightedSum: Number.NaN });
  return { months: whole, probability, method: 'annual-exceedance', annualEnergy, targetEnergy, energy: best.energy };
}
