/**
 * Fits the two small relations of the measured climate (src/weather/normals.ts) on the real
 * typical years of the data directory's weather/calibration, and reports their in-sample and
 * cross-validated pass counts (leave-one-out and 10-fold):
 *
 * - TEMPERATURE_CORRECTION: real monthly mean T - downscaled grid T = a + b cont + (c + d land) x
 *   (grid T - its annual mean), ordinary least squares over all place-months;
 * - CLEARNESS_COEFFICIENTS: logit Kt = c0 + c1 ln(P + 0.3) + c2 |lat|/30 + c3 exp(-(lat/15)^2)
 *   + c4 land + c5 range/10, least squares over all place-months weighted by the month's
 *   clear-sky GHI (range: the annual range of the corrected monthly temperatures).
 *
 * Pass, as in the issue: annual GHI within 8 % and monthly mean T within 2.5 C in >= 10 months.
 * The annual GHI here is the relation's (monthly Kt x extraterrestrial, through the clear-sky index
 * bounds 0.3..0.98); the served model reproduces it within about 1 % (docs/weather.md).
 *
 *   npx tsx scripts/calibrate-climate.ts [--train <dir of .epw>]... [--holdout <dir of .epw>]...
 *
 * `--train` adds real typical years from other directories to the fit (files a user or the lead
 * holds; none is in the repository), `--holdout` reports the counts of the fitted relations on
 * files they never saw.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { climateGrids } from '../src/node/climate-grids.js';
import { dataFilePath } from '../src/node/data-dir.js';
import { landFraction } from '../src/node/elevation.js';
import { placeInfo } from '../src/node/weather-files.js';
import { climateNormalsAt, gridTemperatureAtSite } from '../src/weather/normals.js';
import { readEpw } from '../src/weather/readers/index.js';
import { skyAtInstants, stationPressure } from '../src/weather/sky.js';
import { calibrationFiles } from './weather-table.js';

/** What the fits need of one calibration place. */
interface Place {
  file: string;
  latitude: number;
  continentality: number;
  land: number;
  /** downscaled grid temperature before the correction, C */
  rawT: Float64Array;
  precipitation: Float64Array;
  realT: Float64Array;
  /** monthly sums, kWh/m2: real GHI, clear-sky GHI and extraterrestrial horizontal */
  ghi: Float64Array;
  clear: Float64Array;
  extra: Float64Array;
}

function loadPlace(path: string): Place {
  const file = basename(path);
  const s = readEpw(readFileSync(path, 'utf8'));
  const n = s.periodEnd.length;
  const mid = new Float64Array(n);
  for (let i = 0; i < n; i++) mid[i] = s.periodEnd[i]! - s.periodSeconds / 2;
  const sky = skyAtInstants(mid, s.latitude, s.longitude, s.elevation, stationPressure(s.elevation), 12, false);
  const ghi = new Float64Array(12), clear = new Float64Array(12), extra = new Float64Array(12), realT = new Float64Array(12), count = new Float64Array(12);
  const h = s.periodSeconds / 3600 / 1000;
  for (let i = 0; i < n; i++) {
    const m = new Date(mid[i]! * 1000).getUTCMonth();
    ghi[m] += s.columns.ghi![i]! * h;
    clear[m] += sky.clearskyGhi[i]! * h;
    extra[m] += Math.max(0, sky.dniExtra[i]! * Math.cos((sky.zenith[i]! * Math.PI) / 180)) * h;
    realT[m] += s.columns.air_temp![i]!;
    count[m]++;
  }
  for (let m = 0; m < 12; m++) realT[m] /= count[m]!;
  const { continentality } = placeInfo(s.latitude, s.longitude);
  const land = landFraction(s.latitude, s.longitude, 1);
  const site = { latitude: s.latitude, longitude: s.longitude, elevation: s.elevation, continentality, landShare: land };
  const grids = climateGrids();
  return { file, latitude: s.latitude, continentality, land, rawT: gridTemperatureAtSite(grids, site), precipitation: climateNormalsAt(grids, site).precipitation, realT, ghi, clear, extra };
}

/** Weighted least squares by the normal equations (a handful of unknowns). */
function leastSquares(rows: number[][], y: number[], w?: number[]): number[] {
  const k = rows[0]!.length;
  const a = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  rows.forEach((r, i) => {
    const wi = w ? w[i]! : 1;
    for (let p = 0; p < k; p++) {
      for (let q = 0; q < k; q++) a[p]![q] += wi * r[p]! * r[q]!;
      a[p]![k] += wi * r[p]! * y[i]!;
    }
  });
  for (let c = 0; c < k; c++) {
    let best = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[best]![c]!)) best = r;
    [a[c], a[best]] = [a[best]!, a[c]!];
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let q = c; q <= k; q++) a[r]![q] -= f * a[c]![q]!;
    }
  }
  return a.map((row, i) => row[k]! / row[i]!);
}

const anomaly = (t: Float64Array, m: number): number => t[m]! - t.reduce((s, v) => s + v, 0) / 12;
const tempRow = (p: Place, m: number): number[] => [1, p.continentality, anomaly(p.rawT, m), anomaly(p.rawT, m) * p.land];

