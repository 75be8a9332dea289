/**
 * The comparison table of docs/weather.md: the synthetic model with the measured climate against
 * real typical years, over the same 2007-2025 history as the table (fewer years are cheaper but
 * noisier: with 2010-2015 six more places fall just outside a bound). About 1 s of CPU a file.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareFile } from '../../scripts/compare-weather.js';
import { OTHER_REAL_FILES, calibrationFiles } from '../../scripts/weather-table.js';
import { dataFilePath } from '../../src/node/data-dir.js';
import { weatherFile } from '../support/data.js';

const out = mkdtempSync(join(tmpdir(), 'solarkit-compare-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const years = { firstYear: 2007, lastYear: 2025 };

describe('synthetic climate against real typical years', () => {
  it('passes at most calibration places: annual GHI within 8 % and T within 2.5 C in >= 10 months', () => {
    const results = calibrationFiles().map((f) =>
      compareFile(dataFilePath(`weather/calibration/${f}`), { ...years, temperatureTolerance: 2.5 }),
    );
    expect(results.length).toBe(50);
    const pass = results.filter((r) => r.pass).length;
    const temperatureOk = results.filter((r) => r.monthsOk >= 10).length;
    // docs/weather.md: 41 of 50 pass both, 48 the temperature criterion, 43 the GHI one
    // (2007-2025). Bound: two below, for changes of the served model elsewhere (the relations'
    // held-out count is 36 in leave-one-out and 10-fold).
    expect(
      pass,
      results
        .filter((r) => !r.pass)
        .map((r) => r.file)
        .join(', '),
    ).toBeGreaterThanOrEqual(39);
    expect(temperatureOk).toBeGreaterThanOrEqual(46);
    // No place is far off: annual GHI within 30 % everywhere (the worst, Sofia, is +27 %).
    for (const r of results) expect(Math.abs(r.ghiError), r.file).toBeLessThan(0.3);
  }, 300_000); // 50 places x 19 years of hourly history: about 100 s of CPU, more on a shared machine

  it('writes a chart with axis labels and a legend, and follows the other real files within the documented errors', () => {
    // Documented errors (docs/weather.md): annual GHI error and months within 2 C.
    // Amsterdam passes the criteria (8 %, 2 C); the others are documented misses.
    const expected: Record<string, { ghi: number; months: number }> = {
      'tmy3_sand_point_ak_703165.csv': { ghi: 0.22, months: 6 },
      'epw_amsterdam_iwec_062400.epw': { ghi: 0.08, months: 11 },
      'pvgis_tmy_45.000_8.000_2005_2023.csv': { ghi: 0.15, months: 5 },
      'nsrdb_psm3_2017_40.5137_-108.5449.csv': { ghi: 0.09, months: 1 },
      'nsrdb_psm4_2023_40.5137_-108.5449_no_metadata.csv': { ghi: 0.12, months: 2 },
      // Miami's TMY2 year passes the criteria (8 %, 2 C in >= 10 months).
      'tmy2_miami_12839.tm2': { ghi: 0.08, months: 10 },
      // SolarAnywhere 2021 at Burlington: one real (warm) year; GHI within 8 %, temperature a miss.
      'solaranywhere_2021_burlington_vt_tmy3format.csv': { ghi: 0.08, months: 5 },
    };
    for (const [file, hint] of OTHER_REAL_FILES) {
      const svg = join(out, `${file}.svg`);
      const r = compareFile(weatherFile(file), { ...years, ...hint, svg, temperatureTolerance: 2 });
      expect(Math.abs(r.ghiError), file).toBeLessThanOrEqual(expected[file]!.ghi);
      expect(r.monthsOk, file).toBeGreaterThanOrEqual(expected[file]!.months);
      const text = readFileSync(svg, 'utf8');
      expect(text.startsWith('<svg')).toBe(true);
      expect(text).toContain('monthly mean GHI (W/m²)');
      expect(text).toContain('monthly mean air temperature (°C)');
      expect(text).toContain('GHI, model');
      expect(text).toContain('temperature, file');
    }
  }, 60_000);
});
