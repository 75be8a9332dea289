/**
 * What a spreadsheet or an editor does to a weather file (issue 34): every variant pvlib's readers
 * read reads here too, to the same series. The variants are made in the test from the real files
 * of the data directory (never copied into the repository) and from two small files made up for
 * this test (fixtures/readers/tmy3-spreadsheet.csv, api-live-newest-first.csv).
 *
 * pvlib-python 0.11 on the same transformations of tmy3_sand_point_ak_703165.csv (checked with
 * read_tmy3): unpadded dates and hours with 24:00:00, times with seconds, CRLF and trailing commas
 * all give its 8,760 rows and the index and values of the original file (which
 * pvlib-readers.test.ts compares with ours); a byte order mark needs encoding='utf-8-sig' there,
 * and reads here without one.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  readApiCsv,
  readEpw,
  readPsm3,
  readPvgisTmyCsv,
  readPvgisTmyJson,
  readTmy3,
  readWeatherFile,
  type WeatherSeries,
} from '../../src/weather/index.js';
import { loadWeatherFile } from '../../src/node/index.js';
import { weatherText } from '../support/data.js';

const fixture = (name: string) => readFileSync(resolve(__dirname, '../../fixtures/readers', name), 'utf8');

/** A TMY3 text as a spreadsheet re-saves it: 1/1/1976, 1:00, and midnight as 24:00:00. */
function spreadsheet(text: string): string {
  return text
    .split('\n')
    .map((line, k) => {
      if (k < 2 || line === '') return line;
      const f = line.split(',');
      const [m, d, y] = f[0]!.split('/');
      f[0] = `${Number(m)}/${Number(d)}/${y}`;
      const [h, min] = f[1]!.split(':');
      f[1] = h === '24' ? '24:00:00' : `${Number(h)}:${min}`;
      return f.join(',');
    })
    .join('\n');
}

const VARIANTS: Record<string, (text: string) => string> = {
  'a UTF-8 byte order mark': (t) => `\ufeff${t}`,
  'CRLF line ends': (t) => t.replace(/\r?\n/g, '\r\n'),
  'a trailing comma on every line': (t) =>
    t
      .split('\n')
      .map((l) => (l.trim() === '' ? l : `${l.replace(/\r$/, '')},`))
      .join('\n'),
};

function expectSameSeries(a: WeatherSeries, b: WeatherSeries): void {
  expect(a.periodEnd.length).toBe(b.periodEnd.length);
  expect(Array.from(a.periodEnd)).toEqual(Array.from(b.periodEnd));
  expect(Object.keys(a.columns).sort()).toEqual(Object.keys(b.columns).sort());
  for (const [k, v] of Object.entries(b.columns)) expect(Array.from(a.columns[k as 'ghi']!)).toEqual(Array.from(v));
  expect([a.latitude, a.longitude, a.elevation, a.timeZone]).toEqual([
    b.latitude,
    b.longitude,
    b.elevation,
    b.timeZone,
  ]);
}

