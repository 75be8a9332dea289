/**
 * The WebAssembly SIMD form of the fixed-plane Klucher, Reindl and King loops
 * (src/irradiance/wasm/sky-diffuse.wat): this engine runs it, and it gives the TypeScript loops'
 * doubles bit for bit (the kernels switched off by setWasmKernels give the reference), on every
 * path: the night's shortcut in both lanes or one, angles outside the tables, NaN, signed zeros,
 * infinities, block seams, the odd last pair and output in place. The committed module matching
 * its .wat is checked in wasm.test.ts for every kernel of scripts/build-wasm.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kingSkyDiffuse, klucherSkyDiffuse, reindlSkyDiffuse, skyDiffuseColumns } from '../../src/irradiance/index.js';
import { SKY_DIFFUSE_WASM_BASE64 } from '../../src/irradiance/wasm/sky-diffuse.wasm.js';
import { instantiateWasm } from '../../src/util/wasm.js';
import { runs } from '../support/properties.js';
import { bitDifferences, withWasmKernels } from '../support/wasm.js';

interface Sky {
  solarZenith: Float64Array;
  solarAzimuth: Float64Array;
  dhi: Float64Array;
  ghi: Float64Array;
  dni: Float64Array;
  dniExtra: Float64Array;
}

const copy = (x: Sky): Sky => ({
  solarZenith: x.solarZenith.slice(),
  solarAzimuth: x.solarAzimuth.slice(),
  dhi: x.dhi.slice(),
  ghi: x.ghi.slice(),
  dni: x.dni.slice(),
  dniExtra: x.dniExtra.slice(),
});

/**
 * Rows of any values (ordinary, zero of either sign, NaN, infinite, on the tables' ends, huge; some
 * nights with GHI = DNI = 0) on a plane of any tilt and azimuth, inside and outside the tables.
 */
const skyValue = fc.oneof(
  fc.double({ min: -30, max: 400, noNaN: true }),
  fc.double({ min: 0, max: 1400, noNaN: true }),
  fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 90, 180, 360, 1e300),
);
const skyRow = fc.record({
  z: skyValue,
  sa: skyValue,
  d: skyValue,
  g: skyValue,
  b: skyValue,
  ex: skyValue,
  night: fc.boolean(),
});
const skyOnPlane = fc
  .tuple(
    fc.oneof(fc.double({ min: -10, max: 190, noNaN: true }), fc.constantFrom(0, -0, 90, 180)),
    fc.oneof(fc.double({ min: -400, max: 800, noNaN: true }), fc.constantFrom(0, 180, 360)),
    fc.array(skyRow, { minLength: 1, maxLength: 41 }),
  )
  .map(([tilt, azimuth, rows]) => {
    const col = (pick: (r: (typeof rows)[number]) => number) => Float64Array.from(rows, pick);
    const sky: Sky = {
      solarZenith: col((r) => r.z),
      solarAzimuth: col((r) => r.sa),
      dhi: col((r) => r.d),
      ghi: col((r) => (r.night ? 0 : r.g)),
      dni: col((r) => (r.night ? 0 : r.b)),
      dniExtra: col((r) => r.ex),
    };
    return { sky, tilt, azimuth };
  });

/** Klucher, Reindl and King with the kernels on and off agree in every bit; `inPlace` writes over the DHI. */
function expectSameDoubles(sky: Sky, surfaceTilt: number, surfaceAzimuth: number, inPlace = false): void {
  const klucher = (wasm: boolean) =>
    withWasmKernels(wasm, () => {
      const x = copy(sky);
      return klucherSkyDiffuse({ ...x, surfaceTilt, surfaceAzimuth }, inPlace ? x.dhi : undefined);
    });
  expect(bitDifferences({ sky: klucher(false) }, { sky: klucher(true) }, ['sky']), 'klucher').toEqual([]);
  const reindl = (wasm: boolean) =>
    withWasmKernels(wasm, () => {
      const x = copy(sky);
      return reindlSkyDiffuse({ ...x, surfaceTilt, surfaceAzimuth }, inPlace ? { poaSkyDiffuse: x.dhi } : undefined);
    });
  const keys = ['poaSkyDiffuse', 'poaIsotropic', 'poaCircumsolar', 'poaHorizon'] as const;
  expect(bitDifferences(reindl(false), reindl(true), keys), 'reindl').toEqual([]);
  const king = (wasm: boolean) =>
    withWasmKernels(wasm, () => {
      const x = copy(sky);
      return kingSkyDiffuse({ ...x, surfaceTilt }, inPlace ? x.dhi : undefined);
    });
  expect(bitDifferences({ sky: king(false) }, { sky: king(true) }, ['sky']), 'king').toEqual([]);
}

