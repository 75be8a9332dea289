/**
 * Fits the sunshine relation of the station normals (SUNSHINE_COEFFICIENTS of
 * src/weather/normals.ts: logit Kt = c0 + c1 S/S0 + c2 z, z the gridded relation's logit Kt) on
 * the 50 real typical years of the data directory's weather/calibration, with each place as the
 * server sees it (elevation from the global grid, continentality from the land mask), and scores
 * the relation and the station temperatures in sample and leave-one-out: for each place, its own
 * station and every station within LEAVE_OUT_KM left out of the interpolation (for every place of
 * the fit) and the place left out of the fit. The annual GHI here is the relation's (monthly Kt x
 * extraterrestrial, through the clear-sky index bounds 0.3..0.98), as scripts/calibrate-climate.ts
 * scores; scripts/served-calibration.ts gives the served counts.
 *
 *   npx tsx scripts/fit-sunshine.ts
 */
import { climateGrids } from '../src/node/climate-grids.js';
import { dataFilePath } from '../src/node/data-dir.js';
import { siteElevation } from '../src/node/elevation.js';
import { climateStations, normalsSite } from '../src/node/stations.js';
import { type NormalsSite, climateNormalsAt, siteTemperature } from '../src/weather/normals.js';
import { type ClimateStations, stationAnchors } from '../src/weather/stations.js';
import { distanceKm } from '../src/weather/real.js';
import { type Place, continent, loadPlace } from './calibrate-climate.js';
import { calibrationFiles } from './weather-table.js';

/** Stations within this distance of a place are left out of its held-out score, km. */
export const LEAVE_OUT_KM = 100;

/** One calibration place with what the fit needs. */
export interface SunPlace {
  place: Place;
  site: NormalsSite;
  /** the gridded relation's logit Kt by month */
  zGrid: Float64Array;
  /** the gridded temperature (before the station anchors) */
  tGrid: Float64Array;
}

const logit = (k: number): number => {
  const x = Math.min(0.98, Math.max(0.02, k));
  return Math.log(x / (1 - x));
};

/** Loads the 50 calibration places as the server sees them. */
export function loadSunPlaces(): SunPlace[] {
  const grids = climateGrids();
  const bare = { ...grids, stations: undefined, calibration: undefined };
  return calibrationFiles().map((f) => {
    const place = loadPlace(dataFilePath(`weather/calibration/${f}`));
    const elevation = Math.max(0, siteElevation(place.latitude, place.longitude));
    const site = normalsSite(place.latitude, place.longitude, elevation);
    const normals = climateNormalsAt(bare, site);
    return { place, site, zGrid: normals.clearnessIndex.map(logit), tGrid: normals.temperature };
  });
}

/** Stations within `km` of a place, as an exclusion mask. */
export function exclusionAround(
  st: ClimateStations,
  at: { latitude: number; longitude: number },
  km: number,
): Uint8Array {
  const mask = new Uint8Array(st.latitude.length);
  for (let i = 0; i < mask.length; i++)
    if (distanceKm(at, { latitude: st.latitude[i]!, longitude: st.longitude[i]! }) <= km) mask[i] = 1;
  return mask;
}

type Anchors = ReturnType<typeof stationAnchors>;
export function anchorsOf(places: SunPlace[], excluded: Uint8Array | undefined): Anchors[] {
  const grids = climateGrids();
  const st = grids.stations!;
  const saved = st.excluded;
  st.excluded = excluded;
  const out = places.map((p) => stationAnchors(st, p.site, (i) => siteTemperature(grids, st.siteOf(i))));
  st.excluded = saved;
  return out;
}

