/**
 * The sun-and-sky chain of the synthetic weather, built from solarkit's own models: solar
 * position (src/solar), extraterrestrial irradiance, air mass, Linke turbidity and the Ineichen
 * clear sky (src/atmosphere), Erbs decomposition and Perez transposition (src/irradiance),
 * single-axis tracking (src/tracking). Nothing here is a model of its own: it only wires them
 * and applies the clear-sky index of the cloud process.
 */
import {
  absoluteAirmass,
  altitudeToPressure,
  clearskyIneichen,
  extraterrestrialRadiation,
  linkeTurbidityColumn,
  relativeAirmass,
} from '../atmosphere/index.js';
import { erbs } from '../irradiance/decomposition.js';
import type { WeatherScratch } from './scratch.js';
import { type PlaneMount, planeOfArray } from '../irradiance/plane-of-array.js';
import { solarPositionFast } from '../solar/index.js';
import {
  checkFinite,
  checkLatitude,
  checkLongitude,
  checkObject,
  checkPressurePa,
  checkSeries,
  checkTimes,
} from '../util/validate.js';

/** Instant-by-instant sun and sky columns (W/m2 and degrees). */
export interface SkyColumns {
  zenith: Float64Array;
  apparentZenith: Float64Array;
  /** pvlib convention: degrees east of north, 0..360 */
  azimuth: Float64Array;
  dniExtra: Float64Array;
  airmass: Float64Array;
  clearskyGhi: Float64Array;
  clearskyDni: Float64Array;
  clearskyDhi: Float64Array;
}

/**
 * Solar position (the fast form of src/solar, after Reda & Andreas 2004's SPA) and the Ineichen
 * clear sky (src/atmosphere) at instants for a place; clear-sky GHI, DNI and DHI are 0 at night.
 * One call of the fast solar form covers the whole series: its values depend only on their own
 * time, to the last bit (test/solar/fast-path.test.ts), so any window or chunking of a series
 * gives the same doubles.
 * @param times Unix s
 * @param latitude degrees north
 * @param longitude degrees east
 * @param elevation m above sea level
 * @param pressure station pressure, Pa
 * @param temperature annual mean air temperature, degrees C (refraction only)
 * @example
 * // Near solar noon and at night at 52 N 5 E on 21 June 2024:
 * const t = Float64Array.of(Date.UTC(2024, 5, 21, 11, 40) / 1000, Date.UTC(2024, 5, 21, 23) / 1000);
 * const sky = skyAtInstants(t, 52, 5, 0, stationPressure(0), 10);
 * sky.zenith[0]; // about 28.57 degrees
 * sky.clearskyGhi[0]; // about 861 W/m2
 * sky.clearskyGhi[1]; // => 0
 */
export function skyAtInstants(
  times: Float64Array,
  latitude: number,
  longitude: number,
  elevation: number,
  pressure: number,
  temperature: number,
  scratch?: WeatherScratch,
): SkyColumns {
  const fn = 'skyAtInstants';
  checkTimes(fn, 'times', times);
  checkLatitude(fn, latitude);
  checkLongitude(fn, longitude);
  checkFinite(fn, 'elevation', elevation, 'm');
  checkFinite(fn, 'pressure', pressure, 'Pa');
  checkPressurePa(fn, 'pressure', pressure);
  checkFinite(fn, 'temperature', temperature, 'degrees C');
  const n = times.length;
  // With a scratch set, every column of the lattice is one of its columns (the same values).
  const col = (): Float64Array | undefined => scratch?.take(n);
  const position = solarPositionFast(
    { unixSeconds: times, latitude, longitude, elevation, pressure, temperature },
    {},
    scratch === undefined
      ? undefined
      : {
          zenith: col(),
          apparentZenith: col(),
          azimuth: col(),
          elevation: col(),
          apparentElevation: col(),
          equationOfTime: col(),
        },
  );
  const dniExtra = extraterrestrialRadiation(times, {}, col());
  const relAm = relativeAirmass(position.apparentZenith, {}, col());
  const absAm = absoluteAirmass(relAm, pressure, col());
  const linke = linkeTurbidityColumn({ unixSeconds: times, latitude, longitude, elevation }, col());
  const cs = clearSkyOfDay(position.apparentZenith, absAm, linke, elevation, dniExtra, scratch);
  // Night and the horizon: the clear-sky model may return NaN where air mass does not exist.
  const ghi = cs.ghi;
  const dni = cs.dni;
  const dhi = cs.dhi;
  for (let i = 0; i < n; i++) {
    if (!(ghi[i]! > 0)) {
      ghi[i] = 0;
      dni[i] = 0;
      dhi[i] = 0;
    }
    if (!(dni[i]! >= 0)) dni[i] = 0;
    if (!(dhi[i]! >= 0)) dhi[i] = 0;
  }
  return {
    zenith: position.zenith,
    apparentZenith: position.apparentZenith,
    azimuth: position.azimuth,
    dniExtra,
    airmass: relAm,
    clearskyGhi: ghi,
    clearskyDni: dni,
    clearskyDhi: dhi,
  };
}

