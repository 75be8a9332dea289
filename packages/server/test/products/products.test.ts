import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createProductContext } from '../../src/products/context.js';
import { normalizeQuery, parseParams } from '../../src/products/params.js';
import { radiation, radiationParams, validateRadiation } from '../../src/products/radiation.js';
import type { SeriesKind } from '../../src/products/request.js';
import { rooftop, rooftopParams, validateRooftop } from '../../src/products/rooftop.js';
import { soiling, soilingParams, validateSoiling, type SoilingModel } from '../../src/products/soiling.js';
import { fixedClock } from 'solarkit/internal';
import { runs } from '../../../../test/support/properties.js';

const NOW = Date.UTC(2026, 10, 20, 12, 7) / 1000;
const ctx = createProductContext({ clock: fixedClock(NOW) });

function values(defs: Parameters<typeof parseParams>[0], query: Record<string, string>) {
  const { values: v, errors } = parseParams(defs, normalizeQuery(query));
  expect(errors).toEqual([]);
  return v;
}

const place = fc.record({
  latitude: fc.double({ min: -60, max: 60, noNaN: true }).map((x) => x.toFixed(3)),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }).map((x) => x.toFixed(3)),
});

describe('rooftop product', () => {
  it('property: 0 <= power <= loss_factor x capacity, anywhere, any orientation', async () => {
    await fc.assert(
      fc.asyncProperty(
        place,
        fc.double({ min: 0.1, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: -180, max: 180 }),
        async (p, capacity, lossFactor, tilt, azimuth) => {
          const v = values(rooftopParams('historic'), {
            ...p,
            capacity: String(capacity),
            loss_factor: String(lossFactor),
            tilt: String(tilt),
            azimuth: String(azimuth),
            start: '2024-06-01',
            duration: 'P2D',
            period: 'PT60M',
          });
          const r = validateRooftop('historic', v, NOW);
          const t = await rooftop(r.request!, ctx);
          const power = t.columns[0]!.values as Float64Array;
          expect(power.length).toBe(48);
          for (const x of power) {
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(lossFactor * capacity * (1 + 1e-12));
          }
          // Not all zero, nor constant: between 60 S and 60 N two June days hold night hours (0) and
          // daylight hours, when at least the sky's diffuse light reaches any plane (a loss factor
          // below 1e-6 may round the power of a small system to nothing).
          expect(Math.min(...power)).toBe(0);
          if (lossFactor >= 1e-6) expect(Math.max(...power)).toBeGreaterThan(0);
        },
      ),
      { numRuns: runs(25) },
    );
  });

  it('forecast P10 <= P50 <= P90 power', async () => {
    const v = values(rooftopParams('forecast'), {
      latitude: '-33.86',
      longitude: '151.21',
      capacity: '5',
      hours: '72',
      output_parameters: 'pv_power_rooftop10,pv_power_rooftop,pv_power_rooftop90',
    });
    const t = await rooftop(validateRooftop('forecast', v, NOW).request!, ctx);
    expect(t.columns.map((c) => c.name)).toEqual(['pv_power_rooftop10', 'pv_power_rooftop', 'pv_power_rooftop90']);
    const [p10, p50, p90] = t.columns.map((c) => c.values as Float64Array);
    // 72 hours at the default PT30M; the spread is real in daylight (P10 < P90 somewhere).
    expect(p50!.length).toBe(144);
    expect(p10!.length).toBe(144);
    expect(p90!.length).toBe(144);
    expect(p90!.some((x, i) => x > p10![i]! + 1e-6)).toBe(true);
    for (let i = 0; i < p50!.length; i++) {
      expect(p10![i]!).toBeLessThanOrEqual(p50![i]! + 1e-9);
      expect(p50![i]!).toBeLessThanOrEqual(p90![i]! + 1e-9);
    }
  });
});

