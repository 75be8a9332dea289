/**
 * The WebAssembly SIMD form of the Erbs-Driesse, Orgill-Hollands, Boland and Louche loop
 * (src/irradiance/wasm/kt-decomposition.wat): this engine runs it, and it gives the TypeScript
 * kernel's doubles bit for bit on every path of the kernel (the kernels switched off by
 * setWasmKernels give the reference). The committed module matching its .wat is checked in
 * wasm.test.ts for every kernel of scripts/build-wasm.ts.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Decomposition } from '../../src/irradiance/decomposition.js';
import {
  boland,
  erbsDriesse,
  type KtColumns,
  type KtDecompositionInput,
  ktColumns,
  louche,
  orgillHollands,
} from '../../src/irradiance/diffuse-fraction.js';
import { KT_DECOMPOSITION_WASM_BASE64 } from '../../src/irradiance/wasm/kt-decomposition.wasm.js';
import { instantiateWasm } from '../../src/util/wasm.js';
import { runs } from '../support/properties.js';
import { bitDifferences, enginesWithoutWasm, ktKernelCases, withWasmKernels } from '../support/wasm.js';

const T0 = Date.UTC(2024, 0, 1) / 1000;
type Options = { minCosZenith?: number; maxZenith?: number };
const MODELS = { erbsDriesse, orgillHollands, louche } as const;

function run(
  model: keyof typeof MODELS,
  wasm: boolean,
  input: KtDecompositionInput,
  options: Options,
  inPlace: boolean,
): Decomposition {
  const copy = (c: KtDecompositionInput['ghi'] | undefined) => (c instanceof Float64Array ? c.slice() : c);
  const own: KtDecompositionInput = {
    ghi: copy(input.ghi)!,
    zenith: copy(input.zenith)!,
    ...(input.unixSeconds === undefined ? {} : { unixSeconds: input.unixSeconds.slice() }),
    ...(input.dniExtra === undefined ? {} : { dniExtra: copy(input.dniExtra)! }),
  };
  const out = inPlace && own.ghi instanceof Float64Array ? { dhi: own.ghi } : undefined;
  return withWasmKernels(wasm, () => MODELS[model](own, options, out));
}

function expectSameDoubles(input: KtDecompositionInput, options: Options = {}, inPlace = false): void {
  for (const model of ['erbsDriesse', 'orgillHollands', 'louche'] as const) {
    const reference = run(model, false, input, options, inPlace);
    const simd = run(model, true, input, options, inPlace);
    expect(bitDifferences(reference, simd, ['dni', 'dhi', 'kt']), model).toEqual([]);
  }
  // Boland: the module's own exp (a few ulp from Math.exp), so the doubles agree to 1e-13 relative
  // (and kt, which takes no exp, bit for bit).
  const reference = withWasmKernels(false, () => boland(copyInput(input), options));
  const simd = withWasmKernels(true, () => boland(copyInput(input), options));
  expect(bitDifferences(reference, simd, ['kt']), 'boland kt').toEqual([]);
  for (const key of ['dni', 'dhi'] as const) {
    for (let i = 0; i < reference[key].length; i++) {
      const x = reference[key][i]!;
      const y = simd[key][i]!;
      if (Object.is(x, y)) continue;
      const scale = Math.max(Math.abs(x), Math.abs(y));
      // Near-cancellation rows (DNI about 0) compare in W/m2.
      expect(Math.abs(x - y) <= 1e-13 * scale || Math.abs(x - y) < 1e-9, `boland ${key} row ${i}: ${x} vs ${y}`).toBe(
        true,
      );
    }
  }
}

function copyInput(input: KtDecompositionInput): KtDecompositionInput {
  const copy = (c: KtDecompositionInput['ghi'] | undefined) => (c instanceof Float64Array ? c.slice() : c);
  return {
    ghi: copy(input.ghi)!,
    zenith: copy(input.zenith)!,
    ...(input.unixSeconds === undefined ? {} : { unixSeconds: input.unixSeconds.slice() }),
    ...(input.dniExtra === undefined ? {} : { dniExtra: copy(input.dniExtra)! }),
  };
}

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

/** Boland's rows through both forms: the doubles to 1e-13 relative (or 1e-9 W/m2), NaN where NaN (NaN is not close to anything). */
function expectBolandClose(input: KtDecompositionInput, options: { aCoeff?: number; bCoeff?: number }): void {
  const reference = withWasmKernels(false, () => boland(copyInput(input), options));
  const simd = withWasmKernels(true, () => boland(copyInput(input), options));
  expect(bitDifferences(reference, simd, ['kt']), 'boland kt').toEqual([]);
  for (const key of ['dni', 'dhi'] as const) {
    for (let i = 0; i < reference[key].length; i++) {
      const x = reference[key][i]!;
      const y = simd[key][i]!;
      if (Object.is(x, y)) continue;
      const close = Math.abs(x - y) <= 1e-13 * Math.max(Math.abs(x), Math.abs(y)) || Math.abs(x - y) < 1e-9;
      expect(close, `boland ${key} row ${i}: ${x} vs ${y}`).toBe(true);
    }
  }
}

