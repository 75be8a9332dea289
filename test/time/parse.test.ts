import { describe, expect, it } from 'vitest';
import {
  TimeParseError,
  addDuration,
  durationSeconds,
  expandRepeatingInterval,
  parseDateTime,
  parseDuration,
  parseRepeatingInterval,
  parseTimeZone,
} from '../../src/time/index.js';
import { clockFrom } from '../../src/time/clock.js';
import { formatPeriod, parsePeriod } from '../../src/time/duration.js';
import { parseWashDates } from '../../src/time/repeating.js';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('parseDateTime', () => {
  it.each([
    ['2022-10-25T14:45:00Z', '2022-10-25T14:45:00Z'],
    ['2022-10-25T14:45Z', '2022-10-25T14:45:00Z'],
    ['2022-10-25T14:45:00.5Z', '2022-10-25T14:45:00.500Z'],
    ['2026-11-15T10:30:00.0000000Z', '2026-11-15T10:30:00Z'],
    ['2022-10-25T14:45:00+10:00', '2022-10-25T04:45:00Z'],
    ['2022-10-25T14:45:00+1000', '2022-10-25T04:45:00Z'],
    ['2022-10-25T14:45:00-05:30', '2022-10-25T20:15:00Z'],
    ['2021-05-14 00:00', '2021-05-14T00:00:00Z'],
    ['2022-01-01 00:00:00', '2022-01-01T00:00:00Z'],
    ['2024-01-01', '2024-01-01T00:00:00Z'],
  ])('reads %s', (text, expected) => {
    expect(parseDateTime(text)).toBe(utc(expected));
  });

  it('reads a value without zone in the default offset', () => {
    expect(parseDateTime('2022-10-25T14:45:00', { zone: 600 })).toBe(utc('2022-10-25T04:45:00Z'));
    expect(parseDateTime('2021-05-14 00:00', { zone: -60 })).toBe(utc('2021-05-14T01:00:00Z'));
    // an explicit zone wins over the default
    expect(parseDateTime('2022-10-25T14:45:00Z', { zone: 600 })).toBe(utc('2022-10-25T14:45:00Z'));
  });

  it.each(['', 'yesterday', '2024-13-01', '2024-02-30T00:00Z', '2024-1-1', '25/10/2022'])('refuses %j', (text) => {
    expect(() => parseDateTime(text)).toThrow(TimeParseError);
  });
});

describe('durations and periods', () => {
  it('reads durations', () => {
    expect(durationSeconds(parseDuration('PT5M'))).toBe(300);
    expect(durationSeconds(parseDuration('PT1H'))).toBe(3600);
    expect(durationSeconds(parseDuration('P3D'))).toBe(259_200);
    expect(durationSeconds(parseDuration('P1DT12H'))).toBe(129_600);
    expect(durationSeconds(parseDuration('P1W'))).toBe(604_800);
    expect(parseDuration('P1M')).toMatchObject({ months: 1, days: 0 });
  });

  it('refuses empty, malformed and calendar-length durations where a fixed length is needed', () => {
    for (const bad of ['', 'P', 'PT', '5M', 'PT-5M', 'P1X']) expect(() => parseDuration(bad)).toThrow(TimeParseError);
    expect(() => durationSeconds(parseDuration('P1M'))).toThrow(TimeParseError);
    expect(() => parsePeriod('P1M')).toThrow(TimeParseError);
    expect(() => parsePeriod('PT0M')).toThrow(TimeParseError);
  });

  it('adds calendar durations in the zone', () => {
    expect(addDuration(utc('2024-01-31T00:00:00Z'), parseDuration('P1M'))).toBe(utc('2024-02-29T00:00:00Z'));
    expect(addDuration(utc('2022-10-25T14:45:00Z'), parseDuration('P3D'))).toBe(utc('2022-10-28T14:45:00Z'));
  });

  it('echoes periods in minutes, PT1H as PT60M', () => {
    expect(formatPeriod(parsePeriod('PT1H'))).toBe('PT60M');
    expect(formatPeriod(parsePeriod('PT30M'))).toBe('PT30M');
    expect(formatPeriod(parsePeriod('pt5m'))).toBe('PT5M');
    expect(formatPeriod(90)).toBe('PT90S');
  });
});

describe('repeating intervals and wash dates', () => {
  it('expands R<count>/<start>/<duration>', () => {
    const r = parseRepeatingInterval('R3/2024-01-01T00:00:00Z/P10D');
    expect(r.count).toBe(3);
    expect(Array.from(expandRepeatingInterval('R3/2024-01-01T00:00:00Z/P10D'))).toEqual([
      utc('2024-01-01T00:00:00Z'),
      utc('2024-01-11T00:00:00Z'),
      utc('2024-01-21T00:00:00Z'),
    ]);
    expect(Array.from(expandRepeatingInterval('R3/2024-01-31/P1M'))).toEqual([
      utc('2024-01-31T00:00:00Z'),
      utc('2024-02-29T00:00:00Z'),
      utc('2024-03-31T00:00:00Z'),
    ]);
  });

  it('refuses unbounded or malformed intervals', () => {
    for (const bad of ['R/2024-01-01/P1D', 'R3/2024-01-01', 'R3/nonsense/P1D', 'R2/2024-01-01/PT0S']) {
      expect(() => parseRepeatingInterval(bad)).toThrow(TimeParseError);
    }
  });

  it('reads a list of dates or intervals, sorted and without duplicates', () => {
    const w = parseWashDates(['2019-05-15', '2019-03-01', 'R2/2019-03-01/P1D']);
    expect(Array.from(w)).toEqual([
      utc('2019-03-01T00:00:00Z'),
      utc('2019-03-02T00:00:00Z'),
      utc('2019-05-15T00:00:00Z'),
    ]);
    expect(() => parseWashDates(['2019-03-01', 'soon'])).toThrow(TimeParseError);
  });
});

describe('time zones', () => {
  it('reads utc, longitudinal and quarter-hour offsets', () => {
    expect(parseTimeZone('utc', 100)).toBe(0);
    expect(parseTimeZone('UTC', 100)).toBe(0);
    expect(parseTimeZone('longitudinal', 151.2)).toBe(600); // 10.08 h -> 10 h
    expect(parseTimeZone('longitudinal', -112.11)).toBe(-450); // -7.47 h -> -7.5 h
    expect(parseTimeZone('longitudinal', -1)).toBe(0);
    expect(parseTimeZone('5.75', 0)).toBe(345);
    expect(parseTimeZone('-13', 0)).toBe(-780);
    expect(parseTimeZone('13', 0)).toBe(780);
  });

  it.each(['13.25', '-14', '5.1', 'Europe/Paris', '', 'utc+1'])('refuses %j', (tz) => {
    expect(() => parseTimeZone(tz, 0)).toThrow(TimeParseError);
  });
});

describe('clock', () => {
  it('is fixed when a value is given, the system clock otherwise', () => {
    expect(clockFrom('2026-11-15T10:30:00Z').now()).toBe(utc('2026-11-15T10:30:00Z'));
    const before = Date.now() / 1000;
    const now = clockFrom(undefined).now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThan(before + 60);
    expect(() => clockFrom('not a time')).toThrow(TimeParseError);
  });
});
