/**
 * Bishop's (1988) explicit form of the single-diode equation: every point of the I-V curve from the
 * diode voltage Vd = V + I Rs, with PVsyst's recombination current of thin films (Merten et al. 1998,
 * DOI 10.1109/16.658676; Mermoud and Lejeune 2010) and the reverse-bias breakdown term, and the
 * solvers that find a point by a condition on it (a voltage, a current, the maximum power): a
 * vectorised Newton iteration on Vd and a bracketed search (Brent's method) between 0 and the
 * estimated open-circuit voltage. Follows pvlib.singlediode.bishop88 and bishop88_i_from_v,
 * bishop88_v_from_i, bishop88_mpp.
 *
 * J. W. Bishop, "Computer simulation of the effects of electrical mismatches in photovoltaic cell
 * interconnection circuits", Solar Cells 25 (1988) 73-89, DOI 10.1016/0379-6787(88)90059-2.
 */
import { type Column, columnOf, maskOf, outputColumn } from '../util/columns.js';
import { checkFinite, checkObject } from '../util/validate.js';
import { BISHOP_METHODS, checkDiodeInput, checkMethod, type SingleDiodeInput } from './checks.js';
import { lambertWOfLog } from './lambert-w.js';

/**
 * One point of Bishop's form and its derivatives, written by {@link bishopPoint} (a module scratch,
 * so the solvers' loops allocate nothing): current, voltage, dI/dVd, dV/dVd, dP/dV, d2P/(dV dVd).
 */
const P = new Float64Array(6);
const I_ = 0;
const V_ = 1;
const DI = 2;
const DV = 3;
const DP = 4;
const D2P = 5;

/**
 * Parameters of the row being solved, in a typed array rather than module variables (a double
 * written to a module variable is boxed on every write, which cost a third of the solvers' time):
 * IL, I0, Rs, Gsh = 1/Rsh, nNsVth, d2mutau, NsVbi, then the breakdown factor, voltage (V) and exponent.
 */
const R = new Float64Array(10);
const IL = 0;
const I0 = 1;
const RS = 2;
const GSH = 3;
const A = 4;
const D2MUTAU = 5;
const NSVBI = 6;
const BF = 7;
const BV = 8;
const BEXP = 9;

/** Sets the row's parameters for {@link bishopPoint} and the solvers. */
export function setRow(
  photocurrent: number,
  saturationCurrent: number,
  resistanceSeries: number,
  resistanceShunt: number,
  nNsVth: number,
  d2mutauValue: number,
  nsVbiValue: number,
): void {
  R[IL] = photocurrent;
  R[I0] = saturationCurrent;
  R[RS] = resistanceSeries;
  R[GSH] = 1 / resistanceShunt;
  R[A] = nNsVth;
  R[D2MUTAU] = d2mutauValue;
  R[NSVBI] = nsVbiValue;
}

/** Sets the breakdown terms (pvlib's breakdown_factor, breakdown_voltage, breakdown_exp). */
export function setBreakdown(factor: number, voltage: number, exponent: number): void {
  R[BF] = factor;
  R[BV] = voltage;
  R[BEXP] = exponent;
}

/**
 * Current and voltage at diode voltage vd for the row set by {@link setRow}, into the scratch;
 * with `gradients`, also the derivatives the solvers need (pvlib's bishop88 gradients).
 */