describe('Erbs-Driesse, Orgill-Hollands, Boland and Louche in WebAssembly', () => {
  it("Boland's one-division split keeps the kernel's results where it does not apply (infinite GHI, exp x >= 1e300) and where exp x is tiny", () => {
    // The module divides once (w = GHI / ((1 + exp x) cos z)) only for finite GHI and exp x < 1e300;
    // elsewhere it takes the kernel's two divisions, whose NaN and zeros an infinite GHI or exp x give.
    const ghi = Float64Array.from([Infinity, 500, -Infinity, 800, 700, Infinity, 0, 300, 1e-300, 900]);
    const zenith = Float64Array.from([30, 30, 40, 40, 20, 20, 50, 50, 10, 60]);
    expectBolandClose({ ghi, zenith, dniExtra: 1361 }, {});
    // a (kt - b) up to about 690 (exp x near 1e300) and past 700 (Math.exp's lanes, up to infinity).
    expectBolandClose({ ghi, zenith, dniExtra: 1361 }, { aCoeff: 690, bCoeff: 0 });
    expectBolandClose({ ghi, zenith, dniExtra: 1361 }, { aCoeff: 1e4, bCoeff: 0 });
    // exp x down to about 1e-300 (DNI far below DHI).
    expectBolandClose({ ghi, zenith, dniExtra: 1361 }, { aCoeff: 690, bCoeff: 1 });
  });

  it('the module instantiates in this engine, so that the comparisons compare two kernels', () => {
    const imports = { js: { cos: Math.cos, extraForDay: () => 1361, exp: Math.exp } };
    expect(instantiateWasm(KT_DECOMPOSITION_WASM_BASE64, imports)).not.toBeNull();
  });

  it('gives the same doubles as the TypeScript kernel for any inputs, options and lengths', () => {
    fc.assert(
      fc.property(ktKernelCases(), ({ input, options, inPlace }) => expectSameDoubles(input, options, inPlace)),
      { numRuns: runs(300) },
    );
  });

  it('gives the same doubles over block seams (4096 rows) and the odd last pair', () => {
    for (const n of [1, 2, 3, 4095, 4096, 4097, 8193, 20_001]) {
      const { ghi, zenith, times } = series(n, n);
      expectSameDoubles({ ghi, zenith, unixSeconds: times });
      expectSameDoubles({ ghi, zenith, dniExtra: 1361 }, { maxZenith: 90, minCosZenith: 0.01 });
      expectSameDoubles({ ghi, zenith, unixSeconds: times, dniExtra: ghi.map((g) => 1300 + (g % 97)) }, {}, true);
    }
  });
});

const ALL_MODELS = { erbsDriesse, orgillHollands, boland, louche } as const;
type ModelName = keyof typeof ALL_MODELS;
type AllOptions = Options & { aCoeff?: number; bCoeff?: number };

/**
 * The input as the allocation's own columns (`own`: filled from the input; a number stays a
 * number, as a caller would pass it) or as they are (foreign: copied in by the model).
 */
function onColumns(columns: KtColumns, input: KtDecompositionInput, own: boolean): KtDecompositionInput {
  if (!own) return input;
  const take = (value: KtDecompositionInput['ghi'], column: Float64Array) => {
    if (typeof value === 'number') return value;
    column.set(value);
    return column;
  };
  return {
    ghi: take(input.ghi, columns.ghi),
    zenith: take(input.zenith, columns.zenith),
    ...(input.unixSeconds === undefined
      ? {}
      : { unixSeconds: take(input.unixSeconds, columns.unixSeconds) as Float64Array }),
    ...(input.dniExtra === undefined ? {} : { dniExtra: take(input.dniExtra, columns.dniExtra) }),
  };
}

/**
 * Every model on a ktColumns allocation (its three outputs as `out`) against the ordinary path on
 * copies of the inputs: the same doubles to the bit (Boland too: both run the same module), and
 * for all but Boland the TypeScript kernel's.
 */
