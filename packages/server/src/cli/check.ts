/**
 * `solarkit check <file>`: the quality of a weather file's irradiance. Reads any file the readers
 * read (EPW, TMY2, TMY3, PSM3/PSM4, PVGIS TMY, the API's CSV), computes the sun at the middle of
 * each period (SPA) and the extraterrestrial irradiance, flags GHI, DHI and DNI against the
 * BSRN / QCRad limits (physically possible and extremely rare), the closure GHI = DNI cos z + DHI
 * and the diffuse fraction (src/irradiance/quality.ts), and prints per month the count of points
 * and of each flag; `--html OUT` writes the flagged points as a chart.
 */
import { writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import {
  type FilePlaceHint,
  QCRAD_LIMITS,
  QC_FLAG,
  type QcradComponentLimits,
  type WeatherSeries,
  diffuseFractionFlags,
  extraterrestrialRadiation,
  guessPlaceFromName,
  irradianceClosureFlags,
  irradianceLimitFlags,
  readWeatherFile,
  solarPositionSpa,
} from 'solarkit';
import { readWeatherText } from 'solarkit/node';
import { escapeHtml, niceTicks } from '../formats/chart.js';
import { type CliIo, iso } from './io.js';
import { readFailure } from './weather-import.js';

/** What `solarkit check` was asked. */
export interface CheckCommandOptions {
  /** The weather file. */
  file: string;
  /** The place, for a file that does not say (with its time zone, hours east of UTC). */
  hint?: FilePlaceHint;
  /** Write a chart of the flagged points to this HTML file. */
  html?: string;
}

const COMPONENTS = ['ghi', 'dhi', 'dni'] as const;

/** The tests, in the order of the table's columns. */
const TESTS = [
  'ghi_ppl',
  'ghi_erl',
  'dhi_ppl',
  'dhi_erl',
  'dni_ppl',
  'dni_erl',
  'closure',
  'diffuse_fraction',
] as const;
type TestName = (typeof TESTS)[number];

/** The checked series: its sun, and each test's flags where the file has the columns it needs. */
export interface CheckedSeries {
  series: WeatherSeries;
  /** Middle of each period, Unix s. */
  middle: Float64Array;
  zenith: Float64Array;
  dniExtra: Float64Array;
  flags: Partial<Record<TestName, Uint8Array>>;
}

/** Flags every test the file's columns allow. */
export function checkSeries(series: WeatherSeries): CheckedSeries {
  const n = series.periodEnd.length;
  const middle = new Float64Array(n);
  for (let i = 0; i < n; i++) middle[i] = series.periodEnd[i]! - series.periodSeconds / 2;
  const sun = solarPositionSpa({
    unixSeconds: middle,
    latitude: series.latitude,
    longitude: series.longitude,
    ...(Number.isFinite(series.elevation) ? { elevation: series.elevation } : {}),
  });
  const zenith = sun.zenith;
  const dniExtra = extraterrestrialRadiation(middle);
  const { ghi, dhi, dni } = series.columns;
  const flags: CheckedSeries['flags'] = {};
  if (ghi !== undefined || dhi !== undefined || dni !== undefined) {
    const input = { solarZenith: zenith, dniExtra, ghi, dhi, dni };
    const possible = irradianceLimitFlags(input, { limits: 'physical' });
    const rare = irradianceLimitFlags(input, { limits: 'extreme' });
    for (const c of COMPONENTS) {
      if (possible[c] !== undefined) flags[`${c}_ppl`] = possible[c];
      if (rare[c] !== undefined) flags[`${c}_erl`] = rare[c];
    }
  }
  if (ghi !== undefined && dhi !== undefined && dni !== undefined)
    flags.closure = irradianceClosureFlags({ solarZenith: zenith, ghi, dhi, dni });
  if (ghi !== undefined && dhi !== undefined)
    flags.diffuse_fraction = diffuseFractionFlags({ solarZenith: zenith, ghi, dhi });
  return { series, middle, zenith, dniExtra, flags };
}

/** The counts of one month: points, and the points each test flags (low or high). */
interface MonthCounts {
  label: string;
  points: number;
  flagged: Record<TestName, number>;
}

/**
 * Counts per month of the file's local standard time (UTC when the file does not say): a
 * typical year's months are labelled by month alone (its rows come from different years).
 */
export function monthlyCounts(checked: CheckedSeries): MonthCounts[] {
  const { series, middle, flags } = checked;
  const shift = Number.isFinite(series.timeZone) ? series.timeZone * 3600 : 0;
  const months = new Map<string, MonthCounts>();
  const order: MonthCounts[] = [];
  for (let i = 0; i < middle.length; i++) {
    const d = new Date((middle[i]! + shift) * 1000);
    const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
    const label = series.typical ? mm : `${d.getUTCFullYear()}-${mm}`;
    let m = months.get(label);
    if (m === undefined) {
      m = { label, points: 0, flagged: Object.fromEntries(TESTS.map((t) => [t, 0])) as Record<TestName, number> };
      months.set(label, m);
      order.push(m);
    }
    m.points++;
    for (const t of TESTS) {
      const f = flags[t]?.[i];
      if (f === QC_FLAG.low || f === QC_FLAG.high) m.flagged[t]++;
    }
  }
  return series.typical ? order.sort((a, b) => a.label.localeCompare(b.label)) : order;
}

/** Reads and checks a weather file, prints the table, writes the chart when asked; the exit code. */
export function checkCommand(options: CheckCommandOptions, io: CliIo): number {
  const { file } = options;
  const path = resolve(file);
  let text: string;
  try {
    text = readWeatherText(path);
  } catch (e) {
    io.err(`error: cannot read ${file}: ${readFailure(e)}`);
    return 1;
  }
  let series: WeatherSeries;
  try {
    const guess = guessPlaceFromName(basename(path));
    series = readWeatherFile(text, { latitude: guess?.latitude, longitude: guess?.longitude, ...options.hint });
  } catch (e) {
    const message = (e as Error).message;
    if (/format not recognised|not a PVGIS TMY JSON/.test(message))
      io.err(
        `error: ${file}: unknown weather file format; expected EPW, TMY2, NSRDB TMY3, NSRDB PSM3, PVGIS TMY (CSV or JSON) or the API's CSV`,
      );
    else if (/place is unknown|give (the )?latitude|give latitude/i.test(message))
      io.err(`error: ${file} does not say where it was measured; give --latitude and --longitude (and --time-zone)`);
    else io.err(`error: ${file}: ${message}`);
    return 1;
  }
  if (series.periodEnd.length === 0) {
    io.err(`error: ${file}: no rows`);
    return 1;
  }
  const { ghi, dhi, dni } = series.columns;
  if (ghi === undefined && dhi === undefined && dni === undefined) {
    io.err(`error: ${file}: no irradiance columns (GHI, DHI or DNI) to check`);
    return 1;
  }
  const checked = checkSeries(series);
  const months = monthlyCounts(checked);
  const present = TESTS.filter((t) => checked.flags[t] !== undefined);
  const zone = Number.isFinite(series.timeZone)
    ? `UTC${series.timeZone >= 0 ? '+' : ''}${series.timeZone}`
    : 'UTC (the file gives no time zone)';
  io.out(
    `${file}: ${series.format}, ${series.latitude}, ${series.longitude}, ${series.typical ? 'a typical year' : `${iso(series.periodEnd[0]!)} .. ${iso(series.periodEnd[series.periodEnd.length - 1]!)}`}, every ${series.periodSeconds / 60} min; months in ${zone}`,
  );
  io.out(['month', 'points', ...TESTS].join('\t'));
  const total: MonthCounts = {
    label: 'total',
    points: 0,
    flagged: Object.fromEntries(TESTS.map((t) => [t, 0])) as Record<TestName, number>,
  };
  for (const m of [...months, total]) {
    if (m !== total) {
      total.points += m.points;
      for (const t of TESTS) total.flagged[t] += m.flagged[t];
    }
    io.out(
      [m.label, String(m.points), ...TESTS.map((t) => (present.includes(t) ? String(m.flagged[t]) : '-'))].join('\t'),
    );
  }
  io.out(
    'flags: _ppl outside the physically possible limits, _erl outside the extremely rare limits (BSRN/QCRad, Long and Shi 2008);' +
      ' closure: GHI off DNI cos z + DHI by more than 8 % (zenith < 75) or 15 % (75-93); diffuse_fraction: DHI/GHI above 1.05 or 1.10;' +
      ' - : the file lacks a column the test needs',
  );
  if (options.html !== undefined) {
    try {
      writeFileSync(options.html, checkHtml(checked, basename(file)));
    } catch (e) {
      io.err(`error: cannot write ${options.html}: ${readFailure(e)}`);
      return 1;
    }
    io.out(`chart: ${options.html}`);
  }
  return 0;
}

const COLOR = { pass: '#c8c8c8', rare: '#ff7f0e', possible: '#d62728', limitRare: '#ff7f0e', limitPossible: '#d62728' };

/** One scatter panel: points (x, y) coloured by class, curves, axes. */
function scatterPanel(
  title: string,
  yLabel: string,
  points: { x: number; y: number; color: string }[],
  curves: { x: number[]; y: number[]; color: string; dash?: string }[],
  yRange: [number, number],
): string {
  const W = 900;
  const H = 320;
  const left = 60;
  const right = 20;
  const top = 28;
  const bottom = 40;
  const xTicks = niceTicks(0, 95, 10);
  const yTicks = niceTicks(yRange[0], yRange[1], 6);
  const x0 = xTicks.values[0]!;
  const x1 = xTicks.values[xTicks.values.length - 1]!;
  const y0 = yTicks.values[0]!;
  const y1 = yTicks.values[yTicks.values.length - 1]!;
  const sx = (x: number) => left + ((x - x0) / (x1 - x0)) * (W - left - right);
  const sy = (y: number) => H - bottom - ((y - y0) / (y1 - y0)) * (H - top - bottom);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<text x="${left}" y="18" font-weight="bold">${escapeHtml(title)}</text>`,
    `<line x1="${left}" y1="${H - bottom}" x2="${W - right}" y2="${H - bottom}" stroke="#333"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${H - bottom}" stroke="#333"/>`,
  ];
  for (const v of xTicks.values)
    out.push(
      `<text x="${sx(v).toFixed(1)}" y="${H - bottom + 16}" text-anchor="middle">${v.toFixed(xTicks.decimals)}</text>`,
    );
  out.push(`<text x="${(W + left) / 2}" y="${H - 6}" text-anchor="middle">solar zenith (°)</text>`);
  for (const v of yTicks.values) {
    out.push(
      `<line x1="${left}" y1="${sy(v).toFixed(1)}" x2="${W - right}" y2="${sy(v).toFixed(1)}" stroke="#eee"/>`,
      `<text x="${left - 6}" y="${(sy(v) + 4).toFixed(1)}" text-anchor="end">${v.toFixed(yTicks.decimals)}</text>`,
    );
  }
  out.push(
    `<text transform="translate(14 ${(top + H - bottom) / 2}) rotate(-90)" text-anchor="middle">${escapeHtml(yLabel)}</text>`,
  );
  const clip = (y: number) => (y < y0 ? y0 : y > y1 ? y1 : y);
  // Passing points first, so that the flagged ones are drawn over them.
  for (const color of [COLOR.pass, COLOR.rare, COLOR.possible]) {
    const d: string[] = [];
    for (const p of points) if (p.color === color) d.push(`M${sx(p.x).toFixed(1)} ${sy(clip(p.y)).toFixed(1)}h0`);
    if (d.length > 0)
      out.push(`<path d="${d.join('')}" stroke="${color}" stroke-width="3" stroke-linecap="round" fill="none"/>`);
  }
  for (const c of curves) {
    const d = c.x.map((x, i) => `${i === 0 ? 'M' : 'L'}${sx(x).toFixed(1)} ${sy(clip(c.y[i]!)).toFixed(1)}`).join('');
    out.push(
      `<path d="${d}" stroke="${c.color}" fill="none" stroke-width="1.5"${c.dash ? ` stroke-dasharray="${c.dash}"` : ''}/>`,
    );
  }
  out.push('</svg>');
  return out.join('\n');
}

