import { describe, expect, it } from 'vitest';
import { releaseScratch, scratchColumn, scratchMark } from '../../src/util/scratch.js';
import { syntheticHistory } from '../../src/weather/history.js';
import { placeClimate } from '../../src/weather/climate.js';
import { weatherState } from '../../src/weather/state.js';

describe('scratch work columns', () => {
  it('stack: nested columns never share memory, come back zero-filled, and a release gives back the depth', () => {
    const outer = scratchMark();
    const a = scratchColumn(5);
    a.fill(7);
    const inner = scratchMark();
    const b = scratchColumn(5);
    expect(b.buffer).not.toBe(a.buffer);
    expect([...b]).toEqual([0, 0, 0, 0, 0]);
    b.fill(3);
    releaseScratch(inner);
    expect(scratchMark()).toBe(inner);
    // The same slot again: zero-filled by default, as left with `zeroed` false.
    expect([...scratchColumn(3)]).toEqual([0, 0, 0]);
    releaseScratch(inner);
    scratchColumn(5).fill(9);
    releaseScratch(inner);
    expect([...scratchColumn(2, false)]).toEqual([9, 9]);
    expect([...a]).toEqual([7, 7, 7, 7, 7]);
    releaseScratch(outer);
    expect(scratchMark()).toBe(outer);
  });

  it('a history computed after other places and lengths (the work columns reused) is the same to the last bit', () => {
    const place = { latitude: 45, longitude: 8, elevation: 250, continentality: 0.65 };
    const first = syntheticHistory(place, { firstYear: 2023, lastYear: 2024 });
    syntheticHistory({ latitude: -33.9, longitude: 151.2 }, { firstYear: 2021, lastYear: 2025 });
    syntheticHistory({ latitude: 69.6, longitude: 19 }, { firstYear: 2024, lastYear: 2024 });
    const again = syntheticHistory(place, { firstYear: 2023, lastYear: 2024 });
    for (const name of ['ghi', 'dni', 'airTemp', 'dewPoint', 'windSpeed'] as const)
      expect(again.columns[name], name).toEqual(first.columns[name]);
    expect(scratchMark()).toBe(0);
  });

  it('weatherState leaves the stack of work columns as it found it, with its arguments refused or computed', () => {
    const climate = placeClimate({ latitude: 45, longitude: 8 });
    expect(() => weatherState(climate, Float64Array.of(1.7e9), Number.NaN)).toThrow(/basePressure/);
    const lean = weatherState(
      climate,
      Float64Array.from({ length: 48 }, (_, i) => 1.7e9 + 3600 * i),
      1000,
      { lean: true },
    );
    expect(lean.airTemp.every(Number.isFinite)).toBe(true);
    expect(scratchMark()).toBe(0);
  });

  it('weatherState without its cloud columns: the same state to the last bit, its latent state a work column of the caller that a new state does not overwrite', () => {
    const climate = placeClimate({ latitude: -54.8, longitude: -68.3, elevation: 30 });
    // Ten days in 5-minute steps from a January noon, and the full state of the same instants.
    const times = Float64Array.from({ length: 2880 }, (_, i) => Date.UTC(2024, 0, 3, 12) / 1000 + 300 * i + 150);
    const full = weatherState(climate, times, 1005);
    const mark = scratchMark();
    const state = weatherState(climate, times, 1005, { lean: true, cloud: false });
    expect(state.clearSkyIndex.length).toBe(0);
    expect(state.opacity.length).toBe(0);
    const latent = Float64Array.from(state.latent);
    // Another state (and its work columns) while the caller still holds the first one's.
    weatherState(placeClimate({ latitude: 10, longitude: 20 }), times.subarray(0, 100), 900, {
      lean: true,
      cloud: false,
    });
    expect(state.latent).toEqual(latent);
    expect(latent).toEqual(full.latent);
    for (const name of ['airTemp', 'dewPoint', 'wind10'] as const) expect(state[name], name).toEqual(full[name]);
    expect(scratchMark()).toBeGreaterThan(mark);
    releaseScratch(mark);
    expect(scratchMark()).toBe(0);
  });
});
