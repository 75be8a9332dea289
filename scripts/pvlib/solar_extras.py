"""
Reference values of solarkit's solar position extras (src/solar/analytical.ts,
src/solar/earth-sun-distance.ts, sunTimes, extraterrestrialRadiation with method 'nrel'), computed
with pvlib-python's solarposition module. Writes fixtures/reference/solar_extras.json in the schema
of fixtures/reference/README.md.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/solar_extras.py

Every case names its pvlib function in params.function; inputs and params carry pvlib's argument
names and units (declination, hour angle, zenith and azimuth of the analytical functions in radians
as pvlib takes and returns them; times as Unix seconds `unix_s`; the local clock of pvlib's
localized times as `utc_offset_s`, a fixed offset). Expected NaN/NaT is null.

Places include both polar circles (polar day and night: NaN sunrise and sunset) and clocks far
from UTC (UTC-10, UTC+12:45), with times at the edges of the local day (00:00, 23:59).

sun_rise_set_transit_spa cases are split in two by the rows' events: `..._edge` cases hold the
days whose pvlib sunrise falls before 00:00 UTC of the day or whose sunset falls after its end
(params.utc_day_edge), where solarkit's sunTimes deliberately differs from pvlib (it interpolates
the sun at the event's own time instead of reducing the day fraction to 0..1; see its doc).
"""
import json
import os

import numpy as np
import pandas as pd
from pvlib import irradiance, solarposition

from reference_cases import column, pvlib_revision

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'reference', 'solar_extras.json')


def unix(times):
    """Unix seconds of a DatetimeIndex (NaT as NaN)."""
    t = pd.DatetimeIndex(times)
    out = t.tz_convert('UTC').tz_localize(None).values.astype('datetime64[ns]').astype('int64') / 1e9
    out = np.where(pd.isna(t), np.nan, out)
    return out


def fixed_zone(offset_s):
    return datetime_timezone(offset_s)


def datetime_timezone(offset_s):
    import datetime as dt
    return dt.timezone(dt.timedelta(seconds=offset_s))


rng = np.random.default_rng(20261129)
cases = {}

# --- day-of-year series ---------------------------------------------------------------------
days = np.concatenate([np.arange(1, 367, dtype=float), [0.0, 0.5, 1.25, 59.5, 172.75, 365.999, 366.5, 367.0],
                       rng.uniform(1, 366, 40), [np.nan]])
for fn in ('declination_spencer71', 'declination_cooper69', 'equation_of_time_spencer71',
           'equation_of_time_pvcdrom'):
    value = getattr(solarposition, fn)(days)
    name = 'declination' if fn.startswith('declination') else 'equation_of_time'
    cases[fn] = {'params': {'function': fn}, 'inputs': {'dayofyear': column(days)},
                 'expected': {name: column(value)}}

# --- places and local clocks ----------------------------------------------------------------
PLACES = [
    # name, latitude, longitude, UTC offset of the local (standard) clock, s
    ('golden', 39.742, -105.18, -7 * 3600),
    ('honolulu', 21.31, -157.86, -10 * 3600),
    ('chatham', -43.95, -176.55, 12 * 3600 + 45 * 60),
    ('longyearbyen', 78.22, 15.65, 3600),
    ('mcmurdo', -77.85, 166.67, 12 * 3600),
    ('quito', -0.18, -78.47, -5 * 3600),
    ('tromso_utc', 69.65, 18.96, 0),
]


def local_times(offset_s, year=2024):
    """Every 8 days at 5 clock times, including the day's edges, in a fixed-offset zone."""
    tz = fixed_zone(offset_s)
    base = pd.date_range(f'{year}-01-01', f'{year}-12-31', freq='8D')
    clock = [pd.Timedelta(0), pd.Timedelta(minutes=1), pd.Timedelta(hours=11, minutes=37),
             pd.Timedelta(hours=17, minutes=5), pd.Timedelta(hours=23, minutes=59)]
    naive = pd.DatetimeIndex(sorted(d + c for d in base for c in clock))
    return naive.tz_localize(tz)


