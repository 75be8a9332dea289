/**
 * Node side of the calibration anchors (src/weather/calibration-anchors.ts): the real typical
 * years of the data directory's weather/calibration (EPW files; provenance and attribution in the
 * folder's README), read at run time and never part of the repository. At start only each file's
 * LOCATION line is read (where the place is); a file's hours are parsed the first time a site
 * within the anchors' radius asks for its monthly means. An installed package has instead the
 * monthly means alone (MONTHLY_MEANS_FILE in the same folder of dist/data, written by the build's
 * data packer, never committed).
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CalibrationYears } from '../weather/calibration-anchors.js';
import type { NormalsSite } from '../weather/normals.js';
import { readEpw } from '../weather/readers/epw.js';
import { dataFilePath } from './data-dir.js';
import { siteElevation } from './elevation.js';
import { normalsSite } from './stations.js';

/** The folder of the calibration years, relative to the data directory. */
export const CALIBRATION_FOLDER = 'weather/calibration';

/** The monthly means of the calibration years, in the folder of an installed package's dist/data. */
export const MONTHLY_MEANS_FILE = 'monthly-means.csv';

/** One calibration year's place and monthly means, as the packed table holds them. */
export interface CalibrationMonthlyRow {
  /** the EPW file's name */
  file: string;
  /** degrees north */
  latitude: number;
  /** degrees east */
  longitude: number;
  /** monthly mean GHI over all hours, W/m2 */
  ghi: ArrayLike<number>;
  /** monthly mean air temperature, degrees C */
  airTemp: ArrayLike<number>;
}

/**
 * The packed table's text: a header, then file, latitude (degrees north), longitude (degrees
 * east), 12 monthly mean GHI (W/m2) and 12 monthly mean air temperatures (degrees C) a row, each
 * number as the shortest text that reads back as the same double.
 * @example
 * const row = { file: 'a.epw', latitude: 1, longitude: 2, ghi: new Array(12).fill(100), airTemp: new Array(12).fill(20) };
 * formatMonthlyMeans([row]).split('\n')[1].split(',').length; // => 27
 */
export function formatMonthlyMeans(rows: readonly CalibrationMonthlyRow[]): string {
  const months = Array.from({ length: 12 }, (_, m) => m + 1);
  const header = [
    'file',
    'latitude',
    'longitude',
    ...months.map((m) => `ghi_${m}`),
    ...months.map((m) => `air_temp_${m}`),
  ];
  const line = (r: CalibrationMonthlyRow): string =>
    [r.file, r.latitude, r.longitude, ...Array.from(r.ghi, String), ...Array.from(r.airTemp, String)].join(',');
  return `${header.join(',')}\n${rows.map(line).join('\n')}\n`;
}

/**
 * Reads the packed table (`formatMonthlyMeans`): degrees, W/m2 and degrees C.
 * @throws RangeError for a row without its 27 fields
 * @example
 * const row = { file: 'a.epw', latitude: 1, longitude: 2, ghi: new Array(12).fill(100), airTemp: new Array(12).fill(20) };
 * parseMonthlyMeans(formatMonthlyMeans([row]))[0].ghi[5]; // about 100
 */
export function parseMonthlyMeans(text: string): CalibrationMonthlyRow[] {
  return text
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const f = l.split(',');
      if (f.length !== 27) throw new RangeError(`${MONTHLY_MEANS_FILE}: a row has ${f.length} fields, expected 27`);
      const n = f.slice(1).map(Number);
      return {
        file: f[0]!,
        latitude: n[0]!,
        longitude: n[1]!,
        ghi: Float64Array.from(n.slice(2, 14)),
        airTemp: Float64Array.from(n.slice(14, 26)),
      };
    });
}

/** The first line of a file (an EPW's LOCATION line), without reading the rest. */
function firstLine(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(512);
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    const text = buffer.toString('utf8', 0, n);
    const end = text.indexOf('\n');
    return end >= 0 ? text.slice(0, end) : text;
  } finally {
    closeSync(fd);
  }
}

