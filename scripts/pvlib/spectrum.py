"""
Reference values of solarkit's spectral models (src/spectrum), computed with pvlib-python's
pvlib.spectrum: the spectral factors of First Solar, SAPM, Caballero, PVSPEC, JRC and Polo;
calc_spectral_mismatch_field, average_photon_energy, sr_to_qe, qe_to_sr,
get_example_spectral_response, get_reference_spectra and spectrl2. Writes
fixtures/reference/spectrum.json in the schema of fixtures/reference/README.md.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/spectrum.py

Spectra are matrices (times by wavelengths): a case holds one input column per wavelength,
`e_sun_<j>` or `spectra_<j>` over the times, with the wavelengths in params; the spectra come from
pvlib's spectrl2 at the case's sun positions. The mismatch cases whose params say
`e_ref: astm_g173_global` use pvlib's default reference (ASTM G173-03 global, which the handler
reads from the data directory). Inputs cover ordinary and extreme values: air mass 0.3 to 40,
precipitable water 0 to 12 cm (pvlib's clipping), clear-sky index 0.05 to 1.5, and NaN rows.
"""
import os
import warnings

import numpy as np
import pandas as pd
import pvlib
from pvlib import spectrum

from reference_cases import column, pvlib_revision, write_json

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'reference', 'spectrum.json')


