"""
Reference values of solarkit's row shading (src/shading) and Deline's mismatch loss
(src/bifacial/power-mismatch.ts), computed with pvlib-python: pvlib.shading
(projected_solar_zenith_angle, shaded_fraction1d, masking_angle, masking_angle_passias,
sky_diffuse_passias, ground_angle, direct_martinez) and pvlib.bifacial.power_mismatch_deline.
Writes fixtures/reference/shading.json in the schema of fixtures/reference/README.md.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/shading.py

Each case names its pvlib function in params.function and gives every argument by pvlib's name
(scalars in params, series in inputs). Inputs are made here (a seeded generator) and include the
extremes: the sun at and below the horizon, rows at +-90 degrees and beyond, gcr 1, slant heights
0 and 1, no shaded block, NaN rows. One deliberate difference is written into the expected values
and named in params: masking_angle_passias gives 0 for a NaN tilt (it replaces every non-finite
result by 0, the tilt-0 limit), solarkit gives NaN (params nan_tilt = 'nan').
"""
import os

import numpy as np
import pvlib
from pvlib import shading
from pvlib.bifacial import power_mismatch_deline

from reference_cases import column_no_inf as column, pvlib_revision, write_json

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'reference', 'shading.json')


def sun(rng, n, nan=True):
    zenith = rng.uniform(0, 180, n)
    azimuth = rng.uniform(0, 360, n)
    # The exact edges: overhead, on the horizon, the nadir; due north, east, south, west.
    zenith[:6] = [0, 90, 180, 45, 89.999, 90.001]
    azimuth[6:10] = [0, 90, 180, 270]
    if nan:
        zenith[11] = np.nan
        azimuth[13] = np.nan
    return zenith, azimuth


def psza_case(rng, n, axis_tilt, axis_azimuth):
    zenith, azimuth = sun(rng, n)
    expected = shading.projected_solar_zenith_angle(zenith, azimuth, axis_tilt, axis_azimuth)
    return {'params': {'function': 'projected_solar_zenith_angle', 'axis_tilt': axis_tilt,
                       'axis_azimuth': axis_azimuth},
            'inputs': {'solar_zenith': column(zenith), 'solar_azimuth': column(azimuth)},
            'expected': {'projected_solar_zenith': column(expected)}}


def shaded_fraction_case(rng, n, geometry, rotation, shading_rotation=None):
    zenith, azimuth = sun(rng, n)
    zenith = np.where(np.isnan(zenith), zenith, zenith * 0.5)  # mostly the sun up; the first rows keep their edges
    zenith[:6] = [0, 90, 89, 45, 80, 85]
    inputs = {'solar_zenith': column(zenith), 'solar_azimuth': column(azimuth)}
    if isinstance(rotation, str):  # 'tracker': a rotation per row from -90 to 90, NaN at 15
        rot = rng.uniform(-90, 90, n)
        rot[7] = 90.0
        rot[8] = -90.0
        rot[15] = np.nan
    else:
        rot = np.full(n, float(rotation))
    inputs['shaded_row_rotation'] = column(rot)
    kwargs = dict(geometry)
    if shading_rotation is not None:
        srot = np.full(n, float(shading_rotation)) if not isinstance(shading_rotation, str) else rng.uniform(-60, 60, n)
        inputs['shading_row_rotation'] = column(srot)
        kwargs['shading_row_rotation'] = srot
    expected = shading.shaded_fraction1d(zenith, azimuth, shaded_row_rotation=rot, **kwargs)
    return {'params': {'function': 'shaded_fraction1d', **geometry}, 'inputs': inputs,
            'expected': {'shaded_fraction': column(expected)}}


def masking_case(rng, n, gcr, fn):
    tilt = rng.uniform(-30, 180, n)
    tilt[:8] = [0, 90, 180, -90, 30, 60, 1e-9, 120]
    height = rng.uniform(0, 1, n)
    height[:4] = [0, 1, 0.5, 0]
    height[8:10] = [0, 1]
    tilt[10] = np.nan
    height[12] = np.nan
    f = getattr(shading, fn)
    expected = f(tilt, gcr, height)
    return {'params': {'function': fn, 'gcr': gcr},
            'inputs': {'surface_tilt': column(tilt), 'slant_height': column(height)},
            'expected': {'mask_angle' if fn == 'masking_angle' else 'psi': column(expected)}}


def passias_case(rng, n, gcr):
    tilt = rng.uniform(0, 90, n)
    tilt[:6] = [0, 90, 1e-9, 45, 89.9, 180]
    tilt[6] = np.nan
    expected = np.asarray(shading.masking_angle_passias(tilt, gcr), dtype=float)
    # The deliberate difference: NaN for a NaN tilt (pvlib: 0).
    expected = np.where(np.isnan(tilt), np.nan, expected)
    return {'params': {'function': 'masking_angle_passias', 'gcr': gcr, 'nan_tilt': 'nan'},
            'inputs': {'surface_tilt': column(tilt)},
            'expected': {'mask_angle': column(expected)}}


def sky_diffuse_case(rng, n):
    angle = rng.uniform(-90, 180, n)
    angle[:5] = [0, 90, 180, -90, 360]
    angle[5] = np.nan
    return {'params': {'function': 'sky_diffuse_passias'},
            'inputs': {'masking_angle': column(angle)},
            'expected': {'derate': column(shading.sky_diffuse_passias(angle))}}


