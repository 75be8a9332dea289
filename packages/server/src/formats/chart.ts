/**
 * Inline SVG charts of the HTML page (no scripts, fonts or files from elsewhere): the series as
 * lines in one panel per unit, so that W/m2 and degrees C never share an axis, with rounded
 * ticks, time labels along the axis in the response's time zone and a legend with units; and
 * monthly totals as bars, again one panel per unit.
 */
import type { SeriesTable } from '../products/table.js';

/** Escapes text for HTML element content and attribute values (SVG inside HTML too). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const PALETTE = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A unit as a person reads it: `W/m²`, `°C`. */
export function unitLabel(unit: string | undefined): string {
  if (unit === undefined || unit === '') return '';
  return unit
    .replace(/^degrees C$/, '°C')
    .replace(/m2\b/, 'm²')
    .replace(/m3\b/, 'm³')
    .replace(/^ug\//, 'µg/');
}

/** The time zone of a response as text: `UTC`, `UTC+10:00`, `UTC-03:30`. */
export function zoneLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const a = Math.abs(offsetMinutes);
  return `UTC${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/**
 * Rounded ticks covering [lo, hi]: steps of 1, 2 or 5 times a power of ten, about `count` of
 * them, and the decimals their labels need.
 *
 * @example niceTicks(0, 937, 5) // { values: [0, 200, 400, 600, 800, 1000], decimals: 0 }
 */
export function niceTicks(lo: number, hi: number, count = 5): { values: number[]; decimals: number } {
  if (!(hi > lo)) {
    hi = lo + 1;
  }
  // The smallest step of 1, 2 or 5 times a power of ten that needs at most count + 1 intervals.
  let power = 10 ** Math.floor(Math.log10((hi - lo) / Math.max(1, count))) / 10;
  let step = power;
  for (let k = 0; ; k++) {
    step = [1, 2, 5][k % 3]! * power;
    if (Math.ceil(hi / step - 1e-9) - Math.floor(lo / step + 1e-9) <= count + 1) break;
    if (k % 3 === 2) power *= 10;
  }
  const start = Math.floor(lo / step + 1e-9) * step;
  const end = Math.ceil(hi / step - 1e-9) * step;
  const values: number[] = [];
  for (let i = 0; start + i * step <= end + step / 2; i++) {
    const v = start + i * step;
    values.push(Math.abs(v) < step / 1e6 ? 0 : Number(v.toPrecision(12)));
  }
  return { values, decimals: Math.max(0, -Math.floor(Math.log10(step) + 1e-9)) };
}

/** Text of a tick value with the decimals of its ticks (no `-0`). */
function tickText(v: number, decimals: number): string {
  const t = v.toFixed(decimals);
  return /^-0(\.0*)?$/.test(t) ? t.slice(1) : t;
}

const HOUR = 3600;
const DAY = 86400;

/** Ticks along a time axis in local time (offset minutes east of UTC): instants and labels. */
export function timeTicks(
  t0: number,
  t1: number,
  offsetMinutes: number,
  maxTicks = 8,
): { at: number[]; labels: string[] } {
  const shift = offsetMinutes * 60;
  const span = t1 - t0;
  const pad = (n: number): string => String(n).padStart(2, '0');
  const local = (t: number): Date => new Date((t + shift) * 1000);
  const at: number[] = [];
  const labels: string[] = [];
  if (span > 45 * DAY) {
    // Months: the first of each local month (every third one past 400 days).
    const every = span > 400 * DAY ? 3 : 1;
    const d = local(t0);
    let y = d.getUTCFullYear();
    let m = d.getUTCMonth();
    for (;;) {
      const t = Date.UTC(y, m, 1) / 1000 - shift;
      if (t >= t1) break; // the right edge needs no month of its own (a year ends where the next begins)
      if (t >= t0 && m % every === 0) {
        at.push(t);
        labels.push(every > 1 && m === 0 ? `${MONTHS[m]} ${y}` : MONTHS[m]!);
      }
      if (++m > 11) {
        m = 0;
        y++;
      }
    }
    return { at, labels };
  }
  const steps = [HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY];
  const step = steps.find((s) => span / s <= maxTicks) ?? 14 * DAY;
  // Local midnight-aligned multiples of the step.
  for (let t = Math.ceil((t0 + shift) / step) * step - shift; t <= t1; t += step) {
    const d = local(t);
    const midnight = d.getUTCHours() === 0 && d.getUTCMinutes() === 0;
    at.push(t);
    labels.push(
      step >= DAY || midnight
        ? `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
        : `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
    );
  }
  return { at, labels };
}

/** The numeric columns of a table grouped by unit, in the order their first column appears. */
function byUnit(
  table: SeriesTable,
): { unit: string; columns: { name: string; values: Float64Array; color: string }[] }[] {
  const groups: { unit: string; columns: { name: string; values: Float64Array; color: string }[] }[] = [];
  let k = 0;
  for (const c of table.columns) {
    if (!(c.values instanceof Float64Array)) continue;
    const unit = c.unit ?? '';
    let g = groups.find((x) => x.unit === unit);
    if (!g) {
      g = { unit, columns: [] };
      groups.push(g);
    }
    g.columns.push({ name: c.name, values: c.values, color: PALETTE[k++ % PALETTE.length]! });
  }
  return groups;
}

const PAD = { l: 64, r: 16, t: 10, b: 8 };
const PANEL_HEIGHT = 170;
const AXIS_HEIGHT = 34;

/**
 * The series as an SVG line chart: one panel per unit, each with its own y axis (rounded ticks,
 * the unit as its title), sharing one time axis labelled in the response's time zone, and a
 * legend of every series with its unit. Long series are drawn as the minimum and maximum of each
 * pixel column, so that a year of hours keeps its daily swing instead of an aliased sample.
 *
 * @example svgChart(table).startsWith('<svg class="chart"') // true
 */
export function svgChart(table: SeriesTable, width = 900): string {
  const n = table.periodEnd.length;
  const groups = byUnit(table);
  if (n === 0 || groups.length === 0) {
    return `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="${width}" height="60" role="img" aria-label="no data"><text x="10" y="30">No numeric data to chart.</text></svg>`;
  }
  // The axis spans the periods: from the start of the first to the end of the last.
  let t0 = Infinity,
    t1 = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = table.periodEnd[i]!;
    if (t < t0) t0 = t;
    if (t > t1) t1 = t;
  }
  t0 -= table.periodSeconds;
  const W = width - PAD.l - PAD.r;
  const sx = (t: number): number => PAD.l + ((t - t0) / (t1 - t0)) * W;
  // Time order whatever the response order (live responses are newest first).
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => table.periodEnd[a]! - table.periodEnd[b]!);
  const buckets = Math.min(n, Math.round(W));
  const ticks = timeTicks(t0, t1, table.offsetMinutes);
  const legendRows = Math.ceil(groups.reduce((s, g) => s + g.columns.length, 0) / 4);
  const height = PAD.t + groups.length * PANEL_HEIGHT + AXIS_HEIGHT + legendRows * 18 + PAD.b;
  const parts: string[] = [];
  groups.forEach((g, p) => {
    const top = PAD.t + p * PANEL_HEIGHT;
    const H = PANEL_HEIGHT - 22;
    let lo = Infinity,
      hi = -Infinity;
    for (const c of g.columns)
      for (let i = 0; i < n; i++) {
        const v = c.values[i]!;
        if (v === v) {
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
      }
    if (!(lo <= hi)) {
      lo = 0;
      hi = 1;
    }
    if (lo > 0 && lo < (hi - lo) * 0.5) lo = 0; // irradiance and power: from zero
    const y = niceTicks(lo, hi, 4);
    const y0 = y.values[0]!,
      y1 = y.values[y.values.length - 1]!;
    const sy = (v: number): number => top + (1 - (v - y0) / (y1 - y0)) * H;
    const label = unitLabel(g.unit) || 'value';
    let s = `<g class="panel" data-unit="${escapeHtml(g.unit)}"><rect x="${PAD.l}" y="${top}" width="${W}" height="${H}" fill="#fafafa" stroke="#999"/>`;
    s += `<g class="y-axis">`;
    for (const v of y.values) {
      const yy = sy(v).toFixed(1);
      s += `<line x1="${PAD.l}" x2="${PAD.l + W}" y1="${yy}" y2="${yy}" stroke="#e2e2e2"/><text x="${PAD.l - 6}" y="${(sy(v) + 4).toFixed(1)}" text-anchor="end" font-size="11">${tickText(v, y.decimals)}</text>`;
    }
    s += `<text class="axis-title" transform="translate(14 ${(top + H / 2).toFixed(1)}) rotate(-90)" text-anchor="middle" font-size="12">${escapeHtml(label)}</text></g>`;
    for (const t of ticks.at)
      s += `<line x1="${sx(t).toFixed(1)}" x2="${sx(t).toFixed(1)}" y1="${top}" y2="${top + H}" stroke="#eee"/>`;
    for (const c of g.columns) {
      let d = '';
      let pen = false;
      const emit = (i: number, v: number): void => {
        d += `${pen ? 'L' : 'M'}${sx(table.periodEnd[i]!).toFixed(1)},${sy(v).toFixed(1)}`;
        pen = true;
      };
      for (let b = 0; b < buckets; b++) {
        const from = Math.floor((b * n) / buckets),
          to = Math.floor(((b + 1) * n) / buckets);
        if (to - from === 1) {
          const i = order[from]!;
          const v = c.values[i]!;
          if (v === v) emit(i, v);
          else pen = false;
          continue;
        }
        let iMin = -1,
          iMax = -1;
        for (let k = from; k < to; k++) {
          const i = order[k]!;
          const v = c.values[i]!;
          if (v !== v) continue;
          if (iMin < 0 || v < c.values[iMin]!) iMin = i;
          if (iMax < 0 || v > c.values[iMax]!) iMax = i;
        }
        if (iMin < 0) {
          pen = false;
          continue;
        }
        const [a, z] = table.periodEnd[iMin]! <= table.periodEnd[iMax]! ? [iMin, iMax] : [iMax, iMin];
        emit(a, c.values[a]!);
        if (z !== a) emit(z, c.values[z]!);
      }
      s += `<path class="series" data-name="${escapeHtml(c.name)}" data-unit="${escapeHtml(g.unit)}" d="${d}" fill="none" stroke="${c.color}" stroke-width="1.3"/>`;
    }
    parts.push(`${s}</g>`);
  });
  const axisY = PAD.t + groups.length * PANEL_HEIGHT - 22;
  let axis = `<g class="x-axis">`;
  ticks.at.forEach((t, k) => {
    axis += `<line x1="${sx(t).toFixed(1)}" x2="${sx(t).toFixed(1)}" y1="${axisY}" y2="${axisY + 5}" stroke="#666"/><text x="${sx(t).toFixed(1)}" y="${axisY + 17}" text-anchor="middle" font-size="11">${escapeHtml(ticks.labels[k]!)}</text>`;
  });
  axis += `<text class="axis-title" x="${PAD.l + W / 2}" y="${axisY + 31}" text-anchor="middle" font-size="12">period_end (${zoneLabel(table.offsetMinutes)})</text></g>`;
  let legend = `<g class="legend">`;
  let k = 0;
  for (const g of groups) {
    for (const c of g.columns) {
      const x = PAD.l + (k % 4) * Math.floor(W / 4),
        yy = axisY + AXIS_HEIGHT + 12 + Math.floor(k / 4) * 18;
      legend += `<g class="legend-item"><rect x="${x}" y="${yy - 9}" width="14" height="4" fill="${c.color}"/><text x="${x + 18}" y="${yy}" font-size="12">${escapeHtml(c.name)}${g.unit ? ` (${escapeHtml(unitLabel(g.unit))})` : ''}</text></g>`;
      k++;
    }
  }
  legend += `</g>`;
  return (
    `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="chart of the series, one panel per unit">` +
    `${parts.join('')}${axis}${legend}</svg>`
  );
}

/** One series of monthly values for the bar chart. */
export interface MonthlyBars {
  name: string;
  unit: string;
  /** Value per month, in the order of `months`. */
  values: number[];
}

/**
 * Monthly totals as grouped bars, one panel per unit (kWh/m² and kWh never share an axis).
 *
 * @param months labels of the months (`Jan`, or `Jan 2059` when the series spans years)
 */
export function svgMonthlyBars(months: readonly string[], series: readonly MonthlyBars[], width = 900): string {
  const units = [...new Set(series.map((s) => s.unit))];
  const H = 150;
  const W = width - PAD.l - PAD.r;
  const height = PAD.t + units.length * (H + 40) + 20;
  const slot = W / Math.max(1, months.length);
  const parts: string[] = [];
  let colorIndex = 0;
  units.forEach((unit, p) => {
    const top = PAD.t + p * (H + 40);
    const group = series.filter((s) => s.unit === unit);
    const hi = Math.max(0, ...group.flatMap((s) => s.values.filter((v) => Number.isFinite(v))));
    const y = niceTicks(0, hi > 0 ? hi : 1, 4);
    const y1 = y.values[y.values.length - 1]!;
    const sy = (v: number): number => top + (1 - v / y1) * H;
    let s = `<g class="panel" data-unit="${escapeHtml(unit)}"><rect x="${PAD.l}" y="${top}" width="${W}" height="${H}" fill="#fafafa" stroke="#999"/><g class="y-axis">`;
    for (const v of y.values) {
      s += `<line x1="${PAD.l}" x2="${PAD.l + W}" y1="${sy(v).toFixed(1)}" y2="${sy(v).toFixed(1)}" stroke="#e2e2e2"/><text x="${PAD.l - 6}" y="${(sy(v) + 4).toFixed(1)}" text-anchor="end" font-size="11">${tickText(v, y.decimals)}</text>`;
    }
    s += `<text class="axis-title" transform="translate(14 ${(top + H / 2).toFixed(1)}) rotate(-90)" text-anchor="middle" font-size="12">${escapeHtml(unitLabel(unit))}</text></g>`;
    const bw = (slot * 0.8) / group.length;
    group.forEach((g, j) => {
      const color = PALETTE[colorIndex++ % PALETTE.length]!;
      g.values.forEach((v, m) => {
        if (!Number.isFinite(v)) return;
        const x = PAD.l + m * slot + slot * 0.1 + j * bw;
        s += `<rect class="bar" data-name="${escapeHtml(g.name)}" data-month="${escapeHtml(months[m]!)}" x="${x.toFixed(1)}" y="${sy(v).toFixed(1)}" width="${bw.toFixed(1)}" height="${(top + H - sy(v)).toFixed(1)}" fill="${color}"><title>${escapeHtml(`${g.name} ${months[m]}: ${v.toFixed(1)} ${unitLabel(unit)}`)}</title></rect>`;
      });
      s += `<g class="legend-item"><rect x="${PAD.l + 8 + j * 200}" y="${top + 8}" width="10" height="10" fill="${color}"/><text x="${PAD.l + 22 + j * 200}" y="${top + 17}" font-size="12">${escapeHtml(g.name)} (${escapeHtml(unitLabel(unit))})</text></g>`;
    });
    months.forEach((label, m) => {
      s += `<text x="${(PAD.l + (m + 0.5) * slot).toFixed(1)}" y="${top + H + 15}" text-anchor="middle" font-size="11">${escapeHtml(label)}</text>`;
    });
    parts.push(`${s}</g>`);
  });
  return `<svg class="monthly" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="monthly totals">${parts.join('')}</svg>`;
}