def main():
    warnings.simplefilter('ignore')
    rng = np.random.default_rng(3131)
    n = 60
    am = np.concatenate([[0.3, 0.58, 1, 1.5, 10, 12, 40, np.nan, 1.5, 2], rng.uniform(1, 8, n - 10)])
    pw = np.concatenate([[0, 0.05, 0.1, 1.42, 8, 8.5, 12, 1, np.nan, 3], rng.uniform(0.2, 6, n - 10)])
    aod = np.concatenate([[0.01, 0.084, 0.5, 1, 0.05, 0.1, 0.2, 0.1, 0.1, np.nan], rng.uniform(0.02, 0.6, n - 10)])
    kc = np.concatenate([[0.05, 0.2, 1, 1.2, 1.5, 0.8, np.nan, 0.9, 0.6, 0.3], rng.uniform(0.1, 1.3, n - 10)])
    aoi = np.concatenate([[0, 30, 60, 89, 90, 95, 120, np.nan, 45, 10], rng.uniform(0, 100, n - 10)])
    pressure = rng.uniform(70000, 104000, n)
    albedo = rng.uniform(0.05, 0.9, n)
    cases = {}

    for t in ('cdte', 'monosi', 'xsi', 'polysi', 'multisi', 'cigs', 'asi', 'CdTe'):
        cases[f'spectral_factor_firstsolar_{t}'] = {
            'params': {'module_type': t}, 'inputs': {'precipitable_water': column(pw), 'airmass_absolute': column(am)},
            'expected': {'spectral_factor': column(spectrum.spectral_factor_firstsolar(pw, am, module_type=t))}}
    coeffs = (0.86, -0.04, -0.01, 0.1, 0.08, -0.004)
    kw = dict(coefficients=coeffs, min_precipitable_water=0.2, max_precipitable_water=6,
              min_airmass_absolute=1, max_airmass_absolute=8)
    cases['spectral_factor_firstsolar_coefficients_bounds'] = {
        'params': {**kw, 'coefficients': list(coeffs)},
        'inputs': {'precipitable_water': column(pw), 'airmass_absolute': column(am)},
        'expected': {'spectral_factor': column(spectrum.spectral_factor_firstsolar(pw, am, **kw))}}

    module = {'A0': 0.928385, 'A1': 0.068093, 'A2': -0.0157738, 'A3': 0.0016606, 'A4': -6.93e-05}
    cases['spectral_factor_sapm_cs5p'] = {
        'params': module, 'inputs': {'airmass_absolute': column(am)},
        'expected': {'spectral_factor': column(spectrum.spectral_factor_sapm(am, module))}}

    for t in ('cdte', 'monosi', 'multisi', 'cigs', 'asi', 'perovskite'):
        cases[f'spectral_factor_caballero_{t}'] = {
            'params': {'module_type': t},
            'inputs': {'precipitable_water': column(pw), 'airmass_absolute': column(am), 'aod500': column(aod)},
            'expected': {'spectral_factor': column(spectrum.spectral_factor_caballero(pw, am, aod, module_type=t))}}
    cab = (1.0, 0.02, -0.01, 0.002, -0.0001, 0.01, -0.015, 0.001, -0.001, -0.002, 1, 0.5)
    cases['spectral_factor_caballero_coefficients'] = {
        'params': {'coefficients': list(cab)},
        'inputs': {'precipitable_water': column(pw), 'airmass_absolute': column(am), 'aod500': column(aod)},
        'expected': {'spectral_factor': column(spectrum.spectral_factor_caballero(pw, am, aod, coefficients=cab))}}

    for t in ('multisi', 'monosi', 'fs4-2', 'fs4-1', 'cigs', 'asi'):
        cases[f'spectral_factor_pvspec_{t}'] = {
            'params': {'module_type': t}, 'inputs': {'airmass_absolute': column(am), 'clearsky_index': column(kc)},
            'expected': {'spectral_factor': column(spectrum.spectral_factor_pvspec(am, kc, module_type=t))}}
    cases['spectral_factor_pvspec_coefficients'] = {
        'params': {'coefficients': [1.0, -0.06, 0.03]},
        'inputs': {'airmass_absolute': column(am), 'clearsky_index': column(kc)},
        'expected': {'spectral_factor': column(spectrum.spectral_factor_pvspec(am, kc, coefficients=(1.0, -0.06, 0.03)))}}

    for t in ('multisi', 'cdte'):
        cases[f'spectral_factor_jrc_{t}'] = {
            'params': {'module_type': t}, 'inputs': {'airmass': column(am), 'clearsky_index': column(kc)},
            'expected': {'spectral_factor': column(spectrum.spectral_factor_jrc(am, kc, module_type=t))}}
    cases['spectral_factor_jrc_coefficients'] = {
        'params': {'coefficients': [0.5, 0.15, 0.001]},
        'inputs': {'airmass': column(am), 'clearsky_index': column(kc)},
        'expected': {'spectral_factor': column(spectrum.spectral_factor_jrc(am, kc, coefficients=(0.5, 0.15, 0.001)))}}

    for t in ('cdte', 'monosi', 'cigs', 'asi'):
        for with_albedo in (False, True):
            kw = {'albedo': albedo} if with_albedo else {}
            inputs = {'precipitable_water': column(pw), 'airmass_absolute': column(am), 'aod500': column(aod),
                      'aoi': column(aoi), 'pressure': column(pressure)}
            if with_albedo:
                inputs['albedo'] = column(albedo)
            cases[f'spectral_factor_polo_{t}{"_albedo" if with_albedo else ""}'] = {
                'params': {'module_type': t}, 'inputs': inputs,
                'expected': {'spectral_factor': column(spectrum.spectral_factor_polo(
                    pw, am, aod, aoi, pressure, module_type=t, **kw))}}
    polo = (0.002, 10, 9, 0.3, 0.0008, 0.006, 0.001, -0.003, 1.0)
    cases['spectral_factor_polo_coefficients'] = {
        'params': {'coefficients': list(polo)},
        'inputs': {'precipitable_water': column(pw), 'airmass_absolute': column(am), 'aod500': column(aod),
                   'aoi': column(aoi), 'pressure': column(pressure)},
        'expected': {'spectral_factor': column(spectrum.spectral_factor_polo(
            pw, am, aod, aoi, pressure, coefficients=polo))}}

    # spectrl2 over sun positions from high sun to the horizon, tilts and albedos.
    m = 12
    zen = np.array([0, 10, 25, 40, 55, 65, 75, 80, 85, 88, 89.5, 60.0])
    s_aoi = np.array([0, 15, 30, 50, 70, 85, 95, 120, 60, 20, 89, np.nan])
    s_tilt = np.array([0, 20, 30, 45, 90, 10, 35, 60, 25, 15, 0, 30.0])
    s_alb = np.array([0.2, 0.1, 0.3, 0.5, 0.9, 0.2, 0.25, 0.15, 0.2, 0.6, 0.2, 0.2])
    s_pres = np.array([101300, 95000, 85000, 101325, 100000, 70000, 101300, 98000, 101300, 90000, 101300, 101300.])
    relam = pvlib.atmosphere.get_relative_airmass(zen)
    s_pw = np.array([0.5, 1.42, 2, 3, 4, 0.1, 5, 1, 1.5, 2.5, 1, 1.0])
    s_o3 = np.array([0.3, 0.344, 0.25, 0.4, 0.3, 0.35, 0.3, 0.3, 0.28, 0.3, 0.3, 0.3])
    s_aod = np.array([0.1, 0.05, 0.2, 0.3, 0.08, 0.02, 0.5, 0.1, 0.1, 0.15, 0.1, 0.1])
    doy = np.array([1, 32, 80, 120, 172, 200, 250, 300, 355, 365, 100, 150])
    sp_inputs = {'apparent_zenith': column(zen), 'aoi': column(s_aoi), 'surface_tilt': column(s_tilt),
                 'ground_albedo': column(s_alb), 'surface_pressure': column(s_pres), 'relative_airmass': column(relam),
                 'precipitable_water': column(s_pw), 'ozone': column(s_o3),
                 'aerosol_turbidity_500nm': column(s_aod), 'dayofyear': column(doy)}
    for name, kw in (('defaults', {}), ('aerosol_params', {'scattering_albedo_400nm': 0.9, 'alpha': 1.3,
                                                           'wavelength_variation_factor': 0.1,
                                                           'aerosol_asymmetry_factor': 0.7})):
        sp = spectrum.spectrl2(zen, s_aoi, s_tilt, s_alb, s_pres, relam, s_pw, s_o3, s_aod, dayofyear=doy, **kw)
        expected = {}
        for key in ('dni_extra', 'dhi', 'dni', 'poa_sky_diffuse', 'poa_ground_diffuse', 'poa_direct', 'poa_global'):
            for j in range(sp['wavelength'].size):
                expected[f'{key}_{j}'] = column(sp[key][j])
        cases[f'spectrl2_{name}'] = {'params': {**kw, 'wavelength': column(sp['wavelength'])},
                                      'inputs': sp_inputs, 'expected': expected}

    sp = spectrum.spectrl2(zen, s_aoi, s_tilt, s_alb, s_pres, relam, s_pw, s_o3, s_aod, dayofyear=doy)
    wl = sp['wavelength']
    e_sun = pd.DataFrame(sp['poa_global'].T, columns=wl)
    e_sun_inputs = {f'e_sun_{j}': column(e_sun.iloc[:, j]) for j in range(wl.size)}
    sr = spectrum.get_example_spectral_response()
    cases['calc_spectral_mismatch_field_example_sr_astm'] = {
        'params': {'wavelength': column(wl), 'sr_wavelength': column(sr.index), 'sr': column(sr.values),
                   'e_ref': 'astm_g173_global'},
        'inputs': e_sun_inputs,
        'expected': {'smm': column(spectrum.calc_spectral_mismatch_field(sr, e_sun))}}
    ref_wl = np.arange(300, 1300, 7.5)
    e_ref = pd.Series(1.5 - ((ref_wl - 700) / 900) ** 2, index=ref_wl)
    sr2 = pd.Series([0.1, 0.3, 0.5, 0.6, 0.4, 0.0], index=[300., 450, 700, 900, 1050, 1150])
    cases['calc_spectral_mismatch_field_own_reference'] = {
        'params': {'wavelength': column(wl), 'sr_wavelength': column(sr2.index), 'sr': column(sr2.values),
                   'e_ref_wavelength': column(ref_wl), 'e_ref': column(e_ref.values)},
        'inputs': e_sun_inputs,
        'expected': {'smm': column(spectrum.calc_spectral_mismatch_field(sr2, e_sun, e_ref))}}

    # Spectra with a zero column (0/0 gives NaN as in pvlib) and the reference itself.
    astm = spectrum.get_reference_spectra()
    sample = astm.iloc[::10]
    spectra = pd.DataFrame([sample['global'].values, sample['direct'].values, sample['extraterrestrial'].values,
                            np.zeros(len(sample))], columns=sample.index)
    spectra = pd.concat([spectra, e_sun.reindex(columns=sample.index).fillna(0).iloc[:0]])
    cases['average_photon_energy_astm'] = {
        'params': {'wavelength': column(sample.index)},
        'inputs': {f'spectra_{j}': column(spectra.iloc[:, j]) for j in range(len(sample))},
        'expected': {'ape': column(spectrum.average_photon_energy(spectra))}}
    cases['average_photon_energy_spectrl2'] = {
        'params': {'wavelength': column(wl)},
        'inputs': {f'spectra_{j}': column(e_sun.iloc[:, j]) for j in range(wl.size)},
        'expected': {'ape': column(spectrum.average_photon_energy(e_sun))}}

    wl_sr = np.array([280, 300, 400, 500, 632.8, 800, 950, 1000, 1100, 1200, np.nan])
    sr_values = np.array([0, 0.05, 0.25, 0.33, 0.44, 0.55, 0.61, 0.6, 0.3, 0.01, 0.2])
    for normalize in (False, True):
        cases[f'sr_to_qe{"_normalized" if normalize else ""}'] = {
            'params': {'normalize': normalize}, 'inputs': {'sr': column(sr_values), 'wavelength': column(wl_sr)},
            'expected': {'qe': column(spectrum.sr_to_qe(sr_values, wl_sr, normalize=normalize))}}
        qe_values = np.array([0, 0.2, 0.7, 0.8, 0.85, 0.9, 0.88, 0.8, 0.5, 0.02, 0.3])
        cases[f'qe_to_sr{"_normalized" if normalize else ""}'] = {
            'params': {'normalize': normalize}, 'inputs': {'qe': column(qe_values), 'wavelength': column(wl_sr)},
            'expected': {'sr': column(spectrum.qe_to_sr(qe_values, wl_sr, normalize=normalize))}}

    example = spectrum.get_example_spectral_response()
    cases['get_example_spectral_response_default'] = {
        'params': {'default_wavelength': True}, 'inputs': {'wavelength': column(example.index)},
        'expected': {'spectral_response': column(example.values)}}
    odd = np.array([200, 289.9, 290, 291, 333.3, 777, 950, 1189, 1190, 1190.1, 1500])
    cases['get_example_spectral_response_wavelengths'] = {
        'params': {}, 'inputs': {'wavelength': column(odd)},
        'expected': {'spectral_response': column(spectrum.get_example_spectral_response(odd).values)}}

    ref_at = np.array([250, 280, 280.25, 500, 1000.3, 2500, 4000, 4001])
    refs = spectrum.get_reference_spectra(ref_at)
    cases['get_reference_spectra_astm_g173'] = {
        'params': {'standard': 'ASTM G173-03'}, 'inputs': {'wavelengths': column(ref_at)},
        'expected': {k: column(refs[k].values) for k in ('extraterrestrial', 'global', 'direct')}}

    data = {
        'source': f'pvlib-python {pvlib_revision()} (scripts/pvlib/spectrum.py)',
        'description': 'pvlib.spectrum: spectral factors (firstsolar, sapm, caballero, pvspec, jrc, polo), '
                       'calc_spectral_mismatch_field, average_photon_energy, sr_to_qe, qe_to_sr, '
                       'get_example_spectral_response, get_reference_spectra, spectrl2',
        'cases': cases,
    }
    write_json(OUT, data)
    print(f'wrote {OUT}: {len(cases)} cases')


if __name__ == '__main__':
    main()
