"""
The pvlib-python side of docs/model-chains.md's worked examples: the same systems, weather and
models through pvlib's ModelChain, so test/examples/model-chains.test.ts can compare each
example's annual AC energy (issue 31: within 0.1 %). Writes fixtures/examples/model-chains.json.

    PYTHONPATH=/path/to/pvlib-python /usr/bin/python3 scripts/pvlib/model_chains_example.py [DATA_DIR]

(a) east-west roof (examples/chain-east-west-roof.ts): Greensboro NC, TMY3 file 723170TYA.CSV;
two arrays of Canadian Solar CS5P-220M (CEC parameters), 8 modules a string and 3 strings each,
tilted 10 degrees to the east (90) and to the west (270), on the two MPPT inputs of one SMA
SB10000TL-US [240V] (SAM's CEC inverter library: Sandia model, pvlib's sandia_multi). Models:
Hay-Davies transposition (ModelChain's default), physical IAM, no spectral loss, SAPM cell
temperature (close mount, glass/glass), CEC DC (inferred), Sandia AC (inferred), no losses;
albedo 0.25 (pvlib Array's default; the file's albedo column is not passed).

(b) tracker field (examples/chain-tracker-field.ts): the same weather; one array of 20 x 10 bifacial
modules (PVWatts, 400 W, -0.35 %/C; bifaciality 0.7) on north-south single-axis trackers without
backtracking (max 60 degrees, GCR 0.4, collectors 2 m wide at 1.5 m), on one PVWatts inverter of
70 kW. pvlib's ModelChain has neither row shading nor a rear side: the script computes the shaded
fraction of the rows with pvlib.shading.shaded_fraction1d (the front beam falls on the unshaded
part), the rear irradiance with pvlib.bifacial.infinite_sheds (isotropic sky, bifaciality 0.7,
racking shade 2 %) and the front with get_total_irradiance (Hay-Davies) and the physical IAM, and
runs ModelChain.run_model_from_effective_irradiance on effective = beam x IAM + diffuse + rear
(cell temperature from the front POA): SAPM temperature (open rack, glass/glass), PVWatts DC and AC.

(c) monitored plant (examples/chain-monitored-plant.ts): the 8760 hours of PVWatts' output for
Golden CO (pvwatts_8760_rackmount.csv, standing in for a plant's monitoring: its plane-of-array
pyranometer, a pyrheliometer's DNI, air temperature and wind), a year 2019 in local standard time
(UTC-7), each hour labelled by its start. The POA is split into beam = DNI cos(aoi) (never
negative, at most the POA) and diffuse = POA - beam, and the chain is run from the POA
(ModelChain.run_model_from_poa). The plant: 7 x 3 Canadian Solar CS5P-220M (SAPM parameters of
SAM's Sandia module library), tilt 20 facing south, on one SMA SB3800U 240V (ADR library). Models:
SAPM IAM, SAPM spectral (absolute air mass at the file's elevation), Faiman cell temperature,
SAPM DC, ADR AC, all but spectral inferred from the parameters.

Each hourly record is evaluated at the middle of its hour (the index shifted to the half hour,
as pvlib's documentation recommends for hourly period data).
"""
import json
import os
import subprocess
import sys

import numpy as np
import pandas as pd
import pvlib
from pvlib.location import Location
from pvlib.modelchain import ModelChain
from pvlib.pvsystem import Array, FixedMount, PVSystem, retrieve_sam
from pvlib.temperature import TEMPERATURE_MODEL_PARAMETERS

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..', '..')
DATA = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, '..', 'shared', 'data')
OUT = os.path.join(ROOT, 'fixtures', 'examples', 'model-chains.json')

