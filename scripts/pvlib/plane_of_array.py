"""
Reference values of solarkit's planeOfArray (src/irradiance/plane-of-array.ts), computed with
pvlib-python: pvlib.irradiance.get_total_irradiance on a fixed plane, and on the orientation of
pvlib.tracking.singleaxis for a tracker. Writes fixtures/reference/plane_of_array.json in the
schema of fixtures/reference/README.md.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/plane_of_array.py

The inputs are made here (a seeded generator): sun positions over the whole sky including rows
below the horizon, irradiance that closes GHI = DNI cos z + DHI, albedo per row, and a few NaN
inputs (pvlib propagates them; expected NaN is null). One deliberate difference is applied to the
tracker cases and named in the case's params and in the runner's handler: where the tracked
(apparent) zenith is above 90 degrees, pvlib's tracker orientation is NaN (so its plane-of-array
irradiance is NaN at night) while solarkit lays the tracker flat (tilt 0, azimuth 180, the night's
irradiance 0); the expected values of those rows are pvlib's get_total_irradiance on that flat plane.
"""
import os

import numpy as np
import pvlib
from pvlib import atmosphere, irradiance, tracking

from reference_cases import column, pvlib_revision, write_json

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'reference', 'plane_of_array.json')


def sky(rng, n, nan_rows=True):
    """Sun positions and consistent irradiance; a few NaN inputs when asked."""
    zenith = rng.uniform(0, 100, n)
    # Refraction lifts the sun a little near the horizon: an apparent zenith below the true one.
    apparent = zenith - np.where(zenith < 95, 0.5 * np.exp(-np.maximum(90 - zenith, 0) / 3), 0)
    azimuth = rng.uniform(0, 360, n)
    cosz = np.cos(np.radians(zenith))
    up = cosz > 0
    dni = np.where(up, rng.uniform(0, 950, n), 0.0)
    dhi = np.where(up, rng.uniform(5, 300, n), 0.0)
    ghi = np.where(up, dni * cosz + dhi, 0.0)
    dni_extra = rng.uniform(1320, 1412, n)
    albedo = rng.uniform(0.1, 0.9, n)
    if nan_rows:
        dni[3] = np.nan
        ghi[5] = np.nan
        dhi[7] = np.nan
        albedo[9] = np.nan
        zenith[11] = np.nan
        apparent[11] = np.nan
    return zenith, apparent, azimuth, ghi, dni, dhi, dni_extra, albedo


def total(tilt, surface_azimuth, zenith, azimuth, ghi, dni, dhi, dni_extra, airmass, albedo, model):
    r = irradiance.get_total_irradiance(
        tilt, surface_azimuth, zenith, azimuth, dni, ghi, dhi, dni_extra=dni_extra, airmass=airmass,
        albedo=albedo, model=model)
    return {k: column(r[k]) for k in ('poa_global', 'poa_direct', 'poa_diffuse', 'poa_sky_diffuse',
                                        'poa_ground_diffuse')}


def fixed_case(rng, n, tilt, surface_azimuth, model, with_airmass):
    zenith, _, azimuth, ghi, dni, dhi, dni_extra, albedo = sky(rng, n)
    airmass = atmosphere.get_relative_airmass(zenith) if with_airmass else None
    inputs = {'solar_zenith': column(zenith), 'solar_azimuth': column(azimuth), 'ghi': column(ghi),
              'dni': column(dni), 'dhi': column(dhi), 'dni_extra': column(dni_extra), 'albedo': column(albedo)}
    if with_airmass:
        inputs['airmass'] = column(airmass)
    params = {'mount': 'fixed', 'surface_tilt': tilt, 'surface_azimuth': surface_azimuth, 'model': model}
    expected = total(tilt, surface_azimuth, zenith, azimuth, ghi, dni, dhi, dni_extra, airmass, albedo, model)
    return {'params': params, 'inputs': inputs, 'expected': expected}


def tracker_case(rng, n, geometry, model):
    zenith, apparent, azimuth, ghi, dni, dhi, dni_extra, albedo = sky(rng, n)
    t = tracking.singleaxis(apparent, azimuth, **geometry)
    tilt = t['surface_tilt'].to_numpy(dtype=float) if hasattr(t, 'to_numpy') else np.asarray(t['surface_tilt'], float)
    surface_azimuth = np.asarray(t['surface_azimuth'], dtype=float)
    theta = np.asarray(t['tracker_theta'], dtype=float)
    # The deliberate difference (see the docstring): flat while the tracked sun is down.
    down = apparent > 90
    tilt = np.where(down, 0.0, tilt)
    surface_azimuth = np.where(down, 180.0, surface_azimuth)
    airmass = atmosphere.get_relative_airmass(apparent)
    inputs = {'solar_zenith': column(zenith), 'apparent_zenith': column(apparent), 'solar_azimuth': column(azimuth),
              'ghi': column(ghi), 'dni': column(dni), 'dhi': column(dhi), 'dni_extra': column(dni_extra),
              'airmass': column(airmass), 'albedo': column(albedo)}
    params = {'mount': 'tracker', 'model': model, 'night': 'flat', **geometry}
    expected = total(tilt, surface_azimuth, zenith, azimuth, ghi, dni, dhi, dni_extra, airmass, albedo, model)
    expected.update({'surface_tilt': column(tilt), 'surface_azimuth': column(surface_azimuth),
                     'tracker_theta': column(theta)})
    return {'params': params, 'inputs': inputs, 'expected': expected}


def main():
    rng = np.random.default_rng(20261124)
    n = 120
    cases = {
        'poa_fixed_perez_south': fixed_case(rng, n, 30, 180, 'perez', True),
        'poa_fixed_perez_default_airmass': fixed_case(rng, n, 55, 100, 'perez', False),
        'poa_fixed_haydavies_east': fixed_case(rng, n, 20, 90, 'haydavies', False),
        'poa_fixed_isotropic_steep_west': fixed_case(rng, n, 85, 265, 'isotropic', False),
        'poa_tracker_perez_backtrack': tracker_case(
            rng, n, {'axis_tilt': 0, 'axis_azimuth': 180, 'max_angle': 60, 'backtrack': True, 'gcr': 0.35}, 'perez'),
        'poa_tracker_perez_tilted_axis': tracker_case(
            rng, n, {'axis_tilt': 4, 'axis_azimuth': 170, 'max_angle': 55, 'backtrack': True, 'gcr': 0.4,
                     'cross_axis_tilt': -3}, 'perez'),
        'poa_tracker_isotropic_east_west_axis': tracker_case(
            rng, n, {'axis_tilt': 0, 'axis_azimuth': 90, 'max_angle': 45, 'backtrack': False, 'gcr': 0.3}, 'isotropic'),
    }
    data = {
        'source': f'pvlib-python ({pvlib_revision()}), computed by scripts/pvlib/plane_of_array.py',
        'description': 'plane-of-array irradiance (pvlib.irradiance.get_total_irradiance) on fixed planes and on '
                       'single-axis trackers (pvlib.tracking.singleaxis); W/m2 and degrees; trackers flat while '
                       'the tracked sun is down (params night=flat); NaN as null',
        'cases': cases,
    }
    write_json(OUT, data)
    print(f'wrote {OUT}: {len(cases)} cases of {n} rows')


if __name__ == '__main__':
    main()
