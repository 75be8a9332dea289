import { describe, expect, it } from 'vitest';
import { ghiFromPoaDriesse2024, gtiDirint, totalIrradiance, erbsDriesse } from '../../src/irradiance/index.js';

const f64 = (...xs: number[]) => Float64Array.from(xs);

// pvlib-python's test vectors (tests/test_irradiance.py, test_gti_dirint, test_ghi_from_poa_driesse):
// three hours of 2014-06-24 at UTC-7 on a plane of 30 deg facing south.
const times = f64(
  Date.parse('2014-06-24T06:00:00-07:00') / 1000,
  Date.parse('2014-06-24T09:00:00-07:00') / 1000,
  Date.parse('2014-06-24T12:00:00-07:00') / 1000,
);
const poaGlobal = f64(20, 300, 1000);
const aoi = f64(100, 70, 10);
const zenith = f64(80, 45, 20);
const azimuth = f64(90, 135, 180);
const base = {
  poaGlobal,
  aoi,
  solarZenith: zenith,
  solarAzimuth: azimuth,
  unixSeconds: times,
  surfaceTilt: 30,
  surfaceAzimuth: 180,
};

/** Within `tolerance` W/m2, or 1e-5 of the value: pvlib's test compares its frames to rtol 1e-5. */
const near = (actual: ArrayLike<number>, expected: number[], tolerance: number) => {
  for (let i = 0; i < expected.length; i++) {
    if (Number.isNaN(expected[i]!)) expect(Number.isNaN(actual[i]!)).toBe(true);
    else
      expect(Math.abs(actual[i]! - expected[i]!)).toBeLessThanOrEqual(
        Math.max(tolerance, 1e-5 * Math.abs(expected[i]!)),
      );
  }
};

describe('gtiDirint against pvlib test vectors', () => {
  it('defaults, including the aoi >= 90 row', () => {
    const r = gtiDirint(base);
    near(r.ghi, [21.05796198, 291.40037163, 931.0407801], 1e-6);
    near(r.dni, [0, 63.41290679, 695.94965324], 1e-6);
    near(r.dhi, [21.05796198, 246.56067523, 277.06172442], 1e-6);
  });

  it('calculateGt90 false leaves the aoi >= 90 row NaN', () => {
    const r = gtiDirint(base, { calculateGt90: false });
    expect(Number.isNaN(r.ghi[0]!) && Number.isNaN(r.dni[0]!) && Number.isNaN(r.dhi[0]!)).toBe(true);
    near(r.ghi, [Number.NaN, 291.40037163, 931.0407801], 1e-6);
  });

  it('with a pressure, and with an albedo', () => {
    near(gtiDirint({ ...base, pressure: 93193 }).dni, [0, 63.27500913, 648.05001357], 1e-6);
    near(gtiDirint({ ...base, albedo: 0.05 }).ghi, [21.3592591, 294.498542, 941.7943404], 1e-6);
    near(gtiDirint({ ...base, albedo: f64(0.05, 0.05, 0.05) }).dhi, [21.3592591, 247.6467183, 258.16276278], 1e-6);
  });

  it('the modelled POA of the aoi < 90 rows meets the measured one within 1 W/m2', () => {
    const r = gtiDirint(base);
    const poa = totalIrradiance(
      {
        surfaceTilt: 30,
        surfaceAzimuth: 180,
        solarZenith: zenith,
        solarAzimuth: azimuth,
        dni: r.dni,
        ghi: r.ghi,
        dhi: r.dhi,
        dniExtra: 1370 * 0.9679,
        airmass: f64(5.6, 1.41, 1.06),
      },
      { model: 'isotropic' },
    );
    // Isotropic here, Perez in the model: the plane's total differs by the sky model only.
    expect(Math.abs(poa.poaGlobal[2]! - 1000)).toBeLessThan(60);
  });

  it('refuses a series with no aoi below 90 deg, and times that do not increase', () => {
    expect(() => gtiDirint({ ...base, aoi: f64(95, 100, 120) })).toThrow(/aoi.*below 90/);
    expect(() => gtiDirint({ ...base, unixSeconds: f64(times[2]!, times[1]!, times[0]!) })).toThrow(/unixSeconds/);
    expect(() => gtiDirint(base, { model: 'hay' as never })).toThrow(/model/);
  });
});

describe('ghiFromPoaDriesse2024 against pvlib test vectors', () => {
  const plane = { surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: zenith, solarAzimuth: azimuth, dniExtra: 1366.1 };

  it('GHI of three POA values', () => {
    near(ghiFromPoaDriesse2024({ ...plane, poaGlobal }).ghi, [22.089, 304.088, 931.143], 1e-3);
  });

  it('POA 0, a POA beyond any GHI and NaN: 0 converged, NaN with niter -1, NaN with niter 0', () => {
    const r = ghiFromPoaDriesse2024({ ...plane, poaGlobal: f64(0, 1500, Number.NaN) });
    near(r.ghi, [0, Number.NaN, Number.NaN], 0);
    expect(Array.from(r.converged)).toEqual([1, 0, 0]);
    expect(Array.from(r.niter)).toEqual([0, -1, 0]);
  });

  it('inverts the forward chain it bisects: POA(GHI) = poaGlobal within xtol of GHI', () => {
    const g = f64(50, 300, 700, 950);
    const z = f64(70, 50, 35, 20);
    const sun = { surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: z, solarAzimuth: 170, dniExtra: 1366.1 };
    const split = erbsDriesse({ ghi: g, zenith: z, dniExtra: 1366.1 });
    const poa = totalIrradiance(
      { ...sun, ghi: g, dni: split.dni, dhi: split.dhi },
      { model: 'perez-driesse' },
    ).poaGlobal;
    const back = ghiFromPoaDriesse2024({ ...sun, poaGlobal: poa }, { xtol: 1e-6 });
    // 25 halvings of a bracket below 1.25 x 1366.1 W/m2 leave at most 1708 / 2^25 = 5.1e-5 W/m2.
    for (let i = 0; i < 4; i++) expect(Math.abs(back.ghi[i]! - g[i]!)).toBeLessThanOrEqual(5.1e-5);
  });

  it('refuses an xtol of 0 or below, naming it and its unit', () => {
    expect(() => ghiFromPoaDriesse2024({ ...plane, poaGlobal }, { xtol: -3.14 })).toThrow(/xtol.*W\/m2/);
  });
});
