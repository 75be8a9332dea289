import { describe, expect, it } from 'vitest';
import { terrainHorizon } from '../../src/node/elevation.js';
import { createHorizonCache, horizonElevationAt, parsePvgisHorizon, skyViewFactor } from '../../src/terrain/index.js';
import { weatherText } from '../support/data.js';

const fixture = weatherText('pvgis_horizon_45.000_8.000.csv');

describe('parsePvgisHorizon', () => {
  it('reads the PVGIS horizon of 45 N 8 E (north-based two-column file)', () => {
    const p = parsePvgisHorizon(fixture);
    expect(p.azimuths.length).toBe(48);
    expect(p.azimuths[1]).toBe(7.5);
    expect(horizonElevationAt(p, 0)).toBe(9.9);
    expect(horizonElevationAt(p, 90)).toBe(10.3);
    expect(horizonElevationAt(p, 180)).toBe(4.6);
    expect(horizonElevationAt(p, 270)).toBe(0);
    expect(horizonElevationAt(p, 3.75)).toBeCloseTo((9.9 + 13) / 2, 12);
    expect(horizonElevationAt(p, 356.25)).toBeCloseTo((9.2 + 9.9) / 2, 12);
    // The Sandia Mountains to the north and east, the open Rio Grande valley to the west.
    const svf = skyViewFactor(p);
    expect(svf).toBeGreaterThan(0.9);
    expect(svf).toBeLessThan(1);
  });

  it('is north-based: it matches the coarse global-grid horizon of its true place, Albuquerque', async () => {
    // pvlib-python's test file (renamed here to 45 N 8 E) was fetched for 35.171051 N,
    // 106.465158 W, below the Sandia Mountains, and pvlib had already turned it north-based.
    const pvgis = parsePvgisHorizon(fixture);
    const coarse = await terrainHorizon(35.171051, -106.465158, {
      sectors: 48,
      demDirectory: '',
      cache: createHorizonCache(),
    });
    const correlation = (shift: number): number => {
      let sx = 0,
        sy = 0,
        sxx = 0,
        syy = 0,
        sxy = 0;
      for (let i = 0; i < 48; i++) {
        const x = coarse.elevations[i]!;
        const y = horizonElevationAt(pvgis, coarse.azimuths[i]! + shift);
        sx += x;
        sy += y;
        sxx += x * x;
        syy += y * y;
        sxy += x * y;
      }
      const n = 48;
      return (sxy / n - (sx * sy) / n / n) / Math.sqrt((sxx / n - (sx / n) ** 2) * (syy / n - (sy / n) ** 2));
    };
    expect(correlation(0)).toBeGreaterThan(0.7);
    expect(correlation(180)).toBeLessThan(0); // read as south-based, the mountains would sit in the west
  });

  it('converts PVGIS printhorizon CSV (azimuth from south) to degrees east of north', () => {
    const north = parsePvgisHorizon(fixture);
    const lines = [
      'Latitude (decimal degrees):\t45.000',
      'Longitude (decimal degrees):\t8.000',
      '',
      'A\tH_hor\tA_sun(w)\tH_sun(w)\tA_sun(s)\tH_sun(s)',
    ];
    for (let i = 0; i <= 48; i++) {
      const a = -180 + i * 7.5;
      lines.push(`${a.toFixed(1)}\t${horizonElevationAt(north, a + 180)}\t0.0\t0.0\t0.0\t0.0`);
    }
    lines.push('', 'A: Azimuth (0 = S, 90 = W, -90 = E) (degree)', 'H_hor: Horizon height (degree)');
    const p = parsePvgisHorizon(lines.join('\n'));
    expect(Array.from(p.azimuths)).toEqual(Array.from(north.azimuths));
    expect(Array.from(p.elevations)).toEqual(Array.from(north.elevations));
  });

  it('reads PVGIS JSON and the one-value-per-line upload format', () => {
    const json = JSON.stringify({
      outputs: {
        horizon_profile: [
          { A: -180, H_hor: 5 },
          { A: -90, H_hor: 6 },
          { A: 0, H_hor: 7 },
          { A: 90, H_hor: 8 },
          { A: 180, H_hor: 5 },
        ],
      },
    });
    const p = parsePvgisHorizon(json);
    expect(Array.from(p.azimuths)).toEqual([0, 90, 180, 270]);
    expect(Array.from(p.elevations)).toEqual([5, 6, 7, 8]);
    const bare = parsePvgisHorizon('1\n2\n3\n4\n5\n6\n7\n8\n');
    expect(Array.from(bare.azimuths)).toEqual([0, 45, 90, 135, 180, 225, 270, 315]);
    expect(horizonElevationAt(bare, 45)).toBe(2);
    expect(() => parsePvgisHorizon('nothing here')).toThrow();
  });
});
