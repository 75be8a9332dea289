"""
The pvlib-python side of docs/modules-and-inverters.md's worked example: the same plant through
pvlib's ModelChain, so test/examples/modules-and-inverters.test.ts can compare the annual AC energy
(issue 30: within 0.1 %). Writes fixtures/examples/modules-and-inverters.json.

    PYTHONPATH=/path/to/pvlib-python /usr/bin/python3 scripts/pvlib/modules_example.py [DATA_DIR]

The plant: Canadian Solar CS5P-220M (the CEC parameters pvlib's tests write out), 14 modules a
string, 20 strings, tilt 30 degrees facing south, on one Chint CPS SCA50KTL-DO/US-480 inverter read
from SAM's CEC inverter library (Sandia model), at Greensboro NC with the TMY3 file 723170TYA.CSV.
Models: Perez (1990 all-sites coefficients) transposition, the physical IAM, no spectral loss,
SAPM cell temperature (open rack, glass/polymer), CEC single-diode DC, Sandia AC, no other losses.
Each hourly record is evaluated at the middle of its hour (the index shifted back 30 minutes, as
pvlib's documentation recommends for hourly period-end data). The file's pressure column (mbar)
and albedo are not passed: pressure comes from the altitude, albedo is 0.2.
"""
import json
import os
import subprocess
import sys

import pandas as pd
import pvlib
from pvlib.location import Location
from pvlib.modelchain import ModelChain
from pvlib.pvsystem import PVSystem, retrieve_sam
from pvlib.temperature import TEMPERATURE_MODEL_PARAMETERS

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..', '..')
DATA = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, '..', 'shared', 'data')
OUT = os.path.join(ROOT, 'fixtures', 'examples', 'modules-and-inverters.json')

MODULE = {
    'alpha_sc': 0.004539, 'a_ref': 2.6373, 'I_L_ref': 5.114, 'I_o_ref': 8.196e-10,
    'R_s': 1.065, 'R_sh_ref': 381.68, 'Adjust': 8.7,
}
INVERTER_KEY = 'Chint_Power_Systems_America__CPS_SCA50KTL_DO_US_480__480V_'


def revision():
    try:
        pv_dir = os.path.dirname(os.path.dirname(os.path.abspath(pvlib.__file__)))
        return subprocess.check_output(['git', '-C', pv_dir, 'rev-parse', 'HEAD'], text=True).strip()
    except Exception:
        return os.environ.get('PVLIB_REVISION', pvlib.__version__)


def main():
    weather, meta = pvlib.iotools.read_tmy3(os.path.join(DATA, 'weather', '723170TYA.CSV'), map_variables=True)
    weather = weather[['ghi', 'dni', 'dhi', 'temp_air', 'wind_speed']].copy()
    weather.index = weather.index - pd.Timedelta(minutes=30)
    inverters = retrieve_sam(path=os.path.join(DATA, 'pv', 'sam-library-cec-inverters-2019-03-05.csv'))
    inverter = inverters[INVERTER_KEY]
    location = Location(meta['latitude'], meta['longitude'], tz='Etc/GMT+5', altitude=meta['altitude'])
    system = PVSystem(
        surface_tilt=30, surface_azimuth=180, albedo=0.2,
        module_parameters=MODULE, inverter_parameters=inverter,
        temperature_model_parameters=TEMPERATURE_MODEL_PARAMETERS['sapm']['open_rack_glass_polymer'],
        modules_per_string=14, strings_per_inverter=20,
    )
    chain = ModelChain(
        system, location, transposition_model='perez', aoi_model='physical', spectral_model='no_loss',
        temperature_model='sapm', dc_model='cec', ac_model='sandia', losses_model='no_loss',
    )
    chain.run_model(weather)
    ac = chain.results.ac
    dc = chain.results.dc
    monthly = ac.groupby(ac.index.month).sum() / 1000
    out = {
        'source': f'pvlib-python {pvlib.__version__} ({revision()}), scripts/pvlib/modules_example.py',
        'description': __doc__.strip().split('\n\n')[0],
        'site': {'latitude': meta['latitude'], 'longitude': meta['longitude'], 'altitude': meta['altitude']},
        'inverter': INVERTER_KEY,
        'annual_ac_kwh': float(ac.sum() / 1000),
        'annual_dc_kwh': float(dc['p_mp'].sum() / 1000),
        'monthly_ac_kwh': [float(v) for v in monthly.values],
        'max_ac_w': float(ac.max()),
        'min_ac_w': float(ac.min()),
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w') as f:
        json.dump(out, f, indent=1)
        f.write('\n')
    print(json.dumps(out, indent=1))


if __name__ == '__main__':
    main()
