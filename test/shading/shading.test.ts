import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  directMartinez,
  groundAngle,
  maskingAngle,
  maskingAnglePassias,
  projectedSolarZenithAngle,
  shadedFraction1d,
  skyDiffusePassias,
} from '../../src/shading/index.js';
import { singleAxis } from '../../src/tracking/index.js';
import { runs } from '../support/properties.js';

// pvlib's values at ordinary and extreme inputs are reference cases (fixtures/reference/shading.json,
// scripts/pvlib/shading.py); this file checks the physics, pvlib's documented examples and the errors.

const f64 = (...v: number[]) => Float64Array.from(v);

describe('projectedSolarZenithAngle', () => {
  it('is the true-tracking rotation of a single-axis tracker (singleAxis without backtracking or limits)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 89, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true, maxExcluded: true }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true, maxExcluded: true }),
        (zenith, azimuth, axisTilt, axisAzimuth) => {
          const psz = projectedSolarZenithAngle(
            { solarZenith: zenith, solarAzimuth: azimuth },
            { axisTilt, axisAzimuth },
          );
          const t = singleAxis(
            { apparentZenith: zenith, solarAzimuth: azimuth },
            { axisTilt, axisAzimuth, maxAngle: 180, backtrack: false },
          );
          // singleAxis runs on tabulated trigonometry (src/util/trig-tables.ts, errors below 1e-9
          // degree) and folds the rotation into [-90, 90] where the sun is behind the axis's plane.
          const d = Math.abs(psz[0]! - t.trackerTheta[0]!);
          expect(Math.min(d, Math.abs(d - 180))).toBeLessThan(1e-6);
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('is the zenith for a sun across the axis and 0 for a sun along it', () => {
    const across = projectedSolarZenithAngle({ solarZenith: f64(10, 50, 95), solarAzimuth: 270 }, { axisAzimuth: 180 });
    expect(Array.from(across, (v) => Math.round(v * 1e9) / 1e9)).toEqual([10, 50, 95]);
    const east = projectedSolarZenithAngle({ solarZenith: 40, solarAzimuth: 90 }, { axisAzimuth: 180 });
    expect(east[0]).toBeCloseTo(-40, 12);
    const along = projectedSolarZenithAngle({ solarZenith: f64(10, 60), solarAzimuth: 180 }, { axisAzimuth: 180 });
    expect(Math.abs(along[0]!)).toBeLessThan(1e-12);
    expect(Math.abs(along[1]!)).toBeLessThan(1e-12);
  });

  it('gives NaN for NaN and writes into out', () => {
    const out = new Float64Array(2);
    const r = projectedSolarZenithAngle(
      { solarZenith: f64(Number.NaN, 30), solarAzimuth: 200 },
      { axisAzimuth: 180 },
      out,
    );
    expect(r).toBe(out);
    expect(r[0]).toBeNaN();
    expect(r[1]).not.toBeNaN();
  });

  it('names the function, the argument and the unit', () => {
    expect(() => projectedSolarZenithAngle({ solarZenith: 30, solarAzimuth: 200 }, {} as never)).toThrow(
      /projectedSolarZenithAngle: options.axisAzimuth must be a number \(degrees east of north\)/,
    );
    expect(() =>
      projectedSolarZenithAngle({ solarZenith: [30] as never, solarAzimuth: 200 }, { axisAzimuth: 180 }),
    ).toThrow(/solarZenith must be a Float64Array or a number \(degrees\)/);
    expect(() =>
      projectedSolarZenithAngle({ solarZenith: 30, solarAzimuth: 200 }, { axisAzimuth: 180, axisTilt: 95 }),
    ).toThrow(RangeError);
  });
});

describe('shadedFraction1d', () => {
  it("gives pvlib's documented examples", () => {
    const fixed = shadedFraction1d(
      { solarZenith: 80, solarAzimuth: 135, shadedRowRotation: 30, shadingRowRotation: 30 },
      { axisAzimuth: 90, collectorWidth: 2, pitch: 3, surfaceToAxisOffset: 0.05 },
    );
    expect(fixed[0]).toBeCloseTo(0.47755694708090535, 12);
    const north = shadedFraction1d(
      { solarZenith: 80, solarAzimuth: 75.5, shadedRowRotation: 50, shadingRowRotation: 30 },
      { axisAzimuth: 270, collectorWidth: 2.5, pitch: 4, axisTilt: 10, surfaceToAxisOffset: 0.05 },
    );
    expect(north[0]).toBeCloseTo(0.793244836197256, 12);
    const rows = { axisAzimuth: 180, collectorWidth: 1.4, pitch: 3, surfaceToAxisOffset: 0.1, crossAxisSlope: 7 };
    const morning = shadedFraction1d({ solarZenith: 80, solarAzimuth: 90, shadedRowRotation: -30 }, rows);
    expect(morning[0]).toBeCloseTo(0.8242176864434579, 12);
    const afternoon = shadedFraction1d({ solarZenith: 80, solarAzimuth: 270, shadedRowRotation: 30 }, rows);
    expect(afternoon[0]).toBeCloseTo(0.018002567182254348, 12);
  });

  it('is 0 on the rotations of a backtracking tracker and positive when it tracks the low sun', () => {
    // Backtracking (Anderson & Mikofski 2020) rotates just far enough that a row's shadow ends at
    // the next row's edge: the shaded fraction is 0 up to rounding. True tracking at the same sun
    // shades the rows whenever backtracking had to act.
    fc.assert(
      fc.property(
        fc.double({ min: 60, max: 88, noNaN: true }),
        fc.double({ min: 45, max: 135, noNaN: true }),
        fc.double({ min: 0.2, max: 0.6, noNaN: true }),
        (zenith, azimuth, gcr) => {
          const sun = { apparentZenith: zenith, solarAzimuth: azimuth };
          const back = singleAxis(sun, { axisAzimuth: 180, maxAngle: 90, backtrack: true, gcr });
          const track = singleAxis(sun, { axisAzimuth: 180, maxAngle: 90, backtrack: false, gcr });
          const rows = { axisAzimuth: 180, collectorWidth: gcr * 5, pitch: 5 };
          const at = (rotation: number) =>
            shadedFraction1d({ solarZenith: zenith, solarAzimuth: azimuth, shadedRowRotation: rotation }, rows)[0]!;
          expect(at(back.trackerTheta[0]!)).toBeLessThan(1e-9);
          if (Math.abs(track.trackerTheta[0]! - back.trackerTheta[0]!) > 1e-6) {
            expect(at(track.trackerTheta[0]!)).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: runs(100) },
    );
  });

  it('without a shading row rotation, gives the doubles of the same rotation given for both rows', () => {
    // The loop takes the cosine and sine once when the two rows share a rotation: the same doubles.
    const n = 64;
    const zenith = new Float64Array(n);
    const azimuth = new Float64Array(n);
    const rotation = new Float64Array(n);
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 100 }), fc.double({ min: 0, max: 360 }), fc.double({ min: -90, max: 90 })),
          {
            minLength: n,
            maxLength: n,
          },
        ),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        (rows, offset, slope) => {
          rows.forEach(([z, a, r], i) => {
            zenith[i] = z;
            azimuth[i] = a;
            rotation[i] = r;
          });
          const geometry = {
            axisAzimuth: 180,
            collectorWidth: 2,
            pitch: 5,
            surfaceToAxisOffset: offset,
            crossAxisSlope: slope,
          };
          const one = shadedFraction1d(
            { solarZenith: zenith, solarAzimuth: azimuth, shadedRowRotation: rotation },
            geometry,
          );
          const both = shadedFraction1d(
            {
              solarZenith: zenith,
              solarAzimuth: azimuth,
              shadedRowRotation: rotation,
              shadingRowRotation: rotation.slice(),
            },
            geometry,
          );
          for (let i = 0; i < n; i++) expect(Object.is(one[i], both[i]), `row ${i}`).toBe(true);
        },
      ),
      { numRuns: runs(50) },
    );
  });

  it('stays in [0, 1] and gives NaN for NaN', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 90, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: -90, max: 90, noNaN: true }),
        (zenith, azimuth, rotation) => {
          const s = shadedFraction1d(
            { solarZenith: zenith, solarAzimuth: azimuth, shadedRowRotation: rotation },
            { axisAzimuth: 180, collectorWidth: 2, pitch: 4, surfaceToAxisOffset: 0.1, crossAxisSlope: 5 },
          )[0]!;
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: runs(200) },
    );
    const r = shadedFraction1d(
      { solarZenith: f64(70, 70), solarAzimuth: 100, shadedRowRotation: f64(-30, Number.NaN) },
      { axisAzimuth: 180, collectorWidth: 2, pitch: 4 },
    );
    expect(r[0]).toBeGreaterThan(0);
    expect(r[1]).toBeNaN();
  });

  it('names the function, the argument and the unit', () => {
    const input = { solarZenith: 70, solarAzimuth: 100, shadedRowRotation: -30 };
    expect(() => shadedFraction1d(input, { axisAzimuth: 180, collectorWidth: 0, pitch: 4 })).toThrow(
      /shadedFraction1d: options.collectorWidth must be a finite number > 0 \(length unit\)/,
    );
    expect(() => shadedFraction1d(input, { axisAzimuth: 180, collectorWidth: 2 } as never)).toThrow(/options.pitch/);
    expect(() =>
      shadedFraction1d(
        { ...input, shadingRowRotation: new Float64Array(3), shadedRowRotation: new Float64Array(2) },
        { axisAzimuth: 180, collectorWidth: 2, pitch: 4 },
      ),
    ).toThrow(/shadingRowRotation has length 3 but shadedRowRotation has length 2/);
  });
});

