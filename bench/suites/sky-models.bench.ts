import {
  boland,
  type ClosureColumns,
  campbellNorman,
  closureColumns,
  completeIrradiance,
  dirindex,
  dni,
  erbsDriesse,
  ghiFromPoaDriesse2024,
  gtiDirint,
  type KtColumns,
  ktColumns,
  louche,
  orgillHollands,
} from '../../src/irradiance/index.js';
import type { BenchSuite, KernelBench } from '../harness.js';
import { makeSky, type Sky } from '../sky-series.js';

/** A year at one-minute steps. */
const MINUTES = 525_600;
/** A year hourly: the iterative models (GTI-DIRINT, the reverse transposition). */
const HOURS = 8760;

/**
 * Every 7th row of each column: the pvlib side of the reverse transposition, whose scalar bisection
 * (ghi_from_poa_driesse_2024, ~550 points/s) took 16 s a call on the whole year, so that the
 * suite's --peer run took half an hour. Its cost is per row, so the harness, which divides each
 * side's time by its own rows, still compares points per second of the same call; 7 is prime to 24,
 * so the 1252 rows visit every hour of the day in every season, night and day in the year's
 * proportions. GTI-DIRINT's pvlib peer keeps the whole year: its iterations cost per call as much
 * as per row (on this sample it measured 1.5e3 points/s against 5.7e3 on the year), and the year
 * takes 1.5 s a call.
 */
const PEER_SAMPLE_STEP = 7;
function sampled(columns: Record<string, Float64Array>): Record<string, Float64Array> {
  const out: Record<string, Float64Array> = {};
  for (const [name, column] of Object.entries(columns)) {
    const rows = new Float64Array(Math.ceil(column.length / PEER_SAMPLE_STEP));
    for (let i = 0; i < rows.length; i++) rows[i] = column[i * PEER_SAMPLE_STEP]!;
    out[name] = rows;
  }
  return out;
}

let minuteSky: Sky | undefined;
let hourSky: Sky | undefined;
const minutes = (): Sky => (minuteSky ??= makeSky(MINUTES, 60));
const hours = (): Sky => (hourSky ??= makeSky(HOURS, 3600));

// Output buffers reused across runs, as a caller's loop would (every model takes `out`).
let scratch: { dni: Float64Array; dhi: Float64Array; kt: Float64Array; ghi: Float64Array } | undefined;
const buffers = () =>
  (scratch ??= {
    dni: new Float64Array(MINUTES),
    dhi: new Float64Array(MINUTES),
    kt: new Float64Array(MINUTES),
    ghi: new Float64Array(MINUTES),
  });

/**
 * The sky's columns in the memory of the closure WebAssembly kernel (closureColumns), the inputs
 * written in once, at setup: the "on closureColumns" cases time dni and completeIrradiance without
 * the copies into and out of its memory that the plain cases include.
 */
let columnsScratch: ClosureColumns | undefined;
function kernelColumns(): ClosureColumns {
  if (columnsScratch !== undefined) return columnsScratch;
  const x = minutes();
  const c = closureColumns(MINUTES);
  c.ghi.set(x.ghi);
  c.dhi.set(x.dhi);
  c.solarZenith.set(x.zenith);
  c.dniClear.set(x.dniClear);
  columnsScratch = c;
  return c;
}

/**
 * The sky's GHI, zenith and times in the memory of the kt WebAssembly kernel (ktColumns), written
 * in once, at setup: the "on ktColumns" cases time the four kt decompositions without the copies
 * into and out of its memory that the plain cases include.
 */
let ktScratch: KtColumns | undefined;
function ktKernelColumns(): KtColumns {
  if (ktScratch !== undefined) return ktScratch;
  const x = minutes();
  const c = ktColumns(MINUTES);
  c.ghi.set(x.ghi);
  c.zenith.set(x.zenith);
  c.unixSeconds.set(x.times);
  ktScratch = c;
  return c;
}

