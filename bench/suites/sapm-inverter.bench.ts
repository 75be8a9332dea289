/**
 * SAPM and the Sandia and ADR inverters over one year hourly (8760 rows) at 1,000 parameter sets
 * each: the issue-30 workload (a fleet of modules or inverters, or a library scan), one call per
 * parameter set into reused output columns. The parameter sets are the library's
 * Canadian_Solar_CS5P_220M, ABB MICRO-0.25 and Ablerex ES 2200 varied deterministically by up to
 * +-10 % per parameter, so that every call sees other constants. The pvlib peer computes the same
 * 8760 x 1000 values from the same columns (bench/peer/pvlib_peer.py: `sapm`, `sandia`, `adr`).
 * The SAPM runs twice: on the columns of `sapmColumns` (the inputs written into them once, the
 * results written in place: the form for a library scan, timed against pvlib) and on plain
 * Float64Array columns (inputs copied into the kernel's memory and results out, block by block).
 */
import { adrInverter, sandiaInverter } from '../../src/pv/inverter.js';
import type { AdrInverterParameters, SandiaInverterParameters, SapmModuleParameters } from '../../src/pv/parameters.js';
import { sapm, sapmColumns } from '../../src/pv/sapm.js';
import { ABB_MICRO, ABLEREX_ADR, CS5P_220M } from '../../test/support/pv-parameters.js';
import { type BenchSuite, type KernelBench, type PeerCase, warmedKernel } from '../harness.js';

const HOURS = 8760;
const SETS = 1000;

// The library's parameter sets, shared with the tests of src/pv.
const ABLEREX = ABLEREX_ADR;

/** pvlib's names of the numeric fields the peer passes, by ours. */
const SAPM_NAMES: Record<string, string> = {
  isco: 'Isco',
  impo: 'Impo',
  voco: 'Voco',
  vmpo: 'Vmpo',
  aisc: 'Aisc',
  aimp: 'Aimp',
  bvoco: 'Bvoco',
  mbvoc: 'Mbvoc',
  bvmpo: 'Bvmpo',
  mbvmp: 'Mbvmp',
  n: 'N',
  cellsInSeries: 'Cells_in_Series',
  ixo: 'IXO',
  ixxo: 'IXXO',
  c0: 'C0',
  c1: 'C1',
  c2: 'C2',
  c3: 'C3',
  c4: 'C4',
  c5: 'C5',
  c6: 'C6',
  c7: 'C7',
};
const SANDIA_NAMES: Record<string, string> = {
  paco: 'Paco',
  pdco: 'Pdco',
  vdco: 'Vdco',
  pso: 'Pso',
  c0: 'C0',
  c1: 'C1',
  c2: 'C2',
  c3: 'C3',
  pnt: 'Pnt',
};
const ADR_NAMES: Record<string, string> = {
  pnom: 'Pnom',
  vnom: 'Vnom',
  vmax: 'Vmax',
  vmin: 'Vmin',
  vdcmax: 'Vdcmax',
  mpptHi: 'MPPTHi',
  mpptLow: 'MPPTLow',
  pacmax: 'Pacmax',
  pnt: 'Pnt',
};

/** A deterministic number in [-1, 1) of (set, field). */
function jitter(set: number, field: number): number {
  return (Math.imul(set * 977 + field * 131 + 7, 2654435761) >>> 0) / 2147483648 - 1;
}

/** SETS copies of a parameter set, each numeric field of `names` times 1 +- 10 % (cell counts kept). */
function variants<T extends object>(base: T, names: Record<string, string>): T[] {
  const sets: T[] = [];
  for (let s = 0; s < SETS; s++) {
    const copy = { ...base } as Record<string, unknown>;
    let f = 0;
    for (const key of Object.keys(names)) {
      f++;
      if (key === 'cellsInSeries') continue;
      copy[key] = (copy[key] as number) * (1 + 0.1 * jitter(s, f));
    }
    sets.push(copy as T);
  }
  return sets;
}

/** The parameter sets as columns of SETS values, under pvlib's names, for the peer. */
function parameterColumns<T extends object>(sets: T[], names: Record<string, string>, prefix: string) {
  const cols: Record<string, Float64Array> = {};
  for (const [ours, theirs] of Object.entries(names)) {
    cols[`${prefix}${theirs}`] = Float64Array.from(sets, (s) => (s as Record<string, number>)[ours]!);
  }
  return cols;
}

const ee = new Float64Array(HOURS);
const tc = new Float64Array(HOURS);
const vDc = new Float64Array(HOURS);
const pDc = new Float64Array(HOURS);
const vAdr = new Float64Array(HOURS);
const pAdr = new Float64Array(HOURS);
let modules: SapmModuleParameters[] = [];
let sandias: SandiaInverterParameters[] = [];
let adrs: AdrInverterParameters[] = [];

