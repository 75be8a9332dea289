/**
 * Reference handlers for the cases of spectrum.json (scripts/pvlib/spectrum.py): pvlib.spectrum's
 * spectral factors, calc_spectral_mismatch_field, average_photon_energy, sr_to_qe, qe_to_sr,
 * get_example_spectral_response, get_reference_spectra and spectrl2. Parameters are read from the
 * case by pvlib's name, with pvlib's defaults; a spectrum's columns are the inputs `<name>_<j>`,
 * one per wavelength of params.wavelength.
 */
import { readReferenceSpectra } from '../../../src/node/spectra.js';
import {
  spectralFactorCaballero,
  spectralFactorFirstSolar,
  spectralFactorJrc,
  spectralFactorPolo,
  spectralFactorPvspec,
  spectralFactorSapm,
} from '../../../src/spectrum/factors.js';
import {
  averagePhotonEnergy,
  exampleSpectralResponse,
  qeToSr,
  spectralMismatchField,
  srToQe,
} from '../../../src/spectrum/spectra.js';
import { spectrl2 } from '../../../src/spectrum/spectrl2.js';
import { inputColumn, param } from '../runner.js';
import { type CaseHandler, type ComputedColumns, type ReferenceCase, TOLERANCE } from '../schema.js';

const isSpectrum = (stem: string, name: string, prefix: string): boolean =>
  stem === 'spectrum' && name.startsWith(prefix);
const opt = <T>(c: ReferenceCase, name: string): T | undefined => param<T | undefined>(c, name, undefined);
const floats = (c: ReferenceCase, name: string): Float64Array =>
  Float64Array.from(param<(number | null)[]>(c, name, []), (v) => (v === null ? Number.NaN : v));

/** `moduleType` or `coefficients`, as the case gives them. */
function moduleOrCoefficients(c: ReferenceCase): { moduleType?: never; coefficients?: number[] } {
  const moduleType = opt<string>(c, 'module_type');
  const coefficients = opt<number[]>(c, 'coefficients');
  return {
    ...(moduleType !== undefined ? { moduleType: moduleType as never } : {}),
    ...(coefficients !== undefined ? { coefficients } : {}),
  };
}

/** The spectra of a case: its inputs `<prefix>_0`, `<prefix>_1`, ... */
function spectraColumns(c: ReferenceCase, prefix: string, count: number): Float64Array[] {
  return Array.from({ length: count }, (_, j) => inputColumn(c, `${prefix}_${j}`));
}

/** The handler of the spectrum.json cases whose name starts with `fn`, compared at TOLERANCE.value. */
const spectrumHandler = (fn: string, run: (c: ReferenceCase) => ComputedColumns): CaseHandler => ({
  variant: fn,
  matches: (s, n) => isSpectrum(s, n, fn),
  run,
  defaultTolerance: TOLERANCE.value,
});

const factor = (f: (c: ReferenceCase) => Float64Array) => (c: ReferenceCase) => ({ spectral_factor: f(c) });

