/**
 * A climatological estimate of the Linke turbidity factor (air mass 2) from latitude, elevation
 * and month, for use when no measured or gridded turbidity is at hand.
 *
 * pvlib reads the SoDa/Remund et al. (2003) monthly grid (LinkeTurbidities.h5, 1/12 degree), which
 * this package does not ship. Instead this is a smooth engineering approximation that reproduces
 * the broad features of that climatology (Remund, Wald, Lefevre, Ranchin & Page 2003, Worldwide
 * Linke turbidity information, Proc. ISES Solar World Congress, Goteborg; Kasten 1996; Ineichen &
 * Perez 2002):
 *
 *   TL0(lat, m) = 2.5 + 1.5 cos^2(lat) + 0.7 |sin(lat)| cos(2 pi (m - m_peak) / 12)
 *   TL(lat, m, h) = 1.8 + (TL0 - 1.8) exp(-h / 3000 m)
 *
 * - Humid, hazy tropics near 4; 2.9 at 60 deg and 2.5 at the poles (annual means).
 * - A seasonal cycle peaking in local summer (July in the north, January in the south: more
 *   water vapour and aerosol), whose amplitude grows with latitude (about +-0.5 at 45 deg).
 * - Turbidity falls with elevation towards a clean-air floor of 1.8 with a 3 km scale height
 *   (water vapour and aerosol are concentrated in the lowest kilometres).
 *
 * Accuracy: not validated here against the full grid (it is not shipped). The one comparison made
 * is with the SoDa values quoted in pvlib's test suite for Tucson, AZ (32 N, 750 m): this estimate
 * gives 3.2-3.4 for April-June against 2.85-3.0, i.e. about +0.35..0.45. Expect errors of that
 * order over ordinary land, and of 1-2 units over deserts with dust (Sahara, Arabia), heavily
 * polluted regions (Indo-Gangetic plain, eastern China) and very clean
 * oceanic or polar air. One unit of TL changes Ineichen clear-sky GHI by roughly 4-6 % and DNI
 * by 9-13 % at mid-day. Callers with better data should pass their own turbidity to the clear-sky
 * model.
 */
import { outputColumn } from '../util/columns.js';
import { checkFinite, checkLatitude, checkLongitude, checkObject, checkRange, checkTimes } from '../util/validate.js';
import { dayOfYearFromEpochDays } from './extraterrestrial.js';

const D2R = Math.PI / 180;
/** Lower bound of turbidity reached in clean, dry air high up. */
const CLEAN_AIR_TL = 1.8;
/** Scale height of the decrease of turbidity with elevation [m]. */
const TURBIDITY_SCALE_HEIGHT = 3000;
/** Mean length of a month in days, to place a day of year on the month scale. */
const DAYS_PER_MONTH = 365.25 / 12;

/** The place of {@link linkeTurbidity} and {@link linkeTurbidityColumn}. */
export interface LinkeTurbidityPlace {
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180 (unused by this estimate; a gridded source would need it). */
  longitude: number;
  /** Height above sea level, m (default 0). */
  elevation?: number;
}

/**
 * Linke turbidity factor [unitless] estimated for a place and month (see the module comment for
 * the formula, sources and accuracy).
 * @param input `latitude` [deg, north positive], `longitude` [deg, east positive] (unused by this
 *   estimate), `month` 1..12 (fractional values interpolate smoothly: 1.0 is mid-January),
 *   `elevation` above sea level [m], default 0
 * @example
 * linkeTurbidity({ latitude: 45, longitude: 8, month: 7 }); // about 3.76 (mid-July, northern mid-latitudes)
 */
export function linkeTurbidity(input: LinkeTurbidityPlace & { month: number }): number {
  checkObject('linkeTurbidity', 'input', input);
  const { latitude, longitude, month, elevation = 0 } = input;
  checkLatitude('linkeTurbidity', latitude);
  checkLongitude('linkeTurbidity', longitude, 'longitude');
  if (month === month) checkRange('linkeTurbidity', 'month', month, 0, 13, '1..12, fractional');
  checkFinite('linkeTurbidity', 'elevation', elevation, 'm');
  return turbidityEstimate(latitude, month, elevation);
}

/** The estimate of the module comment, unchecked. */
function turbidityEstimate(latitude: number, month: number, elevation: number): number {
  const phi = latitude * D2R;
  const cosPhi = Math.cos(phi);
  const peakMonth = latitude >= 0 ? 7 : 1;
  const seasonal = Math.cos(((2 * Math.PI) / 12) * (month - peakMonth));
  const seaLevel = 2.5 + 1.5 * cosPhi * cosPhi + 0.7 * Math.abs(Math.sin(phi)) * seasonal;
  const h = elevation > 0 ? elevation : 0;
  return CLEAN_AIR_TL + (seaLevel - CLEAN_AIR_TL) * Math.exp(-h / TURBIDITY_SCALE_HEIGHT);
}

/**
 * {@link linkeTurbidity} at each time, with the month taken continuously from the UTC day of year
 * (so the values change smoothly from day to day instead of stepping at month boundaries).
 * @param input `unixSeconds` times [s, Unix, UTC], `latitude` [deg], `longitude` [deg],
 *   `elevation` [m], default 0
 * @param out optional output buffer
 * @example
 * linkeTurbidityColumn({ unixSeconds: Float64Array.of(Date.UTC(2024, 6, 16) / 1000), latitude: 45, longitude: 8 })[0]; // about 3.76
 */
export function linkeTurbidityColumn(
  input: LinkeTurbidityPlace & { unixSeconds: Float64Array },
  out?: Float64Array,
): Float64Array {
  checkObject('linkeTurbidityColumn', 'input', input);
  const { unixSeconds, latitude, longitude, elevation = 0 } = input;
  checkTimes('linkeTurbidityColumn', 'unixSeconds', unixSeconds);
  checkLatitude('linkeTurbidityColumn', latitude);
  checkLongitude('linkeTurbidityColumn', longitude);
  checkFinite('linkeTurbidityColumn', 'elevation', elevation, 'm');
  const n = unixSeconds.length;
  const res = outputColumn(out, n);
  let dayStart = Number.POSITIVE_INFINITY;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let value = Number.NaN;
  for (let i = 0; i < n; i++) {
    const t = unixSeconds[i]!;
    if (!(t >= dayStart && t < dayEnd)) {
      const days = Math.floor(t / 86_400);
      dayStart = days * 86_400;
      dayEnd = dayStart + 86_400;
      const month = (dayOfYearFromEpochDays(days) - 0.5) / DAYS_PER_MONTH + 0.5;
      value = turbidityEstimate(latitude, month, elevation);
    }
    res[i] = value;
  }
  return res;
}
