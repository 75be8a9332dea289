/**
 * PVWatts version 5 DC, inverter and system-loss models: A. P. Dobos, "PVWatts Version 5 Manual",
 * NREL/TP-6A20-62641 (2014), DOI 10.2172/1158421. Semantics follow pvlib.pvsystem.pvwatts_dc,
 * pvlib.inverter.pvwatts and pvlib.pvsystem.pvwatts_losses.
 */
import { asColumn, type Column, outputColumn, seriesLength } from '../util/columns.js';
import {
  checkAtLeast,
  checkFinite,
  checkObject,
  checkOneOf,
  checkRange,
  checkSeries,
  typeFailure,
} from '../util/validate.js';

/**
 * PVWatts DC power, W (or the unit of `pdc0`): P = G/1000 * pdc0 * (1 + gamma (T_cell - T_ref)).
 * Inputs: effective irradiance W/m2, cell temperature degrees C; pdc0 power at 1000 W/m2 and
 * T_ref; gammaPdc temperature coefficient 1/degrees C (typically -0.002 to -0.005); tempRef
 * degrees C (default 25).
 * With `k` (unitless; the relative loss of power at 200 W/m2, e.g. 0.01 for a module that gives 95 W
 * where 0.2 pdc0 = 100 W would be linear), Marion's low-light adjustment is subtracted:
 * pdc0 k (1 - (1 - G/200)^4) for G <= 200 W/m2 and pdc0 k (1000 - G)/800 above, and the result is
 * never below 0; with `capAdjustment` the adjustment is 0 at and above 1000 W/m2 (else it raises the
 * power there). Without `k` the model is Dobos's, unchanged.
 * Dobos (2014), PVWatts Version 5 Manual, NREL/TP-6A20-62641, doi:10.2172/1158421; Marion (2008),
 * Comparison of Predictive Models for Photovoltaic Module Performance, 33rd IEEE PVSC,
 * doi:10.1109/PVSC.2008.4922586; follows pvlib.pvsystem.pvwatts_dc.
 * @example
 * pvwattsDc({ effectiveIrradiance: 800, tempCell: 45 }, { pdc0: 5000, gammaPdc: -0.0037 })[0]; // about 3704 W
 * pvwattsDc({ effectiveIrradiance: 100, tempCell: 25 }, { pdc0: 5000, gammaPdc: -0.0037, k: 0.01 })[0]; // about 453.1 W
 */
export function pvwattsDc(
  input: { effectiveIrradiance: Column; tempCell: Column },
  options: { pdc0: number; gammaPdc: number; tempRef?: number; k?: number; capAdjustment?: boolean },
  out?: Float64Array,
): Float64Array {
  const fn = 'pvwattsDc';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  checkAtLeast(fn, 'options.pdc0', options.pdc0, 0, 'W (or the unit of the power wanted)');
  checkRange(fn, 'options.gammaPdc', options.gammaPdc, -0.1, 0.1, '1/degrees C');
  if (options.tempRef !== undefined) checkFinite(fn, 'options.tempRef', options.tempRef, 'degrees C');
  if (options.k !== undefined) checkFinite(fn, 'options.k', options.k, 'unitless');
  if (options.capAdjustment !== undefined && typeof options.capAdjustment !== 'boolean') {
    typeFailure(fn, 'options.capAdjustment', 'a boolean', options.capAdjustment);
  }
  checkSeries(fn, [
    ['effectiveIrradiance', input.effectiveIrradiance, 'W/m2'],
    ['tempCell', input.tempCell, 'degrees C'],
  ]);
  const n = seriesLength(input.effectiveIrradiance, input.tempCell);
  const g = asColumn(input.effectiveIrradiance, n);
  const tc = asColumn(input.tempCell, n);
  const res = outputColumn(out, n);
  const { pdc0, gammaPdc } = options;
  const tempRef = options.tempRef ?? 25;
  for (let i = 0; i < n; i++) res[i] = g[i]! * 0.001 * pdc0 * (1 + gammaPdc * (tc[i]! - tempRef));
  if (options.k !== undefined) marionLowLight(g, pdc0, options.k, options.capAdjustment === true, res);
  return res;
}

/**
 * Marion's (2008) low-light adjustment of PVWatts DC power, in place, as pvlib.pvsystem.pvwatts_dc
 * applies it with `k`: a second pass, so that the power without `k` stays the same doubles.
 */
function marionLowLight(g: Float64Array, pdc0: number, k: number, cap: boolean, res: Float64Array): void {
  for (let i = 0; i < res.length; i++) {
    const e = g[i]!;
    let err: number;
    if (e <= 200) {
      const x = 1 - e / 200;
      err = k * (1 - x * x * x * x);
    } else {
      err = (k * (1000 - e)) / 800;
    }
    if (cap && e >= 1000) err = 0;
    const p = res[i]! - pdc0 * err;
    // np.where(pdc < 0, 0, pdc): NaN stays NaN.
    res[i] = p < 0 ? 0 : p;
  }
}

