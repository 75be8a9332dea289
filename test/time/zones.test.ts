/**
 * IANA time zones in the core (issue 14): grids, formatting, parsing and readers in zones with
 * daylight saving time, and the rules for the local times a clock skips (gap) or shows twice
 * (overlap).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDuration,
  formatTimestamp,
  formatTimestamps,
  localTimeToUnix,
  parseDateTime,
  parseDuration,
  periodGrid,
  resolveTimeZone,
  zoneOffsetMinutes,
} from '../../src/time/index.js';
import { forecastGrid, liveGrid } from '../../src/time/grid.js';
import { readPsm3 } from '../../src/weather/index.js';
import { runs } from '../support/properties.js';

const utc = (iso: string) => Date.parse(iso) / 1000;
const NY = 'America/New_York';

function stepsOf(t: Float64Array): number[] {
  return Array.from(t.subarray(1), (v, i) => v - t[i]!);
}

describe('an hourly grid in America/New_York across both DST changes of 2024', () => {
  const start = localTimeToUnix({ year: 2024, month: 1, day: 1 }, NY);
  const end = localTimeToUnix({ year: 2025, month: 1, day: 1 }, NY);
  const grid = periodGrid({ start, end, periodSeconds: 3600 }, { zone: NY });
  const labels = formatTimestamps(grid, 'v3', { zone: NY });

  it('has no missing and no repeated instant: every step is one hour, 8784 of them in the local year', () => {
    expect(grid.length).toBe(366 * 24);
    expect(new Set(stepsOf(grid))).toEqual(new Set([3600]));
    expect(grid[0]).toBe(utc('2024-01-01T06:00Z')); // 01:00 EST, the end of the first hour
    expect(grid[grid.length - 1]).toBe(end);
  });

  it('labels the spring change 01:00 EST then 03:00 EDT (no 02:00), the fall change 01:00 EDT then 01:00 EST', () => {
    const day = (d: string) => labels.filter((l) => l.startsWith(d));
    const march10 = day('2024-03-10');
    expect(march10.length).toBe(23);
    expect(march10.slice(0, 4)).toEqual([
      '2024-03-10T00:00:00-05:00',
      '2024-03-10T01:00:00-05:00',
      '2024-03-10T03:00:00-04:00',
      '2024-03-10T04:00:00-04:00',
    ]);
    expect(march10.some((l) => l.startsWith('2024-03-10T02:'))).toBe(false);
    const november3 = day('2024-11-03');
    expect(november3.length).toBe(25);
    expect(november3.slice(0, 4)).toEqual([
      '2024-11-03T00:00:00-04:00',
      '2024-11-03T01:00:00-04:00',
      '2024-11-03T01:00:00-05:00',
      '2024-11-03T02:00:00-05:00',
    ]);
    // Each label names its instant: labels are all different, and each parses back to its instant.
    expect(new Set(labels).size).toBe(labels.length);
    for (let i = 0; i < grid.length; i += 97) expect(parseDateTime(labels[i]!)).toBe(grid[i]);
    expect(parseDateTime(november3[1]!)).toBe(grid[labels.indexOf(november3[1]!)]);
  });

  it('live (newest first) and forecast grids cross the changes the same way', () => {
    const now = utc('2024-11-03T08:10Z');
    const live = liveGrid({ now, hours: 6, periodSeconds: 3600 }, { zone: NY });
    expect(new Set(stepsOf(live))).toEqual(new Set([-3600]));
    expect(formatTimestamps(live, 'v3', { zone: NY })).toEqual([
      '2024-11-03T03:00:00-05:00',
      '2024-11-03T02:00:00-05:00',
      '2024-11-03T01:00:00-05:00',
      '2024-11-03T01:00:00-04:00',
      '2024-11-03T00:00:00-04:00',
      '2024-11-02T23:00:00-04:00',
    ]);
    const forecast = forecastGrid({ now: utc('2024-03-10T05:30Z'), hours: 4, periodSeconds: 3600 }, { zone: NY });
    expect(formatTimestamps(forecast, 'v3', { zone: NY })).toEqual([
      '2024-03-10T01:00:00-05:00',
      '2024-03-10T03:00:00-04:00',
      '2024-03-10T04:00:00-04:00',
      '2024-03-10T05:00:00-04:00',
    ]);
  });
});

describe('longer periods in a zone with DST are calendar periods', () => {
  it('P1D: local midnights, so the change days last 23 and 25 hours', () => {
    const days = periodGrid(
      { start: utc('2024-03-08T05:00Z'), end: utc('2024-03-12T04:00Z'), periodSeconds: 86_400 },
      { zone: NY },
    );
    expect(formatTimestamps(days, 'v3', { zone: NY })).toEqual([
      '2024-03-09T00:00:00-05:00',
      '2024-03-10T00:00:00-05:00',
      '2024-03-11T00:00:00-04:00',
      '2024-03-12T00:00:00-04:00',
    ]);
    expect(stepsOf(days)).toEqual([86_400, 82_800, 86_400]);
    const fall = periodGrid(
      { start: utc('2024-11-02T04:00Z'), end: utc('2024-11-04T05:00Z'), periodSeconds: 86_400 },
      { zone: NY },
    );
    expect(stepsOf(fall)).toEqual([90_000]);
  });
  it('PT3H: aligned on local time, the period with the change is 2 or 4 hours', () => {
    const g = periodGrid(
      { start: utc('2024-03-10T05:00Z'), end: utc('2024-03-10T14:00Z'), periodSeconds: 3 * 3600 },
      { zone: NY },
    );
    expect(formatTimestamps(g, 'v3', { zone: NY })).toEqual([
      '2024-03-10T03:00:00-04:00',
      '2024-03-10T06:00:00-04:00',
      '2024-03-10T09:00:00-04:00',
      '2024-03-10T12:00:00-04:00',
    ]);
    expect(g[0]! - utc('2024-03-10T05:00Z')).toBe(2 * 3600);
  });
  it('PT15M and PT60M across the half-hour change of Lord Howe Island (UTC+10:30 / +11)', () => {
    const z = 'Australia/Lord_Howe';
    const from = utc('2024-04-06T13:30Z'),
      to = utc('2024-04-06T16:00Z'); // the clock goes back at 02:00 local (15:00Z)
    expect(new Set(stepsOf(periodGrid({ start: from, end: to, periodSeconds: 900 }, { zone: z })))).toEqual(
      new Set([900]),
    );
    const hourly = periodGrid({ start: from, end: to, periodSeconds: 3600 }, { zone: z });
    expect(stepsOf(hourly)).toEqual([5400, 3600]); // 01:00+11, then 02:00+10:30 ninety minutes later
    for (const l of formatTimestamps(hourly, 'v3', { zone: z })) expect(l).toMatch(/T\d\d:00:00\+1[01]:[03]0$/);
  });
});

describe('local times the clock skips or repeats', () => {
  it("'compatible' (default): a skipped time moves forward by the change, a repeated one is its first occurrence", () => {
    expect(parseDateTime('2024-03-10T02:30', { zone: NY })).toBe(utc('2024-03-10T07:30Z')); // = 03:30 EDT
    expect(parseDateTime('2024-11-03 01:30', { zone: NY })).toBe(utc('2024-11-03T05:30Z')); // 01:30 EDT
    expect(parseDateTime('2024-11-03T01:30-05:00', { zone: NY })).toBe(utc('2024-11-03T06:30Z')); // an explicit offset wins
    expect(parseDateTime('2024-03-31T02:30', { zone: 'Europe/Berlin' })).toBe(utc('2024-03-31T01:30Z'));
  });
  it("'earlier', 'later' and 'reject'", () => {
    expect(parseDateTime('2024-03-10T02:30', { zone: NY, disambiguation: 'earlier' })).toBe(utc('2024-03-10T06:30Z'));
    expect(parseDateTime('2024-11-03T01:30', { zone: NY, disambiguation: 'later' })).toBe(utc('2024-11-03T06:30Z'));
    expect(() => parseDateTime('2024-03-10T02:30', { zone: NY, disambiguation: 'reject' })).toThrow(
      /2024-03-10 02:30 does not exist in America\/New_York/,
    );
    expect(() => parseDateTime('2024-11-03T01:30', { zone: NY, disambiguation: 'reject' })).toThrow(
      /occurs twice in America\/New_York/,
    );
    expect(parseDateTime('2024-07-01T12:00', { zone: NY, disambiguation: 'reject' })).toBe(utc('2024-07-01T16:00Z'));
  });
  it('adds calendar days on the wall clock (P1D across the spring change is 23 hours)', () => {
    expect(addDuration(utc('2024-03-09T17:00Z'), parseDuration('P1D'), { zone: NY }) - utc('2024-03-09T17:00Z')).toBe(
      23 * 3600,
    );
    expect(addDuration(utc('2024-03-09T17:00Z'), parseDuration('PT24H'), { zone: NY }) - utc('2024-03-09T17:00Z')).toBe(
      24 * 3600,
    );
  });
});

describe('zones by number and by name', () => {
  it('a fixed offset gives the same grid and stamps as before, by number or by name', () => {
    const a = periodGrid(
      { start: utc('2024-06-01T00:00Z'), end: utc('2024-06-02T00:00Z'), periodSeconds: 1800 },
      { zone: 330 },
    );
    expect(
      Array.from(
        periodGrid(
          { start: utc('2024-06-01T00:00Z'), end: utc('2024-06-02T00:00Z'), periodSeconds: 1800 },
          { zone: 'UTC+5:30' },
        ),
      ),
    ).toEqual(Array.from(a));
    expect(formatTimestamp(a[0]!, 'v3', { zone: 330 })).toBe(formatTimestamp(a[0]!, 'v3', { zone: 'UTC+5:30' }));
    expect(formatTimestamp(utc('2024-07-01T12:00Z'), 'v3', { zone: 'Europe/Berlin' })).toBe(
      '2024-07-01T14:00:00+02:00',
    );
    expect(formatTimestamp(utc('2024-01-01T12:00Z'), 'legacy', { zone: 'Europe/Berlin' })).toBe(
      '2024-01-01T12:00:00.0000000Z',
    );
    expect(zoneOffsetMinutes('Asia/Kolkata', utc('2024-01-01T00:00Z'))).toBe(330);
  });
  it('names the argument and the accepted forms for an unknown zone', () => {
    expect(() => periodGrid({ start: 0, end: 3600, periodSeconds: 3600 }, { zone: 'Mars/Olympus' })).toThrow(
      /zone 'Mars\/Olympus' is not a time zone: use an IANA name/,
    );
    expect(() => parseDateTime('2024-01-01T00:00', { zone: 'Nowhere/City' })).toThrow(/time zone 'Nowhere\/City'/);
    expect(() => resolveTimeZone(Number.NaN)).toThrow(/offset in minutes east of UTC/);
  });
  it('a PSM file without metadata takes a zone name for its standard time (America/Denver = -7 all year)', () => {
    const csv = 'Year,Month,Day,Hour,Minute,GHI\n2017,7,1,12,0,900\n2017,7,1,12,30,910\n';
    const byName = readPsm3(csv, { latitude: 40.5, longitude: -108.5, timeZone: 'America/Denver' });
    const byHours = readPsm3(csv, { latitude: 40.5, longitude: -108.5, timeZone: -7 });
    expect(Array.from(byName.periodEnd)).toEqual(Array.from(byHours.periodEnd));
    expect(byName.timeZone).toBe(-7);
  });
});

describe('grid properties in zones with DST (property)', () => {
  const zones = [
    'America/New_York',
    'Europe/Berlin',
    'Australia/Sydney',
    'America/Santiago',
    'Asia/Tehran',
    'Europe/London',
    'UTC',
  ];
  it('strictly increasing, aligned on the local clock, covering the window, and each stamp formats and parses back', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2035, 0, 1) / 1000 }),
        fc.integer({ min: 1, max: 24 * 20 }),
        fc.constantFrom(300, 900, 1800, 3600),
        (zone, start, hours, period) => {
          const end = start + hours * 3600;
          const g = periodGrid({ start, end, periodSeconds: period }, { zone });
          expect(g.length).toBeGreaterThan(0);
          expect(g[0]!).toBeGreaterThan(start);
          expect(g[0]! - period).toBeLessThanOrEqual(start);
          expect(g[g.length - 1]!).toBeGreaterThanOrEqual(end);
          const labels = formatTimestamps(g, 'v3', { zone });
          for (let i = 0; i < g.length; i++) {
            if (i > 0) expect(g[i]! - g[i - 1]!).toBe(period); // these zones change by whole half hours or hours
            if (i % 7 !== 0 && i !== g.length - 1) continue; // the zone lookups below cost ~25 us each
            const local = g[i]! + zoneOffsetMinutes(zone, g[i]!) * 60;
            expect(((local % period) + period) % period).toBe(0);
            expect(parseDateTime(labels[i]!)).toBe(g[i]);
          }
        },
      ),
      { numRuns: runs(60) },
    );
  });
});
