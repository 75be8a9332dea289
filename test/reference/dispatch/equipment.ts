/**
 * Reference handlers for the cases of equipment.json (and any other file of the same schema whose
 * case names follow the same conventions): the fit of Sandia inverter parameters to efficiency
 * curves (pvlib.inverter.fit_sandia), and the PVsyst reference currents of a PAN file's STC data
 * (panToPvsystModule, whose expected i_sc and v_oc are pvlib's singlediode with those currents).
 */
import { fitSandiaInverter } from '../../../src/pv/fit-sandia-inverter.js';
import { type PanondObject, panToPvsystModule } from '../../../src/pv/library/panond.js';
import type { DcVoltageLevel } from '../../../src/pv/fit-sandia-inverter.js';
import { inputColumn, param } from '../runner.js';
import { type CaseHandler, TOLERANCE } from '../schema.js';

/** pvlib.inverter.fit_sandia: cases whose name starts with "fit_sandia". */
const fitSandiaHandler: CaseHandler = {
  variant: 'fit-sandia',
  matches: (_fileStem, caseName) => caseName.startsWith('fit_sandia'),
  run: (refCase) => {
    const levels = param<DcVoltageLevel[] | null>(refCase, 'dc_voltage_level', null);
    if (levels === null) throw new Error("param 'dc_voltage_level' is missing");
    const fit = fitSandiaInverter(
      {
        acPower: inputColumn(refCase, 'ac_power'),
        dcPower: inputColumn(refCase, 'dc_power'),
        dcVoltage: inputColumn(refCase, 'dc_voltage'),
        dcVoltageLevel: levels,
      },
      { pAc0: param(refCase, 'p_ac_0', Number.NaN), pNt: param(refCase, 'p_nt', Number.NaN) },
    );
    return {
      Paco: [fit.paco],
      Pdco: [fit.pdco],
      Vdco: [fit.vdco],
      Pso: [fit.pso],
      C0: [fit.c0],
      C1: [fit.c1],
      C2: [fit.c2],
      C3: [fit.c3],
      Pnt: [fit.pnt],
    };
  },
  defaultTolerance: TOLERANCE.value,
};

/**
 * I_L_ref and I_o_ref of a PAN file's STC data: cases whose name starts with "pan_stc", the PAN's
 * keys as params (Isc, Voc, RSerie, RShunt, Gamma, NCelS, TRef, ...). The expected i_sc and v_oc
 * are pvlib's singlediode at STC with the expected currents, that is the PAN's own Isc and Voc.
 */
const panStcHandler: CaseHandler = {
  variant: 'pan-stc',
  matches: (_fileStem, caseName) => caseName.startsWith('pan_stc'),
  run: (refCase) => {
    const keys = ['Isc', 'Voc', 'RSerie', 'RShunt', 'Rp_0', 'Rp_Exp', 'Gamma', 'muGamma', 'muISC', 'NCelS', 'TRef'];
    const pan: PanondObject = { PVObject_: 'pvModule', PNom: 0, Imp: 0, Vmp: 0 };
    for (const key of keys) {
      const v = param<number | null>(refCase, key, null);
      if (v !== null) pan[key] = v;
    }
    const module = panToPvsystModule({ PVObject_: pan });
    return { i_l_ref: [module.iLRef], i_o_ref: [module.iORef], i_sc: [module.iScRef], v_oc: [module.vOcRef] };
  },
  tolerances: { i_o_ref: { abs: 0, rel: 1e-6 } },
  defaultTolerance: TOLERANCE.value,
};

export const handlers: CaseHandler[] = [fitSandiaHandler, panStcHandler];
