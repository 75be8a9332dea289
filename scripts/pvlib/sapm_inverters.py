"""
Reference values of solarkit's SAPM, inverter and DC helper models (src/pv/sapm.ts, inverter.ts,
dc.ts, src/irradiance/iam.ts's iamSapm and src/power/pvwatts.ts's pvwattsDc with `k`), computed
with pvlib-python. Writes three files in the schema of fixtures/reference/README.md:

  fixtures/reference/sapm.json      pvlib.pvsystem.sapm, sapm_effective_irradiance,
                                    pvlib.spectrum.spectral_factor_sapm, pvlib.iam.sapm
  fixtures/reference/inverter.json  pvlib.inverter.sandia, sandia_multi, adr, pvwatts_multi
  fixtures/reference/pv_dc.json     pvlib.pvsystem.scale_voltage_current_power, pvwatts_dc (k,
                                    cap_adjustment), dc_ohms_from_percent, dc_ohmic_losses,
                                    combine_loss_factors

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/sapm_inverters.py

The module and inverter parameters are read at generation time from the SAM libraries of the data
directory (../shared/data/pv, or $SOLARKIT_DATA_DIR/pv) by pvlib.pvsystem.retrieve_sam(path=...);
each case's params hold only the parameter values the model reads, and the library's name of the
module or inverter (`module`, `inverter`). Names in params are pvlib's (`Isco`, `Paco`, ...).

Two deliberate differences are applied to the expected values, each named in the case's params and
in the runner's handler:
  - sapm (`dark_voltage: zero`): where the effective irradiance is 0 or negative, v_oc, v_mp and
    p_mp are 0; pvlib gives 0 for v_oc at 0 but NaN otherwise (log of a negative irradiance, and
    -inf + inf in v_mp for modules whose C2 and C3 have the same sign);
  - iam.sapm (`behind: zero`): an angle of incidence above 90 degrees gives 0, where pvlib evaluates
    the polynomial (positive there for most modules).
"""
import os

import numpy as np
import pandas as pd
import pvlib
from pvlib import iam, inverter, pvsystem, spectrum

from reference_cases import pvlib_revision, write_json

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..', '..')
OUT_DIR = os.path.join(ROOT, 'fixtures', 'reference')
DATA = os.path.join(os.environ.get('SOLARKIT_DATA_DIR', os.path.join(ROOT, '..', 'shared', 'data')), 'pv')

SAPM_KEYS = ['Isco', 'Impo', 'Voco', 'Vmpo', 'Aisc', 'Aimp', 'Bvoco', 'Mbvoc', 'Bvmpo', 'Mbvmp', 'N',
             'Cells_in_Series', 'IXO', 'IXXO', 'C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7']
SPECTRAL_KEYS = ['A0', 'A1', 'A2', 'A3', 'A4']
IAM_KEYS = ['B0', 'B1', 'B2', 'B3', 'B4', 'B5']
SANDIA_KEYS = ['Paco', 'Pdco', 'Vdco', 'Pso', 'C0', 'C1', 'C2', 'C3', 'Pnt']
ADR_KEYS = ['Pnom', 'Vnom', 'Vmax', 'Vmin', 'Vdcmax', 'MPPTHi', 'MPPTLow', 'Pacmax', 'Pnt']


def column(x):
    """A list for JSON, NaN as null."""
    return [None if not np.isfinite(v) else float(v) for v in np.asarray(x, dtype=float).ravel()]


def scalar(x):
    x = float(x)
    return None if not np.isfinite(x) else x


def pick(params, keys):
    return {k: scalar(params[k]) for k in keys}


def grid(*axes):
    """Every combination of the axes, as flat columns."""
    mesh = np.meshgrid(*[np.asarray(a, dtype=float) for a in axes], indexing='ij')
    return [m.ravel() for m in mesh]


def write(stem, description, cases):
    data = {
        'source': f'pvlib-python ({pvlib_revision()}), computed by scripts/pvlib/sapm_inverters.py',
        'description': description,
        'cases': cases,
    }
    path = os.path.join(OUT_DIR, f'{stem}.json')
    write_json(path, data)
    print(f'wrote {path}: {len(cases)} cases')


# ---------------------------------------------------------------- SAPM