export function bishopPoint(vd: number, gradients: boolean): void {
  const il = R[IL]!;
  const i0 = R[I0]!;
  const rs = R[RS]!;
  const gsh = R[GSH]!;
  const a = R[A]!;
  const d2mutau = R[D2MUTAU]!;
  const bf = R[BF]!;
  // Recombination only where d2mutau > 0 (pvlib's is_recomb); otherwise the term is exactly 0.
  let iRec = 0;
  let vRec = Number.POSITIVE_INFINITY;
  if (d2mutau > 0) {
    vRec = R[NSVBI]! - vd;
    iRec = (il * d2mutau) / vRec;
  }
  const ex = Math.exp(vd / a);
  // The breakdown term is skipped when its factor is 0 (pvlib computes it, 0 times a power that is
  // NaN below the breakdown voltage; here it is 0 there as well).
  let iBrk = 0;
  let brk = 0;
  if (bf !== 0) {
    brk = 1 - vd / R[BV]!;
    iBrk = bf * vd * gsh * brk ** -R[BEXP]!;
  }
  // e^x - 1 is exact to rounding where e^x > 2; expm1 below, where the subtraction would cancel.
  const em1 = vd > 0.7 * a ? ex - 1 : Math.expm1(vd / a);
  const i = il - i0 * em1 - vd * gsh - iRec - iBrk;
  const v = vd - i * rs;
  P[I_] = i;
  P[V_] = v;
  if (!gradients) return;
  const gRec = d2mutau > 0 ? iRec / vRec : 0;
  const g2Rec = d2mutau > 0 ? (2 * gRec) / vRec : 0;
  const gDiode = (i0 * ex) / a;
  let gBrk = 0;
  let g2Brk = 0;
  if (bf !== 0) {
    const bv = R[BV]!;
    const bexp = R[BEXP]!;
    const p0 = brk ** -bexp;
    const p1 = brk ** (-bexp - 1);
    const p2 = brk ** (-bexp - 2);
    const f = bf * gsh;
    // d/dVd of (1 - Vd/Vbr)^-m is (m / Vbr) (1 - Vd/Vbr)^(-m-1). pvlib's gradients leave out the
    // 1/Vbr (as if Vbr were 1 V); the derivatives here are the exact ones.
    gBrk = f * (p0 + ((vd * bexp) / bv) * p1);
    g2Brk = ((f * bexp) / bv) * (2 * p1 + ((vd * (bexp + 1)) / bv) * p2);
  }
  const gi = -gDiode - gsh - gRec - gBrk;
  const gv = 1 - gi * rs;
  const grad = gi / gv;
  const g2i = -gDiode / a - g2Rec - g2Brk;
  const g2v = -g2i * rs;
  P[DI] = gi;
  P[DV] = gv;
  P[DP] = v * grad + i;
  P[D2P] = gv * grad + v * (g2i / gv - (gi * g2v) / (gv * gv)) + gi;
}

/** What a solver finds: the Vd where the voltage is given, where the current is, or of maximum power. */
export const FIND_I_FROM_V = 0;
export const FIND_V_FROM_I = 1;
export const FIND_MPP = 2;

/** The residual of condition `kind` at vd (the point's derivatives are left in the scratch). */
function residual(kind: number, vd: number, target: number): number {
  bishopPoint(vd, kind === FIND_MPP);
  return kind === FIND_I_FROM_V ? P[V_]! - target : kind === FIND_V_FROM_I ? P[I_]! - target : P[DP]!;
}

/**
 * Newton's iteration on vd from x0 (pvlib's bishop88_* with method 'newton', scipy.optimize.newton):
 * stops when a step is below 1e-10 (1 + |vd|) V, after which quadratic convergence has left an
 * error far below that. NaN when a step is not finite (a zero derivative, an overflow) or 100
 * steps do not converge: the callers then try the bracketed search.
 */
export function newtonRow(kind: number, x0: number, target: number): number {
  let x = x0;
  for (let k = 0; k < 100; k++) {
    bishopPoint(x, true);
    const f = kind === FIND_I_FROM_V ? P[V_]! - target : kind === FIND_V_FROM_I ? P[I_]! - target : P[DP]!;
    if (f === 0) return x;
    const d = kind === FIND_I_FROM_V ? P[DV]! : kind === FIND_V_FROM_I ? P[DI]! : P[D2P]!;
    const dx = f / d;
    if (!Number.isFinite(dx)) return Number.NaN;
    x -= dx;
    if (Math.abs(dx) <= NEWTON_TOL * (1 + Math.abs(x))) return x;
  }
  return Number.NaN;
}

/**
 * Newton's steps stop below NEWTON_TOL (1 + |vd|) V. pvlib stops below 1e-6 V; a step that small
 * leaves an error of order f''/f' times its square (quadratic convergence), below 1e-14 V here.
 */
const NEWTON_TOL = 1e-8;

/**
 * The plain maximum's steps stop below 1e-7 (1 + |Vd|) V: its f''/f' is below 1/V for any module
 * (the diode's 1/nNsVth), so the last step leaves an error below 1e-12 V.
 */
const NEWTON_TOL_MPP = 1e-7;

/**
 * {@link newtonRow} for the maximum power point without recombination and breakdown terms (every
 * CEC and De Soto set, most PVsyst ones): the same iteration with the derivatives written out for
 * that case, one exponential per step and no scratch.
 */