describe('masking and ground angles', () => {
  it('the masking angle is 0 at the top edge and largest at the bottom; the ground angle the reverse', () => {
    const heights = f64(0, 0.25, 0.5, 0.75, 1);
    const m = maskingAngle({ surfaceTilt: 30, slantHeight: heights }, { gcr: 0.5 });
    const g = groundAngle({ surfaceTilt: 30, slantHeight: heights }, { gcr: 0.5 });
    expect(m[4]).toBe(0);
    expect(g[0]).toBe(0);
    for (let i = 1; i < 5; i++) {
      expect(m[i]).toBeLessThan(m[i - 1]!);
      expect(g[i]).toBeGreaterThan(g[i - 1]!);
    }
    // From the bottom edge the row in front's top is at (P - B cos b, B sin b): atan(gcr sin b / (1 - gcr cos b)).
    const b = (30 * Math.PI) / 180;
    expect(m[0]).toBeCloseTo((Math.atan((0.5 * Math.sin(b)) / (1 - 0.5 * Math.cos(b))) * 180) / Math.PI, 12);
  });

  it("Passias's average is the mean of the masking angle over the slant height (quadrature)", () => {
    // Composite Simpson's rule over 2000 intervals of a smooth integrand: error below 1e-9 degree.
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 89, noNaN: true }),
        fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        (tilt, gcr) => {
          const k = 2000;
          const h = Float64Array.from({ length: k + 1 }, (_, i) => i / k);
          const m = maskingAngle({ surfaceTilt: tilt, slantHeight: h }, { gcr });
          let s = m[0]! + m[k]!;
          for (let i = 1; i < k; i++) s += (i % 2 === 1 ? 4 : 2) * m[i]!;
          const mean = s / (3 * k);
          expect(maskingAnglePassias({ surfaceTilt: tilt }, { gcr })[0]).toBeCloseTo(mean, 7);
        },
      ),
      { numRuns: runs(50) },
    );
  });

  it('Passias gives 0 where its closed form has no value (flat rows), as pvlib, but NaN for a NaN tilt (pvlib: 0)', () => {
    // Difference from pvlib: pvlib replaces every non-finite result by 0, the limit at tilt 0; a NaN
    // tilt is missing data, and 0 would read as "no masking" (the core's rule: NaN in, NaN out).
    const r = maskingAnglePassias({ surfaceTilt: f64(0, Number.NaN, 0) }, { gcr: 1 });
    expect(r[0]).toBe(0);
    expect(r[1]).toBeNaN();
    expect(r[2]).toBe(0);
  });

  it('the sky diffuse loss is 0 with no masking, 1/2 at 90 degrees and all of it at 180', () => {
    const d = skyDiffusePassias(f64(0, 90, 180, Number.NaN));
    expect(d[0]).toBe(0);
    expect(d[1]).toBeCloseTo(0.5, 15);
    expect(d[2]).toBeCloseTo(1, 15);
    expect(d[3]).toBeNaN();
    expect(skyDiffusePassias(20)).toHaveLength(1);
  });

  it('names the function, the argument and the unit', () => {
    expect(() => maskingAngle({ surfaceTilt: 30, slantHeight: 0 }, { gcr: 1.2 })).toThrow(
      /maskingAngle: options.gcr must be a number > 0 and <= 1 \(slant height over pitch\)/,
    );
    expect(() => groundAngle({ surfaceTilt: 30 } as never, { gcr: 0.4 })).toThrow(
      /groundAngle: slantHeight must be given/,
    );
    expect(() => maskingAnglePassias({ surfaceTilt: 30 }, { gcr: 0 })).toThrow(/maskingAnglePassias: options.gcr/);
    expect(() => skyDiffusePassias(Number.NaN)).toThrow(/skyDiffusePassias: maskingAngle .*degrees/);
  });
});

