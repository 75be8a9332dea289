"""
Reference values of solarkit's incidence angle modifiers (src/irradiance/iam*.ts), computed with
pvlib-python's pvlib.iam: martin_ruiz, martin_ruiz_diffuse, physical with an anti-reflective
coating (n_ar), schlick, schlick_diffuse, interp (linear, quadratic, cubic; normalized or not),
marion_diffuse and marion_integrate over the models the core has, convert and fit. Writes
fixtures/reference/iam.json in the schema of fixtures/reference/README.md.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/iam.py

Inputs cover ordinary and extreme angles: aoi from -100 to 190 degrees with 0, 90 and NaN rows;
tilts 0 to 180 with the ends exactly (but for schlick_diffuse, whose closed form pvlib evaluates
to noise within 0.01 degree of the ends). Parameters are in params by pvlib's names. The convert and
fit cases have one-row expected columns (the fitted parameters); pvlib's minimize (Powell) is run
with its default xtol and with a small one.
"""
import os
import warnings

import numpy as np
import pvlib
from pvlib import iam

from reference_cases import column, pvlib_revision, write_json

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'reference', 'iam.json')


def angles(rng):
    fixed = [0, 0.5, 10, 30, 45, 60, 75, 85, 89, 89.999, 90, 90.001, 95, 120, 180, 190,
             -0.5, -30, -89, -90, -100, np.nan]
    return np.concatenate([fixed, rng.uniform(-95, 95, 40)])


def tilts(rng):
    fixed = [0, 1e-7, 1e-6, 0.5, 10, 20, 30, 45, 60, 89.5, 90, 90.5, 120, 150, 179, 179.9999, 180, np.nan]
    return np.concatenate([fixed, rng.uniform(0, 180, 12)])


# A Sandia module's IAM polynomial (Canadian Solar CS5P-220M of SAM's library).
SAPM_B = {'B0': 1, 'B1': -0.002438, 'B2': 0.0003103, 'B3': -1.246e-05, 'B4': 2.112e-07, 'B5': -1.359e-09}
# A PVsyst-style IAM table (angles and values as a PAN file writes them).
PVSYST_THETA = [0, 30, 50, 60, 70, 75, 80, 85, 90]
PVSYST_IAM = [1.0, 0.999, 0.987, 0.962, 0.892, 0.816, 0.681, 0.440, 0.0]
SMALL_THETA = [0, 45, 70, 90]
SMALL_IAM = [1.0, 0.95, 0.8, 0.0]


