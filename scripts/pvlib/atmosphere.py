"""
Reference values of solarkit's air mass models and atmosphere helpers (src/atmosphere), computed
with pvlib-python: pvlib.atmosphere (get_relative_airmass with every model, get_absolute_airmass,
alt2pres, pres2alt, gueymard94_pw, rh_from_tdew, tdew_from_rh, bird_hulstrom80_aod_bb,
kasten96_lt, angstrom_aod_at_lambda, angstrom_alpha, windspeed_powerlaw) and pvlib.albedo
(SURFACE_ALBEDOS, inland_water_dvoracek). Writes fixtures/reference/atmosphere.json in the schema
of fixtures/reference/README.md.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/atmosphere.py

The inputs are made here (a seeded generator) and reach the edges: zeniths from 0 to beyond the
horizon with a dense grid near 90 degrees, negative and NaN zeniths; temperatures from -45 to 55 C;
humidity 0 to 100 %; negative wind speeds (NaN out); the sun below the horizon for the albedo of
water; NaN in every column somewhere (expected NaN is null).
"""
import os
import warnings

import numpy as np
import pvlib
from pvlib import albedo, atmosphere

from reference_cases import case, column, pvlib_revision, write_json

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'reference', 'atmosphere.json')


def airmass_cases(rng):
    zenith = np.concatenate([np.linspace(0, 85, 35), np.linspace(85, 90, 26), [90.5, 95, 120, 180, -5, -0.5, np.nan],
                             rng.uniform(0, 90, 30)])
    pressure = rng.uniform(55000, 105000, len(zenith))
    pressure[5] = np.nan
    cases = {}
    for model in atmosphere.AIRMASS_MODELS + ('gueymard2003',):
        if model in cases:
            continue
        with np.errstate(all='ignore'):
            rel = atmosphere.get_relative_airmass(zenith, model=model)
            ab = atmosphere.get_absolute_airmass(rel, pressure)
        cases[f'airmass_{model}_extremes'] = {
            'params': {'model': model},
            'inputs': {'zenith': column(zenith), 'pressure_pa': column(pressure)},
            'expected': {'airmass_relative': column(rel), 'airmass_absolute': column(ab)}}
    altitude = np.concatenate([np.linspace(-500, 9000, 40), [np.nan, 0, 8848]])
    cases['alt2pres_extremes'] = {'params': {}, 'inputs': {'altitude_m': column(altitude)},
                                  'expected': {'pressure_pa': column(atmosphere.alt2pres(altitude))}}
    pres = np.concatenate([np.linspace(30000, 108000, 40), [np.nan, 101325]])
    cases['pres2alt'] = case('pres2alt', {'pressure_pa': pres}, {'altitude_m': atmosphere.pres2alt(pres)})
    return cases


def humidity_cases(rng):
    n = 80
    temp = rng.uniform(-45, 55, n)
    rh = rng.uniform(0, 100, n)
    rh[:3] = [0, 100, 1e-3]
    temp[7] = np.nan
    rh[9] = np.nan
    dew = temp - rng.uniform(0, 30, n)
    dew[11] = np.nan
    cases = {}
    with np.errstate(all='ignore'):
        cases['gueymard94_pw'] = case('gueymard94_pw', {'temp_air': temp, 'relative_humidity': rh},
                                      {'precipitable_water': atmosphere.gueymard94_pw(temp, rh)})
        cases['rh_from_tdew'] = case('rh_from_tdew', {'temp_air': temp, 'temp_dew': dew},
                                     {'relative_humidity': atmosphere.rh_from_tdew(temp, dew)})
        coeff = (6.1094, 17.625, 243.04)
        cases['rh_from_tdew_alduchov'] = case('rh_from_tdew', {'temp_air': temp, 'temp_dew': dew},
                                              {'relative_humidity': atmosphere.rh_from_tdew(temp, dew, coeff)},
                                              coeff=list(coeff))
        cases['tdew_from_rh'] = case('tdew_from_rh', {'temp_air': temp, 'relative_humidity': rh},
                                     {'temp_dew': atmosphere.tdew_from_rh(temp, rh)})
        cases['tdew_from_rh_alduchov'] = case('tdew_from_rh', {'temp_air': temp, 'relative_humidity': rh},
                                              {'temp_dew': atmosphere.tdew_from_rh(temp, rh, coeff)},
                                              coeff=list(coeff))
    return cases


