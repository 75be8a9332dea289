/**
 * SPECTRL2, Bird and Riordan's clear-sky spectral model: the direct, diffuse and plane-of-array
 * spectral irradiance at 122 wavelengths from 300 to 4000 nm, for each time of a series.
 */
import { arrayOf, type Column, scalarOf } from '../util/columns.js';
import { checkFinite, checkObject, checkPressurePa, checkSeries } from '../util/validate.js';
import { SPECTRL2_TABLE } from './spectrl2-coefficients.js';

const D2R = Math.PI / 180;

/** Inputs of {@link spectrl2}: columns over the series' times (pvlib's names). */
export interface Spectrl2Input {
  /** Apparent (refraction-corrected) solar zenith [deg]. */
  apparentZenith: Column;
  /** Angle of incidence on the surface [deg]. */
  aoi: Column;
  /** Surface tilt from horizontal [deg]. */
  surfaceTilt: Column;
  /** Ground albedo [unitless]. */
  groundAlbedo: Column;
  /** Surface pressure [Pa]. */
  surfacePressure: Column;
  /** Relative (not pressure-corrected) air mass [unitless]. */
  relativeAirmass: Column;
  /** Atmospheric precipitable water [cm]. */
  precipitableWater: Column;
  /** Total column ozone [atm-cm]. */
  ozone: Column;
  /** Aerosol optical depth at 500 nm [unitless]. */
  aerosolTurbidity500nm: Column;
  /** Day of the year, 1 to 366 (pvlib's `dayofyear`). */
  dayofyear: Column;
}

/** Options of {@link spectrl2}: the aerosol model (pvlib's names and defaults). */
export interface Spectrl2Options {
  /** Aerosol single-scattering albedo at 400 nm [unitless], default 0.945. */
  scatteringAlbedo400nm?: number;
  /** Angstrom exponent of the aerosol optical depth [unitless], default 1.14. */
  alpha?: number;
  /** Wavelength variation factor of the scattering albedo [unitless], default 0.095. */
  wavelengthVariationFactor?: number;
  /** Aerosol asymmetry factor (mean cosine of the scattering angle) [unitless], default 0.65. */
  aerosolAsymmetryFactor?: number;
}

/**
 * The spectra of {@link spectrl2}: one column per wavelength (each over the series' times)
 * [W/m2/nm], and the wavelengths.
 */
export interface Spectrl2Result {
  /** The 122 wavelengths [nm]. */
  wavelength: Float64Array;
  /** Extraterrestrial spectral irradiance at the day's Earth-Sun distance [W/m2/nm]. */
  dniExtra: Float64Array[];
  /** Diffuse horizontal spectral irradiance [W/m2/nm]. */
  dhi: Float64Array[];
  /** Direct normal spectral irradiance [W/m2/nm]. */
  dni: Float64Array[];
  /** Sky diffuse spectral irradiance on the plane (Hay-Davies) [W/m2/nm]. */
  poaSkyDiffuse: Float64Array[];
  /** Ground-reflected spectral irradiance on the plane [W/m2/nm]. */
  poaGroundDiffuse: Float64Array[];
  /** Direct spectral irradiance on the plane [W/m2/nm]. */
  poaDirect: Float64Array[];
  /** Total spectral irradiance on the plane [W/m2/nm]. */
  poaGlobal: Float64Array[];
}

/** The SPECTRL2 transmittances of one wavelength for one air mass. */
interface Transmittances {
  tr: number;
  ta: number;
  tw: number;
  to: number;
  tu: number;
  tas: number;
  taa: number;
}

function transmittances(
  wlUm: number,
  water: number,
  ozoneCoeff: number,
  mixed: number,
  relAm: number,
  pressure: number,
  pw: number,
  ozone: number,
  cosZ: number,
  tau: number,
  omega: number,
  t: Transmittances,
): void {
  const airmass = (relAm * pressure) / 101300;
  t.tr = Math.exp(-airmass / (wlUm ** 4 * (115.6406 - 1.3366 / wlUm ** 2)));
  t.ta = Math.exp(-tau * relAm);
  const aWM = water * pw * relAm;
  t.tw = Math.exp((-0.2385 * aWM) / (1 + 20.07 * aWM) ** 0.45);
  const h0 = 22 / 6370;
  const ozoneMass = (1 + h0) / Math.sqrt(cosZ ** 2 + 2 * h0);
  t.to = Math.exp(-ozoneCoeff * ozone * ozoneMass);
  const aM = mixed * airmass;
  t.tu = Math.exp((-1.41 * aM) / (1 + 118.3 * aM) ** 0.45);
  t.tas = Math.exp(-omega * tau * relAm);
  t.taa = Math.exp(-(1 - omega) * tau * relAm);
}

