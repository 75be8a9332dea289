/**
 * The model chain (src/chain, issue 31). Two questions:
 *
 * 1. What the chain costs a PVWatts year: simulatePv's chain as it was before the model chain
 *    (bench/chain-baseline.ts, frozen from commit e2b41b7), today's (pvSystemChain: the chain's
 *    PVWatts preset) and the public modelChain with the same models (inference and checks
 *    included), each over one year hourly of the same weather. Goal: at most 10 % CPU over before.
 * 2. How a whole site-year through the chain compares with pvlib's ModelChain: the worked examples
 *    of docs/model-chains.md, (a) the east-west roof from TMY3 weather (CEC single diode, two-input
 *    Sandia inverter), (b) the tracker field with row shading and bifacial modules (PVWatts; pvlib
 *    computes the shade and the rear side with pvlib.shading and infinite_sheds before its
 *    ModelChain, and that is timed with it) and (c) the monitored plant from measured POA (SAPM,
 *    ADR), each built as its example builds it; the peer times ModelChain.run_model / run_model_from_poa on the same system
 *    and weather prepared by scripts/pvlib/model_chains_example.py. Goal: at least 20x.
 */
import { readFileSync } from 'node:fs';
import { type ChainSystem, type ChainWeather, modelChain } from '../../src/chain/index.js';
import { aoi } from '../../src/irradiance/index.js';
import { dirname } from 'node:path';
import { dataFilePath, readSamLibrary } from '../../src/node/index.js';
import type { PvWeatherInput } from '../../src/power/chain-common.js';
import { type PvSystemChainConfig, pvSystemChain } from '../../src/power/site.js';
import { solarPositionFast } from '../../src/solar/index.js';
import { readTmy3 } from '../../src/weather/index.js';
import { pvSystemChainBefore } from '../chain-baseline.js';
import { type BenchSuite, type KernelBench, warmedKernel } from '../harness.js';

const HOURS = 8760;
const LAT = 45;
const LON = 8;

let weather: PvWeatherInput | undefined;

/** An hourly year at 45 N, 8 E: Haurwitz clear-sky GHI thinned per 3 hours, 15-60 % diffuse. */
function pvwattsWeather(): PvWeatherInput {
  if (weather !== undefined) return weather;
  const t = new Float64Array(HOURS);
  const t0 = Date.UTC(2021, 0, 1) / 1000;
  for (let i = 0; i < HOURS; i++) t[i] = t0 + (i + 1) * 3600;
  const sun = solarPositionFast({ unixSeconds: t.map((x) => x - 1800), latitude: LAT, longitude: LON });
  const ghi = new Float64Array(HOURS);
  const dni = new Float64Array(HOURS);
  const dhi = new Float64Array(HOURS);
  const airTemp = new Float64Array(HOURS);
  const windSpeed = new Float64Array(HOURS);
  for (let i = 0; i < HOURS; i++) {
    const h = (Math.imul((i / 3) | 0, 2654435761) >>> 0) / 4294967296;
    const day = i / 24;
    airTemp[i] = 12 - 10 * Math.cos((2 * Math.PI * day) / 365) - 5 * Math.cos(2 * Math.PI * (day % 1));
    windSpeed[i] = 1 + 4 * h;
    const cz = Math.cos((sun.zenith[i]! * Math.PI) / 180);
    if (cz <= 0.01) continue;
    ghi[i] = 1098 * cz * Math.exp(-0.057 / cz) * (1 - 0.7 * h);
    dhi[i] = ghi[i]! * (0.15 + 0.45 * h);
    dni[i] = (ghi[i]! - dhi[i]!) / cz;
  }
  weather = { unixSeconds: t, ghi, dni, dhi, airTemp, windSpeed };
  return weather;
}

