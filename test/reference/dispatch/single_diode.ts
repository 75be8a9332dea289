/**
 * Reference handlers for the cases of single_diode.json (and any file of the same schema whose cases
 * follow its conventions): params.function names the pvlib function (else the case name's prefix
 * does), params.method its method (pvlib's default when absent), params hold the module's parameters
 * in pvlib's names; inputs hold the five parameters in pvlib's names, a shunt resistance that may be
 * infinite as `conductance_shunt` (1/ohm, 0 for none: JSON has no Infinity) or as `resistance_shunt`.
 */
import {
  batzelis,
  bishop88,
  bishop88IFromV,
  bishop88Mpp,
  bishop88VFromI,
  calcparamsCec,
  calcparamsDesoto,
  calcparamsPvsyst,
  estimateVoc,
  iFromV,
  ivCurve,
  maxPowerPoint,
  type SingleDiodeInput,
  type SingleDiodeParameters,
  singleDiode,
  vFromI,
} from '../../../src/pv/index.js';
import { inputColumn, param, pvlibFunctionOf } from '../runner.js';
import { type CaseHandler, type ComputedColumns, type ReferenceCase, TOLERANCE, type Tolerance } from '../schema.js';

/** The pvlib functions these handlers compute, longest first (so a case name's prefix finds the right one). */
const FUNCTIONS = [
  'bishop88_i_from_v',
  'bishop88_v_from_i',
  'bishop88_mpp',
  'bishop88',
  'calcparams_desoto',
  'calcparams_cec',
  'calcparams_pvsyst',
  'singlediode',
  'i_from_v',
  'v_from_i',
  'max_power_point',
  'estimate_voc',
  'batzelis',
  'ivcurve',
] as const;
type PvlibFunction = (typeof FUNCTIONS)[number];

/**
 * Saturation currents are 1e-20 to 1e-8 A and shunt conductances down to 1e-9 1/ohm: the value
 * tolerance's 1e-6 absolute floor would pass any of them, so they are held to 1e-6 relative alone
 * (with a floor far below their size).
 */
const SMALL: Tolerance = { abs: 1e-25, rel: 1e-6 };

/** The five parameters of a case's inputs. */
function diodeInput(c: ReferenceCase): SingleDiodeInput {
  let resistanceShunt: Float64Array;
  if (c.inputs.resistance_shunt !== undefined) resistanceShunt = inputColumn(c, 'resistance_shunt');
  else {
    const g = inputColumn(c, 'conductance_shunt');
    resistanceShunt = g.map((x) => 1 / x);
  }
  return {
    photocurrent: inputColumn(c, 'photocurrent'),
    saturationCurrent: inputColumn(c, 'saturation_current'),
    resistanceSeries: inputColumn(c, 'resistance_series'),
    resistanceShunt,
    nNsVth: inputColumn(c, 'nNsVth'),
  };
}

/** PVsyst's recombination terms: columns of the inputs, or params (pvlib's defaults 0 and Infinity). */
function recombination(c: ReferenceCase): { d2mutau?: Float64Array | number; nsVbi?: Float64Array | number } {
  const d2mutau = c.inputs.d2mutau !== undefined ? inputColumn(c, 'd2mutau') : param(c, 'd2mutau', 0);
  const nsVbi = c.inputs.NsVbi !== undefined ? inputColumn(c, 'NsVbi') : param(c, 'NsVbi', Number.POSITIVE_INFINITY);
  return { d2mutau, nsVbi };
}

function breakdown(c: ReferenceCase) {
  return {
    breakdownFactor: param(c, 'breakdown_factor', 0),
    breakdownVoltage: param(c, 'breakdown_voltage', -5.5),
    breakdownExp: param(c, 'breakdown_exp', 3.28),
  };
}

function conditions(c: ReferenceCase) {
  return { effectiveIrradiance: inputColumn(c, 'effective_irradiance'), tempCell: inputColumn(c, 'temp_cell') };
}

function desotoParams(c: ReferenceCase) {
  const num = (name: string) => param(c, name, Number.NaN);
  return {
    alphaSc: num('alpha_sc'),
    aRef: num('a_ref'),
    iLRef: num('I_L_ref'),
    iORef: num('I_o_ref'),
    rShRef: num('R_sh_ref'),
    rS: num('R_s'),
    egRef: param(c, 'EgRef', 1.121),
    dEgdT: param(c, 'dEgdT', -0.0002677),
    irradRef: param(c, 'irrad_ref', 1000),
    tempRef: param(c, 'temp_ref', 25),
  };
}

/** The calcparams result in pvlib's names, the shunt resistance also as its conductance. */
function paramsColumns(p: SingleDiodeParameters): ComputedColumns {
  return {
    photocurrent: p.photocurrent,
    saturation_current: p.saturationCurrent,
    resistance_series: p.resistanceSeries,
    resistance_shunt: p.resistanceShunt,
    conductance_shunt: p.resistanceShunt.map((r) => 1 / r),
    nNsVth: p.nNsVth,
  };
}

type Method = 'lambertw' | 'newton' | 'brentq';

/**
 * The case's method, pvlib's default when absent. pvlib's 'chandrupatla' (scipy 1.15 and later) is
 * a bracketed search on the same bracket as 'brentq' and converges to the same root: it is computed
 * by 'brentq'.
 */
