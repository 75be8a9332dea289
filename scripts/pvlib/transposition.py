"""
Reference values of solarkit's transposition models (src/irradiance/sky-diffuse.ts and
totalIrradiance of transposition.ts), computed with pvlib-python: klucher, reindl, king,
perez_driesse (with return_components), get_total_irradiance with each of its seven models and
poa_components.
Writes fixtures/reference/transposition.json in the schema of fixtures/reference/README.md.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/transposition.py

Each case names its pvlib function in params.function (get_total_irradiance cases also the model
in params.model) and gives every argument in params (scalars) or inputs (columns). Two kinds of
sky: a seeded random sky over the whole dome (rows below the horizon, low sun, GHI 0 under a
positive DHI, DHI 0, NaN inputs, per-row tilt from 0 to 180 degrees), and the real midnight sun
of Tromso (69.65 N) with GHI decomposed by Erbs. One deliberate difference is applied and named
in params (nan_ghi='nan'): where GHI is NaN, pvlib's Klucher sets its F to 0 and returns a
number; solarkit returns NaN (NaN in, NaN out), so those expected rows are null.
"""
import os
import warnings

import numpy as np
import pandas as pd
import pvlib
from pvlib import atmosphere, irradiance, location

from reference_cases import column, pvlib_revision, write_json

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'reference', 'transposition.json')
MODELS = ['isotropic', 'klucher', 'haydavies', 'reindl', 'king', 'perez', 'perez-driesse']
PARTS = ('poa_sky_diffuse', 'poa_isotropic', 'poa_circumsolar', 'poa_horizon')
TOTALS = ('poa_global', 'poa_direct', 'poa_diffuse', 'poa_sky_diffuse', 'poa_ground_diffuse')


def random_sky(seed, n=90):
    rng = np.random.default_rng(seed)
    zenith = rng.uniform(0, 100, n)
    zenith[:6] = [85, 88, 89.5, 89.99, 90, 92]
    azimuth = rng.uniform(0, 360, n)
    cosz = np.cos(np.radians(zenith))
    up = cosz > 0
    dni = np.where(up, rng.uniform(0, 950, n), 0.0)
    dhi = np.where(up, rng.uniform(5, 300, n), 0.0)
    ghi = np.where(up, dni * cosz + dhi, 0.0)
    dhi[10] = 0.0
    ghi[11] = 0.0  # GHI 0 under a positive DHI: DHI/GHI infinite
    dni[12] = 0.0
    dni[13] = np.nan
    ghi[14] = np.nan
    dhi[15] = np.nan
    zenith[16] = np.nan
    dni_extra = rng.uniform(1320, 1412, n)
    tilt = rng.uniform(0, 90, n)
    tilt[20:24] = [0, 90, 135, 180]
    surface_azimuth = rng.uniform(0, 360, n)
    albedo = rng.uniform(0.1, 0.9, n)
    return {'surface_tilt': tilt, 'surface_azimuth': surface_azimuth, 'solar_zenith': zenith,
            'solar_azimuth': azimuth, 'dni': dni, 'ghi': ghi, 'dhi': dhi, 'dni_extra': dni_extra,
            'albedo': albedo}


def polar_sky():
    times = pd.date_range('2024-06-20 00:00', periods=72, freq='1h', tz='UTC')
    site = location.Location(69.65, 18.96, altitude=10)
    sp = site.get_solarposition(times)
    cs = site.get_clearsky(times, solar_position=sp, linke_turbidity=3.0)
    rng = np.random.default_rng(3401)
    ghi = cs['ghi'].to_numpy() * rng.uniform(0.3, 1.05, len(times))
    e = irradiance.erbs(ghi, sp['zenith'].to_numpy(), times)
    n = len(times)
    return {'surface_tilt': np.full(n, 60.0), 'surface_azimuth': np.full(n, 180.0),
            'solar_zenith': sp['apparent_zenith'].to_numpy(), 'solar_azimuth': sp['azimuth'].to_numpy(),
            'dni': np.asarray(e['dni'], float), 'ghi': ghi, 'dhi': np.asarray(e['dhi'], float),
            'dni_extra': irradiance.get_extra_radiation(times).to_numpy(), 'albedo': np.full(n, 0.2)}


def sky_case(function, sky, names, nan_ghi=False):
    fn = getattr(irradiance, function)
    args = [sky[k] for k in names]
    kw = {'return_components': True} if function in ('reindl', 'perez_driesse') else {}
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        r = fn(*args, **kw)
    if isinstance(r, dict):
        expected = {k: column(r[k]) for k in PARTS}
    else:
        expected = {'poa_sky_diffuse': column(r)}
    params = {'function': function}
    if function in ('reindl', 'perez_driesse'):
        params['return_components'] = True
    if nan_ghi:
        bad = ~np.isfinite(sky['ghi'])
        for k in expected:
            expected[k] = [None if b else v for v, b in zip(expected[k], bad)]
        params['nan_ghi'] = 'nan'
    return {'params': params, 'inputs': {k: column(sky[k]) for k in names}, 'expected': expected}


