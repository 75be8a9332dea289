"""
Reference values of solarkit's decomposition models (src/irradiance/diffuse-fraction.ts,
closure.ts, campbell-norman.ts, dirindex.ts, gti-dirint.ts, reverse-transposition.ts and the
clearness indices of decomposition.ts), computed with pvlib-python. Writes
fixtures/reference/decomposition.json in the schema of fixtures/reference/README.md.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/decomposition.py

Each case names its pvlib function in params.function and gives every argument pvlib takes in
params (scalars) or inputs (columns); defaults are stated too, so a handler reads them all.
The series are real sun positions (pvlib's SPA) at a mid-latitude site (Golden, hourly and at
one-minute steps), at Tromso in the midnight sun and in the polar night, and at Longyearbyen
(78 N) near the equinox, where the sun stays low all day; GHI is the Ineichen clear sky times a
seeded cloudiness, with rows of kt > 1 (cloud enhancement at low sun), zero, negative (a night
offset of a sensor) and NaN irradiance, and a NaN zenith. Expected NaN is null.
"""
import os
import warnings

import numpy as np
import pandas as pd
import pvlib
from pvlib import atmosphere, irradiance, location

from reference_cases import column, pvlib_revision, write_json

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'reference', 'decomposition.json')


PLACES = {
    # name: latitude, longitude, altitude, first time, periods, frequency
    'golden_june_hourly': (39.742, -105.18, 1830, '2024-06-20 00:00', 72, '1h'),
    'golden_march_minute': (39.742, -105.18, 1830, '2024-03-05 12:00', 600, '1min'),
    'tromso_midnight_sun': (69.65, 18.96, 10, '2024-06-21 00:00', 48, '1h'),
    'tromso_polar_night': (69.65, 18.96, 10, '2024-12-21 00:00', 24, '1h'),
    'longyearbyen_equinox': (78.22, 15.65, 10, '2024-03-20 00:00', 48, '1h'),
}


