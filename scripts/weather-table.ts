/**
 * The comparison table of docs/weather.md: the model against every real weather file of the data
 * directory (weather/calibration's 50 typical years with the 2.5 C form, the other files of
 * weather/ with 2 C), as a markdown table with the pass counts.
 *
 *   npx tsx scripts/weather-table.ts [--years 2007-2025]
 */
import { readdirSync } from 'node:fs';
import { dataFilePath } from '../src/node/data-dir.js';
import { type Comparison, compareFile } from './compare-weather.js';

/** The real files beside the calibration folder, with the hints their readers need. */
export const OTHER_REAL_FILES: ReadonlyArray<readonly [string, { tz?: number; lat?: number; lon?: number }]> = [
  ['tmy3_sand_point_ak_703165.csv', {}],
  ['epw_amsterdam_iwec_062400.epw', {}],
  ['pvgis_tmy_45.000_8.000_2005_2023.csv', {}],
  ['nsrdb_psm3_2017_40.5137_-108.5449.csv', { tz: -7 }],
  ['nsrdb_psm4_2023_40.5137_-108.5449_no_metadata.csv', { tz: -7, lat: 40.5137, lon: -108.5449 }],
  ['tmy2_miami_12839.tm2', {}],
  ['solaranywhere_2021_burlington_vt_tmy3format.csv', {}],
];

/** Every calibration file name (weather/calibration/*.epw). */
export function calibrationFiles(): string[] {
  return readdirSync(dataFilePath('weather/calibration'))
    .filter((f) => f.endsWith('.epw'))
    .sort();
}

/** A markdown row of a comparison. */
export function tableRow(c: Comparison): string {
  const t = Array.from(c.temperatureErrors, (e) => (e >= 0 ? '+' : '') + e.toFixed(1)).join(' ');
  return `| ${c.file} | ${c.realAnnual.toFixed(0)} / ${c.modelAnnual.toFixed(0)} (${c.ghiError >= 0 ? '+' : ''}${(100 * c.ghiError).toFixed(1)} %) | ${t} | ${c.monthsOk} | ${c.pass ? 'pass' : 'fail'} |`;
}

const isMain = process.argv[1]?.endsWith('weather-table.ts');
if (isMain) {
  const at = process.argv.indexOf('--years');
  const years = (at >= 0 ? process.argv[at + 1]! : '2007-2025').split('-').map(Number);
  const opts = { firstYear: years[0], lastYear: years[1] };
  const header =
    '| file | annual GHI real / model kWh/m2 | monthly T error, model - real, Jan..Dec (K) | months ok | pass |\n| --- | --- | --- | --- | --- |';
  const cal = calibrationFiles().map((f) =>
    compareFile(dataFilePath(`weather/calibration/${f}`), { ...opts, temperatureTolerance: 2.5 }),
  );
  console.log(header);
  for (const c of cal) console.log(tableRow(c));
  const ghiOk = cal.filter((c) => Math.abs(c.ghiError) <= 0.08).length;
  const tOk = cal.filter((c) => c.monthsOk >= 10).length;
  console.log(
    `\ncalibration: ${cal.filter((c) => c.pass).length} of ${cal.length} pass (GHI within 8 %: ${ghiOk}; T within 2.5 C in >= 10 months: ${tOk})\n`,
  );
  console.log(header);
  const others = OTHER_REAL_FILES.map(([f, h]) =>
    compareFile(dataFilePath(`weather/${f}`), { ...opts, ...h, temperatureTolerance: 2 }),
  );
  for (const c of others) console.log(tableRow(c));
  console.log(`\nother real files: ${others.filter((c) => c.pass).length} of ${others.length} pass (2 C)`);
}
