/**
 * The WebAssembly SIMD forms of the SAPM loop (src/pv/wasm/sapm.wat) and of the Sandia inverter's
 * loop (src/pv/wasm/sandia-inverter.wat): this engine runs them, they give the TypeScript loops'
 * doubles bit for bit (night, NaN, negative and subnormal irradiance, infinities, clipping, the
 * tare, odd lengths and shared output buffers), and sapm and sandiaInverter fall back to the
 * TypeScript loops where the modules cannot run. (That the committed modules are what the .wat
 * files compile to is checked with every kernel in test/irradiance/wasm.test.ts.)
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sandiaInverter, sandiaKernelInUse } from '../../src/pv/inverter.js';
import type { SandiaInverterParameters, SapmModuleParameters } from '../../src/pv/parameters.js';
import { type SapmResult, sapm, sapmColumns, sapmKernelInUse } from '../../src/pv/sapm.js';
import { setWasmKernels } from '../../src/util/wasm.js';
import { ABB_MICRO, CS5P_220M } from '../support/pv-parameters.js';
import { runs } from '../support/properties.js';
import { bitDifferences, withWasmKernels } from '../support/wasm.js';

// The library's CS5P-220M with irradiance-dependent voltage coefficients (0 in the library), so
// that the kernels' Mbvoc and Mbvmp terms are exercised too.
const MODULE: SapmModuleParameters = { ...CS5P_220M, mbvoc: 0.0012, mbvmp: -0.0008 };
const INVERTER: SandiaInverterParameters = ABB_MICRO;
const SAPM_KEYS = ['iSc', 'iMp', 'vOc', 'vMp', 'pMp', 'iX', 'iXx'] as const;

/** Values a column of irradiance (W/m2), temperature (C), DC voltage or power takes, edges included. */
const SPECIAL = [0, -0, -1, 1e-310, 5e-324, 2.2250738585072014e-308, 1e-300, 1e300, Infinity, -Infinity, Number.NaN];

/** n deterministic rows: a value of `scale` spread, with one row in `specialEvery` from SPECIAL. */
function column(n: number, seed: number, scale: number, specialEvery: number): Float64Array {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296;
  const c = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    c[i] =
      next() * specialEvery < 1 ? SPECIAL[Math.floor(next() * SPECIAL.length)]! : next() < 0.4 ? 0 : scale * next();
  }
  return c;
}

