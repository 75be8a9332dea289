"""
Reference values of solarkit's newer cell temperature models (src/power/temperature.ts,
prilliman.ts, generic-linear.ts), computed with pvlib-python: pvlib.temperature.sapm_module,
sapm_cell_from_module, faiman_rad, prilliman, generic_linear and the conversions of
GenericLinearModel. Writes fixtures/reference/temperature_models.json in the schema of
fixtures/reference/README.md.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/temperature_models.py

Each case names its pvlib function in params.function and gives every argument by pvlib's name:
scalars in params, series in inputs, prilliman's times as `unix_s`. Inputs are made here (a seeded
generator) and include the extremes: irradiance 0 to 1500 W/m2, air -40 to 50 C, calm to 25 m/s,
NaN rows; prilliman at 10 s, 1, 5 and 7 minutes (windows of 120, 20, 4 and 2 samples), series
shorter than a window, steps of 20 and 30 minutes (returned unchanged), NaN temperatures and
winds. GenericLinearModel cases (`function` = 'GenericLinearModel') give the `use_*` model's
parameters as input columns, one parameter set per row, and expect the `to_*` model's
parameters (pvlib's names) and the generic ones (u_const, du_wind).
"""
import os
import warnings

import numpy as np
import pandas as pd
import pvlib
from pvlib import temperature

from reference_cases import column_no_inf as column, pvlib_revision, write_json

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'reference', 'temperature_models.json')


def weather(rng, n, nan=True):
    poa = rng.uniform(0, 1500, n)
    temp_air = rng.uniform(-40, 50, n)
    wind = rng.uniform(0, 25, n)
    poa[:3] = [0, 1500, 1000]
    temp_air[:3] = [-40, 50, 25]
    wind[:3] = [0, 25, 1]
    if nan:
        poa[5] = np.nan
        temp_air[6] = np.nan
        wind[7] = np.nan
    return poa, temp_air, wind


def sapm_module_case(rng, n, a, b):
    poa, temp_air, wind = weather(rng, n)
    return {'params': {'function': 'sapm_module', 'a': a, 'b': b},
            'inputs': {'poa_global': column(poa), 'temp_air': column(temp_air), 'wind_speed': column(wind)},
            'expected': {'temp_module': column(temperature.sapm_module(poa, temp_air, wind, a, b))}}


def sapm_cell_from_module_case(rng, n, delta_t, irrad_ref=None):
    poa, temp_module, _ = weather(rng, n)
    kwargs = {} if irrad_ref is None else {'irrad_ref': irrad_ref}
    expected = temperature.sapm_cell_from_module(temp_module, poa, delta_t, **kwargs)
    return {'params': {'function': 'sapm_cell_from_module', 'deltaT': delta_t, **kwargs},
            'inputs': {'module_temperature': column(temp_module), 'poa_global': column(poa)},
            'expected': {'temp_cell': column(expected)}}


def faiman_rad_case(rng, n, with_ir, with_wind=True, **kwargs):
    poa, temp_air, wind = weather(rng, n)
    inputs = {'poa_global': column(poa), 'temp_air': column(temp_air)}
    args = {}
    if with_wind:
        inputs['wind_speed'] = column(wind)
        args['wind_speed'] = wind
    if with_ir:
        ir = rng.uniform(100, 450, n)
        ir[:2] = [0, 500]
        ir[9] = np.nan
        inputs['ir_down'] = column(ir)
        args['ir_down'] = ir
    expected = temperature.faiman_rad(poa, temp_air, **args, **kwargs)
    return {'params': {'function': 'faiman_rad', **kwargs}, 'inputs': inputs,
            'expected': {'temp_module': column(expected)}}


def prilliman_case(rng, n, step_s, nan=True, **kwargs):
    index = pd.Timestamp('2022-06-01T10:00Z') + pd.to_timedelta(np.arange(n) * step_s, unit='s')
    # A steady-state temperature that jumps with passing clouds.
    temp_cell = 40 + 15 * np.sign(np.sin(np.arange(n) / 7.0)) + rng.normal(0, 2, n)
    wind = rng.uniform(0, 8, n)
    if nan and n > 12:
        temp_cell[4] = np.nan
        temp_cell[9:12] = np.nan
        wind[n - 3] = np.nan
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        expected = temperature.prilliman(pd.Series(temp_cell, index=index), pd.Series(wind, index=index), **kwargs)
    params = {'function': 'prilliman'}
    for k, v in kwargs.items():
        params[k] = list(v) if k == 'coefficients' else v
    unix = (index - pd.Timestamp('1970-01-01T00:00Z')).total_seconds().to_numpy()
    return {'params': params,
            'inputs': {'unix_s': column(unix), 'temp_cell': column(temp_cell), 'wind_speed': column(wind)},
            'expected': {'temp_cell': column(expected)}}


def generic_linear_case(rng, n, u_const, du_wind, module_efficiency, absorptance):
    poa, temp_air, wind = weather(rng, n)
    expected = temperature.generic_linear(poa, temp_air, wind, u_const, du_wind, module_efficiency, absorptance)
    return {'params': {'function': 'generic_linear', 'u_const': u_const, 'du_wind': du_wind,
                       'module_efficiency': module_efficiency, 'absorptance': absorptance},
            'inputs': {'poa_global': column(poa), 'temp_air': column(temp_air), 'wind_speed': column(wind)},
            'expected': {'temp_module': column(expected)}}


