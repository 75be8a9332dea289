"""
Reference values of the public helpers of solarkit that no other fixture checks on their own, computed
with pvlib-python: pvlib.irradiance's clearness_index, clearness_index_zenith_independent,
aoi_projection, beam_component, get_ground_diffuse, isotropic, haydavies and perez (their sky
diffuse components), pvlib.iam's ashrae and physical, pvlib.tracking's calc_axis_tilt,
calc_cross_axis_tilt and calc_surface_orientation, pvlib.clearsky.simplified_solis,
pvlib.irradiance.dirint (hourly and 1-minute, with and without delta-kt' and the dew point) and the
kasten1966 and simple models of pvlib.atmosphere.get_relative_airmass. Writes
fixtures/reference/model_helpers.json in the schema of fixtures/reference/README.md (the rows of
docs/pvlib.md marked covered rest on these).

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/model_helpers.py

Inputs are made here by a seeded generator over the whole range (sun below the horizon, grazing
angles, negative and > 1 clearness, angles of incidence past 90 degrees), with a few NaN rows;
pvlib's NaN is null in the expected columns.
"""
import os
import warnings

import numpy as np
import pvlib
from pvlib import atmosphere, clearsky, iam, irradiance, tracking

from reference_cases import column, pvlib_revision, write_json

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'reference', 'model_helpers.json')


def with_nan(x, *rows):
    x = np.array(x, dtype=float)
    for r in rows:
        x[r] = np.nan
    return x


def case(params, inputs, expected):
    return {'params': params,
            'inputs': {k: column(v) for k, v in inputs.items()},
            'expected': {k: column(v) for k, v in expected.items()}}


def plane(rng, n):
    """Plane and sun angles over the whole sphere, the sun partly below the horizon."""
    return {
        'surface_tilt': with_nan(rng.uniform(0, 180, n), 2),
        'surface_azimuth': rng.uniform(0, 360, n),
        'solar_zenith': with_nan(np.concatenate([rng.uniform(0, 100, n - 4), [0, 89.999, 90, 135]]), 4),
        'solar_azimuth': with_nan(rng.uniform(0, 360, n), 6),
    }