/**
 * PVWatts inverter AC power, same unit as `pdc0`. Efficiency
 * eta = etaNom / etaRef * (-0.0162 z - 0.0059 / z + 0.9858) with z = pdc / pdc0, and
 * P_ac = min(eta pdc, etaNom pdc0), at least 0 (Dobos 2014, with the parentheses of pvlib's
 * GH 541 fix). `pdc0` is the DC input limit (AC rating / etaNom); etaNom default 0.96, etaRef
 * 0.9637. A DC power of 0 gives 0.
 * @example
 * pvwattsInverter(3000, { pdc0: 5000 / 0.96 })[0]; // about 2872 W
 */
export function pvwattsInverter(
  pdc: Column,
  options: { pdc0: number; etaInvNom?: number; etaInvRef?: number },
  out?: Float64Array,
): Float64Array {
  const fn = 'pvwattsInverter';
  checkObject(fn, 'options', options);
  checkAtLeast(fn, 'options.pdc0', options.pdc0, 0, 'W (DC input limit)', true);
  if (options.etaInvNom !== undefined) checkRange(fn, 'options.etaInvNom', options.etaInvNom, 0.01, 1.5, 'fraction');
  if (options.etaInvRef !== undefined) checkRange(fn, 'options.etaInvRef', options.etaInvRef, 0.01, 1.5, 'fraction');
  checkSeries(fn, [['pdc', pdc, 'W (the unit of pdc0)']]);
  const n = seriesLength(pdc);
  const p = asColumn(pdc, n);
  const res = outputColumn(out, n);
  const pdc0 = options.pdc0;
  const etaNom = options.etaInvNom ?? 0.96;
  const scale = etaNom / (options.etaInvRef ?? 0.9637);
  const pac0 = etaNom * pdc0;
  for (let i = 0; i < n; i++) {
    const dc = p[i]!;
    const zeta = dc / pdc0;
    const eta = scale * (-0.0162 * zeta - (dc !== 0 ? 0.0059 / zeta : 0) + 0.9858);
    let ac = eta * dc;
    if (pac0 < ac) ac = pac0;
    res[i] = ac > 0 ? ac : ac === ac ? 0 : ac;
  }
  return res;
}

/** The PVWatts system losses, percent (PVWatts defaults). */
export interface PvwattsLosses {
  /** Dirt, dust and other deposits on the modules, % (default 2). */
  soiling?: number;
  /** Shade from nearby objects and other rows, % (default 3). */
  shading?: number;
  /** Snow covering the modules, % (default 0). */
  snow?: number;
  /** Modules of slightly different characteristics wired together, % (default 2). */
  mismatch?: number;
  /** Resistance of the DC and AC wiring, % (default 2). */
  wiring?: number;
  /** Resistance of the electrical connectors, % (default 0.5). */
  connections?: number;
  /** Light-induced degradation in the modules' first months, % (default 1.5). */
  lid?: number;
  /** Modules below their nameplate rating, % (default 1). */
  nameplateRating?: number;
  /** Ageing of the modules, % (default 0). */
  age?: number;
  /** Downtime for maintenance, outages and curtailment, % (default 3). */
  availability?: number;
}

const LOSS_NAMES: readonly string[] = [
  'soiling',
  'shading',
  'snow',
  'mismatch',
  'wiring',
  'connections',
  'lid',
  'nameplateRating',
  'age',
  'availability',
];

/**
 * PVWatts total system loss, percent: 100 (1 - prod(1 - L_i / 100)) (Dobos 2014). Defaults, %:
 * soiling 2, shading 3, snow 0, mismatch 2, wiring 2, connections 0.5, LID 1.5, nameplate 1,
 * age 0, availability 3 (14.08 % in all).
 * @example
 * pvwattsLosses(); // about 14.08 percent
 */
export function pvwattsLosses(losses: PvwattsLosses = {}): number {
  checkObject('pvwattsLosses', 'losses', losses);
  for (const [k, v] of Object.entries(losses)) {
    checkOneOf('pvwattsLosses', 'a name of losses', k, LOSS_NAMES);
    if (v !== undefined) checkRange('pvwattsLosses', `losses.${k}`, v, 0, 100, 'percent');
  }
  const values = [
    losses.soiling ?? 2,
    losses.shading ?? 3,
    losses.snow ?? 0,
    losses.mismatch ?? 2,
    losses.wiring ?? 2,
    losses.connections ?? 0.5,
    losses.lid ?? 1.5,
    losses.nameplateRating ?? 1,
    losses.age ?? 0,
    losses.availability ?? 3,
  ];
  let perf = 1;
  for (const v of values) perf *= 1 - v / 100;
  return (1 - perf) * 100;
}
