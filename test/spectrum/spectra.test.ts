import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averagePhotonEnergy,
  exampleSpectralResponse,
  qeToSr,
  spectralMismatchField,
  srToQe,
} from '../../src/spectrum/spectra.js';

const wavelength = Float64Array.of(350, 500, 700, 900, 1100);

describe('spectralMismatchField', () => {
  it('is 1 when the sky has the reference spectrum (any scale), per time', () => {
    const sr = Float64Array.of(0.1, 0.3, 0.5, 0.6, 0.2);
    const eRef = Float64Array.of(0.5, 1.6, 1.3, 0.9, 0.5);
    const eSun = Array.from(eRef, (v) => Float64Array.of(v, 2 * v, 0.1 * v));
    const r = spectralMismatchField({ sr, srWavelength: wavelength, eSun, wavelength, eRef });
    for (const v of r) expect(v).toBeCloseTo(1, 14);
  });
  it('is above 1 when the sky is bluer for a blue-sensitive device, and keeps NaN', () => {
    const sr = Float64Array.of(0.6, 0.5, 0.3, 0.2, 0.1);
    const eRef = Float64Array.of(1, 1, 1, 1, 1);
    const blue = [2, 1.5, 1, 0.7, 0.5].map((v) => Float64Array.of(v, Number.NaN));
    const r = spectralMismatchField({ sr, srWavelength: wavelength, eSun: blue, wavelength, eRef });
    expect(r[0]).toBeGreaterThan(1);
    expect(r[1]).toBeNaN();
  });
  it('names a spectrum of the wrong shape', () => {
    const sr = Float64Array.of(0.1, 0.3, 0.5, 0.6, 0.2);
    expect(() => spectralMismatchField({ sr, srWavelength: wavelength, eSun: [1, 1], wavelength, eRef: sr })).toThrow(
      /spectralMismatchField.*eSun.*5 columns/,
    );
    expect(() =>
      spectralMismatchField({
        sr,
        srWavelength: Float64Array.of(1, 1, 2, 3, 4),
        eSun: [1, 1, 1, 1, 1],
        wavelength,
        eRef: sr,
      }),
    ).toThrow(/srWavelength.*increasing/);
  });
});

describe('averagePhotonEnergy', () => {
  it('of a narrow line is the photon energy of its wavelength (hc/q / 620 nm = 2.0 eV)', () => {
    const ape = averagePhotonEnergy({ spectra: [1, 1], wavelength: Float64Array.of(619.99, 620.01) })[0]!;
    expect(ape).toBeCloseTo(1239.84198 / 620, 4);
  });
  it('of zeros is NaN (0/0, as pvlib) and a negative irradiance throws', () => {
    expect(averagePhotonEnergy({ spectra: [0, 0], wavelength: Float64Array.of(500, 600) })[0]).toBeNaN();
    expect(() => averagePhotonEnergy({ spectra: [1, -1], wavelength: Float64Array.of(500, 600) })).toThrow(RangeError);
  });
});

describe('srToQe and qeToSr', () => {
  it('are inverse to each other', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 280, max: 4000, noNaN: true }),
        (s, w) => {
          const qe = srToQe({ sr: Float64Array.of(s), wavelength: w });
          expect(qeToSr({ qe, wavelength: w })[0]).toBeCloseTo(s, 12);
        },
      ),
    );
  });
  it('normalise to a maximum of 1', () => {
    const qe = srToQe(
      { sr: Float64Array.of(0.2, 0.6, 0.4), wavelength: Float64Array.of(400, 800, 1000) },
      { normalize: true },
    );
    expect(Math.max(...qe)).toBe(1);
  });
});

describe('exampleSpectralResponse', () => {
  it('is 0 outside 290-1190 nm and passes through its points (1 at 950 nm)', () => {
    const r = exampleSpectralResponse(Float64Array.of(200, 290, 950, 1190, 1300));
    expect(r.spectralResponse[0]).toBe(0);
    expect(r.spectralResponse[2]).toBeCloseTo(1, 14);
    expect(r.spectralResponse[4]).toBe(0);
    expect(exampleSpectralResponse().wavelength.length).toBe(185);
  });
});
