/**
 * Clear-sky irradiance models: Ineichen & Perez (2002), Haurwitz (1945) and the simplified Solis
 * model of Ineichen (2008). Angles in degrees, irradiance in W/m2 (the unit of dniExtra).
 */
import { arrayOf, type Column, outputColumn, scalarOf } from '../util/columns.js';
import { COS_NODES, SIN_NODES } from '../util/trig-tables.js';
import {
  checkFinite,
  checkLatitude,
  checkLongitude,
  checkObject,
  checkPressurePa,
  checkSeries,
  checkTimes,
} from '../util/validate.js';
import { STANDARD_PRESSURE, altitudeToPressure } from './airmass.js';
import { extraterrestrialRadiation } from './extraterrestrial.js';
import { linkeTurbidityColumn } from './turbidity.js';

const D2R = Math.PI / 180;

/** Clear-sky global, direct normal and diffuse horizontal irradiance [W/m2]. */
export interface ClearSkyIrradiance {
  /** Clear-sky global horizontal irradiance, W/m2. */
  ghi: Float64Array;
  /** Clear-sky direct normal irradiance, W/m2. */
  dni: Float64Array;
  /** Clear-sky diffuse horizontal irradiance, W/m2. */
  dhi: Float64Array;
}

/** The output columns of a clear-sky model: the caller's buffers when given, else new ones. */
export function clearskyOutputs(out: Partial<ClearSkyIrradiance> | undefined, n: number): ClearSkyIrradiance {
  return {
    ghi: outputColumn(out?.ghi, n, 'ghi'),
    dni: outputColumn(out?.dni, n, 'dni'),
    dhi: outputColumn(out?.dhi, n, 'dhi'),
  };
}

/** Inputs of {@link clearskyIneichen}. */
export interface IneichenInput {
  /** Refraction-corrected solar zenith [deg]. */
  apparentZenith: Column;
  /** Pressure-corrected air mass [unitless] (NaN at night gives 0 irradiance). */
  airmassAbsolute: Column;
  /** Linke turbidity factor [unitless]. */
  linkeTurbidity: Column;
  /** Altitude above sea level [m], default 0. */
  altitude?: Column;
  /** Extraterrestrial normal irradiance [W/m2], default 1364. */
  dniExtra?: Column;
}

/**
 * Ineichen & Perez clear-sky GHI, DNI and DHI [W/m2]. GHI and DNI from the air-mass independent
 * Linke turbidity formulation; DHI = GHI - DNI cos z. A NaN air mass (sun below the horizon) gives 0;
 * NaN in the other inputs propagates, as pvlib.clearsky.ineichen. cos z comes from the quarter-degree
 * node tables (util/trig-tables.ts, within a few 1e-16 of Math.cos) and exp(-TL) is taken once per
 * run of equal turbidities: 28 against 53 ns a row over a year at 5 minutes.
 * @param options.perezEnhancement apply exp(0.01 AM^1.8) to GHI (Perez et al. 2002); default false,
 *   since it misbehaves near the horizon (pvlib issue 435)
 * Ineichen, P., Perez, R. (2002), A new airmass independent formulation for the Linke turbidity
 * coefficient, Solar Energy 73(3), 151-157, doi:10.1016/S0038-092X(02)00045-2; Perez et al. (2002),
 * A new operational model for satellite-derived irradiances, Solar Energy 73(5), 307-317.
 * @example
 * const cs = clearskyIneichen({ apparentZenith: 30, airmassAbsolute: 1.154, linkeTurbidity: 3, dniExtra: 1366 });
 * cs.ghi[0]; // about 888 W/m2
 */
