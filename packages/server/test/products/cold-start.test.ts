/**
 * Cold start (issue 20): the server's start-up warm-up takes the TMY path before the first request,
 * and a TMY request near an imported typical-year file reuses the place's cached selection instead
 * of computing the 19-year history again. Checked by counting selections (never by timing).
 */
import { describe, expect, it, vi } from 'vitest';
import { readTmy3, type TypicalYearRequest } from 'solarkit';
import { createServer } from '../../src/app.js';
import { createProductContext, type WeatherNeed } from '../../src/products/context.js';
import { tmyWindow } from '../../src/products/common.js';
import { DEFAULT_TMY_REQUEST } from '../../src/products/request.js';
import { WARM_UP_DRILLS, WARM_UP_PLACE } from '../../src/warm-up.js';
import { weatherText } from '../../../../test/support/data.js';

// Every call of the core's typicalYearFor, with the selection it was handed; the years of every
// syntheticTypicalYear (the warm-up's drills take a short history).
const handed = vi.hoisted(() => [] as unknown[]);
const selectionYears = vi.hoisted(() => [] as string[]);
vi.mock('solarkit', async (importOriginal) => {
  const real = await importOriginal<typeof import('solarkit')>();
  return {
    ...real,
    typicalYearFor: (req: TypicalYearRequest) => {
      handed.push(req.selection);
      return real.typicalYearFor(req);
    },
    syntheticTypicalYear: (...args: Parameters<typeof real.syntheticTypicalYear>) => {
      selectionYears.push(`${args[1]?.firstYear ?? 2007}-${args[1]?.lastYear ?? 2025}`);
      return real.syntheticTypicalYear(...args);
    },
  };
});

const NOW = Date.UTC(2026, 10, 20, 12, 7) / 1000;
const clock = { now: () => NOW };

describe('cold start', () => {
  it('warms up before the server is ready when asked: one TMY selection made at start, none without', async () => {
    const cold = await createServer({ dbPath: ':memory:', clock });
    expect(cold.solarkit.products.stats.tmySelections).toBe(0);
    await cold.close();
    selectionYears.length = 0;
    const warm = await createServer({ dbPath: ':memory:', clock, warmUp: true });
    expect(warm.solarkit.products.stats.tmySelections).toBe(1);
    // With a compute pool the main thread computes no TMY request: no drills there.
    expect(selectionYears).toEqual(['2007-2025']);
    // The warm-up's place is cached: a TMY there computes no second selection.
    const need: WeatherNeed = {
      ...WARM_UP_PLACE,
      tilt: 30,
      azimuth: 0,
      arrayType: 'fixed',
      terrainShading: false,
      kind: 'tmy',
      window: tmyWindow({}, 0),
      now: NOW,
      tmy: DEFAULT_TMY_REQUEST,
    };
    await warm.solarkit.products.weatherColumns(need, ['ghi']);
    expect(warm.solarkit.products.stats.tmySelections).toBe(1);
    await warm.close();
  });

  it('without a compute pool, the warm-up also drills the TMY path: short selections elsewhere, none cached', async () => {
    selectionYears.length = 0;
    const warm = await createServer({ dbPath: ':memory:', clock, warmUp: true, compute: { threads: 0 } });
    expect(warm.solarkit.products.stats.tmySelections).toBe(1);
    expect(selectionYears).toEqual(['2007-2025', ...Array.from({ length: WARM_UP_DRILLS }, () => '2021-2025')]);
    await warm.close();
  });

  it("a TMY near an imported typical-year file reuses the place's cached selection", async () => {
    const file = readTmy3(weatherText('tmy3_sand_point_ak_703165.csv'));
    let imported: (typeof file)[] = [];
    const ctx = createProductContext({
      clock,
      typicalSeries: () => imported,
      place: () => ({ elevation: 7, continentality: 0.1 }),
    });
    const need: WeatherNeed = {
      latitude: 55.32,
      longitude: -160.52,
      tilt: 30,
      azimuth: 180,
      arrayType: 'fixed',
      terrainShading: false,
      kind: 'tmy',
      window: tmyWindow({}, 0),
      now: NOW,
      tmy: DEFAULT_TMY_REQUEST,
    };
    // Before the import: the synthetic TMY, whose selection the context keeps.
    const synthetic = await ctx.weatherColumns(need, ['ghi']);
    expect(ctx.stats.tmySelections).toBe(1);
    expect(handed).toHaveLength(0);
    // After it: the file's year, built on the same cached selection (no second history).
    imported = [file];
    const fromFile = await ctx.weatherColumns(need, ['ghi']);
    expect(ctx.stats.tmySelections).toBe(1);
    expect(handed).toHaveLength(1);
    expect(handed[0]).toBeDefined();
    // And a later request there again computes none.
    await ctx.weatherColumns(need, ['ghi', 'airTemp']);
    expect(ctx.stats.tmySelections).toBe(1);
    expect(handed).toHaveLength(2);
    expect(handed[1]).toBe(handed[0]);
    // The file's values are what is served, not the synthetic ones of the first request.
    expect(Array.from(fromFile.ghi as Float64Array)).not.toEqual(Array.from(synthetic.ghi as Float64Array));
  });
});
