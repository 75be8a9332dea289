import { describe, expect, it } from 'vitest';
import {
  guessPlaceFromName,
  readApiCsv,
  readEpw,
  readPsm3,
  readPvgisTmyCsv,
  readPvgisTmyJson,
  readTmy3,
  readWeatherFile,
} from '../../src/weather/index.js';
import { weatherText as text } from '../support/data.js';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('EPW reader', () => {
  const s = readEpw(text('epw_amsterdam_iwec_062400.epw'));
  it('reads the LOCATION line and 8760 hour-ending rows in local standard time', () => {
    expect([s.latitude, s.longitude, s.timeZone, s.elevation]).toEqual([52.3, 4.77, 1, -2]);
    expect(s.periodEnd.length).toBe(8760);
    expect(s.periodSeconds).toBe(3600);
    // 1995-01-01 hour 1 (00:00-01:00 UTC+1) ends at 00:00 UTC; a typical year is re-dated into 2059.
    expect(s.sourcePeriodEnd![0]).toBe(utc('1995-01-01T00:00Z'));
    expect(s.periodEnd[0]).toBe(utc('2059-01-01T00:00Z'));
    expect(s.typical).toBe(true);
  });
  it("reads pressure in Pa (pvlib's unit, as the file) and keeps values", () => {
    expect(s.columns.airTemp![0]).toBe(5.1);
    expect(s.columns.dewPoint![0]).toBe(1.8);
    expect(s.columns.relativeHumidity![0]).toBe(79);
    expect(s.columns.pressure![0]).toBe(100100);
    expect(s.columns.windSpeed![0]).toBe(6.7);
    expect(s.columns.windDirection![0]).toBe(340);
    expect(s.columns.ghi![0]).toBe(0);
    let annual = 0;
    for (const v of s.columns.ghi!) annual += v;
    expect(annual / 1000).toBeGreaterThan(900);
    expect(annual / 1000).toBeLessThan(1100);
  });
});

describe('TMY3 reader', () => {
  const s = readTmy3(text('tmy3_sand_point_ak_703165.csv'));
  it('reads the metadata line and hour-ending rows in local standard time', () => {
    expect([s.latitude, s.longitude, s.timeZone, s.elevation]).toEqual([55.317, -160.517, -9, 7]);
    expect(s.periodEnd.length).toBe(8760);
    expect(s.sourcePeriodEnd![0]).toBe(utc('1997-01-01T10:00Z'));
    // "12/31/1998,24:00" is the end of the day.
    expect(s.sourcePeriodEnd![8759]).toBe(utc('1999-01-01T09:00Z'));
    // Re-dated into 2059: the last hour ends on 1 January 2060.
    expect(s.periodEnd[0]).toBe(utc('2059-01-01T10:00Z'));
    expect(s.periodEnd[8759]).toBe(utc('2060-01-01T09:00Z'));
  });
  it('keeps Pwat in cm, W/m2 and C, converts mbar to Pa, and turns -9900 into NaN', () => {
    expect(s.columns.airTemp![0]).toBe(4);
    expect(s.columns.dewPoint![0]).toBe(3);
    expect(s.columns.pressure![0]).toBe(101200);
    expect(s.columns.precipitableWater![0]).toBeCloseTo(0.4, 12);
    expect(s.columns.albedo![0]).toBe(0.24);
    expect(s.columns.ghi![10]).toBe(5); // 11:00 row
    expect(s.columns.dhi![10]).toBe(5);
    expect(Number.isNaN(s.columns.precipitationRate![0]!)).toBe(true);
  });
});

describe('PSM3 reader', () => {
  const name = 'nsrdb_psm3_2017_40.5137_-108.5449.csv';
  const guess = guessPlaceFromName(name)!;
  const s = readPsm3(text(name), { ...guess, timeZone: -7 });
  it('needs the place of a file without metadata, and finds it in the file name', () => {
    expect(guess).toEqual({ latitude: 40.5137, longitude: -108.5449 });
    expect(() => readPsm3(text(name))).toThrow(/metadata/);
  });
  it('reads instantaneous 30-minute values as periods centred on their stamps', () => {
    expect(s.periodSeconds).toBe(1800);
    expect(s.periodEnd.length).toBe(17520);
    expect(s.periodEnd[0]).toBe(utc('2017-01-01T07:15Z'));
    expect(s.columns.airTemp![0]).toBe(-8.4);
    expect(s.columns.dewPoint![0]).toBe(-10.8);
    expect(s.columns.pressure![0]).toBe(77900);
    expect(s.columns.windDirection![0]).toBe(166);
    expect(s.columns.albedo![0]).toBe(0.8);
    const rh = s.columns.relativeHumidity![0]!;
    expect(rh).toBeGreaterThan(80);
    expect(rh).toBeLessThan(86);
  });
  it('reads the full download form with its two metadata lines', () => {
    const body = text(name).split('\n').slice(0, 5).join('\n');
    const withMeta = `Source,Location ID,City,State,Country,Latitude,Longitude,Time Zone,Elevation\nNSRDB,1,-,-,-,40.5137,-108.5449,-7,1800\n${body}`;
    const m = readPsm3(withMeta);
    expect([m.latitude, m.longitude, m.timeZone, m.elevation]).toEqual([40.5137, -108.5449, -7, 1800]);
    expect(m.periodEnd[0]).toBe(utc('2017-01-01T07:15Z'));
  });
});