export function clearskyIneichen(
  input: IneichenInput,
  options: { perezEnhancement?: boolean } = {},
  out?: Partial<ClearSkyIrradiance>,
): ClearSkyIrradiance {
  const { apparentZenith, airmassAbsolute, linkeTurbidity } = input;
  const altitude = input.altitude ?? 0;
  const dniExtra = input.dniExtra ?? 1364;
  checkObject('clearskyIneichen', 'input', input);
  const n = checkSeries('clearskyIneichen', [
    ['apparentZenith', apparentZenith, 'degrees'],
    ['airmassAbsolute', airmassAbsolute, 'absolute air mass'],
    ['linkeTurbidity', linkeTurbidity, 'Linke turbidity factor'],
    ['altitude', altitude, 'm'],
    ['dniExtra', dniExtra, 'W/m2'],
  ]);
  const res = clearskyOutputs(out, n);
  const { ghi: ghiOut, dni: dniOut, dhi: dhiOut } = res;
  const zA = arrayOf(apparentZenith);
  const amA = arrayOf(airmassAbsolute);
  const tlA = arrayOf(linkeTurbidity);
  const hA = arrayOf(altitude);
  const exA = arrayOf(dniExtra);
  const z0 = scalarOf(apparentZenith);
  const am0 = scalarOf(airmassAbsolute);
  const tl0 = scalarOf(linkeTurbidity);
  const ex0 = scalarOf(dniExtra);
  const perez = options.perezEnhancement === true;
  // Altitude terms are usually one value for the whole series: computed once then.
  let h = typeof altitude === 'number' ? altitude : Number.NaN;
  let invFh1 = Math.exp(h / 8000);
  let fh1 = Math.exp(-h / 8000);
  let fh2 = Math.exp(-h / 1250);
  let cg1 = 5.09e-5 * h + 0.868;
  let cg2 = 3.92e-5 * h + 0.0387;
  let lastTl = Number.NaN;
  let expMinusTl = Number.NaN;
  const cosNodes = COS_NODES;
  const sinNodes = SIN_NODES;
  for (let i = 0; i < n; i++) {
    if (hA !== null) {
      h = hA[i]!;
      fh1 = Math.exp(-h / 8000);
      invFh1 = 1 / fh1;
      fh2 = Math.exp(-h / 1250);
      cg1 = 5.09e-5 * h + 0.868;
      cg2 = 3.92e-5 * h + 0.0387;
    }
    const zen = zA !== null ? zA[i]! : z0;
    let cosZ: number;
    if (zen >= 0 && zen <= 360) {
      // The quarter-degree node tables (util/trig-tables.ts): agrees with Math.cos to a few 1e-16.
      const k = Math.floor(zen * 4 + 0.5);
      const r = (zen - k * 0.25) * D2R;
      const r2 = r * r;
      cosZ = cosNodes[k]! * (1 - r2 * (0.5 - r2 * (1 / 24))) - sinNodes[k]! * (r * (1 - r2 * (1 / 6 - r2 * (1 / 120))));
    } else {
      cosZ = Math.cos(zen * D2R);
    }
    if (cosZ < 0) cosZ = 0;
    const am = amA !== null ? amA[i]! : am0;
    const tl = tlA !== null ? tlA[i]! : tl0;
    const ex = exA !== null ? exA[i]! : ex0;
    // The turbidity is usually one value over many rows (a month's, or the series'): exp(-TL) once.
    if (!(tl === lastTl)) {
      lastTl = tl;
      expMinusTl = Math.exp(-tl);
    }
    let g = Math.exp(-cg2 * am * (fh1 + fh2 * (tl - 1)));
    if (perez) g *= Math.exp(0.01 * Math.pow(am, 1.8));
    // "g > 0 ? g : 0" maps a NaN air mass to 0 (numpy fmax); tl / tl keeps a NaN turbidity NaN.
    const ghi = ((cg1 * ex * cosZ * tl) / tl) * (g > 0 ? g : 0);
    const bnci0 = (0.664 + 0.163 * invFh1) * Math.exp(-0.09 * am * (tl - 1));
    const bnci = ex * (bnci0 > 0 ? bnci0 : 0);
    let ratio = (1 - (0.1 - 0.2 * expMinusTl) / (0.1 + 0.882 * invFh1)) / cosZ;
    ratio = ratio > 0 ? (ratio < 1e20 ? ratio : 1e20) : 0;
    const bnci2 = ghi * ratio;
    const dni = bnci < bnci2 || bnci !== bnci ? bnci : bnci2;
    ghiOut[i] = ghi;
    dniOut[i] = dni;
    dhiOut[i] = ghi - dni * cosZ;
  }
  return res;
}

/**
 * Haurwitz clear-sky GHI [W/m2]: 1098 cos z exp(-0.059 / cos z), 0 when the sun is down.
 * @param apparentZenith refraction-corrected zenith [deg]
 * Haurwitz, B. (1945), Insolation in relation to cloudiness and cloud density, Journal of
 * Meteorology 2, 154-166; follows pvlib.clearsky.haurwitz.
 * @example
 * clearskyHaurwitz(30)[0]; // about 885 W/m2
 */
export function clearskyHaurwitz(apparentZenith: Column, out?: Float64Array): Float64Array {
  const n = checkSeries('clearskyHaurwitz', [['apparentZenith', apparentZenith, 'degrees']]);
  const res = outputColumn(out, n);
  const zA = arrayOf(apparentZenith);
  const z0 = scalarOf(apparentZenith);
  for (let i = 0; i < n; i++) {
    const c = Math.cos((zA !== null ? zA[i]! : z0) * D2R);
    res[i] = c > 0 ? 1098 * c * Math.exp(-0.059 / c) : 0;
  }
  return res;
}

