/**
 * Spectra as columns: a spectral irradiance series is one column per wavelength (each over the
 * series' times, or one number), with the wavelengths in a column of their own; a spectral
 * response or quantum efficiency is one column over wavelengths. The spectral mismatch of a
 * module against a reference spectrum, the average photon energy, and the conversions between
 * spectral response and quantum efficiency (pvlib.spectrum).
 */
import { interpSpline, splineAt } from '../irradiance/iam-interp.js';
import { type Column, outputColumn } from '../util/columns.js';
import { checkObject, checkSeries, isFloat64Array, rangeFailure, typeFailure } from '../util/validate.js';

/** Planck constant [J s], speed of light [m/s], elementary charge [C] (SI 2019, exact). */
const PLANCK = 6.62607015e-34;
const SPEED_OF_LIGHT = 299792458;
const ELEMENTARY_CHARGE = 1.602176634e-19;
/** h c / q x 1e9: the photon energy in eV times its wavelength in nm (about 1239.84). */
const HC_OVER_Q_NM = ((SPEED_OF_LIGHT * PLANCK) / ELEMENTARY_CHARGE) * 1e9;

/** A column over wavelengths: a Float64Array whose length is that of `wavelength`. */
function checkSpectrum(fn: string, name: string, value: unknown, length: number, unit: string): Float64Array {
  if (!isFloat64Array(value)) typeFailure(fn, name, `a Float64Array over the wavelengths (${unit})`, value);
  if (value.length !== length) rangeFailure(fn, name, `${length} values, one per wavelength (${unit})`, value.length);
  return value;
}

/** Wavelengths [nm]: a Float64Array of at least two finite values in strictly increasing order. */
function checkWavelengths(fn: string, name: string, value: unknown): Float64Array {
  if (!isFloat64Array(value)) typeFailure(fn, name, 'a Float64Array of wavelengths (nm)', value);
  if (value.length < 2) rangeFailure(fn, name, 'at least two wavelengths (nm)', value.length);
  for (let j = 0; j < value.length; j++) {
    if (!Number.isFinite(value[j]!) || (j > 0 && !(value[j]! > value[j - 1]!)))
      rangeFailure(fn, name, 'finite wavelengths in strictly increasing order (nm)', value[j]);
  }
  return value;
}

/** Spectral irradiance columns, one per wavelength; returns the series length. */
function checkSpectralColumns(fn: string, name: string, value: unknown, wavelengths: number): number {
  if (!Array.isArray(value)) typeFailure(fn, name, 'an array of columns, one per wavelength (W/m2/nm)', value);
  if (value.length !== wavelengths)
    rangeFailure(fn, name, `${wavelengths} columns, one per wavelength (W/m2/nm)`, value.length);
  return checkSeries(
    fn,
    value.map((c, j) => [`${name}[${j}]`, c, 'W/m2/nm'] as const),
  );
}

/** np.interp(x, xp, fp, left=0, right=0) at one x; xp increasing. */
function interpZero(x: number, xp: Float64Array, fp: Float64Array): number {
  const m = xp.length;
  if (x !== x) return Number.NaN;
  if (x < xp[0]! || x > xp[m - 1]!) return 0;
  if (x === xp[m - 1]!) return fp[m - 1]!;
  let lo = 0;
  let hi = m - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xp[mid]! <= x) lo = mid;
    else hi = mid;
  }
  const slope = (fp[hi]! - fp[lo]!) / (xp[hi]! - xp[lo]!);
  return slope * (x - xp[lo]!) + fp[lo]!;
}

/** The trapezoidal integral of y over x (scipy.integrate.trapezoid). */
function trapezoid(y: (j: number) => number, x: Float64Array): number {
  let s = 0;
  for (let j = 0; j + 1 < x.length; j++) s += ((x[j + 1]! - x[j]!) * (y(j + 1) + y(j))) / 2;
  return s;
}

/** Inputs of {@link spectralMismatchField}. */
export interface SpectralMismatchFieldInput {
  /** Spectral response of the device [A/W], over `srWavelength`. */
  sr: Float64Array;
  /** Wavelengths of `sr` [nm], increasing. */
  srWavelength: Float64Array;
  /** Spectral irradiance of the sky, one column per wavelength of `wavelength` [W/m2/nm]. */
  eSun: readonly Column[];
  /** Wavelengths of `eSun` [nm], increasing. */
  wavelength: Float64Array;
  /**
   * Reference spectral irradiance [W/m2/nm] over `eRefWavelength` (for example the global
   * spectrum of ASTM G173-03, which `readReferenceSpectra` of solarkit/node reads).
   */
  eRef: Float64Array;
  /** Wavelengths of `eRef` [nm], increasing; default `wavelength`. */
  eRefWavelength?: Float64Array;
}