describe('soiling products', () => {
  it.each([
    ['hsu', 0.3437],
    ['kimber', 0.3],
  ] as [SoilingModel, number][])('%s loss stays in [0, its ceiling) over a month', async (model, ceiling) => {
    const v = values(soilingParams(model, 'historic'), {
      latitude: '29.977',
      longitude: '31.132',
      start: '2024-01-01',
      duration: 'P31D',
      period: 'PT60M',
    });
    const t = await soiling(validateSoiling(model, 'historic', v, NOW).request!, ctx);
    const loss = t.columns[0]!.values as Float64Array;
    expect(loss.length).toBe(744);
    for (const x of loss) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(ceiling);
    }
    expect(Math.max(...loss)).toBeGreaterThan(0);
    if (model === 'kimber') {
      // Kimber: each hour either clean (0) or 0.0015/24 more than the hour before, up to the ceiling.
      const perRow = 0.0015 / 24;
      for (let i = 1; i < loss.length; i++) {
        if (loss[i] === 0) continue;
        expect(loss[i]!).toBeCloseTo(Math.min(0.3, loss[i - 1]! + perRow), 12);
      }
    }
  });

  it.each(['hsu', 'kimber'] as SoilingModel[])(
    '%s live is newest first, and without cleaning the newest is the most soiled',
    async (model) => {
      const v = values(soilingParams(model, 'live'), {
        latitude: '29.977',
        longitude: '31.132',
        hours: '12',
        initial_soiling: '0.05',
        cleaning_threshold: '100',
      });
      const live = await soiling(validateSoiling(model, 'live', v, NOW).request!, ctx);
      const t = live.periodEnd;
      const loss = live.columns[0]!.values as Float64Array;
      // 12 hours at the default PT30M.
      expect(t.length).toBe(24);
      expect(loss.length).toBe(24);
      for (let i = 1; i < t.length; i++) expect(t[i]).toBeLessThan(t[i - 1]!);
      for (let i = 1; i < loss.length; i++) expect(loss[i - 1]!).toBeGreaterThanOrEqual(loss[i]! - 1e-12);
      // Soil accumulates over the 12 hours: the newest row is strictly dirtier than the oldest.
      expect(loss[0]!).toBeGreaterThan(loss[loss.length - 1]!);
    },
  );
});

describe('radiation product', () => {
  it.each(['historic', 'live', 'forecast'] as SeriesKind[])(
    '%s: the requested columns in order, GHI >= 0, zenith in [0, 180]',
    async (kind) => {
      const q: Record<string, string> = {
        latitude: '51.18',
        longitude: '-1.83',
        output_parameters: 'zenith,ghi,weather_type',
      };
      if (kind === 'historic') Object.assign(q, { start: '2024-06-20', duration: 'P1D' });
      const r = validateRadiation(kind, values(radiationParams(kind), q), NOW);
      const t = await radiation(r.request!, ctx);
      expect(t.columns.map((c) => c.name)).toEqual(['zenith', 'ghi', 'weather_type']);
      const zenith = t.columns[0]!.values as Float64Array;
      const ghi = t.columns[1]!.values as Float64Array;
      // One day (historic), the default 24 hours (live) and 48 hours (forecast), at PT30M.
      expect(ghi.length).toBe({ historic: 48, live: 48, forecast: 96 }[kind as 'historic' | 'live' | 'forecast']);
      expect(zenith.length).toBe(ghi.length);
      expect(t.columns[2]!.values.length).toBe(ghi.length);
      // Each window holds day and night at 51 N: the sun above and below the horizon, some GHI.
      expect(Math.min(...zenith)).toBeLessThan(90);
      expect(Math.max(...zenith)).toBeGreaterThan(90);
      expect(Math.max(...ghi)).toBeGreaterThan(0);
      for (let i = 0; i < ghi.length; i++) {
        expect(ghi[i]!).toBeGreaterThanOrEqual(0);
        expect(zenith[i]!).toBeGreaterThanOrEqual(0);
        expect(zenith[i]!).toBeLessThanOrEqual(180);
      }
      expect((t.columns[2]!.values as string[]).every((s) => typeof s === 'string' && s.length > 0)).toBe(true);
    },
  );
});