/** The columns of dni and complete_irradiance, by the names pvlib_peer.py reads. */
function closurePeerColumns(): Record<string, Float64Array> {
  const x = minutes();
  return { ghi: x.ghi, dhi: x.dhi, zenith: x.zenith, dniClear: x.dniClear };
}

/** A kt decomposition on a year of minutes, against pvlib's same function. */
function ktModel(
  name: string,
  fn: 'erbs_driesse' | 'orgill_hollands' | 'boland' | 'louche',
  model: typeof erbsDriesse,
): KernelBench {
  return {
    name: `${name} decomposition (a year at 1-minute steps)`,
    points: MINUTES,
    setup: () => void minutes(),
    run: () => {
      const x = minutes();
      const b = buffers();
      return model({ ghi: x.ghi, zenith: x.zenith, unixSeconds: x.times }, {}, { dni: b.dni, dhi: b.dhi, kt: b.kt });
    },
    peer: { fn, columns: () => ({ times: minutes().times, ghi: minutes().ghi, zenith: minutes().zenith }) },
  };
}

/** The same kt decomposition on ktColumns (inputs and outputs in the module's memory), against the same pvlib call. */
function ktModelOnColumns(
  name: string,
  fn: 'erbs_driesse' | 'orgill_hollands' | 'boland' | 'louche',
  model: typeof erbsDriesse,
): KernelBench {
  return {
    name: `${name} decomposition, on ktColumns (a year at 1-minute steps)`,
    points: MINUTES,
    setup: () => void ktKernelColumns(),
    run: () => {
      const c = ktKernelColumns();
      return model({ ghi: c.ghi, zenith: c.zenith, unixSeconds: c.unixSeconds }, {}, c);
    },
    peer: { fn, columns: () => ({ times: minutes().times, ghi: minutes().ghi, zenith: minutes().zenith }) },
  };
}

