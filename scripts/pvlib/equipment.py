"""
Reference values of solarkit's equipment readers (src/pv/library), computed with pvlib-python.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] [SOLARKIT_DATA_DIR=<dir>] \
        /usr/bin/python3 scripts/pvlib/equipment.py

Writes two files:

- fixtures/reference/equipment.json (the schema of fixtures/reference/README.md):
  - `fit_sandia_*`: pvlib.inverter.fit_sandia on synthetic curves (AC power from
    pvlib.inverter.sandia for a library inverter, at three DC voltages) and on the efficiency
    curves of the data directory's OND file (the points solarkit's ondToSandiaInverter fits:
    NPtsEff points of ProfilPIOV1..3 at the voltages VNomEff, Paco = PMaxOUT, Pnt = Night_Loss);
  - `pan_stc_*`: I_L_ref and I_o_ref of a PAN file's STC data (Isc, Voc, RSerie, RShunt, Gamma,
    NCelS, TRef) by the one-diode equation at short circuit and open circuit, the closed form that
    solarkit's panToPvsystModule uses (written again here from the equations, not from
    solarkit's code), then checked with pvlib: calcparams_pvsyst at STC and singlediode give back
    the PAN's Isc and Voc to 1e-9 relative (the script fails otherwise); the expected i_sc and
    v_oc columns are pvlib's, and pvlib's p_mp is in the params (`pvlib_p_mp`) beside the PAN's PNom.
- fixtures/pv/sam-library-keys.json: for each of the data directory's three SAM libraries, what
  pvlib.pvsystem.retrieve_sam(path=...) reads: the number of rows, the SHA-256 of its keys joined
  by newlines, a sample of 25 keys (the first, the last, evenly spaced ones and every key holding
  a character other than a letter, digit or '_'), with a handful of parameter values of each
  sampled key. Not a copy of a library: the test reads the library itself from the data directory.
"""
import hashlib
import json
import os
import warnings

import numpy as np
import pvlib
from pvlib import inverter, pvsystem
from pvlib.iotools import read_panond
from scipy import constants

from reference_cases import column, pvlib_revision

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..', '..')
OUT = os.path.join(ROOT, 'fixtures', 'reference', 'equipment.json')
KEYS_OUT = os.path.join(ROOT, 'fixtures', 'pv', 'sam-library-keys.json')
DATA = os.environ.get('SOLARKIT_DATA_DIR') or os.path.join(ROOT, '..', 'shared', 'data')
PV = os.path.join(DATA, 'pv')
PAN = 'ET-M772BH550GL.PAN'
OND = 'CPS SCH275KTL-DO-US-800-250kW_275kVA_1.OND'


def fit_case(ac, dc, v, levels, p_ac_0, p_nt, note):
    fit = inverter.fit_sandia(np.asarray(ac, float), np.asarray(dc, float), np.asarray(v, float),
                              np.asarray(levels), p_ac_0, p_nt)
    return {
        'params': {'p_ac_0': p_ac_0, 'p_nt': p_nt, 'dc_voltage_level': list(levels), 'note': note},
        'inputs': {'ac_power': column(ac), 'dc_power': column(dc), 'dc_voltage': column(v)},
        'expected': {k: column(fit[k]) for k in ['Paco', 'Pdco', 'Vdco', 'Pso', 'C0', 'C1', 'C2', 'C3', 'Pnt']},
    }


def synthetic_fit(name, fractions):
    """AC power of a library inverter at three voltages (Mppt_low, Vdco, Mppt_high), fitted back."""
    inv = pvsystem.retrieve_sam(path=os.path.join(PV, 'sam-library-cec-inverters-2019-03-05.csv'))[name]
    ac, dc, v, levels = [], [], [], []
    for level, volt in [('Vmin', inv['Mppt_low']), ('Vnom', inv['Vdco']), ('Vmax', inv['Mppt_high'])]:
        p_dc = np.array(fractions) * inv['Pdco']
        p_ac = inverter.sandia(np.full_like(p_dc, volt), p_dc, inv)
        ac += list(p_ac)
        dc += list(p_dc)
        v += [float(volt)] * len(p_dc)
        levels += [level] * len(p_dc)
    return fit_case(ac, dc, v, levels, float(inv['Paco']), float(inv['Pnt']),
                    f'AC power of {name} (pvlib.inverter.sandia) at Mppt_low, Vdco, Mppt_high')