USE_PARAMETERS = {
    'faiman': lambda rng, n: {'u0': rng.uniform(10, 35, n), 'u1': rng.uniform(0, 10, n)},
    'pvsyst': lambda rng, n: {'u_c': rng.uniform(10, 35, n), 'u_v': rng.uniform(0, 3, n)},
    'noct_sam': lambda rng, n: {'noct': rng.uniform(40, 55, n)},
    'sapm': lambda rng, n: {'a': rng.uniform(-3.6, -2.8, n), 'b': rng.uniform(-0.08, -0.04, n)},
}


def glm_case(rng, n, use, to, module_efficiency, absorptance, use_extra=None, to_extra=None):
    """GenericLinearModel(eta, alpha).use_<use>(row's parameters, **use_extra).to_<to>(**to_extra), per row."""
    use_extra = use_extra or {}
    to_extra = to_extra or {}
    parameters = USE_PARAMETERS[use](rng, n)
    rows = []
    for i in range(n):
        glm = temperature.GenericLinearModel(module_efficiency=module_efficiency, absorptance=absorptance)
        getattr(glm, f'use_{use}')(**{k: float(v[i]) for k, v in parameters.items()}, **use_extra)
        out = dict(getattr(glm, f'to_{to}')(**to_extra))
        out['u_const'] = glm.u_const
        out['du_wind'] = glm.du_wind
        rows.append(out)
    expected = {k: column([r[k] for r in rows]) for k in rows[0]}
    return {'params': {'function': 'GenericLinearModel', 'module_efficiency': module_efficiency,
                       'absorptance': absorptance, 'use': use, 'to': to,
                       **{f'use_{k}': v for k, v in use_extra.items()}, **{f'to_{k}': v for k, v in to_extra.items()}},
            'inputs': {k: column(v) for k, v in parameters.items()},
            'expected': expected}


def main():
    rng = np.random.default_rng(20261129)
    n = 60
    cases = {}
    for name, p in temperature.TEMPERATURE_MODEL_PARAMETERS['sapm'].items():
        cases[f'sapm_module_{name}'] = sapm_module_case(rng, n, p['a'], p['b'])
    cases['sapm_cell_from_module_delta3'] = sapm_cell_from_module_case(rng, n, 3)
    cases['sapm_cell_from_module_delta0'] = sapm_cell_from_module_case(rng, n, 0)
    cases['sapm_cell_from_module_irrad_ref'] = sapm_cell_from_module_case(rng, n, 1.5, irrad_ref=800)
    cases['faiman_rad_no_ir'] = faiman_rad_case(rng, n, False)
    cases['faiman_rad_defaults'] = faiman_rad_case(rng, n, True)
    cases['faiman_rad_default_wind'] = faiman_rad_case(rng, n, True, with_wind=False)
    cases['faiman_rad_options'] = faiman_rad_case(rng, n, True, u0=16.0, u1=4.2, sky_view=0.85, emissivity=0.9)
    cases['prilliman_1min'] = prilliman_case(rng, 200, 60)
    cases['prilliman_5min'] = prilliman_case(rng, 120, 300)
    cases['prilliman_7min'] = prilliman_case(rng, 60, 420)
    cases['prilliman_10s'] = prilliman_case(rng, 400, 10)
    cases['prilliman_short'] = prilliman_case(rng, 8, 60, nan=False)
    cases['prilliman_options'] = prilliman_case(rng, 150, 120, unit_mass=14.0,
                                                coefficients=(0.005, 0.0004, -0.0002, -2e-5))
    cases['prilliman_20min_unchanged'] = prilliman_case(rng, 30, 1200)
    cases['prilliman_hourly_unchanged'] = prilliman_case(rng, 30, 3600)
    cases['generic_linear'] = generic_linear_case(rng, n, 11.04, 5.52, 0.19, 0.88)
    cases['generic_linear_calm_coefficient'] = generic_linear_case(rng, n, 25.0, 0.0, 0.22, 0.9)
    for use in USE_PARAMETERS:
        for to in USE_PARAMETERS:
            cases[f'generic_linear_model_{use}_to_{to}'] = glm_case(rng, 20, use, to, 0.19, 0.88)
    cases['generic_linear_model_pvsyst_own_module'] = glm_case(
        rng, 20, 'pvsyst', 'faiman', 0.19, 0.88, use_extra={'module_efficiency': 0.21, 'alpha_absorption': 0.92})
    cases['generic_linear_model_noct_own_module'] = glm_case(
        rng, 20, 'noct_sam', 'pvsyst', 0.19, 0.88,
        use_extra={'module_efficiency': 0.17, 'transmittance_absorptance': 0.85})
    cases['generic_linear_model_sapm_wind_fits'] = glm_case(
        rng, 20, 'sapm', 'sapm', 0.2, 0.9, use_extra={'wind_fit_low': 1.0, 'wind_fit_high': 4.0},
        to_extra={'wind_fit_low': 2.0, 'wind_fit_high': 6.0})
    data = {
        'source': f'pvlib-python ({pvlib_revision()}), computed by scripts/pvlib/temperature_models.py',
        'description': 'cell and module temperature (pvlib.temperature: sapm_module, sapm_cell_from_module, '
                       'faiman_rad, prilliman, generic_linear, GenericLinearModel); degrees C, W/m2, m/s; '
                       'params.function names the function; NaN as null',
        'cases': cases,
    }
    write_json(OUT, data)
    print(f'wrote {OUT}: {len(cases)} cases')


if __name__ == '__main__':
    main()
