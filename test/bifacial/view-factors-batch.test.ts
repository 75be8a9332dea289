import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TILT_VALUES, tiltViewFactors, viewFactorsKernelInUse } from '../../src/bifacial/view-factors-batch.js';
import {
  groundSkyMaxRows,
  vfGroundSkyIntegrated,
  vfRowGroundIntegrated,
  vfRowSkyIntegrated,
} from '../../src/bifacial/view-factors.js';
import { runs } from '../support/properties.js';
import { enginesWithoutWasm, withWasmKernels } from '../support/wasm.js';

const DEG = Math.PI / 180;

interface Geometry {
  gcr: number;
  height: number;
  pitch: number;
}

/** tiltViewFactors of `tilts` with the WebAssembly kernels on or off. */
function batch(enabled: boolean, tilts: readonly number[], g: Geometry): Float64Array {
  const out = new Float64Array(TILT_VALUES * tilts.length);
  const maxRows = groundSkyMaxRows(g.height, g.pitch);
  withWasmKernels(enabled, () =>
    tiltViewFactors(Float64Array.from(tilts), tilts.length, g.gcr, g.height, g.pitch, maxRows, out),
  );
  return out;
}

/** The ten values of one tilt from the public, checked functions, one call each. */
function oneByOne(tilt: number, g: Geometry): number[] {
  const back = 180 - tilt;
  const maxRows = groundSkyMaxRows(g.height, g.pitch);
  return [
    vfRowSkyIntegrated(tilt, g.gcr),
    vfRowGroundIntegrated(tilt, g.gcr),
    vfGroundSkyIntegrated(tilt, g.gcr, g.height, g.pitch, maxRows),
    vfRowSkyIntegrated(back, g.gcr),
    vfRowGroundIntegrated(back, g.gcr),
    vfGroundSkyIntegrated(back, g.gcr, g.height, g.pitch, maxRows),
    Math.cos(tilt * DEG),
    Math.sin(tilt * DEG),
    Math.cos(back * DEG),
    Math.sin(back * DEG),
  ];
}

/** Indices where two arrays differ in any bit (NaN equals NaN, 0 differs from -0). */
function bitDifferences(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const found: number[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (!Object.is(a[i], b[i])) found.push(i);
  return found;
}

// Tilts of a tracker and their edges: 0 and 180 (the rear of a flat row, nudged by rowGroundVf),
// 90, a hair from each, and plain doubles of [0, 180].
const tilt = fc.oneof(
  fc.constantFrom(0, -0, 90, 180, 1e-300, 5e-324, 1e-9, 179.9999, 179.99995, 180 - 1e-12, 89.999999),
  fc.double({ min: 0, max: 180, noNaN: true }),
);
// Rows from sparse to touching, high above the ground to lying on it (rows reaching the ground
// take the TypeScript branch of groundSkyVf), pitches of a few units.
const geometry = fc.record({
  gcr: fc.oneof(fc.constantFrom(1, 0.4, 1e-3), fc.double({ min: 0.01, max: 1, noNaN: true })),
  height: fc.oneof(fc.constantFrom(0, 1.5), fc.double({ min: 0, max: 10, noNaN: true })),
  pitch: fc.double({ min: 0.5, max: 20, noNaN: true }),
});

describe('tiltViewFactors (WebAssembly groundSkyVf)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('runs in this engine, so that the comparisons below compare two kernels', () => {
    expect(viewFactorsKernelInUse()).toBe('wasm');
    expect(withWasmKernels(false, viewFactorsKernelInUse)).toBe('typescript');
  });

  it('gives the doubles of the TypeScript, and of the public functions one call at a time, bit for bit', () => {
    fc.assert(
      fc.property(fc.array(tilt, { minLength: 1, maxLength: 9 }), geometry, (tilts, g) => {
        const wasm = batch(true, tilts, g);
        expect(bitDifferences(wasm, batch(false, tilts, g))).toEqual([]);
        const single = tilts.flatMap((t) => oneByOne(t, g));
        expect(bitDifferences(wasm, single)).toEqual([]);
      }),
      { numRuns: runs(300) },
    );
  });

  it('fills blocks of the module end to end: 5,000 tilts, an odd count, as a tracker year has', () => {
    const tilts = Array.from({ length: 5001 }, (_, i) => (i * 60.123) / 5001);
    for (const g of [
      { gcr: 0.4, height: 1.5, pitch: 5 },
      { gcr: 0.9, height: 0.3, pitch: 2 },
    ]) {
      const wasm = batch(true, tilts, g);
      expect(bitDifferences(wasm, batch(false, tilts, g))).toEqual([]);
      expect(wasm.every((v) => Number.isFinite(v))).toBe(true);
    }
  });

  it('a NaN tilt gives what the public functions give (NaN cosines); one out of [0, 180] throws as they do', () => {
    const g = { gcr: 0.4, height: 1.5, pitch: 5 };
    for (const enabled of [true, false]) {
      const out = batch(enabled, [30, Number.NaN, 40], g);
      expect(Number.isNaN(out[TILT_VALUES + 6])).toBe(true);
      expect(bitDifferences(out.subarray(TILT_VALUES, 2 * TILT_VALUES), oneByOne(Number.NaN, g))).toEqual([]);
      expect(bitDifferences(out.subarray(0, TILT_VALUES), oneByOne(30, g))).toEqual([]);
      expect(bitDifferences(out.subarray(2 * TILT_VALUES), oneByOne(40, g))).toEqual([]);
      // The rear of a tilt of -90 would be 270 degrees.
      expect(() => batch(enabled, [30, -90], g)).toThrow(/vfRowSkyIntegrated: surfaceTilt .*got 270/);
      expect(() => batch(enabled, [190], g)).toThrow(/vfRowSkyIntegrated: surfaceTilt .*got 190/);
    }
  });

  it('falls back to the TypeScript, same doubles, where the module cannot run', async () => {
    const tilts = [0, 12.5, 33, 60, 90, 179.99999, 180];
    const g = { gcr: 0.4, height: 1.5, pitch: 5 };
    const reference = batch(true, tilts, g);
    for (const [name, engine] of Object.entries(enginesWithoutWasm())) {
      vi.resetModules();
      vi.stubGlobal('WebAssembly', engine);
      const fresh = await import('../../src/bifacial/view-factors-batch.js');
      const out = new Float64Array(TILT_VALUES * tilts.length);
      fresh.tiltViewFactors(Float64Array.from(tilts), tilts.length, g.gcr, g.height, g.pitch, 4, out);
      expect(fresh.viewFactorsKernelInUse(), name).toBe('typescript');
      expect(bitDifferences(out, reference), name).toEqual([]);
      vi.unstubAllGlobals();
    }
  });
});
