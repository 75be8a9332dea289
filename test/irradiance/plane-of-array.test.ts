/**
 * planeOfArray: the one plane-of-array function of the weather source and the PV chains, tested
 * directly against pvlib's values (fixtures/reference/plane_of_array.json, made by
 * scripts/pvlib/plane_of_array.py), and the differences between its two callers named.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extraterrestrialRadiation, relativeAirmass } from '../../src/atmosphere/index.js';
import { planeOfArray, type PlaneMount } from '../../src/irradiance/index.js';
import { chainIrradiance, sunAtPeriodMiddle } from '../../src/power/chain-common.js';
import { WEATHER_TRACKER, skyAtInstants, stationPressure, tiltedIrradiance } from '../../src/weather/sky.js';
import type { ReferenceFile } from '../reference/schema.js';

const reference = JSON.parse(
  readFileSync(resolve(__dirname, '../../fixtures/reference/plane_of_array.json'), 'utf8'),
) as ReferenceFile;

const col = (values: (number | null)[]): Float64Array =>
  Float64Array.from(values, (v) => (v === null ? Number.NaN : v));

function expectClose(actual: ArrayLike<number>, expected: (number | null)[], name: string): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i];
    const a = actual[i]!;
    if (e === null) {
      expect(a, `${name}[${i}] is NaN in pvlib`).toBeNaN();
    } else {
      expect(Math.abs(a - e), `${name}[${i}] = ${a}, pvlib ${e}`).toBeLessThanOrEqual(1e-6 + 1e-6 * Math.abs(e));
    }
  }
}

describe('planeOfArray against pvlib (get_total_irradiance, tracking.singleaxis)', () => {
  for (const [name, c] of Object.entries(reference.cases)) {
    it(name, () => {
      const p = c.params as Record<string, number | string | boolean>;
      const mount: PlaneMount =
        p.mount === 'tracker'
          ? {
              tracker: {
                axisTilt: Number(p.axis_tilt),
                axisAzimuth: Number(p.axis_azimuth),
                maxAngle: Number(p.max_angle),
                backtrack: p.backtrack === true,
                gcr: Number(p.gcr),
                crossAxisTilt: Number(p.cross_axis_tilt ?? 0),
              },
            }
          : { tilt: Number(p.surface_tilt), azimuth: Number(p.surface_azimuth) };
      const r = planeOfArray(
        {
          solarZenith: col(c.inputs.solar_zenith!),
          solarAzimuth: col(c.inputs.solar_azimuth!),
          ...(c.inputs.apparent_zenith ? { trackingZenith: col(c.inputs.apparent_zenith) } : {}),
          ghi: col(c.inputs.ghi!),
          dni: col(c.inputs.dni!),
          dhi: col(c.inputs.dhi!),
          dniExtra: col(c.inputs.dni_extra!),
          ...(c.inputs.airmass ? { airmass: col(c.inputs.airmass) } : {}),
          albedo: col(c.inputs.albedo!),
        },
        { mount, model: p.model as 'perez' | 'haydavies' | 'isotropic' },
      );
      expectClose(r.poaGlobal, c.expected.poa_global!, 'poa_global');
      expectClose(r.poaDirect, c.expected.poa_direct!, 'poa_direct');
      expectClose(r.poaSkyDiffuse, c.expected.poa_sky_diffuse!, 'poa_sky_diffuse');
      expectClose(r.poaGroundDiffuse, c.expected.poa_ground_diffuse!, 'poa_ground_diffuse');
      if (p.mount === 'tracker') {
        expectClose(r.surfaceTilt as Float64Array, c.expected.surface_tilt!, 'surface_tilt');
        expectClose(r.trackerTheta!, c.expected.tracker_theta!, 'tracker_theta');
      }
      // NaN in gives NaN out: the generator put NaN into DNI (row 3), GHI (5), DHI (7), albedo (9)
      // and the sun (11); the global irradiance of each is NaN, as pvlib's.
      for (const row of [3, 5, 7, 9, 11]) expect(r.poaGlobal[row]).toBeNaN();
    });
  }

  it('names the deliberate difference: a tracker lies flat while its sun is down (pvlib: NaN)', () => {
    const c = reference.cases.poa_tracker_perez_backtrack!;
    const apparent = col(c.inputs.apparent_zenith!);
    const down = [...apparent.keys()].filter((i) => apparent[i]! > 90);
    expect(down.length).toBeGreaterThan(5);
    const r = planeOfArray(
      {
        solarZenith: col(c.inputs.solar_zenith!),
        trackingZenith: apparent,
        solarAzimuth: col(c.inputs.solar_azimuth!),
        ghi: col(c.inputs.ghi!),
        dni: col(c.inputs.dni!),
        dhi: col(c.inputs.dhi!),
        dniExtra: col(c.inputs.dni_extra!),
        airmass: col(c.inputs.airmass!),
        albedo: col(c.inputs.albedo!),
      },
      { mount: { tracker: { maxAngle: 60, backtrack: true, gcr: 0.35, axisAzimuth: 180 } } },
    );
    for (const i of down) {
      expect(r.trackerTheta![i]).toBeNaN(); // the rotation is undefined, as in pvlib
      expect((r.surfaceTilt as Float64Array)[i]).toBe(0);
      expect((r.surfaceAzimuth as Float64Array)[i]).toBe(180);
      expect(r.poaGlobal[i]).toBe(0); // the night's irradiance (the generator made it 0), not NaN
    }
  });

  it('leaves a tracker whose sun is NaN unknown, never flat', () => {
    const r = planeOfArray(
      {
        solarZenith: Float64Array.of(40, Number.NaN),
        solarAzimuth: Float64Array.of(120, 120),
        ghi: 500,
        dni: 600,
        dhi: 100,
        dniExtra: 1361,
        albedo: 0.2,
      },
      { mount: { tracker: { maxAngle: 60 } } },
    );
    expect((r.surfaceTilt as Float64Array)[0]).toBeGreaterThan(10);
    expect((r.surfaceTilt as Float64Array)[1]).toBeNaN();
    expect((r.surfaceAzimuth as Float64Array)[1]).toBeNaN();
    expect(r.poaGlobal[1]).toBeNaN();
  });

  it('checks its arguments once and names them', () => {
    const sky = { solarZenith: 40, solarAzimuth: 180, ghi: 500, dni: 600, dhi: 100, dniExtra: 1361, albedo: 0.2 };
    expect(() => planeOfArray({ ...sky, dni: undefined } as never, { mount: { tilt: 30, azimuth: 180 } })).toThrow(
      /planeOfArray: dni must be given/,
    );
    expect(() =>
      planeOfArray(
        { ...sky, ghi: new Float64Array(3), dhi: new Float64Array(4) },
        { mount: { tilt: 30, azimuth: 180 } },
      ),
    ).toThrow(/planeOfArray: dhi has length 4 but ghi has length 3/);
    expect(() => planeOfArray({ ...sky, albedo: Number.NaN }, { mount: { tilt: 30, azimuth: 180 } })).toThrow(
      RangeError,
    );
    expect(() => planeOfArray(sky, { mount: { tilt: 30, azimuth: 180 }, model: 'hay' as never })).toThrow(
      /options.model must be one of 'isotropic', 'klucher', 'haydavies', 'reindl', 'king', 'perez', 'perez-driesse'/,
    );
    expect(() => planeOfArray(sky, { mount: { tracker: { gcr: -1 } } })).toThrow(
      /planeOfArray: mount.tracker.gcr must be a number > 0 and <= 1 \(row width over pitch\) \(got -1\)/,
    );
    expect(() => planeOfArray({ ...sky, dniExtra: undefined }, { mount: { tilt: 30, azimuth: 180 } })).toThrow(
      /dniExtra/,
    );
    expect(
      planeOfArray({ ...sky, dniExtra: undefined }, { mount: { tilt: 30, azimuth: 180 }, model: 'isotropic' })
        .poaGlobal[0],
    ).toBeGreaterThan(500);
  });
});

describe('one plane-of-array function, two callers with explicit differences', () => {
  // A clear June day at 52 N in 5-minute steps, the sky of the synthetic weather.
  const t0 = Date.UTC(2024, 5, 21) / 1000;
  const times = Float64Array.from({ length: 288 }, (_, i) => t0 + 150 + 300 * i);
  const lat = 52;
  const lon = 5;
  const sky = skyAtInstants(times, lat, lon, 0, stationPressure(0), 12);
  const albedo = new Float64Array(times.length).fill(0.2);
  const { clearskyGhi: ghi, clearskyDni: dni, clearskyDhi: dhi } = sky;

  it("the weather source's gti is planeOfArray with the true zenith, the apparent zenith's air mass and WEATHER_TRACKER", () => {
    for (const plane of [
      { tilt: 35, azimuth: 200, arrayType: 'fixed' as const },
      { tilt: 0, azimuth: 180, arrayType: 'horizontal_single_axis' as const },
    ]) {
      const gti = tiltedIrradiance(sky, ghi, dni, dhi, albedo, plane);
      const mount: PlaneMount =
        plane.arrayType === 'fixed'
          ? { tilt: plane.tilt, azimuth: plane.azimuth }
          : { tracker: { axisAzimuth: plane.azimuth % 180, ...WEATHER_TRACKER } };
      const direct = planeOfArray(
        {
          solarZenith: sky.zenith,
          trackingZenith: sky.apparentZenith,
          solarAzimuth: sky.azimuth,
          ghi,
          dni,
          dhi,
          dniExtra: sky.dniExtra,
          airmass: sky.airmass,
          albedo,
        },
        { mount },
      ).poaGlobal;
      for (let i = 0; i < gti.length; i++) expect(gti[i]).toBe(direct[i]! > 0 ? direct[i] : 0);
    }
  });

  it("the PV chains' plane of array is planeOfArray with the apparent zenith (as pvlib's ModelChain)", () => {
    const periodEnd = times.map((t) => t + 150);
    const weather = { unixSeconds: periodEnd, ghi, dni, dhi, airTemp: 20, windSpeed: 2 };
    const { sun, middle } = sunAtPeriodMiddle(periodEnd, 300, lat, lon, 0, 20);
    const mount = { tracker: { maxAngle: 60, backtrack: true, gcr: 0.36, axisAzimuth: 180 } };
    const chain = chainIrradiance(weather, sun, middle, mount, 0.2);
    const direct = planeOfArray(
      {
        solarZenith: sun.apparentZenith,
        solarAzimuth: sun.azimuth,
        ghi,
        dni,
        dhi,
        dniExtra: extraterrestrialRadiation(middle),
        airmass: relativeAirmass(sun.apparentZenith),
        albedo: 0.2,
      },
      { mount },
    ).poaGlobal;
    for (let i = 0; i < direct.length; i++)
      expect(chain.poaGlobal[i]).toBe(direct[i]! >= 0 ? direct[i] : chain.poaGlobal[i]);
  });

  it("names the differences: the weather's tracker (GCR 0.35, true zenith) and a site's (GCR 0.36, apparent zenith)", () => {
    const input = { solarAzimuth: sky.azimuth, ghi, dni, dhi, dniExtra: sky.dniExtra, airmass: sky.airmass, albedo };
    const weather = planeOfArray(
      { ...input, solarZenith: sky.zenith, trackingZenith: sky.apparentZenith },
      { mount: { tracker: { axisAzimuth: 0, ...WEATHER_TRACKER } } },
    ).poaGlobal;
    const site = planeOfArray(
      { ...input, solarZenith: sky.apparentZenith },
      { mount: { tracker: { axisAzimuth: 180, maxAngle: 60, backtrack: true, gcr: 0.36 } } },
    ).poaGlobal;
    let highSun = 0;
    let backtracking = 0;
    for (let i = 0; i < times.length; i++) {
      const d = Math.abs((weather[i]! > 0 ? weather[i]! : 0) - (site[i]! > 0 ? site[i]! : 0));
      if (sky.zenith[i]! < 50) highSun = Math.max(highSun, d);
      else if (sky.zenith[i]! > 70) backtracking = Math.max(backtracking, d);
    }
    // Neither backtracks with a high sun, and refraction is negligible there: the same plane.
    expect(highSun).toBeLessThan(1);
    // A low sun makes the rows backtrack, and the ground coverage ratio decides by how much.
    expect(backtracking).toBeGreaterThan(5);
  });
});
