/**
 * Helpers of the tests of the WebAssembly kernels: run a call with the kernels on or off, and list
 * the values two results differ in, to the bit.
 */
import { setWasmKernels } from '../../src/util/wasm.js';

/** `run()` with the WebAssembly kernels on (`true`) or off, restoring the setting after. */
export function withWasmKernels<T>(enabled: boolean, run: () => T): T {
  const before = setWasmKernels(enabled);
  try {
    return run();
  } finally {
    setWasmKernels(before);
  }
}

/**
 * The entries where two results differ in any bit (NaN equals NaN, 0 differs from -0), by column
 * and row, or by name for a number.
 */
export function bitDifferences<K extends string>(
  a: Record<K, Float64Array | number>,
  b: Record<K, Float64Array | number>,
  keys: readonly K[],
): string[] {
  const found: string[] = [];
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (typeof x === 'number' || typeof y === 'number') {
      if (!Object.is(x, y)) found.push(`${key}: ${String(x)} vs ${String(y)}`);
      continue;
    }
    if (x.length !== y.length) found.push(`${key}: length ${x.length} vs ${y.length}`);
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) found.push(`${key}[${i}]: ${x[i]} vs ${y[i]}`);
  }
  return found;
}

/**
 * Engines that cannot run a kernel's module, by name, for the fallback tests (each stands in for
 * globalThis.WebAssembly): none at all, one without SIMD (validate refuses), one whose
 * instantiation throws (a content security policy without 'wasm-unsafe-eval').
 */
export function enginesWithoutWasm(): Record<string, unknown> {
  const real = Reflect.get(globalThis, 'WebAssembly') as { validate: unknown; Module: unknown; Instance: unknown };
  return {
    'no WebAssembly': undefined,
    'no SIMD': { validate: () => false, Module: real.Module, Instance: real.Instance },
    'instantiation throws': {
      validate: real.validate,
      Module: real.Module,
      Instance: function Instance() {
        throw new Error('CompileError: WebAssembly.Instance(): refused by policy');
      },
    },
  };
}
