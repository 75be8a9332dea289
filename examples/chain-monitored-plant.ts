/**
 * docs/model-chains.md's third worked example: a monitored plant modelled from its measured
 * plane-of-array irradiance. The monitoring: a year of hourly records at Golden, Colorado (the
 * PVWatts 8760 file pvwatts_8760_rackmount.csv of the data directory stands in for it): the
 * pyranometer in the plane of the modules (POA), a pyrheliometer's DNI, air temperature and wind.
 * The POA is split into beam (DNI x cos(aoi), at most the POA) and diffuse (the rest), and the
 * chain runs from it: no sky model. The plant: 7 x 3 Canadian Solar CS5P-220M (SAPM parameters of
 * SAM's Sandia module library), tilt 20 facing south, on one SMA SB3800U (ADR inverter library).
 * The chain infers the SAPM DC and IAM from the module's parameters, the ADR inverter from the
 * inverter's and Faiman's cell temperature from its parameters; the SAPM spectral modifier is named
 * and takes the absolute air mass at the plant's elevation. Prints the annual and monthly AC energy
 * and writes the monthly AC energy, modelled and as PVWatts reported it, as an SVG chart. Run it
 * from a clone with
 *   npx tsx examples/chain-monitored-plant.ts [chart.svg]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { aoi, modelChain, solarPositionFast } from '../src/index.js';
import { dataFilePath, readSamLibrary } from '../src/node/index.js';
import { svgChart } from './svg-chart.js';

// The monitoring records: a header of key,value lines, then one row an hour, labelled by the
// hour's start in local standard time (UTC-7), here taken as the year 2019.
const lines = readFileSync(dataFilePath('weather/pvwatts_8760_rackmount.csv'), 'utf8').split(/\r?\n/);
const header = (key: string) => Number(lines.find((l) => l.startsWith(key))!.split(',')[1]);
const latitude = header('Lat (deg N)');
const longitude = -header('Long (deg W)');
const elevation = header('Elev (m)');
const start = lines.findIndex((l) => l.startsWith('Month,'));
const rows = lines
  .slice(start + 1)
  .filter((l) => /^\d/.test(l))
  .map((l) => l.split(',').map(Number));
const n = rows.length;
const column = (k: number) => Float64Array.from(rows, (r) => r[k]!);
const periodEnd = Float64Array.from(
  rows,
  ([month, day, hour]) => Date.UTC(2019, month! - 1, day!, hour! + 1 + 7) / 1000,
);
const [dniMeasured, airTemp, windSpeed, poaMeasured, pvwattsAc] = [
  column(3),
  column(5),
  column(6),
  column(7),
  column(10),
];

// The POA split: beam = DNI cos(aoi) with the sun at mid-hour (never negative, at most the POA).
const tilt = 20;
const sun = solarPositionFast({
  unixSeconds: periodEnd.map((t) => t - 1800),
  latitude,
  longitude,
  elevation,
  temperature: airTemp,
});
const incidence = aoi({
  surfaceTilt: tilt,
  surfaceAzimuth: 180,
  solarZenith: sun.apparentZenith,
  solarAzimuth: sun.azimuth,
});
const poaDirect = new Float64Array(n);
const poaDiffuse = new Float64Array(n);
for (let i = 0; i < n; i++) {
  const beam = Math.max(0, dniMeasured[i]! * Math.cos((incidence[i]! * Math.PI) / 180));
  poaDirect[i] = Math.min(beam, poaMeasured[i]!);
  poaDiffuse[i] = poaMeasured[i]! - poaDirect[i]!;
}

// The plant and its chain, run from the measured POA.
const module = readSamLibrary('SandiaMod').get('Canadian_Solar_CS5P_220M___2009_');
const inverter = readSamLibrary('ADRInverter').get('SMA_America__SB3800U_240V__CEC_2005_');
const result = modelChain(
  {
    latitude,
    longitude,
    elevation,
    arrays: [
      {
        mount: { tilt, azimuth: 180 },
        module: { ...module },
        temperature: { u0: 25, u1: 6.84 },
        modulesPerString: 7,
        strings: 3,
      },
    ],
    inverters: [{ parameters: { ...inverter } }],
  },
  { periodEnd, airTemp, windSpeed, arrays: [{ poaGlobal: poaMeasured, poaDirect, poaDiffuse }] },
  { spectral: 'sapm' },
);

const monthly = new Float64Array(12);
const reported = new Float64Array(12);
for (let i = 0; i < n; i++) {
  const m = new Date(periodEnd[i]! * 1000).getUTCMonth();
  if (result.ac[i] === result.ac[i]) monthly[m]! += result.ac[i]! / 1000;
  reported[m]! += pvwattsAc[i]! / 1000;
}
console.log(`models: ${JSON.stringify(result.models)}`);
console.log(`annual AC energy: ${(result.acEnergy / 1000).toFixed(1)} kWh`);
console.log(`monthly AC energy, kWh: ${Array.from(monthly, (e) => e.toFixed(0)).join(' ')}`);
const reportedYear = reported.reduce((a, b) => a + b, 0);
console.log(`PVWatts' 4 kW system in the same file: ${reportedYear.toFixed(1)} kWh`);

const svg = svgChart(
  Array.from({ length: 12 }, (_, m) => m + 1),
  [
    { name: 'modelled from POA', y: monthly, color: '#8e44ad' },
    { name: 'PVWatts (4 kW)', y: reported, color: '#95a5a6' },
  ],
  { title: 'Monitored plant, Golden CO: monthly AC energy', x: 'month', y: 'AC energy, kWh', bars: true },
);
const out = process.argv[2] ?? 'chain-monitored-plant.svg';
writeFileSync(out, svg);
console.log(`chart written to ${out}`);
