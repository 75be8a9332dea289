/**
 * The WebAssembly SIMD form of the single-axis tracker's rows (src/tracking/wasm/single-axis.wat):
 * this engine runs it, it gives the TypeScript kernel's doubles bit for bit on every path of the
 * kernel (tables or Math.cos/sin, backtracking, limits, stow, NaN rows, level or tilted axis, one-value
 * columns), and singleAxis falls back to the TypeScript kernel wherever the module cannot run. (That
 * the committed module is what the .wat compiles to: test/irradiance/wasm.test.ts, for every kernel.)
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type SingleAxisInput,
  type SingleAxisOptions,
  type SingleAxisResult,
  singleAxis,
  singleAxisKernelInUse,
} from '../../src/tracking/single-axis.js';
import { SINGLE_AXIS_WASM_BASE64 } from '../../src/tracking/wasm/single-axis.wasm.js';
import { instantiateWasm } from '../../src/util/wasm.js';
import { runs } from '../support/properties.js';
import { bitDifferences, enginesWithoutWasm, withWasmKernels } from '../support/wasm.js';

const KEYS = ['trackerTheta', 'aoi', 'surfaceTilt', 'surfaceAzimuth'] as const;

function trackWith(wasm: boolean, input: SingleAxisInput, options: SingleAxisOptions): SingleAxisResult {
  return withWasmKernels(wasm, () => singleAxis(input, options));
}

function expectSameDoubles(input: SingleAxisInput, options: SingleAxisOptions): void {
  const reference = trackWith(false, input, options);
  const simd = trackWith(true, input, options);
  expect(bitDifferences(reference, simd, KEYS)).toEqual([]);
}

/** A deterministic sun track: zenith -5..120 deg, azimuth 0..360 deg, DNI -50..1000 W/m2. */
function series(n: number, seed: number): { zenith: Float64Array; azimuth: Float64Array; dni: Float64Array } {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296;
  const zenith = new Float64Array(n);
  const azimuth = new Float64Array(n);
  const dni = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    zenith[i] = 125 * next() - 5;
    azimuth[i] = 360 * next();
    dni[i] = 1050 * next() - 50;
  }
  return { zenith, azimuth, dni };
}

