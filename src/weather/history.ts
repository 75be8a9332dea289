/**
 * A long hourly history of the synthetic weather for typical-year selection: GHI, DNI, air
 * temperature, dew point and 10 m wind for whole calendar years (UTC), fast enough to build
 * 2007-2025 on every TMY request.
 *
 * Two documented shortcuts against the estimated-actuals path (which averages twelve 5-minute
 * samples per hour): each hour is sampled once, at its middle; and the sun-and-clear-sky columns
 * are computed for the first four years (one leap-year cycle, 1461 days) and repeated for later
 * cycles, since the solar geometry repeats after 1461 days to within 0.03 day of season (less
 * than 0.05 degrees of declination over 2007-2025). The weather itself (clouds, temperature,
 * humidity, wind) is evaluated at every hour and is the same process as the actuals.
 */
import { type WeatherPlace, placeClimate } from './climate.js';
import type { WeatherSeries } from './readers/types.js';
import { type SkyColumns, allSky, skyAtInstants, stationPressure } from './sky.js';
import { weatherState } from './state.js';

/** Hours of one leap-year cycle. */
const CYCLE_HOURS = 1461 * 24;

/**
 * Hourly synthetic history of whole years [firstYear, lastYear] (UTC), as a series in the API's
 * names and units (ghi, dni W/m2; air_temp, dewpoint_temp C; wind_speed_10m m/s).
 */
export function syntheticHistory(place: WeatherPlace, firstYear = 2007, lastYear = 2025): WeatherSeries {
  const start = Date.UTC(firstYear, 0, 1) / 1000;
  const end = Date.UTC(lastYear + 1, 0, 1) / 1000;
  const n = Math.round((end - start) / 3600);
  const periodEnd = new Float64Array(n);
  const mid = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    periodEnd[i] = start + (i + 1) * 3600;
    mid[i] = start + (i + 0.5) * 3600;
  }
  const climate = placeClimate(place);
  const elevation = place.elevation ?? 0;
  const pressurePa = stationPressure(elevation);
  const st = weatherState(climate, mid, pressurePa / 100, { lean: true });

  // The sun and clear sky of one leap-year cycle, repeated (the cycle must start on a year
  // that is three years before a leap year, or the tiles would be out of phase: tile by days).
  const m = Math.min(n, CYCLE_HOURS);
  const tAnnual = climate.temperature.reduce((s, v) => s + v, 0) / climate.temperature.length;
  const first = skyAtInstants(mid.subarray(0, m), place.latitude, place.longitude, elevation, pressurePa, tAnnual, false);
  let sky: SkyColumns = first;
  if (n > m) {
    const tile = (a: Float64Array): Float64Array => {
      const out = new Float64Array(n);
      for (let o = 0; o < n; o += m) out.set(o + m <= n ? a : a.subarray(0, n - o), o);
      return out;
    };
    // allSky reads only these four; the others keep the first cycle (unused here).
    sky = {
      ...first,
      zenith: tile(first.zenith),
      dniExtra: tile(first.dniExtra),
      clearskyGhi: tile(first.clearskyGhi),
      clearskyDni: tile(first.clearskyDni),
    };
  }
  const { ghi, dni } = allSky(mid, sky, st.clearSkyIndex);
  return {
    format: 'api-csv',
    latitude: place.latitude,
    longitude: place.longitude,
    elevation,
    timeZone: 0,
    typical: false,
    periodEnd,
    periodSeconds: 3600,
    columns: { ghi, dni, air_temp: st.airTemp, dewpoint_temp: st.dewPoint, wind_speed_10m: st.wind10 },
  };
}
