/**
 * The Node side of the calibration anchors (src/node/calibration-years.ts): the data directory's
 * real typical years, their places from the LOCATION lines, their monthly means read on demand,
 * and the absence of the folder (the anchors then fade to the relation everywhere).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  calibrationYears,
  formatMonthlyMeans,
  monthlyMeansOfEpw,
  parseMonthlyMeans,
} from '../../src/node/calibration-years.js';
import { dataFilePath } from '../../src/node/data-dir.js';

describe('calibration years of the data directory', () => {
  const years = calibrationYears()!;

  it('lists the 50 places with their coordinates from the LOCATION lines', () => {
    expect(years.file).toHaveLength(50);
    const i = years.file.indexOf('deu_berlin.epw');
    // LOCATION,BERLIN,-,DEU,IWEC Data,103840,52.47,13.40,1.0,49.0
    expect(years.latitude[i]).toBe(52.47);
    expect(years.longitude[i]).toBe(13.4);
    // The place as the server sees it: the grid's elevation, land share from the land mask.
    const site = years.siteOf(i);
    expect(site.elevation).toBeGreaterThanOrEqual(0);
    expect(site.elevation).toBeLessThan(150);
    expect(site.landShare).toBeGreaterThan(0.9);
  });

  it("gives a file's monthly means over all its hours, once (cached)", () => {
    const i = years.file.indexOf('deu_berlin.epw');
    const m = years.monthlyOf(i);
    expect(years.monthlyOf(i)).toBe(m);
    // Berlin's IWEC year: 986 kWh/m2 (the folder's README), cold January, warm July.
    const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    const annual = Array.from(m.ghi).reduce((s, g, k) => s + (g * 24 * days[k]!) / 1000, 0);
    expect(annual).toBeGreaterThan(975);
    expect(annual).toBeLessThan(997);
    expect(m.airTemp[0]!).toBeLessThan(2);
    expect(m.airTemp[6]!).toBeGreaterThan(16);
  });

  it('takes missing hours out of the means and gives NaN for a month without any', () => {
    const text = readFileSync(dataFilePath('weather/calibration/deu_berlin.epw'), 'utf8');
    // Blank the air temperature (field 7; 99.9 is missing in EPW) of every hour, and of every
    // hour of July alone.
    const blank = (month: string | undefined): string =>
      text
        .split('\n')
        .map((l) => {
          const f = l.split(',');
          if (f.length > 20 && /^\d+$/.test(f[0]!) && (month === undefined || f[1] === month)) f[6] = '99.9';
          return f.join(',');
        })
        .join('\n');
    const none = monthlyMeansOfEpw(blank(undefined));
    for (let m = 0; m < 12; m++) expect(none.airTemp[m]).toBeNaN();
    const july = monthlyMeansOfEpw(blank('7'));
    const full = monthlyMeansOfEpw(text);
    // July's means are of the hours left (the month is taken in UTC, an hour off the file's
    // local time): finite, and the other months unchanged.
    expect(Number.isFinite(july.airTemp[6]!)).toBe(true);
    expect(july.airTemp[6]).not.toBe(full.airTemp[6]);
    expect(july.airTemp[2]).toBe(full.airTemp[2]);
    expect(july.ghi[6]).toBe(full.ghi[6]);
  });

  it("packs the monthly means for an installed package's dist/data without changing a bit", () => {
    const rows = [0, 1, 2].map((i) => ({
      file: years.file[i]!,
      latitude: years.latitude[i]!,
      longitude: years.longitude[i]!,
      ...years.monthlyOf(i),
    }));
    const back = parseMonthlyMeans(formatMonthlyMeans(rows));
    expect(back.map((r) => r.file)).toEqual(rows.map((r) => r.file));
    for (let i = 0; i < 3; i++) {
      expect(back[i]!.latitude).toBe(rows[i]!.latitude);
      expect(Array.from(back[i]!.ghi)).toEqual(Array.from(rows[i]!.ghi));
      expect(Array.from(back[i]!.airTemp)).toEqual(Array.from(rows[i]!.airTemp));
    }
    expect(() => parseMonthlyMeans('header\na,1,2\n')).toThrow(RangeError);
  });
});