describe('TMY3 re-saved by a spreadsheet (readTmy3 refused it at line 26; pvlib reads all 8,760 rows)', () => {
  for (const name of ['tmy3_sand_point_ak_703165.csv', '723170TYA.CSV']) {
    it(`${name}: unpadded dates and hours and 24:00:00 read to the original series`, () => {
      const text = weatherText(name);
      const s = readTmy3(spreadsheet(text));
      expect(s.periodEnd.length).toBe(8760);
      expectSameSeries(s, readTmy3(text));
      expectSameSeries(readWeatherFile(spreadsheet(text)), readTmy3(text));
    });
  }

  it('times with seconds read; seconds other than 00 are refused naming the line', () => {
    const text = weatherText('tmy3_sand_point_ak_703165.csv');
    expectSameSeries(readTmy3(text.replace(/,(\d\d:\d\d),/g, ',$1:00,')), readTmy3(text));
    const e = (() => {
      try {
        readTmy3(text.replace(',05:00,', ',05:00:30,'));
      } catch (err) {
        return err as Error;
      }
    })();
    expect(e).toBeInstanceOf(RangeError);
    expect(e?.message).toBe("TMY3: line 7 has no date MM/DD/YYYY and time HH:MM[:SS] ('01/01/1997', '05:00:30')");
  });

  it('a small made-up file with all of it at once (BOM, CRLF, trailing commas) reads as pvlib reads it', () => {
    const s = readWeatherFile(fixture('tmy3-spreadsheet.csv'));
    expect(s.format).toBe('tmy3');
    expect(s.typical).toBe(false);
    // pvlib's read_tmy3(..., encoding='utf-8-sig'): 48 rows, 1999-01-01 01:00-07:00 ... 1999-01-03 00:00-07:00.
    expect(s.periodEnd.length).toBe(48);
    expect([s.periodEnd[0], s.periodEnd[23], s.periodEnd[47]]).toEqual([915177600, 915260400, 915346800]);
    expect(Array.from(s.columns.ghi!.subarray(0, 24))).toEqual([
      0, 0, 0, 0, 0, 0, 0, 155, 294, 405, 476, 500, 476, 405, 294, 155, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect([s.latitude, s.longitude, s.elevation, s.timeZone]).toEqual([40, -105, 1600, -7]);
  });
});

describe('every reader reads a byte order mark, CRLF and trailing commas as the plain file', () => {
  const readers: [string, (text: string) => WeatherSeries][] = [
    ['tmy3_sand_point_ak_703165.csv', (t) => readTmy3(t)],
    ['epw_amsterdam_iwec_062400.epw', (t) => readEpw(t)],
    [
      'nsrdb_psm3_2017_40.5137_-108.5449.csv',
      (t) => readPsm3(t, { latitude: 40.5137, longitude: -108.5449, timeZone: -7 }),
    ],
    ['pvgis_tmy_45.000_8.000_2005_2023.csv', (t) => readPvgisTmyCsv(t)],
  ];
  for (const [name, read] of readers) {
    for (const [variant, transform] of Object.entries(VARIANTS)) {
      it(`${name} with ${variant}`, () => {
        const text = weatherText(name);
        expectSameSeries(read(transform(text)), read(text));
        // Format detection too (the byte order mark hid EPW's LOCATION line).
        if (!name.startsWith('nsrdb')) expect(readWeatherFile(transform(text)).format).toBe(read(text).format);
      });
    }
  }

  it("the API's CSV: a live response (newest first) with all three reads in time order", () => {
    const s = readApiCsv(fixture('api-live-newest-first.csv'), { latitude: 52.37, longitude: 4.9 });
    expect(Array.from(s.periodEnd, (t) => new Date(t * 1000).getUTCHours())).toEqual([7, 8, 9, 10, 11, 12]);
    expect(Array.from(s.columns.ghi!)).toEqual([100, 200, 300, 400, 500, 600]);
    expect(Array.from(s.columns.airTemp!)).toEqual([15, 14, 13, 12, 11, 10]);
  });
});

/** The error a call throws (the test fails when it throws none). */
function errorOf(call: () => unknown): Error {
  try {
    call();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}

describe('readWeatherFile fails with a TypeError or RangeError, never a plain Error (as the README says)', () => {
  it("the API's CSV without a place: a TypeError saying which option to give", () => {
    const e = errorOf(() => readWeatherFile(fixture('api-live-newest-first.csv')));
    expect(e).toBeInstanceOf(TypeError);
    expect(e.message).toMatch(
      /^readWeatherFile: this is the API's CSV .* readWeatherFile\(text, \{ latitude, longitude \}\)/,
    );
  });

  it('content that cannot be read: a RangeError naming the line and column where there is one', () => {
    const cases: [string, RegExp][] = [
      ['hello\nworld\n', /format not recognised/],
      [
        'ghi,period_end,period\n1,2024-06-01T12:00:00Z,PT60M\n2,yesterday,PT60M\n',
        /^API CSV: line 3, column period_end: /,
      ],
      ['ghi,period_end,period\n1,2024-06-01T12:00:00Z,an hour\n', /^API CSV: line 2, column period: /],
      ['{"outputs": {}', /^PVGIS TMY JSON: the text is not valid JSON/],
      ['{"outputs": {}}', /not a PVGIS TMY JSON document/],
      ['LOCATION,x\n', /EPW/],
      [
        `${weatherText('tmy3_sand_point_ak_703165.csv').split('\n').slice(0, 2).join('\n')}\n1/1/1997,noon,0\n`,
        /^TMY3: line 3 /,
      ],
    ];
    for (const [text, message] of cases) {
      const e = errorOf(() => readWeatherFile(text, { latitude: 1, longitude: 2, timeZone: 0 }));
      expect(e, text).toBeInstanceOf(RangeError);
      expect(e.message).toMatch(message);
    }
    expect(errorOf(() => readPvgisTmyJson('not json'))).toBeInstanceOf(RangeError);
    expect(errorOf(() => readWeatherFile(42 as unknown as string))).toBeInstanceOf(TypeError);
    // A PSM file without its metadata lines needs a hint: a TypeError naming it.
    const psm = weatherText('nsrdb_psm3_2017_40.5137_-108.5449.csv');
    expect(errorOf(() => readWeatherFile(psm))).toBeInstanceOf(TypeError);
  });

  it('loadWeatherFile names the file and keeps the kind of the error', () => {
    const path = resolve(__dirname, '../../fixtures/readers/api-live-newest-first.csv');
    const e = errorOf(() => loadWeatherFile(path));
    expect(e).toBeInstanceOf(TypeError);
    expect(e.message.startsWith(`${path}: readWeatherFile: this is the API's CSV`)).toBe(true);
    expect(loadWeatherFile(path, { latitude: 52.37, longitude: 4.9 }).periodEnd.length).toBe(6);
  });
});