def sapm_cases(modules):
    cases = {}
    # Irradiance 0, 1 and 1500 W/m2 and the usual range; cell temperature -40 to 85 C; NaN rows.
    ee, tc = grid([-5, 0, 1, 10, 200, 500, 800, 1000, 1200, 1500], [-40, 0, 25, 45, 85])
    ee = np.append(ee, [np.nan, 800, 0])
    tc = np.append(tc, [25, np.nan, np.nan])
    for key, name in modules.items():
        m = modules_lib[name]
        r = pvsystem.sapm(ee, tc, m)
        expected = {k: np.asarray(r[k], dtype=float).copy() for k in ('i_sc', 'i_mp', 'v_oc', 'v_mp', 'p_mp',
                                                                      'i_x', 'i_xx')}
        dark = (ee <= 0) & np.isfinite(tc)
        for k in ('v_oc', 'v_mp', 'p_mp'):
            expected[k][dark] = 0.0
        cases[f'sapm_{key}'] = {
            'params': {'module': name, 'dark_voltage': 'zero', **pick(m, SAPM_KEYS)},
            'inputs': {'effective_irradiance': column(ee), 'temp_cell': column(tc)},
            'expected': {k: column(v) for k, v in expected.items()},
        }
    # Other reference conditions (pvlib's temperature_ref and irradiance_ref).
    name = modules['csi_mc_si']
    m = modules_lib[name]
    r = pvsystem.sapm(ee, tc, m, temperature_ref=20, irradiance_ref=800)
    expected = {k: np.asarray(r[k], dtype=float).copy() for k in ('i_sc', 'i_mp', 'v_oc', 'v_mp', 'p_mp',
                                                                  'i_x', 'i_xx')}
    dark = (ee <= 0) & np.isfinite(tc)
    for k in ('v_oc', 'v_mp', 'p_mp'):
        expected[k][dark] = 0.0
    cases['sapm_csi_mc_si_reference_conditions'] = {
        'params': {'module': name, 'dark_voltage': 'zero', 'temperature_ref': 20, 'irradiance_ref': 800,
                   **pick(m, SAPM_KEYS)},
        'inputs': {'effective_irradiance': column(ee), 'temp_cell': column(tc)},
        'expected': {k: column(v) for k, v in expected.items()},
    }
    return cases


def spectral_cases(modules):
    cases = {}
    am = np.array([np.nan, 0.5, 1, 1.2, 1.5, 2, 3, 5, 8, 10, 15, 20, 38, 50])
    for key, name in modules.items():
        m = modules_lib[name]
        cases[f'spectral_factor_sapm_{key}'] = {
            'params': {'module': name, **pick(m, SPECTRAL_KEYS)},
            'inputs': {'airmass_absolute': column(am)},
            'expected': {'spectral_factor': column(spectrum.spectral_factor_sapm(am, m))},
        }
    return cases


def iam_cases(modules):
    cases = {}
    aoi = np.concatenate([[-10, -0.0, np.nan], np.arange(0, 90.01, 2.5), [89.9, 90, 90.5, 95, 120, 180]])
    for key, name in modules.items():
        m = modules_lib[name]
        for upper, suffix in ((None, ''), (1.0, '_upper_1')):
            value = np.asarray(iam.sapm(aoi, m, upper=upper), dtype=float).copy()
            value[aoi > 90] = 0.0
            params = {'module': name, 'behind': 'zero', **pick(m, IAM_KEYS)}
            if upper is not None:
                params['upper'] = upper
            cases[f'iam_sapm_{key}{suffix}'] = {
                'params': params,
                'inputs': {'aoi': column(aoi)},
                'expected': {'iam': column(value)},
            }
    return cases


def effective_cases(modules, rng):
    cases = {}
    n = 60
    aoi = rng.uniform(0, 120, n)
    poa_direct = np.where(aoi < 90, rng.uniform(0, 1000, n), 0.0)
    poa_diffuse = rng.uniform(0, 400, n)
    am = rng.uniform(1, 12, n)
    am[[3, 4]] = np.nan  # the sun below the horizon: spectral factor 0
    poa_direct[[3, 4]] = 0.0
    poa_diffuse[7] = np.nan
    aoi[9] = np.nan
    for key, name in modules.items():
        m = modules_lib[name]
        ee = pvsystem.sapm_effective_irradiance(poa_direct, poa_diffuse, am, aoi, m)
        cases[f'sapm_effective_irradiance_{key}'] = {
            'params': {'module': name, **pick(m, SPECTRAL_KEYS + IAM_KEYS + ['FD'])},
            'inputs': {'poa_direct': column(poa_direct), 'poa_diffuse': column(poa_diffuse),
                       'airmass_absolute': column(am), 'aoi': column(aoi)},
            'expected': {'effective_irradiance': column(ee)},
        }
    return cases


