/**
 * Monthly and whole-window summaries of a long series for the HTML page: energy totals of the
 * irradiance and power columns (W/m2 to kWh/m2, kW to kWh, MW to MWh) and means of the others,
 * by month of the response's time zone.
 */
import type { SeriesTable } from '../products/table.js';

/** A series at least this long (seconds) gets the monthly summary: a month, give or take. */
export const LONG_SERIES_SECONDS = 28 * 86400;

/** Energy of a period mean in these units, per hour: the energy unit and its factor. */
const ENERGY: Record<string, { unit: string; perHour: number }> = {
  'W/m2': { unit: 'kWh/m2', perHour: 1 / 1000 },
  W: { unit: 'kWh', perHour: 1 / 1000 },
  kW: { unit: 'kWh', perHour: 1 },
  MW: { unit: 'MWh', perHour: 1 },
};

/** One row of the summary: a column's monthly values and the whole window's. */
export interface SummaryRow {
  name: string;
  /** `total` (energy) or `mean` (any other quantity). */
  kind: 'total' | 'mean';
  /** Unit of the values: kWh/m2, kWh, MWh for totals; the column's unit for means. */
  unit: string;
  /** One value per month of `months` (NaN where the month has no value). */
  monthly: number[];
  /** The window's total, or its mean. */
  whole: number;
}

export interface MonthlySummary {
  /** `Jan` ... `Dec`, with the year when the window spans years (`Dec 2025`). */
  months: string[];
  rows: SummaryRow[];
  /** `Year` for a window of a year or more, else `Total`. */
  wholeLabel: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Whether a table is long enough for monthly totals (at least LONG_SERIES_SECONDS). */
export function isLongSeries(table: SeriesTable): boolean {
  return table.periodEnd.length * table.periodSeconds >= LONG_SERIES_SECONDS;
}

/**
 * Monthly totals (energy columns) and means (other numeric columns) of a table, by the month in
 * the response's time zone in which each period lies (its middle: a period ending at midnight
 * on the first belongs to the month before).
 *
 * @example monthlySummary(tmyTable).rows[0] // { name: 'ghi', kind: 'total', unit: 'kWh/m2', monthly: [...12], whole: 1754.2 }
 */
export function monthlySummary(table: SeriesTable): MonthlySummary {
  const n = table.periodEnd.length;
  const shift = table.offsetMinutes * 60 - table.periodSeconds / 2;
  const monthOf = new Int32Array(n);
  const keys: number[] = [];
  for (let i = 0; i < n; i++) {
    const d = new Date((table.periodEnd[i]! + shift) * 1000);
    const key = d.getUTCFullYear() * 12 + d.getUTCMonth();
    monthOf[i] = key;
    if (!keys.includes(key)) keys.push(key);
  }
  keys.sort((a, b) => a - b);
  const slot = new Map(keys.map((k, j) => [k, j]));
  const years = new Set(keys.map((k) => Math.floor(k / 12)));
  const months = keys.map((k) => (years.size > 1 ? `${MONTHS[k % 12]} ${Math.floor(k / 12)}` : MONTHS[k % 12]!));
  const hours = table.periodSeconds / 3600;
  const rows: SummaryRow[] = [];
  for (const c of table.columns) {
    if (!(c.values instanceof Float64Array)) continue;
    const energy = ENERGY[c.unit ?? ''];
    const sum = new Float64Array(keys.length);
    const count = new Float64Array(keys.length);
    for (let i = 0; i < n; i++) {
      const v = c.values[i]!;
      if (v !== v) continue;
      const j = slot.get(monthOf[i]!)!;
      sum[j] += v;
      count[j]++;
    }
    const total = sum.reduce((s, v) => s + v, 0);
    const all = count.reduce((s, v) => s + v, 0);
    if (energy) {
      const f = hours * energy.perHour;
      rows.push({
        name: c.name,
        kind: 'total',
        unit: energy.unit,
        monthly: Array.from(sum, (v, j) => (count[j]! > 0 ? v * f : Number.NaN)),
        whole: all > 0 ? total * f : Number.NaN,
      });
    } else {
      rows.push({
        name: c.name,
        kind: 'mean',
        unit: c.unit ?? '',
        monthly: Array.from(sum, (v, j) => (count[j]! > 0 ? v / count[j]! : Number.NaN)),
        whole: all > 0 ? total / all : Number.NaN,
      });
    }
  }
  return { months, rows, wholeLabel: n * table.periodSeconds >= 365 * 86400 ? 'Year' : 'Total' };
}
