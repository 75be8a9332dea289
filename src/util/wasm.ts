/**
 * Loading of the WebAssembly SIMD kernels (the .wat files under src/**\/wasm, compiled by
 * scripts/build-wasm.ts into base64 modules). A kernel's module is compiled synchronously, once,
 * on its first use: the modules are a few kB, under the 4 kB that browsers allow for synchronous
 * compilation on the main thread. Where WebAssembly or its SIMD instructions are missing, or
 * compilation or instantiation throws (a content security policy without 'wasm-unsafe-eval', for
 * one), the kernel's caller runs its TypeScript form instead, which gives the same doubles.
 */

import type { Column } from './columns.js';

let wasmEnabled = true;

/** What the kernels use of the WebAssembly API, typed here: the project's lib is ES2022, without DOM. */
interface WebAssemblyApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: WasmImports) => WasmInstance;
}

/** Functions a module imports, by module name and field name. */
export type WasmImports = Record<string, Record<string, (...args: number[]) => number>>;

/** An instance: its exports (functions, the memory with its buffer, globals with their value). */
export interface WasmInstance {
  exports: Record<string, unknown>;
}

/**
 * Turns the WebAssembly SIMD kernels on (the default) or off, for every kernel that has one;
 * returns the previous setting. Off, each kernel runs its TypeScript form: the same doubles, as
 * the WebAssembly forms repeat its IEEE operations one for one (tests compare the two bit for
 * bit); the switch is there to compare the two and to time them. Unitless (a flag).
 * The kernels follow their TypeScript forms' papers (Erbs et al. 1982 for `erbs`).
 * @example
 * const before = setWasmKernels(false); // the TypeScript kernels from here on
 * setWasmKernels(before); // => false
 */
export function setWasmKernels(enabled: boolean): boolean {
  const before = wasmEnabled;
  wasmEnabled = enabled;
  return before;
}

