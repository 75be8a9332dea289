/**
 * The basic rooftop PV chain of the API (spec 4.5): weather -> POA (Perez) -> cell temperature
 * (SAPM, close roof mount) -> PVWatts DC -> PVWatts inverter -> loss factor, in kW.
 */
import type { Column } from '../util/columns.js';
import type { SingleAxisOptions } from '../tracking/index.js';
import {
  checkAtLeast,
  checkFinite,
  checkLatitude,
  checkLongitude,
  checkObject,
  checkRange,
  checkUnixSeconds,
} from '../util/validate.js';
import {
  type PvWeatherInput,
  checkPvWeather,
  checkPvWeatherUnits,
  chainIrradiance,
  periodOf,
  sunAtPeriodMiddle,
} from './chain-common.js';
import { SECONDS_PER_YEAR } from './conventions.js';
import { pvwattsDc, pvwattsInverter } from './pvwatts.js';
import { sapmCellTemperature } from './temperature.js';

/** Default rooftop loss factor (spec 4.5): the maximum output is 90 % of the AC capacity. */
export const ROOFTOP_DEFAULT_LOSS_FACTOR = 0.9;
/**
 * Yearly loss of a rooftop system's output with age, used to estimate the loss factor from
 * `install_date`: 0.5 % a year, the median degradation of crystalline silicon systems (Jordan et
 * al. 2016, Progress in Photovoltaics 24, DOI 10.1002/pip.2744), applied linearly to the default
 * loss factor: lossFactor = 0.90 (1 - 0.005 years).
 */
export const ROOFTOP_AGEING_PER_YEAR = 0.005;
/** Temperature coefficient of the rooftop modules, 1/C: PVWatts v8 "standard" module, -0.37 %/C. */
export const ROOFTOP_GAMMA_PDC = -0.0037;
/** Nominal inverter efficiency of the rooftop chain (PVWatts default). */
export const ROOFTOP_INVERTER_EFFICIENCY = 0.96;
/** Default ground albedo of the rooftop chain. */
export const ROOFTOP_DEFAULT_ALBEDO = 0.2;

/** Options of {@link rooftopPvPower}: the place, the array's orientation [deg] and capacity [kW], losses. */
export interface RooftopOptions {
  /** Degrees, -90..90. */
  latitude: number;
  /** Degrees, -180..180. */
  longitude: number;
  /** Height above sea level, m (default 0). */
  elevation?: number;
  /** Panel tilt from horizontal, degrees (0 faces up). */
  tilt: number;
  /** Direction the panels face, degrees east of north as in pvlib (east 90, south 180, west 270). */
  azimuth: number;
  /**
   * Modules on single-axis trackers (pvlib.tracking.singleaxis geometry, degrees east of north):
   * the plane follows the sun at mid-period, and `tilt`/`azimuth` are not used. Absent: fixed.
   */
  tracker?: SingleAxisOptions;
  /** System capacity, kW: the DC nameplate and the AC rating (the spec's "whichever is greater"). */
  capacity: number;
  /** Fraction of the AC capacity that is the most the system gives (0..1, default 0.90). */
  lossFactor?: number;
  /** Installation time, Unix s: estimates the loss factor from ageing when `lossFactor` is absent. */
  installDate?: number;
  /**
   * Length of the periods, s (default: the step of the first two times; the times must then
   * increase strictly). Given, each row stands alone and the times may come in any order.
   */
  periodSeconds?: number;
}

/** Result of {@link rooftopPvPower}: AC power [kW] and the irradiance and temperature on the way to it. */
export interface RooftopResult {
  /** AC power after the loss factor, kW, in [0, lossFactor x capacity]. */
  power: Float64Array;
  /** Plane-of-array global irradiance, W/m2. */
  poaGlobal: Float64Array;
  /** Irradiance reaching the cells after reflection losses, W/m2. */
  effectiveIrradiance: Float64Array;
  /** Cell temperature, degrees C. */
  tempCell: Float64Array;
  /** DC power, kW. */
  dcPower: Float64Array;
}