function expectSameOnKtColumns(input: KtDecompositionInput, options: AllOptions, own: boolean): void {
  const n = Math.max(
    ...[input.ghi, input.zenith, input.unixSeconds, input.dniExtra].map((c) =>
      c instanceof Float64Array ? c.length : 0,
    ),
  );
  for (const model of Object.keys(ALL_MODELS) as ModelName[]) {
    const fn = ALL_MODELS[model];
    const ordinary = withWasmKernels(true, () => fn(copyInput(input), options));
    const columns = ktColumns(n);
    // Garbage in the outputs, which the kernel must overwrite.
    columns.dni.fill(-7);
    columns.dhi.fill(Number.NaN);
    columns.kt.fill(3);
    const result = withWasmKernels(true, () => fn(onColumns(columns, input, own), options, columns));
    expect(result.dni).toBe(columns.dni);
    expect(result.dhi).toBe(columns.dhi);
    expect(result.kt).toBe(columns.kt);
    const plain = { dni: result.dni.slice(), dhi: result.dhi.slice(), kt: result.kt.slice() };
    expect(bitDifferences(ordinary, plain, ['dni', 'dhi', 'kt']), model).toEqual([]);
    if (model !== 'boland') {
      const reference = withWasmKernels(false, () => fn(copyInput(input), options));
      expect(bitDifferences(reference, plain, ['dni', 'dhi', 'kt']), `${model} (TypeScript)`).toEqual([]);
    }
    // Foreign input columns are copied into the allocation's columns of their names.
    if (!own && input.ghi instanceof Float64Array) expect(Array.from(columns.ghi)).toEqual(Array.from(input.ghi));
  }
}