/** Upper limit of one component at zenith z (degrees) for extraterrestrial irradiance sa. */
function upperLimit(lim: QcradComponentLimits, sa: number, z: number): number {
  const mu = Math.cos((z * Math.PI) / 180);
  return lim.mult * sa * (mu > 0 ? mu : 0) ** lim.exp + lim.min;
}

/**
 * The HTML page of `--html`: per component, its values against the zenith with the flagged points
 * in colour (orange outside the extremely rare limits, red outside the physically possible ones)
 * and the two upper limits at the year's mean extraterrestrial irradiance; then the closure ratio
 * GHI / (DNI cos z + DHI) with its bounds. Rows with the sun more than 95 degrees down are left out.
 */
export function checkHtml(checked: CheckedSeries, title: string): string {
  const { series, zenith, dniExtra, flags } = checked;
  let sa = 0;
  for (let i = 0; i < dniExtra.length; i++) sa += dniExtra[i]!;
  sa /= dniExtra.length;
  const zs = Array.from({ length: 96 }, (_, i) => i);
  const panels: string[] = [];
  const counts: string[] = [];
  for (const c of COMPONENTS) {
    const values = series.columns[c];
    const possible = flags[`${c}_ppl`];
    const rare = flags[`${c}_erl`];
    if (values === undefined || possible === undefined || rare === undefined) continue;
    const points: { x: number; y: number; color: string }[] = [];
    let hi = 0;
    let lo = 0;
    let flagged = 0;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (!(zenith[i]! <= 95) || v !== v) continue;
      const isPossible = possible[i] === QC_FLAG.low || possible[i] === QC_FLAG.high;
      const isRare = rare[i] === QC_FLAG.low || rare[i] === QC_FLAG.high;
      if (isRare) flagged++;
      points.push({ x: zenith[i]!, y: v, color: isPossible ? COLOR.possible : isRare ? COLOR.rare : COLOR.pass });
      if (v > hi) hi = v;
      if (v < lo) lo = v;
    }
    const curves = [
      { x: zs, y: zs.map((z) => upperLimit(QCRAD_LIMITS.physical[c], sa, z)), color: COLOR.limitPossible },
      { x: zs, y: zs.map((z) => upperLimit(QCRAD_LIMITS.extreme[c], sa, z)), color: COLOR.limitRare, dash: '6 3' },
    ];
    // The whole of the physically possible limit in view, and the lowest value with a margin.
    const top = Math.max(hi, upperLimit(QCRAD_LIMITS.physical[c], sa, 0)) * 1.02;
    const bottom = Math.min(lo, 0) - 0.03 * top;
    panels.push(
      scatterPanel(`${c.toUpperCase()}: ${flagged} points flagged`, `${c.toUpperCase()} (W/m²)`, points, curves, [
        bottom,
        top,
      ]),
    );
    counts.push(`${c.toUpperCase()} ${flagged}`);
  }
  const closure = flags.closure;
  const { ghi, dhi, dni } = series.columns;
  if (closure !== undefined && ghi !== undefined && dhi !== undefined && dni !== undefined) {
    const points: { x: number; y: number; color: string }[] = [];
    let flagged = 0;
    for (let i = 0; i < closure.length; i++) {
      if (closure[i] === QC_FLAG.untested) continue;
      const sum = dni[i]! * Math.cos((zenith[i]! * Math.PI) / 180) + dhi[i]!;
      const bad = closure[i] !== QC_FLAG.pass;
      if (bad) flagged++;
      points.push({ x: zenith[i]!, y: ghi[i]! / sum, color: bad ? COLOR.possible : COLOR.pass });
    }
    const band = (lo75: number, lo93: number) => ({
      x: [0, 75, 75, 93],
      y: [lo75, lo75, lo93, lo93],
      color: '#333',
      dash: '4 3',
    });
    panels.push(
      scatterPanel(
        `Closure GHI / (DNI cos z + DHI): ${flagged} points flagged`,
        'ratio',
        points,
        [band(0.92, 0.85), band(1.08, 1.15)],
        [0.5, 1.5],
      ),
    );
    counts.push(`closure ${flagged}`);
  }
  const place = `${series.format}, ${series.latitude}, ${series.longitude}${series.typical ? ', a typical year' : ''}`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>solarkit check: ${escapeHtml(title)}</title></head>
<body style="font-family: sans-serif">
<h1>solarkit check: ${escapeHtml(title)}</h1>
<p>${escapeHtml(place)}; flagged: ${escapeHtml(counts.join(', '))}. Grey: passes; orange: outside the extremely rare limits;
red: outside the physically possible limits (BSRN / QCRad: Long and Shi 2008, Long and Dutton, BSRN QC tests V2.0). Curves: the upper limits
at the mean extraterrestrial irradiance, ${sa.toFixed(0)} W/m².</p>
${panels.join('\n')}
</body></html>
`;
}
