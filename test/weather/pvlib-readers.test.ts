/**
 * The readers against pvlib's readers on real files: every series has strictly increasing period
 * ends, and its times and values are bit-identical to pvlib's once put into solarkit's conventions
 * (period ends, NaN for missing codes, API units; each difference is named in the fixture's
 * `conventions`). fixtures/readers/pvlib-reader-checksums.json holds SHA-256 digests of pvlib's
 * arrays (scripts/pvlib/reader_checksums.py), never the values: the files are other projects'
 * data and are read from the data directory. Files that the data directory does not hold (pvlib's
 * other reader test files, under their pvlib names) are SKIPPED with the reason printed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type NumericWeatherColumnName,
  readEpw,
  readPsm3,
  readPvgisTmyCsv,
  readTmy2,
  readTmy3,
  type WeatherSeries,
} from '../../src/weather/index.js';
import { optionalWeatherText } from '../support/data.js';

interface Entry {
  file: string;
  pvlibPath: string;
  reader: 'readTmy3' | 'readEpw' | 'readTmy2' | 'readPvgisTmyCsv' | 'readPsm3';
  hint: { latitude?: number; longitude?: number; timeZone?: number };
  rows: number;
  coerceYear?: number;
  periodEnd: string;
  sourcePeriodEnd?: string;
  columns: Record<string, string>;
}

const fixture = JSON.parse(
  readFileSync(resolve(__dirname, '../../fixtures/readers/pvlib-reader-checksums.json'), 'utf8'),
) as {
  conventions: Record<string, string>;
  files: Entry[];
};

/** SHA-256 of a column as little-endian float64 (NaN canonical), as the fixture's script makes it. */
function digest(values: Float64Array): string {
  const canonical = Float64Array.from(values, (v) => (v === v ? v : Number.NaN));
  const bytes = new Uint8Array(canonical.buffer);
  // Float64Array is little-endian on every platform Node runs on; the script writes '<f8'.
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The fixture's columns (the API's names and units, as scripts/pvlib/reader_checksums.py writes
 * them) as the readers' WeatherColumns, and the exact operation that gives the fixture's unit from
 * the reader's: pressure Pa -> hPa the way the fixture's script divides (PVGIS * 0.01), and
 * precipitable water cm -> kg/m2 (* 10; the readers divide whole mm by 10, which * 10 undoes).
 */
const FIXTURE_COLUMNS: Record<
  string,
  [NumericWeatherColumnName, ((reader: Entry['reader']) => (v: number) => number)?]
> = {
  ghi: ['ghi'],
  dni: ['dni'],
  dhi: ['dhi'],
  air_temp: ['airTemp'],
  dewpoint_temp: ['dewPoint'],
  relative_humidity: ['relativeHumidity'],
  wind_speed_10m: ['windSpeed'],
  wind_direction_10m: ['windDirection'],
  albedo: ['albedo'],
  snow_depth: ['snowDepth'],
  surface_pressure: ['pressure', (reader) => (reader === 'readPvgisTmyCsv' ? (v) => v * 0.01 : (v) => v / 100)],
  precipitable_water: ['precipitableWater', () => (v) => v * 10],
};

function read(entry: Entry, text: string): WeatherSeries {
  const options = entry.coerceYear === undefined ? {} : { coerceYear: entry.coerceYear };
  switch (entry.reader) {
    case 'readTmy3':
      return readTmy3(text, options);
    case 'readEpw':
      return readEpw(text, options);
    case 'readTmy2':
      return readTmy2(text, options);
    case 'readPvgisTmyCsv':
      return readPvgisTmyCsv(text, options);
    case 'readPsm3': {
      const { latitude, longitude, timeZone } = entry.hint;
      const place =
        latitude !== undefined && longitude !== undefined && timeZone !== undefined
          ? { latitude, longitude, timeZone }
          : undefined;
      return readPsm3(text, place, options);
    }
  }
}

describe("readers against pvlib's readers (digests of pvlib's values in solarkit's conventions)", () => {
  it('the fixture names the conventions that differ', () => {
    expect(Object.keys(fixture.conventions)).toEqual(
      expect.arrayContaining(['index', 'typical years', 'missing values', 'units']),
    );
    expect(fixture.files.length).toBeGreaterThanOrEqual(7);
  });

  for (const entry of fixture.files) {
    const name = entry.file.replace(/^weather\//, '');
    const text = optionalWeatherText(name);
    if (text === undefined) {
      const reason = `${entry.file} is not in the data directory (pvlib-python's ${entry.pvlibPath}, to be copied there under this name)`;
      console.warn(`SKIPPED reader comparison: ${reason}`);
      it.skip(`${name} (${entry.reader}): SKIPPED, ${reason}`, () => {});
      continue;
    }
    it(`${name} (${entry.reader}): strictly increasing period ends, times and ${Object.keys(entry.columns).length} columns identical to pvlib's`, () => {
      const s = read(entry, text);
      expect(s.periodEnd.length).toBe(entry.rows);
      for (let i = 1; i < s.periodEnd.length; i++) {
        if (!(s.periodEnd[i]! > s.periodEnd[i - 1]!)) throw new Error(`period ends do not increase at row ${i}`);
      }
      expect(digest(s.periodEnd), 'periodEnd').toBe(entry.periodEnd);
      if (entry.sourcePeriodEnd !== undefined)
        expect(digest(s.sourcePeriodEnd!), 'sourcePeriodEnd').toBe(entry.sourcePeriodEnd);
      else if (entry.coerceYear === undefined)
        expect(s.sourcePeriodEnd, 'a real series keeps its own times').toBeUndefined();
      for (const [column, expected] of Object.entries(entry.columns)) {
        const [name, toFixture] = FIXTURE_COLUMNS[column]!;
        const values = s.columns[name];
        expect(values, column).toBeDefined();
        expect(digest(toFixture === undefined ? values! : values!.map(toFixture(entry.reader))), column).toBe(expected);
      }
    });
  }
});
