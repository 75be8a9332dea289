/**
 * Reference handlers for the cases of inverter.json (scripts/pvlib/sapm_inverters.py): Sandia
 * (`sandia_*`), Sandia with several MPPT inputs (`sandia_multi_*`, inputs `v_dc_<k>`, `p_dc_<k>`),
 * ADR (`adr_*`) and PVWatts with several inputs (`pvwatts_multi*`, inputs `p_dc_<k>`). Parameters
 * are read from the case by pvlib's names (`Paco`, `ADRCoefficients`, `vtol`, ...), with pvlib's
 * defaults.
 */
import { adrInverter, pvwattsInverterMulti, sandiaInverter, sandiaInverterMulti } from '../../../src/pv/inverter.js';
import { inputColumn, param } from '../runner.js';
import { type CaseHandler, type ReferenceCase, TOLERANCE } from '../schema.js';

const isInverterFile = (stem: string): boolean => stem.startsWith('inverter');

const req = (c: ReferenceCase, name: string): number => param(c, name, Number.NaN);

const sandiaParameters = (c: ReferenceCase) => ({
  paco: req(c, 'Paco'),
  pdco: req(c, 'Pdco'),
  vdco: req(c, 'Vdco'),
  pso: req(c, 'Pso'),
  c0: req(c, 'C0'),
  c1: req(c, 'C1'),
  c2: req(c, 'C2'),
  c3: req(c, 'C3'),
  pnt: req(c, 'Pnt'),
});

/** The columns `<name>_0`, `<name>_1`, ... of a case, as many as it has. */
function numbered(c: ReferenceCase, name: string): Float64Array[] {
  const columns: Float64Array[] = [];
  for (let k = 0; c.inputs[`${name}_${k}`] !== undefined; k++) columns.push(inputColumn(c, `${name}_${k}`));
  return columns;
}

/** pvlib.inverter.sandia. */
const sandiaHandler: CaseHandler = {
  variant: 'sandia',
  matches: (stem, name) => isInverterFile(stem) && name.startsWith('sandia_') && !name.startsWith('sandia_multi'),
  run: (c) => ({
    ac_power: sandiaInverter({ vDc: inputColumn(c, 'v_dc'), pDc: inputColumn(c, 'p_dc') }, sandiaParameters(c)),
  }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.inverter.sandia_multi. */
const sandiaMultiHandler: CaseHandler = {
  variant: 'sandia_multi',
  matches: (stem, name) => isInverterFile(stem) && name.startsWith('sandia_multi'),
  run: (c) => ({
    ac_power: sandiaInverterMulti({ vDc: numbered(c, 'v_dc'), pDc: numbered(c, 'p_dc') }, sandiaParameters(c)),
  }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.inverter.adr with the case's vtol (default 0.1); a limit the library lacks is null (NaN). */
const adrHandler: CaseHandler = {
  variant: 'adr',
  matches: (stem, name) => isInverterFile(stem) && name.startsWith('adr'),
  run: (c) => ({
    ac_power: adrInverter(
      { vDc: inputColumn(c, 'v_dc'), pDc: inputColumn(c, 'p_dc') },
      {
        pnom: req(c, 'Pnom'),
        vnom: req(c, 'Vnom'),
        vmax: req(c, 'Vmax'),
        vmin: req(c, 'Vmin'),
        vdcmax: req(c, 'Vdcmax'),
        mpptHi: req(c, 'MPPTHi'),
        mpptLow: req(c, 'MPPTLow'),
        pacmax: req(c, 'Pacmax'),
        pnt: req(c, 'Pnt'),
        adrCoefficients: param<number[]>(c, 'ADRCoefficients', []),
        vtol: param(c, 'vtol', 0.1),
      },
    ),
  }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.inverter.pvwatts_multi. */
const pvwattsMultiHandler: CaseHandler = {
  variant: 'pvwatts_multi',
  matches: (stem, name) => isInverterFile(stem) && name.startsWith('pvwatts_multi'),
  run: (c) => ({
    ac_power: pvwattsInverterMulti(numbered(c, 'p_dc'), {
      pdc0: req(c, 'pdc0'),
      etaInvNom: param(c, 'eta_inv_nom', 0.96),
      etaInvRef: param(c, 'eta_inv_ref', 0.9637),
    }),
  }),
  defaultTolerance: TOLERANCE.value,
};

export const handlers: CaseHandler[] = [sandiaHandler, sandiaMultiHandler, adrHandler, pvwattsMultiHandler];
