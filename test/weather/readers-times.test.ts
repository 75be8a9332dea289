/**
 * Readers return strictly increasing period ends (issue 14): typical years re-dated into one year
 * (coerceYear, default 2059) with the file's own times kept; TMY2; SolarAnywhere's TMY3 layout;
 * the hint a PSM file without metadata needs; the leap-day row of TMY3.
 */
import { describe, expect, it } from 'vitest';
import { kimberSoiling } from '../../src/soiling/index.js';
import { readEpw, readPsm3, readTmy2, readTmy3, readWeatherFile, type WeatherSeries } from '../../src/weather/index.js';
import { PSM_PLACE_HINT_MESSAGE, TYPICAL_YEAR } from '../../src/weather/readers/index.js';
import { weatherText as text } from '../support/data.js';

const utc = (iso: string) => Date.parse(iso) / 1000;
const PSM4 = 'nsrdb_psm4_2023_40.5137_-108.5449_no_metadata.csv';
const PLACE = { latitude: 40.5137, longitude: -108.5449, timeZone: -7 };

const REAL_FILES: [name: string, hint: Parameters<typeof readWeatherFile>[1], typical: boolean][] = [
  ['tmy3_sand_point_ak_703165.csv', {}, true],
  ['tmy2_miami_12839.tm2', {}, true],
  ['epw_amsterdam_iwec_062400.epw', {}, true],
  ['pvgis_tmy_45.000_8.000_2005_2023.csv', {}, true],
  ['solaranywhere_2021_burlington_vt_tmy3format.csv', {}, false],
  ['nsrdb_psm3_2017_40.5137_-108.5449.csv', PLACE, false],
  [PSM4, PLACE, false],
];

function steps(s: WeatherSeries): Set<number> {
  const out = new Set<number>();
  for (let i = 1; i < s.periodEnd.length; i++) out.add(s.periodEnd[i]! - s.periodEnd[i - 1]!);
  return out;
}

describe('every real file of the data directory reads with strictly increasing period ends', () => {
  for (const [name, hint, typical] of REAL_FILES) {
    it(`${name}: one period apart, row after row (typical: ${typical})`, () => {
      const s = readWeatherFile(text(name), hint);
      expect(s.typical).toBe(typical);
      // A complete year with no gap and no step back: every step is the period.
      expect([...steps(s)]).toEqual([s.periodSeconds]);
      if (typical) {
        expect(new Date((s.periodEnd[0]! - s.periodSeconds + s.timeZone * 3600) * 1000).getUTCFullYear()).toBe(
          TYPICAL_YEAR,
        );
        // The file's own times: months of several years, so they step back somewhere.
        expect(s.sourcePeriodEnd!.length).toBe(s.periodEnd.length);
        expect([...steps({ ...s, periodEnd: s.sourcePeriodEnd! })].some((d) => d < 0)).toBe(true);
        expect(Object.keys(s.monthYears!).length).toBe(12);
      } else {
        expect(s.sourcePeriodEnd).toBeUndefined();
      }
    });
  }

  it('a typical year fed to Kimber soiling is a continuous year (it gave errors up to 0.013 in file order)', () => {
    const s = readTmy3(text('tmy3_sand_point_ak_703165.csv'));
    const rain = Float64Array.from(s.columns.precipitationRate!, (v) => (Number.isFinite(v) ? v : 0));
    const regular = Float64Array.from(s.periodEnd, (_, i) => s.periodEnd[0]! + i * 3600);
    const read = kimberSoiling({ unixSeconds: s.periodEnd, rainfall: rain });
    expect(Array.from(read)).toEqual(Array.from(kimberSoiling({ unixSeconds: regular, rainfall: rain })));
  });
});

describe("coerceYear (as pvlib's coerce_year)", () => {
  it('re-dates a TMY3 into the given year, the last hour into the next (pvlib documents 1990 -> 1991-01-01 00:00)', () => {
    const s = readTmy3(text('tmy3_sand_point_ak_703165.csv'), { coerceYear: 1990 });
    expect(s.periodEnd[0]).toBe(utc('1990-01-01T10:00Z'));
    expect(s.periodEnd[8759]).toBe(utc('1991-01-01T09:00Z')); // 1991-01-01 00:00 at UTC-9
    expect(s.sourcePeriodEnd![0]).toBe(utc('1997-01-01T10:00Z'));
  });
  it('re-dates a real series too when asked, and refuses a multi-year file naming the colliding rows', () => {
    const one = readEpw(text('epw_amsterdam_iwec_062400.epw'), { coerceYear: 2001 });
    expect(one.periodEnd[0]).toBe(utc('2001-01-01T00:00Z'));
    const header = 'Year,Month,Day,Hour,Minute,GHI\n';
    const twoYears = `${header}2017,1,1,0,0,0\n2017,1,1,1,0,0\n2018,1,1,0,0,0\n2018,1,1,1,0,0\n`;
    expect(readPsm3(twoYears, PLACE).periodEnd.length).toBe(4);
    expect(() => readPsm3(twoYears, PLACE, { coerceYear: 2020 })).toThrow(
      /rows 1 and 3 both end at 2020-01-01T07:30:00.000Z/,
    );
  });
  it('needs a leap year for a row dated 29 February, and says so', () => {
    // A typical year whose February comes from 1996 with its 29th (made-up values).
    const lines = [
      '0,TEST,XX,0,10,20,0',
      'Date (MM/DD/YYYY),Time (HH:MM),GHI (W/m^2),DNI (W/m^2),DHI (W/m^2),Dry-bulb (C),Dew-point (C),RHum (%),Pressure (mbar),Wdir (degrees),Wspd (m/s),Pwat (cm),Alb (unitless)',
    ];
    const row = (d: string, t: string) => `${d},${t},0,0,0,10,5,70,1000,180,2,1,0.2`;
    lines.push(row('02/28/1996', '24:00'), row('02/29/1996', '01:00'), row('03/01/1993', '01:00'));
    const tmy = lines.join('\n');
    expect(() => readTmy3(tmy)).toThrow(
      /29 February, which 2059 does not have; give coerceYear a leap year \(e\.g\. 2060\)/,
    );
    const leap = readTmy3(tmy, { coerceYear: 2060 });
    // The file has 29 February 1996, so its 28th's 24:00 is the 29th's 00:00.
    expect(Array.from(leap.periodEnd)).toEqual([
      utc('2060-02-29T00:00Z'),
      utc('2060-02-29T01:00Z'),
      utc('2060-03-01T01:00Z'),
    ]);
  });
});

