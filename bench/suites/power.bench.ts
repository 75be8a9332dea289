import {
  pvwattsDc,
  pvwattsInverter,
  rooftopPvPower,
  sapmCellTemperature,
  sitePvPower,
  windFarmPower,
  type PvWeatherInput,
} from '../../src/power/index.js';
import { solarPositionFast } from '../../src/solar/index.js';
import { type BenchSuite, warmedKernel } from '../harness.js';

/** One year at 5-minute periods. */
const N = 365 * 288;
const STEP = 300;
const LAT = 45;
const LON = 8;

let weather: PvWeatherInput = {
  unixSeconds: new Float64Array(0),
  ghi: new Float64Array(0),
  dni: new Float64Array(0),
  dhi: new Float64Array(0),
  airTemp: 0,
  windSpeed: 0,
};
const poa = new Float64Array(N);
const temp = new Float64Array(N);
const wind10 = new Float64Array(N);
const wind100 = new Float64Array(N);
const out = new Float64Array(N);

/**
 * A year of 5-minute weather at 45 N, 8 E: Haurwitz clear-sky GHI thinned by a deterministic
 * cloud factor, 15-60 % diffuse, DNI by closure; a daily and seasonal temperature cycle; wind.
 */
function setup(): void {
  if (weather.unixSeconds.length === N) return;
  const t = new Float64Array(N);
  const t0 = Date.UTC(2021, 0, 1) / 1000;
  for (let i = 0; i < N; i++) t[i] = t0 + (i + 1) * STEP;
  const mid = t.map((x) => x - STEP / 2);
  const sun = solarPositionFast({ unixSeconds: mid, latitude: LAT, longitude: LON });
  const ghi = new Float64Array(N);
  const dni = new Float64Array(N);
  const dhi = new Float64Array(N);
  const airTemp = new Float64Array(N);
  const windSpeed = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const h = (Math.imul((i / 36) | 0, 2654435761) >>> 0) / 4294967296; // cloudiness per 3 hours
    const day = i / 288;
    airTemp[i] = 12 - 10 * Math.cos((2 * Math.PI * day) / 365) - 5 * Math.cos(2 * Math.PI * (day % 1));
    windSpeed[i] = 1 + 4 * h;
    wind10[i] = windSpeed[i]!;
    wind100[i] = windSpeed[i]! * 1.35 + 3 * h;
    poa[i] = 0;
    temp[i] = airTemp[i]!;
    const cz = Math.cos((sun.zenith[i]! * Math.PI) / 180);
    if (cz <= 0.01) continue;
    const clear = 1098 * cz * Math.exp(-0.057 / cz);
    ghi[i] = clear * (1 - 0.7 * h);
    dhi[i] = ghi[i]! * (0.15 + 0.45 * h);
    dni[i] = (ghi[i]! - dhi[i]!) / cz;
    poa[i] = ghi[i]! * 1.15;
  }
  weather = { unixSeconds: t, ghi, dni, dhi, airTemp, windSpeed };
}

const warmed = (name: string, points: number, warmRuns: number, run: () => unknown) =>
  warmedKernel(name, points, warmRuns, run, setup);

export const suite: BenchSuite = {
  name: 'power',
  kernels: [
    warmed('SAPM cell temperature (one year at 5 min)', N, 30, () =>
      sapmCellTemperature(
        { poaGlobal: poa, airTemp: temp, windSpeed: wind10 },
        { mounting: 'open_rack_glass_polymer' },
        out,
      ),
    ),
    warmed('PVWatts DC + inverter (one year at 5 min)', N, 30, () => {
      pvwattsDc({ effectiveIrradiance: poa, tempCell: temp }, { pdc0: 5000, gammaPdc: -0.0037 }, out);
      return pvwattsInverter(out, { pdc0: 5000 / 0.96 }, out);
    }),
    warmed('wind farm power (one year at 5 min)', N, 30, () =>
      windFarmPower(
        { windSpeed: wind10, windSpeed100m: wind100, airTemp: temp, pressure: 98000 },
        { ratedPower: 3, numberOfTurbines: 20, hubHeight: 110, gridExportLimit: 50 },
        out,
      ),
    ),
    warmed('rooftop PV chain, whole (one year at 5 min)', N, 3, () =>
      rooftopPvPower(weather, { latitude: LAT, longitude: LON, tilt: 30, azimuth: 180, capacity: 5 }),
    ),
    warmed('site PV chain, tracker + bifacial (one year at 5 min)', N, 3, () =>
      sitePvPower(weather, {
        latitude: LAT,
        longitude: LON,
        capacity: 10,
        capacityDc: 12,
        trackingType: 'horizontal_single_axis',
        bifacialSystem: true,
        gridExportLimit: 9,
      }),
    ),
  ],
};