/** Bytes of a base64 string (atob is a global of browsers, workers, Node >= 16, Deno and Bun). */
function bytesOfBase64(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * An instance of a kernel module given in base64, or null when this engine cannot run it:
 * no WebAssembly, a module the engine does not validate (no SIMD), or compilation or
 * instantiation throwing.
 * @example
 * // The smallest valid module: the magic number and version 1.
 * instantiateWasm('AGFzbQEAAAA=', {}) !== null; // => true
 */
export function instantiateWasm(base64: string, imports: WasmImports): WasmInstance | null {
  const api = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly;
  if (typeof api !== 'object' || typeof atob !== 'function') return null;
  try {
    const bytes = bytesOfBase64(base64);
    if (!api.validate(bytes)) return null;
    return new api.Instance(new api.Module(bytes), imports);
  } catch {
    return null;
  }
}

/** A kernel module ready to run: its exports, and its memory as doubles with the layout's offsets. */
export interface WasmKernel {
  exports: Record<string, unknown>;
  /** The module's memory, seen as doubles. */
  memory: Float64Array;
  /** An exported i32 global holding a byte offset (the layout of the .wat), in doubles. */
  offset(name: string): number;
}

/**
 * A kernel module given in base64 with its exported memory viewed as doubles, or null where it
 * cannot run (see {@link instantiateWasm}). Offsets are in doubles (8 bytes).
 * @example
 * // A module of one page of memory exported as "memory" and an i32 global "at" = 16 (bytes).
 * loadWasmKernel('AGFzbQEAAAAFAwEAAQYGAX8AQRALBw8CBm1lbW9yeQIAAmF0AwA=', {})?.offset('at'); // => 2
 */
export function loadWasmKernel(base64: string, imports: WasmImports): WasmKernel | null {
  const instance = instantiateWasm(base64, imports);
  if (instance === null) return null;
  const exports = instance.exports;
  const memory = new Float64Array((exports.memory as { buffer: ArrayBuffer }).buffer);
  return {
    exports,
    memory,
    offset: (name) => (exports[name] as { value: number }).value / Float64Array.BYTES_PER_ELEMENT,
  };
}

/** Columns placed in a kernel instance's memory by {@link growForColumns}. */
export interface ColumnsInMemory {
  /** The instance's memory as doubles, viewed after it grew. */
  memory: Float64Array;
  /** Each column's offset in doubles. */
  at: number[];
  /** Each column, `rows` doubles long, a view of the memory. */
  views: Float64Array[];
}

/**
 * Grows a kernel instance's memory to hold `count` columns of `rows` doubles from the offset
 * `first` (in doubles, at a 16-byte boundary), each at a 16-byte boundary with room for an even
 * number of rows (the last pair of an odd length reads and writes one slot past its view), and
 * returns the columns as views; null where the memory cannot grow so far. The views are made after
 * the growth: the instance's memory must not grow again, which would detach them. Unitless.
 * @example
 * // The one-page module of loadWasmKernel's example: three columns of 5 rows from offset 2.
 * const kernel = loadWasmKernel('AGFzbQEAAAAFAwEAAQYGAX8AQRALBw8CBm1lbW9yeQIAAmF0AwA=', {});
 * kernel === null ? null : growForColumns(kernel, 2, 3, 5)?.at; // => [2, 8, 14]
 */
export function growForColumns(kernel: WasmKernel, first: number, count: number, rows: number): ColumnsInMemory | null {
  const wasmMemory = kernel.exports.memory as { buffer: ArrayBuffer; grow(pages: number): number };
  const stride = (rows + 1) & ~1;
  const bytes = (first + count * stride) * 8;
  const pages = Math.ceil(bytes / 65536) - wasmMemory.buffer.byteLength / 65536;
  try {
    if (pages > 0) wasmMemory.grow(pages);
  } catch {
    return null;
  }
  const memory = new Float64Array(wasmMemory.buffer);
  const at = Array.from({ length: count }, (_, k) => first + k * stride);
  return { memory, at, views: at.map((a) => memory.subarray(a, a + rows)) };
}

/**
 * Whether a call's input can be written into a kernel-memory allocation's column `own` without
 * harm: it is that column, a number, absent, or an array outside the allocation's memory. An input
 * that is another of the allocation's columns cannot (a copy into one column could overwrite
 * another's input before it is read). Unitless.
 * @example
 * const own = new Float64Array(4);
 * ownOrForeign(own, own.subarray(0, 2)); // => false
 */
export function ownOrForeign(value: Column | undefined, own: Float64Array): boolean {
  return typeof value === 'number' || value === undefined || value === own || value.buffer !== own.buffer;
}

/**
 * Writes a call's inputs into a kernel-memory allocation's columns: each `[value, own, at]` (the
 * input, the allocation's column of its name, that column's offset in `memory`, in doubles) is
 * left alone where the input is that column, filled where it is a number, copied in otherwise;
 * for an odd n the last row is repeated into the slot after it, which the last pair of lanes
 * reads. Returns false, having written nothing, where an input is not {@link ownOrForeign}.
 * Unitless.
 * @example
 * const memory = new Float64Array(4);
 * const own = memory.subarray(0, 3);
 * stageInputs(memory, 3, [[Float64Array.of(1, 2, 3), own, 0]]);
 * Array.from(memory); // => [1, 2, 3, 3]
 */
export function stageInputs(
  memory: Float64Array,
  n: number,
  inputs: readonly (readonly [Column, Float64Array, number])[],
): boolean {
  for (const [value, own] of inputs) if (!ownOrForeign(value, own)) return false;
  for (const [value, own, at] of inputs) {
    if (value !== own) {
      if (typeof value === 'number') own.fill(value);
      else own.set(value);
    }
    if ((n & 1) === 1) memory[at + n] = memory[at + n - 1]!;
  }
  return true;
}

/**
 * Writes two tables side by side into a kernel's memory from `offset` (in doubles): first[0],
 * second[0], first[1], second[1], ..., so that one v128.load brings both entries of an index.
 * Unitless (the tables' own units).
 * @example
 * const memory = new Float64Array(4);
 * writePairs(memory, 0, Float64Array.of(1, 2), Float64Array.of(10, 20));
 * Array.from(memory); // => [1, 10, 2, 20]
 */
export function writePairs(
  memory: Float64Array,
  offset: number,
  first: ArrayLike<number>,
  second: ArrayLike<number>,
): void {
  for (let i = 0; i < first.length; i++) {
    memory[offset + 2 * i] = first[i]!;
    memory[offset + 2 * i + 1] = second[i]!;
  }
}

/**
 * A kernel's module, loaded by `load` on the first call of the returned function (and never
 * again, loaded or not); the function gives null while the kernels are switched off
 * ({@link setWasmKernels}) or where the module cannot run. Unitless.
 * @example
 * const kernel = lazyWasmKernel(() => loadWasmKernel('AGFzbQEAAAAFAwEAAQYGAX8AQRALBw8CBm1lbW9yeQIAAmF0AwA=', {}));
 * kernel()?.offset('at'); // => 2
 */
export function lazyWasmKernel<T>(load: () => T | null): () => T | null {
  let loaded: T | null | undefined;
  return () => {
    if (!wasmEnabled) return null;
    if (loaded === undefined) loaded = load();
    return loaded;
  };
}
