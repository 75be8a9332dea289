/**
 * The WebAssembly SIMD form of the Erbs loop (src/irradiance/wasm/erbs.wat): the committed module
 * is what its source compiles to, this engine runs it, it gives the TypeScript kernel's doubles bit
 * for bit on every path of the kernel, and erbs falls back to the TypeScript kernel wherever the
 * module cannot run.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Decomposition, type ErbsInput, erbs, erbsKernelInUse } from '../../src/irradiance/decomposition.js';
import { ERBS_WASM_BASE64 } from '../../src/irradiance/wasm/erbs.wasm.js';
import { instantiateWasm, setWasmKernels } from '../../src/util/wasm.js';
import { WASM_KERNELS, generatedModule } from '../../scripts/build-wasm.js';
import { runs } from '../support/properties.js';
import { bitDifferences, enginesWithoutWasm, ktKernelCases, withWasmKernels } from '../support/wasm.js';

const root = resolve(__dirname, '../..');
/** The engine's WebAssembly object (the project's lib has no DOM types for it). */
const realWebAssembly = Reflect.get(globalThis, 'WebAssembly') as {
  validate: unknown;
  Module: unknown;
  Instance: unknown;
};
const T0 = Date.UTC(2024, 0, 1) / 1000;
type Options = { minCosZenith?: number; maxZenith?: number };

/** erbs by one kernel; inputs are copied, so that a call writing in place leaves them for the next. */
function erbsWith(wasm: boolean, input: ErbsInput, options: Options = {}, inPlace = false): Decomposition {
  const copy = (c: ErbsInput['ghi'] | undefined) => (c instanceof Float64Array ? c.slice() : c);
  const own = {
    ghi: copy(input.ghi)!,
    zenith: copy(input.zenith)!,
    unixSeconds: input.unixSeconds?.slice(),
    dniExtra: copy(input.dniExtra),
  };
  // In place: DHI into the caller's GHI column, as a caller short of memory may do.
  const out = inPlace && own.ghi instanceof Float64Array ? { dhi: own.ghi } : undefined;
  return withWasmKernels(wasm, () => erbs(own, options, out));
}

/** The rows where two results differ in any bit (NaN equals NaN, 0 differs from -0). */
const differingRows = (a: Decomposition, b: Decomposition): string[] => bitDifferences(a, b, ['dni', 'dhi', 'kt']);

function expectSameDoubles(input: ErbsInput, options: Options = {}, inPlace = false): void {
  const reference = erbsWith(false, input, options, inPlace);
  const simd = erbsWith(true, input, options, inPlace);
  expect(differingRows(reference, simd)).toEqual([]);
}

/** A deterministic daylight-like series: times one minute apart, zenith sweeping 0..100 deg. */
function series(n: number, seed: number): { ghi: Float64Array; zenith: Float64Array; times: Float64Array } {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296;
  const ghi = new Float64Array(n);
  const zenith = new Float64Array(n);
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    times[i] = T0 + 60 * i + 37;
    zenith[i] = 100 * next();
    ghi[i] = 1300 * next() - 20;
  }
  return { ghi, zenith, times };
}

describe('Erbs in WebAssembly', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('the committed module is what its .wat compiles to (npm run build:wasm writes it)', async () => {
    for (const kernel of WASM_KERNELS) {
      expect(readFileSync(join(root, kernel.module), 'utf8'), kernel.module).toBe(await generatedModule(kernel));
    }
  });

  it('runs in this engine, so that the comparisons below compare two kernels', () => {
    expect(erbsKernelInUse()).toBe('wasm');
    const before = setWasmKernels(false);
    expect(erbsKernelInUse()).toBe('typescript');
    setWasmKernels(before);
  });

  it('gives the same doubles as the TypeScript kernel for any inputs, options and lengths', () => {
    fc.assert(
      fc.property(ktKernelCases(), ({ input, options, inPlace }) => expectSameDoubles(input, options, inPlace)),
      { numRuns: runs(300) },
    );
  });

  it('gives the same doubles over block seams (4096 rows) and the odd last pair', () => {
    for (const n of [1, 2, 3, 4095, 4096, 4097, 8191, 8193, 20_001]) {
      const { ghi, zenith, times } = series(n, n);
      expectSameDoubles({ ghi, zenith, unixSeconds: times });
      expectSameDoubles({ ghi, zenith, dniExtra: 1361 }, { maxZenith: 90, minCosZenith: 0.01 });
      expectSameDoubles({ ghi, zenith, unixSeconds: times, dniExtra: ghi.map((g) => 1300 + (g % 97)) }, {}, true);
    }
  });

  it('keeps the pvlib test vector (whole W/m2) through the WebAssembly form', () => {
    const t = (iso: string) => Date.parse(iso) / 1000;
    const r = erbs({
      ghi: Float64Array.of(0, 50, 1000, 1000),
      zenith: Float64Array.of(120, 85, 10, 10),
      unixSeconds: Float64Array.of(
        t('2019-01-01T00:00:00Z'),
        t('2019-01-01T00:00:00Z'),
        t('2019-01-01T00:00:00Z'),
        t('2019-06-20T00:00:00Z'),
      ),
    });
    expect(erbsKernelInUse()).toBe('wasm');
    expect(Array.from(r.dni, Math.round)).toEqual([0, 97, 794, 842]);
    expect(Array.from(r.dhi, Math.round)).toEqual([0, 42, 218, 171]);
  });

  it('loads nothing where the engine lacks WebAssembly, SIMD, or lets instantiation throw', () => {
    const imports = { js: { cos: Math.cos, extraForDay: () => 1361 } };
    expect(instantiateWasm(ERBS_WASM_BASE64, imports)).not.toBeNull();
    // Not a module at all.
    expect(instantiateWasm('AAAAAA==', imports)).toBeNull();
    // A missing import makes instantiation throw.
    expect(instantiateWasm(ERBS_WASM_BASE64, { js: { cos: Math.cos } })).toBeNull();
    const real = realWebAssembly;
    vi.stubGlobal('WebAssembly', { validate: () => false, Module: real.Module, Instance: real.Instance });
    expect(instantiateWasm(ERBS_WASM_BASE64, imports)).toBeNull();
    vi.stubGlobal('WebAssembly', undefined);
    expect(instantiateWasm(ERBS_WASM_BASE64, imports)).toBeNull();
  });

  it('erbs falls back to the TypeScript kernel, same doubles, where the module cannot run', async () => {
    const { ghi, zenith, times } = series(5001, 7);
    const reference = erbsWith(false, { ghi, zenith, unixSeconds: times });
    for (const [name, engine] of Object.entries(enginesWithoutWasm())) {
      vi.resetModules();
      vi.stubGlobal('WebAssembly', engine);
      // A fresh copy of the module, which tries to load its kernel on first use in this engine.
      const fresh = await import('../../src/irradiance/decomposition.js');
      const r = fresh.erbs({ ghi: ghi.slice(), zenith: zenith.slice(), unixSeconds: times.slice() });
      expect(fresh.erbsKernelInUse(), name).toBe('typescript');
      expect(differingRows(reference, r), name).toEqual([]);
      vi.unstubAllGlobals();
    }
  });
});