function newtonMppPlain(il: number, i0: number, rs: number, gsh: number, a: number, x0: number): number {
  let x = x0;
  const ia = 1 / a;
  for (let k = 0; k < 100; k++) {
    const ed = i0 * Math.exp(x * ia) * ia;
    const i = il + i0 - ed * a - x * gsh;
    const v = x - i * rs;
    const gi = -ed - gsh;
    const gv = 1 - gi * rs;
    const g2i = -ed * ia;
    // dP/dV = (V gi + I gv) / gv and its derivative 2 gi + V g2i / gv^2 (as newtonRow's, with
    // gv + gi Rs = 1), so that the step is one division: gv (V gi + I gv) / (2 gi gv^2 + V g2i).
    const f = v * gi + i * gv;
    if (f === 0) return x;
    const dx = (gv * f) / (2 * gi * gv * gv + v * g2i);
    if (!(Math.abs(dx) < Number.POSITIVE_INFINITY)) return Number.NaN;
    x -= dx;
    if (Math.abs(dx) <= NEWTON_TOL_MPP * (1 + Math.abs(x))) return x;
  }
  return Number.NaN;
}

/**
 * The ideal diode's maximum x0 (from W) moved by Rs and Rsh to first order: one Newton step on
 * dP/dVd = I + Vd I' - 2 Rs I I' (Rsh's current -Vd Gsh in I) from x0, where I + x0 I' = 0, with
 * I0 e^(x0/a) = (IL + I0) / W known without an exponential. The start is then within about 1 %
 * of a volt instead of a tenth (CEC modules over a year), and Newton needs three steps instead of
 * three or four. A start only: NaN or infinite shifts (W = 0) leave x0.
 */
function mppStartShift(il: number, i0: number, rs: number, gsh: number, a: number, x0: number): number {
  const w = x0 / a + 1;
  const diode = (il + i0) / w;
  const i = il + i0 - diode;
  const shift = (2 * (rs * i - (x0 * gsh * a) / diode)) / (w + 1);
  return Math.abs(shift) < Number.POSITIVE_INFINITY ? x0 + shift : x0;
}

/** scipy.optimize.brentq's default tolerances: xtol 2e-12 V, rtol 4 eps. */
const XTOL = 2e-12;
const RTOL = 4 * Number.EPSILON;

/**
 * Brent's method (1973) for vd in [lo, hi] (pvlib's method 'brentq'): inverse quadratic
 * interpolation or secant steps kept inside the bracket, bisection where they would not shrink it
 * fast enough. NaN where the residual is NaN at an end or has one sign at both (pvlib raises there).
 */
export function brentRow(kind: number, lo: number, hi: number, target: number): number {
  let xpre = lo;
  let xcur = hi;
  let fpre = residual(kind, xpre, target);
  let fcur = residual(kind, xcur, target);
  if (fpre !== fpre || fcur !== fcur || fpre * fcur > 0) return Number.NaN;
  if (fpre === 0) return xpre;
  if (fcur === 0) return xcur;
  let xblk = 0;
  let fblk = 0;
  let spre = 0;
  let scur = 0;
  for (let k = 0; k < 100; k++) {
    if (fpre !== 0 && fcur !== 0 && fpre < 0 !== fcur < 0) {
      xblk = xpre;
      fblk = fpre;
      spre = scur = xcur - xpre;
    }
    if (Math.abs(fblk) < Math.abs(fcur)) {
      xpre = xcur;
      xcur = xblk;
      xblk = xpre;
      fpre = fcur;
      fcur = fblk;
      fblk = fpre;
    }
    const delta = (XTOL + RTOL * Math.abs(xcur)) / 2;
    const sbis = (xblk - xcur) / 2;
    if (fcur === 0 || Math.abs(sbis) < delta) return xcur;
    if (Math.abs(spre) > delta && Math.abs(fcur) < Math.abs(fpre)) {
      let stry: number;
      if (xpre === xblk) {
        stry = (-fcur * (xcur - xpre)) / (fcur - fpre);
      } else {
        const dpre = (fpre - fcur) / (xpre - xcur);
        const dblk = (fblk - fcur) / (xblk - xcur);
        stry = (-fcur * (fblk * dblk - fpre * dpre)) / (dblk * dpre * (fblk - fpre));
      }
      const lim = Math.abs(spre) < 3 * Math.abs(sbis) - delta ? Math.abs(spre) : 3 * Math.abs(sbis) - delta;
      if (2 * Math.abs(stry) < lim) {
        spre = scur;
        scur = stry;
      } else {
        spre = sbis;
        scur = sbis;
      }
    } else {
      spre = sbis;
      scur = sbis;
    }
    xpre = xcur;
    fpre = fcur;
    xcur += Math.abs(scur) > delta ? scur : sbis > 0 ? delta : -delta;
    fcur = residual(kind, xcur, target);
    if (fcur !== fcur) return Number.NaN;
  }
  return xcur;
}