describe('SAPM and Sandia inverter loops in WebAssembly', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('run in this engine, so that the comparisons below compare two loops', () => {
    expect(sapmKernelInUse()).toBe('wasm');
    expect(sandiaKernelInUse()).toBe('wasm');
    const before = setWasmKernels(false);
    expect(sapmKernelInUse()).toBe('typescript');
    expect(sandiaKernelInUse()).toBe('typescript');
    setWasmKernels(before);
  });

  it('sapm gives the same doubles as the TypeScript loop', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_000 }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom(4, 40, 1e9),
        fc.double({ min: 0.5, max: 1.5, noNaN: true }),
        fc.oneof(fc.constant(undefined), fc.double({ min: 1, max: 2000, noNaN: true })),
        (n, seed, specialEvery, jitter, irradianceRef) => {
          const input = {
            effectiveIrradiance: column(n, seed, 1500, specialEvery),
            tempCell: column(n, seed + 1, 125, specialEvery).map((t) => t - 40),
          };
          const module = { ...MODULE, c3: MODULE.c3 * jitter, mbvoc: MODULE.mbvoc * jitter, irradianceRef };
          const ts = withWasmKernels(false, () => sapm(input, module));
          const wasm = withWasmKernels(true, () => sapm(input, module));
          expect(bitDifferences<keyof SapmResult>(ts, wasm, SAPM_KEYS)).toEqual([]);
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('sapm gives the same doubles with scalar inputs and output columns that share one buffer', () => {
    const n = 4097;
    const input = { effectiveIrradiance: column(n, 5, 1200, 10), tempCell: 30 };
    const shared = () => {
      const b = new Float64Array(n);
      return { iSc: b, iMp: b, vOc: b, vMp: b, pMp: b, iX: b, iXx: b };
    };
    const ts = withWasmKernels(false, () => sapm(input, MODULE, shared()));
    const wasm = withWasmKernels(true, () => sapm(input, MODULE, shared()));
    expect(bitDifferences<keyof SapmResult>(ts, wasm, SAPM_KEYS)).toEqual([]);
    const scalar = { effectiveIrradiance: 800, tempCell: 45 };
    expect(
      bitDifferences<keyof SapmResult>(
        withWasmKernels(false, () => sapm(scalar, MODULE)),
        withWasmKernels(true, () => sapm(scalar, MODULE)),
        SAPM_KEYS,
      ),
    ).toEqual([]);
  });

  it('sapm writes the columns of sapmColumns in place, the same doubles, with inputs of any kind', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_000 }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom(4, 40, 1e9),
        fc.constantFrom('own', 'other', 'scalar temperature'),
        (n, seed, specialEvery, inputs) => {
          const e = column(n, seed, 1500, specialEvery);
          const t = column(n, seed + 1, 125, specialEvery).map((v) => v - 40);
          const reference = withWasmKernels(false, () => sapm({ effectiveIrradiance: e, tempCell: t }, MODULE));
          const columns = sapmColumns(n);
          // Garbage in the outputs (and past the last row of an odd length) must not leak into results.
          for (const key of SAPM_KEYS) columns[key].fill(Number.NaN);
          let input: { effectiveIrradiance: Float64Array | number; tempCell: Float64Array | number };
          if (inputs === 'own') {
            columns.effectiveIrradiance.set(e);
            columns.tempCell.set(t);
            input = { effectiveIrradiance: columns.effectiveIrradiance, tempCell: columns.tempCell };
          } else if (inputs === 'other') input = { effectiveIrradiance: e, tempCell: t };
          else input = { effectiveIrradiance: e, tempCell: -5 };
          const result = withWasmKernels(true, () => sapm(input, MODULE, columns));
          for (const key of SAPM_KEYS) expect(result[key]).toBe(columns[key]);
          // The in-place path copies other input columns into the allocation's own (the copying path leaves them).
          expect(columns.effectiveIrradiance).toEqual(e);
          const expected =
            inputs === 'scalar temperature'
              ? withWasmKernels(false, () => sapm({ effectiveIrradiance: e, tempCell: -5 }, MODULE))
              : reference;
          expect(bitDifferences<keyof SapmResult>(expected, result, SAPM_KEYS)).toEqual([]);
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it('sapmColumns: allocations are independent and stay valid; partial or foreign outputs take the copying path', () => {
    const n = 777;
    const e = column(n, 11, 1200, 30);
    const t = column(n, 12, 100, 30).map((v) => v - 30);
    const reference = withWasmKernels(false, () => sapm({ effectiveIrradiance: e, tempCell: t }, MODULE));
    const a = sapmColumns(n);
    const b = sapmColumns(n);
    const later = Array.from({ length: 20 }, () => sapmColumns(5000));
    sapm({ effectiveIrradiance: e, tempCell: t }, MODULE, a);
    sapm({ effectiveIrradiance: new Float64Array(n), tempCell: 20 }, MODULE, b);
    expect(later[19]!.pMp.length).toBe(5000);
    expect(a.pMp.length).toBe(n);
    expect(bitDifferences<keyof SapmResult>(reference, a, SAPM_KEYS)).toEqual([]);
    expect(Array.from(b.pMp).every((v) => v === 0)).toBe(true);
    // a's outputs with one column of b's: not one allocation, so the block path with its copies.
    const mixed = { ...a, pMp: b.pMp };
    const result = sapm({ effectiveIrradiance: e, tempCell: t }, MODULE, mixed);
    expect(bitDifferences<keyof SapmResult>(reference, result, SAPM_KEYS)).toEqual([]);
    expect(result.pMp).toBe(b.pMp);
    // The irradiance given as the allocation's temperature column and the temperature as its
    // irradiance column: copies would cross, so the copying path, with the doubles of the inputs.
    a.effectiveIrradiance.set(t);
    a.tempCell.set(e);
    const crossed = sapm({ effectiveIrradiance: a.tempCell, tempCell: a.effectiveIrradiance }, MODULE, a);
    expect(bitDifferences<keyof SapmResult>(reference, crossed, SAPM_KEYS)).toEqual([]);
    expect(Array.from(a.tempCell)).toEqual(Array.from(e));
    // Another length: a RangeError naming the column, as for any out.
    expect(() => sapm({ effectiveIrradiance: e, tempCell: t }, MODULE, sapmColumns(4))).toThrow(
      /out\.iSc has length 4/,
    );
  });

  it('sapmColumns checks its length, and gives plain columns (the TypeScript loop, same doubles) with the kernels off', () => {
    expect(() => sapmColumns(-1)).toThrow(RangeError);
    expect(() => sapmColumns(1.5)).toThrow(/sapmColumns: rows must be a whole number/);
    const e = column(101, 3, 1100, 20);
    const off = withWasmKernels(false, () => {
      const columns = sapmColumns(101);
      expect(columns.iSc.buffer.byteLength).toBe(101 * 8);
      return sapm({ effectiveIrradiance: e, tempCell: 35 }, MODULE, columns);
    });
    const on = withWasmKernels(true, () => sapm({ effectiveIrradiance: e, tempCell: 35 }, MODULE, sapmColumns(101)));
    expect(bitDifferences<keyof SapmResult>(off, on, SAPM_KEYS)).toEqual([]);
  });

  it('sandiaInverter gives the same doubles as the TypeScript loop', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_000 }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom(4, 40, 1e9),
        fc.double({ min: 0.5, max: 1.5, noNaN: true }),
        (n, seed, specialEvery, jitter) => {
          const input = { vDc: column(n, seed, 80, specialEvery), pDc: column(n, seed + 1, 300, specialEvery) };
          const inverter = { ...INVERTER, c0: INVERTER.c0 * jitter, pnt: -INVERTER.pnt * jitter };
          const ts = withWasmKernels(false, () => sandiaInverter(input, inverter));
          const wasm = withWasmKernels(true, () => sandiaInverter(input, inverter));
          expect(bitDifferences({ ac: ts }, { ac: wasm }, ['ac'])).toEqual([]);
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('sapm and sandiaInverter fall back to the TypeScript loops, same doubles, where the modules cannot run', async () => {
    const n = 3001;
    const input = { effectiveIrradiance: column(n, 9, 1200, 30), tempCell: column(n, 10, 60, 30) };
    const dc = { vDc: column(n, 11, 60, 30), pDc: column(n, 12, 280, 30) };
    const sapmReference = withWasmKernels(false, () => sapm(input, MODULE));
    const sandiaReference = withWasmKernels(false, () => sandiaInverter(dc, INVERTER));
    const real = Reflect.get(globalThis, 'WebAssembly') as { Module: unknown; Instance: unknown };
    for (const [name, engine] of Object.entries({
      'no WebAssembly': undefined,
      'no SIMD': { validate: () => false, Module: real.Module, Instance: real.Instance },
    })) {
      vi.resetModules();
      vi.stubGlobal('WebAssembly', engine);
      const freshSapm = await import('../../src/pv/sapm.js');
      const freshInverter = await import('../../src/pv/inverter.js');
      expect(freshSapm.sapmKernelInUse(), name).toBe('typescript');
      expect(freshInverter.sandiaKernelInUse(), name).toBe('typescript');
      expect(bitDifferences(sapmReference, freshSapm.sapm(input, MODULE), SAPM_KEYS), name).toEqual([]);
      expect(
        bitDifferences({ ac: sandiaReference }, { ac: freshInverter.sandiaInverter(dc, INVERTER) }, ['ac']),
        name,
      ).toEqual([]);
      vi.unstubAllGlobals();
    }
  });
});
