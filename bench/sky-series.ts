/**
 * The sky series that the sky-model suites (bench/suites/sky-models.bench.ts and
 * transpositions.bench.ts) time their models on, so that their figures compare.
 */
import { extraterrestrialRadiation, relativeAirmass } from '../src/atmosphere/index.js';
import { aoi, erbs, totalIrradiance } from '../src/irradiance/index.js';

const D2R = Math.PI / 180;

/**
 * A year of sky at 40 N, night included (pvlib's calls see the same rows): sun positions from the
 * textbook declination and hour angle, a clear-sky shape under a slowly varying deterministic
 * cloudiness (a bounded random walk of a linear congruential generator), GHI split by Erbs, a
 * clear sky for DIRINDEX and the DNI limits, and the POA of a south-facing 30-degree plane (Perez)
 * for the reverse models.
 */
export interface Sky {
  times: Float64Array;
  zenith: Float64Array;
  solarAzimuth: Float64Array;
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  ghiClear: Float64Array;
  dniClear: Float64Array;
  dniExtra: Float64Array;
  airmass: Float64Array;
  aoi: Float64Array;
  poaGlobal: Float64Array;
}

export function makeSky(n: number, stepSeconds: number): Sky {
  let state = 20_261_129;
  const rnd = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  const times = new Float64Array(n);
  const zenith = new Float64Array(n);
  const solarAzimuth = new Float64Array(n);
  const ghi = new Float64Array(n);
  const ghiClear = new Float64Array(n);
  const dniClear = new Float64Array(n);
  const t0 = Date.parse('2024-01-01T00:00:00Z') / 1000;
  const lat = 40 * D2R;
  let cloud = 0.3;
  for (let i = 0; i < n; i++) {
    const t = t0 + stepSeconds * i;
    const day = (t - t0) / 86_400;
    const decl = 23.44 * D2R * Math.sin((2 * Math.PI * (day - 81)) / 365);
    const hourAngle = ((t % 86_400) / 3600 - 12) * 15 * D2R;
    const cosZ = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle);
    const z = Math.acos(cosZ);
    const sinAz = (-Math.cos(decl) * Math.sin(hourAngle)) / Math.sin(z);
    const cosAz = (Math.sin(decl) - Math.sin(lat) * cosZ) / (Math.cos(lat) * Math.sin(z));
    cloud += 0.05 * (rnd() - 0.5) * Math.sqrt(stepSeconds / 60);
    cloud = cloud < 0 ? 0 : cloud > 1 ? 1 : cloud;
    times[i] = t;
    zenith[i] = z / D2R;
    solarAzimuth[i] = (Math.atan2(sinAz, cosAz) / D2R + 360) % 360;
    const up = cosZ > 0 ? cosZ : 0;
    dniClear[i] = up > 0 ? 1100 * Math.exp(-0.15 / Math.max(up, 0.02)) : 0;
    ghiClear[i] = dniClear[i]! * up + 100 * up;
    ghi[i] = ghiClear[i]! * (1 - 0.75 * cloud * cloud);
  }
  const split = erbs({ ghi, zenith, unixSeconds: times });
  const dniExtra = extraterrestrialRadiation(times);
  const airmass = relativeAirmass(zenith);
  const plane = { surfaceTilt: 30, surfaceAzimuth: 180, solarZenith: zenith, solarAzimuth };
  const poa = totalIrradiance(
    { ...plane, dni: split.dni, ghi, dhi: split.dhi, dniExtra, airmass },
    { model: 'perez' },
  ).poaGlobal;
  for (let i = 0; i < n; i++) if (!(poa[i]! >= 0)) poa[i] = 0;
  return {
    times,
    zenith,
    solarAzimuth,
    ghi,
    dni: split.dni,
    dhi: split.dhi,
    ghiClear,
    dniClear,
    dniExtra,
    airmass,
    aoi: aoi(plane),
    poaGlobal: poa,
  };
}