/**
 * An hourly year: a daily sine of irradiance thinned by a cloud factor per 3 hours (0 at night,
 * about 4400 of the 8760 hours), a daily and seasonal cell temperature; DC power and voltage of the
 * inverters follow the irradiance (the night at 0 W).
 */
function setup(): void {
  if (modules.length === SETS) return;
  for (let i = 0; i < HOURS; i++) {
    const day = i / 24;
    const h = i % 24;
    const cloud = (Math.imul((i / 3) | 0, 2654435761) >>> 0) / 4294967296;
    const sun = Math.sin((Math.PI * (h - 6)) / 12);
    const season = 0.75 - 0.25 * Math.cos((2 * Math.PI * day) / 365);
    ee[i] = sun > 0 ? 1100 * sun * season * (1 - 0.7 * cloud) : 0;
    tc[i] = 10 - 10 * Math.cos((2 * Math.PI * day) / 365) + 0.03 * ee[i]!;
    const f = ee[i]! / 1000;
    pDc[i] = f * 280;
    vDc[i] = f > 0 ? 34 + 10 * f : 0;
    pAdr[i] = f * 2400;
    vAdr[i] = f > 0 ? 300 + 120 * f : 0;
  }
  modules = variants(CS5P_220M, SAPM_NAMES);
  sandias = variants(ABB_MICRO, SANDIA_NAMES);
  adrs = variants(ABLEREX, ADR_NAMES);
}

const sapmOut = {
  iSc: new Float64Array(HOURS),
  iMp: new Float64Array(HOURS),
  vOc: new Float64Array(HOURS),
  vMp: new Float64Array(HOURS),
  pMp: new Float64Array(HOURS),
  iX: new Float64Array(HOURS),
  iXx: new Float64Array(HOURS),
};
const acOut = new Float64Array(HOURS);
/** The SAPM's columns in the memory of its WebAssembly kernel, the inputs written in once (setupSapmColumns). */
const sapmCols = sapmColumns(HOURS);

function setupSapmColumns(): void {
  setup();
  sapmCols.effectiveIrradiance.set(ee);
  sapmCols.tempCell.set(tc);
}

function withPeer(k: KernelBench, peer: PeerCase): KernelBench {
  return { ...k, peer };
}

const POINTS = HOURS * SETS;

export const suite: BenchSuite = {
  name: 'sapm-inverter',
  kernels: [
    withPeer(
      warmedKernel(
        'SAPM (8760 hours x 1000 modules)',
        POINTS,
        3,
        () => {
          const input = { effectiveIrradiance: sapmCols.effectiveIrradiance, tempCell: sapmCols.tempCell };
          for (let m = 0; m < SETS; m++) sapm(input, modules[m]!, sapmCols);
          return sapmCols;
        },
        setupSapmColumns,
      ),
      {
        fn: 'sapm',
        columns: () => {
          setup();
          return { effectiveIrradiance: ee, tempCell: tc, ...parameterColumns(modules, SAPM_NAMES, 'module.') };
        },
      },
    ),
    warmedKernel(
      'SAPM, plain Float64Array columns (8760 hours x 1000 modules)',
      POINTS,
      3,
      () => {
        for (let m = 0; m < SETS; m++) sapm({ effectiveIrradiance: ee, tempCell: tc }, modules[m]!, sapmOut);
        return sapmOut;
      },
      setup,
    ),
    withPeer(
      warmedKernel(
        'Sandia inverter (8760 hours x 1000 inverters)',
        POINTS,
        3,
        () => {
          for (let m = 0; m < SETS; m++) sandiaInverter({ vDc, pDc }, sandias[m]!, acOut);
          return acOut;
        },
        setup,
      ),
      {
        fn: 'sandia',
        columns: () => {
          setup();
          return { vDc, pDc, ...parameterColumns(sandias, SANDIA_NAMES, 'inverter.') };
        },
      },
    ),
    withPeer(
      warmedKernel(
        'ADR inverter (8760 hours x 1000 inverters)',
        POINTS,
        3,
        () => {
          for (let m = 0; m < SETS; m++) adrInverter({ vDc: vAdr, pDc: pAdr }, adrs[m]!, acOut);
          return acOut;
        },
        setup,
      ),
      {
        fn: 'adr',
        columns: () => {
          setup();
          const coefficients: Record<string, Float64Array> = {};
          for (let k = 0; k < 9; k++) coefficients[`adr.${k}`] = Float64Array.from(adrs, (a) => a.adrCoefficients[k]!);
          return { vDc: vAdr, pDc: pAdr, ...parameterColumns(adrs, ADR_NAMES, 'inverter.'), ...coefficients };
        },
      },
    ),
  ],
};
