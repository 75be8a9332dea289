/**
 * The WebAssembly SIMD form of the HSU loss loop (src/soiling/wasm/hsu.wat): this engine runs it,
 * it gives the TypeScript loop's doubles bit for bit over every branch of the loop (table power or
 * massToPower; erf by series, rational form or the full function), and hsuSoiling falls back to the
 * TypeScript loop where the module cannot run. (That the committed module is what hsu.wat
 * compiles to is checked with every kernel in test/irradiance/wasm.test.ts.)
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HsuInput, type HsuOptions, type HsuResult, hsuKernelInUse, hsuSoiling } from '../../src/soiling/hsu.js';
import { setWasmKernels } from '../../src/util/wasm.js';
import { runs } from '../support/properties.js';
import { bitDifferences, withWasmKernels } from '../support/wasm.js';

const T0 = Date.UTC(2021, 0, 1) / 1000;

/** hsuSoiling by one form of the loss loop. */
function hsuWith(
  wasm: boolean,
  input: HsuInput,
  options: HsuOptions,
  out?: { soilingRatio?: Float64Array; lossFraction?: Float64Array },
): HsuResult {
  return withWasmKernels(wasm, () => hsuSoiling(input, options, out));
}

/** The rows where two results differ in any bit (NaN equals NaN, 0 differs from -0). */
const differingRows = (a: HsuResult, b: HsuResult): string[] =>
  bitDifferences(a, b, ['soilingRatio', 'lossFraction', 'finalMass']);

/**
 * n hourly rows with PM2.5 = PM10 spread over three decades from 10^decade g/m3 and a cleaning rain
 * at about one row in `cleanEvery`: masses from far below to far above the erf series' range.
 */
function series(n: number, decade: number, seed: number, cleanEvery: number): HsuInput {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296;
  const unixSeconds = new Float64Array(n);
  const rainfall = new Float64Array(n);
  const pm = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    unixSeconds[i] = T0 + 3600 * (i + 1);
    rainfall[i] = next() * cleanEvery < 1 ? 5 : 0;
    pm[i] = 10 ** (decade + 3 * next());
  }
  return { unixSeconds, rainfall, pm2_5: pm, pm10: pm };
}

/**
 * The same masses with concentrations a real air has (hsuSoiling refuses more than 0.01 g/m3, which
 * is ug/m3 by mistake): PM from 10^-5 g/m3 and the decades moved into the deposition velocity.
 */
function sweep(n: number, decade: number, seed: number, cleanEvery: number): [HsuInput, number] {
  const input = series(n, -5, seed, cleanEvery);
  return [input, 0.0009 * 10 ** (decade + 5)];
}

describe('HSU loss loop in WebAssembly', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('runs in this engine, so that the comparisons below compare two loops', () => {
    expect(hsuKernelInUse()).toBe('wasm');
    const before = setWasmKernels(false);
    expect(hsuKernelInUse()).toBe('typescript');
    setWasmKernels(before);
  });

  it('gives the same doubles as the TypeScript loop for masses over 60 orders of magnitude', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_100 }),
        fc.integer({ min: -40, max: 20 }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom(3, 50, 1e9),
        fc.oneof(fc.constant(undefined), fc.double({ min: 0, max: 50, noNaN: true })),
        (n, decade, seed, cleanEvery, initialMass) => {
          const [input, depoVelocPm2_5] = sweep(n, decade, seed, cleanEvery);
          const options: HsuOptions = {
            cleaningThreshold: 1,
            surfaceTilt: 20,
            periodSeconds: 3600,
            depoVelocPm2_5,
            ...(initialMass === undefined ? {} : { initialMass }),
          };
          expect(differingRows(hsuWith(false, input, options), hsuWith(true, input, options))).toEqual([]);
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('gives the same doubles with NaN, zero and negative masses, washes and shared output buffers', () => {
    const input = series(3001, -6, 11, 200);
    const pm = input.pm2_5 as Float64Array;
    pm[7] = Number.NaN; // NaN mass from here to the next cleaning
    pm[900] = -1; // a negative deposit: negative masses until the next cleaning
    pm[1500] = 0;
    const options: HsuOptions = {
      cleaningThreshold: 1,
      surfaceTilt: 35,
      manualWashTimes: Float64Array.of(T0 + 3600 * 1024, T0 + 3600 * 2047.5),
    };
    expect(differingRows(hsuWith(false, input, options), hsuWith(true, input, options))).toEqual([]);
    const shared = () => {
      const buffer = new Float64Array(3001);
      return { soilingRatio: buffer, lossFraction: buffer };
    };
    expect(differingRows(hsuWith(false, input, options, shared()), hsuWith(true, input, options, shared()))).toEqual(
      [],
    );
  });

  it('hsuSoiling falls back to the TypeScript loop, same doubles, where the module cannot run', async () => {
    const input = series(2500, -5, 3, 100);
    const options: HsuOptions = { cleaningThreshold: 1, surfaceTilt: 20 };
    const reference = hsuWith(false, input, options);
    const real = Reflect.get(globalThis, 'WebAssembly') as { Module: unknown; Instance: unknown };
    for (const [name, engine] of Object.entries({
      'no WebAssembly': undefined,
      'no SIMD': { validate: () => false, Module: real.Module, Instance: real.Instance },
    })) {
      vi.resetModules();
      vi.stubGlobal('WebAssembly', engine);
      const fresh = await import('../../src/soiling/hsu.js');
      const r = fresh.hsuSoiling(input, options);
      expect(fresh.hsuKernelInUse(), name).toBe('typescript');
      expect(differingRows(reference, r), name).toEqual([]);
      vi.unstubAllGlobals();
    }
  });
});