describe('single-axis tracking in WebAssembly', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('runs in this engine, so that the comparisons below compare two kernels', () => {
    expect(singleAxisKernelInUse()).toBe('wasm');
    expect(withWasmKernels(false, singleAxisKernelInUse)).toBe('typescript');
  });

  it('gives the same doubles as the TypeScript kernel for any inputs, options and lengths', () => {
    // Rows: plausible angles, the kernel's edges (0, 90, 360, just outside the tables, multiples of
    // 90 where the tables are exact) and what it must pass through (NaN, -0, infinities, far
    // outside [0, 360], which takes Math.cos and Math.sin).
    const edges = fc.constantFrom(0, -0, 90, 180, 270, 360, 360.0000001, -1e-300, 89.99999999, 90.00000001, 1e300);
    const missing = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    const zenithValue = fc.oneof(
      fc.double({ min: 0, max: 90, noNaN: true }),
      fc.double({ min: -100, max: 200, noNaN: true }),
      edges,
    );
    const azimuthValue = fc.oneof(
      fc.double({ min: 0, max: 360, noNaN: true }),
      fc.double({ min: -1000, max: 1000, noNaN: true }),
      edges,
    );
    const dniValue = fc.oneof(fc.double({ min: -10, max: 1000, noNaN: true }), fc.constantFrom(0, -0, 5, 50));
    const row = (value: fc.Arbitrary<number>) =>
      fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: missing });
    // A one-value column must be finite (singleAxis checks it); rows of an array column may be anything.
    const column = (value: fc.Arbitrary<number>, n: number) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.array(row(value), { minLength: n, maxLength: n }).map((a) => Float64Array.from(a)) },
        { weight: 1, arbitrary: value.filter(Number.isFinite) },
      );
    const angle = (min: number, max: number) =>
      fc.oneof(fc.double({ min, max, noNaN: true }), fc.constantFrom(0, min, max));
    const options = fc.record(
      {
        axisTilt: angle(-90, 90),
        axisAzimuth: fc.oneof(angle(-720, 720), fc.constantFrom(90, 180, 270)),
        maxAngle: fc.oneof(
          angle(0, 180),
          fc
            .tuple(angle(-180, 180), angle(-180, 180))
            .map(([a, b]) => (a <= b ? ([a, b] as const) : ([b, a] as const))),
        ),
        backtrack: fc.boolean(),
        gcr: fc.oneof(fc.double({ min: 0.01, max: 1, noNaN: true }), fc.constantFrom(1, 0.35)),
        crossAxisTilt: angle(-60, 60),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 41 }).chain((n) =>
          fc.record({
            zenith: column(zenithValue, n),
            azimuth: column(azimuthValue, n),
            stow: fc.option(
              fc.record({
                dni: column(dniValue, n),
                dniThreshold: fc.option(fc.double({ min: -10, max: 100, noNaN: true }), { nil: undefined }),
              }),
              { nil: undefined },
            ),
          }),
        ),
        options,
        ({ zenith, azimuth, stow }, opts) => {
          const diffuseStow =
            stow === undefined
              ? undefined
              : stow.dniThreshold === undefined
                ? { dni: stow.dni }
                : { dni: stow.dni, dniThreshold: stow.dniThreshold };
          expectSameDoubles(
            { apparentZenith: zenith, solarAzimuth: azimuth },
            diffuseStow === undefined ? opts : { ...opts, diffuseStow },
          );
        },
      ),
      { numRuns: runs(400) },
    );
  });

  it('gives the same doubles over block seams (1024 rows), the odd last pair, and each path', () => {
    const trackers: SingleAxisOptions[] = [
      { axisAzimuth: 180, maxAngle: 60, backtrack: true, gcr: 0.35 },
      { axisTilt: 20, axisAzimuth: 195, maxAngle: [-45, 55], backtrack: true, gcr: 0.5, crossAxisTilt: 8 },
      { axisTilt: -10, axisAzimuth: 90, maxAngle: 90, backtrack: false },
      { axisAzimuth: 0, maxAngle: [10, 40], gcr: 0.9 },
    ];
    for (const n of [1, 2, 3, 1023, 1024, 1025, 2047, 2049, 4097, 20_001]) {
      const { zenith, azimuth, dni } = series(n, n);
      for (const options of trackers) {
        expectSameDoubles({ apparentZenith: zenith, solarAzimuth: azimuth }, options);
        expectSameDoubles(
          { apparentZenith: zenith, solarAzimuth: azimuth },
          { ...options, diffuseStow: { dni, dniThreshold: 120 } },
        );
        expectSameDoubles({ apparentZenith: 40, solarAzimuth: azimuth }, { ...options, diffuseStow: { dni: 100 } });
        expectSameDoubles({ apparentZenith: zenith, solarAzimuth: 250 }, options);
      }
    }
  });

  it('keeps the pvlib example through the WebAssembly form', () => {
    // The doc example of singleAxis: pvlib.tracking.singleaxis(30, 110, 0, 180, 60, True, 0.35)
    // gives theta -28.48123828, aoi 9.84655194, tilt 28.48123828 and azimuth 90 (pvlib-python, the reference).
    const t = singleAxis(
      { apparentZenith: Float64Array.of(30, 95), solarAzimuth: Float64Array.of(110, 110) },
      { axisAzimuth: 180, maxAngle: 60, backtrack: true, gcr: 0.35 },
    );
    expect(singleAxisKernelInUse()).toBe('wasm');
    expect(t.trackerTheta[0]).toBeCloseTo(-28.48123828, 7);
    expect(t.aoi[0]).toBeCloseTo(9.84655194, 7);
    expect(t.surfaceTilt[0]).toBeCloseTo(28.48123828, 7);
    expect(t.surfaceAzimuth[0]).toBe(90);
    expect(Array.from(t.aoi.subarray(1))).toEqual([Number.NaN]);
  });

  it('stays under the 4096 bytes that browsers compile synchronously on the main thread', () => {
    // util/wasm.ts compiles every kernel synchronously; a larger module needs an asynchronous load.
    expect(atob(SINGLE_AXIS_WASM_BASE64).length).toBeLessThan(4096);
  });

  it('loads nothing where a module import is missing', () => {
    expect(instantiateWasm(SINGLE_AXIS_WASM_BASE64, { js: { cos: Math.cos, sin: Math.sin } })).not.toBeNull();
    expect(instantiateWasm(SINGLE_AXIS_WASM_BASE64, { js: { cos: Math.cos } })).toBeNull();
  });

  it('singleAxis falls back to the TypeScript kernel, same doubles, where the module cannot run', async () => {
    const { zenith, azimuth } = series(5001, 7);
    const options = { axisAzimuth: 180, maxAngle: 60, backtrack: true, gcr: 0.35 };
    const reference = trackWith(false, { apparentZenith: zenith, solarAzimuth: azimuth }, options);
    for (const [name, engine] of Object.entries(enginesWithoutWasm())) {
      vi.resetModules();
      vi.stubGlobal('WebAssembly', engine);
      // A fresh copy of the module, which tries to load its kernel on first use in this engine.
      const fresh = await import('../../src/tracking/single-axis.js');
      const r = fresh.singleAxis({ apparentZenith: zenith, solarAzimuth: azimuth }, options);
      expect(fresh.singleAxisKernelInUse(), name).toBe('typescript');
      expect(bitDifferences(reference, r, KEYS), name).toEqual([]);
      vi.unstubAllGlobals();
    }
  });
});