/**
 * SPECTRL2 clear-sky spectral irradiance [W/m2/nm] at 122 wavelengths from 300 to 4000 nm, for
 * each time: direct normal (Rayleigh, aerosol, water vapour, ozone and mixed-gas transmittances),
 * diffuse horizontal (Rayleigh and aerosol scattering, ground-sky multiple reflections, the
 * short-wavelength correction), and on a tilted plane (beam on the plane, Hay-Davies sky diffuse,
 * isotropic ground reflection). Each result is a column per wavelength over the times, the shape
 * of `spectralMismatchField`'s and `averagePhotonEnergy`'s inputs. NaN in a row gives NaN in it.
 * Bird & Riordan (1986), Simple solar spectral model for direct and diffuse irradiance on horizontal
 * and tilted planes at the Earth's surface for cloudless atmospheres, Journal of Climate and
 * Applied Meteorology 25, 87-97, doi:10.1175/1520-0450(1986)025<0087:SSSMFD>2.0.CO;2; follows
 * pvlib.spectrum.spectrl2.
 * @param input `apparentZenith`, `aoi`, `surfaceTilt` [deg]; `groundAlbedo` [unitless];
 *   `surfacePressure` [Pa]; `relativeAirmass` [unitless]; `precipitableWater` [cm]; `ozone`
 *   [atm-cm]; `aerosolTurbidity500nm` [unitless]; `dayofyear` [1-366]
 * @param options the aerosol model: `scatteringAlbedo400nm`, `alpha`, `wavelengthVariationFactor`,
 *   `aerosolAsymmetryFactor` [unitless]
 * @returns the wavelengths [nm] and seven spectra [W/m2/nm], each a column per wavelength
 * @example
 * const s = spectrl2({ apparentZenith: 30, aoi: 10, surfaceTilt: 30, groundAlbedo: 0.2, surfacePressure: 101300,
 *   relativeAirmass: 1.154, precipitableWater: 1.42, ozone: 0.344, aerosolTurbidity500nm: 0.1, dayofyear: 172 });
 * s.dni[25][0]; // about 1.375 (W/m2/nm at 500 nm)
 */