/**
 * Spectral mismatch factor of a device in the field [unitless]: the ratio of its spectral response
 * weighted by the sky's spectrum to the same ratio under the reference spectrum,
 * (∫ E_sun SR dλ / ∫ E_sun dλ) / (∫ E_ref SR dλ / ∫ E_ref dλ), one value per time, by trapezoids
 * over each spectrum's own wavelengths (SR interpolated linearly there, 0 outside its range).
 * pvlib's default reference is ASTM G173's global spectrum interpolated to the sky's wavelengths:
 * give that as `eRef` with no `eRefWavelength`. NaN in a column gives NaN in its rows.
 * IEC 60904-7:2019, Photovoltaic devices - Part 7: Computation of the spectral mismatch correction;
 * follows pvlib.spectrum.calc_spectral_mismatch_field.
 * @param input `sr` [A/W] over `srWavelength` [nm]; `eSun` [W/m2/nm] columns over `wavelength`
 *   [nm]; `eRef` [W/m2/nm] over `eRefWavelength` [nm]
 * @param options none; kept for the calling convention
 * @param out optional output buffer, one value per time
 * @example
 * const wavelength = Float64Array.of(400, 700, 1000);
 * const sr = Float64Array.of(0.2, 0.5, 0.6);
 * spectralMismatchField({ sr, srWavelength: wavelength, eSun: [1.2, 1.0, 0.6], wavelength, eRef: Float64Array.of(1, 1, 1) })[0]; // about 0.9357
 */
export function spectralMismatchField(
  input: SpectralMismatchFieldInput,
  options: Record<string, never> = {},
  out?: Float64Array,
): Float64Array {
  const fn = 'spectralMismatchField';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const srWl = checkWavelengths(fn, 'srWavelength', input.srWavelength);
  const sr = checkSpectrum(fn, 'sr', input.sr, srWl.length, 'A/W');
  const wl = checkWavelengths(fn, 'wavelength', input.wavelength);
  const n = checkSpectralColumns(fn, 'eSun', input.eSun, wl.length);
  const refWl = input.eRefWavelength === undefined ? wl : checkWavelengths(fn, 'eRefWavelength', input.eRefWavelength);
  const eRef = checkSpectrum(fn, 'eRef', input.eRef, refWl.length, 'W/m2/nm');
  const res = outputColumn(out, n);
  const srRef = Float64Array.from(refWl, (x) => interpZero(x, srWl, sr));
  const ufRef = trapezoid((j) => eRef[j]! * srRef[j]!, refWl) / trapezoid((j) => eRef[j]!, refWl);
  const srSun = Float64Array.from(wl, (x) => interpZero(x, srWl, sr));
  const m = wl.length;
  const cols: (Float64Array | null)[] = input.eSun.map((c) => (typeof c === 'number' ? null : c));
  const nums = Float64Array.from(input.eSun, (c) => (typeof c === 'number' ? c : 0));
  for (let i = 0; i < n; i++) {
    let num = 0;
    let den = 0;
    let prevE = cols[0] !== null ? cols[0]![i]! : nums[0]!;
    for (let j = 1; j < m; j++) {
      const e = cols[j] !== null ? cols[j]![i]! : nums[j]!;
      const dx = wl[j]! - wl[j - 1]!;
      num += (dx * (e * srSun[j]! + prevE * srSun[j - 1]!)) / 2;
      den += (dx * (e + prevE)) / 2;
      prevE = e;
    }
    res[i] = num / den / ufRef;
  }
  return res;
}

/** Inputs of {@link averagePhotonEnergy}. */
export interface AveragePhotonEnergyInput {
  /** Spectral irradiance, one column per wavelength of `wavelength` [W/m2/nm], non-negative. */
  spectra: readonly Column[];
  /** Wavelengths of the columns [nm], increasing. */
  wavelength: Float64Array;
}