CS5P_220M_CEC = {
    'alpha_sc': 0.004539, 'a_ref': 2.6373, 'I_L_ref': 5.114, 'I_o_ref': 8.196e-10,
    'R_s': 1.065, 'R_sh_ref': 381.68, 'Adjust': 8.7,
}
ROOF_INVERTER = 'SMA_America__SB10000TL_US__240V_'
PLANT_MODULE = 'Canadian_Solar_CS5P_220M___2009_'
PLANT_INVERTER = 'SMA_America__SB3800U_240V__CEC_2005_'
# (b) the tracker field's rows: ground coverage ratio, collector width (m), axis height (m).
GCR = 0.4
WIDTH = 2.0
HEIGHT = 1.5
ALBEDO = 0.25
BIFACIALITY = 0.7


def revision():
    try:
        pv_dir = os.path.dirname(os.path.dirname(os.path.abspath(pvlib.__file__)))
        return subprocess.check_output(['git', '-C', pv_dir, 'rev-parse', 'HEAD'], text=True).strip()
    except Exception:
        return os.environ.get('PVLIB_REVISION', pvlib.__version__)


def energy(ac):
    """Annual and monthly (UTC months of the hour's end) AC energy, kWh; NaN hours left out."""
    ends = ac.index + pd.Timedelta(minutes=30)
    monthly = ac.groupby(ends.tz_convert('UTC').month).sum() / 1000
    return {'annual_ac_kwh': float(ac.sum() / 1000), 'monthly_ac_kwh': [float(v) for v in monthly.values]}


def east_west_roof_chain(data_dir=DATA):
    """The roof's ModelChain and its prepared weather (bench/peer/pvlib_peer.py times run_model on them)."""
    weather, meta = pvlib.iotools.read_tmy3(os.path.join(data_dir, 'weather', '723170TYA.CSV'), map_variables=True)
    weather = weather[['ghi', 'dni', 'dhi', 'temp_air', 'wind_speed']].copy()
    weather.index = weather.index - pd.Timedelta(minutes=30)
    inverter = retrieve_sam(path=os.path.join(data_dir, 'pv', 'sam-library-cec-inverters-2019-03-05.csv'))[ROOF_INVERTER]
    location = Location(meta['latitude'], meta['longitude'], tz='Etc/GMT+5', altitude=meta['altitude'])
    temperature = TEMPERATURE_MODEL_PARAMETERS['sapm']['close_mount_glass_glass']
    arrays = [
        Array(FixedMount(10, azimuth), name=name, module_parameters=CS5P_220M_CEC,
              temperature_model_parameters=temperature, modules_per_string=8, strings=3)
        for name, azimuth in (('east', 90), ('west', 270))
    ]
    system = PVSystem(arrays=arrays, inverter_parameters=inverter)
    chain = ModelChain(system, location, aoi_model='physical', spectral_model='no_loss')
    return chain, weather


def east_west_roof():
    chain, weather = east_west_roof_chain()
    chain.run_model(weather)
    out = energy(chain.results.ac)
    out['models'] = {'transposition': chain.transposition_model, 'dc': chain.dc_model.__name__,
                     'ac': chain.ac_model.__name__, 'temperature': chain.temperature_model.__name__}
    out['annual_dc_kwh'] = [float(dc['p_mp'].sum() / 1000) for dc in chain.results.dc]
    return out


def tracker_field_chain(data_dir=DATA):
    """The tracker field's ModelChain and its prepared effective irradiance: the shade of the rows
    (pvlib.shading.shaded_fraction1d) and the rear side (pvlib.bifacial.infinite_sheds) are computed
    before ModelChain, which has neither, and fed to it as effective irradiance and POA global."""
    from pvlib.bifacial import infinite_sheds
    from pvlib.pvsystem import SingleAxisTrackerMount

    weather, meta = pvlib.iotools.read_tmy3(os.path.join(data_dir, 'weather', '723170TYA.CSV'), map_variables=True)
    weather = weather[['ghi', 'dni', 'dhi', 'temp_air', 'wind_speed']].copy()
    weather.index = weather.index - pd.Timedelta(minutes=30)
    location = Location(meta['latitude'], meta['longitude'], tz='Etc/GMT+5', altitude=meta['altitude'])
    return tracker_field_from_weather(weather, location)