def ond_fit():
    ond = read_panond(os.path.join(PV, OND), encoding='utf-8-sig')['PVObject_']['Converter']
    volts = [x for x in ond['VNomEff'] if x != '']
    ac, dc, v, levels = [], [], [], []
    for i, level in enumerate(['Vmin', 'Vnom', 'Vmax']):
        curve = ond[f'ProfilPIOV{i + 1}']
        for j in range(1, curve['NPtsEff'] + 1):
            p_in, p_out = curve[f'Point_{j}']
            dc.append(float(p_in))
            ac.append(float(p_out))
            v.append(float(volts[i]))
            levels.append(level)
    p_ac_0 = float(ond['PMaxOUT']) * 1000
    p_nt = float(read_panond(os.path.join(PV, OND), encoding='utf-8-sig')['PVObject_']['Night_Loss'])
    return fit_case(ac, dc, v, levels, p_ac_0, p_nt, f'the efficiency curves of {OND}')


def pan_stc(isc, voc, rs, rsh, gamma, ncels, tref):
    """I_L_ref, I_o_ref from I(0) = Isc and I(Voc) = 0 of the one-diode equation at STC."""
    n_ns_vth = gamma * ncels * constants.k / constants.e * (tref + 273.15)
    e_oc = np.expm1(voc / n_ns_vth)
    e_sc = np.expm1(isc * rs / n_ns_vth)
    i_o = (isc * (1 + rs / rsh) - voc / rsh) / (e_oc - e_sc)
    i_l = isc * (1 + rs / rsh) + i_o * e_sc
    return i_l, i_o


def pan_case(pan, note):
    p = {
        'Isc': float(pan['Isc']), 'Voc': float(pan['Voc']), 'RSerie': float(pan['RSerie']),
        'RShunt': float(pan['RShunt']), 'Rp_0': float(pan['Rp_0']), 'Rp_Exp': float(pan['Rp_Exp']),
        'Gamma': float(pan['Gamma']), 'muGamma': float(pan['muGamma']), 'muISC': float(pan['muISC']),
        'NCelS': int(pan['NCelS']), 'TRef': float(pan.get('TRef', 25.0)), 'GRef': float(pan.get('GRef', 1000)),
    }
    i_l, i_o = pan_stc(p['Isc'], p['Voc'], p['RSerie'], p['RShunt'], p['Gamma'], p['NCelS'], p['TRef'])
    params = pvsystem.calcparams_pvsyst(
        p['GRef'], p['TRef'], alpha_sc=p['muISC'] / 1000, gamma_ref=p['Gamma'], mu_gamma=p['muGamma'],
        I_L_ref=i_l, I_o_ref=i_o, R_sh_ref=p['RShunt'], R_sh_0=p['Rp_0'], R_s=p['RSerie'],
        cells_in_series=p['NCelS'], R_sh_exp=p['Rp_Exp'], irrad_ref=p['GRef'], temp_ref=p['TRef'])
    out = pvsystem.singlediode(*params)
    assert abs(out['i_sc'] / p['Isc'] - 1) < 1e-9, (out['i_sc'], p['Isc'])
    assert abs(out['v_oc'] / p['Voc'] - 1) < 1e-9, (out['v_oc'], p['Voc'])
    return {
        'params': {**p, 'note': note, 'pvlib_p_mp': float(out['p_mp'])},
        'inputs': {},
        'expected': {'i_l_ref': column(i_l), 'i_o_ref': column(i_o), 'i_sc': column(out['i_sc']),
                     'v_oc': column(out['v_oc'])},
    }


