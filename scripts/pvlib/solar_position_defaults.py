"""Reference values of pvlib.solarposition.get_solarposition with its DEFAULT settings (delta T
67 s; pressure from the altitude when only the altitude is given, 101325 Pa when neither is),
for the core's `defaults: 'pvlib'` option. Writes fixtures/reference/solar_position_pvlib_defaults.json.

Run with pvlib-python importable (for example PYTHONPATH=<a pvlib-python checkout>):
    python3 scripts/pvlib/solar_position_defaults.py
"""
import json
import sys

import numpy as np
import pandas as pd
import pvlib

PLACES = [
    # name, latitude, longitude, altitude (None: not given)
    ('get_solarposition_defaults_altitude_1800m', 40.5137, -108.5449, 1800.0),
    ('get_solarposition_defaults_altitude_0m_given', -33.8568, 151.2153, 0.0),
    ('get_solarposition_defaults_no_altitude', 52.37, 4.9, None),
    ('get_solarposition_defaults_altitude_4000m', -16.5, -68.15, 4000.0),
]

# Every 28 h 53 min through 2024 and 2025 (all hours of the day and seasons), with the sun near and
# below the horizon included, where pressure changes refraction.
times = pd.date_range('2024-01-01 00:00', '2025-12-31 23:00', freq='1733min', tz='UTC')

cases = {}
for name, lat, lon, alt in PLACES:
    kwargs = {} if alt is None else {'altitude': alt}
    sp = pvlib.solarposition.get_solarposition(times, lat, lon, **kwargs)
    params = {'latitude': lat, 'longitude': lon}
    if alt is not None:
        params['altitude'] = alt
    cases[name] = {
        'params': params,
        'inputs': {'unix_s': [int(t.timestamp()) for t in times]},
        'expected': {
            'zenith': sp['zenith'].tolist(),
            'apparent_zenith': sp['apparent_zenith'].tolist(),
            'azimuth': sp['azimuth'].tolist(),
        },
    }

doc = {
    'source': f'pvlib-python {pvlib.__version__}, solarposition.get_solarposition with default settings',
    'description': "solar position with pvlib's default settings (delta T 67 s, pressure from altitude)",
    'cases': cases,
}
out = sys.argv[1] if len(sys.argv) > 1 else 'fixtures/reference/solar_position_pvlib_defaults.json'
with open(out, 'w') as f:
    json.dump(doc, f)
print(out, len(times), 'times x', len(cases), 'cases')