/**
 * The upper end of the searches of the row set by {@link setRow}: the estimated open-circuit
 * voltage nNsVth log(IL/I0 + 1), or 0.9999 NsVbi where that is lower (the recombination term's
 * asymptote), as pvlib.
 */
export function searchTop(): number {
  const voc = R[A]! * Math.log(R[IL]! / R[I0]! + 1);
  const nsVbi = R[NSVBI]!;
  return voc < nsVbi ? voc : 0.9999 * nsVbi;
}

/** The vd of condition `kind` for the row set by {@link setRow}, by `method`; NaN where none. */
export function solveRow(kind: number, newton: boolean, target: number): number {
  if (target !== target) return Number.NaN;
  // No light (IL = 0, a night row): every other point of the curve draws power (I and V of opposite
  // signs), so the maximum is Vd = 0, I = V = P = 0 exactly, where both methods' iterations end.
  if (kind === FIND_MPP && R[IL] === 0) return 0;
  if (!newton) return bracketed(kind, target);
  let x0: number;
  if (kind === FIND_I_FROM_V) x0 = target;
  else if (kind === FIND_V_FROM_I) x0 = searchTop();
  else {
    // The ideal diode's maximum (Rs = 0, Rsh infinite): (1 + Vd/a) e^(1 + Vd/a) = e (IL + I0) / I0,
    // a start from which Newton needs two or three steps instead of pvlib's eight from Voc. W by
    // its asymptotic series alone where that is within 0.1 % (log argument > 8): a start only.
    const il = R[IL]!;
    const i0 = R[I0]!;
    const l = 1 + Math.log((il + i0) / i0);
    const ll = Math.log(l);
    const w = l > 8 ? l - ll + ll / l : lambertWOfLog(l);
    x0 = R[A]! * (w - 1);
    // With recombination the search stays below NsVbi, the term's asymptote (pvlib starts there).
    if (R[D2MUTAU]! > 0 && !(x0 < R[NSVBI]!)) x0 = searchTop();
  }
  const plain = kind === FIND_MPP && !(R[D2MUTAU]! > 0) && R[BF] === 0;
  const vd = plain
    ? newtonMppPlain(R[IL]!, R[I0]!, R[RS]!, R[GSH]!, R[A]!, mppStartShift(R[IL]!, R[I0]!, R[RS]!, R[GSH]!, R[A]!, x0))
    : newtonRow(kind, x0, target);
  return vd !== vd ? bracketed(kind, target) : vd;
}

/** Brent's method between 0 and the top of the search; NaN where that top is NaN. */
function bracketed(kind: number, target: number): number {
  const top = searchTop();
  return top !== top ? Number.NaN : brentRow(kind, 0, top, target);
}

/**
 * The diode voltage of the maximum power point without recombination and breakdown terms, for the
 * Lambert W path of singleDiode: Newton from the ideal diode's maximum, the bracketed search where
 * that fails (then the row is set into the scratch). NaN for NaN.
 */
export function mppPlainRow(il: number, i0: number, rs: number, gsh: number, a: number): number {
  if (il === 0) return 0; // no light: the maximum is at Vd = 0 (see solveRow)
  const l = 1 + Math.log((il + i0) / i0);
  const ll = Math.log(l);
  const w = l > 8 ? l - ll + ll / l : lambertWOfLog(l);
  const x0 = a * (w - 1);
  const vd = newtonMppPlain(il, i0, rs, gsh, a, mppStartShift(il, i0, rs, gsh, a, x0));
  if (vd === vd || il !== il || i0 !== i0 || rs !== rs || gsh !== gsh || a !== a) return vd;
  setRow(il, i0, rs, 1 / gsh, a, 0, Number.POSITIVE_INFINITY);
  setBreakdown(0, -5.5, 3.28);
  return brentRow(FIND_MPP, 0, searchTop(), 0);
}