/**
 * Average photon energy of spectra [eV], one value per time: the integral of the spectral irradiance
 * over the integral of the photon flux density (irradiance over hc/λ), by trapezoids, divided by the
 * elementary charge. A spectrum of zeros gives NaN (0/0), as pvlib; NaN gives NaN.
 * Jardine, Betts, Gottschalg, Infield & Lane (2002), Influence of spectral effects on the
 * performance of multijunction amorphous silicon cells, PV in Europe Conference; Ripalda, Buencuerpo
 * & García (2018), Solar cell designs by maximizing energy production based on machine learning
 * clustering of spectral variations, Nature Communications 9, 5126, doi:10.1038/s41467-018-07431-3;
 * follows pvlib.spectrum.average_photon_energy.
 * @param input `spectra` [W/m2/nm] columns over `wavelength` [nm]
 * @param options none; kept for the calling convention
 * @param out optional output buffer, one value per time
 * @example
 * averagePhotonEnergy({ spectra: [1, 1], wavelength: Float64Array.of(500, 600) })[0]; // about 2.2542
 */
export function averagePhotonEnergy(
  input: AveragePhotonEnergyInput,
  options: Record<string, never> = {},
  out?: Float64Array,
): Float64Array {
  const fn = 'averagePhotonEnergy';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const wl = checkWavelengths(fn, 'wavelength', input.wavelength);
  const n = checkSpectralColumns(fn, 'spectra', input.spectra, wl.length);
  const res = outputColumn(out, n);
  const m = wl.length;
  // Photon energy h c / (λ 1e-9) [J] at each wavelength.
  const hcl = Float64Array.from(wl, (x) => (PLANCK * SPEED_OF_LIGHT) / (x * 1e-9));
  const cols: (Float64Array | null)[] = input.spectra.map((c) => (typeof c === 'number' ? null : c));
  const nums = Float64Array.from(input.spectra, (c) => (typeof c === 'number' ? c : 0));
  for (let i = 0; i < n; i++) {
    let e = 0;
    let pfd = 0;
    let prev = cols[0] !== null ? cols[0]![i]! : nums[0]!;
    if (prev < 0) rangeFailure(fn, 'spectra', 'non-negative spectral irradiance (W/m2/nm)', prev);
    for (let j = 1; j < m; j++) {
      const v = cols[j] !== null ? cols[j]![i]! : nums[j]!;
      if (v < 0) rangeFailure(fn, `spectra[${j}]`, 'non-negative spectral irradiance (W/m2/nm)', v);
      const dx = wl[j]! - wl[j - 1]!;
      e += (dx * (v + prev)) / 2;
      pfd += (dx * (v / hcl[j]! + prev / hcl[j - 1]!)) / 2;
      prev = v;
    }
    res[i] = ((1 / ELEMENTARY_CHARGE) * e) / pfd;
  }
  return res;
}

/** Inputs of {@link srToQe}. */
export interface SrToQeInput {
  /** Spectral response [A/W], over `wavelength`. */
  sr: Float64Array;
  /** Wavelengths [nm]. */
  wavelength: Column;
}

/** Inputs of {@link qeToSr}. */
export interface QeToSrInput {
  /** External quantum efficiency [unitless], over `wavelength`. */
  qe: Float64Array;
  /** Wavelengths [nm]. */
  wavelength: Column;
}

/** Options of {@link srToQe} and {@link qeToSr}. */
export interface SpectralConversionOptions {
  /** Divide by the largest absolute value, so that the maximum is 1; default false. */
  normalize?: boolean;
}

function normalizeMax(res: Float64Array): void {
  let m = 0;
  for (let j = 0; j < res.length; j++) {
    const a = Math.abs(res[j]!);
    if (a !== a) m = Number.NaN;
    else if (a > m) m = a;
  }
  for (let j = 0; j < res.length; j++) res[j] = res[j]! / m;
}

/**
 * External quantum efficiency [unitless] from spectral response [A/W]: SR / λ x hc/q, with λ in nm
 * (hc/q = 1239.84 nm V); optionally normalised to a maximum of 1. NaN gives NaN.
 * Follows pvlib.spectrum.sr_to_qe; the relation in IEC 60904-8:2014 (Measurement of spectral
 * responsivity of a photovoltaic device).
 * @param input `sr` [A/W], `wavelength` [nm]
 * @param options `normalize`, default false
 * @param out optional output buffer
 * @example
 * srToQe({ sr: Float64Array.of(0.5), wavelength: 800 })[0]; // about 0.7749
 */
