/**
 * Reference handlers for the cases of pv_dc.json (scripts/pvlib/sapm_inverters.py): the DC helpers
 * of pvlib.pvsystem (`scale_voltage_current_power_*`, `dc_ohms_from_percent_*`, `dc_ohmic_losses*`,
 * `combine_loss_factors_*`) and PVWatts DC with Marion's low-light `k` (`pvwatts_dc*`, the handler
 * of pv_power.json's cases). Parameters by pvlib's names, with pvlib's defaults.
 */
import { combineLossFactors, dcOhmicLosses, dcOhmicResistance, scaleVoltageCurrentPower } from '../../../src/pv/dc.js';
import { inputColumn, param } from '../runner.js';
import { type CaseHandler, type ComputedColumns, TOLERANCE } from '../schema.js';
import { pvwattsDcColumns } from './pv_power.js';

const isDcFile = (stem: string): boolean => stem.startsWith('pv_dc');

/** pvlib's column names of the I-V points and the core's. */
const IV_NAMES = {
  i_sc: 'iSc',
  i_mp: 'iMp',
  v_oc: 'vOc',
  v_mp: 'vMp',
  p_mp: 'pMp',
  i_x: 'iX',
  i_xx: 'iXx',
} as const;

/** pvlib.pvsystem.scale_voltage_current_power over the case's columns (any of the seven). */
const scaleHandler: CaseHandler = {
  variant: 'scale_voltage_current_power',
  matches: (stem, name) => isDcFile(stem) && name.startsWith('scale_voltage_current_power'),
  run: (c) => {
    const columns: Record<string, Float64Array> = {};
    for (const [py, ts] of Object.entries(IV_NAMES)) if (c.inputs[py] !== undefined) columns[ts] = inputColumn(c, py);
    const r = scaleVoltageCurrentPower(columns, { voltage: param(c, 'voltage', 1), current: param(c, 'current', 1) });
    const out: ComputedColumns = {};
    for (const [py, ts] of Object.entries(IV_NAMES)) {
      const col = r[ts];
      if (col !== undefined) out[py] = col;
    }
    return out;
  },
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.pvsystem.pvwatts_dc (with k and cap_adjustment when the case gives them). */
const pvwattsDcHandler: CaseHandler = {
  variant: 'pvwatts_dc',
  matches: (stem, name) => isDcFile(stem) && name.startsWith('pvwatts_dc'),
  run: pvwattsDcColumns,
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.pvsystem.dc_ohms_from_percent, row by row over the case's columns. */
const ohmsHandler: CaseHandler = {
  variant: 'dc_ohms_from_percent',
  matches: (stem, name) => isDcFile(stem) && name.startsWith('dc_ohms_from_percent'),
  run: (c) => {
    const vmp = inputColumn(c, 'vmp_ref');
    const imp = inputColumn(c, 'imp_ref');
    const pct = inputColumn(c, 'dc_ohmic_percent');
    const modulesPerString = param(c, 'modules_per_string', 1);
    const strings = param(c, 'strings', 1);
    const resistance = vmp.map((v, i) =>
      dcOhmicResistance({ vmpRef: v, impRef: imp[i]!, dcOhmicPercent: pct[i]!, modulesPerString, strings }),
    );
    return { resistance };
  },
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.pvsystem.dc_ohmic_losses. */
const lossesHandler: CaseHandler = {
  variant: 'dc_ohmic_losses',
  matches: (stem, name) => isDcFile(stem) && name.startsWith('dc_ohmic_losses'),
  run: (c) => ({
    losses: dcOhmicLosses({ resistance: inputColumn(c, 'resistance'), current: inputColumn(c, 'current') }),
  }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.pvsystem.combine_loss_factors: losses on their own indexes (params.losses), fill_method default ffill. */
const combineHandler: CaseHandler = {
  variant: 'combine_loss_factors',
  matches: (stem, name) => isDcFile(stem) && name.startsWith('combine_loss_factors'),
  run: (c) => {
    const toColumn = (xs: (number | null)[]) => Float64Array.from(xs, (x) => (x === null ? Number.NaN : x));
    const losses = param<{ unix_s: (number | null)[]; values: (number | null)[] }[]>(c, 'losses', []).map((l) => ({
      unixSeconds: toColumn(l.unix_s),
      values: toColumn(l.values),
    }));
    return {
      combined: combineLossFactors(
        { unixSeconds: inputColumn(c, 'unix_s'), losses },
        { fillMethod: param<'ffill' | 'bfill' | 'none'>(c, 'fill_method', 'ffill') },
      ),
    };
  },
  defaultTolerance: TOLERANCE.value,
};

export const handlers: CaseHandler[] = [scaleHandler, pvwattsDcHandler, ohmsHandler, lossesHandler, combineHandler];
