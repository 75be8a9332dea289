import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type PerezCoefficientSet,
  aoi,
  aoiProjection,
  beamComponent,
  groundDiffuse,
  haydaviesSkyDiffuse,
  iamAshrae,
  iamPhysical,
  isotropicSkyDiffuse,
  perezSkyDiffuse,
  totalIrradiance,
} from '../../src/irradiance/index.js';
import { relativeAirmass } from '../../src/atmosphere/index.js';
import { PEREZ_COEFFICIENTS } from '../../src/irradiance/perez-coefficients.js';
import { runs } from '../support/properties.js';

const D2R = Math.PI / 180;
const f64 = (...xs: number[]) => Float64Array.from(xs);

/** A physically consistent sky: sun up, DNI and DHI >= 0, GHI = DNI cos z + DHI. */
const sky = fc
  .record({
    tilt: fc.double({ min: 0, max: 90, noNaN: true }),
    surfaceAzimuth: fc.double({ min: 0, max: 360, noNaN: true }),
    zenith: fc.double({ min: 0, max: 89.9, noNaN: true }),
    solarAzimuth: fc.double({ min: 0, max: 360, noNaN: true }),
    dni: fc.double({ min: 0, max: 1100, noNaN: true }),
    dhi: fc.double({ min: 0.01, max: 600, noNaN: true }),
    dniExtra: fc.double({ min: 1320, max: 1415, noNaN: true }),
    albedo: fc.double({ min: 0, max: 0.9, noNaN: true }),
  })
  .map((s) => ({ ...s, ghi: s.dni * Math.cos(s.zenith * D2R) + s.dhi }));

describe('angle of incidence', () => {
  it('aoi is in [0, 180] and equals acos of the projection', () => {
    fc.assert(
      fc.property(sky, (s) => {
        const angles = {
          surfaceTilt: s.tilt,
          surfaceAzimuth: s.surfaceAzimuth,
          solarZenith: s.zenith,
          solarAzimuth: s.solarAzimuth,
        };
        const a = aoi(angles)[0]!;
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(180);
        const p = aoiProjection(angles)[0]!;
        expect(Math.cos(a * D2R)).toBeCloseTo(p, 12);
      }),
    );
  });

  it('a horizontal plane sees the sun at the zenith angle; a plane facing the sun sees it at 0', () => {
    const z = f64(10, 45, 80);
    const az = f64(90, 180, 270);
    const flat = aoi({ surfaceTilt: 0, surfaceAzimuth: 180, solarZenith: z, solarAzimuth: az });
    for (let i = 0; i < 3; i++) expect(flat[i]).toBeCloseTo(z[i]!, 10);
    const facing = aoi({ surfaceTilt: z, surfaceAzimuth: az, solarZenith: z, solarAzimuth: az });
    for (let i = 0; i < 3; i++) expect(facing[i]).toBeCloseTo(0, 5);
  });

  it('beam component is DNI cos aoi, and 0 behind the plane', () => {
    const b = beamComponent({
      surfaceTilt: 30,
      surfaceAzimuth: 180,
      solarZenith: f64(30, 75),
      solarAzimuth: f64(180, 0),
      dni: 800,
    });
    expect(b[0]).toBeCloseTo(800, 9);
    expect(b[1]).toBe(0);
  });
});