for name, lat, lon, off in PLACES:
    times = local_times(off)
    doy = times.dayofyear.values.astype(float)
    eot = solarposition.equation_of_time_spencer71(doy)
    dec = solarposition.declination_spencer71(doy)
    ha = solarposition.hour_angle(times, lon, eot)
    cases[f'hour_angle_{name}'] = {
        'params': {'function': 'hour_angle', 'longitude': lon, 'utc_offset_s': off},
        'inputs': {'unix_s': column(unix(times)), 'equation_of_time': column(eot)},
        'expected': {'hour_angle': column(ha)},
    }
    # Zenith and azimuth of those hour angles (radians, as pvlib).
    lat_r = np.full(len(times), np.radians(lat))
    ha_r = np.radians(ha)
    zen = solarposition.solar_zenith_analytical(lat_r, ha_r, dec)
    azi = solarposition.solar_azimuth_analytical(lat_r, ha_r, dec, zen)
    cases[f'solar_zenith_analytical_{name}'] = {
        'params': {'function': 'solar_zenith_analytical'},
        'inputs': {'latitude': column(lat_r), 'hourangle': column(ha_r), 'declination': column(dec)},
        'expected': {'zenith': column(zen)},
    }
    cases[f'solar_azimuth_analytical_{name}'] = {
        'params': {'function': 'solar_azimuth_analytical'},
        'inputs': {'latitude': column(lat_r), 'hourangle': column(ha_r), 'declination': column(dec),
                   'zenith': column(zen)},
        'expected': {'azimuth': column(azi)},
    }
    rise, sett, transit = solarposition.sun_rise_set_transit_geometric(times, lat, lon, dec, eot)
    cases[f'sun_rise_set_transit_geometric_{name}'] = {
        'params': {'function': 'sun_rise_set_transit_geometric', 'latitude': lat, 'longitude': lon,
                   'utc_offset_s': off},
        'inputs': {'unix_s': column(unix(times)), 'declination': column(dec), 'equation_of_time': column(eot)},
        'expected': {'sunrise': column(unix(rise)), 'sunset': column(unix(sett)), 'transit': column(unix(transit))},
    }
    # The SPA's events, with pvlib's default delta T and with another one.
    for delta_t in (67.0, 69.2):
        r = solarposition.sun_rise_set_transit_spa(times, lat, lon, delta_t=delta_t)
        t_s = unix(times)
        rise_s = unix(r['sunrise'])
        set_s = unix(r['sunset'])
        # 00:00 UTC of the local date, which pvlib's routine runs for.
        utday = np.floor((t_s + off) / 86400) * 86400
        edge = (rise_s < utday) | (set_s >= utday + 86400)
        suffix = '' if delta_t == 67.0 else '_delta_t'
        for part, rows in (('', ~edge), ('_edge', edge)):
            if not rows.any():
                continue
            params = {'function': 'sun_rise_set_transit_spa', 'latitude': lat, 'longitude': lon,
                      'utc_offset_s': off}
            if delta_t != 67.0:
                params['delta_t'] = delta_t
            if part:
                params['utc_day_edge'] = True
            cases[f'sun_rise_set_transit_spa_{name}{suffix}{part}'] = {
                'params': params,
                'inputs': {'unix_s': column(t_s[rows])},
                'expected': {'sunrise': column(rise_s[rows]), 'sunset': column(set_s[rows]),
                             'transit': column(unix(r['transit'])[rows])},
            }

# --- pvlib's own ephemeris ----------------------------------------------------------------
eph_times = pd.date_range('2023-12-25', '2025-01-05', freq='173min', tz='UTC')
for name, lat, lon, _ in PLACES:
    r = solarposition.ephemeris(eph_times, lat, lon)
    cases[f'ephemeris_{name}'] = {
        'params': {'function': 'ephemeris', 'latitude': lat, 'longitude': lon},
        'inputs': {'unix_s': column(unix(eph_times))},
        'expected': {k: column(r[k]) for k in ('zenith', 'apparent_zenith', 'azimuth', 'elevation',
                                                'apparent_elevation', 'solar_time')},
    }
air_p = rng.uniform(60000, 104000, len(eph_times))
air_t = rng.uniform(-40, 45, len(eph_times))
r = solarposition.ephemeris(eph_times, 35.0, 139.7, pressure=air_p, temperature=air_t)
cases['ephemeris_air_columns'] = {
    'params': {'function': 'ephemeris', 'latitude': 35.0, 'longitude': 139.7},
    'inputs': {'unix_s': column(unix(eph_times)), 'pressure': column(air_p), 'temperature': column(air_t)},
    'expected': {k: column(r[k]) for k in ('zenith', 'apparent_zenith', 'azimuth', 'elevation',
                                            'apparent_elevation', 'solar_time')},
}
old_years = pd.date_range('1905-01-01', '2095-01-01', freq='1111D', tz='UTC')
r = solarposition.ephemeris(old_years, -33.9, 18.4, pressure=90000.0, temperature=25.0)
cases['ephemeris_centuries'] = {
    'params': {'function': 'ephemeris', 'latitude': -33.9, 'longitude': 18.4, 'pressure': 90000.0,
               'temperature': 25.0},
    'inputs': {'unix_s': column(unix(old_years))},
    'expected': {k: column(r[k]) for k in ('zenith', 'apparent_zenith', 'azimuth', 'elevation',
                                            'apparent_elevation', 'solar_time')},
}

