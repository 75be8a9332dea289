import { describe, expect, it } from 'vitest';
import { spectrl2 } from '../../src/spectrum/spectrl2.js';

const input = {
  apparentZenith: Float64Array.of(20, 60, 85),
  aoi: Float64Array.of(0, 30, 100),
  surfaceTilt: 30,
  groundAlbedo: 0.2,
  surfacePressure: 101300,
  relativeAirmass: Float64Array.of(1.064, 1.995, 10.3),
  precipitableWater: 1.42,
  ozone: 0.344,
  aerosolTurbidity500nm: 0.1,
  dayofyear: 172,
};

describe('spectrl2', () => {
  it('gives 122 wavelengths and closes the plane of array: direct + sky + ground = global', () => {
    const r = spectrl2(input);
    expect(r.wavelength.length).toBe(122);
    for (let j = 0; j < 122; j++) {
      for (let i = 0; i < 3; i++) {
        const sum = r.poaDirect[j]![i]! + r.poaSkyDiffuse[j]![i]! + r.poaGroundDiffuse[j]![i]!;
        expect(r.poaGlobal[j]![i]).toBeCloseTo(sum, 12);
        expect(r.dni[j]![i]!).toBeLessThanOrEqual(r.dniExtra[j]![i]!);
      }
    }
  });
  it('attenuates more at a larger air mass, and the beam on a plane the sun is behind is 0', () => {
    const r = spectrl2(input);
    expect(r.dni[25]![2]!).toBeLessThan(r.dni[25]![0]!);
    expect(r.poaDirect[25]![2]).toBe(0);
  });
  it('checks its inputs once, naming them', () => {
    expect(() => spectrl2({ ...input, surfacePressure: 1013 })).toThrow(/spectrl2.*surfacePressure.*Pa/);
    expect(() => spectrl2({ ...input, ozone: undefined as never })).toThrow(/ozone/);
  });
});