describe('sky diffuse and total irradiance', () => {
  it('POA parts are >= 0 and add up, for every model', () => {
    fc.assert(
      fc.property(sky, fc.constantFrom('isotropic', 'haydavies', 'perez'), (s, model) => {
        const r = totalIrradiance(
          {
            surfaceTilt: s.tilt,
            surfaceAzimuth: s.surfaceAzimuth,
            solarZenith: s.zenith,
            solarAzimuth: s.solarAzimuth,
            dni: s.dni,
            ghi: s.ghi,
            dhi: s.dhi,
            dniExtra: s.dniExtra,
            albedo: s.albedo,
          },
          { model: model as 'isotropic' | 'haydavies' | 'perez', diffuseComponents: true },
        );
        for (const k of ['poaGlobal', 'poaDirect', 'poaDiffuse', 'poaSkyDiffuse', 'poaGroundDiffuse'] as const) {
          expect(r[k][0]).toBeGreaterThanOrEqual(0);
        }
        expect(r.poaGlobal[0]).toBeCloseTo(r.poaDirect[0]! + r.poaSkyDiffuse[0]! + r.poaGroundDiffuse[0]!, 9);
        const parts = r.poaIsotropic![0]! + r.poaCircumsolar![0]! + r.poaHorizon![0]!;
        expect(parts).toBeCloseTo(r.poaSkyDiffuse[0]!, 9);
      }),
    );
  });

  it('a horizontal plane receives exactly GHI under the isotropic and Hay-Davies models', () => {
    fc.assert(
      fc.property(sky, fc.constantFrom('isotropic', 'haydavies'), (s, model) => {
        const r = totalIrradiance(
          {
            surfaceTilt: 0,
            surfaceAzimuth: 180,
            solarZenith: s.zenith,
            solarAzimuth: s.solarAzimuth,
            dni: s.dni,
            ghi: s.ghi,
            dhi: s.dhi,
            dniExtra: s.dniExtra,
          },
          { model: model as 'isotropic' | 'haydavies' },
        );
        // Hay-Davies bounds cos z below by 0.01745, which only matters within 1 deg of the horizon.
        if (model === 'isotropic' || s.zenith < 89) expect(r.poaGlobal[0]).toBeCloseTo(s.ghi, 6);
      }),
    );
  });

  it('Perez on a horizontal plane stays close to DHI (the horizon band has no weight there)', () => {
    fc.assert(
      fc.property(sky, (s) => {
        const r = perezSkyDiffuse({
          surfaceTilt: 0,
          surfaceAzimuth: 180,
          solarZenith: Math.min(s.zenith, 85),
          solarAzimuth: s.solarAzimuth,
          dhi: s.dhi,
          dni: s.dni,
          dniExtra: s.dniExtra,
        });
        expect(r.poaHorizon[0]).toBeCloseTo(0, 12);
        expect(r.poaSkyDiffuse[0]).toBeCloseTo(s.dhi, 6);
      }),
    );
  });

  it('the standalone sky models agree with totalIrradiance', () => {
    const input = {
      surfaceTilt: f64(20, 35, 60),
      surfaceAzimuth: f64(180, 150, 240),
      solarZenith: f64(30, 50, 70),
      solarAzimuth: f64(170, 120, 250),
      dni: f64(800, 500, 100),
      dhi: f64(100, 150, 200),
      dniExtra: 1367,
    };
    const ghi = f64(...[0, 1, 2].map((i) => input.dni[i]! * Math.cos(input.solarZenith[i]! * D2R) + input.dhi[i]!));
    const iso = isotropicSkyDiffuse({ surfaceTilt: input.surfaceTilt, dhi: input.dhi });
    const hay = haydaviesSkyDiffuse(input);
    const per = perezSkyDiffuse(input);
    const ground = groundDiffuse({ surfaceTilt: input.surfaceTilt, ghi, albedo: 0.2 });
    const totIso = totalIrradiance({ ...input, ghi, albedo: 0.2 }, { model: 'isotropic' });
    const totHay = totalIrradiance({ ...input, ghi, albedo: 0.2 }, { model: 'haydavies' });
    const totPer = totalIrradiance({ ...input, ghi, albedo: 0.2 }, { model: 'perez' });
    for (let i = 0; i < 3; i++) {
      expect(totIso.poaSkyDiffuse[i]).toBeCloseTo(iso[i]!, 12);
      expect(totHay.poaSkyDiffuse[i]).toBeCloseTo(hay.poaSkyDiffuse[i]!, 12);
      expect(totPer.poaSkyDiffuse[i]).toBeCloseTo(per.poaSkyDiffuse[i]!, 12);
      expect(totPer.poaGroundDiffuse[i]).toBeCloseTo(ground[i]!, 12);
      // Anisotropic models put more diffuse on a sun-facing plane than the isotropic one.
      expect(hay.poaSkyDiffuse[i]).toBeGreaterThan(iso[i]!);
    }
  });

  it('scalar inputs broadcast exactly like full columns, and a missing air mass is Kasten-Young', () => {
    const n = 50;
    const zen = new Float64Array(n).map((_, i) => 1 + i * 1.9);
    const saz = new Float64Array(n).map((_, i) => (i * 37) % 360);
    const dni = new Float64Array(n).map((_, i) => 900 - 15 * i);
    const dhi = new Float64Array(n).map((_, i) => 40 + 5 * i);
    const ghi = dni.map((b, i) => b * Math.cos(zen[i]! * D2R) + dhi[i]!);
    const am = relativeAirmass(zen);
    const scalar = totalIrradiance(
      {
        surfaceTilt: 25,
        surfaceAzimuth: 200,
        solarZenith: zen,
        solarAzimuth: saz,
        dni,
        ghi,
        dhi,
        dniExtra: 1361,
        albedo: 0.3,
      },
      { model: 'perez' },
    );
    const full = (v: number) => new Float64Array(n).fill(v);
    const column = totalIrradiance(
      {
        surfaceTilt: full(25),
        surfaceAzimuth: full(200),
        solarZenith: zen,
        solarAzimuth: saz,
        dni,
        ghi,
        dhi,
        dniExtra: full(1361),
        airmass: am,
        albedo: full(0.3),
      },
      { model: 'perez' },
    );
    for (let i = 0; i < n; i++) {
      expect(scalar.poaGlobal[i]).toBeCloseTo(column.poaGlobal[i]!, 9);
      expect(scalar.poaSkyDiffuse[i]).toBeCloseTo(column.poaSkyDiffuse[i]!, 9);
    }
    const buffers = {
      poaGlobal: new Float64Array(n),
      poaDirect: new Float64Array(n),
      poaDiffuse: new Float64Array(n),
      poaSkyDiffuse: new Float64Array(n),
      poaGroundDiffuse: new Float64Array(n),
    };
    const reused = totalIrradiance(
      {
        surfaceTilt: 25,
        surfaceAzimuth: 200,
        solarZenith: zen,
        solarAzimuth: saz,
        dni,
        ghi,
        dhi,
        dniExtra: 1361,
        albedo: 0.3,
      },
      { model: 'perez' },
      buffers,
    );
    expect(reused.poaGlobal).toBe(buffers.poaGlobal);
    expect(Array.from(reused.poaGlobal)).toEqual(Array.from(scalar.poaGlobal));
    expect(() =>
      totalIrradiance(
        { surfaceTilt: 25, surfaceAzimuth: 200, solarZenith: zen, solarAzimuth: saz, dni, ghi, dhi },
        { model: 'perez' },
      ),
    ).toThrow(RangeError);
  });

  it('every Perez coefficient set has 8 bins of 6 and is selectable', () => {
    const names = Object.keys(PEREZ_COEFFICIENTS) as PerezCoefficientSet[];
    expect(names).toHaveLength(11);
    const values = new Set<number>();
    for (const name of names) {
      expect(PEREZ_COEFFICIENTS[name]).toHaveLength(48);
      const r = perezSkyDiffuse(
        {
          surfaceTilt: 40,
          surfaceAzimuth: 180,
          solarZenith: 40,
          solarAzimuth: 180,
          dhi: 120,
          dni: 700,
          dniExtra: 1367,
          airmass: 1.3,
        },
        { coefficients: name },
      );
      values.add(Math.round(r.poaSkyDiffuse[0]! * 1e6));
    }
    expect(values.size).toBeGreaterThan(5);
  });

  it('below the horizon (no air mass) the Perez sky term is 0', () => {
    const r = perezSkyDiffuse({
      surfaceTilt: 30,
      surfaceAzimuth: 180,
      solarZenith: 95,
      solarAzimuth: 180,
      dhi: 0,
      dni: 0,
      dniExtra: 1367,
    });
    expect(r.poaSkyDiffuse[0]).toBe(0);
  });

  it("isotropic and Hay-Davies rows without sky light skip the trigonometry with the full path's doubles", () => {
    // With the diffuse components asked for, every row takes the full path: the rows of DNI = DHI =
    // 0 (the night) then give the same doubles but for a beam of -0 behind the plane (0 without).
    const same = (x: number, y: number) => Object.is(x, y) || (x === 0 && y === 0);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            zenith: fc.oneof(fc.double({ min: 0, max: 180, noNaN: true }), fc.constantFrom(Number.NaN, 1 / 0)),
            solarAzimuth: fc.oneof(fc.double({ min: 0, max: 360, noNaN: true }), fc.constant(Number.NaN)),
            dark: fc.boolean(),
            negativeZero: fc.boolean(),
            ghi: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 20, noNaN: true })),
            dniExtra: fc.oneof(fc.double({ min: 1320, max: 1415, noNaN: true }), fc.constantFrom(0, Number.NaN)),
            albedo: fc.oneof(fc.double({ min: 0, max: 0.9, noNaN: true }), fc.constant(Number.NaN)),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.double({ min: 0, max: 90, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (rows, tilt, surfaceAzimuth) => {
          const col = (f: (r: (typeof rows)[number]) => number) => Float64Array.from(rows, f);
          const zero = (r: (typeof rows)[number]) => (r.negativeZero ? -0 : 0);
          const input = {
            surfaceTilt: tilt,
            surfaceAzimuth,
            solarZenith: col((r) => r.zenith),
            solarAzimuth: col((r) => r.solarAzimuth),
            dni: col((r) => (r.dark ? zero(r) : 300)),
            dhi: col((r) => (r.dark ? zero(r) : 80)),
            ghi: col((r) => r.ghi),
            dniExtra: col((r) => r.dniExtra),
            albedo: col((r) => r.albedo),
          };
          for (const model of ['isotropic', 'haydavies'] as const) {
            const fast = totalIrradiance(input, { model });
            const full = totalIrradiance(input, { model, diffuseComponents: true });
            for (const k of ['poaGlobal', 'poaDiffuse', 'poaSkyDiffuse', 'poaGroundDiffuse'] as const)
              for (let i = 0; i < rows.length; i++) expect(Object.is(fast[k][i], full[k][i])).toBe(true);
            for (let i = 0; i < rows.length; i++) expect(same(fast.poaDirect[i]!, full.poaDirect[i]!)).toBe(true);
          }
        },
      ),
      { numRuns: runs(200) },
    );
  });
});

describe('incidence angle modifiers', () => {
  it('are 1 at normal incidence, decrease with aoi, and are 0 from 90 deg', () => {
    const a = f64(0, 20, 40, 60, 80, 89, 90, 120);
    for (const iam of [iamAshrae(a), iamPhysical(a)]) {
      expect(iam[0]).toBeCloseTo(1, 12);
      for (let i = 1; i < a.length; i++) expect(iam[i]!).toBeLessThanOrEqual(iam[i - 1]!);
      expect(iam[6]).toBeCloseTo(0, 12);
      expect(iam[7]).toBe(0);
    }
    // ASHRAE with b0 = 0.05 at 60 deg: 1 - 0.05 (2 - 1).
    expect(iamAshrae(60)[0]).toBeCloseTo(0.95, 12);
  });
});