/** Current (A) and voltage (V) at vd for the row set, read after {@link bishopPoint}. */
export function pointCurrent(): number {
  return P[I_]!;
}

/** Voltage (V) of the last {@link bishopPoint}. */
export function pointVoltage(): number {
  return P[V_]!;
}

/** The thin-film recombination columns of PVsyst (Mermoud and Lejeune 2010), optional. */
export interface RecombinationColumns {
  /** PVsyst's d^2/(mu tau) of CdTe and a-Si modules, V (pvlib's `d2mutau`; default 0: no recombination current). */
  d2mutau?: Column;
  /** Cells in series times the built-in voltage of the intrinsic layer, V (pvlib's `NsVbi`; default Infinity). */
  nsVbi?: Column;
}

/** The reverse-bias breakdown terms of Bishop's form (pvlib's defaults: 0, -5.5 V, 3.28). */
export interface BreakdownOptions {
  /** Fraction of the ohmic current involved in avalanche breakdown, unitless (default 0: no breakdown term). */
  breakdownFactor?: number;
  /** Reverse breakdown voltage of the junction, V (default -5.5). */
  breakdownVoltage?: number;
  /** Avalanche breakdown exponent, unitless (default 3.28). */
  breakdownExp?: number;
}

/** Inputs of {@link bishop88}: the five parameters, the diode voltage and the recombination terms. */
export interface Bishop88Input extends SingleDiodeInput, RecombinationColumns {
  /** Diode voltage Vd = V + I Rs, V. */
  diodeVoltage: Column;
}

/** Options of {@link bishop88}. */
export interface Bishop88Options extends BreakdownOptions {
  /** Also return the derivatives (default false). */
  gradients?: boolean;
}

/** The points of {@link bishop88}, and their derivatives when asked. */
export interface Bishop88Result {
  /** Current, A. */
  current: Float64Array;
  /** Voltage, V. */
  voltage: Float64Array;
  /** Power, W. */
  power: Float64Array;
  /** dI/dVd, A/V (with `gradients`). */
  dIdVd?: Float64Array;
  /** dV/dVd, unitless (with `gradients`). */
  dVdVd?: Float64Array;
  /** dI/dV, A/V (with `gradients`). */
  dIdV?: Float64Array;
  /** dP/dV, A (with `gradients`). */
  dPdV?: Float64Array;
  /** d2P/(dV dVd), A/V (with `gradients`). */
  d2PdVdVd?: Float64Array;
}

/** Options of the Bishop solvers. */
export interface BishopSolveOptions extends BreakdownOptions {
  /** 'newton' (default, as pvlib) or 'brentq' (a bracketed search between 0 and the estimated Voc). */
  method?: 'newton' | 'brentq';
}

/** The maximum power point. */
export interface MaxPowerPoint {
  /** Current at maximum power, A. */
  iMp: Float64Array;
  /** Voltage at maximum power, V. */
  vMp: Float64Array;
  /** Maximum power, W. */
  pMp: Float64Array;
}

function checkBreakdown(fn: string, options: BreakdownOptions | undefined): void {
  if (options === undefined) {
    setBreakdown(0, -5.5, 3.28);
    return;
  }
  checkObject(fn, 'options', options);
  const f = options.breakdownFactor ?? 0;
  const v = options.breakdownVoltage ?? -5.5;
  const m = options.breakdownExp ?? 3.28;
  checkFinite(fn, 'options.breakdownFactor', f, 'unitless');
  checkFinite(fn, 'options.breakdownVoltage', v, 'V');
  checkFinite(fn, 'options.breakdownExp', m, 'unitless');
  setBreakdown(f, v, m);
}

const recombinationEntries = (input: RecombinationColumns) =>
  [
    ['d2mutau', input.d2mutau, 'V', true],
    ['nsVbi', input.nsVbi, 'V', true],
  ] as const;

