"""
Reference values of solarkit's snow models (src/snow), computed with pvlib-python:
pvlib.snow.fully_covered_nrel, coverage_nrel, dc_loss_nrel and loss_townsend. Writes
fixtures/reference/snow.json in the schema of fixtures/reference/README.md.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/snow.py

Each case names its pvlib function in params.function and gives every argument by pvlib's name:
scalars in params, series in inputs, the period ends as `unix_s` (pvlib takes them from the
series' DatetimeIndex). Inputs are made here (a seeded generator): hourly, half-hourly and
irregular series (pvlib infers no frequency there, so the first period's snowfall counts as none),
snow storms and thaws, shallow ground snow, NaN rows, a tracker's tilt column; Townsend's months
with no events, fractional event counts and a NaN. Booleans are written as 1 and 0.
"""
import os

import numpy as np
import pandas as pd
import pvlib
from pvlib import snow

from reference_cases import column_no_inf as column, pvlib_revision, write_json

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'reference', 'snow.json')


def times(rng, n, step_s, irregular=False):
    start = pd.Timestamp('2021-01-05T00:00Z')
    if irregular:
        steps = rng.choice([1800, 3600, 5400], size=n)
        offsets = np.cumsum(steps) - steps[0]
    else:
        offsets = np.arange(n) * step_s
    return start + pd.to_timedelta(offsets, unit='s')


def unix(index):
    return (index - pd.Timestamp('1970-01-01T00:00Z')).total_seconds().to_numpy()


def weather(rng, n, step_s):
    """Storms of snowfall (cm per period), shallow and deep ground snow, thaws."""
    hours = step_s / 3600
    storm = (rng.uniform(0, 1, n) < 0.15)
    snowfall = np.where(storm, rng.uniform(0, 4, n) * hours, 0.0)
    depth = np.clip(np.cumsum(snowfall) - np.arange(n) * 0.05 * hours + rng.uniform(-2, 2, n), 0, None)
    poa = np.clip(rng.uniform(-200, 900, n), 0, None)
    temp_air = rng.uniform(-15, 8, n)
    return snowfall, depth, poa, temp_air


def fully_covered_case(rng, n, step_s, with_depth, irregular=False, **kwargs):
    index = times(rng, n, step_s, irregular)
    snowfall, depth, _, _ = weather(rng, n, step_s)
    snowfall[2] = 3.0 * step_s / 3600
    snowfall[9] = np.nan
    depth[10] = np.nan
    sf = pd.Series(snowfall, index=index)
    sd = pd.Series(depth, index=index) if with_depth else None
    covered = snow.fully_covered_nrel(sf, sd, **kwargs)
    inputs = {'unix_s': column(unix(index)), 'snowfall': column(snowfall)}
    if with_depth:
        inputs['snow_depth'] = column(depth)
    return {'params': {'function': 'fully_covered_nrel', **kwargs}, 'inputs': inputs,
            'expected': {'covered': column(covered.astype(float))}}


def coverage_case(rng, n, step_s, tilt, with_depth, irregular=False, nan_rows=True, **kwargs):
    index = times(rng, n, step_s, irregular)
    snowfall, depth, poa, temp_air = weather(rng, n, step_s)
    # A snowfall in the first period, unless the case starts from an initial coverage.
    snowfall[0] = 0.0 if 'initial_coverage' in kwargs else 2.0 * step_s / 3600
    inputs = {'unix_s': column(unix(index))}
    params = {'function': 'coverage_nrel', **kwargs}
    if isinstance(tilt, str):  # a tracker's rotation per period, NaN once
        tilt_values = rng.uniform(0, 60, n)
        if nan_rows:  # a NaN tilt in a period where the snow would slide
            tilt_values[17] = np.nan
            snowfall[17], poa[17], temp_air[17], depth[17] = 0.0, 500.0, 5.0, 10.0
        inputs['surface_tilt'] = column(tilt_values)
        tilt_arg = pd.Series(tilt_values, index=index)
    else:
        params['surface_tilt'] = tilt
        tilt_arg = tilt
    if nan_rows:
        snowfall[5] = np.nan
        poa[7] = np.nan
        temp_air[8] = np.nan
        depth[12] = np.nan
    sf = pd.Series(snowfall, index=index)
    sd = pd.Series(depth, index=index) if with_depth else None
    cov = snow.coverage_nrel(sf, pd.Series(poa, index=index), pd.Series(temp_air, index=index), tilt_arg,
                             snow_depth=sd, **kwargs)
    inputs.update({'snowfall': column(snowfall), 'poa_irradiance': column(poa), 'temp_air': column(temp_air)})
    if with_depth:
        inputs['snow_depth'] = column(depth)
    return {'params': params, 'inputs': inputs, 'expected': {'snow_coverage': column(cov)}}


