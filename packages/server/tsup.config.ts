import { defineConfig } from 'tsup';

// The server package: its library entry (createServer and friends), the command line, and the
// compute pool's worker (compute/pool.ts loads `worker.js` beside the bundle that runs it). The
// core ('solarkit', 'solarkit/node') is a dependency, never bundled: tsconfig.build.json resolves
// it through node_modules to the core's built declarations (the root build runs first).
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli/main.ts',
    worker: 'src/compute/worker.ts',
  },
  // import.meta.url (where the worker is found) in the CommonJS build too.
  shims: true,
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts' } },
  tsconfig: 'tsconfig.build.json',
  external: ['solarkit', 'solarkit/node', 'solarkit/internal'],
  sourcemap: true,
  clean: true,
  target: 'node20',
  splitting: false,
});
