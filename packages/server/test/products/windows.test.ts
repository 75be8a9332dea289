import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apiAzimuthToPvlib,
  apiTrackerAxisToPvlib,
  historicWindow,
  liveWindow,
  forecastWindow,
  pvlibAzimuthToApi,
  tmyWindow,
} from '../../src/products/common.js';
import type { FieldError } from '../../src/products/params.js';

const NOW = Date.UTC(2026, 10, 20, 12, 7) / 1000;

describe('historic window', () => {
  it('gives 145 rows from 15:00 on day 0 to 15:00 on day 3 for start 14:45, P3D, PT30M', () => {
    const errors: FieldError[] = [];
    const w = historicWindow(
      { start: '2022-10-25T14:45:00Z', duration: 'P3D', period: 'PT30M' },
      NOW,
      'end-or-duration',
      0,
      errors,
    );
    expect(errors).toEqual([]);
    expect(w!.periodEnd.length).toBe(145);
    expect(w!.periodEnd[0]).toBe(Date.UTC(2022, 9, 25, 15) / 1000);
    expect(w!.periodEnd[144]).toBe(Date.UTC(2022, 9, 28, 15) / 1000);
  });

  it('joins month-by-month requests without overlap or gap', () => {
    const errors: FieldError[] = [];
    const a = historicWindow(
      { start: '2024-01-01', end: '2024-02-01', period: 'PT60M' },
      NOW,
      'end-or-duration',
      0,
      errors,
    )!;
    const b = historicWindow(
      { start: '2024-02-01', end: '2024-03-01', period: 'PT60M' },
      NOW,
      'end-or-duration',
      0,
      errors,
    )!;
    expect(errors).toEqual([]);
    expect(b.periodEnd[0]! - a.periodEnd[a.periodEnd.length - 1]!).toBe(3600);
    expect(a.periodEnd.length).toBe(31 * 24);
  });

  it('reads a start without zone in the time zone given', () => {
    const errors: FieldError[] = [];
    const w = historicWindow(
      { start: '2024-01-01 00:00', duration: 'PT1H', period: 'PT60M' },
      NOW,
      'end-or-duration',
      600,
      errors,
    )!;
    expect(w.periodEnd[0]).toBe(Date.UTC(2023, 11, 31, 15) / 1000);
  });

  it.each([
    [{ start: '2024-01-01', end: '2024-01-02', duration: 'P2D' }, 'end-or-duration', 'duration'],
    [{ start: '2024-01-01', end: '2024-01-02', duration: 'P1D' }, 'exactly-one', 'duration'],
    [{ start: '2024-01-01' }, 'end-or-duration', 'end'],
    [{ start: '2024-01-01', duration: 'P32D' }, 'end-or-duration', 'duration'],
    [{ start: '2006-12-31T23:00Z', duration: 'PT2H' }, 'end-or-duration', 'start'],
    [{ start: '2026-11-13T11:00Z', duration: 'PT2H' }, 'end-or-duration', 'duration'],
    [{ start: '2024-01-02', end: '2024-01-01' }, 'end-or-duration', 'end'],
    [{ start: 'yesterday', end: '2024-01-01' }, 'end-or-duration', 'start'],
  ] as const)('refuses %j (%s) naming %s', (values, rule, field) => {
    const errors: FieldError[] = [];
    expect(historicWindow({ ...values, period: 'PT30M' }, NOW, rule, 0, errors)).toBeUndefined();
    expect(errors[0]!.field_name).toBe(field);
  });

  it('accepts both end and duration when they agree, and exactly 31 days', () => {
    const errors: FieldError[] = [];
    expect(
      historicWindow(
        { start: '2024-01-01', end: '2024-01-02', duration: 'P1D', period: 'PT30M' },
        NOW,
        'end-or-duration',
        0,
        errors,
      ),
    ).toBeDefined();
    expect(
      historicWindow({ start: '2024-01-01', duration: 'P31D', period: 'PT30M' }, NOW, 'end-or-duration', 0, errors),
    ).toBeDefined();
    expect(errors).toEqual([]);
  });
});

describe('live, forecast and TMY windows', () => {
  it('live: periods ending in (now - hours, now], newest first', () => {
    const w = liveWindow({ hours: 3, period: 'PT30M' }, NOW, 0);
    expect(w.periodEnd.length).toBe(6);
    expect(w.periodEnd[0]).toBe(Date.UTC(2026, 10, 20, 12, 0) / 1000);
    for (let i = 1; i < w.periodEnd.length; i++) expect(w.periodEnd[i]).toBeLessThan(w.periodEnd[i - 1]!);
    expect(w.periodEnd[5]! > NOW - 3 * 3600).toBe(true);
  });

  it('forecast: periods ending in (now, now + hours], oldest first', () => {
    const w = forecastWindow({ hours: 2, period: 'PT60M' }, NOW, 0);
    expect(Array.from(w.periodEnd)).toEqual([Date.UTC(2026, 10, 20, 13) / 1000, Date.UTC(2026, 10, 20, 14) / 1000]);
  });

  it('TMY: the whole of 2059 at the period', () => {
    const w = tmyWindow({ period: 'PT60M' }, 0);
    expect(w.periodEnd.length).toBe(8760);
    expect(w.periodEnd[0]).toBe(Date.UTC(2059, 0, 1, 1) / 1000);
    expect(w.periodEnd[8759]).toBe(Date.UTC(2060, 0, 1) / 1000);
  });
});

describe('azimuth conventions', () => {
  it("maps the API azimuth (east negative) to the core's (pvlib: east 90)", () => {
    expect(apiAzimuthToPvlib(-90)).toBe(90);
    expect(apiAzimuthToPvlib(90)).toBe(270);
    expect(apiAzimuthToPvlib(180)).toBe(180);
    expect(apiAzimuthToPvlib(-180)).toBe(180);
    expect(apiAzimuthToPvlib(0)).toBe(0);
    expect(Object.is(apiAzimuthToPvlib(-0), 0)).toBe(true);
    expect(apiAzimuthToPvlib(135)).toBe(225);
  });
  it("maps the core's solar azimuth back to the API's [-180, 180), and round-trips", () => {
    expect(pvlibAzimuthToApi(90)).toBe(-90);
    expect(pvlibAzimuthToApi(270)).toBe(90);
    expect(pvlibAzimuthToApi(180)).toBe(-180);
    expect(pvlibAzimuthToApi(0)).toBe(0);
    fc.assert(
      fc.property(fc.double({ min: -180, max: 179.999, noNaN: true }), (a) => {
        expect(pvlibAzimuthToApi(apiAzimuthToPvlib(a))).toBeCloseTo(a, 9);
      }),
    );
  });
  it("names a north-south tracker axis 180 in the core (API 0), and turns it with the API's azimuth", () => {
    expect(apiTrackerAxisToPvlib(0)).toBe(180);
    expect(apiTrackerAxisToPvlib(10)).toBe(170);
    expect(apiTrackerAxisToPvlib(-10)).toBe(190);
    expect(apiTrackerAxisToPvlib(180)).toBe(0);
  });
});