def total_case(sky, model, with_airmass, components):
    airmass = atmosphere.get_relative_airmass(sky['solar_zenith']) if with_airmass else None
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        r = irradiance.get_total_irradiance(
            sky['surface_tilt'], sky['surface_azimuth'], sky['solar_zenith'], sky['solar_azimuth'],
            sky['dni'], sky['ghi'], sky['dhi'], dni_extra=sky['dni_extra'], airmass=airmass,
            albedo=sky['albedo'], model=model, diffuse_components=components)
    keys = TOTALS + tuple(k for k in PARTS[1:] if components and k in r)
    expected = {k: column(r[k]) for k in keys}
    params = {'function': 'get_total_irradiance', 'model': model, 'model_perez': 'allsitescomposite1990',
              'diffuse_components': components}
    if model == 'klucher':
        bad = ~np.isfinite(sky['ghi'])
        expected['poa_sky_diffuse'] = [None if b else v for v, b in zip(expected['poa_sky_diffuse'], bad)]
        params['nan_ghi'] = 'nan'
    inputs = {k: column(v) for k, v in sky.items()}
    if with_airmass:
        inputs['airmass'] = column(airmass)
    return {'params': params, 'inputs': inputs, 'expected': expected}


def main():
    cases = {}
    plane = ['surface_tilt', 'surface_azimuth']
    sun = ['solar_zenith', 'solar_azimuth']
    for label, sky in (('random', random_sky(3400)), ('tromso', polar_sky())):
        cases[f'klucher_{label}'] = sky_case('klucher', sky, plane + ['dhi', 'ghi'] + sun, nan_ghi=True)
        cases[f'reindl_{label}'] = sky_case('reindl', sky, plane + ['dhi', 'dni', 'ghi', 'dni_extra'] + sun)
        cases[f'king_{label}'] = sky_case('king', sky, ['surface_tilt', 'dhi', 'ghi', 'solar_zenith'])
        cases[f'perez_driesse_{label}'] = sky_case('perez_driesse', sky,
                                                   plane + ['dhi', 'dni', 'dni_extra'] + sun)
        for model in MODELS:
            components = model not in ('klucher', 'king')
            cases[f'total_irradiance_{model}_{label}'] = total_case(sky, model, False, components)
    sky = random_sky(3410)
    am = atmosphere.get_relative_airmass(sky['solar_zenith'])
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        r = irradiance.perez_driesse(sky['surface_tilt'], sky['surface_azimuth'], sky['dhi'], sky['dni'],
                                     sky['dni_extra'], sky['solar_zenith'], sky['solar_azimuth'], am,
                                     return_components=True)
    names = ['surface_tilt', 'surface_azimuth', 'dhi', 'dni', 'dni_extra', 'solar_zenith', 'solar_azimuth']
    cases['perez_driesse_airmass_random'] = {
        'params': {'function': 'perez_driesse', 'return_components': True},
        'inputs': {**{k: column(sky[k]) for k in names}, 'airmass': column(am)},
        'expected': {k: column(r[k]) for k in PARTS}}
    cases['total_irradiance_perez-driesse_airmass_random'] = total_case(sky, 'perez-driesse', True, True)
    cases['total_irradiance_perez_airmass_random'] = total_case(sky, 'perez', True, True)
    sky = random_sky(3420)
    aoi = irradiance.aoi(sky['surface_tilt'], sky['surface_azimuth'], sky['solar_zenith'], sky['solar_azimuth'])
    ground = irradiance.get_ground_diffuse(sky['surface_tilt'], sky['ghi'], sky['albedo'])
    r = irradiance.poa_components(aoi, sky['dni'], sky['dhi'], ground)
    cases['poa_components_random'] = {
        'params': {'function': 'poa_components'},
        'inputs': {'aoi': column(aoi), 'dni': column(sky['dni']), 'poa_sky_diffuse': column(sky['dhi']),
                   'poa_ground_diffuse': column(ground)},
        'expected': {k: column(r[k]) for k in ('poa_global', 'poa_direct', 'poa_diffuse')}}
    data = {
        'source': f'pvlib-python ({pvlib_revision()}), computed by scripts/pvlib/transposition.py',
        'description': 'sky diffuse transposition models of pvlib.irradiance (params.function) and '
                       'get_total_irradiance with each model (params.model); W/m2 and degrees; NaN as null; '
                       'Klucher with NaN GHI null (params nan_ghi)',
        'cases': cases,
    }
    write_json(OUT, data)
    print(f'wrote {OUT}: {len(cases)} cases')


if __name__ == '__main__':
    main()