/** simulatePv's configuration of a 5 kWp south-facing plane (its defaults). */
const PRESET: PvSystemChainConfig = {
  latitude: LAT,
  longitude: LON,
  elevation: 0,
  mount: { tilt: 35, azimuth: 180 },
  smartTracking: false,
  albedo: 0.2,
  soilingByMonth: new Float64Array(12),
  temperatureMounting: 'open_rack_glass_polymer',
  pdc0: 5,
  gammaPdc: -0.0037,
  ageRate: 0.005,
  otherLosses: 0.1408,
  acCapacity: 5 / 1.2,
  etaInvNom: 0.96,
  exportLimit: Number.POSITIVE_INFINITY,
};

/** The same system for modelChain: one PVWatts array on one PVWatts inverter. */
const PVWATTS_SYSTEM: ChainSystem = {
  latitude: LAT,
  longitude: LON,
  arrays: [
    {
      mount: { tilt: 35, azimuth: 180 },
      module: { pdc0: 5, gammaPdc: -0.0037 },
      temperature: { mounting: 'open_rack_glass_polymer' },
      albedo: 0.2,
      soiling: 0,
      losses: 0.1408,
    },
  ],
  inverters: [{ parameters: { pdc0: 5 / 1.2 / 0.96, etaInvNom: 0.96 } }],
};

/** Example (a): the east-west roof, as examples/chain-east-west-roof.ts builds it. */
function roof(): { system: ChainSystem; weather: ChainWeather; periodSeconds: number } {
  const w = readTmy3(readFileSync(dataFilePath('weather/723170TYA.CSV'), 'utf8'));
  const module = {
    alphaSc: 0.004539,
    aRef: 2.6373,
    iLRef: 5.114,
    iORef: 8.196e-10,
    rShRef: 381.68,
    rS: 1.065,
    adjust: 8.7,
  };
  const side = (azimuth: number) => ({
    mount: { tilt: 10, azimuth },
    module,
    temperature: { mounting: 'close_mount_glass_glass' },
    modulesPerString: 8,
    strings: 3,
  });
  const c = w.columns;
  return {
    system: {
      latitude: w.latitude!,
      longitude: w.longitude!,
      elevation: w.elevation!,
      arrays: [side(90), side(270)],
      inverters: [{ parameters: readSamLibrary('CECInverter').get('SMA_America__SB10000TL_US__240V_'), inputs: 2 }],
    },
    weather: {
      periodEnd: w.sourcePeriodEnd ?? w.periodEnd,
      ghi: c.ghi!,
      dni: c.dni!,
      dhi: c.dhi!,
      airTemp: c.airTemp!,
      windSpeed: c.windSpeed!,
    },
    periodSeconds: w.periodSeconds,
  };
}

/** Example (c): the monitored plant from its POA, as examples/chain-monitored-plant.ts builds it. */
function plant(): { system: ChainSystem; weather: ChainWeather } {
  const lines = readFileSync(dataFilePath('weather/pvwatts_8760_rackmount.csv'), 'utf8').split(/\r?\n/);
  const header = (key: string) => Number(lines.find((l) => l.startsWith(key))!.split(',')[1]);
  const [latitude, longitude, elevation] = [header('Lat (deg N)'), -header('Long (deg W)'), header('Elev (m)')];
  const start = lines.findIndex((l) => l.startsWith('Month,'));
  const rows = lines
    .slice(start + 1)
    .filter((l) => /^\d/.test(l))
    .map((l) => l.split(',').map(Number));
  const col = (k: number) => Float64Array.from(rows, (r) => r[k]!);
  const periodEnd = Float64Array.from(rows, ([m, d, h]) => Date.UTC(2019, m! - 1, d!, h! + 8) / 1000);
  const [dni, airTemp, windSpeed, poa] = [col(3), col(5), col(6), col(7)];
  const sun = solarPositionFast({
    unixSeconds: periodEnd.map((t) => t - 1800),
    latitude,
    longitude,
    elevation,
    temperature: airTemp,
  });
  const inc = aoi({ surfaceTilt: 20, surfaceAzimuth: 180, solarZenith: sun.apparentZenith, solarAzimuth: sun.azimuth });
  const poaDirect = new Float64Array(rows.length);
  const poaDiffuse = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    poaDirect[i] = Math.min(Math.max(0, dni[i]! * Math.cos((inc[i]! * Math.PI) / 180)), poa[i]!);
    poaDiffuse[i] = poa[i]! - poaDirect[i]!;
  }
  return {
    system: {
      latitude,
      longitude,
      elevation,
      arrays: [
        {
          mount: { tilt: 20, azimuth: 180 },
          module: readSamLibrary('SandiaMod').get('Canadian_Solar_CS5P_220M___2009_'),
          temperature: { u0: 25, u1: 6.84 },
          modulesPerString: 7,
          strings: 3,
        },
      ],
      inverters: [{ parameters: readSamLibrary('ADRInverter').get('SMA_America__SB3800U_240V__CEC_2005_') }],
    },
    weather: { periodEnd, airTemp, windSpeed, arrays: [{ poaGlobal: poa, poaDirect, poaDiffuse }] },
  };
}