/**
 * Points of the I-V curve from the diode voltage Vd = V + I Rs (Bishop 1988): current
 * I = IL - I0 (exp(Vd / nNsVth) - 1) - Vd / Rsh - IL d2mutau / (NsVbi - Vd) - breakdown, voltage
 * V = Vd - I Rs and power, A, V and W; with `gradients`, their derivatives. Inputs in A, ohm and V
 * as {@link singleDiode}; d2mutau and NsVbi (V) only for PVsyst's CdTe and a-Si parameter sets. Bishop,
 * Solar Cells 25 (1988) 73-89, DOI 10.1016/0379-6787(88)90059-2; follows pvlib.singlediode.bishop88.
 * @param input The five parameters at operating conditions and the diode voltage, columns.
 * @param options The breakdown terms (off by default) and whether to return the derivatives.
 * @param out Columns to write the result into.
 * @example
 * const p = { photocurrent: 6, saturationCurrent: 1e-9, resistanceSeries: 0.3, resistanceShunt: 300, nNsVth: 1.8 };
 * bishop88({ ...p, diodeVoltage: 30 }).current[0]; // about 5.883
 */
export function bishop88(
  input: Bishop88Input,
  options?: Bishop88Options,
  out?: Partial<Bishop88Result>,
): Bishop88Result {
  const fn = 'bishop88';
  const n = checkDiodeInput(fn, input, [['diodeVoltage', input.diodeVoltage, 'V'], ...recombinationEntries(input)]);
  checkBreakdown(fn, options);
  const grads = options?.gradients === true;
  const res: Bishop88Result = {
    current: outputColumn(out?.current, n, 'current'),
    voltage: outputColumn(out?.voltage, n, 'voltage'),
    power: outputColumn(out?.power, n, 'power'),
  };
  if (grads) {
    res.dIdVd = outputColumn(out?.dIdVd, n, 'dIdVd');
    res.dVdVd = outputColumn(out?.dVdVd, n, 'dVdVd');
    res.dIdV = outputColumn(out?.dIdV, n, 'dIdV');
    res.dPdV = outputColumn(out?.dPdV, n, 'dPdV');
    res.d2PdVdVd = outputColumn(out?.d2PdVdVd, n, 'd2PdVdVd');
  }
  const rows = new DiodeRows(input);
  const vdA = columnOf(input.diodeVoltage, 0);
  const vdM = maskOf(input.diodeVoltage);
  for (let i = 0; i < n; i++) {
    rows.set(i);
    bishopPoint(vdA[i & vdM]!, grads);
    res.current[i] = P[I_]!;
    res.voltage[i] = P[V_]!;
    res.power[i] = P[I_]! * P[V_]!;
    if (grads) {
      res.dIdVd![i] = P[DI]!;
      res.dVdVd![i] = P[DV]!;
      res.dIdV![i] = P[DI]! / P[DV]!;
      res.dPdV![i] = P[DP]!;
      res.d2PdVdVd![i] = P[D2P]!;
    }
  }
  return res;
}

/** The five single-diode parameters as columns with their index masks (columnOf, maskOf), for loops over rows. */
export interface DiodeParameterColumns {
  ilA: Float64Array;
  ilM: number;
  i0A: Float64Array;
  i0M: number;
  rsA: Float64Array;
  rsM: number;
  rshA: Float64Array;
  rshM: number;
  aA: Float64Array;
  aM: number;
}

/**
 * The photocurrent [A], saturation current [A], series and shunt resistance [ohm] and nNsVth [V]
 * of a single-diode input as columns and masks: row i of a parameter is `xA[i & xM]` (a number
 * broadcasts through mask 0).
 */
export function diodeParameterColumns(input: SingleDiodeInput): DiodeParameterColumns {
  return {
    ilA: columnOf(input.photocurrent, 0),
    ilM: maskOf(input.photocurrent),
    i0A: columnOf(input.saturationCurrent, 0),
    i0M: maskOf(input.saturationCurrent),
    rsA: columnOf(input.resistanceSeries, 0),
    rsM: maskOf(input.resistanceSeries),
    rshA: columnOf(input.resistanceShunt, 0),
    rshM: maskOf(input.resistanceShunt),
    aA: columnOf(input.nNsVth, 0),
    aM: maskOf(input.nNsVth),
  };
}

/**
 * The rows of a call's parameter columns, each a column or one value (read as `x[i & mask]`), set
 * one row at a time into the solvers' scratch.
 */