export function spectrl2(input: Spectrl2Input, options: Spectrl2Options = {}): Spectrl2Result {
  const fn = 'spectrl2';
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  const n = checkSeries(fn, [
    ['apparentZenith', input.apparentZenith, 'degrees'],
    ['aoi', input.aoi, 'degrees'],
    ['surfaceTilt', input.surfaceTilt, 'degrees'],
    ['groundAlbedo', input.groundAlbedo, 'unitless'],
    ['surfacePressure', input.surfacePressure, 'Pa'],
    ['relativeAirmass', input.relativeAirmass, 'unitless air mass'],
    ['precipitableWater', input.precipitableWater, 'cm'],
    ['ozone', input.ozone, 'atm-cm'],
    ['aerosolTurbidity500nm', input.aerosolTurbidity500nm, 'unitless optical depth'],
    ['dayofyear', input.dayofyear, 'day of the year'],
  ]);
  checkPressurePa(fn, 'surfacePressure', input.surfacePressure);
  const omega400 = checkFinite(fn, 'options.scatteringAlbedo400nm', options.scatteringAlbedo400nm ?? 0.945, '');
  const alpha = checkFinite(fn, 'options.alpha', options.alpha ?? 1.14, '');
  const wvf = checkFinite(fn, 'options.wavelengthVariationFactor', options.wavelengthVariationFactor ?? 0.095, '');
  const g = checkFinite(fn, 'options.aerosolAsymmetryFactor', options.aerosolAsymmetryFactor ?? 0.65, '');
  const W = SPECTRL2_TABLE.wavelength.length;
  const cols = () => Array.from({ length: W }, () => new Float64Array(n));
  const res: Spectrl2Result = {
    wavelength: Float64Array.from(SPECTRL2_TABLE.wavelength),
    dniExtra: cols(),
    dhi: cols(),
    dni: cols(),
    poaSkyDiffuse: cols(),
    poaGroundDiffuse: cols(),
    poaDirect: cols(),
    poaGlobal: cols(),
  };
  const read = (c: Column) => [arrayOf(c), scalarOf(c)] as const;
  const [zA, z0] = read(input.apparentZenith);
  const [aA, a0] = read(input.aoi);
  const [tA, t0] = read(input.surfaceTilt);
  const [gA, g0] = read(input.groundAlbedo);
  const [pA, p0] = read(input.surfacePressure);
  const [mA, m0] = read(input.relativeAirmass);
  const [wA, w0] = read(input.precipitableWater);
  const [oA, o0] = read(input.ozone);
  const [tauA, tau0] = read(input.aerosolTurbidity500nm);
  const [dA, d0] = read(input.dayofyear);
  const alg = Math.log(1 - g);
  const bfs = alg * (0.0783 + alg * (-0.3824 - alg * 0.5874));
  const afs = alg * (1.459 + alg * (0.1595 + alg * 0.4129));
  const fsp = 1 - 0.5 * Math.exp((afs + bfs / 1.8) / 1.8);
  const t: Transmittances = { tr: 0, ta: 0, tw: 0, to: 0, tu: 0, tas: 0, taa: 0 };
  const p: Transmittances = { tr: 0, ta: 0, tw: 0, to: 0, tu: 0, tas: 0, taa: 0 };
  for (let i = 0; i < n; i++) {
    const zen = zA !== null ? zA[i]! : z0;
    const relAm = mA !== null ? mA[i]! : m0;
    const pressure = pA !== null ? pA[i]! : p0;
    const pw = wA !== null ? wA[i]! : w0;
    const ozone = oA !== null ? oA[i]! : o0;
    const aod500 = tauA !== null ? tauA[i]! : tau0;
    const tilt = tA !== null ? tA[i]! : t0;
    const rg = gA !== null ? gA[i]! : g0;
    const doy = dA !== null ? dA[i]! : d0;
    const b = ((2 * Math.PI) / 365) * (doy - 1);
    const distance =
      1.00011 + 0.034221 * Math.cos(b) + 0.00128 * Math.sin(b) + 0.000719 * Math.cos(2 * b) + 7.7e-5 * Math.sin(2 * b);
    const cosZ = Math.cos(zen * D2R);
    const fs = 1 - 0.5 * Math.exp((afs + bfs * cosZ) * cosZ);
    let cosAoi = Math.cos((aA !== null ? aA[i]! : a0) * D2R);
    cosAoi = cosAoi > 0 ? cosAoi : cosAoi !== cosAoi ? cosAoi : 0;
    const projectionRatio = cosAoi / (cosZ > 0.01745 ? cosZ : cosZ !== cosZ ? cosZ : 0.01745);
    const cosTilt = Math.cos(tilt * D2R);
    const skyView = 0.5 * (1 + cosTilt);
    const groundView = (1 - Math.cos(tilt * D2R)) * 0.5;
    for (let j = 0; j < W; j++) {
      const wl = SPECTRL2_TABLE.wavelength[j]!;
      const wlUm = wl / 1000;
      const tau = aod500 * (wl / 500) ** -alpha;
      const omega = omega400 * Math.exp(-wvf * Math.log(wl / 400) ** 2);
      const water = SPECTRL2_TABLE.water[j]!;
      const oz = SPECTRL2_TABLE.ozone[j]!;
      const mixed = SPECTRL2_TABLE.mixed[j]!;
      transmittances(wlUm, water, oz, mixed, relAm, pressure, pw, ozone, cosZ, tau, omega, t);
      transmittances(wlUm, water, oz, mixed, 1.8, pressure, pw, ozone, cosZ, tau, omega, p);
      const et = SPECTRL2_TABLE.et[j]! * distance;
      const id = et * t.tr * t.ta * t.tw * t.to * t.tu;
      const cs = wl <= 450 ? ((wl + 550) / 1000) ** 1.8 : 1;
      const rs = p.tu * p.tw * p.taa * (0.5 * (1 - p.tr) + (1 - fsp) * p.tr * (1 - p.tas));
      const common = et * cosZ * t.to * t.tu * t.tw * t.taa;
      const ir = common * (1 - t.tr ** 0.95) * 0.5;
      const ia = common * t.tr ** 1.5 * (1 - t.tas) * fs;
      const ig = ((id * cosZ + ir + ia) * rs * rg) / (1 - rs * rg);
      const is = (ir + ia + ig) * cs;
      const beam = id * cosAoi;
      // Hay-Davies with the anisotropy index dni / dni_extra and pvlib's projection ratio.
      const ai = id / et;
      const iso = is * (1 - ai) * skyView;
      const circ = is * (ai * projectionRatio);
      const sky = (iso > 0 ? iso : iso !== iso ? iso : 0) + (circ > 0 ? circ : circ !== circ ? circ : 0);
      const ground = (id * cosZ + is) * rg * groundView;
      res.dniExtra[j]![i] = et;
      res.dhi[j]![i] = is;
      res.dni[j]![i] = id;
      res.poaDirect[j]![i] = beam;
      res.poaSkyDiffuse[j]![i] = sky;
      res.poaGroundDiffuse[j]![i] = ground;
      res.poaGlobal[j]![i] = beam + sky + ground;
    }
  }
  return res;
}
