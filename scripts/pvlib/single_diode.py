"""
Reference values of solarkit's single-diode models (src/pv: calcparams.ts, single-diode.ts,
bishop88.ts), computed with pvlib-python: pvlib.pvsystem.calcparams_desoto, calcparams_cec,
calcparams_pvsyst, singlediode, i_from_v, v_from_i, max_power_point and pvlib.singlediode.bishop88,
bishop88_i_from_v, bishop88_v_from_i, bishop88_mpp, estimate_voc, batzelis, and the I-V curve of
pvlib's Lambert W solution (`_lambertw(..., ivcurve_pnts)`) and of its Bishop path (diode voltages
Voc (11 - logspace(log10 11, 0, N)) / 10). Writes fixtures/reference/single_diode.json in the
schema of fixtures/reference/README.md.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/single_diode.py

Each case names the pvlib function in params.function, its method in params.method (pvlib's
default when absent) and the parameter set and where it is written out (params.source: pvlib's
tests/conftest.py and tests/test_singlediode.py). Conditions: irradiance 0, 1, 50, 200, 500, 800,
1000, 1200, 1500 W/m2 at cell temperatures -40, 0, 25, 45, 60 and 85 C, plus a NaN row; shunt
resistances from very small (5 ohm at reference) to very large (1e6 ohm). JSON has no Infinity,
so a shunt resistance is written as its inverse where it can be infinite (De Soto and CEC at zero
irradiance): the column `conductance_shunt` (1/ohm, 0 for an infinite Rsh) in inputs and expected
values. NaN is null; values are rounded to 12 significant digits.
"""
import os

import numpy as np
import pvlib
from pvlib import pvsystem
from pvlib import singlediode as sd

from reference_cases import pvlib_revision, write_json

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'reference', 'single_diode.json')


def column(x, n=None):
    """A list for JSON, NaN as null (a scalar broadcast to n rows)."""
    a = np.asarray(x, dtype=float)
    if n is not None:
        a = np.broadcast_to(a, (n,))
    # 12 significant digits: 1e-12 relative, far inside the runner's 1e-6, and a third of the file.
    return [None if np.isnan(v) else float(f'{v:.12g}') for v in a]


# Parameter sets written out in pvlib's tests.
CONFTEST = 'pvlib tests/conftest.py'
CEC = {
    'cs5p_220m': dict(source=f'{CONFTEST} cec_module_cs5p_220m (Canadian Solar CS5P-220M, CEC)',
                      alpha_sc=0.004539, a_ref=2.6373, I_L_ref=5.114, I_o_ref=8.196e-10, R_sh_ref=381.68,
                      R_s=1.065, Adjust=8.7),
    'spr_e20_327': dict(source=f'{CONFTEST} cec_module_spr_e20_327 (SunPower SPR-E20-327, CEC)',
                        alpha_sc=0.004522, a_ref=2.6868, I_L_ref=6.468, I_o_ref=1.88e-10, R_sh_ref=298.13,
                        R_s=0.37, Adjust=-0.1862),
    'fs_495': dict(source=f'{CONFTEST} cec_module_fs_495 (First Solar FS-495, CdTe thin film, CEC)',
                   alpha_sc=0.000924, a_ref=2.9482, I_L_ref=1.563, I_o_ref=2.64e-13, R_sh_ref=806.27,
                   R_s=6.804, Adjust=-10.65),
    'example_module': dict(source=f'{CONFTEST} cec_module_params (Example Module, 18 cells, R_sh_ref 15.72 ohm)',
                           alpha_sc=0.003, a_ref=0.473, I_L_ref=7.545, I_o_ref=1.94e-09, R_sh_ref=15.72,
                           R_s=0.094, Adjust=10.6),
    # The extremes of shunt resistance the issue asks for, on the CS5P-220M's other parameters.
    'cs5p_220m_rsh_1e6': dict(source=f'{CONFTEST} cec_module_cs5p_220m with R_sh_ref = 1e6 ohm (very large)',
                              alpha_sc=0.004539, a_ref=2.6373, I_L_ref=5.114, I_o_ref=8.196e-10, R_sh_ref=1e6,
                              R_s=1.065, Adjust=8.7),
    'cs5p_220m_rsh_5': dict(source=f'{CONFTEST} cec_module_cs5p_220m with R_sh_ref = 5 ohm (very small)',
                            alpha_sc=0.004539, a_ref=2.6373, I_L_ref=5.114, I_o_ref=8.196e-10, R_sh_ref=5.0,
                            R_s=1.065, Adjust=8.7),
}
PVSYST = {
    'conftest': dict(source=f'{CONFTEST} pvsyst_module_params (c-Si, 60 cells)',
                     gamma_ref=1.05, mu_gamma=0.001, I_L_ref=6.0, I_o_ref=5e-9, EgRef=1.121, R_sh_ref=300,
                     R_sh_0=1000, R_s=0.5, R_sh_exp=5.5, cells_in_series=60, alpha_sc=0.001),
    'fs_495': dict(source='pvlib tests/test_singlediode.py get_pvsyst_fs_495 (First Solar FS-495, PVsyst 6.7.2 '
                          'database, CdTe: d2mutau 1.31 V, NsVbi 0.9 V x 108 cells)',
                   gamma_ref=1.48, mu_gamma=0.001, I_L_ref=1.5743233463848496, I_o_ref=9.62e-10, EgRef=1.5,
                   R_sh_ref=5000, R_sh_0=12500, R_s=4.6, R_sh_exp=3.1, cells_in_series=108, alpha_sc=0.00039,
                   d2mutau=1.31, NsVbi=0.9 * 108),
}