export function srToQe(input: SrToQeInput, options: SpectralConversionOptions = {}, out?: Float64Array): Float64Array {
  const fn = 'srToQe';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const n = checkSeries(fn, [
    ['sr', input.sr, 'A/W'],
    ['wavelength', input.wavelength, 'nm'],
  ]);
  const res = outputColumn(out, n);
  const sr = input.sr;
  const wl = input.wavelength;
  for (let j = 0; j < n; j++) {
    const s = typeof sr === 'number' ? sr : sr[j]!;
    const w = typeof wl === 'number' ? wl : wl[j]!;
    res[j] = (s / w) * HC_OVER_Q_NM;
  }
  if (options.normalize === true) normalizeMax(res);
  return res;
}

/**
 * Spectral response [A/W] from external quantum efficiency [unitless]: QE x λ / (hc/q), with λ in
 * nm; optionally normalised to a maximum of 1. NaN gives NaN.
 * Follows pvlib.spectrum.qe_to_sr; the relation in IEC 60904-8:2014.
 * @param input `qe` [unitless], `wavelength` [nm]
 * @param options `normalize`, default false
 * @param out optional output buffer
 * @example
 * qeToSr({ qe: Float64Array.of(0.7749), wavelength: 800 })[0]; // about 0.5
 */
export function qeToSr(input: QeToSrInput, options: SpectralConversionOptions = {}, out?: Float64Array): Float64Array {
  const fn = 'qeToSr';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const n = checkSeries(fn, [
    ['qe', input.qe, 'unitless'],
    ['wavelength', input.wavelength, 'nm'],
  ]);
  const res = outputColumn(out, n);
  const qe = input.qe;
  const wl = input.wavelength;
  for (let j = 0; j < n; j++) {
    const q = typeof qe === 'number' ? qe : qe[j]!;
    const w = typeof wl === 'number' ? wl : wl[j]!;
    res[j] = (q * w) / HC_OVER_Q_NM;
  }
  if (options.normalize === true) normalizeMax(res);
  return res;
}

/** A spectral response over wavelengths. */
export interface SpectralResponse {
  /** Wavelengths [nm]. */
  wavelength: Float64Array;
  /** Spectral response [A/W]. */
  spectralResponse: Float64Array;
}

const EXAMPLE_SR_WAVELENGTH = [290, 350, 400, 500, 650, 800, 900, 950, 1000, 1050, 1100, 1150, 1190];
const EXAMPLE_SR = [0.0, 0.27, 0.37, 0.52, 0.71, 0.88, 0.97, 1.0, 0.93, 0.58, 0.21, 0.05, 0.0];

/**
 * An example spectral response of a crystalline silicon cell [A/W]: the not-a-knot cubic spline
 * through 13 measured points from 290 to 1190 nm, 0 outside them; at the given wavelengths, by
 * default 280 to 1200 nm every 5 nm.
 * Follows pvlib.spectrum.get_example_spectral_response (a representative curve, written in pvlib
 * by Anton Driesse).
 * @param wavelength wavelengths [nm]; default 280, 285, ..., 1200
 * @returns the wavelengths and the spectral response at each
 * @example
 * exampleSpectralResponse(Float64Array.of(950)).spectralResponse[0]; // about 1
 */
export function exampleSpectralResponse(wavelength?: Float64Array): SpectralResponse {
  const fn = 'exampleSpectralResponse';
  let wl: Float64Array;
  if (wavelength === undefined) {
    wl = new Float64Array(185);
    for (let j = 0; j < wl.length; j++) wl[j] = 280 + 5 * j;
  } else {
    if (!isFloat64Array(wavelength)) typeFailure(fn, 'wavelength', 'a Float64Array of wavelengths (nm)', wavelength);
    wl = wavelength;
  }
  const spline = interpSpline(EXAMPLE_SR_WAVELENGTH, EXAMPLE_SR, 3);
  const scratch = new Float64Array(4);
  const first = EXAMPLE_SR_WAVELENGTH[0]!;
  const last = EXAMPLE_SR_WAVELENGTH[EXAMPLE_SR_WAVELENGTH.length - 1]!;
  const sr = Float64Array.from(wl, (x) => (x < first || x > last ? 0 : splineAt(spline, x, scratch)));
  return { wavelength: Float64Array.from(wl), spectralResponse: sr };
}
