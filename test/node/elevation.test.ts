import { describe, expect, it } from 'vitest';
import { globalElevation, isLand, landFraction, siteElevation } from '../../src/node/elevation.js';
import { decodeGlobalElevation, GLOBAL_ELEVATION_COLUMNS, GLOBAL_ELEVATION_ROWS } from '../../src/terrain/global.js';

describe('embedded 5 arc-minute elevation grid', () => {
  it('gives the elevation of known places within its coarse accuracy', () => {
    // Known elevations: Denver 1,609 m, La Paz (El Alto plateau) ~3,640 m, Amsterdam ~0 m,
    // Lhasa 3,656 m, Mexico City 2,240 m. The grid's cells are ~9 km wide, so allow ~300 m.
    expect(siteElevation(39.7392, -104.9903)).toBeGreaterThan(1300);
    expect(siteElevation(39.7392, -104.9903)).toBeLessThan(1900);
    expect(Math.abs(siteElevation(52.3676, 4.9041))).toBeLessThan(60);
    // La Paz sits in a canyon below the El Alto plateau (~4,000 m) that fills most of its cell.
    expect(Math.abs(siteElevation(-16.5, -68.15) - 3640)).toBeLessThan(500);
    expect(Math.abs(siteElevation(29.65, 91.1) - 3656)).toBeLessThan(500);
    expect(Math.abs(siteElevation(19.43, -99.13) - 2240)).toBeLessThan(300);
  });

  it('marks land and sea', () => {
    expect(isLand(39.74, -104.99)).toBe(true);
    expect(isLand(48.85, 2.35)).toBe(true);
    expect(isLand(0, -140)).toBe(false); // central Pacific
    expect(isLand(45, -30)).toBe(false); // mid Atlantic
    expect(siteElevation(0, -140)).toBe(0);
    expect(landFraction(0, -140, { radiusDegrees: 2 })).toBe(0);
    expect(landFraction(50, 90, { radiusDegrees: 2 })).toBe(1); // inner Asia
    const f = landFraction(52.37, 4.9, { radiusDegrees: 2 }); // coastal Netherlands
    expect(f).toBeGreaterThan(0.2);
    expect(f).toBeLessThan(0.9);
  });

  it('is loaded once and reused', () => {
    const a = globalElevation();
    siteElevation(10, 10);
    expect(globalElevation()).toBe(a);
    expect(a.grid.values.shape).toEqual([GLOBAL_ELEVATION_ROWS, GLOBAL_ELEVATION_COLUMNS]);
  });

  it('decodes v*28-450 and 255 as sea', () => {
    const raw = new Uint8Array(GLOBAL_ELEVATION_ROWS * GLOBAL_ELEVATION_COLUMNS).fill(255);
    raw[0] = 0;
    raw[1] = 100;
    raw[2] = 254;
    const g = decodeGlobalElevation(raw);
    expect(g.grid.values.get(0, 0)).toBe(-450);
    expect(g.grid.values.get(0, 1)).toBe(2350);
    expect(g.grid.values.get(0, 2)).toBe(6662);
    expect(g.grid.values.get(0, 3)).toBe(0);
    expect(g.land.get(0, 2)).toBe(1);
    expect(g.land.get(0, 3)).toBe(0);
    expect(() => decodeGlobalElevation(new Uint8Array(10))).toThrow(RangeError);
  });
});
