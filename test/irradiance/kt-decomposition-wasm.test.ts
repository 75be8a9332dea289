/**
 * The WebAssembly SIMD form of the Erbs-Driesse, Orgill-Hollands, Boland and Louche loop
 * (src/irradiance/wasm/kt-decomposition.wat): this engine runs it, and it gives the TypeScript
 * kernel's doubles bit for bit on every path of the kernel (the kernels switched off by
 * setWasmKernels give the reference). The committed module matching its .wat is checked in
 * wasm.test.ts for every kernel of scripts/build-wasm.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Decomposition } from '../../src/irradiance/decomposition.js';
import {
  boland,
  erbsDriesse,
  type KtDecompositionInput,
  louche,
  orgillHollands,
} from '../../src/irradiance/diffuse-fraction.js';
import { KT_DECOMPOSITION_WASM_BASE64 } from '../../src/irradiance/wasm/kt-decomposition.wasm.js';
import { instantiateWasm } from '../../src/util/wasm.js';
import { runs } from '../support/properties.js';
import { bitDifferences, ktKernelCases, withWasmKernels } from '../support/wasm.js';

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