function correctedT(p: Place, b: number[]): Float64Array {
  return Float64Array.from(p.rawT, (_, m) => p.rawT[m]! + tempRow(p, m).reduce((s, x, i) => s + x * b[i]!, 0));
}

function clearRow(p: Place, m: number, tb: number[]): number[] {
  const t = correctedT(p, tb);
  const range = Math.max(...t) - Math.min(...t);
  return [1, Math.log(Math.max(0, p.precipitation[m]!) + 0.3), Math.abs(p.latitude) / 30, Math.exp(-((p.latitude / 15) ** 2)), p.land, range / 10];
}

function fit(places: Place[]): { t: number[]; k: number[] } {
  const rows: number[][] = [], y: number[] = [];
  for (const p of places) for (let m = 0; m < 12; m++) { rows.push(tempRow(p, m)); y.push(p.realT[m]! - p.rawT[m]!); }
  const t = leastSquares(rows, y);
  const kr: number[][] = [], ky: number[] = [], kw: number[] = [];
  for (const p of places) {
    const meanClear = p.clear.reduce((s, v) => s + v, 0) / 12;
    for (let m = 0; m < 12; m++) {
      const kt = Math.min(0.98, Math.max(0.05, p.ghi[m]! / p.extra[m]!));
      kr.push(clearRow(p, m, t));
      ky.push(Math.log(kt / (1 - kt)));
      kw.push(p.clear[m]! / meanClear);
    }
  }
  return { t, k: leastSquares(kr, ky, kw) };
}

/** Annual GHI error and months within 2.5 C of a place under fitted coefficients. */
function score(p: Place, c: { t: number[]; k: number[] }): { ghiError: number; monthsOk: number } {
  const t = correctedT(p, c.t);
  let model = 0, real = 0, monthsOk = 0;
  for (let m = 0; m < 12; m++) {
    const z = clearRow(p, m, c.t).reduce((s, x, i) => s + x * c.k[i]!, 0);
    const kc = Math.min(0.98, Math.max(0.3, (p.extra[m]! / (1 + Math.exp(-z))) / p.clear[m]!));
    model += kc * p.clear[m]!;
    real += p.ghi[m]!;
    if (Math.abs(t[m]! - p.realT[m]!) <= 2.5) monthsOk++;
  }
  return { ghiError: model / real - 1, monthsOk };
}

function count(results: Array<{ ghiError: number; monthsOk: number }>): string {
  const ghi = results.filter((r) => Math.abs(r.ghiError) <= 0.08).length;
  const t = results.filter((r) => r.monthsOk >= 10).length;
  const both = results.filter((r) => Math.abs(r.ghiError) <= 0.08 && r.monthsOk >= 10).length;
  const rms = Math.sqrt(results.reduce((s, r) => s + r.ghiError ** 2, 0) / results.length);
  return `both ${both}/${results.length} (GHI within 8 %: ${ghi}, T: ${t}; RMS annual GHI error ${(100 * rms).toFixed(1)} %)`;
}

const isMain = process.argv[1] !== undefined && process.argv[1].endsWith('calibrate-climate.ts');
if (isMain) {
  const dirs = (flag: string): string[] => process.argv.flatMap((a, i) => (a === flag && process.argv[i + 1] !== undefined ? [process.argv[i + 1]!] : []));
  const epws = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.epw')).sort().map((f) => join(dir, f));
  const calibration = calibrationFiles().map((f) => loadPlace(dataFilePath(`weather/calibration/${f}`)));
  const places = [...calibration, ...dirs('--train').flatMap(epws).map(loadPlace)];
  const all = fit(places);
  console.log(`fitted on ${places.length} places`);
  console.log(`TEMPERATURE_CORRECTION = [${all.t.map((x) => x.toFixed(3)).join(', ')}]`);
  console.log(`CLEARNESS_COEFFICIENTS = [${all.k.map((x) => x.toFixed(4)).join(', ')}]`);
  console.log(`in-sample:     ${count(places.map((p) => score(p, all)))}`);
  console.log(`leave-one-out: ${count(places.map((p, i) => score(p, fit(places.filter((_, j) => j !== i)))))}`);
  console.log(`10-fold:       ${count(places.map((p, i) => score(p, fit(places.filter((_, j) => j % 10 !== i % 10)))))}`);
  if (places.length > calibration.length) console.log(`the 50 calibration places under this fit: ${count(calibration.map((p) => score(p, all)))}`);
  for (const dir of dirs('--holdout')) {
    const held = epws(dir).map(loadPlace);
    console.log(`held out (${dir}): ${count(held.map((p) => score(p, all)))}`);
    if (process.argv.includes('--list')) {
      for (const p of held) {
        const r = score(p, all);
        console.log(`  ${p.file.padEnd(48)} lat ${p.latitude.toFixed(1).padStart(6)}  GHI ${(100 * r.ghiError).toFixed(1).padStart(6)} %  T months ${r.monthsOk}`);
      }
    }
  }
}
