import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { infiniteSheds } from '../../src/bifacial/index.js';
import { infiniteShedsRearGain } from '../../src/bifacial/infinite-sheds.js';
import { vfRowGroundIntegrated, vfRowSkyIntegrated } from '../../src/bifacial/view-factors.js';
import { singleAxis } from '../../src/tracking/index.js';

const DEG = Math.PI / 180;

/** Sun position and a closed set of irradiance components (GHI = DNI cos z + DHI). */
const skyRow = fc
  .record({
    zenith: fc.double({ min: 0, max: 89, noNaN: true }),
    azimuth: fc.double({ min: 0, max: 359.9, noNaN: true }),
    dni: fc.double({ min: 0, max: 1000, noNaN: true }),
    dhi: fc.double({ min: 0, max: 400, noNaN: true }),
  })
  .map((r) => ({ ...r, ghi: r.dni * Math.cos(r.zenith * DEG) + r.dhi }));

const geometry = fc.record({
  gcr: fc.double({ min: 0.1, max: 0.8, noNaN: true }),
  height: fc.double({ min: 0.8, max: 3, noNaN: true }),
  pitch: fc.double({ min: 3, max: 12, noNaN: true }),
  albedo: fc.double({ min: 0, max: 0.9, noNaN: true }),
});

/** Whether the rows stand clear of the ground at this tilt (the model assumes they do). */
function clearOfGround(g: { gcr: number; height: number; pitch: number }, tilt: number): boolean {
  return g.height > 0.5 * g.gcr * g.pitch * Math.abs(Math.sin(tilt * DEG)) + 0.05;
}

function one(
  s: { zenith: number; azimuth: number; ghi: number; dhi: number; dni: number },
  tilt: number,
  az: number,
  g: { gcr: number; height: number; pitch: number; albedo: number },
  extra: { bifaciality?: number; shadeFactor?: number; transmissionFactor?: number } = {},
) {
  return infiniteSheds(
    {
      solarZenith: s.zenith,
      solarAzimuth: s.azimuth,
      surfaceTilt: tilt,
      surfaceAzimuth: az,
      ghi: s.ghi,
      dhi: s.dhi,
      dni: s.dni,
    },
    { ...g, ...extra },
  );
}

