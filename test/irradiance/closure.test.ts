import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campbellNorman, completeIrradiance, dirindex, dirint, dni } from '../../src/irradiance/index.js';

const D2R = Math.PI / 180;
const f64 = (...xs: number[]) => Float64Array.from(xs);

describe('dni from GHI and DHI', () => {
  // pvlib-python's test vectors (tests/test_irradiance.py, test_dni).
  const ghi = f64(90, 100, 100, 100, 100);
  const dhi = f64(100, 90, 50, 50, 50);
  const zenith = f64(80, 100, 85, 70, 85);
  const dniClear = f64(50, 50, 200, 50, 300);

  it('with the clear-sky cap (tolerance 2) and without', () => {
    const capped = dni({ ghi, dhi, zenith, dniClear }, { clearskyTolerance: 2 });
    expect(Number.isNaN(capped[0]!) && Number.isNaN(capped[1]!)).toBe(true);
    expect(capped[2]).toBe(400);
    expect(capped[3]).toBeCloseTo(146.190220008, 8);
    expect(capped[4]).toBeCloseTo(573.685662283, 8);
    const plain = dni({ ghi, dhi, zenith });
    expect(plain[2]).toBeCloseTo(573.685662283, 8);
  });

  it('NaN in gives NaN; a DNI of 0 stays 0 even past the zero-DNI zenith', () => {
    const r = dni({ ghi: f64(Number.NaN, 100, 50), dhi: f64(50, Number.NaN, 50), zenith: f64(40, 40, 89) });
    expect(Number.isNaN(r[0]!) && Number.isNaN(r[1]!)).toBe(true);
    expect(r[2]).toBe(0);
  });

  it('refuses thresholds outside 0..180 degrees, naming the option', () => {
    expect(() => dni({ ghi, dhi, zenith }, { zenithThresholdForZeroDni: 200 })).toThrow(
      /zenithThresholdForZeroDni.*degrees/,
    );
  });
});

describe('completeIrradiance', () => {
  // pvlib-python's test vectors (test_complete_irradiance, apparent zenith).
  const zenith = f64(71.7303262449161, 59.369);
  const ghi = f64(372.103976116, 497.087579068);
  const dhi = f64(356.5437, 465.444);
  const beam = f64(49.63565561689957, 62.10624908037814);

  it('each missing component from the other two, the given ones copied', () => {
    const noGhi = completeIrradiance({ solarZenith: zenith, dhi, dni: beam });
    expect(noGhi.ghi[0]).toBeCloseTo(372.103976116, 5);
    expect(noGhi.ghi[1]).toBeCloseTo(497.087579068, 4);
    expect(noGhi.dni).toEqual(beam);
    const noDhi = completeIrradiance({ solarZenith: zenith, ghi, dni: beam });
    expect(noDhi.dhi[1]).toBeCloseTo(465.444, 4);
    const noDni = completeIrradiance({ solarZenith: zenith, ghi, dhi, dniClear: f64(625.525488016, 778.776644308) });
    expect(noDni.dni[0]).toBeCloseTo(49.63565561689957, 5);
    expect(noDni.ghi).toEqual(ghi);
  });

  it('closure holds for any two given components', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 85, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        (z, b, d) => {
          const r = completeIrradiance({ solarZenith: z, dni: b, dhi: d });
          // One product and one sum: the closure is exact to a few ulps of GHI.
          expect(Math.abs(r.ghi[0]! - (d + b * Math.cos(z * D2R)))).toBeLessThanOrEqual(1e-12 * (r.ghi[0]! + 1));
          const back = completeIrradiance({ solarZenith: z, ghi: r.ghi, dni: b });
          expect(Math.abs(back.dhi[0]! - d)).toBeLessThanOrEqual(1e-9 * (d + b + 1));
        },
      ),
    );
  });

  it('refuses one or three components, naming them', () => {
    expect(() => completeIrradiance({ solarZenith: zenith, ghi })).toThrow(/exactly two of ghi, dhi and dni/);
    expect(() => completeIrradiance({ solarZenith: zenith, ghi, dhi, dni: beam })).toThrow(/exactly two/);
  });
});

describe('campbellNorman', () => {
  it("pvlib's test vector (zenith 10, transmittance 0.5, 109764 Pa, E0 1400)", () => {
    const r = campbellNorman({ zenith: 10, transmittance: 0.5, pressure: 109764.21013135818, dniExtra: 1400 });
    expect(r.ghi[0]).toBeCloseTo(863.859736967, 8);
    expect(r.dni[0]).toBeCloseTo(653.123094076, 8);
    expect(r.dhi[0]).toBeCloseTo(220.65905025, 8);
  });

  it('NaN below the horizon and for a NaN zenith, as pvlib', () => {
    const r = campbellNorman({ zenith: f64(91, Number.NaN, 60), transmittance: 0.7 });
    expect(Number.isNaN(r.ghi[0]!) && Number.isNaN(r.dni[1]!)).toBe(true);
    expect(r.ghi[2]).toBeGreaterThan(0);
  });

  it('refuses a pressure in hPa', () => {
    expect(() => campbellNorman({ zenith: 30, transmittance: 0.7, pressure: 1013 })).toThrow(/pressure.*Pa/);
  });
});

describe('dirindex', () => {
  const t0 = Date.parse('2014-06-24T12:00:00-07:00') / 1000;
  const times = f64(t0, t0 + 3600, t0 + 7200);
  const zenith = f64(10.567, 15, 25);
  const ghi = f64(1038.62, 950, 700);

  it('is the clear-sky DNI where GHI is the clear-sky GHI', () => {
    const r = dirindex({ ghi, ghiClear: ghi, dniClear: f64(900, 880, 700), zenith, unixSeconds: times });
    expect(r[0]).toBeCloseTo(900, 9);
    expect(r[2]).toBeCloseTo(700, 9);
  });

  it('scales DIRINT by the clear sky: dniClear x DIRINT(GHI) / DIRINT(ghiClear)', () => {
    const ghiClear = f64(1050, 1000, 900);
    const dniClear = f64(950, 930, 850);
    const r = dirindex({ ghi, ghiClear, dniClear, zenith, unixSeconds: times });
    const a = dirint({ ghi, zenith, unixSeconds: times });
    const b = dirint({ ghi: ghiClear, zenith, unixSeconds: times });
    for (let i = 0; i < 3; i++) expect(r[i]).toBeCloseTo((dniClear[i]! * a[i]!) / b[i]!, 9);
  });

  it('differs from pvlib on purpose: NaN where its ratio is infinite (clear-sky DIRINT 0 under GHI above 0)', () => {
    // At zenith 86.6 deg the clear sky's kt' falls in DIRINT's lowest bin and its DNI is 0, while
    // a measured GHI 13 times the clear sky's gives a DNI: pvlib divides by 0 and returns inf.
    const low = f64(1719090000, 1719093600, 1719097200);
    const r = dirindex(
      {
        ghi: f64(10, 206.12369584403078, 10),
        ghiClear: f64(10, 15.771292424947635, 10),
        dniClear: 102.3915761799843,
        zenith: f64(86, 86.5547975742591, 87),
        unixSeconds: low,
      },
      { useDeltaKtPrime: false },
    );
    expect(Number.isNaN(r[1]!)).toBe(true);
  });
});
