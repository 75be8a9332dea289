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
import { kingSkyDiffuse, klucherSkyDiffuse, reindlSkyDiffuse } from '../../src/irradiance/index.js';
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
    const value = fc.oneof(
      fc.double({ min: -30, max: 400, noNaN: true }),
      fc.double({ min: 0, max: 1400, noNaN: true }),
      fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 90, 180, 360, 1e300),
    );
    const row = fc.record({ z: value, sa: value, d: value, g: value, b: value, ex: value, night: fc.boolean() });
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: -10, max: 190, noNaN: true }), fc.constantFrom(0, -0, 90, 180)),
        fc.oneof(fc.double({ min: -400, max: 800, noNaN: true }), fc.constantFrom(0, 180, 360)),
        fc.array(row, { minLength: 1, maxLength: 41 }),
        fc.boolean(),
        (tilt, azimuth, rows, inPlace) => {
          const col = (pick: (r: (typeof rows)[number]) => number) => Float64Array.from(rows, pick);
          const sky: Sky = {
            solarZenith: col((r) => r.z),
            solarAzimuth: col((r) => r.sa),
            dhi: col((r) => r.d),
            ghi: col((r) => (r.night ? 0 : r.g)),
            dni: col((r) => (r.night ? 0 : r.b)),
            dniExtra: col((r) => r.ex),
          };
          expectSameDoubles(sky, tilt, azimuth, inPlace);
        },
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
