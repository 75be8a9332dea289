/**
 * Compares the synthetic weather model with a real weather file: annual GHI and monthly mean
 * air temperature, the model averaged over 2007-2025 at the file's place, and writes a PNG plot
 * of monthly GHI (model bars against the file's).
 *
 *   npx tsx scripts/compare-weather.ts <file> [--lat <deg> --lon <deg> --tz <h>] [--png out.png]
 *
 * Pass criteria of issue 6: annual GHI within 12 %, monthly mean air temperature within 3 C in at
 * least 10 of 12 months. Exit code 1 when they fail.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { PNG } from 'pngjs';
import { landFraction, siteElevation } from '../src/node/elevation.js';
import { continentalityFromLand } from '../src/weather/climate.js';
import { guessPlaceFromName, readWeatherFile } from '../src/weather/readers/index.js';
import { skyAtInstants, stationPressure } from '../src/weather/sky.js';
import { syntheticSource } from '../src/weather/synthetic.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Monthly mean GHI (W/m2) and air temperature (C) of an hourly-or-finer series. */
function monthly(periodEnd: Float64Array, periodSeconds: number, ghi: Float64Array, temp: Float64Array | undefined) {
  const g = new Float64Array(12), t = new Float64Array(12), ng = new Float64Array(12), nt = new Float64Array(12);
  for (let i = 0; i < periodEnd.length; i++) {
    const m = new Date((periodEnd[i]! - periodSeconds / 2) * 1000).getUTCMonth();
    if (Number.isFinite(ghi[i]!)) { g[m] += ghi[i]!; ng[m]++; }
    if (temp && Number.isFinite(temp[i]!)) { t[m] += temp[i]!; nt[m]++; }
  }
  for (let m = 0; m < 12; m++) { g[m] /= ng[m]!; t[m] /= nt[m]!; }
  return { ghi: g, temp: t };
}

/**
 * Mean daily temperature range (C) and the shares of daylight hours that are clear (GHI above
 * 70 % of clear sky) and overcast (below 30 %), clear sky from the project's own model.
 */
function character(periodEnd: Float64Array, periodSeconds: number, ghi: Float64Array, temp: Float64Array | undefined, lat: number, lon: number, elevation: number) {
  const n = periodEnd.length;
  const mid = new Float64Array(n);
  for (let i = 0; i < n; i++) mid[i] = periodEnd[i]! - periodSeconds / 2;
  const sky = skyAtInstants(mid, lat, lon, elevation, stationPressure(elevation), 12, false);
  let clear = 0, overcast = 0, day = 0;
  for (let i = 0; i < n; i++) {
    const cs = sky.clearskyGhi[i]!;
    if (!(cs > 100) || !Number.isFinite(ghi[i]!)) continue;
    day++;
    const k = ghi[i]! / cs;
    if (k > 0.7) clear++;
    else if (k < 0.3) overcast++;
  }
  const ranges = new Map<number, [number, number]>();
  if (temp) for (let i = 0; i < n; i++) {
    const d = Math.floor((mid[i]! + (lon / 15) * 3600) / 86400);
    const t = temp[i]!;
    if (!Number.isFinite(t)) continue;
    const r = ranges.get(d);
    if (r === undefined) ranges.set(d, [t, t]);
    else { if (t < r[0]) r[0] = t; if (t > r[1]) r[1] = t; }
  }
  let dtr = 0;
  for (const [a, b] of ranges.values()) dtr += b - a;
  return { clear: clear / day, overcast: overcast / day, dtr: dtr / Math.max(1, ranges.size) };
}

const DAYS = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const annualKwh = (g: Float64Array): number => g.reduce((s, v, m) => s + (v * DAYS[m]! * 24) / 1000, 0);

