"""What pvlib's readers give for the real weather files, as SHA-256 digests (never the values: the
files are other projects' data), for test/weather/pvlib-readers.test.ts. For each file: pvlib's
index and columns, put into solarkit's conventions where they differ (each difference is named in
CONVENTIONS below), then hashed as little-endian float64 arrays (NaN as the canonical quiet NaN).
Equal digests mean solarkit's reader gives bit-identical values.

    PYTHONPATH=<pvlib-python checkout> python3 scripts/pvlib/reader_checksums.py <data dir> <pvlib tests/data dir>

writes fixtures/readers/pvlib-reader-checksums.json.
"""
import csv
import hashlib
import json
import os
import sys

import numpy as np
import pandas as pd
import pvlib
from pvlib import iotools

TYPICAL_YEAR = 2059

CONVENTIONS = {
    'index': 'solarkit names a row by its period END: pvlib labels TMY3 and SolarAnywhere rows by their end too (equal), EPW, TMY2 and PVGIS rows by their start (+3600 s), PSM rows by the instantaneous stamp (+ half a step)',
    'typical years': 'solarkit re-dates a typical year into 2059 by default (pvlib: coerce_year=2059; for TMY2 pvlib dates every row in the first row year, so solarkit coerceYear = that year is compared) and keeps the file dates as sourcePeriodEnd (pvlib without coerce_year)',
    'missing values': 'solarkit turns missing-value codes into NaN (TMY3 -9900; EPW 99.9, 999, 9999, 999999 by field; TMY2 snow depth 999); pvlib keeps the codes',
    'units': 'solarkit: pressure hPa (EPW and PVGIS Pa / 100), precipitable water kg/m2 (TMY3 and PSM cm * 10), TMY2 tenths * 0.1',
    'PVGIS': 'solarkit writes 0 for the -0.0 PVGIS gives at night (ghi, dni, dhi <= 0 -> 0)',
    'decimal parsing': "pandas' default CSV float parser (pvlib reads PSM files through it) rounds some 17-digit decimals such as 1.9000000000000001 to a neighbouring double; solarkit (JavaScript's Number) and Python's float() round them correctly. Where pvlib's value differs from the correctly rounded one, `parseDifferences` gives the rows and the largest difference in units in the last place (at most 1), and the digest is of the correctly rounded values",
}


def digest(values):
    a = np.asarray(values, dtype='<f8').copy()
    a[np.isnan(a)] = np.nan
    return hashlib.sha256(a.tobytes()).hexdigest()


def unix(index):
    return index.tz_convert('UTC').tz_localize(None).values.astype('datetime64[s]').astype('int64').astype(float)


def na(series, *codes):
    s = series.astype(float).copy()
    for c in codes:
        s[s == c] = np.nan
    return s


def tmy3(path, encoding=None, typical=True, dni='dni'):
    own, _ = iotools.read_tmy3(path, encoding=encoding)
    out = {'sourcePeriodEnd' if typical else 'periodEnd': digest(unix(own.index))}
    if typical:
        coerced, _ = iotools.read_tmy3(path, coerce_year=TYPICAL_YEAR, encoding=encoding)
        out['periodEnd'] = digest(unix(coerced.index))
    m = lambda c: na(own[c], -9900, -9999)
    out['columns'] = {
        'ghi': digest(m('ghi')), 'dni': digest(m(dni)), 'dhi': digest(m('dhi')),
        'air_temp': digest(m('temp_air')), 'dewpoint_temp': digest(m('temp_dew')),
        'relative_humidity': digest(m('relative_humidity')), 'surface_pressure': digest(m('pressure')),
        'wind_direction_10m': digest(m('wind_direction')), 'wind_speed_10m': digest(m('wind_speed')),
        'precipitable_water': digest(m('precipitable_water') * 10), 'albedo': digest(m('albedo')),
    }
    return len(own), out


