/**
 * PVWatts version 5 DC, inverter and system-loss models: A. P. Dobos, "PVWatts Version 5 Manual",
 * NREL/TP-6A20-62641 (2014), DOI 10.2172/1158421. Semantics follow pvlib.pvsystem.pvwatts_dc,
 * pvlib.inverter.pvwatts and pvlib.pvsystem.pvwatts_losses.
 */
import { asColumn, type Column, outputColumn, seriesLength } from '../util/columns.js';

/**
 * PVWatts DC power, W (or the unit of `pdc0`): P = G/1000 * pdc0 * (1 + gamma (T_cell - T_ref)).
 * Inputs: effective irradiance W/m2, cell temperature degrees C; pdc0 power at 1000 W/m2 and
 * T_ref; gammaPdc temperature coefficient 1/degrees C (typically -0.002 to -0.005); tempRef
 * degrees C (default 25).
 */
export function pvwattsDc(
  input: { effectiveIrradiance: Column; tempCell: Column },
  options: { pdc0: number; gammaPdc: number; tempRef?: number },
  out?: Float64Array,
): Float64Array {
  const n = seriesLength(input.effectiveIrradiance, input.tempCell);
  const g = asColumn(input.effectiveIrradiance, n);
  const tc = asColumn(input.tempCell, n);
  const res = outputColumn(out, n);
  const { pdc0, gammaPdc } = options;
  const tempRef = options.tempRef ?? 25;
  for (let i = 0; i < n; i++) res[i] = g[i]! * 0.001 * pdc0 * (1 + gammaPdc * (tc[i]! - tempRef));
  return res;
}

/**
 * PVWatts inverter AC power, same unit as `pdc0`. Efficiency
 * eta = etaNom / etaRef * (-0.0162 z - 0.0059 / z + 0.9858) with z = pdc / pdc0, and
 * P_ac = min(eta pdc, etaNom pdc0), at least 0 (Dobos 2014, with the parentheses of pvlib's
 * GH 541 fix). `pdc0` is the DC input limit (AC rating / etaNom); etaNom default 0.96, etaRef
 * 0.9637. A DC power of 0 gives 0.
 */
export function pvwattsInverter(
  pdc: Column,
  options: { pdc0: number; etaInvNom?: number; etaInvRef?: number },
  out?: Float64Array,
): Float64Array {
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
  soiling?: number;
  shading?: number;
  snow?: number;
  mismatch?: number;
  wiring?: number;
  connections?: number;
  lid?: number;
  nameplateRating?: number;
  age?: number;
  availability?: number;
}

/**
 * PVWatts total system loss, percent: 100 (1 - prod(1 - L_i / 100)) (Dobos 2014). Defaults, %:
 * soiling 2, shading 3, snow 0, mismatch 2, wiring 2, connections 0.5, LID 1.5, nameplate 1,
 * age 0, availability 3 (14.08 % in all).
 */
export function pvwattsLosses(losses: PvwattsLosses = {}): number {
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
