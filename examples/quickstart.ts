/**
 * A notebook-style use of the solarkit core: a year of hourly PV output of a roof in Amsterdam
 * on the deterministic synthetic weather, in one call; the sun at one instant; a CSV of June;
 * the same roof on a weather file (the API's CSV of three days, examples/amsterdam-api.csv).
 * Run it from a clone with
 *   npx tsx examples/quickstart.ts
 * (an installed package imports the same names from 'solarkit').
 */
import { readFileSync } from 'node:fs';
import { defaultWeatherSource, readWeatherFile, simulatePv, sunPosition, toCsv } from '../src/index.js';

const latitude = 52.37;
const longitude = 4.9;

// A 5 kWp roof facing south (azimuth 180: degrees east of north, as pvlib) at 35 degrees, every
// hour of 2024. Weather may also be columns (ghi, dni, dhi, airTemp, windSpeed: WeatherColumns'
// names; Unix-second period ends), a weather file read by readWeatherFile, or a typical year
// (typicalYearFor).
const year = simulatePv(
  { latitude, longitude, tilt: 35, azimuth: 180, capacity: 5 },
  { source: defaultWeatherSource(), year: 2024 },
);
const { unixSeconds, ac, poaGlobal, solarZenith } = year.columns;

// A weather file: EPW, TMY3, PVGIS and PSM3 with its metadata lines name their place; the API's
// CSV (here three days of hourly weather the server answered for Amsterdam) does not, so it is
// read with the place it was requested for.
const file = readWeatherFile(readFileSync(new URL('amsterdam-api.csv', import.meta.url), 'utf8'), {
  latitude,
  longitude,
});
const days = simulatePv({ latitude, longitude, tilt: 35, azimuth: 180, capacity: 5 }, file);

// The sun at one instant (NREL SPA), degrees; azimuth east of north.
const sun = sunPosition(new Date('2024-06-21T11:40:00Z'), latitude, longitude);

// June as CSV text: period ends in ISO 8601, AC power in kW, plane-of-array irradiance in W/m2.
const june = (x: Float64Array) =>
  x.subarray(
    unixSeconds.findIndex((t) => t > Date.UTC(2024, 5, 1) / 1000),
    unixSeconds.findIndex((t) => t > Date.UTC(2024, 6, 1) / 1000),
  );
const csv = toCsv({ unixSeconds: june(unixSeconds), ac: june(ac), poaGlobal: june(poaGlobal) }, { decimals: 3 });

const sum = (x: Float64Array) => x.reduce((a, b) => a + b, 0);
console.log(`hours: ${unixSeconds.length}`);
console.log(
  `lowest solar zenith: ${Math.min(...solarZenith).toFixed(2)} deg; at 11:40 UTC on 21 June the sun is ${sun.elevation.toFixed(1)} deg up, azimuth ${sun.azimuth.toFixed(0)} deg`,
);
console.log(`June plane-of-array irradiance: ${(sum(june(poaGlobal)) / 1000).toFixed(1)} kWh/m2`);
console.log(`June energy of a 5 kW roof: ${year.energy.monthly[5]!.toFixed(0)} kWh`);
console.log(`2024 energy: ${year.energy.total.toFixed(0)} kWh, ${year.energy.specificYield.toFixed(0)} kWh/kWp`);
console.log(`June CSV: ${csv.split('\n').length - 2} rows; first: ${csv.split('\n')[1]}`);
console.log(
  `weather file: ${file.columns.ghi!.length} hours; energy of the 5 kW roof: ${days.energy.total.toFixed(1)} kWh`,
);
