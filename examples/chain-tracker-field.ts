/**
 * docs/model-chains.md's second worked example: a tracker field with row shading and bifacial
 * modules. 20 x 10 bifacial modules (PVWatts parameters: 400 W, -0.35 %/C; bifaciality 0.7) on
 * north-south single-axis trackers that do not backtrack (60 degrees at most, GCR 0.4, collectors
 * 2 m wide with their axis 1.5 m up), so that the rows shade each other early and late in the day,
 * on one PVWatts inverter of 70 kW, at Greensboro, North Carolina, through the place's TMY3 year.
 * The chain's steps beyond the PVWatts preset: `shading` (the front beam falls on the unshaded part
 * of the collector width, Anderson & Jensen 2024) and `bifacial` (the rear side of infinite sheds,
 * Mikofski et al. 2019). Prints the annual and monthly AC energy and writes the shaded fraction,
 * the front beam and the rear irradiance over a December day as an SVG chart. Run it with
 *   npx tsx examples/chain-tracker-field.ts [chart.svg]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { modelChain, readTmy3 } from '../src/index.js';
import { dataFilePath } from '../src/node/index.js';
import { svgChart } from './svg-chart.js';

const weather = readTmy3(readFileSync(dataFilePath('weather/723170TYA.CSV'), 'utf8'));
const { ghi, dni, dhi, airTemp, windSpeed } = weather.columns;
const periodEnd = weather.sourcePeriodEnd ?? weather.periodEnd;

const gcr = 0.4;
const collectorWidth = 2;
const result = modelChain(
  {
    latitude: weather.latitude!,
    longitude: weather.longitude!,
    elevation: weather.elevation!,
    arrays: [
      {
        mount: { tracker: { axisAzimuth: 180, maxAngle: 60, backtrack: false, gcr } },
        shading: { collectorWidth, pitch: collectorWidth / gcr },
        bifacial: { bifaciality: 0.7, height: 1.5, width: collectorWidth, gcr },
        module: { pdc0: 400, gammaPdc: -0.0035 },
        temperature: { mounting: 'open_rack_glass_glass' },
        modulesPerString: 20,
        strings: 10,
      },
    ],
    inverters: [{ parameters: { pdc0: 70000 } }],
  },
  { periodEnd, ghi: ghi!, dni: dni!, dhi: dhi!, airTemp: airTemp!, windSpeed: windSpeed! },
  { periodSeconds: weather.periodSeconds },
);

const monthly = new Float64Array(12);
for (let i = 0; i < result.ac.length; i++) {
  const p = result.ac[i]!;
  if (p === p) monthly[new Date(periodEnd[i]! * 1000).getUTCMonth()]! += p / 1000;
}
const field = result.arrays[0]!;
const shaded = field.shadedFraction!;
let shadedHours = 0;
for (let i = 0; i < shaded.length; i++) if (shaded[i]! > 0 && result.solarZenith[i]! < 90) shadedHours++;
console.log(`models: ${JSON.stringify(result.models)}`);
console.log(`annual AC energy: ${(result.acEnergy / 1000).toFixed(1)} kWh`);
console.log(`monthly AC energy, kWh: ${Array.from(monthly, (e) => e.toFixed(0)).join(' ')}`);
console.log(`hours with row shade: ${shadedHours}`);

// A clear December day (UTC-5): the shade at both ends of the day, the rear side all day.
const local = (i: number) => new Date((periodEnd[i]! - 5 * 3600 - 1800) * 1000);
const dayBeam = new Map<number, number>();
for (let i = 0; i < result.ac.length; i++) {
  const d = local(i);
  if (d.getUTCMonth() === 11) dayBeam.set(d.getUTCDate(), (dayBeam.get(d.getUTCDate()) ?? 0) + dni![i]!);
}
const day = [...dayBeam].sort((a, b) => b[1] - a[1])[0]![0];
const rows = [...result.ac.keys()].filter(
  (i) => local(i).getUTCMonth() === 11 && local(i).getUTCDate() === day && result.solarZenith[i]! < 90,
);
const svg = svgChart(
  rows.map((i) => local(i).getUTCHours() + 0.5),
  [
    { name: 'shaded fraction, %', y: rows.map((i) => 100 * shaded[i]!), color: '#7f8c8d' },
    { name: 'front beam, W/m2', y: rows.map((i) => field.poaDirect[i]!), color: '#e67e22' },
    {
      name: 'rear x 0.7, W/m2',
      y: rows.map(
        (i) => field.effectiveIrradiance[i]! - field.poaDirect[i]! * field.aoiModifier[i]! - field.poaDiffuse[i]!,
      ),
      color: '#2980b9',
    },
  ],
  {
    title: `Tracker field without backtracking, Greensboro NC, December ${day} (TMY3)`,
    x: 'hour, local standard time',
    y: 'W/m2 or %',
  },
);
const out = process.argv[2] ?? 'chain-tracker-field.svg';
writeFileSync(out, svg);
console.log(`chart of December ${day} written to ${out}`);
