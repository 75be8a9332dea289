import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  horizonFromArrays,
  shadeIrradiance,
  shadePlaneOfArray,
  skyViewFactor,
  sunAboveHorizon,
} from '../../src/terrain/index.js';
import { runs } from '../support/properties.js';

const DEG = Math.PI / 180;
// 15 degrees of horizon to the east, 5 to the west, 0 north and south (interpolated between).
const valley = horizonFromArrays([0, 90, 180, 270], [0, 15, 0, 5]);

describe('shadeIrradiance', () => {
  it('removes the beam while the sun is behind the horizon and keeps it above', () => {
    const apparentElevation = Float64Array.from([10, 20, 3, 6, 7, -1]);
    const azimuth = Float64Array.from([90, 90, 270, 270, 45, 120]);
    const dni = Float64Array.from([500, 700, 300, 300, 400, 0]);
    const dhi = Float64Array.from([100, 120, 80, 80, 90, 0]);
    const out = shadeIrradiance({ apparentElevation, azimuth, dni, dhi, horizon: valley });
    // 45 degrees lies between 0 (north) and 15 (east): horizon 7.5 > 7, shaded.
    expect(Array.from(out.dni)).toEqual([0, 700, 0, 300, 0, 0]);
    const svf = skyViewFactor(valley);
    expect(svf).toBeLessThan(1);
    for (let i = 0; i < 6; i++) {
      expect(out.dhi[i]).toBeCloseTo(dhi[i]! * svf, 12);
      expect(out.ghi[i]).toBeCloseTo(out.dni[i]! * Math.max(0, Math.sin(apparentElevation[i]! * DEG)) + out.dhi[i]!, 9);
    }
  });

  it('lets the circumsolar part of the diffuse follow the beam', () => {
    const input = { apparentElevation: Float64Array.from([10, 30]), azimuth: 90, dni: 600, dhi: 100 };
    const out = shadeIrradiance({ ...input, horizon: valley }, { circumsolarFraction: 0.4, skyViewFactor: 0.9 });
    expect(out.dhi[0]).toBeCloseTo(60 * 0.9, 12); // sun hidden: circumsolar lost
    expect(out.dhi[1]).toBeCloseTo(60 * 0.9 + 40, 12); // sun visible: circumsolar kept
  });

  it('subtracts what shading removed from a given GHI', () => {
    const zenith = Float64Array.from([80]);
    const out = shadeIrradiance(
      {
        apparentElevation: Float64Array.from([10]),
        azimuth: 90,
        dni: 500,
        dhi: 100,
        ghi: 190,
        zenith,
        horizon: valley,
      },
      { skyViewFactor: 0.8 },
    );
    expect(out.ghi[0]).toBeCloseTo(190 - 500 * Math.cos(80 * DEG) - 20, 9);
  });

  it('writes into caller buffers and checks their length', () => {
    const dni = new Float64Array(3);
    const out = shadeIrradiance(
      { apparentElevation: Float64Array.from([30, 40, 50]), azimuth: 180, dni: 100, dhi: 10, horizon: valley },
      {},
      { dni },
    );
    expect(out.dni).toBe(dni);
    expect(Array.from(dni)).toEqual([100, 100, 100]);
    expect(() =>
      shadeIrradiance(
        { apparentElevation: Float64Array.from([1, 2]), azimuth: 0, dni: 1, dhi: 1, horizon: valley },
        {},
        { dhi: new Float64Array(1) },
      ),
    ).toThrow(RangeError);
  });

  it('works the same with an unevenly spaced profile', () => {
    const uneven = horizonFromArrays([0, 80, 95, 200], [0, 20, 20, 0]);
    const apparentElevation = Float64Array.from([19, 21, 10, 10]);
    const azimuth = Float64Array.from([85, 85, 40, 300]);
    const out = shadeIrradiance({ apparentElevation, azimuth, dni: 100, dhi: 0, horizon: uneven });
    expect(Array.from(out.dni)).toEqual([0, 100, 100, 100]); // 40 deg: horizon 10 (table step 0.1 deg)
    expect(Array.from(sunAboveHorizon({ apparentElevation, azimuth, horizon: uneven }))).toEqual([0, 1, 1, 1]);
  });

  it('interpolates correctly for an azimuth a hair below north (wraps onto sector 0, not past it)', () => {
    // -1e-15 deg brought into [0, 360) rounds to 360: the sector index wraps to 0 and so must
    // the fraction, else the horizon is extrapolated far past the next sector (here 4 x 10 deg).
    const p = horizonFromArrays([0, 90, 180, 270], [0, 10, 0, 0]);
    const apparentElevation = Float64Array.from([30, 30]);
    const azimuth = Float64Array.from([-1e-15, 360 - 1e-13]);
    expect(Array.from(sunAboveHorizon({ apparentElevation, azimuth, horizon: p }))).toEqual([1, 1]);
    const out = shadeIrradiance({ apparentElevation, azimuth, dni: 500, dhi: 100, horizon: p });
    expect(Array.from(out.dni)).toEqual([500, 500]);
  });

  it('never increases beam, diffuse or global (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -5, max: 60, noNaN: true }), { minLength: 3, maxLength: 72 }),
        fc.array(
          fc.record({
            el: fc.double({ min: -10, max: 90, noNaN: true }),
            az: fc.double({ min: -360, max: 720, noNaN: true }),
            dni: fc.double({ min: 0, max: 1100, noNaN: true }),
            dhi: fc.double({ min: 0, max: 600, noNaN: true }),
            cs: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          { minLength: 1, maxLength: 50 },
        ),
        (elevations, rows) => {
          const p = horizonFromArrays(
            elevations.map((_, i) => (i * 360) / elevations.length),
            elevations,
          );
          const apparentElevation = Float64Array.from(rows.map((r) => r.el));
          const azimuth = Float64Array.from(rows.map((r) => r.az));
          const dni = Float64Array.from(rows.map((r) => r.dni));
          const dhi = Float64Array.from(rows.map((r) => r.dhi));
          const cosz = apparentElevation.map((e) => Math.max(0, Math.sin(e * DEG)));
          const ghi = dni.map((b, i) => b * cosz[i]! + dhi[i]!);
          const circumsolarFraction = Float64Array.from(rows.map((r) => r.cs));
          const out = shadeIrradiance(
            { apparentElevation, azimuth, dni, dhi, ghi, horizon: p },
            { circumsolarFraction },
          );
          for (let i = 0; i < rows.length; i++) {
            if (!(out.dni[i]! <= dni[i]! && out.dni[i]! >= 0)) return false;
            if (!(out.dhi[i]! <= dhi[i]! + 1e-9 && out.dhi[i]! >= 0)) return false;
            if (!(out.ghi[i]! <= ghi[i]! + 1e-9 && out.ghi[i]! >= 0)) return false;
          }
          return true;
        },
      ),
      { numRuns: runs(200) },
    );
  });
});

describe('shadePlaneOfArray', () => {
  it('drops beam and circumsolar behind the horizon and scales sky diffuse by the tilted SVF ratio', () => {
    const out = shadePlaneOfArray({
      apparentElevation: Float64Array.from([10, 30]),
      azimuth: 90,
      poaDirect: 500,
      poaSkyDiffuse: 100,
      poaCircumsolar: 50,
      poaGroundDiffuse: 20,
      horizon: valley,
      surfaceTilt: 30,
      surfaceAzimuth: 90,
    });
    const factor = skyViewFactor(valley, { surfaceTilt: 30, surfaceAzimuth: 90 }) / ((1 + Math.cos(30 * DEG)) / 2);
    expect(factor).toBeLessThan(1);
    expect(Array.from(out.poaDirect)).toEqual([0, 500]);
    expect(Array.from(out.poaCircumsolar)).toEqual([0, 50]);
    expect(out.poaSkyDiffuse[0]).toBeCloseTo(100 * factor, 6);
    expect(out.poaGlobal[1]).toBeCloseTo(500 + 50 + 100 * factor + 20, 6);
  });
});
