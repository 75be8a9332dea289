/**
 * Reference handlers for the cases of pv_power.json (and any other file of the same schema whose case
 * names follow the same conventions). Each handler maps a case's inputs and params to a core function.
 */
import {
  faimanCellTemperature,
  pvsystCellTemperature,
  pvwattsDc,
  pvwattsInverter,
  pvwattsLosses,
  sapmCellTemperature,
} from '../../../src/power/index.js';
import { inputColumn, param } from '../runner.js';
import { TOLERANCE, type CaseHandler, type ReferenceCase } from '../schema.js';

// Cell temperature cases may also come in a temperature* file (temperature.json holds the newer models).
const isPvPower = (fileStem: string): boolean => fileStem.startsWith('pv_power') || fileStem.startsWith('temperature');

function weather(refCase: ReferenceCase) {
  return {
    poaGlobal: inputColumn(refCase, 'poa_global'),
    airTemp: inputColumn(refCase, 'temp_air'),
    windSpeed: inputColumn(refCase, 'wind_speed'),
  };
}

/** pvlib.temperature.sapm_cell with the case's a, b, deltaT (any mounting). */
const sapmHandler: CaseHandler = {
  variant: 'sapm_cell',
  // sapm_cell_from_module is another function (temperature_models.ts).
  matches: (stem, name) => isPvPower(stem) && name.startsWith('sapm_cell') && !name.startsWith('sapm_cell_from_module'),
  run: (c) => ({
    temp_cell: sapmCellTemperature(weather(c), {
      a: param(c, 'a', Number.NaN),
      b: param(c, 'b', Number.NaN),
      deltaT: param(c, 'deltaT', Number.NaN),
      irradRef: param(c, 'irrad_ref', 1000),
    }),
  }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.temperature.faiman. */
const faimanHandler: CaseHandler = {
  variant: 'faiman',
  // faiman_rad is another function (temperature_models.ts).
  matches: (stem, name) => isPvPower(stem) && name.startsWith('faiman') && !name.startsWith('faiman_rad'),
  run: (c) => ({ temp_cell: faimanCellTemperature(weather(c), { u0: param(c, 'u0', 25), u1: param(c, 'u1', 6.84) }) }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.temperature.pvsyst_cell. */
const pvsystHandler: CaseHandler = {
  variant: 'pvsyst_cell',
  matches: (stem, name) => isPvPower(stem) && name.startsWith('pvsyst_cell'),
  run: (c) => ({
    temp_cell: pvsystCellTemperature(weather(c), {
      uC: param(c, 'u_c', 29),
      uV: param(c, 'u_v', 0),
      moduleEfficiency: param(c, 'module_efficiency', 0.1),
      alphaAbsorption: param(c, 'alpha_absorption', 0.9),
    }),
  }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.pvsystem.pvwatts_dc, with Marion's low-light `k` and `cap_adjustment` when the case gives them. */
export function pvwattsDcColumns(c: ReferenceCase): { pdc: Float64Array } {
  const k = param<number | undefined>(c, 'k', undefined);
  return {
    pdc: pvwattsDc(
      { effectiveIrradiance: inputColumn(c, 'effective_irradiance'), tempCell: inputColumn(c, 'temp_cell') },
      {
        pdc0: param(c, 'pdc0', Number.NaN),
        gammaPdc: param(c, 'gamma_pdc', Number.NaN),
        tempRef: param(c, 'temp_ref', 25),
        ...(k !== undefined ? { k, capAdjustment: param(c, 'cap_adjustment', false) } : {}),
      },
    ),
  };
}

/** pvlib.pvsystem.pvwatts_dc. */
const pvwattsDcHandler: CaseHandler = {
  variant: 'pvwatts_dc',
  matches: (stem, name) => isPvPower(stem) && name.startsWith('pvwatts_dc'),
  run: pvwattsDcColumns,
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.inverter.pvwatts. */
const pvwattsInverterHandler: CaseHandler = {
  variant: 'pvwatts_inverter',
  matches: (stem, name) => isPvPower(stem) && name.startsWith('pvwatts_inverter'),
  run: (c) => ({
    pac: pvwattsInverter(inputColumn(c, 'pdc'), {
      pdc0: param(c, 'pdc0', Number.NaN),
      etaInvNom: param(c, 'eta_inv_nom', 0.96),
      etaInvRef: param(c, 'eta_inv_ref', 0.9637),
    }),
  }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.pvsystem.pvwatts_losses: the defaults, or the named losses (percent) given as params. */
const pvwattsLossesHandler: CaseHandler = {
  variant: 'pvwatts_losses',
  matches: (stem, name) => isPvPower(stem) && name.startsWith('pvwatts_losses'),
  run: (c) => {
    const p = (name: string): number | undefined => param<number | undefined>(c, name, undefined);
    return {
      loss_percent: [
        pvwattsLosses({
          soiling: p('soiling'),
          shading: p('shading'),
          snow: p('snow'),
          mismatch: p('mismatch'),
          wiring: p('wiring'),
          connections: p('connections'),
          lid: p('lid'),
          nameplateRating: p('nameplate_rating'),
          age: p('age'),
          availability: p('availability'),
        }),
      ],
    };
  },
  defaultTolerance: TOLERANCE.value,
};

export const handlers: CaseHandler[] = [
  sapmHandler,
  faimanHandler,
  pvsystHandler,
  pvwattsDcHandler,
  pvwattsInverterHandler,
  pvwattsLossesHandler,
];
