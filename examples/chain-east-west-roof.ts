/**
 * docs/model-chains.md's first worked example: an east-west roof, two arrays on the two MPPT
 * inputs of one inverter. Canadian Solar CS5P-220M modules (CEC single-diode parameters), 8 a
 * string and 3 strings on each side, tilted 10 degrees to the east and to the west, on one SMA
 * SB10000TL-US from SAM's CEC inverter library, at Greensboro, North Carolina, through the place's
 * TMY3 year. The chain infers the DC model (CEC) from the module's parameters, the AC model
 * (Sandia, two inputs) from the inverter's and the cell temperature model (SAPM) from its
 * parameters; the incidence angle modifier is named (physical). Prints the annual and monthly AC
 * energy and writes the two arrays' DC power and the inverter's AC power over the sunniest June
 * day as an SVG chart. Run it from a clone with
 *   npx tsx examples/chain-east-west-roof.ts [chart.svg]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type ChainArray, modelChain, readTmy3, SAPM_TEMPERATURE_PARAMETERS } from '../src/index.js';
import { dataFilePath, readSamLibrary } from '../src/node/index.js';
import { svgChart } from './svg-chart.js';

// The module (CEC parameters, as pvlib's tests write them out) and the inverter (SAM's library).
const cs5p220m = {
  alphaSc: 0.004539,
  aRef: 2.6373,
  iLRef: 5.114,
  iORef: 8.196e-10,
  rShRef: 381.68,
  rS: 1.065,
  adjust: 8.7,
};
const inverter = readSamLibrary('CECInverter').get('SMA_America__SB10000TL_US__240V_');

// The weather: NREL's TMY3 year of Greensboro, hourly, each row at its own date (the file's years).
const weather = readTmy3(readFileSync(dataFilePath('weather/723170TYA.CSV'), 'utf8'));
const { ghi, dni, dhi, airTemp, windSpeed } = weather.columns;
const periodEnd = weather.sourcePeriodEnd ?? weather.periodEnd;

// The system: two arrays that differ only in the direction they face, on one two-input inverter.
const roofArray = (name: string, azimuth: number): ChainArray => ({
  name,
  mount: { tilt: 10, azimuth },
  module: cs5p220m,
  temperature: SAPM_TEMPERATURE_PARAMETERS.close_mount_glass_glass,
  modulesPerString: 8,
  strings: 3,
});
const result = modelChain(
  {
    latitude: weather.latitude!,
    longitude: weather.longitude!,
    elevation: weather.elevation!,
    arrays: [roofArray('east', 90), roofArray('west', 270)],
    inverters: [{ parameters: { ...inverter }, inputs: 2 }],
  },
  { periodEnd, ghi: ghi!, dni: dni!, dhi: dhi!, airTemp: airTemp!, windSpeed: windSpeed! },
  { aoi: 'physical', periodSeconds: weather.periodSeconds },
);

// Energy: W over one hour is Wh; by UTC month of each hour's end.
const monthly = new Float64Array(12);
for (let i = 0; i < result.ac.length; i++) {
  const p = result.ac[i]!;
  if (p === p) monthly[new Date(periodEnd[i]! * 1000).getUTCMonth()]! += p / 1000;
}
const kwh = (column: Float64Array) => column.reduce((sum, p) => (p === p ? sum + p : sum), 0) / 1000;
console.log(`models: ${JSON.stringify(result.models)}`);
console.log(`annual AC energy: ${(result.acEnergy / 1000).toFixed(1)} kWh`);
console.log(`annual DC energy, east and west: ${result.arrays.map((a) => kwh(a.dc).toFixed(1)).join(' ')} kWh`);
console.log(`monthly AC energy, kWh: ${Array.from(monthly, (e) => e.toFixed(0)).join(' ')}`);

// The sunniest June day (UTC-5 local standard time): east in the morning, west in the afternoon.
const local = (i: number) => new Date((periodEnd[i]! - 5 * 3600 - 1800) * 1000);
const dayEnergy = new Map<number, number>();
for (let i = 0; i < result.ac.length; i++) {
  const d = local(i);
  if (d.getUTCMonth() === 5 && result.ac[i]! > 0)
    dayEnergy.set(d.getUTCDate(), (dayEnergy.get(d.getUTCDate()) ?? 0) + result.ac[i]!);
}
const day = [...dayEnergy].sort((a, b) => b[1] - a[1])[0]![0];
const rows = [...result.ac.keys()].filter((i) => local(i).getUTCMonth() === 5 && local(i).getUTCDate() === day);
const hours = rows.map((i) => local(i).getUTCHours() + 0.5);
const svg = svgChart(
  hours,
  [
    { name: 'east DC, kW', y: rows.map((i) => result.arrays[0]!.dc[i]! / 1000), color: '#e67e22' },
    { name: 'west DC, kW', y: rows.map((i) => result.arrays[1]!.dc[i]! / 1000), color: '#2980b9' },
    { name: 'inverter AC, kW', y: rows.map((i) => Math.max(0, result.ac[i]!) / 1000), color: '#27ae60' },
  ],
  { title: `East-west roof, Greensboro NC, June ${day} (TMY3)`, x: 'hour, local standard time', y: 'power, kW' },
);
const out = process.argv[2] ?? 'chain-east-west-roof.svg';
writeFileSync(out, svg);
console.log(`chart of June ${day} written to ${out}`);
