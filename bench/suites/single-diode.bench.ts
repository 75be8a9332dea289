/**
 * The single-diode solution (src/pv) on a year hourly at many modules' parameter sets: 8,760 hours
 * times MODULES plausible CEC parameter sets, one column each of the five parameters (8,760 x 25 =
 * 219,000 rows; the issue's 1,000 modules would be 8.76 million rows, 40 s a call for pvlib, and the
 * cost per row does not depend on how many modules the rows come from). The parameters at operating
 * conditions come from calcparamsCec in the setup, outside the timed calls; the timed call is
 * singleDiode (Lambert W, and Bishop's form by Newton), against pvlib.pvsystem.singlediode on the
 * same columns (its 'lambertw' and 'newton' methods; the ratio is to the faster).
 */
import { calcparamsCec, type SingleDiodeResult, singleDiode } from '../../src/pv/index.js';
import { solarPositionFast } from '../../src/solar/index.js';
import { type BenchSuite, type PeerCase, warmedKernel } from '../harness.js';

const HOURS = 8760;
const MODULES = 25;
const N = HOURS * MODULES;

const photocurrent = new Float64Array(N);
const saturationCurrent = new Float64Array(N);
const resistanceSeries = new Float64Array(N);
const resistanceShunt = new Float64Array(N);
const nNsVth = new Float64Array(N);
const input = { photocurrent, saturationCurrent, resistanceSeries, resistanceShunt, nNsVth };
const out: SingleDiodeResult = {
  iSc: new Float64Array(N),
  vOc: new Float64Array(N),
  iMp: new Float64Array(N),
  vMp: new Float64Array(N),
  pMp: new Float64Array(N),
  iX: new Float64Array(N),
  iXx: new Float64Array(N),
};
let ready = false;

/** A deterministic number in [0, 1) from two integers (a multiplicative hash). */
const hash = (a: number, b: number): number => (Math.imul(a * 7919 + b, 2654435761) >>> 0) / 4294967296;

/**
 * The weather (an hourly year at 45 N: clear-sky irradiance on a tilted plane thinned by
 * cloudiness per 3 hours, zero at night; cell temperature from the air and the irradiance) and
 * MODULES CEC-like parameter sets spread over the library's range (60 to 144 cells, 4 to 14 A,
 * shunt resistances 50 to 3000 ohm), then each module's five parameters over the year.
 */
function setup(): void {
  if (ready) return;
  const t0 = Date.UTC(2021, 0, 1) / 1000;
  const unixSeconds = new Float64Array(HOURS);
  for (let h = 0; h < HOURS; h++) unixSeconds[h] = t0 + h * 3600 + 1800;
  const sun = solarPositionFast({ unixSeconds, latitude: 45, longitude: 8 });
  const poa = new Float64Array(HOURS);
  const tempCell = new Float64Array(HOURS);
  for (let h = 0; h < HOURS; h++) {
    const cz = Math.cos((sun.zenith[h]! * Math.PI) / 180);
    const clouds = hash(Math.floor(h / 3), 1);
    poa[h] = cz > 0.01 ? 1150 * cz * Math.exp(-0.06 / cz) * (1 - 0.75 * clouds) : 0;
    const air = 12 - 10 * Math.cos((2 * Math.PI * h) / HOURS) - 4 * Math.cos((2 * Math.PI * (h % 24)) / 24);
    tempCell[h] = air + poa[h]! / 30;
  }
  const params = {
    photocurrent: new Float64Array(HOURS),
    saturationCurrent: new Float64Array(HOURS),
    resistanceSeries: new Float64Array(HOURS),
    resistanceShunt: new Float64Array(HOURS),
    nNsVth: new Float64Array(HOURS),
  };
  for (let m = 0; m < MODULES; m++) {
    const cells = [60, 72, 96, 120, 132, 144][Math.floor(hash(m, 2) * 6)]!;
    const iLRef = 4 + 10 * hash(m, 3);
    calcparamsCec(
      { effectiveIrradiance: poa, tempCell },
      {
        alphaSc: iLRef * (0.0003 + 0.0004 * hash(m, 4)),
        aRef: cells * (0.026 + 0.008 * hash(m, 5)),
        iLRef,
        iORef: 10 ** (-11 + 2.5 * hash(m, 6)),
        rShRef: 50 + 2950 * hash(m, 7),
        rS: (cells / 60) * (0.1 + 0.4 * hash(m, 8)),
        adjust: -10 + 25 * hash(m, 9),
      },
      params,
    );
    photocurrent.set(params.photocurrent, m * HOURS);
    saturationCurrent.set(params.saturationCurrent, m * HOURS);
    resistanceSeries.set(params.resistanceSeries, m * HOURS);
    resistanceShunt.set(params.resistanceShunt, m * HOURS);
    nNsVth.set(params.nNsVth, m * HOURS);
  }
  ready = true;
}

/** pvlib.pvsystem.singlediode on the same five columns, by its 'lambertw' and 'newton' methods. */
const peer: PeerCase = {
  fn: 'singlediode',
  columns: () => ({ photocurrent, saturationCurrent, resistanceSeries, resistanceShunt, nNsVth }),
  params: { methods: 'lambertw,newton' },
};

export const suite: BenchSuite = {
  name: 'pv-single-diode',
  kernels: [
    {
      ...warmedKernel(
        `single-diode solution, Lambert W (a year hourly x ${MODULES} modules)`,
        N,
        3,
        () => singleDiode(input, { method: 'lambertw' }, out),
        setup,
      ),
      peer,
    },
    {
      ...warmedKernel(
        `single-diode solution, Bishop's form by Newton (a year hourly x ${MODULES} modules)`,
        N,
        3,
        () => singleDiode(input, { method: 'newton' }, out),
        setup,
      ),
      peer,
    },
  ],
};
