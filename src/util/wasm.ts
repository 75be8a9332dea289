/**
 * Loading of the WebAssembly SIMD kernels (the .wat files under src/**\/wasm, compiled by
 * scripts/build-wasm.ts into base64 modules). A kernel's module is compiled synchronously, once,
 * on its first use: the modules are a few kB, under the 4 kB that browsers allow for synchronous
 * compilation on the main thread. Where WebAssembly or its SIMD instructions are missing, or
 * compilation or instantiation throws (a content security policy without 'wasm-unsafe-eval', for
 * one), the kernel's caller runs its TypeScript form instead, which gives the same doubles.
 */

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

/**
 * Whether the WebAssembly kernels may run (see {@link setWasmKernels}); a kernel still needs its
 * module to load.
 * @example
 * wasmKernelsEnabled(); // => true
 */
export function wasmKernelsEnabled(): boolean {
  return wasmEnabled;
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
