/**
 * Reference handlers for the cases of solar_extras.json (and any file of the same schema whose
 * cases follow its conventions): params.function names the pvlib.solarposition function; inputs
 * and params carry pvlib's argument names and units, which the handlers convert to the core's
 * (pvlib's declination, hour angle, zenith and azimuth of the analytical functions are radians,
 * the core's degrees); `unix_s` are times, `utc_offset_s` the fixed offset of pvlib's localized
 * times. pvlib's defaults apply where a case leaves a parameter out (delta T 67 s).
 */
import {
  declinationCooper69,
  declinationSpencer71,
  equationOfTimePvcdrom,
  equationOfTimeSpencer71,
  hourAngle,
  nrelEarthSunDistance,
  solarPositionEphemeris,
  solarAzimuthAnalytical,
  solarZenithAnalytical,
  sunRiseSetTransitGeometric,
  sunTimes,
} from '../../../src/solar/index.js';
import { inputColumn, param } from '../runner.js';
import { type CaseHandler, type ComputedColumns, type ReferenceCase, TOLERANCE, type Tolerance } from '../schema.js';

const DEG = Math.PI / 180;
/** pvlib's default delta T of sun_rise_set_transit_spa and nrel_earthsun_distance, s. */
const PVLIB_DELTA_T = 67;

/** 1e-6 degree, in the radians of pvlib's columns. */
const RADIANS: Tolerance = { abs: 1e-6 * DEG };
/** Equation of time: 1e-6 minute. */
const MINUTES: Tolerance = { abs: 1e-6 };
/**
 * Instants (Unix seconds): 1 ms. pvlib rounds its events to the nanosecond through pandas and
 * Unix seconds near 1.7e9 carry 2.4e-7 s of rounding; 1 ms is far below any model's accuracy
 * and 1e-6 relative (1700 s) would hide any error.
 */
const INSTANT: Tolerance = { abs: 1e-3 };

function functionIs(name: string) {
  return (_stem: string, _caseName: string, refCase: ReferenceCase): boolean => refCase.params.function === name;
}

function toDegrees(x: Float64Array): Float64Array {
  return x.map((v) => v / DEG);
}

function toRadians(x: Float64Array): Float64Array {
  return x.map((v) => v * DEG);
}

function dayOfYearHandler(
  name: string,
  fn: (d: Float64Array) => Float64Array,
  column: string,
  radians: boolean,
): CaseHandler {
  return {
    variant: name,
    matches: functionIs(name),
    run: (refCase) => {
      const value = fn(inputColumn(refCase, 'dayofyear'));
      return { [column]: radians ? toRadians(value) : value };
    },
    defaultTolerance: radians ? RADIANS : MINUTES,
  };
}

/** pvlib.solarposition.hour_angle with times localized to a fixed offset. */
const hourAngleHandler: CaseHandler = {
  variant: 'hour_angle',
  matches: functionIs('hour_angle'),
  run: (refCase) => ({
    hour_angle: hourAngle(
      {
        unixSeconds: inputColumn(refCase, 'unix_s'),
        longitude: 'longitude' in refCase.inputs ? inputColumn(refCase, 'longitude') : param(refCase, 'longitude', 0),
        equationOfTime: inputColumn(refCase, 'equation_of_time'),
      },
      { utcOffsetSeconds: param(refCase, 'utc_offset_s', 0) },
    ),
  }),
  defaultTolerance: TOLERANCE.angle,
};

function geometry(refCase: ReferenceCase) {
  return {
    latitude: toDegrees(inputColumn(refCase, 'latitude')),
    hourAngle: toDegrees(inputColumn(refCase, 'hourangle')),
    declination: toDegrees(inputColumn(refCase, 'declination')),
  };
}

const zenithHandler: CaseHandler = {
  variant: 'solar_zenith_analytical',
  matches: functionIs('solar_zenith_analytical'),
  run: (refCase) => ({ zenith: toRadians(solarZenithAnalytical(geometry(refCase))) }),
  defaultTolerance: RADIANS,
};

const azimuthHandler: CaseHandler = {
  variant: 'solar_azimuth_analytical',
  matches: functionIs('solar_azimuth_analytical'),
  run: (refCase) => ({
    azimuth: toRadians(
      solarAzimuthAnalytical({ ...geometry(refCase), zenith: toDegrees(inputColumn(refCase, 'zenith')) }),
    ),
  }),
  defaultTolerance: RADIANS,
};

const geometricHandler: CaseHandler = {
  variant: 'sun_rise_set_transit_geometric',
  matches: functionIs('sun_rise_set_transit_geometric'),
  run: (refCase) =>
    sunRiseSetTransitGeometric(
      {
        unixSeconds: inputColumn(refCase, 'unix_s'),
        latitude: param(refCase, 'latitude', Number.NaN),
        longitude: param(refCase, 'longitude', Number.NaN),
        declination: toDegrees(inputColumn(refCase, 'declination')),
        equationOfTime: inputColumn(refCase, 'equation_of_time'),
      },
      { utcOffsetSeconds: param(refCase, 'utc_offset_s', 0) },
    ) as unknown as ComputedColumns,
  defaultTolerance: INSTANT,
};