describe('infiniteSheds: physics properties', () => {
  it('front and rear irradiance are non-negative and shaded fractions lie in [0, 1]', () => {
    fc.assert(
      fc.property(
        skyRow,
        geometry,
        fc.double({ min: 0, max: 90, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (s, g, tilt, az) => {
          const r = one(s, tilt, az, g);
          for (const col of [
            r.poaFront,
            r.poaBack,
            r.poaGlobal,
            r.poaFrontDirect,
            r.poaBackDirect,
            r.poaFrontDiffuse,
            r.poaBackDiffuse,
          ]) {
            expect(col[0]).toBeGreaterThanOrEqual(0);
          }
          for (const f of [r.shadedFractionFront[0]!, r.shadedFractionBack[0]!]) {
            expect(f).toBeGreaterThanOrEqual(0);
            expect(f).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });

  it('adds up: global = front + rear x bifaciality x (1 + shade) x (1 + transmission), each face = direct + sky + ground', () => {
    fc.assert(
      fc.property(
        skyRow,
        geometry,
        fc.double({ min: 0, max: 60, noNaN: true }),
        fc.double({ min: 0.5, max: 1, noNaN: true }),
        fc.double({ min: -0.1, max: 0, noNaN: true }),
        fc.double({ min: -0.1, max: 0, noNaN: true }),
        (s, g, tilt, bifaciality, shadeFactor, transmissionFactor) => {
          const r = one(s, tilt, 180, g, { bifaciality, shadeFactor, transmissionFactor });
          const weight = bifaciality * (1 + shadeFactor) * (1 + transmissionFactor);
          expect(r.poaGlobal[0]).toBeCloseTo(r.poaFront[0]! + r.poaBack[0]! * weight, 9);
          expect(r.poaFront[0]).toBeCloseTo(
            r.poaFrontDirect[0]! + r.poaFrontSkyDiffuse[0]! + r.poaFrontGroundDiffuse[0]!,
            9,
          );
          expect(r.poaBack[0]).toBeCloseTo(
            r.poaBackDirect[0]! + r.poaBackSkyDiffuse[0]! + r.poaBackGroundDiffuse[0]!,
            9,
          );
        },
      ),
    );
  });

  it('bounds each face: beam at most DNI cos(aoi), sky at most DHI x its sky view, ground at most albedo GHI x its ground view', () => {
    fc.assert(
      fc.property(
        skyRow,
        geometry,
        fc.double({ min: 0, max: 90, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (s, g, tilt, az) => {
          const r = one(s, tilt, az, g);
          const cosAoi =
            Math.cos(tilt * DEG) * Math.cos(s.zenith * DEG) +
            Math.sin(tilt * DEG) * Math.sin(s.zenith * DEG) * Math.cos((s.azimuth - az) * DEG);
          const tol = 1e-9 * (1 + s.ghi);
          expect(r.poaFrontDirect[0]).toBeLessThanOrEqual(s.dni * Math.max(cosAoi, 0) + tol);
          expect(r.poaBackDirect[0]).toBeLessThanOrEqual(s.dni * Math.max(-cosAoi, 0) + tol);
          expect(r.poaBackSkyDiffuse[0]).toBeLessThanOrEqual(s.dhi * vfRowSkyIntegrated(180 - tilt, g.gcr) + tol);
          expect(r.poaFrontGroundDiffuse[0]).toBeLessThanOrEqual(
            g.albedo * s.ghi * vfRowGroundIntegrated(tilt, g.gcr) + tol,
          );
          expect(r.poaBackGroundDiffuse[0]).toBeLessThanOrEqual(
            g.albedo * s.ghi * vfRowGroundIntegrated(180 - tilt, g.gcr) + tol,
          );
          // The rear of a south-facing rack facing away from the sun gets no beam at all.
          if (cosAoi > 1e-12) expect(r.poaBackDirect[0] === 0).toBe(true);
        },
      ),
    );
  });

  it('a black ground gives the rear only what it sees of the sky and the beam', () => {
    fc.assert(
      fc.property(skyRow, fc.double({ min: 0, max: 60, noNaN: true }), (s, tilt) => {
        const g = { gcr: 0.4, height: 1.5, pitch: 5, albedo: 0 };
        const r = one({ ...s, dni: 0, ghi: s.dhi }, tilt, 180, g);
        expect(r.poaBack[0]).toBeCloseTo(s.dhi * vfRowSkyIntegrated(180 - tilt, 0.4), 9);
      }),
    );
  });

  it('more reflective ground raises the rear irradiance', () => {
    fc.assert(
      fc.property(skyRow, geometry, fc.double({ min: 0, max: 60, noNaN: true }), (s, g, tilt) => {
        // Diffuse light always reaches the ground; the beam does not (none past a projected
        // zenith of 85 degrees in this model), so ask for some diffuse.
        fc.pre(s.dhi > 1 && clearOfGround(g, tilt));
        const low = one(s, tilt, 180, { ...g, albedo: 0.1 });
        const high = one(s, tilt, 180, { ...g, albedo: 0.5 });
        expect(high.poaBack[0]).toBeGreaterThan(low.poaBack[0]!);
      }),
    );
  });
});

describe('infiniteSheds: Hay-Davies sky', () => {
  it('equals the isotropic sky when there is no anisotropy (DNI negligible against extraterrestrial)', () => {
    fc.assert(
      fc.property(skyRow, geometry, fc.double({ min: 0, max: 60, noNaN: true }), (s, g, tilt) => {
        const input = {
          solarZenith: s.zenith,
          solarAzimuth: s.azimuth,
          surfaceTilt: tilt,
          surfaceAzimuth: 180,
          ghi: s.ghi,
          dhi: s.dhi,
          dni: s.dni,
        };
        const iso = infiniteSheds(input, g);
        // An extraterrestrial irradiance so large that DNI / dniExtra vanishes (Infinity is refused as a non-finite scalar).
        const hd = infiniteSheds(input, { ...g, model: 'haydavies', dniExtra: Number.MAX_VALUE });
        expect(hd.poaGlobal[0]).toBe(iso.poaGlobal[0]);
      }),
    );
  });

  it('moves circumsolar light between diffuse and beam without changing what a flat face receives', () => {
    fc.assert(
      fc.property(
        fc
          .record({
            zenith: fc.double({ min: 0, max: 85, noNaN: true }),
            azimuth: fc.double({ min: 0, max: 359.9, noNaN: true }),
            dni: fc.double({ min: 1, max: 1000, noNaN: true }),
            dhi: fc.double({ min: 1, max: 400, noNaN: true }),
          })
          .map((r) => ({ ...r, ghi: r.dni * Math.cos(r.zenith * DEG) + r.dhi })),
        geometry,
        fc.double({ min: 1300, max: 1420, noNaN: true }),
        (s, g, dniExtra) => {
          const input = {
            solarZenith: s.zenith,
            solarAzimuth: s.azimuth,
            surfaceTilt: 0,
            surfaceAzimuth: 180,
            ghi: s.ghi,
            dhi: s.dhi,
            dni: s.dni,
          };
          const iso = infiniteSheds(input, g);
          const hd = infiniteSheds(input, { ...g, model: 'haydavies', dniExtra });
          // Flat, unshaded, seeing the whole sky: beam + diffuse on it is GHI either way.
          expect(hd.poaFront[0]).toBeCloseTo(iso.poaFront[0]!, 9);
          expect(hd.poaFrontDirect[0]).toBeGreaterThan(iso.poaFrontDirect[0]!);
          expect(hd.poaFrontSkyDiffuse[0]).toBeLessThan(iso.poaFrontSkyDiffuse[0]!);
        },
      ),
    );
    expect(() =>
      infiniteSheds(
        { solarZenith: 30, solarAzimuth: 180, surfaceTilt: 0, surfaceAzimuth: 180, ghi: 1, dhi: 1, dni: 0 },
        { gcr: 0.4, height: 1, pitch: 5, albedo: 0.2, model: 'haydavies' },
      ),
    ).toThrow(/dniExtra/);
  });
});

/**
 * Identical clear days of 48 rows each (degrees, W/m2): the sun from 20 degrees at noon to below
 * the horizon at night, azimuth from 90 to 270, beam and diffuse with cos z.
 */
function clearDays(days: number) {
  const n = 48 * days;
  const zenith = new Float64Array(n);
  const azimuth = new Float64Array(n);
  const ghi = new Float64Array(n);
  const dhi = new Float64Array(n);
  const dni = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const h = ((i % 48) / 47) * 24;
    zenith[i] = 20 + Math.abs(h - 12) * 8; // above 90 at night
    azimuth[i] = 90 + h * 7.5;
    const up = zenith[i]! < 90 ? Math.cos(zenith[i]! * DEG) : 0;
    dni[i] = 800 * up;
    dhi[i] = 100 * up;
    ghi[i] = dni[i]! * up + dhi[i]!;
  }
  return { zenith, azimuth, ghi, dhi, dni };
}

type SeriesInput = Record<
  'solarZenith' | 'solarAzimuth' | 'surfaceTilt' | 'surfaceAzimuth' | 'ghi' | 'dhi' | 'dni',
  Float64Array
>;

/** Row i of a series as a call of its own: every column taken at i. */
function rowAlone(input: SeriesInput, i: number, options: Parameters<typeof infiniteSheds>[1]) {
  const row = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v[i]!])) as Record<
    keyof SeriesInput,
    number
  >;
  return infiniteSheds(row, options);
}

describe('infiniteSheds: series handling', () => {
  it('tracked rows (tilt and azimuth columns) equal row-by-row fixed evaluations', () => {
    const n = 48;
    const { zenith, azimuth, ghi, dhi, dni } = clearDays(1);
    const tr = singleAxis(
      { apparentZenith: zenith, solarAzimuth: azimuth },
      { axisAzimuth: 180, maxAngle: 55, gcr: 0.35 },
    );
    const options = { gcr: 0.35, height: 1.8, pitch: 6, albedo: 0.2, bifaciality: 0.75 };
    const input = {
      solarZenith: zenith,
      solarAzimuth: azimuth,
      surfaceTilt: tr.surfaceTilt,
      surfaceAzimuth: tr.surfaceAzimuth,
      ghi,
      dhi,
      dni,
    };
    const r = infiniteSheds(input, options);
    for (let i = 0; i < n; i++) {
      if (zenith[i]! > 90) {
        // The tracker has no orientation at night; the irradiance is 0, not NaN.
        expect(r.poaGlobal[i]).toBe(0);
        expect(r.poaBack[i]).toBe(0);
        continue;
      }
      const single = rowAlone(input, i, options);
      expect(r.poaGlobal[i]).toBe(single.poaGlobal[0]);
      expect(r.poaBack[i]).toBe(single.poaBack[0]);
      expect(r.poaFront[i]).toBeGreaterThan(0);
    }
  });

  it('writes into caller buffers and rejects a buffer of the wrong length', () => {
    const out = { poaGlobal: new Float64Array(2) };
    const input = {
      solarZenith: Float64Array.of(30, 40),
      solarAzimuth: 180,
      surfaceTilt: 20,
      surfaceAzimuth: 180,
      ghi: 700,
      dhi: 100,
      dni: 700,
    };
    const options = { gcr: 0.4, height: 1.5, pitch: 5, albedo: 0.25 };
    const r = infiniteSheds(input, options, out);
    expect(r.poaGlobal).toBe(out.poaGlobal);
    expect(out.poaGlobal[0]).toBeGreaterThan(0);
    expect(() => infiniteSheds(input, options, { poaBack: new Float64Array(3) })).toThrow(RangeError);
  });

  it('gives each row the doubles of a call of its own when tilts recur out of order, and the rear gain the doubles of poaGlobal - poaFront', () => {
    // Two identical days of a tracker clipped at 30 degrees: within a call, the view factors of a
    // tilt are computed once and reused wherever it recurs (the clip each morning and evening,
    // the whole second day), which must change no double.
    const n = 96;
    const { zenith, azimuth, ghi, dhi, dni } = clearDays(2);
    dni[30] = Number.NaN; // missing weather stays NaN in the gain
    const tr = singleAxis(
      { apparentZenith: zenith, solarAzimuth: azimuth },
      { axisAzimuth: 180, maxAngle: 30, backtrack: false, gcr: 0.35 },
    );
    const input = {
      solarZenith: zenith,
      solarAzimuth: azimuth,
      surfaceTilt: tr.surfaceTilt,
      surfaceAzimuth: tr.surfaceAzimuth,
      ghi,
      dhi,
      dni,
    };
    const options = { gcr: 0.35, height: 1.8, pitch: 6, albedo: 0.2, bifaciality: 0.75, shadeFactor: -0.05 };
    const r = infiniteSheds(input, options);
    const gain = infiniteShedsRearGain(input, options);
    let clipped = 0;
    for (let i = 0; i < n; i++) {
      expect(Object.is(gain[i], r.poaGlobal[i]! - r.poaFront[i]!)).toBe(true);
      if (tr.surfaceTilt[i] === 30) clipped++;
      if (zenith[i]! > 90 || i === 30) continue; // a scalar NaN is refused by the checks
      const single = rowAlone(input, i, options);
      expect(Object.is(r.poaGlobal[i], single.poaGlobal[0])).toBe(true);
      expect(Object.is(r.poaBack[i], single.poaBack[0])).toBe(true);
      expect(Object.is(r.poaFrontGroundDiffuse[i], single.poaFrontGroundDiffuse[0])).toBe(true);
    }
    expect(clipped).toBeGreaterThan(4); // the clip recurs in both days' mornings and evenings
    expect(gain[30]).toBeNaN();
    expect(gain[0]).toBe(0); // night
    expect(gain[24]).toBeGreaterThan(0);
  });

  it('finds each tilt of a long series again, with 0 and -0 one tilt and a NaN tilt under the sun NaN', () => {
    // 6,000 rows of 3,000 distinct tilts, each twice (the table of the call's tilts grows past its
    // first size), 0 and -0, and a NaN tilt with the sun up: each row equals a call of its own.
    const n = 6000;
    const tilt = new Float64Array(n);
    for (let i = 0; i < n; i++) tilt[i] = ((i % 3000) * 179.7) / 2999;
    tilt[100] = 0;
    tilt[101] = -0;
    tilt[102] = Number.NaN;
    const input = {
      solarZenith: 40,
      solarAzimuth: 200,
      surfaceTilt: tilt,
      surfaceAzimuth: 90,
      ghi: 700,
      dhi: 150,
      dni: 720,
    };
    const options = { gcr: 0.4, height: 1.5, pitch: 5, albedo: 0.25 };
    const r = infiniteSheds(input, options);
    for (const i of [0, 1, 2, 100, 101, 1234, 2999, 3000, 4234, 5999]) {
      const single = infiniteSheds({ ...input, surfaceTilt: tilt[i]! === 0 ? 0 : tilt[i]! }, options);
      expect(Object.is(r.poaGlobal[i], single.poaGlobal[0]), `row ${i}`).toBe(true);
      expect(Object.is(r.poaBackGroundDiffuse[i], single.poaBackGroundDiffuse[0]), `row ${i}`).toBe(true);
    }
    for (let i = 0; i < 3000; i++) {
      if (i < 100 || i > 102) expect(Object.is(r.poaBack[i], r.poaBack[i + 3000]), `row ${i}`).toBe(true);
    }
    expect(r.poaGlobal[102]).toBeNaN();
  });
});