describe('TMY3: the hour ending at 24:00 on 28 February of a leap year', () => {
  // Made-up rows around the end of a February taken from 1996 (a leap year), as TMY3 writes them.
  const lines = [
    '0,TEST,XX,-5,40,-100,0',
    'Date (MM/DD/YYYY),Time (HH:MM),GHI (W/m^2),DNI (W/m^2),DHI (W/m^2),Dry-bulb (C),Dew-point (C),RHum (%),Pressure (mbar),Wdir (degrees),Wspd (m/s),Pwat (cm),Alb (unitless)',
  ];
  const row = (d: string, t: string, temp: number) => `${d},${t},0,0,0,${temp},5,70,1000,180,2,1,0.2`;
  lines.push(
    row('01/01/1991', '01:00', 1),
    row('02/28/1996', '23:00', 2),
    row('02/28/1996', '24:00', 3),
    row('03/01/1993', '01:00', 4),
  );
  const tmy = lines.join('\n');

  it('ends at 1 March 00:00 (as pvlib reads it), not 29 February: a typical year has no 29th', () => {
    const s = readTmy3(tmy);
    // Before: 1996-02-29T05:00Z (29 February 00:00 local), which re-dating dropped or collided.
    expect(s.sourcePeriodEnd![2]).toBe(utc('1996-03-01T05:00Z'));
    expect(s.periodEnd[2]).toBe(utc('2059-03-01T05:00Z'));
    expect(s.columns.airTemp![2]).toBe(3);
    expect(readTmy3(tmy, { coerceYear: 2060 }).periodEnd[2]).toBe(utc('2060-03-01T05:00Z'));
  });
});

describe('formats and headers', () => {
  it('reads TMY2 (fixed width): the station header, tenths of degrees and of m/s, hour-ending local standard time', () => {
    const s = readTmy2(text('tmy2_miami_12839.tm2'));
    expect(s.format).toBe('tmy2');
    expect([s.latitude, s.timeZone, s.elevation]).toEqual([25.8, -5, 2]);
    expect(s.longitude).toBeCloseTo(-(80 + 16 / 60), 12);
    expect(s.periodEnd.length).toBe(8760);
    expect(s.periodEnd[0]).toBe(utc('2059-01-01T06:00Z'));
    expect(s.sourcePeriodEnd![0]).toBe(utc('1962-01-01T06:00Z'));
    // First row: dry bulb 0200 tenths, dew point 0150, 73 %, 1017 mbar (101700 Pa), wind 158 deg at 6.7 m/s.
    expect([
      s.columns.airTemp![0],
      s.columns.dewPoint![0],
      s.columns.relativeHumidity![0],
      s.columns.pressure![0],
    ]).toEqual([20, 15, 73, 101700]);
    expect([s.columns.windDirection![0], s.columns.windSpeed![0]]).toEqual([158, 6.7]);
    expect(readWeatherFile(text('tmy2_miami_12839.tm2')).format).toBe('tmy2');
    expect(Object.values(s.monthYears!).every((y) => y >= 1961 && y <= 1990)).toBe(true);
  });
  it("reads SolarAnywhere's TMY3 layout, whose header says DNI (W/m^2)), as the real year it is", () => {
    const s = readWeatherFile(text('solaranywhere_2021_burlington_vt_tmy3format.csv'));
    expect(s.format).toBe('tmy3');
    expect(s.typical).toBe(false);
    expect([s.latitude, s.longitude, s.timeZone, s.elevation]).toEqual([44.465, -73.205, -5, 41]);
    expect(s.periodEnd[0]).toBe(utc('2021-01-01T06:00Z'));
    // Midnight written as 00:00 of the next day.
    expect(s.periodEnd[8759]).toBe(utc('2022-01-01T05:00Z'));
    expect(s.columns.dni!.some((v) => v > 500)).toBe(true);
  });
  it('names the hint a PSM4 (or PSM3) CSV without metadata lines needs', () => {
    expect(() => readWeatherFile(text(PSM4))).toThrow(PSM_PLACE_HINT_MESSAGE);
    expect(() => readPsm3(text(PSM4))).toThrow(
      /give latitude, longitude and timeZone as a hint: readPsm3\(text, \{ latitude, longitude, timeZone \}\)/,
    );
    const s = readWeatherFile(text(PSM4), PLACE);
    expect(s.periodEnd.length).toBe(17520);
    expect(s.periodEnd[0]).toBe(utc('2023-01-01T07:15Z'));
  });
});