describe('ktColumns: the kt decompositions in the module memory, without copies', () => {
  it("gives the ordinary path's doubles over block seams and odd lengths, own or foreign inputs, times or dniExtra", () => {
    for (const n of [0, 1, 2, 3, 4095, 4096, 4097, 9001]) {
      const { ghi, zenith, times } = series(n, n + 3);
      const extra = ghi.map((g) => 1300 + (g % 97));
      for (const own of [true, false]) {
        expectSameOnKtColumns({ ghi, zenith, unixSeconds: times }, {}, own);
        expectSameOnKtColumns({ ghi, zenith, dniExtra: extra }, { maxZenith: 90, minCosZenith: 0.01 }, own);
        expectSameOnKtColumns(
          { ghi, zenith, unixSeconds: times, dniExtra: 1361 },
          { aCoeff: 7.997, bCoeff: 0.586 },
          own,
        );
      }
    }
  });

  it("gives the ordinary path's doubles for any inputs and options (fast-check)", () => {
    fc.assert(
      fc.property(
        ktKernelCases(),
        fc.boolean(),
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.double({ min: -1, max: 2, noNaN: true }),
        ({ input, options }, own, aCoeff, bCoeff) => {
          expectSameOnKtColumns(input, options, own);
          expectSameOnKtColumns(input, { ...options, aCoeff, bCoeff }, own);
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('gives NaN in the rows of NaN inputs, as the ordinary path', () => {
    const { ghi, zenith, times } = series(9, 5);
    ghi[1] = Number.NaN;
    zenith[4] = Number.NaN;
    times[7] = Number.NaN;
    for (const model of Object.keys(ALL_MODELS) as ModelName[]) {
      const columns = ktColumns(9);
      const result = ALL_MODELS[model](onColumns(columns, { ghi, zenith, unixSeconds: times }, true), {}, columns);
      for (const row of [1, 4, 7]) expect(result.kt[row], `${model} kt row ${row}`).toBeNaN();
      // DHI is GHI where DNI is set to 0 (the zenith limit); otherwise NaN spreads to both.
      expect(result.dhi[1], model).toBeNaN();
      expect(result.dni[4], model).toBeNaN();
      expect(result.dni[7], model).toBeNaN();
      expect(Number.isFinite(result.kt[0]!) && Number.isFinite(result.kt[8]!), model).toBe(true);
    }
  });

  it('allocations are independent; a number fills its column; crossed, partial or stale columns take the ordinary path', () => {
    const n = 9;
    const { ghi, zenith, times } = series(n, 17);
    const a = ktColumns(n);
    const b = ktColumns(n);
    a.ghi.set(ghi);
    b.ghi.fill(1);
    expect(Array.from(a.ghi)).toEqual(Array.from(ghi));
    const reference = withWasmKernels(false, () => louche({ ghi: 600, zenith: zenith.slice(), unixSeconds: times }));
    const onA = louche({ ghi: 600, zenith, unixSeconds: times }, {}, a);
    expect(
      bitDifferences(reference, { dni: onA.dni.slice(), dhi: onA.dhi.slice(), kt: onA.kt.slice() }, [
        'dni',
        'dhi',
        'kt',
      ]),
    ).toEqual([]);
    expect(a.ghi[0]).toBe(600);
    // GHI given as the allocation's zenith column (and the zenith as its GHI): copies would cross, so the ordinary path.
    a.ghi.set(zenith);
    a.zenith.set(ghi);
    const crossed = orgillHollands({ ghi: a.zenith, zenith: a.ghi, unixSeconds: times }, {}, a);
    const crossedReference = withWasmKernels(false, () =>
      orgillHollands({ ghi: ghi.slice(), zenith: zenith.slice(), unixSeconds: times }),
    );
    expect(
      bitDifferences(crossedReference, { dni: crossed.dni.slice(), dhi: crossed.dhi.slice(), kt: crossed.kt.slice() }, [
        'dni',
        'dhi',
        'kt',
      ]),
    ).toEqual([]);
    expect(Array.from(a.ghi)).toEqual(Array.from(zenith));
    // An input given as one of the allocation's outputs: also the ordinary path (the kernel writes there).
    a.dhi.set(ghi);
    const fromOutput = erbsDriesse({ ghi: a.dhi, zenith, unixSeconds: times }, {}, a);
    const fromOutputReference = withWasmKernels(false, () =>
      erbsDriesse({ ghi: ghi.slice(), zenith: zenith.slice(), unixSeconds: times }),
    );
    expect(
      bitDifferences(
        fromOutputReference,
        { dni: fromOutput.dni.slice(), dhi: fromOutput.dhi.slice(), kt: fromOutput.kt.slice() },
        ['dni', 'dhi', 'kt'],
      ),
    ).toEqual([]);
    // Only some outputs of the allocation (or outputs of two allocations): the ordinary path, the same doubles.
    const mixed = boland({ ghi, zenith, unixSeconds: times }, {}, { dni: a.dni, dhi: b.dhi, kt: a.kt });
    expect(mixed.dhi).toBe(b.dhi);
    const mixedReference = boland({ ghi: ghi.slice(), zenith: zenith.slice(), unixSeconds: times });
    expect(
      bitDifferences(mixedReference, { dni: a.dni.slice(), dhi: b.dhi.slice(), kt: a.kt.slice() }, [
        'dni',
        'dhi',
        'kt',
      ]),
    ).toEqual([]);
    const partial = louche({ ghi, zenith, unixSeconds: times }, {}, { dni: b.dni });
    expect(partial.dhi).not.toBe(b.dhi);
    // A stale allocation (another length than the series'): the output check names the column.
    expect(() => louche({ ghi, zenith, unixSeconds: times }, {}, ktColumns(n + 1))).toThrow(
      /dni has length 10, expected 9/,
    );
  });

  it('runs the TypeScript kernel on its columns while the kernels are off, and allocates plain columns where the module cannot run', () => {
    const { ghi, zenith, times } = series(7, 23);
    const columns = ktColumns(7);
    const input = onColumns(columns, { ghi, zenith, unixSeconds: times }, true);
    const reference = withWasmKernels(false, () => erbsDriesse(copyInput(input)));
    const off = withWasmKernels(false, () => erbsDriesse(input, {}, columns));
    expect(off.dni).toBe(columns.dni);
    expect(
      bitDifferences(reference, { dni: off.dni.slice(), dhi: off.dhi.slice(), kt: off.kt.slice() }, [
        'dni',
        'dhi',
        'kt',
      ]),
    ).toEqual([]);
    const plain = withWasmKernels(false, () => ktColumns(5));
    expect(plain.ghi.buffer.byteLength).toBe(5 * 8);
    expect(Object.keys(plain).sort()).toEqual(['dhi', 'dni', 'dniExtra', 'ghi', 'kt', 'unixSeconds', 'zenith']);
  });

  it('gives plain columns where the module cannot run, on which the models give the same doubles', async () => {
    const { ghi, zenith, times } = series(7, 29);
    const reference = withWasmKernels(false, () =>
      boland({ ghi: ghi.slice(), zenith: zenith.slice(), unixSeconds: times }),
    );
    for (const [name, engine] of Object.entries(enginesWithoutWasm())) {
      vi.resetModules();
      vi.stubGlobal('WebAssembly', engine);
      try {
        // A fresh copy of the module, which tries to load its kernel on first use in this engine.
        const fresh = await import('../../src/irradiance/diffuse-fraction.js');
        const columns = fresh.ktColumns(7);
        expect(columns.ghi.buffer.byteLength, name).toBe(7 * 8);
        columns.ghi.set(ghi);
        columns.zenith.set(zenith);
        columns.unixSeconds.set(times);
        const r = fresh.boland(
          { ghi: columns.ghi, zenith: columns.zenith, unixSeconds: columns.unixSeconds },
          {},
          columns,
        );
        expect(r.dni, name).toBe(columns.dni);
        expect(bitDifferences(reference, r, ['dni', 'dhi', 'kt']), name).toEqual([]);
      } finally {
        vi.unstubAllGlobals();
      }
    }
  });

  it('rejects a length that is not a whole number of rows, naming the function', () => {
    expect(() => ktColumns(-1)).toThrow(/ktColumns.*rows/);
    expect(() => ktColumns(2.5)).toThrow(/ktColumns.*rows/);
    expect(() => ktColumns(Number.NaN)).toThrow(/ktColumns.*rows/);
  });
});