def reference():
    cases = {
        'fit_sandia_synthetic_abb_micro': synthetic_fit(
            'ABB__MICRO_0_25_I_OUTD_US_208__208V_', [0.1, 0.2, 0.3, 0.5, 0.75, 1.0]),
        'fit_sandia_synthetic_large': synthetic_fit(
            'SMA_America__SC800CP_US__with_ABB_EcoDry_Ultra_transformer_',
            [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.1]),
        'fit_sandia_ond_cps_sch275ktl': ond_fit(),
    }
    pan = read_panond(os.path.join(PV, PAN))['PVObject_']
    cases['pan_stc_et_m772bh550gl'] = pan_case(pan, f'the STC data of {PAN}')
    # A thin-film-like set with a low shunt resistance and a high series resistance.
    thin = dict(pan, Isc=1.95, Voc=88.0, RSerie=3.2, RShunt=900.0, Rp_0=4000.0, Gamma=1.45, NCelS=108,
                muISC=0.6, muGamma=-0.0003)
    cases['pan_stc_thin_film_like'] = pan_case(thin, 'made-up CdTe-like data (Isc 1.95 A, Voc 88 V, 108 cells)')
    # A low shunt resistance.
    low = dict(pan, RShunt=40.0, Rp_0=200.0)
    cases['pan_stc_low_shunt'] = pan_case(low, f'{PAN} with RShunt 40 ohm')
    return {
        'source': f'pvlib-python {pvlib_revision()}: pvlib.inverter.fit_sandia; pvlib.pvsystem.calcparams_pvsyst '
                  'and singlediode (checks of the PAN closed form); made by scripts/pvlib/equipment.py',
        'description': 'Sandia inverter parameters fitted to efficiency curves (synthetic and of an OND file); '
                       'PVsyst I_L_ref and I_o_ref of a PAN file\'s STC data',
        'cases': cases,
    }


def library_keys():
    files = {
        'sandia-modules': ('sam-library-sandia-modules-2015-6-30.csv', ['Isco', 'Voco', 'C0', 'B5', 'Cells_in_Series']),
        'cec-inverters': ('sam-library-cec-inverters-2019-03-05.csv', ['Paco', 'Pdco', 'C0', 'Pnt', 'Mppt_high']),
        'adr-inverters': ('adr-library-cec-inverters-2019-03-05.csv', ['Pnom', 'Vnom', 'Pnt', 'ADRCoefficients']),
    }
    out = {}
    for kind, (file, fields) in files.items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter('always')
            df = pvsystem.retrieve_sam(path=os.path.join(PV, file))
        keys = list(df.columns)
        odd = [i for i, k in enumerate(keys) if any(not (c.isascii() and (c.isalnum() or c == '_')) for c in k)]
        even = list(np.linspace(0, len(keys) - 1, 25 - min(len(odd), 15)).round().astype(int))
        sample = sorted(set(even) | set(odd[:15]))
        values = {}
        for i in sample:
            entry = {}
            for f in fields:
                v = df[keys[i]][f]
                entry[f] = [float(x) for x in v] if isinstance(v, list) else (None if v != v else float(v))
            values[keys[i]] = entry
        out[kind] = {
            'file': file,
            'rows': len(keys),
            'keysSha256': hashlib.sha256('\n'.join(keys).encode('utf-8')).hexdigest(),
            'warnings': [str(w.message) for w in caught],
            'sample': values,
        }
    return {
        'source': f'pvlib-python {pvlib_revision()}: pvlib.pvsystem.retrieve_sam(path=...); '
                  'made by scripts/pvlib/equipment.py',
        'description': 'per SAM library of the data directory: rows, SHA-256 of pvlib\'s keys joined by '
                       'newlines, and a sample of keys with a few parameter values (NaN as null)',
        'libraries': out,
    }


def main():
    os.makedirs(os.path.dirname(KEYS_OUT), exist_ok=True)
    with open(OUT, 'w') as f:
        json.dump(reference(), f, indent=1)
        f.write('\n')
    with open(KEYS_OUT, 'w') as f:
        json.dump(library_keys(), f, indent=1)
        f.write('\n')
    print('wrote', OUT, 'and', KEYS_OUT)


if __name__ == '__main__':
    main()
