import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  durationSeconds,
  formatTimestamp,
  formatTimestamps,
  parseDateTime,
  parseDuration,
  periodGrid,
} from '../../src/time/index.js';
import { forecastGrid, liveGrid } from '../../src/time/grid.js';
import { runs } from '../support/properties.js';

const utc = (iso: string) => Date.parse(iso) / 1000;
const API_PERIODS = [300, 600, 900, 1200, 1800, 3600];

describe('periodGrid', () => {
  it('gives the 145 rows of the contract example', () => {
    const start = parseDateTime('2022-10-25T14:45:00Z');
    const end = start + durationSeconds(parseDuration('P3D'));
    const grid = periodGrid({ start, end, periodSeconds: 1800 });
    expect(grid.length).toBe(145);
    expect(grid[0]).toBe(utc('2022-10-25T15:00:00Z'));
    expect(grid[144]).toBe(utc('2022-10-28T15:00:00Z'));
  });

  it('joins month-by-month windows without overlap or gap', () => {
    const jan = periodGrid({
      start: utc('2023-01-01T00:00:00Z'),
      end: utc('2023-02-01T00:00:00Z'),
      periodSeconds: 3600,
    });
    const feb = periodGrid({
      start: utc('2023-02-01T00:00:00Z'),
      end: utc('2023-03-01T00:00:00Z'),
      periodSeconds: 3600,
    });
    expect(jan.length).toBe(31 * 24);
    expect(feb[0]! - jan[jan.length - 1]!).toBe(3600);
  });

  it('aligns to midnight of the zone', () => {
    // +05:45: period ends at whole half hours of local time = :15 and :45 UTC
    const g = periodGrid(
      { start: utc('2024-01-01T00:00:00Z'), end: utc('2024-01-01T03:00:00Z'), periodSeconds: 1800 },
      { zone: 345 },
    );
    for (const t of g) expect((((t + 345 * 60) % 1800) + 1800) % 1800).toBe(0);
    expect(g[0]).toBe(utc('2024-01-01T00:15:00Z'));
  });

  it('holds its properties for any window, period and zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_167_609_600, max: 2_000_000_000 }),
        fc.integer({ min: 1, max: 31 * 86_400 }),
        fc.constantFrom(...API_PERIODS),
        fc.integer({ min: -52, max: 52 }).map((q) => q * 15),
        (start, length, period, offset) => {
          const end = start + length;
          const g = periodGrid({ start, end, periodSeconds: period }, { zone: offset });
          expect(g.length).toBeGreaterThan(0);
          let misaligned = 0;
          let uneven = 0;
          for (let i = 0; i < g.length; i++) {
            if ((((g[i]! + offset * 60) % period) + period) % period !== 0) misaligned++;
            if (i > 0 && g[i]! - g[i - 1]! !== period) uneven++; // strictly increasing, evenly spaced
          }
          expect({ misaligned, uneven }).toEqual({ misaligned: 0, uneven: 0 });
          // overlap rule: first and last overlap the window, their neighbours do not
          expect(g[0]! > start && g[0]! - period <= start).toBe(true);
          expect(g[g.length - 1]! - period < end && g[g.length - 1]! >= end).toBe(true);
          // count matches the window
          const expected = Math.ceil((end + offset * 60) / period) - Math.floor((start + offset * 60) / period);
          expect(g.length).toBe(expected);
        },
      ),
      { numRuns: runs(500) },
    );
  });
});

describe('live and forecast grids', () => {
  const now = utc('2026-11-15T10:40:00Z');

  it('live: complete periods in (now - hours, now], newest first', () => {
    const g = liveGrid({ now, hours: 24, periodSeconds: 1800 });
    expect(g.length).toBe(48);
    expect(g[0]).toBe(utc('2026-11-15T10:30:00Z'));
    expect(g[47]).toBe(utc('2026-11-14T11:00:00Z'));
    for (let i = 1; i < g.length; i++) expect(g[i - 1]! - g[i]!).toBe(1800);
  });

  it('forecast: periods ending in (now, now + hours], oldest first', () => {
    const g = forecastGrid({ now, hours: 48, periodSeconds: 3600 });
    expect(g.length).toBe(48);
    expect(g[0]).toBe(utc('2026-11-15T11:00:00Z'));
    expect(g[47]).toBe(utc('2026-11-17T10:00:00Z'));
  });

  it('live and forecast meet at now without overlap, for any now', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_500_000_000, max: 2_000_000_000 }), fc.constantFrom(...API_PERIODS), (t, p) => {
        const live = liveGrid({ now: t, hours: 24, periodSeconds: p });
        const fcst = forecastGrid({ now: t, hours: 24, periodSeconds: p });
        expect(live[0]!).toBeLessThanOrEqual(t);
        expect(fcst[0]!).toBeGreaterThan(t);
        expect(fcst[0]! - live[0]!).toBe(p);
        expect(live.length).toBe(Math.round((24 * 3600) / p));
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('timestamp formatting', () => {
  it('writes both styles', () => {
    const t = utc('2026-11-15T10:30:00Z');
    expect(formatTimestamp(t, 'legacy')).toBe('2026-11-15T10:30:00.0000000Z');
    expect(formatTimestamp(t, 'v3')).toBe('2026-11-15T10:30:00+00:00');
    expect(formatTimestamp(t, 'v3', { zone: 330 })).toBe('2026-11-15T16:00:00+05:30');
    expect(formatTimestamp(t, 'v3', { zone: -600 })).toBe('2026-11-15T00:30:00-10:00');
    expect(formatTimestamp(t, 'legacy', { zone: 330 })).toBe('2026-11-15T10:30:00.0000000Z'); // legacy is always UTC
    expect(formatTimestamp(t + 0.25, 'legacy')).toBe('2026-11-15T10:30:00.2500000Z');
    expect(formatTimestamp(utc('1969-12-31T23:59:59Z'), 'v3')).toBe('1969-12-31T23:59:59+00:00');
  });

  it('format then parse returns the same instant, in both styles and any zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2_208_988_800, max: 4_102_444_800 }), // 1900..2100
        fc.integer({ min: -52, max: 52 }).map((q) => q * 15),
        (t, offset) => {
          expect(parseDateTime(formatTimestamp(t, 'v3', { zone: offset }))).toBe(t);
          expect(parseDateTime(formatTimestamp(t, 'legacy', { zone: offset }))).toBe(t);
        },
      ),
      { numRuns: runs(1000) },
    );
  });

  it('formats a column exactly as stamp by stamp', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4_102_444_800 }), { minLength: 1, maxLength: 50 }),
        fc.constantFrom<'legacy' | 'v3'>('legacy', 'v3'),
        fc.integer({ min: -52, max: 52 }).map((q) => q * 15),
        (stamps, style, offset) => {
          const col = Float64Array.from(stamps);
          expect(formatTimestamps(col, style, { zone: offset })).toEqual(
            stamps.map((s) => formatTimestamp(s, style, { zone: offset })),
          );
        },
      ),
    );
  });
});