def tracker_field_from_weather(weather, location):
    """The tracker field's steps before ModelChain, from the weather (what the bench's peer times,
    with the ModelChain run after it)."""
    from pvlib.bifacial import infinite_sheds
    from pvlib.pvsystem import SingleAxisTrackerMount

    solpos = location.get_solarposition(weather.index, temperature=weather['temp_air'])
    zenith, azimuth = solpos['apparent_zenith'], solpos['azimuth']
    tracker = pvlib.tracking.singleaxis(zenith, azimuth, axis_tilt=0, axis_azimuth=180, max_angle=60,
                                        backtrack=False, gcr=GCR)
    # Laid flat while the sun is down, as solarkit's tracker.
    tilt = tracker['surface_tilt'].where(zenith <= 90, 0).fillna(0)
    surface_azimuth = tracker['surface_azimuth'].where(zenith <= 90, 180).fillna(180)
    dni_extra = pvlib.irradiance.get_extra_radiation(weather.index)
    airmass = location.get_airmass(solar_position=solpos)['airmass_relative']
    poa = pvlib.irradiance.get_total_irradiance(tilt, surface_azimuth, zenith, azimuth, weather['dni'],
                                                weather['ghi'], weather['dhi'], dni_extra=dni_extra,
                                                airmass=airmass, albedo=ALBEDO, model='haydavies')
    shaded = pvlib.shading.shaded_fraction1d(zenith, azimuth, 180, tracker['tracker_theta'],
                                             collector_width=WIDTH, pitch=WIDTH / GCR).fillna(0)
    direct = poa['poa_direct'].clip(lower=0).fillna(0) * (1 - shaded)
    diffuse = poa['poa_diffuse'].clip(lower=0).fillna(0)
    iam = pvlib.iam.physical(pvlib.irradiance.aoi(tilt, surface_azimuth, zenith, azimuth))
    sheds = infinite_sheds.get_irradiance(tilt, surface_azimuth, zenith, azimuth, gcr=GCR, height=HEIGHT,
                                          pitch=WIDTH / GCR, ghi=weather['ghi'], dhi=weather['dhi'],
                                          dni=weather['dni'], albedo=ALBEDO, bifaciality=BIFACIALITY)
    rear = (sheds['poa_global'] - sheds['poa_front']).clip(lower=0).fillna(0)
    prepared = pd.DataFrame({
        'effective_irradiance': direct * iam + diffuse + rear,
        'poa_global': direct + diffuse,
        'temp_air': weather['temp_air'], 'wind_speed': weather['wind_speed'],
    })
    system = PVSystem(
        arrays=[Array(SingleAxisTrackerMount(axis_azimuth=180, max_angle=60, backtrack=False, gcr=GCR),
                      module_parameters={'pdc0': 400, 'gamma_pdc': -0.0035},
                      temperature_model_parameters=TEMPERATURE_MODEL_PARAMETERS['sapm']['open_rack_glass_glass'],
                      modules_per_string=20, strings=10)],
        inverter_parameters={'pdc0': 70000},
    )
    chain = ModelChain(system, location, aoi_model='no_loss', spectral_model='no_loss',
                       dc_model='pvwatts', ac_model='pvwatts', temperature_model='sapm', losses_model='no_loss')
    return chain, prepared, shaded


def tracker_field():
    chain, prepared, shaded = tracker_field_chain()
    chain.run_model_from_effective_irradiance(prepared)
    out = energy(chain.results.ac)
    out['annual_dc_kwh'] = float(chain.results.dc.sum() / 1000)
    out['rear_kwh_per_m2'] = float((prepared['effective_irradiance'].sum()) / 1000)
    out['max_shaded_fraction'] = float(shaded.max())
    return out