export function compareFile(path: string, opts: { lat?: number; lon?: number; tz?: number; png?: string } = {}) {
  const text = readFileSync(path, 'utf8');
  const guess = guessPlaceFromName(basename(path));
  const series = readWeatherFile(text, { latitude: opts.lat ?? guess?.latitude, longitude: opts.lon ?? guess?.longitude, timeZone: opts.tz });
  const lat = series.latitude, lon = series.longitude;
  const elevation = Number.isFinite(series.elevation) ? series.elevation : siteElevation(lat, lon);
  const continentality = continentalityFromLand(lat, lon, landFraction);
  const real = monthly(series.periodEnd, series.periodSeconds, series.columns.ghi!, series.columns.air_temp);

  const start = Date.UTC(2007, 0, 1) / 1000;
  const end = Date.UTC(2026, 0, 1) / 1000;
  const n = Math.round((end - start) / 3600);
  const periodEnd = new Float64Array(n);
  for (let i = 0; i < n; i++) periodEnd[i] = start + (i + 1) * 3600;
  const src = syntheticSource({ samplesPerPeriod: 2 });
  const cols = src.actuals({ latitude: lat, longitude: lon, elevation, continentality, periodEnd, periodSeconds: 3600, parameters: ['ghi', 'air_temp'] });
  const model = monthly(periodEnd, 3600, cols.ghi as Float64Array, cols.air_temp as Float64Array);

  const realAnnual = annualKwh(real.ghi);
  const modelAnnual = annualKwh(model.ghi);
  const ghiError = modelAnnual / realAnnual - 1;
  let monthsOk = 0;
  const rows: string[] = [];
  for (let m = 0; m < 12; m++) {
    const dT = model.temp[m]! - real.temp[m]!;
    if (Math.abs(dT) <= 3) monthsOk++;
    rows.push(`  ${String(m + 1).padStart(2)}  GHI ${real.ghi[m]!.toFixed(0).padStart(4)} / ${model.ghi[m]!.toFixed(0).padStart(4)} W/m2   T ${real.temp[m]!.toFixed(1).padStart(5)} / ${model.temp[m]!.toFixed(1).padStart(5)} C  (${dT >= 0 ? '+' : ''}${dT.toFixed(1)})`);
  }
  const pass = Math.abs(ghiError) <= 0.12 && monthsOk >= 10;
  const cr = character(series.periodEnd, series.periodSeconds, series.columns.ghi!, series.columns.air_temp, lat, lon, elevation);
  const some = 5 * 8760;
  const cm = character(periodEnd.subarray(0, some), 3600, (cols.ghi as Float64Array).subarray(0, some), (cols.air_temp as Float64Array).subarray(0, some), lat, lon, elevation);
  console.log(`${basename(path)} (${series.format}) at ${lat}, ${lon}, ${elevation.toFixed(0)} m, continentality ${continentality.toFixed(2)}`);
  console.log('  month  GHI real / model       T real / model');
  console.log(rows.join('\n'));
  console.log(`  annual GHI real ${realAnnual.toFixed(0)} kWh/m2, model ${modelAnnual.toFixed(0)} kWh/m2 (${(100 * ghiError).toFixed(1)} %); months within 3 C: ${monthsOk}/12 -> ${pass ? 'PASS' : 'FAIL'}`);
  console.log(`  daylight hours clear (kc > 0.7) real ${(100 * cr.clear).toFixed(0)} % / model ${(100 * cm.clear).toFixed(0)} %, overcast (kc < 0.3) ${(100 * cr.overcast).toFixed(0)} % / ${(100 * cm.overcast).toFixed(0)} %; mean daily temperature range ${cr.dtr.toFixed(1)} / ${cm.dtr.toFixed(1)} C (model: 2007-2011)`);
  if (opts.png) writeFileSync(opts.png, plot(real.ghi, model.ghi));
  return { ghiError, monthsOk, pass };
}

/** A bar chart: per month, the file's GHI (grey) and the model's (orange), on a white canvas. */
function plot(real: Float64Array, model: Float64Array): Buffer {
  const W = 640, H = 320, pad = 30;
  const png = new PNG({ width: W, height: H });
  const set = (x: number, y: number, r: number, g: number, b: number) => {
    const i = (W * y + x) << 2;
    png.data[i] = r; png.data[i + 1] = g; png.data[i + 2] = b; png.data[i + 3] = 255;
  };
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) set(x, y, 255, 255, 255);
  const top = Math.max(...real, ...model) * 1.1;
  const slot = (W - 2 * pad) / 12;
  const bar = (m: number, k: number, v: number, c: [number, number, number]) => {
    const x0 = Math.round(pad + m * slot + 4 + k * (slot - 8) / 2);
    const x1 = Math.round(x0 + (slot - 8) / 2 - 1);
    const y0 = Math.round(H - pad - ((H - 2 * pad) * v) / top);
    for (let x = x0; x < x1; x++) for (let y = y0; y < H - pad; y++) set(x, y, ...c);
  };
  for (let m = 0; m < 12; m++) { bar(m, 0, real[m]!, [120, 120, 120]); bar(m, 1, model[m]!, [230, 130, 20]); }
  for (let x = pad; x < W - pad; x++) set(x, H - pad, 0, 0, 0);
  for (let y = pad; y < H - pad; y++) set(pad, y, 0, 0, 0);
  for (let v = 50; v < top; v += 50) { const y = Math.round(H - pad - ((H - 2 * pad) * v) / top); for (let x = pad - 4; x < pad; x++) set(x, y, 0, 0, 0); }
  return PNG.sync.write(png);
}

const isMain = process.argv[1] !== undefined && process.argv[1].endsWith('compare-weather.ts');
if (isMain) {
  const files = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !(all[i - 1] ?? '').startsWith('--'));
  const num = (s: string | undefined) => (s === undefined ? undefined : Number(s));
  let ok = true;
  for (const f of files) {
    const r = compareFile(f, { lat: num(arg('--lat')), lon: num(arg('--lon')), tz: num(arg('--tz')), png: files.length === 1 ? arg('--png') : arg('--png')?.replace(/\.png$/, `-${basename(f)}.png`) });
    ok &&= r.pass;
  }
  process.exitCode = ok ? 0 : 1;
}