export class DiodeRows {
  private readonly il: Float64Array;
  private readonly ilM: number;
  private readonly i0: Float64Array;
  private readonly i0M: number;
  private readonly rs: Float64Array;
  private readonly rsM: number;
  private readonly rsh: Float64Array;
  private readonly rshM: number;
  private readonly a: Float64Array;
  private readonly aM: number;
  private readonly d2: Float64Array;
  private readonly d2M: number;
  private readonly vbi: Float64Array;
  private readonly vbiM: number;

  constructor(input: SingleDiodeInput & RecombinationColumns) {
    this.il = columnOf(input.photocurrent, 0);
    this.ilM = maskOf(input.photocurrent);
    this.i0 = columnOf(input.saturationCurrent, 0);
    this.i0M = maskOf(input.saturationCurrent);
    this.rs = columnOf(input.resistanceSeries, 0);
    this.rsM = maskOf(input.resistanceSeries);
    this.rsh = columnOf(input.resistanceShunt, 0);
    this.rshM = maskOf(input.resistanceShunt);
    this.a = columnOf(input.nNsVth, 0);
    this.aM = maskOf(input.nNsVth);
    this.d2 = columnOf(input.d2mutau, 0);
    this.d2M = maskOf(input.d2mutau);
    this.vbi = columnOf(input.nsVbi, Number.POSITIVE_INFINITY);
    this.vbiM = maskOf(input.nsVbi);
  }

  /** Row i into the solvers' scratch. */
  set(i: number): void {
    setRow(
      this.il[i & this.ilM]!,
      this.i0[i & this.i0M]!,
      this.rs[i & this.rsM]!,
      this.rsh[i & this.rshM]!,
      this.a[i & this.aM]!,
      this.d2[i & this.d2M]!,
      this.vbi[i & this.vbiM]!,
    );
  }
}

/**
 * Current at the given voltage, A, by Bishop's form (pvlib.singlediode.bishop88_i_from_v): the diode
 * voltage that gives the voltage, by Newton's method from Vd = V (default) or by Brent's method
 * between 0 and the estimated Voc, then the current there. Units and paper as {@link bishop88}.
 * @param input The five parameters, the voltage (V) and the recombination terms, columns.
 * @param options The method and the breakdown terms.
 * @param out A column to write the currents into.
 * @example
 * const p = { photocurrent: 6, saturationCurrent: 1e-9, resistanceSeries: 0.3, resistanceShunt: 300, nNsVth: 1.8 };
 * bishop88IFromV({ ...p, voltage: 0 })[0]; // about 5.994
 */
export function bishop88IFromV(
  input: SingleDiodeInput & RecombinationColumns & { voltage: Column },
  options?: BishopSolveOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'bishop88IFromV';
  const n = checkDiodeInput(fn, input, [['voltage', input.voltage, 'V'], ...recombinationEntries(input)]);
  const newton = checkMethod(fn, options, BISHOP_METHODS, 'newton') === 'newton';
  checkBreakdown(fn, options);
  return solveColumn(FIND_I_FROM_V, newton, input, input.voltage, n, outputColumn(out, n));
}

/**
 * Voltage at the given current, V, by Bishop's form (pvlib.singlediode.bishop88_v_from_i): the diode
 * voltage that gives the current, by Newton's method from the estimated Voc (default) or Brent's
 * method between 0 and it, then the voltage there. Units and paper as {@link bishop88}.
 * @param input The five parameters, the current (A) and the recombination terms, columns.
 * @param options The method and the breakdown terms.
 * @param out A column to write the voltages into.
 * @example
 * const p = { photocurrent: 6, saturationCurrent: 1e-9, resistanceSeries: 0.3, resistanceShunt: 300, nNsVth: 1.8 };
 * bishop88VFromI({ ...p, current: 0 })[0]; // about 40.49
 */
export function bishop88VFromI(
  input: SingleDiodeInput & RecombinationColumns & { current: Column },
  options?: BishopSolveOptions,
  out?: Float64Array,
): Float64Array {
  const fn = 'bishop88VFromI';
  const n = checkDiodeInput(fn, input, [['current', input.current, 'A'], ...recombinationEntries(input)]);
  const newton = checkMethod(fn, options, BISHOP_METHODS, 'newton') === 'newton';
  checkBreakdown(fn, options);
  return solveColumn(FIND_V_FROM_I, newton, input, input.current, n, outputColumn(out, n));
}