# --- extreme inputs of the analytical geometry ----------------------------------------------
# (The sun exactly overhead is left out: rounding makes pvlib's cosine exceed 1 there, a NaN that
# solarkit deliberately replaces by 0 degrees; test/solar/analytical.test.ts names it.)
lat_r = np.radians(np.array([90, -90, 0, 45, 45, 45, 60, -60, 89.9999, 30, 30, 10, np.nan, 45]))
ha_r = np.radians(np.array([30, -30, 0, 0, 1e-9, -1e-9, 179, -179, 12, 200, -200, 90, 10, np.nan]))
dec_r = np.radians(np.array([23.44, -23.44, 0, 44.99, 45.01, 44.99, -23, 23, 10, 5, 5, 10, 10, 10]))
zen = solarposition.solar_zenith_analytical(lat_r, ha_r, dec_r)
azi = solarposition.solar_azimuth_analytical(lat_r, ha_r, dec_r, zen)
cases['solar_zenith_analytical_extremes'] = {
    'params': {'function': 'solar_zenith_analytical'},
    'inputs': {'latitude': column(lat_r), 'hourangle': column(ha_r), 'declination': column(dec_r)},
    'expected': {'zenith': column(zen)},
}
cases['solar_azimuth_analytical_extremes'] = {
    'params': {'function': 'solar_azimuth_analytical'},
    'inputs': {'latitude': column(lat_r), 'hourangle': column(ha_r), 'declination': column(dec_r),
               'zenith': column(zen)},
    'expected': {'azimuth': column(azi)},
}

# --- Earth-Sun distance and the NREL extraterrestrial irradiance --------------------------
years = pd.date_range('1905-03-01', '2095-11-01', freq='173D17h23min', tz='UTC')
year24 = pd.date_range('2024-01-01', '2025-01-01', freq='1D7h', tz='UTC')
# Hourly over a month: a dense sorted series, which solarkit interpolates between daily nodes.
hourly = pd.date_range('2024-12-20', '2025-01-20', freq='1h', tz='UTC')
for label, times in (('centuries', years), ('2024', year24), ('hourly', hourly)):
    cases[f'nrel_earthsun_distance_{label}'] = {
        'params': {'function': 'nrel_earthsun_distance'},
        'inputs': {'unix_s': column(unix(times))},
        'expected': {'earthsun_distance': column(solarposition.nrel_earthsun_distance(times))},
    }
dt_col = rng.uniform(-20, 120, len(year24))
cases['nrel_earthsun_distance_delta_t_column'] = {
    'params': {'function': 'nrel_earthsun_distance'},
    'inputs': {'unix_s': column(unix(year24)), 'delta_t': column(dt_col)},
    'expected': {'earthsun_distance': column(solarposition.nrel_earthsun_distance(year24, delta_t=dt_col))},
}
for label, times, kwargs in (('2024', year24, {}), ('centuries_sc1361', years, {'solar_constant': 1361.0}),
                             ('2024_delta_t_0', year24, {'delta_t': 0.0})):
    params = {'method': 'nrel'}
    params.update(kwargs)
    cases[f'extraterrestrial_nrel_{label}'] = {
        'params': params,
        'inputs': {'unix_s': column(unix(times))},
        'expected': {'dni_extra': column(irradiance.get_extra_radiation(times, method='nrel', **kwargs))},
    }

doc = {
    'source': f'pvlib-python {pvlib_revision()}, solarposition and irradiance.get_extra_radiation',
    'description': ("solar position extras: declination, equation of time, hour angle, analytical zenith and "
                    "azimuth, geometric and SPA sunrise/sunset/transit, NREL Earth-Sun distance and "
                    "extraterrestrial irradiance (scripts/pvlib/solar_extras.py)"),
    'cases': cases,
}
with open(OUT, 'w') as f:
    json.dump(doc, f)
print(OUT, len(cases), 'cases')
