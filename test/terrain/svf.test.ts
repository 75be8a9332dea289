import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { horizonFromArrays, skyViewFactor, tiltedDiffuseFactor } from '../../src/terrain/index.js';
import { runs } from '../support/properties.js';

const flat = horizonFromArrays([0, 90, 180, 270], [0, 0, 0, 0]);
const uniform = (e: number) => horizonFromArrays([0, 120, 240], [e, e, e]);
const DEG = Math.PI / 180;

describe('skyViewFactor (Dozier & Frew 1990)', () => {
  it('is 1 for a horizontal surface on open ground and cos^2 e under a uniform horizon', () => {
    expect(skyViewFactor(flat)).toBeCloseTo(1, 12);
    for (const e of [5, 20, 45, 70]) expect(skyViewFactor(uniform(e))).toBeCloseTo(Math.cos(e * DEG) ** 2, 9);
    // A horizon below the horizontal does not add sky to a horizontal surface.
    expect(skyViewFactor(uniform(-3))).toBeCloseTo(1, 12);
  });

  it('is (1 + cos S) / 2 for a tilted surface on open ground', () => {
    for (const tilt of [10, 30, 60, 90, 120]) {
      for (const az of [0, 135, 180, 250]) {
        expect(skyViewFactor(flat, { surfaceTilt: tilt, surfaceAzimuth: az })).toBeCloseTo(
          (1 + Math.cos(tilt * DEG)) / 2,
          5,
        );
        expect(tiltedDiffuseFactor(flat, { surfaceTilt: tilt, surfaceAzimuth: az })).toBeCloseTo(1, 5);
      }
    }
  });

  it('matches the closed form for a vertical wall under a uniform horizon', () => {
    // V = (H - sin H cos H) / pi with H the horizon's zenith angle.
    for (const e of [10, 30]) {
      const H = (90 - e) * DEG;
      expect(skyViewFactor(uniform(e), { surfaceTilt: 90, surfaceAzimuth: 180 })).toBeCloseTo(
        (H - Math.sin(H) * Math.cos(H)) / Math.PI,
        5,
      );
    }
  });

  it('loses more sky when the surface faces the high side of the horizon', () => {
    const southRidge = horizonFromArrays([0, 90, 180, 270], [0, 0, 30, 0]);
    const facingRidge = skyViewFactor(southRidge, { surfaceTilt: 30, surfaceAzimuth: 180 });
    expect(facingRidge).toBeLessThan(skyViewFactor(southRidge, { surfaceTilt: 30, surfaceAzimuth: 0 }));
  });

  it('stays in [0, 1] and never exceeds the open-sky value (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -5, max: 89, noNaN: true }), { minLength: 4, maxLength: 40 }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (elevations, tilt, az) => {
          const p = horizonFromArrays(
            elevations.map((_, i) => (i * 360) / elevations.length),
            elevations,
          );
          const v = skyViewFactor(p, { surfaceTilt: tilt, surfaceAzimuth: az, steps: 360 });
          const open = skyViewFactor(flat, { surfaceTilt: tilt, surfaceAzimuth: az, steps: 360 });
          return v >= 0 && v <= 1 && v <= open + 1e-9;
        },
      ),
      { numRuns: runs(200) },
    );
  });
});
