/**
 * The WebAssembly SIMD form of the Campbell-Norman loop (src/irradiance/wasm/campbell-norman.wat):
 * this engine runs it, and it gives the TypeScript kernel's doubles to a few units in the last
 * place (the module's own exponential; cos z and the air mass are the kernel's operations), NaN
 * where the kernel gives NaN. The committed module matching its .wat is checked in wasm.test.ts
 * for every kernel of scripts/build-wasm.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CampbellNormanInput, campbellNorman } from '../../src/irradiance/campbell-norman.js';
import { CAMPBELL_NORMAN_WASM_BASE64 } from '../../src/irradiance/wasm/campbell-norman.wasm.js';
import { instantiateWasm } from '../../src/util/wasm.js';
import { runs } from '../support/properties.js';
import { withWasmKernels } from '../support/wasm.js';

/**
 * Each output of the two forms: the same NaN rows, and otherwise within 1e-13 relative (an
 * exponential a few ulp from Math.exp, times E0 and cos z) or 1e-12 W/m2 where a result is about 0.
 */
function expectClose(input: CampbellNormanInput): void {
  const own = () => ({ ...input, zenith: input.zenith instanceof Float64Array ? input.zenith.slice() : input.zenith });
  const reference = withWasmKernels(false, () => campbellNorman(own()));
  const simd = withWasmKernels(true, () => campbellNorman(own()));
  for (const key of ['ghi', 'dni', 'dhi'] as const) {
    for (let i = 0; i < reference[key].length; i++) {
      const x = reference[key][i]!;
      const y = simd[key][i]!;
      if (Object.is(x, y)) continue;
      const close = Math.abs(x - y) <= 1e-13 * Math.max(Math.abs(x), Math.abs(y)) || Math.abs(x - y) < 1e-12;
      expect(close, `${key} row ${i} (zenith ${String((own().zenith as Float64Array)[i])}): ${x} vs ${y}`).toBe(true);
    }
  }
}

function zeniths(n: number, seed: number): Float64Array {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296;
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = next();
    z[i] =
      u < 0.03
        ? Number.NaN
        : u < 0.06
          ? 90
          : u < 0.1
            ? 89.9 + 0.2 * next()
            : u < 0.13
              ? -20 + 420 * next()
              : 180 * next();
  }
  return z;
}

describe('campbellNorman in WebAssembly', () => {
  it('runs in this engine, so that the comparisons below compare two kernels', () => {
    expect(instantiateWasm(CAMPBELL_NORMAN_WASM_BASE64, { js: { cos: Math.cos, exp: Math.exp } })).not.toBeNull();
  });

  it('gives the kernel values over block seams (4096 rows), the odd last pair, the horizon and NaN', () => {
    for (const n of [1, 2, 3, 4095, 4096, 4097, 9001]) {
      expectClose({ zenith: zeniths(n, n), transmittance: 0.75 });
      expectClose({ zenith: zeniths(n, n + 1), transmittance: 0.2, pressure: 80_000, dniExtra: 1361 });
    }
  });

  it('gives exp x past the lanes own range as Math.exp does: a transmittance above 1, one barely above 0', () => {
    const zenith = Float64Array.of(0, 30, 60, 85, 89, 89.99, 89.9999, 90, 95);
    for (const transmittance of [1e-300, 1e-5, 1, 1.5, 1e10]) expectClose({ zenith, transmittance });
  });

  it('gives the kernel values for any zeniths and one transmittance, pressure, dniExtra (fast-check)', () => {
    const angle = fc.oneof(
      fc.double({ min: -30, max: 400, noNaN: true }),
      fc.constantFrom(Number.NaN, 0, 90, 180, Number.POSITIVE_INFINITY),
    );
    fc.assert(
      fc.property(
        fc.array(angle, { minLength: 1, maxLength: 40 }),
        fc.double({ min: 1e-6, max: 1.2, noNaN: true }),
        fc.double({ min: 50_000, max: 110_000, noNaN: true }),
        fc.double({ min: 1000, max: 1500, noNaN: true }),
        (z, transmittance, pressure, dniExtra) => {
          expectClose({ zenith: Float64Array.from(z), transmittance, pressure, dniExtra });
        },
      ),
      { numRuns: runs(200) },
    );
  });
});
