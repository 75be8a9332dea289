import { describe, expect, it } from 'vitest';
import { readReferenceSpectra } from '../../src/node/spectra.js';
import { hasDataFile } from '../../src/node/data-dir.js';

describe.skipIf(!hasDataFile('pv/ASTMG173.csv'))('readReferenceSpectra', () => {
  it('reads ASTM G173-03: 2002 wavelengths, 280-4000 nm, about 1000 W/m2 global', () => {
    const r = readReferenceSpectra();
    expect(r.wavelength.length).toBe(2002);
    expect(r.wavelength[0]).toBe(280);
    expect(r.wavelength[2001]).toBe(4000);
    let total = 0;
    for (let j = 1; j < r.wavelength.length; j++)
      total += ((r.wavelength[j]! - r.wavelength[j - 1]!) * (r.global[j]! + r.global[j - 1]!)) / 2;
    expect(total).toBeCloseTo(1000.4, 0);
  });
  it('interpolates to given wavelengths, 0 outside the table; names a bad standard', () => {
    const r = readReferenceSpectra({ wavelengths: Float64Array.of(100, 500, 5000) });
    expect(Array.from(r.global)).toEqual([0, 1.5451, 0]);
    expect(() => readReferenceSpectra({ standard: 'AM0' as never })).toThrow(/standard/);
  });
});
