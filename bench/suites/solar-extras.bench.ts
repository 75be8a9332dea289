/**
 * The solar position extras (src/solar/analytical.ts, earth-sun-distance.ts, sunTimes) and the
 * quality flags of measured irradiance, each with its pvlib counterpart for `--peer`:
 * `npm run bench -- --only solar-extras --peer`.
 */
import { extraterrestrialRadiation } from '../../src/atmosphere/index.js';
import { irradianceClosureFlags, irradianceLimitFlags } from '../../src/irradiance/index.js';
import {
  declinationSpencer71,
  equationOfTimeSpencer71,
  hourAngle,
  nrelEarthSunDistance,
  solarAzimuthAnalytical,
  type EphemerisPosition,
  solarPositionEphemeris,
  solarZenithAnalytical,
  sunRiseSetTransitGeometric,
  sunTimes,
} from '../../src/solar/index.js';
import { type BenchSuite, type KernelBench, warmedKernel } from '../harness.js';

/** A year of minutes (525,600 points) at Golden, Colorado, on the local standard clock (UTC-7). */
const N = 525_600;
/** Ten years of days, for the day-by-day functions (sunrise, sunset, transit). */
const DAYS = 3653;
/** A year of hours for the Earth-Sun distance (pvlib computes the whole SPA for it: slow). */
const HOURS = 8784;
const LATITUDE = 39.742;
const LONGITUDE = -105.18;
const OFFSET = -7 * 3600;
const START = Date.UTC(2024, 0, 1, 7) / 1000;

let times: Float64Array = new Float64Array(0);
let doy: Float64Array = new Float64Array(0);
let eot: Float64Array = new Float64Array(0);
let dec: Float64Array = new Float64Array(0);
let ha: Float64Array = new Float64Array(0);
let zen: Float64Array = new Float64Array(0);
let days: Float64Array = new Float64Array(0);
let dayDec: Float64Array = new Float64Array(0);
let dayEot: Float64Array = new Float64Array(0);
let hours: Float64Array = new Float64Array(0);
let ghi: Float64Array = new Float64Array(0);
let dhi: Float64Array = new Float64Array(0);
let dni: Float64Array = new Float64Array(0);
let dniExtra: Float64Array = new Float64Array(0);
const out = new Float64Array(N);
const flags = { ghi: new Uint8Array(N), dhi: new Uint8Array(N), dni: new Uint8Array(N) };
const closure = new Uint8Array(N);
const position: EphemerisPosition = {
  zenith: new Float64Array(N),
  apparentZenith: new Float64Array(N),
  azimuth: new Float64Array(N),
  elevation: new Float64Array(N),
  apparentElevation: new Float64Array(N),
  solarTime: new Float64Array(N),
};
const events = { sunrise: new Float64Array(DAYS), sunset: new Float64Array(DAYS), transit: new Float64Array(DAYS) };

function prepare(): void {
  if (times.length === N) return;
  times = Float64Array.from({ length: N }, (_, i) => START + 60 * i);
  doy = times.map((t) => (t - START) / 86400 + 1);
  eot = equationOfTimeSpencer71(doy);
  dec = declinationSpencer71(doy);
  ha = hourAngle({ unixSeconds: times, longitude: LONGITUDE, equationOfTime: eot }, { utcOffsetSeconds: OFFSET });
  zen = solarZenithAnalytical({ latitude: LATITUDE, hourAngle: ha, declination: dec });
  days = Float64Array.from({ length: DAYS }, (_, i) => START + 86400 * i + 5 * 3600);
  const dayOfYear = days.map((t) => (((t - START) / 86400) % 365) + 1);
  dayDec = declinationSpencer71(dayOfYear);
  dayEot = equationOfTimeSpencer71(dayOfYear);
  hours = Float64Array.from({ length: HOURS }, (_, i) => START + 3600 * i);
  // A sky that closes (GHI = DNI cos z + DHI), with one row in a thousand made wrong.
  dniExtra = extraterrestrialRadiation(times);
  dni = zen.map((z, i) => (z < 90 ? 700 * Math.cos((z * Math.PI) / 180) ** 0.3 * (0.5 + 0.5 * Math.sin(i / 97)) : 0));
  dhi = zen.map((z) => (z < 90 ? 40 + 80 * Math.cos((z * Math.PI) / 180) : 0));
  ghi = dni.map((b, i) => b * Math.cos((zen[i]! * Math.PI) / 180) + dhi[i]! + (i % 1000 === 0 ? 300 : 0));
}

function kernel(name: string, points: number, run: () => unknown, peer: KernelBench['peer']): KernelBench {
  return { ...warmedKernel(name, points, 3, run, prepare), peer };
}