IRRADIANCE = [0.0, 1.0, 50.0, 200.0, 500.0, 800.0, 1000.0, 1200.0, 1500.0]
TEMPERATURE = [-40.0, 0.0, 25.0, 45.0, 60.0, 85.0]


def conditions(with_nan=True):
    g, t = np.meshgrid(IRRADIANCE, TEMPERATURE)
    g = g.ravel()
    t = t.ravel()
    if with_nan:
        g = np.append(g, [np.nan, 800.0])
        t = np.append(t, [25.0, np.nan])
    return g, t


def cec_args(m):
    return dict(alpha_sc=m['alpha_sc'], a_ref=m['a_ref'], I_L_ref=m['I_L_ref'], I_o_ref=m['I_o_ref'],
                R_sh_ref=m['R_sh_ref'], R_s=m['R_s'])


def pvsyst_args(m):
    return dict(alpha_sc=m['alpha_sc'], gamma_ref=m['gamma_ref'], mu_gamma=m['mu_gamma'], I_L_ref=m['I_L_ref'],
                I_o_ref=m['I_o_ref'], R_sh_ref=m['R_sh_ref'], R_sh_0=m['R_sh_0'], R_s=m['R_s'],
                cells_in_series=m['cells_in_series'], R_sh_exp=m['R_sh_exp'], EgRef=m['EgRef'])


def params_out(il, io, rs, rsh, nnsvth, n, infinite_rsh):
    out = {'photocurrent': column(il, n), 'saturation_current': column(io, n),
           'resistance_series': column(rs, n), 'nNsVth': column(nnsvth, n)}
    if infinite_rsh:
        with np.errstate(divide='ignore'):
            out['conductance_shunt'] = column(1.0 / np.asarray(rsh, dtype=float), n)
    else:
        out['resistance_shunt'] = column(rsh, n)
    return out


def five(name, kind):
    """The five parameters over the conditions grid (no NaN row), for the solvers' cases."""
    g, t = conditions(with_nan=False)
    if kind == 'cec':
        m = CEC[name]
        x = pvsystem.calcparams_cec(g, t, **cec_args(m), Adjust=m['Adjust'])
    else:
        m = PVSYST[name]
        x = pvsystem.calcparams_pvsyst(g, t, **pvsyst_args(m))
    il, io, rs, rsh, nnsvth = (np.asarray(v, dtype=float) for v in x)
    rs = np.broadcast_to(rs, il.shape).astype(float)
    # One row of NaN parameters: NaN in, NaN out.
    il = np.append(il, np.nan)
    io = np.append(io, io[0])
    rs = np.append(rs, rs[0])
    rsh = np.append(rsh, rsh[1])
    nnsvth = np.append(nnsvth, nnsvth[0])
    return m, tuple(r12(a) for a in (il, io, rs, rsh, nnsvth))