def martinez_case(rng, n, total_blocks):
    poa_direct = rng.uniform(0, 1000, n)
    poa_global = poa_direct + rng.uniform(0, 300, n)
    fraction = rng.uniform(0, 1, n)
    blocks = rng.uniform(0, total_blocks, n)
    fraction[:4] = [0, 1, 0.5, 0]
    blocks[:4] = [0, total_blocks, 1.0000001, 0]
    poa_global[4], poa_direct[4] = 0.0, 0.0  # 0 / 0
    poa_direct[5] = 0.0
    fraction[6] = np.nan
    blocks[7] = np.nan
    expected = shading.direct_martinez(poa_global, poa_direct, fraction, blocks, total_blocks)
    return {'params': {'function': 'direct_martinez', 'total_blocks': total_blocks},
            'inputs': {'poa_global': column(poa_global), 'poa_direct': column(poa_direct),
                       'shaded_fraction': column(fraction), 'shaded_blocks': column(blocks)},
            'expected': {'shading_losses': column(expected)}}


def mismatch_case(rng, n, **kwargs):
    rmad = rng.uniform(0, 0.6, n)
    rmad[:3] = [0, 1, 0.1]
    rmad[3] = np.nan
    expected = power_mismatch_deline(rmad, **kwargs)
    params = {'function': 'power_mismatch_deline'}
    for k, v in kwargs.items():
        params[k] = list(v) if k == 'coefficients' else v
    return {'params': params, 'inputs': {'rmad': column(rmad)}, 'expected': {'loss': column(expected)}}


def main():
    rng = np.random.default_rng(20261129)
    n = 60
    cases = {
        'projected_solar_zenith_angle_ns_level': psza_case(rng, n, 0, 180),
        'projected_solar_zenith_angle_tilted_axis': psza_case(rng, n, 10, 170),
        'projected_solar_zenith_angle_fixed_row': psza_case(rng, n, 0, 90),
        'projected_solar_zenith_angle_steep_negative_tilt': psza_case(rng, n, -35, 300),
        'shaded_fraction1d_fixed_south': shaded_fraction_case(
            rng, n, {'axis_azimuth': 90, 'collector_width': 2, 'pitch': 3, 'axis_tilt': 0,
                     'surface_to_axis_offset': 0.05, 'cross_axis_slope': 0}, 30, 30),
        'shaded_fraction1d_north_facing_sloped': shaded_fraction_case(
            rng, n, {'axis_azimuth': 270, 'collector_width': 2.5, 'pitch': 4, 'axis_tilt': 10,
                     'surface_to_axis_offset': 0.05, 'cross_axis_slope': 0}, 50, 30),
        'shaded_fraction1d_tracker_cross_slope': shaded_fraction_case(
            rng, n, {'axis_azimuth': 180, 'collector_width': 1.4, 'pitch': 3, 'axis_tilt': 0,
                     'surface_to_axis_offset': 0.1, 'cross_axis_slope': 7}, 'tracker'),
        'shaded_fraction1d_tracker_defaults': shaded_fraction_case(
            rng, n, {'axis_azimuth': 175, 'collector_width': 2, 'pitch': 5}, 'tracker'),
        'shaded_fraction1d_tracker_other_rotation': shaded_fraction_case(
            rng, n, {'axis_azimuth': 0, 'collector_width': 1, 'pitch': 1.1, 'axis_tilt': 5,
                     'surface_to_axis_offset': -0.2, 'cross_axis_slope': -12}, 'tracker', 'tracker'),
        'masking_angle_gcr05': masking_case(rng, n, 0.5, 'masking_angle'),
        'masking_angle_gcr1': masking_case(rng, n, 1.0, 'masking_angle'),
        'masking_angle_gcr01': masking_case(rng, n, 0.1, 'masking_angle'),
        'ground_angle_gcr05': masking_case(rng, n, 0.5, 'ground_angle'),
        'ground_angle_gcr1': masking_case(rng, n, 1.0, 'ground_angle'),
        'masking_angle_passias_gcr05': passias_case(rng, n, 0.5),
        'masking_angle_passias_gcr1': passias_case(rng, n, 1.0),
        'masking_angle_passias_gcr02': passias_case(rng, n, 0.2),
        'sky_diffuse_passias': sky_diffuse_case(rng, n),
        'direct_martinez_3_blocks': martinez_case(rng, n, 3),
        'direct_martinez_1_block': martinez_case(rng, n, 1),
        'direct_martinez_6_blocks': martinez_case(rng, n, 6),
        'power_mismatch_deline_default': mismatch_case(rng, n),
        'power_mismatch_deline_fill_factor': mismatch_case(rng, n, fill_factor=0.83),
        'power_mismatch_deline_fill_factor_reference': mismatch_case(
            rng, n, fill_factor=0.75, fill_factor_reference=0.81),
        'power_mismatch_deline_cubic': mismatch_case(rng, n, coefficients=(0.001, 0.1, 2.5, -1.5)),
    }
    data = {
        'source': f'pvlib-python ({pvlib_revision()}), computed by scripts/pvlib/shading.py',
        'description': 'row-to-row shading (pvlib.shading: projected zenith, 1-D shaded fraction, masking and '
                       'ground angles, Passias sky diffuse loss, Martinez loss) and Deline mismatch loss '
                       '(pvlib.bifacial.power_mismatch_deline); degrees, fractions; params.function names '
                       'the function; NaN as null; masking_angle_passias NaN for a NaN tilt (params nan_tilt)',
        'cases': cases,
    }
    write_json(OUT, data)
    print(f'wrote {OUT}: {len(cases)} cases of {n} rows')


if __name__ == '__main__':
    main()