/** Inputs of {@link clearskySimplifiedSolis}. */
export interface SimplifiedSolisInput {
  /** Refraction-corrected solar elevation [deg]. */
  apparentElevation: Column;
  /** Aerosol optical depth at 700 nm [unitless], default 0.1 (fitted for 0..0.45). */
  aod700?: Column;
  /** Precipitable water [cm], default 1 (fitted for 0.2..10; lower values are raised to 0.2). */
  precipitableWater?: Column;
  /** Site pressure [Pa], default 101325. */
  pressure?: Column;
  /** Extraterrestrial normal irradiance [W/m2], default 1364. */
  dniExtra?: Column;
}

/**
 * Simplified Solis clear-sky GHI, DNI and DHI [W/m2] from aerosol optical depth, precipitable
 * water and pressure. Below the horizon the sine of elevation is held at 1e-30, which drives the
 * irradiances to 0 instead of NaN, as pvlib.clearsky.simplified_solis.
 * Ineichen, P. (2008), A broadband simplified version of the Solis clear sky model, Solar Energy
 * 82(8), 758-762, doi:10.1016/j.solener.2008.02.009.
 * @example
 * clearskySimplifiedSolis({ apparentElevation: 60 }).dni[0]; // about 927 W/m2
 */
export function clearskySimplifiedSolis(
  input: SimplifiedSolisInput,
  out?: Partial<ClearSkyIrradiance>,
): ClearSkyIrradiance {
  const elev = input.apparentElevation;
  const aod = input.aod700 ?? 0.1;
  const pw = input.precipitableWater ?? 1;
  const pres = input.pressure ?? STANDARD_PRESSURE;
  const ex = input.dniExtra ?? 1364;
  const fn = 'clearskySimplifiedSolis';
  checkObject(fn, 'input', input);
  const n = checkSeries(fn, [
    ['apparentElevation', elev, 'degrees'],
    ['aod700', aod, 'aerosol optical depth at 700 nm'],
    ['precipitableWater', pw, 'cm'],
    ['pressure', pres, 'Pa'],
    ['dniExtra', ex, 'W/m2'],
  ]);
  checkPressurePa(fn, 'pressure', pres);
  const res = clearskyOutputs(out, n);
  const eA = arrayOf(elev);
  const aA = arrayOf(aod);
  const wA = arrayOf(pw);
  const pA = arrayOf(pres);
  const xA = arrayOf(ex);
  for (let i = 0; i < n; i++) {
    const e = eA !== null ? eA[i]! : (elev as number);
    const a = aA !== null ? aA[i]! : (aod as number);
    let w = wA !== null ? wA[i]! : (pw as number);
    const p = pA !== null ? pA[i]! : (pres as number);
    const i0 = xA !== null ? xA[i]! : (ex as number);
    if (w < 0.2) w = 0.2;
    const lnW = Math.log(w);
    const lnP = Math.log(p / STANDARD_PRESSURE);
    const a2 = a * a;
    // Enhanced extraterrestrial irradiance (eq. 1 of Ineichen 2008).
    const i0p =
      i0 * (0.12 * Math.pow(w, 0.56) * a2 + 0.97 * Math.pow(w, 0.032) * a + 1.08 * Math.pow(w, 0.0051) + 0.071 * lnP);
    const taub =
      (1.82 + 0.056 * lnW + 0.0071 * lnW * lnW) * a +
      0.33 +
      0.045 * lnW +
      0.0096 * lnW * lnW +
      (0.0089 * w + 0.13) * lnP;
    const b = (0.00925 * a2 + 0.0148 * a - 0.0172) * lnW + (-0.7565 * a2 + 0.5057 * a + 0.4557);
    const taug =
      (1.24 + 0.047 * lnW + 0.0061 * lnW * lnW) * a + 0.27 + 0.043 * lnW + 0.009 * lnW * lnW + (0.0079 * w + 0.1) * lnP;
    const g = -0.0147 * lnW - 0.3079 * a2 + 0.2846 * a + 0.3798;
    let td4: number, td3: number, td2: number, td1: number, td0: number, tdp: number;
    if (a < 0.05) {
      td4 = 86 * w - 13800;
      td3 = -3.11 * w + 79.4;
      td2 = -0.23 * w + 74.8;
      td1 = 0.092 * w - 8.86;
      td0 = 0.0042 * w + 3.12;
      tdp = -0.83 * Math.pow(1 + a, -17.2);
    } else {
      td4 = -0.21 * w + 11.6;
      td3 = 0.27 * w - 20.7;
      td2 = -0.134 * w + 15.5;
      td1 = 0.0554 * w - 5.71;
      td0 = 0.0057 * w + 2.94;
      tdp = -0.71 * Math.pow(1 + a, -15.0);
    }
    const taud = td4 * a2 * a2 + td3 * a2 * a + td2 * a2 + td1 * a + td0 + tdp * lnP;
    const d = -0.337 * a2 + 0.63 * a + 0.116 + lnP / (18 + 152 * a);
    let s = Math.sin(e * D2R);
    if (s < 1e-30) s = 1e-30;
    res.dni[i] = i0p * Math.exp(-taub / Math.pow(s, b));
    res.ghi[i] = i0p * Math.exp(-taug / Math.pow(s, g)) * s;
    res.dhi[i] = i0p * Math.exp(-taud / Math.pow(s, d));
  }
  return res;
}