/** Example (b): the tracker field, as examples/chain-tracker-field.ts builds it. */
function field(): { system: ChainSystem; weather: ChainWeather; periodSeconds: number } {
  const r = roof();
  return {
    system: {
      ...r.system,
      arrays: [
        {
          mount: { tracker: { axisAzimuth: 180, maxAngle: 60, backtrack: false, gcr: 0.4 } },
          shading: { collectorWidth: 2, pitch: 5 },
          bifacial: { bifaciality: 0.7, height: 1.5, width: 2, gcr: 0.4 },
          module: { pdc0: 400, gammaPdc: -0.0035 },
          temperature: { mounting: 'open_rack_glass_glass' },
          modulesPerString: 20,
          strings: 10,
        },
      ],
      inverters: [{ parameters: { pdc0: 70000 } }],
    },
    weather: r.weather,
    periodSeconds: r.periodSeconds,
  };
}

function exampleKernel(name: string, example: 'east_west_roof' | 'tracker_field' | 'monitored_plant'): KernelBench {
  let run: () => unknown = () => undefined;
  const k = warmedKernel(
    name,
    HOURS,
    3,
    () => run(),
    () => {
      if (example === 'east_west_roof') {
        const r = roof();
        run = () => modelChain(r.system, r.weather, { aoi: 'physical', periodSeconds: r.periodSeconds });
      } else if (example === 'tracker_field') {
        const f = field();
        run = () => modelChain(f.system, f.weather, { periodSeconds: f.periodSeconds });
      } else {
        const p = plant();
        run = () => modelChain(p.system, p.weather, { spectral: 'sapm' });
      }
    },
  );
  return {
    ...k,
    peer: {
      fn: 'modelchain',
      columns: () => ({}),
      params: { example, dataDir: dirname(dirname(dataFilePath('weather/723170TYA.CSV'))) },
    },
  };
}

export const suite: BenchSuite = {
  name: 'chain',
  kernels: [
    warmedKernel('simulatePv chain before the model chain (PVWatts, 1 year hourly)', HOURS, 20, () =>
      pvSystemChainBefore(pvwattsWeather(), PRESET),
    ),
    warmedKernel('simulatePv chain through the model chain (PVWatts, 1 year hourly)', HOURS, 20, () =>
      pvSystemChain(pvwattsWeather(), PRESET),
    ),
    warmedKernel('modelChain PVWatts (inferred models, checks; 1 year hourly)', HOURS, 20, () =>
      modelChain(PVWATTS_SYSTEM, pvwattsWeather(), { transposition: 'perez' }),
    ),
    exampleKernel('modelChain example (a) east-west roof (CEC, Sandia 2 inputs; TMY3 year)', 'east_west_roof'),
    exampleKernel('modelChain example (b) tracker field, row shade, bifacial (PVWatts; TMY3 year)', 'tracker_field'),
    exampleKernel('modelChain example (c) monitored plant from POA (SAPM, ADR; 8760 h)', 'monitored_plant'),
  ],
};