/** A deterministic sky of n rows: sun above and below the horizon, night rows of zeros, clouds. */
function series(n: number, seed: number): Sky {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296;
  const sky: Sky = {
    solarZenith: new Float64Array(n),
    solarAzimuth: new Float64Array(n),
    dhi: new Float64Array(n),
    ghi: new Float64Array(n),
    dni: new Float64Array(n),
    dniExtra: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const z = 170 * next();
    const night = z > 90 || next() < 0.2;
    sky.solarZenith[i] = z;
    sky.solarAzimuth[i] = 360 * next();
    sky.dhi[i] = night ? 0 : 300 * next();
    sky.ghi[i] = night ? 0 : sky.dhi[i]! + 900 * next();
    sky.dni[i] = night ? 0 : 1000 * next();
    sky.dniExtra[i] = 1320 + 90 * next();
  }
  return sky;
}

describe('Klucher, Reindl and King on a fixed plane in WebAssembly', () => {
  it('the module instantiates in this engine, so that the comparisons compare two kernels', () => {
    expect(instantiateWasm(SKY_DIFFUSE_WASM_BASE64, { js: { cos: Math.cos, sin: Math.sin } })).not.toBeNull();
  });

  it('gives the same doubles as the TypeScript loops for any rows and planes', () => {
    fc.assert(
      fc.property(skyOnPlane, fc.boolean(), ({ sky, tilt, azimuth }, inPlace) =>
        expectSameDoubles(sky, tilt, azimuth, inPlace),
      ),
      { numRuns: runs(300) },
    );
  });

  it('gives the same doubles over block seams (4096 rows) and the odd last pair, in place too', () => {
    for (const n of [1, 2, 3, 4095, 4096, 4097, 8193, 20_001]) {
      const sky = series(n, n);
      expectSameDoubles(sky, 30, 180);
      expectSameDoubles(sky, 75, 250, true);
    }
  });
});

const PARTS = ['poaSkyDiffuse', 'poaIsotropic', 'poaCircumsolar', 'poaHorizon'] as const;

/**
 * Klucher, Reindl and King on the columns of a skyDiffuseColumns allocation give the ordinary
 * path's doubles (the TypeScript loops, kernels off) in every bit; `own` fills the allocation's
 * input columns and passes them, else the models are given the foreign columns and copy them in.
 */
function expectSameOnColumns(sky: Sky, surfaceTilt: number, surfaceAzimuth: number, own: boolean): void {
  const n = sky.dhi.length;
  const columns = skyDiffuseColumns(n);
  for (const name of ['solarZenith', 'solarAzimuth', 'dhi', 'ghi', 'dni', 'dniExtra'] as const) {
    if (own) columns[name].set(sky[name]);
  }
  const inputs: Sky = own ? columns : sky;
  const plane = { surfaceTilt, surfaceAzimuth };
  const reference = withWasmKernels(false, () => ({
    klucher: klucherSkyDiffuse({ ...copy(sky), ...plane }),
    reindl: reindlSkyDiffuse({ ...copy(sky), ...plane }),
    king: kingSkyDiffuse({ ...copy(sky), surfaceTilt }),
  }));
  const klucher = klucherSkyDiffuse({ ...inputs, ...plane }, columns.poaSkyDiffuse);
  expect(klucher).toBe(columns.poaSkyDiffuse);
  expect(bitDifferences({ sky: reference.klucher }, { sky: klucher.slice() }, ['sky']), 'klucher').toEqual([]);
  const king = kingSkyDiffuse({ ...inputs, surfaceTilt }, columns.poaSkyDiffuse);
  expect(bitDifferences({ sky: reference.king }, { sky: king.slice() }, ['sky']), 'king').toEqual([]);
  const reindl = reindlSkyDiffuse({ ...inputs, ...plane }, columns);
  expect(reindl.poaHorizon).toBe(columns.poaHorizon);
  expect(bitDifferences(reference.reindl, reindl, PARTS), 'reindl').toEqual([]);
}