export const suite: BenchSuite = {
  name: 'sky-models',
  kernels: [
    ktModel('Erbs-Driesse', 'erbs_driesse', erbsDriesse),
    ktModel('Orgill-Hollands', 'orgill_hollands', orgillHollands),
    ktModel('Boland', 'boland', boland),
    ktModel('Louche', 'louche', louche),
    ktModelOnColumns('Erbs-Driesse', 'erbs_driesse', erbsDriesse),
    ktModelOnColumns('Orgill-Hollands', 'orgill_hollands', orgillHollands),
    ktModelOnColumns('Boland', 'boland', boland),
    ktModelOnColumns('Louche', 'louche', louche),
    {
      name: 'Campbell-Norman sky (a year at 1-minute steps)',
      points: MINUTES,
      setup: () => void minutes(),
      run: () => {
        const b = buffers();
        return campbellNorman(
          { zenith: minutes().zenith, transmittance: 0.75 },
          { ghi: b.ghi, dni: b.dni, dhi: b.dhi },
        );
      },
      peer: { fn: 'campbell_norman', columns: () => ({ zenith: minutes().zenith }), params: { transmittance: 0.75 } },
    },
    {
      name: 'dni from GHI and DHI, clear-sky limit (a year at 1-minute steps)',
      points: MINUTES,
      setup: () => void minutes(),
      run: () => {
        const x = minutes();
        return dni({ ghi: x.ghi, dhi: x.dhi, zenith: x.zenith, dniClear: x.dniClear }, {}, buffers().dni);
      },
      peer: {
        fn: 'dni',
        columns: () => {
          const x = minutes();
          return { ghi: x.ghi, dhi: x.dhi, zenith: x.zenith, dniClear: x.dniClear };
        },
      },
    },
    {
      name: 'completeIrradiance, DNI missing (a year at 1-minute steps)',
      points: MINUTES,
      setup: () => void minutes(),
      run: () => {
        const x = minutes();
        const b = buffers();
        return completeIrradiance(
          { solarZenith: x.zenith, ghi: x.ghi, dhi: x.dhi, dniClear: x.dniClear },
          { ghi: b.ghi, dhi: b.dhi, dni: b.dni },
        );
      },
      peer: {
        fn: 'complete_irradiance',
        columns: () => {
          const x = minutes();
          return { ghi: x.ghi, dhi: x.dhi, zenith: x.zenith, dniClear: x.dniClear };
        },
      },
    },
    {
      name: 'dni from GHI and DHI, clear-sky limit, on closureColumns (a year at 1-minute steps)',
      points: MINUTES,
      setup: () => void kernelColumns(),
      run: () => {
        const c = kernelColumns();
        return dni({ ghi: c.ghi, dhi: c.dhi, zenith: c.solarZenith, dniClear: c.dniClear }, {}, c.dni);
      },
      peer: { fn: 'dni', columns: closurePeerColumns },
    },
    {
      name: 'completeIrradiance, DNI missing, on closureColumns (a year at 1-minute steps)',
      points: MINUTES,
      setup: () => void kernelColumns(),
      run: () => {
        const c = kernelColumns();
        return completeIrradiance({ solarZenith: c.solarZenith, ghi: c.ghi, dhi: c.dhi, dniClear: c.dniClear }, c);
      },
      peer: { fn: 'complete_irradiance', columns: closurePeerColumns },
    },
    {
      name: 'DIRINDEX decomposition (a year at 1-minute steps)',
      points: MINUTES,
      setup: () => void minutes(),
      run: () => {
        const x = minutes();
        return dirindex(
          {
            ghi: x.ghi,
            ghiClear: x.ghiClear,
            dniClear: x.dniClear,
            zenith: x.zenith,
            unixSeconds: x.times,
          },
          {},
          buffers().dni,
        );
      },
      peer: {
        fn: 'dirindex',
        columns: () => {
          const x = minutes();
          return { times: x.times, ghi: x.ghi, ghiClear: x.ghiClear, dniClear: x.dniClear, zenith: x.zenith };
        },
      },
    },
    {
      name: 'GTI-DIRINT, Perez, 30 deg south (a year hourly)',
      points: HOURS,
      setup: () => void hours(),
      run: () => {
        const x = hours();
        return gtiDirint({
          poaGlobal: x.poaGlobal,
          aoi: x.aoi,
          solarZenith: x.zenith,
          solarAzimuth: x.solarAzimuth,
          unixSeconds: x.times,
          surfaceTilt: 30,
          surfaceAzimuth: 180,
        });
      },
      peer: {
        fn: 'gti_dirint',
        columns: () => {
          const x = hours();
          return { times: x.times, poaGlobal: x.poaGlobal, aoi: x.aoi, zenith: x.zenith, solarAzimuth: x.solarAzimuth };
        },
        params: { surfaceTilt: 30, surfaceAzimuth: 180 },
      },
    },
    {
      name: 'ghiFromPoaDriesse2024, 30 deg south (a year hourly)',
      points: HOURS,
      setup: () => void hours(),
      run: () => {
        const x = hours();
        return ghiFromPoaDriesse2024({
          surfaceTilt: 30,
          surfaceAzimuth: 180,
          solarZenith: x.zenith,
          solarAzimuth: x.solarAzimuth,
          poaGlobal: x.poaGlobal,
          dniExtra: x.dniExtra,
        });
      },
      peer: {
        fn: 'ghi_from_poa_driesse_2024',
        columns: () => {
          const x = hours();
          return sampled({
            zenith: x.zenith,
            solarAzimuth: x.solarAzimuth,
            poaGlobal: x.poaGlobal,
            dniExtra: x.dniExtra,
          });
        },
        sampleRows: Math.ceil(HOURS / PEER_SAMPLE_STEP),
        params: { surfaceTilt: 30, surfaceAzimuth: 180 },
      },
    },
  ],
};