def read_pvwatts_8760(path):
    with open(path) as f:
        lines = f.read().splitlines()
    meta = {}
    for line in lines[:17]:
        key, _, rest = line.partition(',')
        meta[key.strip().rstrip(':')] = rest.split(',')[0].strip('"\t ')
    start = next(i for i, line in enumerate(lines) if line.startswith('Month,'))
    from io import StringIO
    data = pd.read_csv(StringIO('\n'.join(lines[start:])))
    data = data[pd.to_numeric(data['Month'], errors='coerce').notna()]
    starts = pd.to_datetime(dict(year=2019, month=data['Month'].astype(int), day=data['Day'].astype(int),
                                 hour=data['Hour'].astype(int)))
    data.index = pd.DatetimeIndex(starts).tz_localize('Etc/GMT+7') + pd.Timedelta(minutes=30)
    return data.astype(float), meta


def monitored_plant_chain(data_dir=DATA):
    """The plant's ModelChain, its prepared POA and the file's records."""
    data, meta = read_pvwatts_8760(os.path.join(data_dir, 'weather', 'pvwatts_8760_rackmount.csv'))
    latitude = float(meta['Lat (deg N)'])
    longitude = -float(meta['Long (deg W)'])
    altitude = float(meta['Elev (m)'])
    location = Location(latitude, longitude, tz='Etc/GMT+7', altitude=altitude)
    modules = retrieve_sam(path=os.path.join(data_dir, 'pv', 'sam-library-sandia-modules-2015-6-30.csv'))
    inverters = retrieve_sam(path=os.path.join(data_dir, 'pv', 'adr-library-cec-inverters-2019-03-05.csv'))
    module = modules[PLANT_MODULE]
    inverter = inverters[PLANT_INVERTER]
    temp_air = data['Ambient Temperature (C)']
    solpos = location.get_solarposition(data.index, temperature=temp_air)
    aoi = pvlib.irradiance.aoi(20, 180, solpos['apparent_zenith'], solpos['azimuth'])
    poa = data['Plane of Array Irradiance (W/m^2)']
    beam = (data['Beam Irradiance (W/m^2)'] * np.cos(np.radians(aoi))).clip(lower=0)
    beam = np.minimum(beam, poa)
    prepared = pd.DataFrame({
        'poa_global': poa, 'poa_direct': beam, 'poa_diffuse': poa - beam,
        'temp_air': temp_air, 'wind_speed': data['Wind Speed (m/s)'],
    })
    system = PVSystem(
        arrays=[Array(FixedMount(20, 180), module_parameters=module,
                      temperature_model_parameters={'u0': 25.0, 'u1': 6.84},
                      modules_per_string=7, strings=3)],
        inverter_parameters=inverter,
    )
    chain = ModelChain(system, location, spectral_model='sapm')
    return chain, prepared, data


def monitored_plant():
    chain, prepared, data = monitored_plant_chain()
    chain.run_model_from_poa(prepared)
    out = energy(chain.results.ac)
    out['models'] = {'aoi': chain.aoi_model.func.__name__ if hasattr(chain.aoi_model, 'func') else chain.aoi_model.__name__,
                     'dc': chain.dc_model.__name__, 'ac': chain.ac_model.__name__,
                     'temperature': chain.temperature_model.__name__}
    out['annual_dc_kwh'] = float(chain.results.dc['p_mp'].sum() / 1000)
    out['pvwatts_ac_kwh'] = float(data['AC System Output (W)'].sum() / 1000)
    return out


def main():
    out = {
        'source': f'pvlib-python {pvlib.__version__} ({revision()}), scripts/pvlib/model_chains_example.py',
        'description': __doc__.strip().split('\n\n')[0],
        'east_west_roof': east_west_roof(),
        'tracker_field': tracker_field(),
        'monitored_plant': monitored_plant(),
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w') as f:
        json.dump(out, f, indent=1)
        f.write('\n')
    print(json.dumps(out, indent=1))


if __name__ == '__main__':
    main()
