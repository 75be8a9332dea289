import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareFile } from '../../scripts/compare-weather.js';
import { weatherFile } from '../support/data.js';

const out = mkdtempSync(join(tmpdir(), 'solarkit-compare-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

// Issue 6: the synthetic model at each real file's place, averaged over 2007-2025, within 12 % of
// the file's annual GHI and within 3 C of its monthly mean air temperature in >= 10 of 12 months.
describe('synthetic climate against the real weather files', () => {
  const cases: [string, { tz?: number }][] = [
    ['epw_amsterdam_iwec_062400.epw', {}],
    ['tmy3_sand_point_ak_703165.csv', {}],
    ['pvgis_tmy_45.000_8.000_2005_2023.csv', {}],
    ['nsrdb_psm3_2017_40.5137_-108.5449.csv', { tz: -7 }],
  ];
  for (const [file, opts] of cases) {
    it(`matches ${file}`, () => {
      const png = join(out, `${file}.png`);
      const r = compareFile(weatherFile(file), { ...opts, png });
      expect(Math.abs(r.ghiError)).toBeLessThanOrEqual(0.12);
      expect(r.monthsOk).toBeGreaterThanOrEqual(10);
      expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
    });
  }
});