describe('skyDiffuseColumns: Klucher, Reindl and King in the module memory, without copies', () => {
  it('gives the same doubles as the ordinary path for any rows and planes, own or foreign inputs', () => {
    fc.assert(
      fc.property(skyOnPlane, fc.boolean(), ({ sky, tilt, azimuth }, own) =>
        expectSameOnColumns(sky, tilt, azimuth, own),
      ),
      { numRuns: runs(200) },
    );
  });

  it('gives the same doubles on odd and even lengths past a block, NaN rows giving NaN', () => {
    for (const n of [1, 2, 3, 4097, 20_001]) {
      const sky = series(n, 7 * n);
      sky.dhi[n - 1] = Number.NaN;
      expectSameOnColumns(sky, 30, 180, true);
      expectSameOnColumns(sky, 75, 250, false);
      const columns = skyDiffuseColumns(n);
      for (const name of ['solarZenith', 'solarAzimuth', 'dhi', 'ghi', 'dni', 'dniExtra'] as const) {
        columns[name].set(sky[name]);
      }
      const { poaSkyDiffuse } = reindlSkyDiffuse({ ...columns, surfaceTilt: 30, surfaceAzimuth: 180 }, columns);
      expect(poaSkyDiffuse[n - 1]).toBeNaN();
      expect(kingSkyDiffuse({ ...columns, surfaceTilt: 30 }, columns.poaSkyDiffuse)[n - 1]).toBeNaN();
    }
  });

  it('allocations are independent; numbers fill the columns; partial or foreign outputs take the copying path', () => {
    const n = 9;
    const sky = series(n, 3);
    const a = skyDiffuseColumns(n);
    const b = skyDiffuseColumns(n);
    a.dhi.set(sky.dhi);
    b.dhi.fill(1);
    expect(Array.from(a.dhi)).toEqual(Array.from(sky.dhi));
    const plane = { surfaceTilt: 20, surfaceAzimuth: 170, solarZenith: 50, solarAzimuth: 150, ghi: 500 };
    const onA = klucherSkyDiffuse({ ...plane, dhi: a.dhi }, a.poaSkyDiffuse);
    const plain = withWasmKernels(false, () => klucherSkyDiffuse({ ...plane, dhi: sky.dhi }));
    expect(bitDifferences({ sky: plain }, { sky: onA.slice() }, ['sky'])).toEqual([]);
    expect(Array.from(a.solarZenith)).toEqual(new Array(n).fill(50));
    expect(Array.from(b.poaSkyDiffuse)).toEqual(new Array(n).fill(0));
    // Reindl given only the allocation's sky column: its own parts, the copying path, the same doubles.
    const input = { ...copy(sky), surfaceTilt: 40, surfaceAzimuth: 200 };
    const partial = reindlSkyDiffuse(input, { poaSkyDiffuse: b.poaSkyDiffuse });
    const reference = withWasmKernels(false, () => reindlSkyDiffuse(input));
    expect(bitDifferences(reference, partial, PARTS)).toEqual([]);
    expect(() => klucherSkyDiffuse({ ...plane, dhi: sky.dhi.subarray(1) }, a.poaSkyDiffuse)).toThrow(RangeError);
    // DHI given as the allocation's GHI column and GHI as its DHI column: copies would cross, so
    // the copying path, with the doubles of the inputs.
    a.ghi.set(sky.dhi);
    a.dhi.set(sky.ghi);
    const crossedInput = { ...copy(sky), dhi: a.ghi, ghi: a.dhi, surfaceTilt: 35, surfaceAzimuth: 190 };
    const expected = withWasmKernels(false, () => ({
      klucher: klucherSkyDiffuse({ ...crossedInput, dhi: sky.dhi.slice(), ghi: sky.ghi.slice() }),
      king: kingSkyDiffuse({ ...crossedInput, dhi: sky.dhi.slice(), ghi: sky.ghi.slice() }),
      reindl: reindlSkyDiffuse({ ...crossedInput, dhi: sky.dhi.slice(), ghi: sky.ghi.slice() }),
    }));
    const klucher = klucherSkyDiffuse(crossedInput, a.poaSkyDiffuse).slice();
    expect(bitDifferences({ sky: expected.klucher }, { sky: klucher }, ['sky']), 'klucher').toEqual([]);
    const king = kingSkyDiffuse(crossedInput, a.poaSkyDiffuse).slice();
    expect(bitDifferences({ sky: expected.king }, { sky: king }, ['sky']), 'king').toEqual([]);
    expect(bitDifferences(expected.reindl, reindlSkyDiffuse(crossedInput, a), PARTS), 'reindl').toEqual([]);
    expect(Array.from(a.ghi)).toEqual(Array.from(sky.dhi));
  });

  it('checks its length, and gives plain columns (the TypeScript loops, same doubles) with the kernels off', () => {
    expect(() => skyDiffuseColumns(-1)).toThrow(RangeError);
    expect(() => skyDiffuseColumns(1.5)).toThrow(/skyDiffuseColumns: rows must be a whole number/);
    expect(skyDiffuseColumns(0).poaHorizon.length).toBe(0);
    const sky = series(101, 5);
    const off = withWasmKernels(false, () => {
      const columns = skyDiffuseColumns(101);
      expect(columns.dhi.buffer.byteLength).toBe(101 * 8);
      return reindlSkyDiffuse({ ...sky, surfaceTilt: 30, surfaceAzimuth: 180 }, columns);
    });
    const on = reindlSkyDiffuse({ ...sky, surfaceTilt: 30, surfaceAzimuth: 180 }, skyDiffuseColumns(101));
    expect(bitDifferences(off, on, PARTS)).toEqual([]);
  });
});
