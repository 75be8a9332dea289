/**
 * Helpers of the tests of the WebAssembly kernels: run a call with the kernels on or off, and list
 * the values two results differ in, to the bit.
 */
import fc from 'fast-check';
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

/** The input columns of a kt decomposition kernel (Erbs, Orgill-Hollands, Boland, Louche). */
export interface KtKernelInput {
  ghi: number | Float64Array;
  zenith: number | Float64Array;
  unixSeconds: Float64Array;
  dniExtra?: number | Float64Array;
}

/** A case of {@link ktKernelCases}: the inputs, the options, and whether the output is written in place. */
export interface KtKernelCase {
  input: KtKernelInput;
  options: { minCosZenith?: number; maxZenith?: number };
  inPlace: boolean;
}

/**
 * Cases for comparing a kt decomposition's WebAssembly and TypeScript kernels, to the bit. Values a
 * column may hold: plausible ones, the kernels' edges (zenith 0, 90, 360, just outside [0, 360],
 * minCos boundaries), and what a kernel must pass through (NaN, -0, infinities, zenith far outside
 * [0, 360] that takes Math.cos). A one-value column is finite (the functions check it); rows of an
 * array column may be anything. Times: sorted minutes, or scattered over years (a new UTC day at
 * almost every row). Lengths 0 to 41 rows.
 */
export function ktKernelCases(): fc.Arbitrary<KtKernelCase> {
  const day = 86_400;
  const t0 = Date.UTC(2024, 0, 1) / 1000;
  const edges = fc.constantFrom(0, -0, 90, 360, 360.0000001, -1e-300, 1e300);
  const missing = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
  const zenithValue = fc.oneof(
    fc.double({ min: 0, max: 180, noNaN: true }),
    fc.double({ min: -1000, max: 1000, noNaN: true }),
    edges,
  );
  const ghiValue = fc.oneof(
    fc.double({ min: -50, max: 1500, noNaN: true }),
    fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
    edges,
  );
  const extraValue = fc.oneof(fc.double({ min: 1300, max: 1420, noNaN: true }), edges);
  const row = (value: fc.Arbitrary<number>) =>
    fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: missing });
  const times = fc.oneof(
    fc.integer({ min: 0, max: 3 * day }).map((s) => (i: number) => t0 + s + 60 * i),
    fc
      .integer({ min: 0, max: 2 ** 31 })
      .map((s) => (i: number) => t0 + ((Math.imul(s + i, 2_654_435_761) >>> 0) % (40 * 365)) * day + 0.5),
  );
  const columns = fc.integer({ min: 0, max: 41 }).chain((n) =>
    fc.record({
      ghi: fc.oneof(fc.array(row(ghiValue), { minLength: n, maxLength: n }), ghiValue),
      zenith: fc.oneof(fc.array(row(zenithValue), { minLength: n, maxLength: n }), zenithValue),
      extra: fc.oneof(fc.constant(undefined), extraValue, fc.array(row(extraValue), { minLength: n, maxLength: n })),
      times,
      n: fc.constant(n),
    }),
  );
  const options = fc.record(
    {
      minCosZenith: fc.double({ min: 0, max: 1, noNaN: true }),
      maxZenith: fc.double({ min: 0, max: 180, noNaN: true }),
    },
    { requiredKeys: [] },
  );
  return fc.tuple(columns, options, fc.boolean()).map(([{ ghi, zenith, extra, times, n }, options, inPlace]) => {
    const column = (x: number | number[]) => (typeof x === 'number' ? x : Float64Array.from(x));
    const input: KtKernelInput = {
      ghi: column(ghi),
      zenith: column(zenith),
      unixSeconds: Float64Array.from({ length: n }, (_, i) => times(i)),
      ...(extra === undefined ? {} : { dniExtra: column(extra) }),
    };
    return { input, options, inPlace };
  });
}