def dc_loss_case(rng, n, num_strings):
    cov = rng.uniform(0, 1, n)
    cov[:5] = [0, 1, 1 / num_strings, 0.5, 1e-12]
    cov[5] = np.nan
    return {'params': {'function': 'dc_loss_nrel', 'num_strings': num_strings},
            'inputs': {'snow_coverage': column(cov)},
            'expected': {'loss': column(snow.dc_loss_nrel(cov, num_strings))}}


def townsend_case(rng, extremes=False, **kwargs):
    months = 12
    snow_total = rng.uniform(0, 80, months)
    snow_events = rng.integers(0, 8, months).astype(float)
    snow_total[4:9] = 0.0
    snow_events[4:9] = 0.0
    rh = rng.uniform(50, 95, months)
    temp = rng.uniform(-15, 25, months)
    poa = rng.uniform(30e3, 200e3, months)
    if extremes:
        snow_events[0] = 0.5      # fractional: counted as one event
        snow_total[1] = 300.0     # a deep month: the snow reaches the lower edge
        snow_events[1] = 2.0
        snow_events[2] = np.nan   # no effective snow, as pvlib's where
        rh[3] = np.nan
        snow_total[10] = 5.0
        snow_events[10] = 0.0     # snow but no event
    loss = snow.loss_townsend(snow_total, snow_events, relative_humidity=rh, temp_air=temp, poa_global=poa, **kwargs)
    params = {'function': 'loss_townsend'}
    inputs = {'snow_total': column(snow_total), 'snow_events': column(snow_events), 'relative_humidity': column(rh),
              'temp_air': column(temp), 'poa_global': column(poa)}
    for k, v in kwargs.items():
        if np.ndim(v) > 0:
            inputs[k] = column(v)
        else:
            params[k] = v
    return {'params': params, 'inputs': inputs, 'expected': {'loss': column(loss)}}


def main():
    rng = np.random.default_rng(20261129)
    n = 96
    cases = {
        'fully_covered_nrel_hourly': fully_covered_case(rng, n, 3600, False),
        'fully_covered_nrel_hourly_depth': fully_covered_case(rng, n, 3600, True),
        'fully_covered_nrel_half_hourly_thresholds': fully_covered_case(
            rng, n, 1800, True, threshold_snowfall=0.5, threshold_depth=3.0),
        'fully_covered_nrel_irregular': fully_covered_case(rng, n, 3600, True, irregular=True),
        'coverage_nrel_hourly': coverage_case(rng, n, 3600, 30, False),
        'coverage_nrel_hourly_depth': coverage_case(rng, n, 3600, 20, True),
        'coverage_nrel_steep_initial': coverage_case(rng, n, 1800, 75, True, initial_coverage=0.4),
        'coverage_nrel_coefficients': coverage_case(
            rng, n, 3600, 35, True, threshold_snowfall=0.6, threshold_depth=2.5, can_slide_coefficient=-50.,
            slide_amount_coefficient=0.3),
        'coverage_nrel_tracker_tilt': coverage_case(rng, n, 3600, 'tracker', True),
        'coverage_nrel_irregular': coverage_case(rng, n, 3600, 25, True, irregular=True, nan_rows=False),
        'coverage_nrel_flat_initial_above_one': coverage_case(rng, n, 3600, 0, False, initial_coverage=1.5),
        'coverage_nrel_initial_above_one': coverage_case(rng, n, 3600, 50, False, initial_coverage=1.5),
        'dc_loss_nrel_1_string': dc_loss_case(rng, 40, 1),
        'dc_loss_nrel_3_strings': dc_loss_case(rng, 40, 3),
        'dc_loss_nrel_4_strings': dc_loss_case(rng, 40, 4),
        'loss_townsend_defaults': townsend_case(rng, surface_tilt=30, slant_height=2.0, lower_edge_height=0.5),
        'loss_townsend_extremes': townsend_case(rng, extremes=True, surface_tilt=10, slant_height=1.2,
                                                lower_edge_height=0.3),
        'loss_townsend_options': townsend_case(rng, surface_tilt=45, slant_height=3.5, lower_edge_height=1.5,
                                               string_factor=0.75, angle_of_repose=30, front_side_fraction=0.92),
        'loss_townsend_front_side_column': townsend_case(rng, surface_tilt=20, slant_height=2.2, lower_edge_height=0.8,
                                                         front_side_fraction=np.linspace(0.85, 0.95, 12)),
    }
    data = {
        'source': f'pvlib-python ({pvlib_revision()}), computed by scripts/pvlib/snow.py',
        'description': 'snow on PV rows (pvlib.snow: fully_covered_nrel, coverage_nrel, dc_loss_nrel, '
                       'loss_townsend); cm, W/m2, degrees C, Wh/m2; period ends unix_s; booleans as 1/0; '
                       'params.function names the function; NaN as null',
        'cases': cases,
    }
    write_json(OUT, data)
    print(f'wrote {OUT}: {len(cases)} cases')


if __name__ == '__main__':
    main()