# ---------------------------------------------------------------- inverters

def sandia_inputs(p):
    pso, pdco, vdco = p['Pso'], p['Pdco'], p['Vdco']
    pdc = np.array([0, 0.5 * pso, pso, 1.01 * pso, 0.02 * pdco, 0.1 * pdco, 0.3 * pdco, 0.5 * pdco, 0.75 * pdco,
                    pdco, 1.1 * pdco, 1.5 * pdco])
    vdc = np.array([0.6 * vdco, 0.85 * vdco, vdco, 1.15 * vdco, 1.4 * vdco])
    v, pp = grid(vdc, pdc)
    return np.append(v, [vdco, np.nan]), np.append(pp, [np.nan, 0.5 * pdco])


def sandia_cases(inverters, rng):
    cases = {}
    for key, name in inverters.items():
        p = inverters_lib[name]
        v, pdc = sandia_inputs(p)
        cases[f'sandia_{key}'] = {
            'params': {'inverter': name, **pick(p, SANDIA_KEYS)},
            'inputs': {'v_dc': column(v), 'p_dc': column(pdc)},
            'expected': {'ac_power': column(inverter.sandia(v, pdc, p))},
        }
    # Several MPPT inputs: unbalanced powers and voltages, two and three inputs.
    for key, inputs in (('sandia_multi_two_inputs', 2), ('sandia_multi_three_inputs', 3)):
        name = list(inverters.values())[1 if inputs == 2 else 2]
        p = inverters_lib[name]
        n = 40
        vs = [rng.uniform(0.6, 1.4, n) * p['Vdco'] for _ in range(inputs)]
        ps = [rng.uniform(0, 1.3 / inputs, n) * p['Pdco'] for _ in range(inputs)]
        for q in ps:
            q[[0, 1]] = 0.0  # night: total DC power 0 (0/0 in the weights) and below Pso
        ps[0][2] = 0.3 * p['Pso']
        ps[-1][5] = np.nan
        vs[0][6] = np.nan
        ac = inverter.sandia_multi(tuple(vs), tuple(ps), p)
        inputs_json = {}
        for k in range(inputs):
            inputs_json[f'v_dc_{k}'] = column(vs[k])
            inputs_json[f'p_dc_{k}'] = column(ps[k])
        cases[key] = {
            'params': {'inverter': name, **pick(p, SANDIA_KEYS)},
            'inputs': inputs_json,
            'expected': {'ac_power': column(ac)},
        }
    return cases


def adr_cases(inverters):
    cases = {}
    for key, name in inverters.items():
        p = adr_lib[name]
        upper = np.nanmax([p['Vmax'], p['Vdcmax'], p['MPPTHi']])
        lower = np.nanmax([p['Vmin'], p['MPPTLow']])
        vdc = np.array([0, 0.5 * lower, 0.85 * lower, 0.95 * lower, lower, p['Vnom'] * 0.9, p['Vnom'],
                        p['Vnom'] * 1.05, upper, 1.05 * upper, 1.2 * upper])
        pdc = np.array([0, 0.001, 0.01, 0.1, 0.5, 1.0, 1.2, 1.6]) * p['Pnom']
        v, pp = grid(vdc, pdc)
        v = np.append(v, [np.nan, p['Vnom'], 0])
        pp = np.append(pp, [0.5 * p['Pnom'], np.nan, np.nan])
        for vtol, suffix in ((None, ''), (0.0, '_vtol_0'), (0.25, '_vtol_025')):
            ac = inverter.adr(v, pp, p) if vtol is None else inverter.adr(v, pp, p, vtol=vtol)
            params = {'inverter': name, **pick(p, ADR_KEYS),
                      'ADRCoefficients': [float(c) for c in p['ADRCoefficients']]}
            if vtol is not None:
                params['vtol'] = vtol
            cases[f'adr_{key}{suffix}'] = {
                'params': params,
                'inputs': {'v_dc': column(v), 'p_dc': column(pp)},
                'expected': {'ac_power': column(ac)},
            }
    return cases