def main():
    warnings.simplefilter('ignore')
    rng = np.random.default_rng(31)
    aoi = angles(rng)
    tilt = tilts(rng)
    cases = {}

    for a_r in (0.16, 0.08, 0.3):
        cases[f'iam_martin_ruiz_ar{a_r}'] = {
            'params': {'a_r': a_r}, 'inputs': {'aoi': column(aoi)},
            'expected': {'iam': column(iam.martin_ruiz(aoi, a_r=a_r))}}
    cases['iam_schlick'] = {'params': {}, 'inputs': {'aoi': column(aoi)},
                            'expected': {'iam': column(iam.schlick(aoi))}}
    for name, kw in {'default': {}, 'nar1.29': {'n_ar': 1.29}, 'nar1.2_n1.6_K10_L0.003':
                     {'n_ar': 1.2, 'n': 1.6, 'K': 10, 'L': 0.003}, 'nar1': {'n_ar': 1.0},
                     'nar_equal_n': {'n_ar': 1.526}, 'nar1.8_above_n': {'n_ar': 1.8}}.items():
        cases[f'iam_physical_{name}'] = {
            'params': kw, 'inputs': {'aoi': column(aoi)},
            'expected': {'iam': column(iam.physical(aoi, **kw))}}

    for table, theta, values in (('pvsyst', PVSYST_THETA, PVSYST_IAM), ('small', SMALL_THETA, SMALL_IAM)):
        for method in ('linear', 'quadratic', 'cubic'):
            for normalize in (True, False):
                cases[f'iam_interp_{table}_{method}_{"normalized" if normalize else "raw"}'] = {
                    'params': {'theta_ref': theta, 'iam_ref': values, 'method': method, 'normalize': normalize},
                    'inputs': {'aoi': column(aoi)},
                    'expected': {'iam': column(iam.interp(aoi, theta, values, method=method,
                                                          normalize=normalize))}}

    for name, kw in {'default': {}, 'ar0.1': {'a_r': 0.1}, 'ar0.3_c1_0.5_c2_0.1': {'a_r': 0.3, 'c1': 0.5, 'c2': 0.1}}.items():
        sky, gnd = iam.martin_ruiz_diffuse(tilt, **kw)
        cases[f'iam_martin_ruiz_diffuse_{name}'] = {
            'params': kw, 'inputs': {'surface_tilt': column(tilt)},
            'expected': {'iam_sky': column(sky), 'iam_ground': column(gnd)}}
    # Within 0.01 deg of the ends pvlib's closed form has lost its digits (ground 2.0 at 1e-6 deg,
    # sky inf at 180): solarkit leaves the closed form there (test/irradiance/iam-diffuse.test.ts).
    far = tilt[np.isnan(tilt) | (tilt == 0) | ((tilt >= 0.01) & (tilt <= 179.99))]
    sky, gnd = iam.schlick_diffuse(far)
    cases['iam_schlick_diffuse'] = {'params': {}, 'inputs': {'surface_tilt': column(far)},
                                    'expected': {'iam_sky': column(sky), 'iam_ground': column(gnd)}}

    marion_tilt = np.array([0, 1e-6, 20, 45, 90, 135, 179, 180, np.nan])
    for model, kw in (('physical', {}), ('physical', {'n': 1.3, 'K': 5, 'L': 0.003}), ('ashrae', {'b': 0.04}),
                      ('martin_ruiz', {'a_r': 0.2}), ('sapm', {'module': SAPM_B}), ('schlick', {})):
        res = iam.marion_diffuse(model, marion_tilt, **kw)
        params = {'model': model, **(SAPM_B if model == 'sapm' else kw)}
        suffix = '_'.join(f'{k}{v}' for k, v in kw.items() if k != 'module')
        cases[f'iam_marion_diffuse_{model}{"_" + suffix if suffix else ""}'] = {
            'params': params, 'inputs': {'surface_tilt': column(marion_tilt)},
            'expected': {k: column(v) for k, v in res.items()}}
    for region, num in (('sky', 90), ('ground', 45), ('horizon', 300)):
        f = lambda a: iam.martin_ruiz(a, a_r=0.16)  # noqa: E731
        cases[f'iam_marion_integrate_martin_ruiz_{region}_num{num}'] = {
            'params': {'model': 'martin_ruiz', 'a_r': 0.16, 'region': region, 'num': num},
            'inputs': {'surface_tilt': column(marion_tilt)},
            'expected': {'iam': column(iam.marion_integrate(f, marion_tilt, region, num=num))}}

    def params_columns(p):
        return {k: [float(v)] for k, v in p.items()}

    conversions = [('ashrae', {'b': 0.05}, 'physical', True), ('ashrae', {'b': 0.05}, 'physical', False),
                   ('ashrae', {'b': 0.1}, 'martin_ruiz', True), ('martin_ruiz', {'a_r': 0.16}, 'physical', True),
                   ('martin_ruiz', {'a_r': 0.3}, 'physical', True), ('martin_ruiz', {'a_r': 0.16}, 'ashrae', True),
                   ('physical', {'n': 1.526, 'K': 4, 'L': 0.002}, 'martin_ruiz', True),
                   ('physical', {'n': 1.526, 'K': 4, 'L': 0.002}, 'ashrae', True)]
    for source, sp, target, fix_n in conversions:
        for xtol in (None, 1e-10):
            p = iam.convert(source, sp, target, fix_n=fix_n, xtol=xtol)
            name = f'iam_convert_{source}_to_{target}_{"_".join(f"{k}{v}" for k, v in sp.items())}'
            name += ('' if fix_n else '_free_n') + ('' if xtol is None else f'_xtol{xtol}')
            cases[name] = {'params': {'source_name': source, 'source_params': sp, 'target_name': target,
                                      'fix_n': fix_n, 'xtol': xtol},
                           'inputs': {}, 'expected': params_columns(p)}

    fit_aoi = np.array([0, 10, 20, 30, 40, 50, 55, 60, 65, 70, 75, 80, 85, 88])
    noise = rng.normal(0, 0.004, fit_aoi.size)
    measured = {'ashrae_noisy': iam.ashrae(fit_aoi, 0.045) + noise,
                'martin_ruiz_noisy': iam.martin_ruiz(fit_aoi, 0.18) + noise,
                'pvsyst_table': np.interp(fit_aoi, PVSYST_THETA, PVSYST_IAM)}
    for data, values in measured.items():
        for model in ('ashrae', 'martin_ruiz', 'physical'):
            for xtol in (None, 1e-10):
                p = iam.fit(fit_aoi, values, model, xtol=xtol)
                cases[f'iam_fit_{model}_{data}{"" if xtol is None else f"_xtol{xtol}"}'] = {
                    'params': {'model_name': model, 'xtol': xtol},
                    'inputs': {'measured_aoi': column(fit_aoi), 'measured_iam': column(values)},
                    'expected': params_columns(p)}

    data = {
        'source': f'pvlib-python {pvlib_revision()} (scripts/pvlib/iam.py)',
        'description': 'pvlib.iam: martin_ruiz, martin_ruiz_diffuse, physical with n_ar, schlick, '
                       'schlick_diffuse, interp, marion_diffuse, marion_integrate, convert, fit',
        'cases': cases,
    }
    write_json(OUT, data)
    print(f'wrote {OUT}: {len(cases)} cases')


if __name__ == '__main__':
    main()