function method<T extends Method>(c: ReferenceCase, fallback: T): T {
  const m = param<string>(c, 'method', fallback);
  return (m === 'chandrupatla' ? 'brentq' : m) as T;
}

const RUN: Record<PvlibFunction, (c: ReferenceCase) => ComputedColumns> = {
  calcparams_desoto: (c) => paramsColumns(calcparamsDesoto(conditions(c), desotoParams(c))),
  calcparams_cec: (c) =>
    paramsColumns(calcparamsCec(conditions(c), { ...desotoParams(c), adjust: param(c, 'Adjust', Number.NaN) })),
  calcparams_pvsyst: (c) => {
    const num = (name: string) => param(c, name, Number.NaN);
    return paramsColumns(
      calcparamsPvsyst(conditions(c), {
        alphaSc: num('alpha_sc'),
        gammaRef: num('gamma_ref'),
        muGamma: num('mu_gamma'),
        iLRef: num('I_L_ref'),
        iORef: num('I_o_ref'),
        rShRef: num('R_sh_ref'),
        rSh0: num('R_sh_0'),
        rS: num('R_s'),
        cellsInSeries: num('cells_in_series'),
        rShExp: param(c, 'R_sh_exp', 5.5),
        egRef: param(c, 'EgRef', 1.121),
        irradRef: param(c, 'irrad_ref', 1000),
        tempRef: param(c, 'temp_ref', 25),
      }),
    );
  },
  singlediode: (c) => {
    const r = singleDiode(diodeInput(c), { method: method<Method>(c, 'lambertw') });
    return { i_sc: r.iSc, v_oc: r.vOc, i_mp: r.iMp, v_mp: r.vMp, p_mp: r.pMp, i_x: r.iX, i_xx: r.iXx };
  },
  i_from_v: (c) => ({
    current: iFromV(
      { ...diodeInput(c), voltage: inputColumn(c, 'voltage') },
      { method: method<Method>(c, 'lambertw') },
    ),
  }),
  v_from_i: (c) => ({
    voltage: vFromI(
      { ...diodeInput(c), current: inputColumn(c, 'current') },
      { method: method<Method>(c, 'lambertw') },
    ),
  }),
  max_power_point: (c) => {
    const r = maxPowerPoint(
      { ...diodeInput(c), ...recombination(c) },
      { method: method<'newton' | 'brentq'>(c, 'brentq') },
    );
    return { i_mp: r.iMp, v_mp: r.vMp, p_mp: r.pMp };
  },
  bishop88: (c) => {
    const r = bishop88(
      { ...diodeInput(c), ...recombination(c), diodeVoltage: inputColumn(c, 'diode_voltage') },
      { ...breakdown(c), gradients: param(c, 'gradients', false) },
    );
    const out: ComputedColumns = { current: r.current, voltage: r.voltage, power: r.power };
    if (r.dIdVd !== undefined) {
      Object.assign(out, { dIdVd: r.dIdVd, dVdVd: r.dVdVd, dIdV: r.dIdV, dPdV: r.dPdV, d2PdVdVd: r.d2PdVdVd });
    }
    return out;
  },
  bishop88_i_from_v: (c) => ({
    current: bishop88IFromV(
      { ...diodeInput(c), ...recombination(c), voltage: inputColumn(c, 'voltage') },
      { ...breakdown(c), method: method<'newton' | 'brentq'>(c, 'newton') },
    ),
  }),
  bishop88_v_from_i: (c) => ({
    voltage: bishop88VFromI(
      { ...diodeInput(c), ...recombination(c), current: inputColumn(c, 'current') },
      { ...breakdown(c), method: method<'newton' | 'brentq'>(c, 'newton') },
    ),
  }),
  bishop88_mpp: (c) => {
    const r = bishop88Mpp(
      { ...diodeInput(c), ...recombination(c) },
      { ...breakdown(c), method: method<'newton' | 'brentq'>(c, 'newton') },
    );
    return { i_mp: r.iMp, v_mp: r.vMp, p_mp: r.pMp };
  },
  estimate_voc: (c) => {
    const p = diodeInput(c);
    return {
      v_oc: estimateVoc({ photocurrent: p.photocurrent, saturationCurrent: p.saturationCurrent, nNsVth: p.nNsVth }),
    };
  },
  batzelis: (c) => {
    const r = batzelis(diodeInput(c));
    return { i_sc: r.iSc, v_oc: r.vOc, i_mp: r.iMp, v_mp: r.vMp, p_mp: r.pMp };
  },
  ivcurve: (c) => {
    const r = ivCurve(diodeInput(c), {
      points: param(c, 'points', 100),
      spacing: param<'linear' | 'log'>(c, 'spacing', 'linear'),
      method: method<Method>(c, 'lambertw'),
    });
    return { voltage: r.voltage, current: r.current };
  },
};

const isSingleDiode = (stem: string): boolean => stem.startsWith('single_diode');

export const handlers: CaseHandler[] = FUNCTIONS.map((fn) => ({
  variant: fn,
  matches: (stem, name, refCase) => isSingleDiode(stem) && pvlibFunctionOf(name, refCase, FUNCTIONS) === fn,
  run: RUN[fn],
  tolerances: { saturation_current: SMALL, conductance_shunt: SMALL },
  defaultTolerance: TOLERANCE.value,
}));