def pvwatts_multi_cases(rng):
    n = 30
    pdc0 = 5000 / 0.96
    ps = [rng.uniform(0, 0.7, n) * pdc0 for _ in range(3)]
    for q in ps:
        q[0] = 0.0
    ps[1][3] = np.nan
    cases = {}
    for eta, suffix in (({}, ''), ({'eta_inv_nom': 0.95, 'eta_inv_ref': 0.96}, '_eta')):
        ac = inverter.pvwatts_multi(tuple(ps), pdc0, **eta)
        cases[f'pvwatts_multi{suffix}'] = {
            'params': {'pdc0': pdc0, **eta},
            'inputs': {f'p_dc_{k}': column(q) for k, q in enumerate(ps)},
            'expected': {'ac_power': column(ac)},
        }
    return cases


# ---------------------------------------------------------------- DC helpers

def dc_cases(rng):
    cases = {}
    m = modules_lib[SAPM_MODULES['csi_mc_si']]
    ee = np.array([0, 1, 200, 800, 1000, 1500, np.nan])
    r = pd.DataFrame(pvsystem.sapm(ee, np.full(ee.shape, 45.0), m))
    for voltage, current in ((14, 20), (1, 1), (0.5, 3)):
        scaled = pvsystem.scale_voltage_current_power(r, voltage=voltage, current=current)
        cases[f'scale_voltage_current_power_{voltage}_{current}'.replace('.', '')] = {
            'params': {'voltage': voltage, 'current': current},
            'inputs': {k: column(r[k]) for k in r.columns},
            'expected': {k: column(scaled[k]) for k in scaled.columns},
        }
    g = np.array([0, 1, 50, 100, 199.9, 200, 200.1, 500, 999.9, 1000, 1000.1, 1200, 1500, np.nan, 800])
    t = np.array([25, -40, 85, 25, 40, 25, 10, 50, 45, 25, 25, 60, 70, 25, np.nan])
    for k, cap in ((0.01, False), (0.01, True), (0.05, False), (-0.02, True)):
        pdc = pvsystem.pvwatts_dc(g, t, 5000, -0.0037, k=k, cap_adjustment=cap)
        cases[f'pvwatts_dc_k_{k}_cap_{str(cap).lower()}'.replace('.', '').replace('-', 'minus')] = {
            'params': {'pdc0': 5000, 'gamma_pdc': -0.0037, 'k': k, 'cap_adjustment': cap},
            'inputs': {'effective_irradiance': column(g), 'temp_cell': column(t)},
            'expected': {'pdc': column(pdc)},
        }
    vmp = np.array([30.1, 45.0, 100.0, 31.5])
    imp = np.array([8.2, 10.5, 1.2, 13.1])
    pct = np.array([1.5, 0.0, 3.0, 2.0])
    for mps, strings in ((1, 1), (14, 20)):
        cases[f'dc_ohms_from_percent_{mps}_{strings}'] = {
            'params': {'modules_per_string': mps, 'strings': strings},
            'inputs': {'vmp_ref': column(vmp), 'imp_ref': column(imp), 'dc_ohmic_percent': column(pct)},
            'expected': {'resistance': column(pvsystem.dc_ohms_from_percent(vmp, imp, pct, mps, strings))},
        }
    res = rng.uniform(0, 0.2, 20)
    cur = rng.uniform(0, 200, 20)
    res[4] = np.nan
    cur[0] = 0.0
    cases['dc_ohmic_losses'] = {
        'params': {},
        'inputs': {'resistance': column(res), 'current': column(cur)},
        'expected': {'losses': column(pvsystem.dc_ohmic_losses(res, cur))},
    }
    # combine_loss_factors: an hourly target index, losses on the same index, on a daily index
    # (read by ffill), and on a coarser index starting later (NaN before its first value).
    t0 = pd.Timestamp('2021-01-01T00:00Z')
    index = pd.date_range(t0, periods=72, freq='h')
    hourly = pd.Series(rng.uniform(0, 0.05, 72), index=index)
    daily = pd.Series([0.02, 0.03, 0.01], index=pd.date_range(t0, periods=3, freq='D'))
    late = pd.Series([0.1, 0.2, 0.05, 0.0], index=pd.date_range(t0 + pd.Timedelta('5h'), periods=4, freq='17h'))
    for method in ('ffill', 'bfill'):
        combined = pvsystem.combine_loss_factors(index, hourly, daily, late, fill_method=method)
        cases[f'combine_loss_factors_{method}'] = {
            'params': {'fill_method': method, 'losses': [
                {'unix_s': column(s.index.astype('int64') // 10**9), 'values': column(s.to_numpy())}
                for s in (hourly, daily, late)]},
            'inputs': {'unix_s': column(index.astype('int64') // 10**9)},
            'expected': {'combined': column(combined)},
        }
    return cases


SAPM_MODULES = {
    'csi_mc_si': 'Canadian_Solar_CS5P_220M___2009_',
}
SANDIA_INVERTERS = {}
ADR_INVERTERS = {}


def main():
    global modules_lib, inverters_lib, adr_lib
    modules_lib = pvsystem.retrieve_sam(path=os.path.join(DATA, 'sam-library-sandia-modules-2015-6-30.csv'))
    inverters_lib = pvsystem.retrieve_sam(path=os.path.join(DATA, 'sam-library-cec-inverters-2019-03-05.csv'))
    adr_lib = pvsystem.retrieve_sam(path=os.path.join(DATA, 'adr-library-cec-inverters-2019-03-05.csv'))
    # One module of each of four technologies (the library's first of its material), by name.
    for key, material in (('cdte', 'CdTe'), ('hit_si', 'HIT-Si'), ('a_si_triple', '3-a-Si'), ('cis', 'CIS')):
        SAPM_MODULES[key] = next(c for c in modules_lib.columns if modules_lib[c]['Material'] == material)
    # A microinverter, a string inverter and the largest central inverter of the CEC library.
    SANDIA_INVERTERS['micro'] = 'ABB__MICRO_0_25_I_OUTD_US_208__208V_'
    SANDIA_INVERTERS['string'] = 'SMA_America__SB7000US__240V_'
    SANDIA_INVERTERS['central'] = inverters_lib.loc['Paco'].astype(float).idxmax()
    # ADR: the first of the library, an SMA string inverter, one without MPPT limits (NaN).
    ADR_INVERTERS['ablerex'] = adr_lib.columns[0]
    ADR_INVERTERS['sma_string'] = next(c for c in adr_lib.columns if 'SB7000US' in c)
    ADR_INVERTERS['no_mppt_limits'] = next(c for c in adr_lib.columns if not np.isfinite(adr_lib[c]['MPPTHi']))

    rng = np.random.default_rng(20261129)
    sapm = {}
    sapm.update(sapm_cases(SAPM_MODULES))
    sapm.update(effective_cases(SAPM_MODULES, rng))
    sapm.update(spectral_cases(SAPM_MODULES))
    sapm.update(iam_cases(SAPM_MODULES))
    write('sapm', 'Sandia Array Performance Model (pvlib.pvsystem.sapm: A, V, W), its effective irradiance '
          '(W/m2), spectral factor and IAM (unitless), for five modules of the Sandia library; v_oc, v_mp, p_mp '
          '0 where the irradiance is <= 0 (params dark_voltage=zero) and IAM 0 above 90 degrees (params '
          'behind=zero); NaN as null', sapm)

    inv = {}
    inv.update(sandia_cases(SANDIA_INVERTERS, rng))
    inv.update(adr_cases(ADR_INVERTERS))
    inv.update(pvwatts_multi_cases(rng))
    write('inverter', 'inverter AC power, W: pvlib.inverter.sandia, sandia_multi (inputs v_dc_<k>, p_dc_<k>), adr '
          '(vtol default, 0, 0.25), pvwatts_multi; parameters from the CEC and ADR libraries, named in params; '
          'NaN as null', inv)

    write('pv_dc', 'DC helpers of pvlib.pvsystem: scale_voltage_current_power, pvwatts_dc with k and '
          'cap_adjustment (W), dc_ohms_from_percent (ohm, row by row), dc_ohmic_losses (W), combine_loss_factors '
          '(losses on their own indexes in params, unix_s; fractions); NaN as null', dc_cases(rng))


if __name__ == '__main__':
    main()