def main():
    rng = np.random.default_rng(20261129)
    n = 60
    cases = {}

    # Clearness index: GHI from 0 to above the extraterrestrial, zenith up to and past 90.
    zen = with_nan(np.concatenate([rng.uniform(0, 95, n - 3), [0, 87, 90]]), 1)
    ghi = with_nan(np.concatenate([rng.uniform(0, 1400, n - 3), [0, 50, 10]]), 3)
    extra = with_nan(rng.uniform(1320, 1415, n), 5)
    for name, p in [('clearness_index_defaults', {}),
                    ('clearness_index_limits', {'min_cos_zenith': 0.2, 'max_clearness_index': 1.5})]:
        kt = irradiance.clearness_index(ghi, zen, extra, **p)
        cases[name] = case(p, {'ghi': ghi, 'solar_zenith': zen, 'dni_extra': extra}, {'clearness_index': kt})

    kt = with_nan(np.concatenate([rng.uniform(0, 1.2, n - 2), [0, 2.5]]), 7)
    am = with_nan(np.concatenate([rng.uniform(1, 40, n - 2), [1, 38.2]]), 9)
    for name, p in [('clearness_index_zenith_independent_defaults', {}),
                    ('clearness_index_zenith_independent_limit', {'max_clearness_index': 1.1})]:
        ktp = irradiance.clearness_index_zenith_independent(kt, am, **p)
        cases[name] = case(p, {'clearness_index': kt, 'airmass_absolute': am},
                           {'clearness_index_zenith_independent': ktp})

    # Angle of incidence projections and the beam on the plane.
    ang = plane(rng, n)
    dni = with_nan(rng.uniform(0, 1000, n), 11)
    cases['aoi_projection_sphere'] = case(
        {}, ang, {'aoi_projection': irradiance.aoi_projection(**ang)})
    cases['beam_component_sphere'] = case(
        {}, {**ang, 'dni': dni}, {'beam_component': irradiance.beam_component(**ang, dni=dni)})

    # Ground-reflected diffuse: albedo per row and a default.
    tilt = with_nan(rng.uniform(0, 180, n), 1)
    ghi = with_nan(rng.uniform(0, 1100, n), 3)
    albedo = with_nan(rng.uniform(0, 0.9, n), 5)
    cases['ground_diffuse_albedo'] = case(
        {}, {'surface_tilt': tilt, 'ghi': ghi, 'albedo': albedo},
        {'poa_ground_diffuse': irradiance.get_ground_diffuse(tilt, ghi, albedo=albedo)})
    cases['ground_diffuse_default_albedo'] = case(
        {}, {'surface_tilt': tilt, 'ghi': ghi},
        {'poa_ground_diffuse': irradiance.get_ground_diffuse(tilt, ghi)})

    # Sky diffuse models on their own, with their components.
    ang = plane(rng, n)
    ang['surface_tilt'] = with_nan(rng.uniform(0, 90, n), 2)
    dni = with_nan(rng.uniform(0, 1000, n), 11)
    dhi = with_nan(rng.uniform(0, 500, n), 13)
    extra = rng.uniform(1320, 1415, n)
    am_rel = atmosphere.get_relative_airmass(ang['solar_zenith'])
    cases['sky_diffuse_isotropic'] = case(
        {}, {'surface_tilt': ang['surface_tilt'], 'dhi': dhi},
        {'poa_sky_diffuse': irradiance.isotropic(ang['surface_tilt'], dhi)})
    hd = irradiance.haydavies(ang['surface_tilt'], ang['surface_azimuth'], dhi, dni, extra,
                              ang['solar_zenith'], ang['solar_azimuth'], return_components=True)
    cases['sky_diffuse_haydavies'] = case(
        {}, {**ang, 'dni': dni, 'dhi': dhi, 'dni_extra': extra},
        {k: hd[k] for k in ('poa_sky_diffuse', 'poa_isotropic', 'poa_circumsolar')})
    for model in ('allsitescomposite1990', 'sandiacomposite1988'):
        pz = irradiance.perez(ang['surface_tilt'], ang['surface_azimuth'], dhi, dni, extra,
                              ang['solar_zenith'], ang['solar_azimuth'], am_rel, model=model,
                              return_components=True)
        cases[f'sky_diffuse_perez_{model}'] = case(
            {'model': model}, {**ang, 'dni': dni, 'dhi': dhi, 'dni_extra': extra, 'airmass_relative': am_rel},
            {k: pz[k] for k in ('poa_sky_diffuse', 'poa_isotropic', 'poa_circumsolar', 'poa_horizon')})

    # Incidence angle modifiers: angles from -100 to 100 degrees (pvlib takes |aoi|).
    aoi = with_nan(np.concatenate([rng.uniform(-100, 100, n - 6), [0, 60, 89.9, 90, 95, 180]]), 3)
    for b in (0.05, 0.1):
        cases[f'iam_ashrae_b{b}'] = case({'b': b}, {'aoi': aoi}, {'iam': iam.ashrae(aoi, b=b)})
    for p in ({}, {'n': 1.3, 'K': 2, 'L': 0.004}):
        suffix = 'defaults' if not p else 'n1.3_K2_L0.004'
        cases[f'iam_physical_{suffix}'] = case(p, {'aoi': aoi}, {'iam': iam.physical(aoi, **p)})

    # Tracker geometry helpers (scalars in pvlib; one row per call here).
    m = 25
    slope_az = rng.uniform(0, 360, m)
    slope_tilt = rng.uniform(0, 30, m)
    axis_az = rng.uniform(0, 360, m)
    axis_tilt = np.array([tracking.calc_axis_tilt(a, b, c) for a, b, c in zip(slope_az, slope_tilt, axis_az)])
    cases['calc_axis_tilt_slopes'] = case(
        {}, {'slope_azimuth': slope_az, 'slope_tilt': slope_tilt, 'axis_azimuth': axis_az}, {'axis_tilt': axis_tilt})
    cross = np.array([tracking.calc_cross_axis_tilt(a, b, c, d)
                      for a, b, c, d in zip(slope_az, slope_tilt, axis_az, axis_tilt)])
    cases['calc_cross_axis_tilt_slopes'] = case(
        {}, {'slope_azimuth': slope_az, 'slope_tilt': slope_tilt, 'axis_azimuth': axis_az, 'axis_tilt': axis_tilt},
        {'cross_axis_tilt': cross})
    theta = with_nan(np.concatenate([rng.uniform(-90, 90, n - 3), [0, -90, 90]]), 4)
    for at, aa in ((0, 180), (10, 195), (30, 90)):
        so = tracking.calc_surface_orientation(theta, axis_tilt=at, axis_azimuth=aa)
        cases[f'calc_surface_orientation_tilt{at}_azimuth{aa}'] = case(
            {'axis_tilt': at, 'axis_azimuth': aa}, {'tracker_theta': theta},
            {'surface_tilt': so['surface_tilt'], 'surface_azimuth': so['surface_azimuth']})

    # Simplified Solis: the sun from below the horizon to the zenith, water and aerosols per row.
    elev = with_nan(np.concatenate([rng.uniform(-5, 90, n - 3), [0, 1, 90]]), 2)
    aod = rng.uniform(0.02, 0.45, n)
    pw = rng.uniform(0.2, 6, n)
    pres = rng.uniform(70000, 103000, n)
    extra = rng.uniform(1320, 1415, n)
    cs = clearsky.simplified_solis(elev, aod700=aod, precipitable_water=pw, pressure=pres, dni_extra=extra)
    cases['simplified_solis_rows'] = case(
        {}, {'apparent_elevation': elev, 'aod700': aod, 'precipitable_water': pw, 'pressure_pa': pres,
             'dni_extra': extra},
        {'ghi': cs['ghi'], 'dni': cs['dni'], 'dhi': cs['dhi']})
    cs = clearsky.simplified_solis(elev)
    cases['simplified_solis_defaults'] = case(
        {}, {'apparent_elevation': elev}, {'ghi': cs['ghi'], 'dni': cs['dni'], 'dhi': cs['dhi']})

    # The other relative air mass models of solarkit's relativeAirmass.
    zen = with_nan(np.concatenate([rng.uniform(0, 100, n - 3), [0, 89.99, 90]]), 5)
    pres = rng.uniform(70000, 103000, n)
    for model in ('kasten1966', 'simple'):
        if model == 'simple':
            # Zenith exactly 90 is left out of the secant model: pvlib's 1/cos(pi/2) is 1.6e16 where
            # the core's degree cosine is exactly 0 and its air mass Infinity (the sun on the horizon
            # either way); 89.99 stays in.
            zen = np.where(zen == 90, 89.999, zen)
        rel = atmosphere.get_relative_airmass(zen, model=model)
        cases[f'airmass_{model}'] = case(
            {'model': model}, {'zenith': zen, 'pressure_pa': pres},
            {'airmass_relative': rel, 'airmass_absolute': atmosphere.get_absolute_airmass(rel, pres)})

    # DIRINT over three days of hourly and 1-minute data (the delta-kt' term uses the neighbours).
    import pandas as pd
    for name, freq, days, start in (('dirint_hourly', '1h', 3, '2024-06-20 03:00'),
                                    ('dirint_minutes', '1min', 0.25, '2024-06-20 11:00')):
        times = pd.date_range(start, periods=int(days * (24 if freq == '1h' else 1440)),
                              freq=freq, tz='UTC')
        sp = pvlib.solarposition.get_solarposition(times, 40.0, -105.2, altitude=1650)
        cs = clearsky.ineichen(sp['apparent_zenith'], atmosphere.get_absolute_airmass(
            atmosphere.get_relative_airmass(sp['apparent_zenith'])), 3.0, altitude=1650)
        k = len(times)
        ghi = np.asarray(cs['ghi']) * rng.uniform(0.2, 1.1, k)
        ghi[5] = np.nan
        zen = np.asarray(sp['zenith'])
        pres = np.full(k, 83500.0)
        dew = rng.uniform(-10, 15, k)
        unix = np.asarray(times.asi8 // 10**9, dtype=float)
        base = {'ghi': ghi, 'zenith': zen, 'unix_s': unix, 'pressure_pa': pres}
        g = pd.Series(ghi, index=times)
        z = pd.Series(zen, index=times)
        cases[f'{name}_delta_kt'] = case({'use_delta_kt_prime': True}, base, {
            'dni': irradiance.dirint(g, z, times, pressure=pres, use_delta_kt_prime=True)})
        cases[f'{name}_no_delta_kt'] = case({'use_delta_kt_prime': False}, base, {
            'dni': irradiance.dirint(g, z, times, pressure=pres, use_delta_kt_prime=False)})
        cases[f'{name}_temp_dew'] = case({'use_delta_kt_prime': True}, {**base, 'temp_dew': dew}, {
            'dni': irradiance.dirint(g, z, times, pressure=pres, temp_dew=dew, use_delta_kt_prime=True)})

    data = {
        'source': f'pvlib-python ({pvlib_revision()}), computed by scripts/pvlib/model_helpers.py',
        'description': 'helpers of pvlib.irradiance (and dirint), pvlib.iam, pvlib.tracking, pvlib.clearsky and '
                       'pvlib.atmosphere that solarkit exports; degrees, W/m2, Pa; NaN as null',
        'cases': cases,
    }
    write_json(OUT, data)
    print(f'wrote {os.path.relpath(OUT)}: {len(cases)} cases')


if __name__ == '__main__':
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        main()