describe('directMartinez', () => {
  it('loses nothing unshaded, the beam share fully shaded, and follows eqs. 6 and 8 between', () => {
    const r = directMartinez(
      { poaGlobal: 680, poaDirect: 600, shadedFraction: f64(0, 1, 1 / 3, 0.2), shadedBlocks: f64(0, 3, 1, 0.4) },
      { totalBlocks: 3 },
    );
    expect(r[0]).toBe(0);
    expect(r[1]).toBeCloseTo(600 / 680, 15);
    expect(r[2]).toBeCloseTo(1 - (600 * (2 / 3) * (3 / 4) + 80) / 680, 15);
    // A partly shaded block counts whole (0.4 rounds up to 1).
    expect(r[3]).toBeCloseTo(1 - (600 * 0.8 * 0.75 + 80) / 680, 15);
  });

  it('gives NaN for NaN and names its errors', () => {
    const r = directMartinez(
      { poaGlobal: 500, poaDirect: 400, shadedFraction: f64(Number.NaN), shadedBlocks: 1 },
      { totalBlocks: 2 },
    );
    expect(r[0]).toBeNaN();
    expect(() =>
      directMartinez({ poaGlobal: 500, poaDirect: 400, shadedFraction: 0.1, shadedBlocks: 1 }, { totalBlocks: -1 }),
    ).toThrow(/directMartinez: options.totalBlocks must be a finite number >= 0 \(blocks\)/);
  });
});