const VARIANT = process.env.SUN_VARIANT ?? 'south';
/** The relation's predictors of a month: relative sunshine, the gridded logit Kt, latitude. */
export function sunRow(s: number, z: number, lat: number, dtr = 10, t = 10): number[] {
  if (VARIANT === 'snow') return [1, s, z, (1 - Math.tanh(lat / 10)) / 2, Math.max(0, -t) / 10];
  if (VARIANT === 'cold') return [1, s, z, (1 - Math.tanh(lat / 10)) / 2, Math.max(0, 5 - t) / 10];
  const south = (1 - Math.tanh(lat / 10)) / 2;
  if (VARIANT === 'dtr') return [1, s, z, south, Math.sqrt(Math.max(0, dtr))];
  if (VARIANT === 'dtrlin') return [1, s, z, south, dtr / 10];
  if (VARIANT === 'dtrs') return [1, s, z, south, (s * dtr) / 10];
  if (VARIANT === 'sz') return [1, s, z, s * z];
  if (VARIANT === 'lat') return [1, s, z, Math.abs(lat) / 30];
  if (VARIANT === 'slat') return [1, s, z, (s * Math.abs(lat)) / 30];
  if (VARIANT === 's2') return [1, s, z, s * s];
  if (VARIANT === 'noz') return [1, s];
  if (VARIANT === 'south') return [1, s, z, (1 - Math.tanh(lat / 10)) / 2];
  if (VARIANT === 'souths') return [1, s, z, (s * (1 - Math.tanh(lat / 10))) / 2];
  return [1, s, z];
}

/** Weighted least squares of logit Kt on [1, S/S0, z] over the places' months. */
export function fitSunshine(places: SunPlace[], anchors: Anchors[]): number[] {
  const k = sunRow(0.5, 0, 0, 10).length;
  const a = new Float64Array(k * k),
    b = new Float64Array(k);
  places.forEach((p, j) => {
    const meanClear = p.place.clear.reduce((s, v) => s + v, 0) / 12;
    for (let m = 0; m < 12; m++) {
      const w = anchors[j]!.sunshineWeight[m]! * (p.place.clear[m]! / meanClear);
      if (!(w > 0)) continue;
      const row = sunRow(
        anchors[j]!.relativeSunshine[m]!,
        p.zGrid[m]!,
        p.place.latitude,
        anchors[j]!.dailyRange[m]!,
        p.tGrid[m]! + anchors[j]!.temperatureOffset[m]!,
      );
      const y = logit(p.place.ghi[m]! / p.place.extra[m]!);
      for (let r = 0; r < k; r++) {
        for (let c = 0; c < k; c++) a[r * k + c] += w * row[r]! * row[c]!;
        b[r] += w * row[r]! * y;
      }
    }
  });
  // Gauss-Jordan on the 3 x 3 system.
  const m = Array.from({ length: k }, (_, r) => [...Array.from({ length: k }, (_, c) => a[r * k + c]!), b[r]!]);
  for (let c = 0; c < k; c++) {
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let q = c; q <= k; q++) m[r]![q] -= f * m[c]![q]!;
    }
  }
  return m.map((row, i) => row[k]! / row[i]!);
}

/** Annual GHI error and months within 2.5 C of a place under coefficients and anchors. */
export function scoreSun(p: SunPlace, an: Anchors, c: readonly number[]): { ghiError: number; monthsOk: number } {
  let model = 0,
    real = 0,
    ok = 0;
  for (let m = 0; m < 12; m++) {
    const z = p.zGrid[m]!;
    const w = an.sunshineWeight[m]! > 0 ? an.sunshineWeight[m]! : 0;
    const zs =
      w > 0
        ? sunRow(
            an.relativeSunshine[m]!,
            z,
            p.place.latitude,
            an.dailyRange[m]!,
            p.tGrid[m]! + an.temperatureOffset[m]!,
          ).reduce((s, x, i) => s + x * c[i]!, 0)
        : z;
    const kt = 1 / (1 + Math.exp(-(z + w * (zs - z))));
    const kc = Math.min(0.98, Math.max(0.3, (kt * p.place.extra[m]!) / p.place.clear[m]!));
    model += kc * p.place.clear[m]!;
    real += p.place.ghi[m]!;
    const t = p.tGrid[m]! + an.temperatureOffset[m]!;
    if (Math.abs(t - p.place.realT[m]!) <= 2.5) ok++;
  }
  return { ghiError: model / real - 1, monthsOk: ok };
}

