import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  groundSkyMaxRows,
  unshadedGroundFraction,
  vfGroundSkyIntegrated,
  vfRowGroundIntegrated,
  vfRowSkyIntegrated,
} from '../../src/bifacial/view-factors.js';
import { runs } from '../support/properties.js';

const DEG = Math.PI / 180;

/**
 * Sky view factor of a ground point at x (0..pitch, between rows 0 and 1), rows j in [-m, m+1]
 * as in the integrated kernel: the sky between the outermost rows, less every row's angular
 * extent. 2-D view factor of an angular interval [t1, t2] above a horizontal strip:
 * 0.5 (cos t1 - cos t2).
 */
function groundSkyPoint(x: number, rotation: number, gcr: number, height: number, pitch: number, m: number): number {
  const w = gcr * pitch;
  const dx = 0.5 * w * Math.cos(rotation * DEG);
  const dy = 0.5 * w * Math.sin(rotation * DEG);
  const intervals: [number, number][] = [];
  for (let j = -m; j <= m + 1; j++) {
    const t1 = Math.atan2(height - dy, j * pitch - dx - x);
    const t2 = Math.atan2(height + dy, j * pitch + dx - x);
    intervals.push([Math.min(t1, t2), Math.max(t1, t2)]);
  }
  // The considered sky: from the outermost right row's top to the outermost left row's bottom.
  const lo = intervals[intervals.length - 1]![1];
  const hi = intervals[0]![0];
  intervals.sort((p, q) => p[0] - q[0]);
  let vf = 0;
  let cursor = lo;
  for (const [a, b] of intervals) {
    if (b <= cursor) continue;
    if (a > cursor) vf += 0.5 * (Math.cos(cursor) - Math.cos(Math.min(a, hi)));
    cursor = Math.max(cursor, b);
    if (cursor >= hi) break;
  }
  if (cursor < hi) vf += 0.5 * (Math.cos(cursor) - Math.cos(hi));
  return vf;
}

/** Row-to-ground view factor, one crossed-strings evaluation per ground gap (pvlib's layout). */
function rowGroundSlatBySlat(tilt: number, gcr: number): number {
  const t = tilt > 179.9999 ? 179.9999 : tilt;
  const pitch = 1 / gcr;
  const lc = Math.cos(t * DEG);
  const ls = Math.sin(t * DEG);
  const ob = { rx: -pitch - 0.5001 * lc, y: 1 - 0.5001 * Math.abs(ls) };
  const olx = ob.rx + pitch;
  const a = [-0.5 * lc, 1 - 0.5 * ls] as const;
  const b = [0.5 * lc, 1 + 0.5 * ls] as const;
  const ang = (p: readonly number[], q: readonly number[]) => Math.atan2(q[1]! - p[1]!, q[0]! - p[0]!);
  const d = (p: readonly number[], q: readonly number[]) => Math.sqrt((p[0]! - q[0]!) ** 2 + (p[1]! - q[1]!) ** 2);
  const OL = [olx, ob.y] as const;
  const OR = [ob.rx, ob.y] as const;
  const str = (p: readonly number[], g: readonly number[]) => {
    let s = d(p, g);
    if (ang(p, g) - ang(p, OL) > 1e-8) s = d(p, OL) + d(OL, g);
    if (ang(p, OR) - ang(p, g) > 1e-8) s = d(p, OR) + d(OR, g);
    return s;
  };
  let total = 0;
  for (let k = -20; k < 20; k++) {
    const c = [k * pitch, 0];
    const dd = [(k + 1) * pitch, 0];
    const vf = 0.5 * (str(a, c) + str(b, dd) - (str(b, c) + str(a, dd)));
    if (vf > 0) total += vf;
  }
  return total;
}

/** Ground-to-sky view factor, pvlib's slat-by-slat layout with arctangent angle tests. */
function groundSkySlatBySlat(rotation: number, gcr: number, height: number, pitch: number, m: number): number {
  const w = gcr * pitch;
  const lc = w * Math.cos(rotation * DEG);
  const ls = w * Math.sin(rotation * DEG);
  const sign = Math.sign(rotation);
  const ang = (p: readonly number[], q: readonly number[]) => Math.atan2(q[1]! - p[1]!, q[0]! - p[0]!);
  const d = (p: readonly number[], q: readonly number[]) => Math.sqrt((p[0]! - q[0]!) ** 2 + (p[1]! - q[1]!) ** 2);
  const a = [0, 0];
  const b = [pitch, 0];
  let total = 0;
  for (let k = -m; k <= m; k++) {
    const c = [(k + 1) * pitch + sign * 0.5 * lc, height + sign * 0.5 * ls];
    const dd = [c[0]! - pitch, c[1]!];
    const left = [k * pitch - 0.5 * lc, height - 0.5 * ls];
    const right = [k * pitch + 0.5 * lc, height + 0.5 * ls];
    const OL = ang(a, left) > ang(a, right) ? right : left;
    const left2 = [left[0]! + pitch, left[1]!];
    const right2 = [right[0]! + pitch, right[1]!];
    const OR = ang(b, left2) > ang(b, right2) ? left2 : right2;
    const str = (p: readonly number[], g: readonly number[]) => {
      let s = d(p, g);
      if (ang(p, g) - ang(p, OL) > 1e-8) s = d(p, OL) + d(OL, g);
      if (ang(p, OR) - ang(p, g) > 1e-8) s = d(p, OR) + d(OR, g);
      return s;
    };
    const vf = (0.5 / pitch) * (str(a, c) + str(b, dd) - (str(b, c) + str(a, dd)));
    if (vf > 0) total += vf;
  }
  return total;
}