/** pvlib.solarposition.sun_rise_set_transit_spa is the core's sunTimes (transit = solarNoon). */
function spaEvents(refCase: ReferenceCase): ComputedColumns {
  const r = sunTimes(
    {
      dayUnixSeconds: inputColumn(refCase, 'unix_s'),
      latitude: param(refCase, 'latitude', Number.NaN),
      longitude: param(refCase, 'longitude', Number.NaN),
    },
    {
      utcOffsetSeconds: param(refCase, 'utc_offset_s', 0),
      deltaT: 'delta_t' in refCase.inputs ? inputColumn(refCase, 'delta_t') : param(refCase, 'delta_t', PVLIB_DELTA_T),
    },
  );
  return { sunrise: r.sunrise, sunset: r.sunset, transit: r.solarNoon };
}

const isSpaEvents = functionIs('sun_rise_set_transit_spa');

const spaEventsHandler: CaseHandler = {
  variant: 'sun_rise_set_transit_spa',
  matches: (stem, caseName, refCase) => isSpaEvents(stem, caseName, refCase) && refCase.params.utc_day_edge !== true,
  run: spaEvents,
  defaultTolerance: INSTANT,
};

/**
 * Days whose pvlib sunrise falls on the previous UTC day or sunset on the next: there sunTimes
 * interpolates the sun at the event's own time where pvlib (as the SPA paper's appendix) reduces
 * the day fraction to 0..1 and shifts the result by a day, which moves the event by the change of
 * the sun's declination over a day: a minute or two at ordinary latitudes, 20 minutes near the
 * polar circles where the sun grazes the horizon (pvlib's event there is 0.4 degree off the
 * -0.8333 degree altitude; sunTimes' within 0.003 degree: test/solar/sun-times.test.ts). Held to
 * 30 minutes with the deviation named; transit is not affected and stays at 1 ms.
 */
const spaEventsEdgeHandler: CaseHandler = {
  variant: 'sun_rise_set_transit_spa-utc-day-edge',
  matches: (stem, caseName, refCase) => isSpaEvents(stem, caseName, refCase) && refCase.params.utc_day_edge === true,
  run: spaEvents,
  tolerances: { transit: INSTANT },
  defaultTolerance: { abs: 1800 },
  deviation:
    'an event on the previous or next UTC day is interpolated at its own time, not at the day fraction reduced to 0..1 (pvlib, SPA appendix A.2)',
};

const distanceHandler: CaseHandler = {
  variant: 'nrel_earthsun_distance',
  matches: functionIs('nrel_earthsun_distance'),
  run: (refCase) => ({
    earthsun_distance: nrelEarthSunDistance(inputColumn(refCase, 'unix_s'), {
      deltaT: 'delta_t' in refCase.inputs ? inputColumn(refCase, 'delta_t') : param(refCase, 'delta_t', PVLIB_DELTA_T),
    }),
  }),
  defaultTolerance: TOLERANCE.value,
};

/**
 * pvlib.solarposition.ephemeris. pvlib stops Kepler's iteration when the largest change over the
 * whole array is below 1e-4 degree, which leaves up to 1.7e-6 degree in the eccentric anomaly
 * (1e-4 times e / (1 - e)) that depends on the other times of the call; solarkit solves it to
 * convergence at each time. Held to 1e-5 degree (the azimuth grows that error where the sun is
 * high), with the deviation named.
 */
const ephemerisHandler: CaseHandler = {
  variant: 'ephemeris',
  matches: functionIs('ephemeris'),
  run: (refCase) => {
    const column = (name: string, fallback: number) =>
      name in refCase.inputs ? inputColumn(refCase, name) : param(refCase, name, fallback);
    const r = solarPositionEphemeris({
      unixSeconds: inputColumn(refCase, 'unix_s'),
      latitude: param(refCase, 'latitude', Number.NaN),
      longitude: param(refCase, 'longitude', Number.NaN),
      pressure: column('pressure', 101325),
      temperature: column('temperature', 12),
    });
    return {
      zenith: r.zenith,
      apparent_zenith: r.apparentZenith,
      azimuth: r.azimuth,
      elevation: r.elevation,
      apparent_elevation: r.apparentElevation,
      solar_time: r.solarTime,
    };
  },
  tolerances: { azimuth: { abs: 1e-5, period: 360 }, solar_time: { abs: 1e-6 } },
  defaultTolerance: { abs: 1e-5 },
  deviation:
    "Kepler's equation solved to convergence at each time (pvlib: until the array's largest change < 1e-4 degree)",
};

export const handlers: CaseHandler[] = [
  ephemerisHandler,
  dayOfYearHandler('declination_spencer71', declinationSpencer71, 'declination', true),
  dayOfYearHandler('declination_cooper69', declinationCooper69, 'declination', true),
  dayOfYearHandler('equation_of_time_spencer71', equationOfTimeSpencer71, 'equation_of_time', false),
  dayOfYearHandler('equation_of_time_pvcdrom', equationOfTimePvcdrom, 'equation_of_time', false),
  hourAngleHandler,
  zenithHandler,
  azimuthHandler,
  geometricHandler,
  spaEventsHandler,
  spaEventsEdgeHandler,
  distanceHandler,
];