def sky_series(name, seed):
    """Times, sun and GHI (with the extreme rows) of one place."""
    lat, lon, alt, start, periods, freq = PLACES[name]
    rng = np.random.default_rng(seed)
    times = pd.date_range(start, periods=periods, freq=freq, tz='UTC')
    site = location.Location(lat, lon, altitude=alt)
    sp = site.get_solarposition(times)
    # A fixed Linke turbidity: pvlib's climatology file is not in every checkout.
    cs = site.get_clearsky(times, solar_position=sp, linke_turbidity=3.0)
    cloud = np.clip(np.cumsum(rng.normal(0, 0.15, periods)) * 0.3 + 0.3, 0, 1)
    ghi = cs['ghi'].to_numpy() * (1 - 0.75 * cloud ** 2)
    zenith = sp['zenith'].to_numpy().copy()
    dni_extra = irradiance.get_extra_radiation(times).to_numpy()
    up = np.flatnonzero(zenith < 89.5)
    if len(up) > 8:
        # kt > 1: cloud enhancement, and one row beyond kt 2 at a low sun.
        ghi[up[1]] = 1.3 * dni_extra[up[1]] * max(np.cos(np.radians(zenith[up[1]])), 0.065)
        ghi[up[-2]] = 2.4 * dni_extra[up[-2]] * max(np.cos(np.radians(zenith[up[-2]])), 0.065)
        ghi[up[len(up) // 2]] = np.nan
        ghi[up[len(up) // 3]] = 0.0
    down = np.flatnonzero(zenith > 95)
    if len(down) > 2:
        ghi[down[0]] = -2.0
        zenith[down[1]] = np.nan
    return times, sp, ghi, zenith, dni_extra, cs


def kt_case(function, place, seed, params, use_dni_extra=False):
    times, _, ghi, zenith, dni_extra, _ = sky_series(place, seed)
    fn = getattr(irradiance, function)
    kw = {k: v for k, v in params.items()}
    inputs = {'unix_s': column(times.astype('int64') // 10**9), 'ghi': column(ghi), 'zenith': column(zenith)}
    if use_dni_extra:
        inputs['dni_extra'] = column(dni_extra)
        r = fn(ghi, zenith, None if function == 'erbs_driesse' else times, dni_extra=dni_extra, **kw)
    else:
        r = fn(ghi, zenith, times, **kw)
    expected = {k: column(r[k]) for k in ('dni', 'dhi', 'kt')}
    return {'params': {'function': function, **params}, 'inputs': inputs, 'expected': expected}


def campbell_norman_case(place, seed, transmittance, pressure, dni_extra):
    times, _, _, zenith, _, _ = sky_series(place, seed)
    r = irradiance.campbell_norman(zenith, transmittance, pressure=pressure, dni_extra=dni_extra)
    return {'params': {'function': 'campbell_norman', 'transmittance': transmittance, 'pressure': pressure,
                       'dni_extra': dni_extra},
            'inputs': {'zenith': column(zenith)},
            'expected': {k: column(r[k]) for k in ('ghi', 'dni', 'dhi')}}


def closure_inputs(place, seed):
    """GHI, DHI (Erbs) and DNI that close, with the low-sun rows where DNI from GHI - DHI misbehaves."""
    times, _, ghi, zenith, dni_extra, cs = sky_series(place, seed)
    e = irradiance.erbs(ghi, zenith, times)
    dhi = np.asarray(e['dhi'], float).copy()
    dni = np.asarray(e['dni'], float)
    rng = np.random.default_rng(seed + 1)
    # Measured DHI a little above or below the model near the horizon: negative and huge DNI.
    low = np.flatnonzero((zenith > 80) & (zenith < 90))
    for k, i in enumerate(low):
        dhi[i] = dhi[i] * (1.15 if k % 2 == 0 else 0.6) + rng.uniform(0, 3)
    return times, zenith, ghi, dhi, dni, cs['dni'].to_numpy()


def dni_case(place, seed, with_clear, params):
    _, zenith, ghi, dhi, _, dni_clear = closure_inputs(place, seed)
    inputs = {'ghi': column(ghi), 'dhi': column(dhi), 'zenith': column(zenith)}
    kw = dict(params)
    if with_clear:
        inputs['dni_clear'] = column(dni_clear)
        kw['dni_clear'] = pd.Series(dni_clear)
    r = irradiance.dni(pd.Series(ghi), pd.Series(dhi), pd.Series(zenith), **kw)
    return {'params': {'function': 'dni', **params}, 'inputs': inputs, 'expected': {'dni': column(r)}}


def complete_case(place, seed, missing, with_clear):
    _, zenith, ghi, dhi, dni, dni_clear = closure_inputs(place, seed)
    cols = {'ghi': ghi, 'dhi': dhi, 'dni': dni}
    given = {k: pd.Series(v) for k, v in cols.items() if k != missing}
    inputs = {'solar_zenith': column(zenith), **{k: column(v) for k, v in cols.items() if k != missing}}
    if with_clear:
        given['dni_clear'] = pd.Series(dni_clear)
        inputs['dni_clear'] = column(dni_clear)
    r = irradiance.complete_irradiance(pd.Series(zenith), **given)
    return {'params': {'function': 'complete_irradiance', 'missing': missing}, 'inputs': inputs,
            'expected': {k: column(r[k]) for k in ('ghi', 'dhi', 'dni')}}


def clearness_case(place, seed, params):
    times, _, ghi, zenith, dni_extra, _ = sky_series(place, seed)
    kt = irradiance.clearness_index(ghi, zenith, dni_extra, **params)
    return {'params': {'function': 'clearness_index', **params},
            'inputs': {'ghi': column(ghi), 'solar_zenith': column(zenith), 'extra_radiation': column(dni_extra)},
            'expected': {'kt': column(kt)}}


def kt_prime_case(seed, params):
    rng = np.random.default_rng(seed)
    kt = np.concatenate([rng.uniform(0, 1.3, 30), [0, 1, 2, 2.5, -0.1, np.nan, 0.5, 0.5]])
    am = np.concatenate([rng.uniform(1, 40, 30), [1, 1, 1, 1, 2, 2, np.nan, 0.5]])
    r = irradiance.clearness_index_zenith_independent(kt, am, **params)
    return {'params': {'function': 'clearness_index_zenith_independent', **params},
            'inputs': {'clearness_index': column(kt), 'airmass': column(am)}, 'expected': {'kt_prime': column(r)}}


def dirindex_case(place, seed, params, with_dew):
    times, sp, ghi, zenith, _, cs = sky_series(place, seed)
    ghi = pd.Series(ghi, index=times)
    zen = pd.Series(zenith, index=times)
    kw = dict(params)
    inputs = {'unix_s': column(times.astype('int64') // 10**9), 'ghi': column(ghi), 'zenith': column(zen),
              'ghi_clear': column(cs['ghi']), 'dni_clear': column(cs['dni'])}
    if with_dew:
        dew = pd.Series(np.linspace(-5, 18, len(times)), index=times)
        dew.iloc[3] = np.nan
        kw['temp_dew'] = dew
        inputs['temp_dew'] = column(dew)
    r = irradiance.dirindex(ghi, cs['ghi'], cs['dni'], zen, times, **kw)
    return {'params': {'function': 'dirindex', **params}, 'inputs': inputs, 'expected': {'dni': column(r)}}


def gti_dirint_case(place, seed, tilt, azimuth, params, with_dew=False):
    times, sp, ghi, zenith, _, _ = sky_series(place, seed)
    # A plane-of-array sensor: the clear-sky-and-cloud sky transposed with Perez (no NaN rows here
    # but one: pvlib's iteration runs on every row).
    ghi = np.where(np.isfinite(ghi) & (ghi > 0), ghi, 0.0)
    zenith = sp['zenith'].to_numpy()
    e = irradiance.erbs(ghi, zenith, times)
    poa = irradiance.get_total_irradiance(tilt, azimuth, sp['apparent_zenith'], sp['azimuth'], e['dni'], ghi,
                                          e['dhi'], dni_extra=irradiance.get_extra_radiation(times),
                                          model='perez')['poa_global'].to_numpy()
    poa = np.where(np.isfinite(poa), poa, 0.0) * np.random.default_rng(seed).uniform(0.9, 1.1, len(times))
    aoi = irradiance.aoi(tilt, azimuth, zenith, sp['azimuth'].to_numpy())
    kw = dict(params)
    inputs = {'unix_s': column(times.astype('int64') // 10**9), 'poa_global': column(poa), 'aoi': column(aoi),
              'solar_zenith': column(zenith), 'solar_azimuth': column(sp['azimuth'])}
    if with_dew:
        dew = pd.Series(np.linspace(2, 15, len(times)), index=times)
        kw['temp_dew'] = dew
        inputs['temp_dew'] = column(dew)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        r = irradiance.gti_dirint(pd.Series(poa, index=times), pd.Series(aoi, index=times),
                                  pd.Series(zenith, index=times), sp['azimuth'], times, tilt, azimuth, **kw)
    return {'params': {'function': 'gti_dirint', 'surface_tilt': tilt, 'surface_azimuth': azimuth, **params},
            'inputs': inputs, 'expected': {k: column(r[k]) for k in ('ghi', 'dni', 'dhi')}}


def ghi_from_poa_case(place, seed, tilt, azimuth, params, with_airmass, rows):
    times, sp, ghi, zenith, dni_extra, _ = sky_series(place, seed)
    sl = slice(0, rows)
    ghi = np.where(np.isfinite(ghi), ghi, 0.0)[sl]
    zen = sp['zenith'].to_numpy()[sl]
    az = sp['azimuth'].to_numpy()[sl]
    dni_extra = dni_extra[sl]
    airmass = atmosphere.get_relative_airmass(zen) if with_airmass else None
    e = irradiance.erbs_driesse(ghi, zen, dni_extra=dni_extra)
    poa = irradiance.get_total_irradiance(tilt, azimuth, zen, az, e['dni'], ghi, e['dhi'], dni_extra=dni_extra,
                                          airmass=airmass, model='perez-driesse')['poa_global']
    poa = np.asarray(poa, float) * np.random.default_rng(seed).uniform(0.85, 1.15, len(zen))
    poa[2] = np.nan
    poa[4] = -1.0
    if len(poa) > 12:
        poa[12] = 3000.0  # beyond any GHI up to kt 1.25: no bracket, NaN
    kw = dict(params)
    r, conv, niter = irradiance.ghi_from_poa_driesse_2024(tilt, azimuth, zen, az, poa, dni_extra, airmass=airmass,
                                                        full_output=True, **kw)
    inputs = {'solar_zenith': column(zen), 'solar_azimuth': column(az), 'poa_global': column(poa),
              'dni_extra': column(dni_extra)}
    if with_airmass:
        inputs['airmass'] = column(airmass)
    return {'params': {'function': 'ghi_from_poa_driesse_2024', 'surface_tilt': tilt, 'surface_azimuth': azimuth,
                       **params},
            'inputs': inputs,
            'expected': {'ghi': column(r), 'converged': column(np.asarray(conv, float)),
                         'niter': column(np.asarray(niter, float))}}


def main():
    cases = {}
    seed = 3200
    for place in PLACES:
        seed += 10
        cases[f'erbs_driesse_{place}'] = kt_case('erbs_driesse', place, seed, {'min_cos_zenith': 0.065,
                                                                               'max_zenith': 87})
        cases[f'orgill_hollands_{place}'] = kt_case('orgill_hollands', place, seed + 1,
                                                    {'min_cos_zenith': 0.065, 'max_zenith': 87})
        cases[f'boland_{place}'] = kt_case('boland', place, seed + 2, {'a_coeff': 8.645, 'b_coeff': 0.613,
                                                                       'min_cos_zenith': 0.065, 'max_zenith': 87})
        cases[f'louche_{place}'] = kt_case('louche', place, seed + 3, {'max_zenith': 90})
        cases[f'clearness_index_{place}'] = clearness_case(place, seed + 4, {'min_cos_zenith': 0.065,
                                                                             'max_clearness_index': 2.0})
        cases[f'dni_{place}'] = dni_case(place, seed + 5, False, {'clearsky_tolerance': 1.1,
                                                                  'zenith_threshold_for_zero_dni': 88.0,
                                                                  'zenith_threshold_for_clearsky_limit': 80.0})
        cases[f'dni_clear_{place}'] = dni_case(place, seed + 6, True, {'clearsky_tolerance': 1.1,
                                                                       'zenith_threshold_for_zero_dni': 88.0,
                                                                       'zenith_threshold_for_clearsky_limit': 80.0})
        cases[f'campbell_norman_{place}'] = campbell_norman_case(place, seed + 7, 0.75, 101325.0, 1367.0)
    cases['erbs_driesse_dni_extra_golden'] = kt_case('erbs_driesse', 'golden_june_hourly', 3301,
                                                     {'min_cos_zenith': 0.1, 'max_zenith': 85}, True)
    cases['orgill_hollands_dni_extra_longyearbyen'] = kt_case('orgill_hollands', 'longyearbyen_equinox', 3302,
                                                              {'min_cos_zenith': 0.065, 'max_zenith': 89}, True)
    cases['boland_hourly_coefficients_golden'] = kt_case('boland', 'golden_june_hourly', 3303,
                                                         {'a_coeff': 7.997, 'b_coeff': 0.586,
                                                          'min_cos_zenith': 0.065, 'max_zenith': 87})
    cases['louche_max_zenith_85_tromso'] = kt_case('louche', 'tromso_midnight_sun', 3304, {'max_zenith': 85})
    cases['clearness_index_limits_golden'] = clearness_case('golden_june_hourly', 3305,
                                                            {'min_cos_zenith': 0.2, 'max_clearness_index': 1.0})
    cases['dni_thresholds_tromso'] = dni_case('tromso_midnight_sun', 3306, True,
                                              {'clearsky_tolerance': 1.05, 'zenith_threshold_for_zero_dni': 86.0,
                                               'zenith_threshold_for_clearsky_limit': 75.0})
    cases['campbell_norman_high_site'] = campbell_norman_case('golden_june_hourly', 3307, 0.6, 81000.0, 1361.0)
    for missing in ('dni', 'ghi', 'dhi'):
        cases[f'complete_irradiance_missing_{missing}_golden'] = complete_case('golden_june_hourly', 3310, missing,
                                                                              False)
        cases[f'complete_irradiance_missing_{missing}_tromso'] = complete_case('tromso_midnight_sun', 3311, missing,
                                                                              missing == 'dni')
    cases['clearness_index_zenith_independent_default'] = kt_prime_case(3320, {'max_clearness_index': 2.0})
    cases['clearness_index_zenith_independent_max_1'] = kt_prime_case(3321, {'max_clearness_index': 1.0})
    dirint_defaults = {'pressure': 101325.0, 'use_delta_kt_prime': True, 'min_cos_zenith': 0.065, 'max_zenith': 87}
    cases['dirindex_golden_hourly'] = dirindex_case('golden_june_hourly', 3330, dirint_defaults, False)
    cases['dirindex_golden_minute_dew'] = dirindex_case('golden_march_minute', 3331,
                                                        {**dirint_defaults, 'pressure': 82000.0}, True)
    cases['dirindex_tromso_no_delta'] = dirindex_case('tromso_midnight_sun', 3332,
                                                      {**dirint_defaults, 'use_delta_kt_prime': False}, False)
    cases['dirindex_longyearbyen'] = dirindex_case('longyearbyen_equinox', 3333, dirint_defaults, False)
    gti_defaults = {'pressure': 101325.0, 'use_delta_kt_prime': True, 'albedo': 0.25, 'model': 'perez',
                    'model_perez': 'allsitescomposite1990', 'calculate_gt_90': True, 'max_iterations': 30}
    cases['gti_dirint_golden_south'] = gti_dirint_case('golden_june_hourly', 3340, 30, 180, gti_defaults)
    cases['gti_dirint_golden_east_haydavies'] = gti_dirint_case(
        'golden_june_hourly', 3341, 40, 100, {**gti_defaults, 'model': 'haydavies', 'albedo': 0.2,
                                              'pressure': 82000.0}, True)
    cases['gti_dirint_tromso_no_gt_90'] = gti_dirint_case(
        'tromso_midnight_sun', 3342, 60, 180, {**gti_defaults, 'calculate_gt_90': False, 'max_iterations': 10})
    cases['gti_dirint_golden_no_delta'] = gti_dirint_case(
        'golden_june_hourly', 3343, 20, 200, {**gti_defaults, 'use_delta_kt_prime': False, 'model': 'isotropic'})
    cases['ghi_from_poa_driesse_2024_golden'] = ghi_from_poa_case('golden_june_hourly', 3350, 30, 180,
                                                                  {'albedo': 0.25, 'xtol': 0.01}, False, 48)
    cases['ghi_from_poa_driesse_2024_tromso_airmass'] = ghi_from_poa_case(
        'tromso_midnight_sun', 3351, 70, 200, {'albedo': 0.3, 'xtol': 0.001}, True, 48)
    data = {
        'source': f'pvlib-python ({pvlib_revision()}), computed by scripts/pvlib/decomposition.py',
        'description': 'decomposition models of pvlib.irradiance (params.function names each) at ordinary and '
                       'extreme inputs: low sun, kt > 1, zero, negative and NaN irradiance, polar places; '
                       'W/m2 and degrees; NaN and infinities as null',
        'cases': cases,
    }
    write_json(OUT, data)
    print(f'wrote {OUT}: {len(cases)} cases')


if __name__ == '__main__':
    main()