describe('row view factors', () => {
  it('a flat face sees the whole sky and none of the ground', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.95, noNaN: true }), (gcr) => {
        expect(vfRowSkyIntegrated(0, gcr)).toBeCloseTo(1, 12);
        expect(vfRowGroundIntegrated(0, gcr)).toBeCloseTo(0, 9);
      }),
    );
  });

  it('tend to the lone-tilted-plane values (1 +- cos tilt) / 2 as the rows spread apart', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 179, noNaN: true }), (tilt) => {
        const gcr = 1e-4;
        const c = Math.cos(tilt * DEG);
        expect(vfRowSkyIntegrated(tilt, gcr)).toBeCloseTo((1 + c) / 2, 3);
        expect(vfRowGroundIntegrated(tilt, gcr)).toBeCloseTo((1 - c) / 2, 3);
      }),
    );
  });

  it('a face a hair off looking straight down still sees the ground below it', () => {
    for (const d of [0, 1e-14, 1e-12, 1e-10, 1e-6]) {
      expect(vfRowGroundIntegrated(180 - d, 0.1)).toBeGreaterThan(0.9999);
      expect(vfRowSkyIntegrated(180 - d, 0.1)).toBeGreaterThanOrEqual(0);
    }
  });

  it('sky plus ground never exceeds the whole view, and neighbours take the rest', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        (tilt, gcr) => {
          const sky = vfRowSkyIntegrated(tilt, gcr);
          const ground = vfRowGroundIntegrated(tilt, gcr);
          expect(sky).toBeGreaterThanOrEqual(0);
          expect(ground).toBeGreaterThanOrEqual(0);
          expect(sky + ground).toBeLessThanOrEqual(1 + 1e-9);
          // Denser rows hide more sky.
          expect(vfRowSkyIntegrated(tilt, Math.min(1, gcr * 1.1))).toBeLessThanOrEqual(sky + 1e-12);
        },
      ),
    );
  });

  it('the shared-string row-to-ground sum equals the slat-by-slat crossed strings', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        (tilt, gcr) => {
          expect(vfRowGroundIntegrated(tilt, gcr)).toBeCloseTo(rowGroundSlatBySlat(tilt, gcr), 12);
        },
      ),
      { numRuns: runs(300) },
    );
    for (const tilt of [0, 1e-9, 25, 90, 155, 179.9999, 180]) {
      expect(vfRowGroundIntegrated(tilt, 0.4)).toBeCloseTo(rowGroundSlatBySlat(tilt, 0.4), 12);
    }
  });
});

describe('ground view factors', () => {
  it('ground-to-sky crossed strings equal the integral of the point view factor', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0.2, max: 0.8, noNaN: true }),
        fc.double({ min: 0.5, max: 3, noNaN: true }),
        fc.double({ min: 3, max: 10, noNaN: true }),
        (rotation, gcr, height, pitch) => {
          // Keep the rows clear of the ground.
          fc.pre(height > 0.5 * gcr * pitch * Math.abs(Math.sin(rotation * DEG)) + 0.05);
          const m = groundSkyMaxRows(height, pitch);
          const steps = 4000;
          let sum = 0;
          for (let s = 0; s < steps; s++)
            sum += groundSkyPoint(((s + 0.5) / steps) * pitch, rotation, gcr, height, pitch, m);
          expect(vfGroundSkyIntegrated(rotation, gcr, height, pitch, m)).toBeCloseTo(sum / steps, 5);
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it('ground-to-sky cross-product angle tests agree with the slat-by-slat arctangent layout', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        fc.double({ min: 2, max: 12, noNaN: true }),
        (rotation, gcr, height, pitch) => {
          const m = groundSkyMaxRows(height, pitch);
          // Includes rows that dip into the ground, where the kernel keeps the arctangents.
          expect(vfGroundSkyIntegrated(rotation, gcr, height, pitch, m)).toBeCloseTo(
            groundSkySlatBySlat(rotation, gcr, height, pitch, m),
            12,
          );
        },
      ),
      { numRuns: runs(300) },
    );
    for (const rotation of [0, 25, 90, 155, 180]) {
      expect(vfGroundSkyIntegrated(rotation, 0.4, 1.5, 5, 4)).toBeCloseTo(
        groundSkySlatBySlat(rotation, 0.4, 1.5, 5, 4),
        12,
      );
    }
  });

  it('the beam reaches all the ground with the sun overhead and flat rows spaced apart, none near the horizon', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.95, noNaN: true }), (gcr) => {
        expect(unshadedGroundFraction(0, 0, gcr)).toBeCloseTo(1 - gcr, 12);
        expect(unshadedGroundFraction(0, 86, gcr)).toBe(0);
      }),
    );
  });

  it('the sunlit ground fraction stays in [0, 1], and flat rows shade exactly gcr of each pitch', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        (rot, phi, gcr) => {
          const f = unshadedGroundFraction(rot, phi, gcr);
          expect(f).toBeGreaterThanOrEqual(0);
          expect(f).toBeLessThanOrEqual(1);
          // A flat row's shadow is as wide as the row itself: gcr of each pitch (while the shadows
          // stay within the ten rows either side that the model follows, hence |phi| <= 60 here).
          expect(unshadedGroundFraction(0, phi, gcr)).toBeCloseTo(1 - gcr, 9);
        },
      ),
    );
  });
});