/** One loop of a solver over a call's rows: the current (kind i-from-v) or voltage (v-from-i) found. */
export function solveColumn(
  kind: number,
  newton: boolean,
  input: SingleDiodeInput & RecombinationColumns,
  targets: Column,
  n: number,
  res: Float64Array,
): Float64Array {
  const rows = new DiodeRows(input);
  const tA = columnOf(targets, 0);
  const tM = maskOf(targets);
  for (let i = 0; i < n; i++) {
    rows.set(i);
    const vd = solveRow(kind, newton, tA[i & tM]!);
    bishopPoint(vd, false);
    res[i] = kind === FIND_I_FROM_V ? P[I_]! : P[V_]!;
  }
  return res;
}

/**
 * The maximum power point by Bishop's form (pvlib.singlediode.bishop88_mpp): the diode voltage where
 * dP/dV = 0, by Newton's method (default) or Brent's method between 0 and the estimated Voc, and the
 * current (A), voltage (V) and power (W) there. Units and paper as {@link bishop88}.
 * @param input The five parameters and the recombination terms, columns.
 * @param options The method and the breakdown terms.
 * @param out Columns to write the result into.
 * @example
 * const p = { photocurrent: 6, saturationCurrent: 1e-9, resistanceSeries: 0.3, resistanceShunt: 300, nNsVth: 1.8 };
 * bishop88Mpp(p).pMp[0]; // about 186.8
 */
export function bishop88Mpp(
  input: SingleDiodeInput & RecombinationColumns,
  options?: BishopSolveOptions,
  out?: Partial<MaxPowerPoint>,
): MaxPowerPoint {
  const fn = 'bishop88Mpp';
  const n = checkDiodeInput(fn, input, recombinationEntries(input));
  const newton = checkMethod(fn, options, BISHOP_METHODS, 'newton') === 'newton';
  checkBreakdown(fn, options);
  return mppColumns(newton, input, n, out);
}

/** The loop of {@link bishop88Mpp} and maxPowerPoint. */
export function mppColumns(
  newton: boolean,
  input: SingleDiodeInput & RecombinationColumns,
  n: number,
  out: Partial<MaxPowerPoint> | undefined,
): MaxPowerPoint {
  const res: MaxPowerPoint = {
    iMp: outputColumn(out?.iMp, n, 'iMp'),
    vMp: outputColumn(out?.vMp, n, 'vMp'),
    pMp: outputColumn(out?.pMp, n, 'pMp'),
  };
  if (newton && input.d2mutau === undefined && R[BF] === 0) return mppPlainColumns(input, n, res);
  const rows = new DiodeRows(input);
  for (let i = 0; i < n; i++) {
    rows.set(i);
    bishopPoint(solveRow(FIND_MPP, newton, 0), false);
    res.iMp[i] = P[I_]!;
    res.vMp[i] = P[V_]!;
    res.pMp[i] = P[I_]! * P[V_]!;
  }
  return res;
}

/**
 * The loop of {@link mppColumns} by Newton's method without recombination and breakdown terms (every
 * CEC and De Soto set): the rows read straight from the columns into {@link mppPlainRow} (the
 * solveRow path of these rows, the same start, iteration and fallback) and the point at the diode
 * voltage found as {@link bishopPoint} computes it, without the scratch: the same doubles, 1.2x
 * faster over a year of a CEC module's lit rows.
 */
function mppPlainColumns(input: SingleDiodeInput, n: number, res: MaxPowerPoint): MaxPowerPoint {
  const { ilA, ilM, i0A, i0M, rsA, rsM, rshA, rshM, aA, aM } = diodeParameterColumns(input);
  const { iMp, vMp, pMp } = res;
  for (let k = 0; k < n; k++) {
    const il = ilA[k & ilM]!;
    const i0 = i0A[k & i0M]!;
    const rs = rsA[k & rsM]!;
    const gsh = 1 / rshA[k & rshM]!;
    const a = aA[k & aM]!;
    const vd = mppPlainRow(il, i0, rs, gsh, a);
    // bishopPoint's current and voltage at vd (no recombination, no breakdown: both terms 0).
    const em1 = vd > 0.7 * a ? Math.exp(vd / a) - 1 : Math.expm1(vd / a);
    const i = il - i0 * em1 - vd * gsh;
    const v = vd - i * rs;
    iMp[k] = i;
    vMp[k] = v;
    pMp[k] = i * v;
  }
  return res;
}
