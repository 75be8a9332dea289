/**
 * docs/modules-and-inverters.md's worked example: a real plant named by its equipment. Canadian
 * Solar CS5P-220M modules (their CEC single-diode parameters), 14 a string, 20 strings (61.6 kWp),
 * tilted 30 degrees to the south at Greensboro, North Carolina, on one Chint CPS SCA50KTL-DO/US-480
 * inverter read from SAM's CEC inverter library (Sandia model), through the place's TMY3 year,
 * hourly. Prints the annual and monthly AC energy and writes the array's I-V curve at its sunniest
 * hour as an SVG chart. Run it from a clone with
 *   npx tsx examples/modules-and-inverters.ts [chart.svg]
 * (an installed package imports the same names from 'solarkit' and 'solarkit/node').
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  aoi,
  calcparamsCec,
  extraterrestrialRadiation,
  iamPhysical,
  ivCurve,
  planeOfArray,
  readTmy3,
  sandiaInverter,
  sapmCellTemperature,
  scaleVoltageCurrentPower,
  singleDiode,
  solarPositionSpa,
} from '../src/index.js';
import { dataFilePath, readSamLibrary } from '../src/node/index.js';

// The module: the CEC parameters of the Canadian Solar CS5P-220M (SAM's CEC module library, as
// pvlib's tests write them out; with a copy of that library, readSamLibrary(path).get(name) reads them).
const cs5p220m = {
  alphaSc: 0.004539, // A/C
  aRef: 2.6373, // V
  iLRef: 5.114, // A
  iORef: 8.196e-10, // A
  rShRef: 381.68, // ohm
  rS: 1.065, // ohm
  adjust: 8.7, // percent
};
const modulesPerString = 14;
const strings = 20;
// The inverter, by pvlib's key (its name in the library, 'Chint Power Systems America: CPS
// SCA50KTL-DO/US-480 [480V]', finds it too), from the data directory's copy of SAM's library.
const inverter = readSamLibrary('CECInverter').get('Chint_Power_Systems_America__CPS_SCA50KTL_DO_US_480__480V_');

// The weather: NREL's TMY3 year of Greensboro, hourly; each hour's sun at the middle of the hour.
const weather = readTmy3(readFileSync(dataFilePath('weather/723170TYA.CSV'), 'utf8'));
const column = (name: 'ghi' | 'dni' | 'dhi' | 'airTemp' | 'windSpeed') => {
  const values = weather.columns[name];
  if (!values) throw new Error(`the weather file has no ${name}`);
  return values;
};
const [ghi, dni, dhi, airTemp, windSpeed] = (['ghi', 'dni', 'dhi', 'airTemp', 'windSpeed'] as const).map(column);
const hourEnds = weather.sourcePeriodEnd ?? weather.periodEnd;
const unixSeconds = hourEnds.map((t) => t - weather.periodSeconds / 2);
const { latitude, longitude, elevation } = weather;

// The chain, step by step (pvlib's ModelChain with the same models gives the same energy):
// the sun (NREL SPA; pvlib's defaults: pressure from the elevation, delta T 67 s, refraction at the
// hour's air temperature) ...
const sun = solarPositionSpa(
  { unixSeconds, latitude, longitude, elevation, temperature: airTemp },
  { defaults: 'pvlib' },
);
// ... the plane of array (Perez 1990 sky diffuse, albedo 0.2) ...
const poa = planeOfArray(
  {
    solarZenith: sun.apparentZenith,
    solarAzimuth: sun.azimuth,
    ghi,
    dni,
    dhi,
    dniExtra: extraterrestrialRadiation(unixSeconds),
    albedo: 0.2,
  },
  { mount: { tilt: 30, azimuth: 180 }, model: 'perez' },
);
// ... reflection at the glass (the physical IAM on the beam) ...
const incidence = aoi({
  surfaceTilt: 30,
  surfaceAzimuth: 180,
  solarZenith: sun.apparentZenith,
  solarAzimuth: sun.azimuth,
});
const iam = iamPhysical(incidence);
const effectiveIrradiance = poa.poaDirect.map((beam, i) => beam * iam[i]! + poa.poaDiffuse[i]!);
// ... the cells' temperature (SAPM, open rack, glass/polymer) ...
const tempCell = sapmCellTemperature(
  { poaGlobal: poa.poaGlobal, airTemp, windSpeed },
  { mounting: 'open_rack_glass_polymer' },
);
// ... the module's maximum power point (CEC single-diode model), scaled to the array ...
const diode = calcparamsCec({ effectiveIrradiance, tempCell }, cs5p220m);
const array = scaleVoltageCurrentPower(singleDiode(diode), { voltage: modulesPerString, current: strings });
// ... and the inverter (Sandia model).
const ac = sandiaInverter({ vDc: array.vMp, pDc: array.pMp }, inverter);

// Energy: W over one hour is Wh. A few hours at sunrise and sunset with the sun just up and no
// diffuse light at all (DHI 0) are NaN, as in pvlib: the Perez model is undefined there (its sky
// clearness divides by DHI); they carry no light and are left out of the sums, as pandas does.
let annual = 0;
let undefinedHours = 0;
const monthly = new Float64Array(12);
for (let i = 0; i < ac.length; i++) {
  if (Number.isNaN(ac[i]!)) {
    undefinedHours++;
    continue;
  }
  annual += ac[i]! / 1000;
  monthly[new Date(hourEnds[i]! * 1000).getUTCMonth()]! += ac[i]! / 1000;
}
const dcRating = modulesPerString * strings * 220;
console.log(
  `array: ${modulesPerString} x ${strings} CS5P-220M = ${(dcRating / 1000).toFixed(1)} kWp, inverter ${inverter.paco / 1000} kW`,
);
console.log(`annual AC energy: ${annual.toFixed(1)} kWh (${((annual * 1000) / dcRating).toFixed(0)} kWh/kWp)`);
console.log(`hours left out (no diffuse light, sun just up): ${undefinedHours}`);
console.log(`monthly AC energy, kWh: ${Array.from(monthly, (e) => e.toFixed(0)).join(' ')}`);

// The array's I-V curve at the sunniest hour, as an SVG line chart.
let sunniest = 0;
for (let i = 1; i < ac.length; i++) if (effectiveIrradiance[i]! > effectiveIrradiance[sunniest]!) sunniest = i;
const at = (column: Float64Array) => column.subarray(sunniest, sunniest + 1);
const curve = ivCurve(
  {
    photocurrent: at(diode.photocurrent),
    saturationCurrent: at(diode.saturationCurrent),
    resistanceSeries: at(diode.resistanceSeries),
    resistanceShunt: at(diode.resistanceShunt),
    nNsVth: at(diode.nNsVth),
  },
  { points: 100 },
);
const volts = curve.voltage.map((v) => v * modulesPerString);
const amps = curve.current.map((c) => c * strings);
const when = new Date(unixSeconds[sunniest]! * 1000).toISOString().slice(0, 16);
const title = `I-V curve of the array, ${when} UTC: ${effectiveIrradiance[sunniest]!.toFixed(0)} W/m2, cells at ${tempCell[sunniest]!.toFixed(1)} C`;
const svg = lineChart(volts, amps, {
  title,
  x: 'voltage, V',
  y: 'current, A',
  mark: [array.vMp[sunniest]!, array.iMp[sunniest]!],
});
const out = process.argv[2] ?? 'modules-and-inverters-iv.svg';
writeFileSync(out, svg);
console.log(
  `maximum power point at ${when}: ${array.vMp[sunniest]!.toFixed(0)} V, ${array.iMp[sunniest]!.toFixed(1)} A, ${(array.pMp[sunniest]! / 1000).toFixed(1)} kW`,
);
console.log(`I-V curve written to ${out}`);

/** A minimal SVG line chart of y against x, with axes, ticks and one marked point. */
function lineChart(
  x: Float64Array,
  y: Float64Array,
  labels: { title: string; x: string; y: string; mark: [number, number] },
): string {
  const [w, h, left, bottom, top, right] = [640, 420, 60, 50, 40, 20];
  const xMax = Math.max(...x);
  const yMax = Math.max(...y) * 1.05;
  const px = (v: number) => left + (v / xMax) * (w - left - right);
  const py = (v: number) => h - bottom - (v / yMax) * (h - top - bottom);
  const path = Array.from(x, (v, i) => `${i ? 'L' : 'M'}${px(v).toFixed(1)},${py(y[i]!).toFixed(1)}`).join(' ');
  const ticks = (max: number, n: number) => Array.from({ length: n + 1 }, (_, i) => (max * i) / n);
  const xTicks = ticks(xMax, 5)
    .map((v) => `<text x="${px(v)}" y="${h - bottom + 18}" text-anchor="middle">${v.toFixed(0)}</text>`)
    .join('');
  const yTicks = ticks(yMax, 5)
    .map((v) => `<text x="${left - 8}" y="${py(v) + 4}" text-anchor="end">${v.toFixed(0)}</text>`)
    .join('');
  const [mx, my] = labels.mark;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif" font-size="12">
<text x="${w / 2}" y="22" text-anchor="middle" font-size="14">${labels.title}</text>
<line x1="${left}" y1="${h - bottom}" x2="${w - right}" y2="${h - bottom}" stroke="black"/>
<line x1="${left}" y1="${top}" x2="${left}" y2="${h - bottom}" stroke="black"/>
${xTicks}${yTicks}
<text x="${(w + left) / 2}" y="${h - 12}" text-anchor="middle">${labels.x}</text>
<text x="16" y="${h / 2}" text-anchor="middle" transform="rotate(-90 16 ${h / 2})">${labels.y}</text>
<path d="${path}" fill="none" stroke="#c0392b" stroke-width="2"/>
<circle cx="${px(mx).toFixed(1)}" cy="${py(my).toFixed(1)}" r="5" fill="#2c3e50"/>
<text x="${(px(mx) + 8).toFixed(1)}" y="${(py(my) - 8).toFixed(1)}">maximum power</text>
</svg>
`;
}
