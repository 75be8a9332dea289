/**
 * Build step: copies the data files solarkit reads (DATA_FILES of src/node/data-dir.ts) from the
 * data directory into dist/data, with the README of each folder (provenance and attribution, which
 * must ship with the data). An installed package then finds them without ../shared. dist/ is a
 * build output and never committed: the data of other projects stays out of the repository.
 *
 * Also the monthly means of the calibration years (weather/calibration: real typical years whose
 * residuals anchor the synthetic climate near them, src/node/calibration-years.ts), derived from
 * the EPW files into weather/calibration/monthly-means.csv with the folder's README (the
 * attribution): the package then serves what a clone serves without carrying the hourly files.
 *
 * Run by `npm run build` after tsup; fails, naming what is missing, when the data directory does
 * not hold a file.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CALIBRATION_FOLDER,
  MONTHLY_MEANS_FILE,
  formatMonthlyMeans,
  monthlyMeansOfEpw,
} from '../src/node/calibration-years.js';
import { DATA_FILES, dataFilePath } from '../src/node/data-dir.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'dist', 'data');
const folders = new Set<string>();
let bytes = 0;
for (const { path } of DATA_FILES) {
  const from = dataFilePath(path);
  const to = join(target, ...path.split('/'));
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  folders.add(dirname(from) + '|' + dirname(to));
  bytes += statSync(to).size;
}
for (const pair of folders) {
  const [from, to] = pair.split('|') as [string, string];
  if (existsSync(join(from, 'README.md'))) copyFileSync(join(from, 'README.md'), join(to, 'README.md'));
}
process.stdout.write(`data: ${DATA_FILES.length} files (${(bytes / 1e6).toFixed(1)} MB) packed into ${target}\n`);

const calibration = dataFilePath(CALIBRATION_FOLDER);
const epws = readdirSync(calibration)
  .filter((f) => f.endsWith('.epw'))
  .sort();
if (epws.length === 0) throw new Error(`${calibration}: no calibration years (EPW files) to pack`);
const rows = epws.map((file) => {
  const text = readFileSync(join(calibration, file), 'utf8');
  const location = text.slice(0, text.indexOf('\n')).split(',');
  return { file, latitude: Number(location[6]), longitude: Number(location[7]), ...monthlyMeansOfEpw(text) };
});
const calibrationTarget = join(target, ...CALIBRATION_FOLDER.split('/'));
mkdirSync(calibrationTarget, { recursive: true });
writeFileSync(join(calibrationTarget, MONTHLY_MEANS_FILE), formatMonthlyMeans(rows));
copyFileSync(join(calibration, 'README.md'), join(calibrationTarget, 'README.md'));
process.stdout.write(`data: monthly means of ${rows.length} calibration years packed into ${calibrationTarget}\n`);