/**
 * Rooftop PV power, kW, per period (the API's basic rooftop product).
 *
 * Sun at mid-period (fast SPA); POA by Perez (1990) with albedo 0.2 unless given; beam reduced by
 * the physical IAM; cell temperature by SAPM for a close roof mount (King et al. 2004); DC by
 * PVWatts with -0.37 %/C (Dobos 2014), pdc0 = capacity; AC by the PVWatts inverter with a rating
 * equal to the capacity (etaNom 0.96); then times the loss factor, so the output never exceeds
 * lossFactor x capacity. The loss factor is `lossFactor`, else the ageing estimate
 * 0.90 (1 - 0.005 years since `installDate`) per row, else 0.90. With `tracker`, the plane is
 * the single-axis tracker's (Marion & Dobos 2013, NREL/TP-6A20-58891; Anderson & Mikofski 2020
 * backtracking), laid flat while the sun is down (planeOfArray).
 *
 * A period whose weather or time is NaN gives NaN power (never 0 kW). Arguments are checked once
 * per call: place, orientation and capacity ranges, column lengths, times in Unix seconds.
 *
 * @example
 * // A 4 kW roof facing east (azimuth 90, pvlib's convention) at 30 degrees, one clear hour:
 * const t = Float64Array.of(Date.UTC(2024, 5, 21, 8) / 1000); // the hour ending 08:00 UTC
 * const roof = rooftopPvPower(
 *   { unixSeconds: t, ghi: Float64Array.of(450), dni: Float64Array.of(650), dhi: Float64Array.of(110), airTemp: 18, windSpeed: 2 },
 *   { latitude: 52.37, longitude: 4.9, tilt: 30, azimuth: 90, capacity: 4 },
 * );
 * roof.power[0]; // about 2.4 kW
 */
export function rooftopPvPower(weather: PvWeatherInput, options: RooftopOptions): RooftopResult {
  const fn = 'rooftopPvPower';
  checkObject(fn, 'options', options);
  const n = checkPvWeather(fn, weather, options.periodSeconds);
  checkLatitude(fn, options.latitude, 'options.latitude');
  checkLongitude(fn, options.longitude, 'options.longitude');
  if (options.elevation !== undefined) checkFinite(fn, 'options.elevation', options.elevation, 'm');
  checkRange(fn, 'options.tilt', options.tilt, 0, 180, 'degrees from horizontal');
  checkFinite(fn, 'options.azimuth', options.azimuth, 'degrees east of north');
  checkAtLeast(fn, 'options.capacity', options.capacity, 0, 'kW', true);
  if (options.lossFactor !== undefined)
    checkRange(fn, 'options.lossFactor', options.lossFactor, 0, 1, 'fraction of capacity');
  if (options.installDate !== undefined) checkUnixSeconds(fn, 'options.installDate', options.installDate);
  checkPvWeatherUnits(fn, weather, options.latitude, options.longitude);
  const t = weather.unixSeconds;
  const period = periodOf(t, options.periodSeconds);
  const { sun, middle } = sunAtPeriodMiddle(
    t,
    period,
    options.latitude,
    options.longitude,
    options.elevation ?? 0,
    weather.airTemp,
  );
  const albedo: Column = weather.albedo ?? ROOFTOP_DEFAULT_ALBEDO;
  const mount =
    options.tracker !== undefined ? { tracker: options.tracker } : { tilt: options.tilt, azimuth: options.azimuth };
  const { poaGlobal, effective } = chainIrradiance(weather, sun, middle, mount, albedo);
  const tempCell = sapmCellTemperature(
    { poaGlobal, airTemp: weather.airTemp, windSpeed: weather.windSpeed },
    { mounting: 'close_mount_glass_glass' },
  );
  const capacity = options.capacity;
  const dc = pvwattsDc({ effectiveIrradiance: effective, tempCell }, { pdc0: capacity, gammaPdc: ROOFTOP_GAMMA_PDC });
  const ac = pvwattsInverter(dc, {
    pdc0: capacity / ROOFTOP_INVERTER_EFFICIENCY,
    etaInvNom: ROOFTOP_INVERTER_EFFICIENCY,
  });
  const power = ac; // scaled in place
  // The loss factor of every row: given, or aged from the install date, or the default. Option
  // values go through `0 +` so the loop keeps them unboxed.
  const hasFixed = options.lossFactor !== undefined;
  const fixedFactor = hasFixed ? 0 + options.lossFactor! : ROOFTOP_DEFAULT_LOSS_FACTOR;
  const ageing = !hasFixed && options.installDate !== undefined;
  const install = ageing ? 0 + options.installDate! : 0;
  for (let i = 0; i < n; i++) {
    let factor = fixedFactor;
    if (ageing) {
      const years = (middle[i]! - install) / SECONDS_PER_YEAR;
      factor = ROOFTOP_DEFAULT_LOSS_FACTOR * (1 - ROOFTOP_AGEING_PER_YEAR * (years > 0 ? years : 0));
      if (factor < 0) factor = 0;
    }
    const p = ac[i]! * factor;
    // Missing weather (NaN) leaves the power unknown; otherwise never below zero.
    power[i] = p > 0 ? p : p === p ? 0 : p;
  }
  return { power, poaGlobal, effectiveIrradiance: effective, tempCell, dcPower: dc };
}