/**
 * Monthly means of a weather series over all its hours: GHI (W/m2) and air temperature
 * (degrees C), a row's month that of its period's middle in UTC (as scripts/served-calibration.ts
 * compares); missing hours left out, NaN for a month without any.
 * @param text an EPW file's text
 * @example
 * // Berlin's IWEC year: July's mean air temperature.
 * monthlyMeansOfEpw(readFileSync(dataFilePath('weather/calibration/deu_berlin.epw'), 'utf8')).airTemp[6]; // about 19.1
 */
export function monthlyMeansOfEpw(text: string): { ghi: Float64Array; airTemp: Float64Array } {
  const s = readEpw(text);
  const ghi = new Float64Array(12);
  const airTemp = new Float64Array(12);
  const ng = new Float64Array(12);
  const nt = new Float64Array(12);
  const g = s.columns.ghi;
  const t = s.columns.airTemp;
  for (let i = 0; i < s.periodEnd.length; i++) {
    const m = new Date((s.periodEnd[i]! - s.periodSeconds / 2) * 1000).getUTCMonth();
    if (g !== undefined && Number.isFinite(g[i]!)) {
      ghi[m] += g[i]!;
      ng[m]++;
    }
    if (t !== undefined && Number.isFinite(t[i]!)) {
      airTemp[m] += t[i]!;
      nt[m]++;
    }
  }
  for (let m = 0; m < 12; m++) {
    ghi[m] = ng[m]! > 0 ? ghi[m]! / ng[m]! : Number.NaN;
    airTemp[m] = nt[m]! > 0 ? airTemp[m]! / nt[m]! : Number.NaN;
  }
  return { ghi, airTemp };
}

let years: (CalibrationYears & { file: string[] }) | null | undefined;

/**
 * The calibration years of the data directory, read (their places) on the first call and kept
 * for the life of the process (degrees; the places as the server sees them through `siteOf`);
 * `undefined` where the data directory has neither the folder's EPW files nor its packed
 * MONTHLY_MEANS_FILE (the anchors then fade to the relation everywhere).
 * @example
 * calibrationYears()?.latitude.length; // => 50
 */
export function calibrationYears(): (CalibrationYears & { file: string[] }) | undefined {
  if (years === undefined) years = readCalibrationYears() ?? null;
  return years ?? undefined;
}

/** The calibration years of the data directory: its EPW files, else the packed table, else none. */
function readCalibrationYears(): (CalibrationYears & { file: string[] }) | undefined {
  let folder: string;
  let files: string[];
  try {
    folder = dataFilePath(CALIBRATION_FOLDER);
    files = readdirSync(folder)
      .filter((f) => f.endsWith('.epw'))
      .sort();
  } catch {
    return undefined;
  }
  let packed: CalibrationMonthlyRow[] | undefined;
  if (files.length === 0) {
    const table = join(folder, MONTHLY_MEANS_FILE);
    if (!existsSync(table)) return undefined;
    packed = parseMonthlyMeans(readFileSync(table, 'utf8'));
    files = packed.map((r) => r.file);
  }
  const n = files.length;
  const latitude = new Float64Array(n);
  const longitude = new Float64Array(n);
  files.forEach((f, i) => {
    if (packed !== undefined) {
      latitude[i] = packed[i]!.latitude;
      longitude[i] = packed[i]!.longitude;
      return;
    }
    const loc = firstLine(join(folder, f)).split(',');
    latitude[i] = Number(loc[6]);
    longitude[i] = Number(loc[7]);
  });
  const sites = new Array<NormalsSite | undefined>(n);
  const monthly = new Array<{ ghi: ArrayLike<number>; airTemp: ArrayLike<number> } | undefined>(n);
  return {
    file: files,
    latitude,
    longitude,
    // The place as the server serves it: elevation from the global grid, not the file's.
    siteOf: (i) =>
      (sites[i] ??= normalsSite(latitude[i]!, longitude[i]!, Math.max(0, siteElevation(latitude[i]!, longitude[i]!)))),
    monthlyOf: (i) => (monthly[i] ??= packed?.[i] ?? monthlyMeansOfEpw(readFileSync(join(folder, files[i]!), 'utf8'))),
  };
}
