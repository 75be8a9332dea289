/**
 * A notebook-style use of the solarkit core: one month of hourly synthetic weather for a roof in
 * Amsterdam, the sun's position, and the roof's PV output. Run it from a clone with
 *   npx tsx examples/quickstart.ts
 * (an installed package imports the same names from 'solarkit').
 */
import {
  defaultWeatherSource,
  parseDateTime,
  periodGrid,
  rooftopPvPower,
  solarPositionSpa,
} from '../src/index.js';

const latitude = 52.37;
const longitude = 4.9;

// Period ends (Unix seconds) of every hour of June 2024, by the API's overlap rule.
const periodEnd = periodGrid(parseDateTime('2024-06-01T00:00Z'), parseDateTime('2024-07-01T00:00Z'), 3600);

// Where the sun is at each period end (NREL SPA): degrees.
const sun = solarPositionSpa(periodEnd, latitude, longitude, { elevation: 0 });

// Hourly means of the deterministic synthetic weather: W/m2, degrees C, m/s.
const weather = defaultWeatherSource().actuals({
  latitude,
  longitude,
  periodEnd,
  periodSeconds: 3600,
  parameters: ['ghi', 'dni', 'dhi', 'air_temp', 'wind_speed_10m'],
});
const column = (name: string) => weather[name] as Float64Array;

// A 5 kW roof facing south (API azimuth 180) at 35 degrees: AC power in kW per hour.
const roof = rooftopPvPower(
  {
    unixSeconds: periodEnd,
    ghi: column('ghi'),
    dni: column('dni'),
    dhi: column('dhi'),
    airTemp: column('air_temp'),
    windSpeed: column('wind_speed_10m'),
  },
  { latitude, longitude, tilt: 35, azimuth: 180, capacity: 5, periodSeconds: 3600 },
);

const sum = (x: Float64Array) => x.reduce((a, b) => a + b, 0);
const noon = sun.zenith.indexOf(Math.min(...sun.zenith));
console.log(`hours: ${periodEnd.length}`);
console.log(`lowest solar zenith: ${sun.zenith[noon]!.toFixed(2)} deg at ${new Date(periodEnd[noon]! * 1000).toISOString()}`);
console.log(`June GHI: ${(sum(column('ghi')) / 1000).toFixed(1)} kWh/m2`);
console.log(`June energy of a 5 kW roof: ${sum(roof.power).toFixed(0)} kWh`);