export const suite: BenchSuite = {
  name: 'solar-extras',
  kernels: [
    kernel('declinationSpencer71 (a year of minutes)', N, () => declinationSpencer71(doy, out), {
      fn: 'declination_spencer71',
      columns: () => ({ dayOfYear: doy }),
    }),
    kernel('equationOfTimeSpencer71 (a year of minutes)', N, () => equationOfTimeSpencer71(doy, out), {
      fn: 'equation_of_time_spencer71',
      columns: () => ({ dayOfYear: doy }),
    }),
    kernel(
      'hourAngle (a year of minutes, UTC-7)',
      N,
      () =>
        hourAngle({ unixSeconds: times, longitude: LONGITUDE, equationOfTime: eot }, { utcOffsetSeconds: OFFSET }, out),
      {
        fn: 'hour_angle',
        columns: () => ({ unixSeconds: times, equationOfTime: eot }),
        params: { longitude: LONGITUDE, utcOffsetSeconds: OFFSET },
      },
    ),
    kernel(
      'solarZenithAnalytical (a year of minutes)',
      N,
      () => solarZenithAnalytical({ latitude: LATITUDE, hourAngle: ha, declination: dec }, out),
      {
        fn: 'solar_zenith_analytical',
        columns: () => ({ hourAngle: ha, declination: dec }),
        params: { latitude: LATITUDE },
      },
    ),
    kernel(
      'solarAzimuthAnalytical (a year of minutes)',
      N,
      () => solarAzimuthAnalytical({ latitude: LATITUDE, hourAngle: ha, declination: dec, zenith: zen }, out),
      {
        fn: 'solar_azimuth_analytical',
        columns: () => ({ hourAngle: ha, declination: dec, zenith: zen }),
        params: { latitude: LATITUDE },
      },
    ),
    kernel(
      'sunRiseSetTransitGeometric (ten years of days)',
      DAYS,
      () =>
        sunRiseSetTransitGeometric(
          { unixSeconds: days, latitude: LATITUDE, longitude: LONGITUDE, declination: dayDec, equationOfTime: dayEot },
          { utcOffsetSeconds: OFFSET },
          events,
        ),
      {
        fn: 'sun_rise_set_transit_geometric',
        columns: () => ({ unixSeconds: days, declination: dayDec, equationOfTime: dayEot }),
        params: { latitude: LATITUDE, longitude: LONGITUDE, utcOffsetSeconds: OFFSET },
      },
    ),
    kernel(
      'sunTimes = sun_rise_set_transit_spa (ten years of days)',
      DAYS,
      () =>
        sunTimes(
          { dayUnixSeconds: days, latitude: LATITUDE, longitude: LONGITUDE },
          { utcOffsetSeconds: OFFSET, deltaT: 67 },
          { sunrise: events.sunrise, sunset: events.sunset, solarNoon: events.transit },
        ),
      {
        fn: 'sun_rise_set_transit_spa',
        columns: () => ({ unixSeconds: days }),
        params: { latitude: LATITUDE, longitude: LONGITUDE, utcOffsetSeconds: OFFSET, deltaT: 67 },
      },
    ),
    kernel(
      'nrelEarthSunDistance (a year of hours)',
      HOURS,
      () => nrelEarthSunDistance(hours, { deltaT: 67 }, out.subarray(0, HOURS)),
      { fn: 'nrel_earthsun_distance', columns: () => ({ unixSeconds: hours }), params: { deltaT: 67 } },
    ),
    kernel(
      "extraterrestrialRadiation method 'nrel' (a year of hours)",
      HOURS,
      () => extraterrestrialRadiation(hours, { method: 'nrel', deltaT: 67 }, out.subarray(0, HOURS)),
      {
        fn: 'get_extra_radiation',
        columns: () => ({ unixSeconds: hours }),
        params: { method: 'nrel', deltaT: 67 },
      },
    ),
    kernel(
      'solarPositionEphemeris (a year of minutes)',
      N,
      () => solarPositionEphemeris({ unixSeconds: times, latitude: LATITUDE, longitude: LONGITUDE }, position),
      {
        fn: 'ephemeris',
        columns: () => ({ unixSeconds: times }),
        params: { latitude: LATITUDE, longitude: LONGITUDE },
      },
    ),
    // No pvlib counterpart (pvanalytics has these tests; it is not a peer here).
    kernel(
      'irradianceLimitFlags GHI, DHI, DNI (a year of minutes)',
      N,
      () => irradianceLimitFlags({ solarZenith: zen, dniExtra, ghi, dhi, dni }, {}, flags),
      undefined,
    ),
    kernel(
      'irradianceClosureFlags (a year of minutes)',
      N,
      () => irradianceClosureFlags({ solarZenith: zen, ghi, dhi, dni }, closure),
      undefined,
    ),
  ],
};