def epw(path):
    own, _ = iotools.read_epw(path)
    coerced, _ = iotools.read_epw(path, coerce_year=TYPICAL_YEAR)
    out = {'sourcePeriodEnd': digest(unix(own.index) + 3600), 'periodEnd': digest(unix(coerced.index) + 3600)}
    out['columns'] = {
        'air_temp': digest(na(own.temp_air, 99.9)), 'dewpoint_temp': digest(na(own.temp_dew, 99.9)),
        'relative_humidity': digest(na(own.relative_humidity, 999)),
        'surface_pressure': digest(na(own.atmospheric_pressure, 999999) / 100),
        'ghi': digest(na(own.ghi, 9999)), 'dni': digest(na(own.dni, 9999)), 'dhi': digest(na(own.dhi, 9999)),
        'wind_direction_10m': digest(na(own.wind_direction, 999)), 'wind_speed_10m': digest(na(own.wind_speed, 999)),
        'precipitable_water': digest(na(own.precipitable_water, 999)), 'snow_depth': digest(na(own.snow_depth, 999)),
        'albedo': digest(na(own.albedo, 999)),
    }
    return len(own), out


def tmy2(path):
    data, _ = iotools.read_tmy2(path)
    first_year = int(data.index[0].year)
    out = {'coerceYear': first_year, 'periodEnd': digest(unix(data.index) + 3600)}
    out['columns'] = {
        'ghi': digest(data.GHI), 'dni': digest(data.DNI), 'dhi': digest(data.DHI),
        'air_temp': digest(data.DryBulb * 0.1), 'dewpoint_temp': digest(data.DewPoint * 0.1),
        'relative_humidity': digest(data.RHum), 'surface_pressure': digest(data.Pressure),
        'wind_direction_10m': digest(data.Wdir), 'wind_speed_10m': digest(data.Wspd * 0.1),
        'precipitable_water': digest(data.Pwat), 'snow_depth': digest(na(data.SnowDepth, 999)),
    }
    return len(data), out


def pvgis_csv(path):
    data, _ = iotools.read_pvgis_tmy(path, pvgis_format='csv', map_variables=True)
    zero = lambda s: s.where(s > 0, 0.0)
    out = {'sourcePeriodEnd': digest(unix(data.index) + 3600)}
    coerced = data.index.map(lambda t: t.replace(year=TYPICAL_YEAR))
    out['periodEnd'] = digest(unix(pd.DatetimeIndex(coerced)) + 3600)
    out['columns'] = {
        'air_temp': digest(data.temp_air), 'relative_humidity': digest(data.relative_humidity),
        'ghi': digest(zero(data.ghi)), 'dni': digest(zero(data.dni)), 'dhi': digest(zero(data.dhi)),
        'wind_speed_10m': digest(data.wind_speed), 'wind_direction_10m': digest(data.wind_direction),
        'surface_pressure': digest(data.pressure * 0.01),
    }
    return len(data), out


PSM_COLUMNS = {'ghi': 'GHI', 'dni': 'DNI', 'dhi': 'DHI', 'air_temp': 'Temperature', 'dewpoint_temp': 'Dew Point',
               'relative_humidity': 'Relative Humidity', 'surface_pressure': 'Pressure', 'wind_speed_10m': 'Wind Speed',
               'wind_direction_10m': 'Wind Direction', 'albedo': 'Surface Albedo', 'precipitable_water': 'Precipitable Water'}


def psm(data, tz_hours, typical, exact=None):
    """pvlib's PSM convention: index = the stamp (Year..Minute) in Etc/GMT-tz; solarkit: + half a step."""
    stamps = pd.to_datetime(data[['Year', 'Month', 'Day', 'Hour', 'Minute']]).dt.tz_localize('Etc/GMT%+d' % -tz_hours)
    idx = pd.DatetimeIndex(stamps)
    step = (idx[1] - idx[0]).total_seconds()
    key = 'sourcePeriodEnd' if typical else 'periodEnd'
    out = {key: digest(unix(idx) + step / 2)}
    if typical:
        coerced = pd.DatetimeIndex([t.replace(year=TYPICAL_YEAR) for t in idx])
        out['periodEnd'] = digest(unix(coerced) + step / 2)
    cols = {}
    differences = {}
    for ours, theirs in PSM_COLUMNS.items():
        if theirs in data:
            v = data[theirs].astype(float).values
            if exact is not None:
                e = exact[theirs]
                bad = ~((v == e) | (np.isnan(v) & np.isnan(e)))
                if bad.any():
                    ulps = np.abs(v[bad].view('<i8') - e[bad].view('<i8'))
                    assert ulps.max() <= 1, (theirs, ulps.max())
                    differences[ours] = {'rows': int(bad.sum()), 'maxUlp': int(ulps.max())}
                    v = e
            v = pd.Series(v)
            cols[ours] = digest(v * 10 if ours == 'precipitable_water' else na(v, -9999))
    out['columns'] = cols
    if differences:
        out['parseDifferences'] = differences
    return len(data), out