def aerosol_cases(rng):
    n = 60
    a380 = rng.uniform(0, 1, n)
    a500 = a380 * rng.uniform(0.5, 0.9, n)
    a380[4] = np.nan
    am = rng.uniform(1, 6, n)
    am[6] = np.nan
    pw = rng.uniform(0, 6, n)
    pw[0] = 0
    aod_bb = atmosphere.bird_hulstrom80_aod_bb(a380, a500)
    cases = {
        'bird_hulstrom80_aod_bb': case('bird_hulstrom80_aod_bb', {'aod380': a380, 'aod500': a500},
                                       {'aod_bb': aod_bb}),
        'kasten96_lt': case('kasten96_lt', {'airmass_absolute': am, 'precipitable_water': pw, 'aod_bb': aod_bb},
                            {'linke_turbidity': atmosphere.kasten96_lt(am, pw, aod_bb)}),
    }
    lam0 = rng.uniform(340, 1100, n)
    lam1 = rng.uniform(340, 1100, n)
    alpha = rng.uniform(0, 2.5, n)
    lam0[8] = np.nan
    cases['angstrom_aod_at_lambda_defaults'] = case(
        'angstrom_aod_at_lambda', {'aod0': a500, 'lambda0': lam0},
        {'aod1': atmosphere.angstrom_aod_at_lambda(a500, lam0)})
    cases['angstrom_aod_at_lambda'] = case(
        'angstrom_aod_at_lambda', {'aod0': a500, 'lambda0': lam0, 'alpha': alpha, 'lambda1': lam1},
        {'aod1': atmosphere.angstrom_aod_at_lambda(a500, lam0, alpha, lam1)})
    with np.errstate(all='ignore'):
        cases['angstrom_alpha'] = case(
            'angstrom_alpha', {'aod1': a380, 'lambda1': np.full(n, 380.0), 'aod2': a500, 'lambda2': lam1},
            {'alpha': atmosphere.angstrom_alpha(a380, 380.0, a500, lam1)})
    return cases


def wind_cases(rng):
    n = 40
    ws = rng.uniform(0, 25, n)
    ws[3] = -1.0
    ws[5] = np.nan
    href = rng.uniform(1, 50, n)
    hd = rng.uniform(0, 120, n)
    hd[7] = 0
    cases = {'windspeed_powerlaw_exponent': case(
        'windspeed_powerlaw', {'wind_speed_reference': ws, 'height_reference': href, 'height_desired': hd},
        {'wind_speed': atmosphere.windspeed_powerlaw(ws, href, hd, exponent=0.219)}, exponent=0.219)}
    for surface in atmosphere.HELLMANN_SURFACE_EXPONENTS:
        cases[f'windspeed_powerlaw_{surface}'] = case(
            'windspeed_powerlaw', {'wind_speed_reference': ws, 'height_reference': href, 'height_desired': hd},
            {'wind_speed': atmosphere.windspeed_powerlaw(ws, href, hd, surface_type=surface)}, surface_type=surface)
    return cases


def albedo_cases(rng):
    elevation = np.concatenate([[-30, -0.1, 0, 0.5, 5, 90, np.nan], rng.uniform(-10, 90, 40)])
    cases = {}
    for condition in albedo.WATER_COLOR_COEFFS:
        cases[f'inland_water_dvoracek_{condition}'] = case(
            'inland_water_dvoracek', {'solar_elevation': elevation},
            {'albedo': albedo.inland_water_dvoracek(elevation, surface_condition=condition)},
            surface_condition=condition)
    cases['inland_water_dvoracek_coefficients'] = case(
        'inland_water_dvoracek', {'solar_elevation': elevation},
        {'albedo': albedo.inland_water_dvoracek(elevation, color_coeff=0.25, wave_roughness_coeff=1.5)},
        color_coeff=0.25, wave_roughness_coeff=1.5)
    names = list(albedo.SURFACE_ALBEDOS)
    cases['surface_albedos'] = {'params': {'function': 'surface_albedos', 'surface_types': names},
                                'inputs': {'row': list(range(len(names)))},
                                'expected': {'albedo': [albedo.SURFACE_ALBEDOS[k] for k in names]}}
    return cases


def main():
    rng = np.random.default_rng(20261129)
    cases = {}
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        for make in (airmass_cases, humidity_cases, aerosol_cases, wind_cases, albedo_cases):
            cases.update(make(rng))
    data = {
        'source': f'pvlib-python ({pvlib_revision()}), computed by scripts/pvlib/atmosphere.py',
        'description': 'air mass (every model of pvlib.atmosphere.get_relative_airmass, and absolute), '
                       'alt2pres/pres2alt (Pa, m), gueymard94_pw (cm), Magnus dew point and humidity (C, %), '
                       'aerosol helpers, Linke turbidity, wind speed at height (m/s), albedo '
                       '(pvlib.albedo); params.function names the pvlib function, the others are its '
                       'arguments; NaN as null',
        'cases': cases,
    }
    write_json(OUT, data)
    print(f'wrote {OUT}: {len(cases)} cases')


if __name__ == '__main__':
    main()