def r12(x):
    """x rounded to the 12 digits the file keeps: inputs are rounded before pvlib sees them, so the
    expected values belong to exactly the inputs written."""
    a = np.asarray(x, dtype=float)
    return np.array([float(f'{v:.12g}') if np.isfinite(v) else v for v in a.ravel()]).reshape(a.shape)


def finite_rows(args, inputs, *extra):
    """The rows without NaN parameters: pvlib's brentq raises on them (scipy's brentq cannot bracket NaN)."""
    keep = ~np.any([np.isnan(np.asarray(a, dtype=float)) for a in args], axis=0)
    return (tuple(np.asarray(a, dtype=float)[keep] for a in args),
            {k: column(np.asarray(v, dtype=float)[keep]) for k, v in inputs.items()},
            *(np.asarray(e, dtype=float)[keep] for e in extra))


def as_inputs(args, infinite_rsh):
    il, io, rs, rsh, nnsvth = args
    return params_out(il, io, rs, rsh, nnsvth, len(il), infinite_rsh)


def main():
    cases = {}

    # calcparams
    for name in ('cs5p_220m', 'fs_495', 'example_module', 'cs5p_220m_rsh_1e6', 'cs5p_220m_rsh_5'):
        m = CEC[name]
        g, t = conditions()
        n = len(g)
        for fn in ('desoto', 'cec'):
            if fn == 'desoto':
                x = pvsystem.calcparams_desoto(g, t, **cec_args(m))
                params = {'function': 'calcparams_desoto', 'source': m['source'], **cec_args(m)}
            else:
                x = pvsystem.calcparams_cec(g, t, **cec_args(m), Adjust=m['Adjust'])
                params = {'function': 'calcparams_cec', 'source': m['source'], **cec_args(m), 'Adjust': m['Adjust']}
            cases[f'calcparams_{fn}_{name}'] = {
                'params': params,
                'inputs': {'effective_irradiance': column(g), 'temp_cell': column(t)},
                'expected': params_out(*x, n, infinite_rsh=True),
            }
    # De Soto with another band gap and reference conditions (CdTe's, as pvlib's notes give them).
    g, t = conditions()
    m = CEC['fs_495']
    extra = dict(EgRef=1.475, dEgdT=-0.0003, irrad_ref=900.0, temp_ref=20.0)
    x = pvsystem.calcparams_desoto(g, t, **cec_args(m), **extra)
    cases['calcparams_desoto_fs_495_cdte_band_gap'] = {
        'params': {'function': 'calcparams_desoto', 'source': m['source'] + '; EgRef 1.475 eV and dEgdT -0.0003 '
                   '1/K (CdTe, pvlib calcparams_desoto notes), reference 900 W/m2 and 20 C', **cec_args(m), **extra},
        'inputs': {'effective_irradiance': column(g), 'temp_cell': column(t)},
        'expected': params_out(*x, len(g), infinite_rsh=True),
    }
    for name, m in PVSYST.items():
        g, t = conditions()
        x = pvsystem.calcparams_pvsyst(g, t, **pvsyst_args(m))
        cases[f'calcparams_pvsyst_{name}'] = {
            'params': {'function': 'calcparams_pvsyst', 'source': m['source'], **pvsyst_args(m)},
            'inputs': {'effective_irradiance': column(g), 'temp_cell': column(t)},
            'expected': params_out(*x, len(g), infinite_rsh=False),
        }

    sets = [(name, 'cec') for name in ('cs5p_220m', 'spr_e20_327', 'fs_495', 'example_module',
                                       'cs5p_220m_rsh_1e6', 'cs5p_220m_rsh_5')]
    sets += [(name, 'pvsyst') for name in PVSYST]
    methods = ('lambertw', 'newton', 'brentq')
    for name, kind in sets:
        m, args = five(name, kind)
        infinite = kind == 'cec'
        inputs = as_inputs(args, infinite)
        n = len(args[0])
        for method in methods:
            a_, in_ = finite_rows(args, inputs) if method == 'brentq' else (args, inputs)
            r = pvsystem.singlediode(*a_, method=method)
            cases[f'singlediode_{method}_{kind}_{name}'] = {
                'params': {'function': 'singlediode', 'method': method, 'source': m['source']},
                'inputs': in_,
                'expected': {k: column(r[k]) for k in ('i_sc', 'v_oc', 'i_mp', 'v_mp', 'p_mp', 'i_x', 'i_xx')},
            }
        # i_from_v and v_from_i at fractions of each row's Voc and Isc (brentq's bracket is [0, Voc]).
        ref = pvsystem.singlediode(*args, method='lambertw')
        voc = np.asarray(ref['v_oc'])
        isc = np.asarray(ref['i_sc'])
        fractions = [0.0, 0.5, 0.9, 1.0]
        big = {k: np.repeat(np.asarray(v, dtype=float), len(fractions)) for k, v in inputs.items()}
        big_args = tuple(np.repeat(a, len(fractions)) for a in args)
        v = np.tile(fractions, n) * np.repeat(voc, len(fractions))
        i = np.tile(fractions, n) * np.repeat(isc, len(fractions))
        # At night pvlib's Isc is a rounding residue (1e-26 A): brentq cannot bracket it, so 0 A there.
        dark = big_args[0] == 0
        i = np.where(dark, 0.0, i)
        v = r12(np.where(dark, 0.0, v))
        i = r12(i)
        for method in methods:
            if method == 'brentq':
                b_args, b_in, b_v, b_i = finite_rows(big_args, big, v, i)
            else:
                b_args, b_in, b_v, b_i = big_args, {k: column(c) for k, c in big.items()}, v, i
            cases[f'i_from_v_{method}_{kind}_{name}'] = {
                'params': {'function': 'i_from_v', 'method': method, 'source': m['source']},
                'inputs': {**b_in, 'voltage': column(b_v)},
                'expected': {'current': column(pvsystem.i_from_v(b_v, *b_args, method=method))},
            }
            cases[f'v_from_i_{method}_{kind}_{name}'] = {
                'params': {'function': 'v_from_i', 'method': method, 'source': m['source']},
                'inputs': {**b_in, 'current': column(b_i)},
                'expected': {'voltage': column(pvsystem.v_from_i(b_i, *b_args, method=method))},
            }
        for method in ('newton', 'brentq'):
            a_, in_ = finite_rows(args, inputs) if method == 'brentq' else (args, inputs)
            r = pvsystem.max_power_point(*a_, method=method)
            cases[f'max_power_point_{method}_{kind}_{name}'] = {
                'params': {'function': 'max_power_point', 'method': method, 'source': m['source']},
                'inputs': in_,
                'expected': {k: column(r[k]) for k in ('i_mp', 'v_mp', 'p_mp')},
            }
        cases[f'estimate_voc_{kind}_{name}'] = {
            'params': {'function': 'estimate_voc', 'source': m['source']},
            'inputs': inputs,
            'expected': {'v_oc': column(sd.estimate_voc(args[0], args[1], args[4]))},
        }
        with np.errstate(divide='ignore', invalid='ignore'):
            b = sd.batzelis(*args)
        # pvlib's batzelis gives 0 where the photocurrent is NaN (np.where(Iph > 0, ..., 0)); solarkit
        # gives NaN there, so the NaN row is left out of this case.
        keep = ~np.isnan(args[0])
        cases[f'batzelis_{kind}_{name}'] = {
            'params': {'function': 'batzelis', 'source': m['source']},
            'inputs': {k: column(np.asarray(c, dtype=float)[keep]) for k, c in inputs.items()},
            'expected': {k: column(np.asarray(b[k])[keep]) for k in ('i_sc', 'v_oc', 'i_mp', 'v_mp', 'p_mp')},
        }

    # Thin-film recombination (PVsyst's d2mutau, NsVbi) and breakdown through Bishop's solvers: the two
    # conditions of pvlib's test_pvsyst_recombination_loss and test_pvsyst_breakdown, and the grid.
    m = PVSYST['fs_495']
    _, args = five('fs_495', 'pvsyst')
    # Without the NaN row: pvlib's brentq raises on it (NaN in, NaN out is checked in the cases above).
    args, inputs = finite_rows(args, as_inputs(args, False))
    n = len(args[0])
    terms = [
        ('recombination', dict(d2mutau=m['d2mutau'], NsVbi=m['NsVbi']), dict()),
        ('breakdown', dict(d2mutau=0.0, NsVbi=np.inf),
         dict(breakdown_factor=1e-4, breakdown_voltage=-5.5, breakdown_exp=3.28)),
        ('recombination_breakdown', dict(d2mutau=m['d2mutau'], NsVbi=m['NsVbi']),
         dict(breakdown_factor=2e-3, breakdown_voltage=-15.0, breakdown_exp=3.0)),
    ]
    voc_est = sd.estimate_voc(args[0], args[1], args[4])
    for label, rec, brk in terms:
        rec_inputs = {'d2mutau': column(rec['d2mutau'], n)}
        rec_params = {} if np.isinf(rec['NsVbi']) else {'NsVbi': rec['NsVbi']}
        if np.isinf(rec['NsVbi']):
            rec_inputs = {}
        src = m['source'] + (f'; breakdown {brk}' if brk else '')
        methods_here = ('newton', 'brentq')
        for method in methods_here:
            v = r12(0.7 * np.nan_to_num(voc_est))
            cases[f'bishop88_i_from_v_{method}_pvsyst_fs_495_{label}'] = {
                'params': {'function': 'bishop88_i_from_v', 'method': method, 'source': src, **rec_params, **brk},
                'inputs': {**inputs, **rec_inputs, 'voltage': column(v)},
                'expected': {'current': column(sd.bishop88_i_from_v(v, *args, **rec, **brk, method=method))},
            }
            i = r12(0.5 * np.asarray(args[0]))
            cases[f'bishop88_v_from_i_{method}_pvsyst_fs_495_{label}'] = {
                'params': {'function': 'bishop88_v_from_i', 'method': method, 'source': src, **rec_params, **brk},
                'inputs': {**inputs, **rec_inputs, 'current': column(i)},
                'expected': {'voltage': column(sd.bishop88_v_from_i(i, *args, **rec, **brk, method=method))},
            }
            # The maximum power point without breakdown only: pvlib's gradients of the breakdown term
            # leave out a factor 1/breakdown_voltage (d/dVd of (1 - Vd/Vbr)^-m is (m/Vbr)(1 - Vd/Vbr)^(-m-1)),
            # so its dP/dV = 0 is not at the maximum of P where the term matters (v_mp off by up to 4e-3
            # relative for factor 2e-3 and Vbr -15 V); solarkit's derivatives are exact.
            if not brk:
                r = sd.bishop88_mpp(*args, **rec, method=method)
                cases[f'bishop88_mpp_{method}_pvsyst_fs_495_{label}'] = {
                    'params': {'function': 'bishop88_mpp', 'method': method, 'source': src, **rec_params},
                    'inputs': {**inputs, **rec_inputs},
                    'expected': {'i_mp': column(r[0]), 'v_mp': column(r[1]), 'p_mp': column(r[2])},
                }
                r = pvsystem.max_power_point(*args, **rec, method=method)
                cases[f'max_power_point_{method}_pvsyst_fs_495_{label}'] = {
                    'params': {'function': 'max_power_point', 'method': method, 'source': src, **rec_params},
                    'inputs': {**inputs, **rec_inputs},
                    'expected': {k: column(r[k]) for k in ('i_mp', 'v_mp', 'p_mp')},
                }
        # Points of Bishop's form from diode voltages, with the gradients (no breakdown: see below).
        # From -0.04 Voc (about -4.5 V): below the breakdown voltage (-5.5 V) pvlib's bishop88 is NaN even
        # with breakdown_factor 0 (0 times the NaN of a negative number's power), where solarkit leaves
        # the term out as the factor 0 says.
        vd = r12(np.linspace(-0.04, 1.05, n) * np.nan_to_num(voc_est))
        if not brk:
            r = sd.bishop88(vd, *args, **rec, gradients=True)
            names = ('current', 'voltage', 'power', 'dIdVd', 'dVdVd', 'dIdV', 'dPdV', 'd2PdVdVd')
            cases[f'bishop88_pvsyst_fs_495_{label}'] = {
                'params': {'function': 'bishop88', 'gradients': True, 'source': src, **rec_params},
                'inputs': {**inputs, **rec_inputs, 'diode_voltage': column(vd)},
                'expected': {k: column(x) for k, x in zip(names, r)},
            }
        else:
            r = sd.bishop88(vd, *args, **rec, **brk)
            cases[f'bishop88_pvsyst_fs_495_{label}'] = {
                'params': {'function': 'bishop88', 'source': src, **rec_params, **brk},
                'inputs': {**inputs, **rec_inputs, 'diode_voltage': column(vd)},
                'expected': {'current': column(r[0]), 'voltage': column(r[1]), 'power': column(r[2])},
            }

    # I-V curves: pvlib's Lambert W sampling (linspace of Voc) and the Bishop path's logspace sampling.
    for name, kind in (('cs5p_220m', 'cec'), ('conftest', 'pvsyst')):
        m, args = five(name, kind)
        points = 12
        out = sd._lambertw(*args, ivcurve_pnts=points)
        iv_i, iv_v = np.asarray(out[7]), np.asarray(out[8])
        inputs = as_inputs(args, kind == 'cec')
        cases[f'ivcurve_linear_{kind}_{name}'] = {
            'params': {'function': 'ivcurve', 'points': points, 'spacing': 'linear', 'method': 'lambertw',
                       'source': m['source'] + '; pvlib.singlediode._lambertw with ivcurve_pnts'},
            'inputs': inputs,
            'expected': {'voltage': column(iv_v.ravel()), 'current': column(iv_i.ravel())},
        }
        voc = np.asarray(pvsystem.singlediode(*args, method='newton')['v_oc'])
        voc = np.where((voc < 0) & (voc > -1e-12), 0.0, voc)
        vd = voc[:, None] * ((11.0 - np.logspace(np.log10(11.0), 0.0, points)) / 10.0)
        bi, bv, _ = sd.bishop88(vd, *(np.asarray(a, dtype=float)[:, None] for a in args))
        cases[f'ivcurve_log_{kind}_{name}'] = {
            'params': {'function': 'ivcurve', 'points': points, 'spacing': 'log', 'method': 'newton',
                       'source': m['source'] + '; diode voltages Voc (11 - logspace(log10 11, 0, N)) / 10 '
                                               'through pvlib.singlediode.bishop88'},
            'inputs': inputs,
            'expected': {'voltage': column(bv.ravel()), 'current': column(bi.ravel())},
        }

    data = {
        'source': f'pvlib-python ({pvlib_revision()}), computed by scripts/pvlib/single_diode.py',
        'description': 'single-diode models: calcparams_desoto/cec/pvsyst, singlediode, i_from_v, v_from_i, '
                       'max_power_point (each method), bishop88 and its solvers with recombination and breakdown, '
                       'estimate_voc, batzelis, I-V curves; params.function names the pvlib function, '
                       'params.method its method; A, V, W, ohm; an infinite shunt resistance as '
                       'conductance_shunt = 0 (1/ohm); NaN as null',
        'cases': cases,
    }
    write_json(OUT, data, allow_nan=False)
    print(f'wrote {OUT}: {len(cases)} cases')


if __name__ == '__main__':
    main()