def exact_columns(path, header_line):
    """The file's columns parsed by Python's float() (correctly rounded), by header name."""
    with open(path, newline='') as f:
        rows = list(csv.reader(f))
    header = [h.strip() for h in rows[header_line]]
    body = [r for r in rows[header_line + 1:] if r]
    return {h: np.array([float(r[j]) if r[j].strip() != '' else np.nan for r in body]) for j, h in enumerate(header) if h in PSM_COLUMNS.values()}


def psm_no_metadata(path, tz_hours):
    # pvlib's tests read these (pvlib.iotools cannot: they lack the metadata lines) with pandas.
    data = pd.read_csv(path, index_col=0)
    return psm(data, tz_hours, typical=data.Year.nunique() > 1, exact=exact_columns(path, 0))


def psm_with_metadata(path):
    data, meta = iotools.read_nsrdb_psm4(path, map_variables=False)
    return psm(data, meta['Time Zone'], typical=data.Year.nunique() > 1, exact=exact_columns(path, 2))


FILES = [
    # data directory name, pvlib-python path, reader, hint, function
    ('tmy3_sand_point_ak_703165.csv', 'pvlib/data/703165TY.csv', 'readTmy3', {}, lambda p: tmy3(p)),
    ('epw_amsterdam_iwec_062400.epw', 'tests/data/NLD_Amsterdam062400_IWEC.epw', 'readEpw', {}, epw),
    ('tmy2_miami_12839.tm2', 'pvlib/data/12839.tm2', 'readTmy2', {}, tmy2),
    ('solaranywhere_2021_burlington_vt_tmy3format.csv', 'tests/data/Burlington, United States SolarAnywhere Time Series 2021 Lat_44_465 Lon_-73_205 TMY3 format.csv',
     'readTmy3', {}, lambda p: tmy3(p, encoding='iso-8859-1', typical=False, dni='DNI (W/m^2))')),
    ('pvgis_tmy_45.000_8.000_2005_2023.csv', 'tests/data/tmy_45.000_8.000_2005_2023.csv', 'readPvgisTmyCsv', {}, pvgis_csv),
    ('nsrdb_psm3_2017_40.5137_-108.5449.csv', 'tests/data/test_psm3_2017.csv', 'readPsm3', {'latitude': 40.5137, 'longitude': -108.5449, 'timeZone': -7},
     lambda p: psm_no_metadata(p, -7)),
    ('nsrdb_psm4_2023_40.5137_-108.5449_no_metadata.csv', 'tests/data/test_psm4_2023.csv', 'readPsm3', {'latitude': 40.5137, 'longitude': -108.5449, 'timeZone': -7},
     lambda p: psm_no_metadata(p, -7)),
    # pvlib's other reader test files, under their own names (not in the data directory today)
    ('723170TYA.CSV', 'pvlib/data/723170TYA.CSV', 'readTmy3', {}, lambda p: tmy3(p)),
    ('test_read_psm3.csv', 'tests/data/test_read_psm3.csv', 'readPsm3', {}, psm_with_metadata),
    ('test_read_psm4.csv', 'tests/data/test_read_psm4.csv', 'readPsm3', {}, psm_with_metadata),
    ('test_psm4_polar_tmy_2023.csv', 'tests/data/test_psm4_polar_tmy_2023.csv', 'readPsm3', {}, psm_with_metadata),
    ('tmy_45.000_8.000_2005_2023.epw', 'tests/data/tmy_45.000_8.000_2005_2023.epw', 'readEpw', {}, epw),
]

data_dir, pvlib_tests = sys.argv[1], sys.argv[2]
entries = []
for name, pvlib_path, reader, hint, fn in FILES:
    path = os.path.join(data_dir, 'weather', name)
    if not os.path.exists(path):
        path = os.path.join(pvlib_tests, pvlib_path)
    rows, out = fn(path)
    entries.append({'file': f'weather/{name}', 'pvlibPath': pvlib_path, 'reader': reader, 'hint': hint, 'rows': rows, **out})
    print(name, rows)
doc = {
    'source': f'pvlib-python {pvlib.__version__} readers (iotools), digests made by scripts/pvlib/reader_checksums.py',
    'conventions': CONVENTIONS,
    'files': entries,
}
with open('fixtures/readers/pvlib-reader-checksums.json', 'w') as f:
    json.dump(doc, f, indent=1)
