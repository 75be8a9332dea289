/**
 * Dating the rows of a weather file: from the calendar labels a file writes (year, month, day,
 * hour, minute in its own zone) to period ends in Unix seconds, with the typical-year handling
 * every reader shares. A typical year (TMY2, TMY3, EPW, PSM TMY, PVGIS TMY) stitches months of
 * different years: in file order its own timestamps jump back by years between months. Readers
 * never return that: a typical year is re-dated into one year (`coerceYear`, as pvlib's readers
 * offer it; default {@link TYPICAL_YEAR}) and keeps the file's own timestamps in
 * `sourcePeriodEnd`. Real series keep their own times; any series comes back with strictly
 * increasing period ends, or the reader throws naming the rows that collide.
 */
import type { NumericWeatherColumns } from '../columns.js';

/** The year typical-year files are re-dated into by default: the API's typical year (contract.md section 2), not a leap year. */
export const TYPICAL_YEAR = 2059;

/** Reading options shared by the readers of files with calendar labels. */
export interface CalendarReadOptions {
  /**
   * Re-date every row into this year (pvlib's `coerce_year`): each row keeps its month, day and
   * time; the rows after the year's last midnight (31 December 24:00) fall on 1 January of the next
   * year, so the period ends increase. Default: `TYPICAL_YEAR` (2059) for a typical year, none (the
   * file's own times) for a real series. With it, the file's own period ends are kept in
   * `sourcePeriodEnd`. A row dated 29 February needs a leap year here.
   */
  coerceYear?: number;
}

/** The calendar labels of a file's rows, as written (hour may be 24: the end of the day). */
export interface RowLabels {
  year: Float64Array;
  month: Float64Array;
  day: Float64Array;
  hour: Float64Array;
  minute: Float64Array;
}

/** How a format's labels relate to its periods. */
export interface LabelRule {
  /** The labels' zone, hours east of UTC (local standard time of the file). */
  offsetHours: number;
  /** Period length, s. */
  periodSeconds: number;
  /** Period end minus the instant the label names, s (0 for hour-ending labels). */
  labelToEnd: number;
  /**
   * TMY3's convention (as pvlib reads it): the hour ending at 24:00 on 28 February ends at 1 March
   * 00:00 even in a leap year, since a typical year has no 29 February. (Not for a year whose 29
   * February the file has rows of: there, 24:00 on the 28th is 29 February 00:00.)
   */
  february28MidnightIsMarch1?: boolean;
  /** True when the format is a typical year by definition; undefined: detect it from the rows. */
  typical?: boolean;
}

/** The dated rows: period ends, the file's own ones when re-dated, and whether it is a typical year. */
export interface DatedRows {
  periodEnd: Float64Array;
  /** The file's own period ends (typical years: in their source years), when re-dated. */
  sourcePeriodEnd?: Float64Array;
  typical: boolean;
  /** Typical years: the source year of each month (1..12), from the rows. */
  monthYears?: Record<number, number>;
}

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * Unix s of a label in the given year (the label's own year, or a coerced one).
 * @param toMarch whether 24:00 on 28 February ends at 1 March (see LabelRule)
 */
function labelInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  rule: LabelRule,
  toMarch: boolean,
): number {
  let m = month,
    d = day,
    h = hour;
  if (h === 24 && toMarch && m === 2 && d === 28) {
    m = 3;
    d = 1;
    h = 0;
  }
  return Date.UTC(year, m - 1, d, h, minute) / 1000 + rule.labelToEnd - rule.offsetHours * 3600;
}

/**
 * Year, and calendar position within it (month, day, time as one number, the same in leap and
 * common years), of a period's middle in the file's zone: the year a row belongs to (the hour
 * ending at 24:00 on 31 December, or a PSM stamp at 1 January 00:00, by where most of it lies).
 */
function middleCalendar(end: number, rule: LabelRule): [year: number, position: number] {
  const d = new Date((end - rule.periodSeconds / 2 + rule.offsetHours * 3600) * 1000);
  const position =
    ((d.getUTCMonth() * 32 + d.getUTCDate()) * 24 + d.getUTCHours()) * 3600 +
    d.getUTCMinutes() * 60 +
    d.getUTCSeconds();
  return [d.getUTCFullYear(), position];
}

/**
 * Period ends of a file's rows (see the module comment).
 * @param labels calendar fields of each row as the file writes them
 * @param rule the format's label convention and zone
 * @param options coerceYear
 * @param format the format's name, for error messages
 * @throws RangeError when re-dating puts a 29 February into a common year, or two rows end at the same time
 */