/** Inputs of {@link clearSky}. */
export interface ClearSkyInput {
  /** Times [s, Unix, UTC], for the Earth-Sun distance and the seasonal turbidity. */
  unixSeconds: Float64Array;
  /** Refraction-corrected solar zenith at those times [deg] (from the solar position). */
  apparentZenith: Column;
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
  /** Altitude above sea level [m], default 0. */
  altitude?: number;
  /** Site pressure [Pa]; default from the altitude in the standard atmosphere. */
  pressure?: Column;
  /** Linke turbidity; default the climatological estimate of linkeTurbidityColumn. */
  linkeTurbidity?: Column;
}

/**
 * Clear-sky GHI, DNI and DHI [W/m2] at a place, with the defaults pvlib's Location.get_clearsky
 * uses for the Ineichen model: Kasten & Young air mass from the apparent zenith, corrected for the
 * site pressure; Spencer extraterrestrial irradiance (solar constant 1366.1 W/m2); and, instead of
 * the SoDa grid, the estimate of linkeTurbidityColumn unless a turbidity is given.
 * @example
 * const unixSeconds = Float64Array.of(Date.UTC(2024, 5, 21, 12) / 1000);
 * const zenith = solarPositionSpa({ unixSeconds, latitude: 52.37, longitude: 4.9 }).apparentZenith;
 * clearSky({ unixSeconds, apparentZenith: zenith, latitude: 52.37, longitude: 4.9 }).ghi[0]; // about 855 W/m2
 */
export function clearSky(input: ClearSkyInput, out?: Partial<ClearSkyIrradiance>): ClearSkyIrradiance {
  const fn = 'clearSky';
  checkObject(fn, 'input', input);
  const { unixSeconds, apparentZenith, latitude, longitude } = input;
  checkTimes(fn, 'unixSeconds', unixSeconds);
  checkLatitude(fn, latitude);
  checkLongitude(fn, longitude);
  const altitude = input.altitude ?? 0;
  checkFinite(fn, 'altitude', altitude, 'm');
  const n = checkSeries(fn, [
    ['unixSeconds', unixSeconds, 'Unix seconds'],
    ['apparentZenith', apparentZenith, 'degrees'],
    ['pressure', input.pressure, 'Pa', true],
    ['linkeTurbidity', input.linkeTurbidity, 'Linke turbidity factor', true],
  ]);
  if (input.pressure !== undefined) checkPressurePa(fn, 'pressure', input.pressure);
  const pressure = input.pressure ?? altitudeToPressure(altitude)[0]!;
  const pA = arrayOf(pressure);
  const zA = arrayOf(apparentZenith);
  const amAbs = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const z = zA !== null ? zA[i]! : (apparentZenith as number);
    const am = z > 90 ? Number.NaN : 1 / (Math.cos(z * D2R) + 0.50572 * Math.pow(96.07995 - z, -1.6364));
    amAbs[i] = (am * (pA !== null ? pA[i]! : (pressure as number))) / STANDARD_PRESSURE;
  }
  const turbidity =
    input.linkeTurbidity ?? linkeTurbidityColumn({ unixSeconds, latitude, longitude, elevation: altitude });
  return clearskyIneichen(
    {
      apparentZenith,
      airmassAbsolute: amAbs,
      linkeTurbidity: turbidity,
      altitude,
      dniExtra: extraterrestrialRadiation(unixSeconds),
    },
    {},
    out,
  );
}