describe('PVGIS TMY readers', () => {
  const s = readPvgisTmyCsv(text('pvgis_tmy_45.000_8.000_2005_2023.csv'));
  it('reads metadata, the month/year table and UTC rows, re-dated into one year', () => {
    expect([s.latitude, s.longitude, s.elevation]).toEqual([45, 8, 250]);
    expect(s.monthYears).toEqual({
      1: 2018,
      2: 2007,
      3: 2009,
      4: 2013,
      5: 2008,
      6: 2006,
      7: 2011,
      8: 2010,
      9: 2020,
      10: 2006,
      11: 2007,
      12: 2016,
    });
    expect(s.periodEnd.length).toBe(8760);
    for (let i = 1; i < s.periodEnd.length; i++) expect(s.periodEnd[i]).toBeGreaterThan(s.periodEnd[i - 1]!);
  });
  it('keeps pressure in Pa, derives the dew point, and zeroes -0.0 beam at night', () => {
    const i = s.sourcePeriodEnd!.indexOf(utc('2018-01-01T13:00Z'));
    expect(s.periodEnd[i]).toBe(utc('2059-01-01T13:00Z'));
    expect(i).toBeGreaterThanOrEqual(0);
    expect(s.columns.airTemp![i]).toBe(7.8);
    expect(s.columns.ghi![i]).toBe(133);
    expect(s.columns.dni![i]).toBe(5.48);
    expect(s.columns.pressure![i]).toBe(99450);
    expect(s.columns.dewPoint![i]!).toBeLessThan(7.8);
    expect(s.columns.dewPoint![i]!).toBeGreaterThan(3.5);
    expect(Object.is(s.columns.dni![s.sourcePeriodEnd!.indexOf(utc('2018-01-01T01:00Z'))], 0)).toBe(true);
  });
  it('reads the JSON form to the same columns', () => {
    const json = JSON.stringify({
      inputs: { location: { latitude: 45, longitude: 8, elevation: 250 } },
      outputs: {
        months_selected: [{ month: 1, year: 2018 }],
        tmy_hourly: [
          {
            'time(UTC)': '20180101:1200',
            T2m: 7.8,
            RH: 79.7,
            'G(h)': 133,
            'Gb(n)': 5.48,
            'Gd(h)': 131,
            'IR(h)': 271.9,
            WS10m: 1.52,
            WD10m: 225,
            SP: 99450,
          },
          {
            'time(UTC)': '20180101:1100',
            T2m: 6.8,
            RH: 82,
            'G(h)': 120,
            'Gb(n)': 3,
            'Gd(h)': 118,
            'IR(h)': 270,
            WS10m: 1.4,
            WD10m: 220,
            SP: 99460,
          },
        ],
      },
    });
    const j = readPvgisTmyJson(json);
    expect(j.monthYears).toEqual({ 1: 2018 });
    expect(Array.from(j.periodEnd)).toEqual([utc('2059-01-01T12:00Z'), utc('2059-01-01T13:00Z')]);
    expect(Array.from(j.sourcePeriodEnd!)).toEqual([utc('2018-01-01T12:00Z'), utc('2018-01-01T13:00Z')]);
    expect(j.columns.airTemp![1]).toBe(7.8);
    expect(j.columns.pressure![1]).toBe(99450);
  });
  it('refuses JSON that is not a PVGIS TMY document, instead of an empty year', () => {
    expect(() => readPvgisTmyJson(JSON.stringify({ name: 'solarkit', version: '0.1.0' }))).toThrow(
      /not a PVGIS TMY JSON/,
    );
    expect(() => readPvgisTmyJson(JSON.stringify({ outputs: { tmy_hourly: [] } }))).toThrow(/not a PVGIS TMY JSON/);
    expect(() => readWeatherFile('{"dependencies": {}}', {})).toThrow();
  });
});

describe('API CSV reader and format detection', () => {
  const csv =
    'ghi,air_temp,weather_type,period_end,period\n0,5.1,CLEAR,2024-01-01T00:30:00+00:00,PT30M\n12.5,,SUNNY,2024-01-01T01:00:00.0000000Z,PT30M\n';
  it('reads values in API units, empty cells as NaN, either timestamp style', () => {
    const s = readApiCsv(csv, { latitude: 1, longitude: 2 });
    expect(s.periodSeconds).toBe(1800);
    expect(Array.from(s.periodEnd)).toEqual([utc('2024-01-01T00:30Z'), utc('2024-01-01T01:00Z')]);
    expect(s.columns.ghi![1]).toBe(12.5);
    expect(Number.isNaN(s.columns.airTemp![1]!)).toBe(true);
    expect('weatherType' in s.columns).toBe(false);
    expect(s.typical).toBe(false);
  });
  it('recognises each fixture by its content', () => {
    expect(readWeatherFile(text('epw_amsterdam_iwec_062400.epw')).format).toBe('epw');
    expect(readWeatherFile(text('tmy3_sand_point_ak_703165.csv')).format).toBe('tmy3');
    expect(readWeatherFile(text('pvgis_tmy_45.000_8.000_2005_2023.csv')).format).toBe('pvgis-tmy');
    expect(
      readWeatherFile(text('nsrdb_psm3_2017_40.5137_-108.5449.csv'), {
        latitude: 40.5,
        longitude: -108.5,
        timeZone: -7,
      }).format,
    ).toBe('psm3');
    expect(readWeatherFile(csv, { latitude: 1, longitude: 2 }).format).toBe('api-csv');
    expect(() => readWeatherFile('hello')).toThrow(/not recognised/);
  });
});