export function dateRows(labels: RowLabels, rule: LabelRule, options: CalendarReadOptions, format: string): DatedRows {
  const n = labels.year.length;
  const yearsWithLeapDay = new Set<number>();
  for (let i = 0; i < n; i++) if (labels.month[i] === 2 && labels.day[i] === 29) yearsWithLeapDay.add(labels.year[i]!);
  const toMarch = (i: number): boolean =>
    rule.february28MidnightIsMarch1 === true && !yearsWithLeapDay.has(labels.year[i]!);
  const own = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    own[i] = labelInstant(
      labels.year[i]!,
      labels.month[i]!,
      labels.day[i]!,
      labels.hour[i]!,
      labels.minute[i]!,
      rule,
      toMarch(i),
    );
  }
  const ownYear = new Float64Array(n);
  let typical = rule.typical;
  let calendarOrder = true;
  let lastPosition = -Infinity;
  const years = new Set<number>();
  for (let i = 0; i < n; i++) {
    const [year, position] = middleCalendar(own[i]!, rule);
    ownYear[i] = year;
    years.add(year);
    if (position < lastPosition) calendarOrder = false;
    lastPosition = position;
  }
  // Months of several years laid out as one calendar year: a typical year.
  if (typical === undefined) typical = years.size > 1 && calendarOrder;

  const coerceYear = options.coerceYear ?? (typical ? TYPICAL_YEAR : undefined);
  if (coerceYear !== undefined && !Number.isInteger(coerceYear)) {
    throw new RangeError(`${format}: coerceYear must be a whole year, got ${coerceYear}`);
  }
  let periodEnd = own;
  let sourcePeriodEnd: Float64Array | undefined;
  if (coerceYear !== undefined) {
    periodEnd = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      // The label's year relative to the year the row belongs to (31 Dec 24:00 and SolarAnywhere's
      // 1 Jan 00:00 label the last hour of the year before), carried into the coerced year.
      const year = coerceYear + (labels.year[i]! - ownYear[i]!);
      if (labels.month[i] === 2 && labels.day[i] === 29 && !isLeap(year)) {
        let leap = year + 1;
        while (!isLeap(leap)) leap++;
        throw new RangeError(
          `${format}: row ${i + 1} is dated 29 February, which ${year} does not have; give coerceYear a leap year (e.g. ${leap})`,
        );
      }
      periodEnd[i] = labelInstant(
        year,
        labels.month[i]!,
        labels.day[i]!,
        labels.hour[i]!,
        labels.minute[i]!,
        rule,
        toMarch(i),
      );
    }
    sourcePeriodEnd = own;
  }
  let monthYears: Record<number, number> | undefined;
  if (typical) {
    monthYears = {};
    for (let i = 0; i < n; i++) {
      const local = new Date((own[i]! - rule.periodSeconds / 2 + rule.offsetHours * 3600) * 1000);
      const month = local.getUTCMonth() + 1;
      if (monthYears[month] === undefined) monthYears[month] = local.getUTCFullYear();
    }
  }
  return { periodEnd, ...(sourcePeriodEnd ? { sourcePeriodEnd } : {}), typical, ...(monthYears ? { monthYears } : {}) };
}

/** Columns of a series, to be put in time order together. */
export interface OrderableSeries {
  periodEnd: Float64Array;
  sourcePeriodEnd?: Float64Array;
  columns: NumericWeatherColumns;
}

/**
 * The series with strictly increasing period ends: as it is when already so, else its rows sorted
 * by time (a real series listed out of order).
 * @throws RangeError naming the rows when two rows end at the same time (a typical year read with
 *   coerceYear of a multi-year file, or a file with repeated rows)
 */
export function increasingInTime<T extends OrderableSeries>(s: T, format: string): T {
  const n = s.periodEnd.length;
  let increasing = true;
  for (let i = 1; i < n; i++) {
    if (!(s.periodEnd[i]! > s.periodEnd[i - 1]!)) {
      increasing = false;
      break;
    }
  }
  if (increasing) return s;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => s.periodEnd[a]! - s.periodEnd[b]! || a - b);
  for (let k = 1; k < n; k++) {
    const a = order[k - 1]!,
      b = order[k]!;
    if (s.periodEnd[a] === s.periodEnd[b]) {
      const when = new Date(s.periodEnd[a]! * 1000).toISOString();
      throw new RangeError(
        `${format}: rows ${Math.min(a, b) + 1} and ${Math.max(a, b) + 1} both end at ${when}; a series needs one row per period (a multi-year file cannot be re-dated into one year with coerceYear)`,
      );
    }
  }
  const pick = (c: Float64Array): Float64Array => Float64Array.from(order, (i) => c[i]!);
  const columns: NumericWeatherColumns = {};
  for (const [k, v] of Object.entries(s.columns)) columns[k as keyof NumericWeatherColumns] = pick(v);
  return {
    ...s,
    periodEnd: pick(s.periodEnd),
    ...(s.sourcePeriodEnd ? { sourcePeriodEnd: pick(s.sourcePeriodEnd) } : {}),
    columns,
  };
}