/**
 * Sets the station table up for a leave-one-out score of one calibration place: the stations
 * within LEAVE_OUT_KM left out of the interpolation, the relation refitted without the place
 * (and with those stations left out for every other place too), and the calibration years within
 * LEAVE_OUT_KM (the place's own first) left out of the residuals carried to sites.
 */
export function leaveOut(places: SunPlace[], file: string): void {
  const st = climateGrids().stations!;
  const j = places.findIndex((p) => p.place.file === file);
  const ex = exclusionAround(st, places[j]!.place, LEAVE_OUT_KM);
  const an = anchorsOf(places, ex);
  st.sunshineCoefficients = fitSunshine(
    places.filter((_, i) => i !== j),
    an.filter((_, i) => i !== j),
  );
  st.excluded = ex;
  // The calibration years' residuals: the place's own and every one within LEAVE_OUT_KM out, the
  // others recomputed against the refitted relation.
  const cal = climateGrids().calibration;
  if (cal !== undefined) {
    const mask = new Uint8Array(cal.latitude.length);
    for (let i = 0; i < mask.length; i++)
      if (distanceKm(places[j]!.place, { latitude: cal.latitude[i]!, longitude: cal.longitude[i]! }) <= LEAVE_OUT_KM)
        mask[i] = 1;
    cal.excluded = mask;
    cal.residualCache = undefined;
  }
}

const pass = (r: { ghiError: number; monthsOk: number }): boolean => Math.abs(r.ghiError) <= 0.08 && r.monthsOk >= 10;

const isMain = process.argv[1]?.endsWith('fit-sunshine.ts');
if (isMain) {
  const places = loadSunPlaces();
  const st = climateStations();
  const all = anchorsOf(places, undefined);
  const fit = fitSunshine(places, all);
  console.log(`SUNSHINE_COEFFICIENTS = [${fit.map((x) => x.toFixed(4)).join(', ')}]`);
  const inSample = places.map((p, j) => scoreSun(p, all[j]!, fit));
  const loo = places.map((p, j) => {
    const ex = exclusionAround(st, p.place, LEAVE_OUT_KM);
    const an = anchorsOf(places, ex);
    const c = fitSunshine(
      places.filter((_, i) => i !== j),
      an.filter((_, i) => i !== j),
    );
    return scoreSun(p, an[j]!, c);
  });
  const line = (label: string, rs: Array<{ ghiError: number; monthsOk: number }>, idx: number[]) => {
    const sel = idx.map((i) => rs[i]!);
    const rms = Math.sqrt(sel.reduce((s, r) => s + r.ghiError ** 2, 0) / sel.length);
    return `${label.padEnd(16)} ${sel.filter(pass).length}/${sel.length} (GHI ${sel.filter((r) => Math.abs(r.ghiError) <= 0.08).length}, T ${sel.filter((r) => r.monthsOk >= 10).length}; RMS annual GHI ${(100 * rms).toFixed(1)} %)`;
  };
  const everyone = places.map((_, i) => i);
  let bias = 0;
  places.forEach((p, j) => {
    for (let m = 0; m < 12; m++) bias += (p.tGrid[m]! + all[j]!.temperatureOffset[m]! - p.place.realT[m]!) / 600;
  });
  console.log(`mean temperature error, model - real, in sample: ${bias.toFixed(2)} K`);
  console.log(line('in sample', inSample, everyone));
  console.log(line('leave-one-out', loo, everyone));
  const byC = new Map<string, number[]>();
  places.forEach((p, i) => {
    const c = continent(p.place.latitude, p.place.longitude);
    byC.set(c, [...(byC.get(c) ?? []), i]);
  });
  for (const [c, idx] of [...byC].sort()) console.log(line(`  ${c}`, loo, idx));
  if (process.argv.includes('--list'))
    places.forEach((p, i) =>
      console.log(
        `${p.place.file.padEnd(30)} in ${(100 * inSample[i]!.ghiError).toFixed(1).padStart(6)} % ${inSample[i]!.monthsOk}  loo ${(100 * loo[i]!.ghiError).toFixed(1).padStart(6)} % ${loo[i]!.monthsOk}  rho ${all[i]!.sunshineWeight[6]!.toFixed(2)}`,
      ),
    );
}