/**
 * The Ineichen clear sky of the instants whose apparent zenith is not above 90 degrees; 0 at the
 * others, which is what the model gives there once night is cleared (no relative air mass above
 * 90 degrees: NaN, so GHI 0, and the caller sets DNI and DHI to 0 with it). Most series are half
 * night: the model then runs on the day's instants only.
 */
function clearSkyOfDay(
  apparentZenith: Float64Array,
  airmassAbsolute: Float64Array,
  linke: Float64Array,
  elevation: number,
  dniExtra: Float64Array,
  scratch: WeatherScratch | undefined,
): { ghi: Float64Array; dni: Float64Array; dhi: Float64Array } {
  const n = apparentZenith.length;
  let day = 0;
  for (let i = 0; i < n; i++) if (!(apparentZenith[i]! > 90)) day++;
  if (day === n)
    return clearskyIneichen({ apparentZenith, airmassAbsolute, linkeTurbidity: linke, altitude: elevation, dniExtra });
  // The day's samples, packed. Their number changes with the place, so with a scratch set they
  // are the first `day` values of full-length scratch columns (views, no new memory); `at` holds
  // each sample's index (whole numbers, exact in a double).
  const packed = (): Float64Array => (scratch === undefined ? new Float64Array(day) : scratch.take(n).subarray(0, day));
  const at = packed();
  const z = packed();
  const am = packed();
  const tl = packed();
  const ex = packed();
  for (let i = 0, j = 0; i < n; i++) {
    if (apparentZenith[i]! > 90) continue;
    at[j] = i;
    z[j] = apparentZenith[i]!;
    am[j] = airmassAbsolute[i]!;
    tl[j] = linke[i]!;
    ex[j] = dniExtra[i]!;
    j++;
  }
  const cs = clearskyIneichen(
    {
      apparentZenith: z,
      airmassAbsolute: am,
      linkeTurbidity: tl,
      altitude: elevation,
      dniExtra: ex,
    },
    {},
    scratch === undefined ? undefined : { ghi: packed(), dni: packed(), dhi: packed() },
  );
  const ghi = scratch?.take(n) ?? new Float64Array(n);
  const dni = scratch?.take(n) ?? new Float64Array(n);
  const dhi = scratch?.take(n) ?? new Float64Array(n);
  for (let j = 0; j < day; j++) {
    const i = at[j]!;
    ghi[i] = cs.ghi[j]!;
    dni[i] = cs.dni[j]!;
    dhi[i] = cs.dhi[j]!;
  }
  return { ghi, dni, dhi };
}

/**
 * All-sky GHI, DNI and DHI at instants: GHI = clear-sky index x clear-sky GHI, split by the Erbs
 * decomposition (Erbs, Klein & Duffie 1982, Solar Energy 28, doi:10.1016/0038-092X(82)90302-4);
 * DNI is held at or below clear-sky DNI and DHI re-derived so that GHI = DNI cos z + DHI holds.
 */
