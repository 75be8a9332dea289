/**
 * Node side of the calibration anchors (src/weather/calibration-anchors.ts): the real typical
 * years of the data directory's weather/calibration (EPW files; provenance and attribution in the
 * folder's README), read at run time and never part of the repository. At start only each file's
 * LOCATION line is read (where the place is); a file's hours are parsed the first time a site
 * within the anchors' radius asks for its monthly means.
 */
import { closeSync, openSync, readFileSync, readSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CalibrationYears } from '../weather/calibration-anchors.js';
import type { NormalsSite } from '../weather/normals.js';
import { readEpw } from '../weather/readers/epw.js';
import { dataFilePath } from './data-dir.js';
import { siteElevation } from './elevation.js';
import { normalsSite } from './stations.js';

/** The folder of the calibration years, relative to the data directory. */
export const CALIBRATION_FOLDER = 'weather/calibration';

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
 * compares).
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
 * for the life of the process; `undefined` where the data directory has no weather/calibration
 * folder (an installed package: the anchors then fade to the relation everywhere).
 */
export function calibrationYears(): (CalibrationYears & { file: string[] }) | undefined {
  if (years === undefined) {
    let folder: string;
    let files: string[];
    try {
      folder = dataFilePath(CALIBRATION_FOLDER);
      files = readdirSync(folder)
        .filter((f) => f.endsWith('.epw'))
        .sort();
    } catch {
      years = null;
      return undefined;
    }
    const n = files.length;
    const latitude = new Float64Array(n);
    const longitude = new Float64Array(n);
    files.forEach((f, i) => {
      const loc = firstLine(join(folder, f)).split(',');
      latitude[i] = Number(loc[6]);
      longitude[i] = Number(loc[7]);
    });
    const sites = new Array<NormalsSite | undefined>(n);
    const monthly = new Array<{ ghi: Float64Array; airTemp: Float64Array } | undefined>(n);
    years = {
      file: files,
      latitude,
      longitude,
      // The place as the server serves it: elevation from the global grid, not the file's.
      siteOf: (i) =>
        (sites[i] ??= normalsSite(
          latitude[i]!,
          longitude[i]!,
          Math.max(0, siteElevation(latitude[i]!, longitude[i]!)),
        )),
      monthlyOf: (i) => (monthly[i] ??= monthlyMeansOfEpw(readFileSync(join(folder, files[i]!), 'utf8'))),
    };
  }
  return years ?? undefined;
}