export const handlers: CaseHandler[] = [
  spectrumHandler(
    'spectral_factor_firstsolar',
    factor((c) =>
      spectralFactorFirstSolar(
        {
          precipitableWater: inputColumn(c, 'precipitable_water'),
          airmassAbsolute: inputColumn(c, 'airmass_absolute'),
        },
        {
          ...moduleOrCoefficients(c),
          minPrecipitableWater: param(c, 'min_precipitable_water', 0.1),
          maxPrecipitableWater: param(c, 'max_precipitable_water', 8),
          minAirmassAbsolute: param(c, 'min_airmass_absolute', 0.58),
          maxAirmassAbsolute: param(c, 'max_airmass_absolute', 10),
        },
      ),
    ),
  ),
  spectrumHandler(
    'spectral_factor_sapm',
    factor((c) =>
      spectralFactorSapm(inputColumn(c, 'airmass_absolute'), {
        a0: param(c, 'A0', Number.NaN),
        a1: param(c, 'A1', Number.NaN),
        a2: param(c, 'A2', Number.NaN),
        a3: param(c, 'A3', Number.NaN),
        a4: param(c, 'A4', Number.NaN),
      }),
    ),
  ),
  spectrumHandler(
    'spectral_factor_caballero',
    factor((c) =>
      spectralFactorCaballero(
        {
          precipitableWater: inputColumn(c, 'precipitable_water'),
          airmassAbsolute: inputColumn(c, 'airmass_absolute'),
          aod500: inputColumn(c, 'aod500'),
        },
        moduleOrCoefficients(c),
      ),
    ),
  ),
  spectrumHandler(
    'spectral_factor_pvspec',
    factor((c) =>
      spectralFactorPvspec(
        { airmassAbsolute: inputColumn(c, 'airmass_absolute'), clearskyIndex: inputColumn(c, 'clearsky_index') },
        moduleOrCoefficients(c),
      ),
    ),
  ),
  spectrumHandler(
    'spectral_factor_jrc',
    factor((c) =>
      spectralFactorJrc(
        { airmass: inputColumn(c, 'airmass'), clearskyIndex: inputColumn(c, 'clearsky_index') },
        moduleOrCoefficients(c),
      ),
    ),
  ),
  spectrumHandler(
    'spectral_factor_polo',
    factor((c) =>
      spectralFactorPolo(
        {
          precipitableWater: inputColumn(c, 'precipitable_water'),
          airmassAbsolute: inputColumn(c, 'airmass_absolute'),
          aod500: inputColumn(c, 'aod500'),
          aoi: inputColumn(c, 'aoi'),
          pressure: inputColumn(c, 'pressure'),
          albedo: c.inputs.albedo !== undefined ? inputColumn(c, 'albedo') : param(c, 'albedo', 0.2),
        },
        moduleOrCoefficients(c),
      ),
    ),
  ),
  spectrumHandler('calc_spectral_mismatch_field', (c) => {
    const wavelength = floats(c, 'wavelength');
    const eRefName = param<string | (number | null)[]>(c, 'e_ref', 'astm_g173_global');
    const eRef =
      eRefName === 'astm_g173_global'
        ? { eRef: readReferenceSpectra({ wavelengths: wavelength }).global }
        : { eRef: floats(c, 'e_ref'), eRefWavelength: floats(c, 'e_ref_wavelength') };
    return {
      smm: spectralMismatchField({
        sr: floats(c, 'sr'),
        srWavelength: floats(c, 'sr_wavelength'),
        eSun: spectraColumns(c, 'e_sun', wavelength.length),
        wavelength,
        ...eRef,
      }),
    };
  }),
  spectrumHandler('average_photon_energy', (c) => {
    const wavelength = floats(c, 'wavelength');
    return { ape: averagePhotonEnergy({ spectra: spectraColumns(c, 'spectra', wavelength.length), wavelength }) };
  }),
  spectrumHandler('sr_to_qe', (c) => ({
    qe: srToQe(
      { sr: inputColumn(c, 'sr'), wavelength: inputColumn(c, 'wavelength') },
      { normalize: param(c, 'normalize', false) },
    ),
  })),
  spectrumHandler('qe_to_sr', (c) => ({
    sr: qeToSr(
      { qe: inputColumn(c, 'qe'), wavelength: inputColumn(c, 'wavelength') },
      { normalize: param(c, 'normalize', false) },
    ),
  })),
  spectrumHandler('get_example_spectral_response', (c) => ({
    spectral_response: exampleSpectralResponse(
      param(c, 'default_wavelength', false) ? undefined : inputColumn(c, 'wavelength'),
    ).spectralResponse,
  })),
  spectrumHandler('get_reference_spectra', (c) => {
    const r = readReferenceSpectra({ wavelengths: inputColumn(c, 'wavelengths') });
    return { extraterrestrial: r.extraterrestrial, global: r.global, direct: r.direct };
  }),
  spectrumHandler('spectrl2', (c) => {
    const r = spectrl2(
      {
        apparentZenith: inputColumn(c, 'apparent_zenith'),
        aoi: inputColumn(c, 'aoi'),
        surfaceTilt: inputColumn(c, 'surface_tilt'),
        groundAlbedo: inputColumn(c, 'ground_albedo'),
        surfacePressure: inputColumn(c, 'surface_pressure'),
        relativeAirmass: inputColumn(c, 'relative_airmass'),
        precipitableWater: inputColumn(c, 'precipitable_water'),
        ozone: inputColumn(c, 'ozone'),
        aerosolTurbidity500nm: inputColumn(c, 'aerosol_turbidity_500nm'),
        dayofyear: inputColumn(c, 'dayofyear'),
      },
      {
        scatteringAlbedo400nm: param(c, 'scattering_albedo_400nm', 0.945),
        alpha: param(c, 'alpha', 1.14),
        wavelengthVariationFactor: param(c, 'wavelength_variation_factor', 0.095),
        aerosolAsymmetryFactor: param(c, 'aerosol_asymmetry_factor', 0.65),
      },
    );
    const out: ComputedColumns = {};
    const names = {
      dni_extra: r.dniExtra,
      dhi: r.dhi,
      dni: r.dni,
      poa_sky_diffuse: r.poaSkyDiffuse,
      poa_ground_diffuse: r.poaGroundDiffuse,
      poa_direct: r.poaDirect,
      poa_global: r.poaGlobal,
    };
    for (const [k, cols] of Object.entries(names)) cols.forEach((col, j) => (out[`${k}_${j}`] = col));
    return out;
  }),
];