export function allSky(
  times: Float64Array,
  sky: SkyColumns,
  clearSkyIndex: Float64Array,
  scratch?: WeatherScratch,
): { ghi: Float64Array; dni: Float64Array; dhi: Float64Array } {
  checkTimes('allSky', 'times', times);
  checkObject('allSky', 'sky', sky);
  checkSeries('allSky', [
    ['times', times, 'Unix seconds'],
    ['sky.zenith', sky.zenith, 'degrees'],
    ['sky.dniExtra', sky.dniExtra, 'W/m2'],
    ['sky.clearskyGhi', sky.clearskyGhi, 'W/m2'],
    ['sky.clearskyDni', sky.clearskyDni, 'W/m2'],
    ['clearSkyIndex', clearSkyIndex, ''],
  ]);
  const n = times.length;
  const ghi = scratch?.take(n) ?? new Float64Array(n);
  const D2R = Math.PI / 180;
  for (let i = 0; i < n; i++) {
    // Never above the extraterrestrial irradiance on the horizontal (a bright clear day at
    // altitude with a high clear-sky index could otherwise pass it).
    const g = sky.clearskyGhi[i]! * clearSkyIndex[i]!;
    const top = sky.dniExtra[i]! * Math.cos(sky.zenith[i]! * D2R);
    ghi[i] = g > top ? (top > 0 ? top : 0) : g;
  }
  const split = erbs(
    { ghi, zenith: sky.zenith, dniExtra: sky.dniExtra },
    {},
    scratch === undefined ? undefined : { dni: scratch.take(n), dhi: scratch.take(n), kt: scratch.take(n) },
  );
  const dni = split.dni;
  const dhi = split.dhi;
  const DEG = Math.PI / 180;
  for (let i = 0; i < n; i++) {
    const g = ghi[i]!;
    const cz = Math.cos(sky.zenith[i]! * DEG);
    if (!(g > 0) || !(cz > 0)) {
      ghi[i] = g > 0 ? g : 0;
      dni[i] = 0;
      dhi[i] = ghi[i]!;
      continue;
    }
    let b = dni[i]!;
    if (!(b >= 0)) b = 0;
    const bcs = sky.clearskyDni[i]! * 1.05;
    if (b > bcs) b = bcs;
    if (b * cz > g) b = g / cz;
    dni[i] = b;
    dhi[i] = g - b * cz;
  }
  return { ghi, dni, dhi };
}

/** The plane of a query's gti and clearskyGti, defaults applied (see queryPlane); pvlib's azimuth convention. */
export interface QueryPlane {
  /** Tilt of a fixed plane from horizontal, degrees. */
  tilt: number;
  /** Direction a fixed plane faces, or the tracker axis's direction, degrees east of north. */
  azimuth: number;
  /** A fixed plane, or {@link WEATHER_TRACKER}'s level single axis. */
  arrayType: 'fixed' | 'horizontal_single_axis';
}

/**
 * The tracker of the weather's `horizontal_single_axis` gti: a level axis along the query's
 * azimuth (modulo 180, so 0 and 180 are one north-south axis), rotation limits +-60 degrees,
 * backtracking, ground coverage ratio 0.35.
 */
export const WEATHER_TRACKER = { maxAngle: 60, backtrack: true, gcr: 0.35 } as const;

/** The mount of a query's plane: the fixed plane, or {@link WEATHER_TRACKER} along its azimuth. */
export function weatherMount(plane: QueryPlane): PlaneMount {
  return plane.arrayType === 'horizontal_single_axis'
    ? { tracker: { axisAzimuth: plane.azimuth % 180, ...WEATHER_TRACKER } }
    : { tilt: plane.tilt, azimuth: plane.azimuth };
}

/**
 * Global tilted irradiance at instants (`planeOfArray` of src/irradiance, Perez 1990) for a
 * fixed plane or {@link WEATHER_TRACKER}. The sky model sees the true zenith (the tracker follows
 * the apparent one) and the relative air mass of the apparent zenith; negative or undefined
 * values (Perez at a zero DHI with the sun up) are 0, and a period whose GHI, DNI or DHI is NaN
 * (missing in a real series) is NaN.
 * @param albedo ground albedo per instant
 * @param plane tilt and azimuth in pvlib's convention (degrees east of north)
 */
export function tiltedIrradiance(
  sky: SkyColumns,
  ghi: Float64Array,
  dni: Float64Array,
  dhi: Float64Array,
  albedo: Float64Array,
  plane: QueryPlane,
): Float64Array {
  const n = ghi.length;
  const poa = planeOfArray(
    {
      solarZenith: sky.zenith,
      trackingZenith: sky.apparentZenith,
      solarAzimuth: sky.azimuth,
      dni,
      ghi,
      dhi,
      dniExtra: sky.dniExtra,
      airmass: sky.airmass,
      albedo,
    },
    { mount: weatherMount(plane) },
  );
  const g = poa.poaGlobal;
  for (let i = 0; i < n; i++) {
    if (g[i]! > 0) continue;
    // Missing irradiance (NaN in a real series) stays missing, so that a composed source fills the
    // period from its fallback instead of serving 0; anything else not positive is 0.
    g[i] = ghi[i]! !== ghi[i]! || dni[i]! !== dni[i]! || dhi[i]! !== dhi[i]! ? Number.NaN : 0;
  }
  return g;
}

/** Station pressure of the standard atmosphere at an elevation, Pa (src/atmosphere). */
export function stationPressure(elevation: number): number {
  checkFinite('stationPressure', 'elevation', elevation, 'm');
  return altitudeToPressure(elevation)[0]!;
}
