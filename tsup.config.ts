import { defineConfig } from 'tsup';

// The core package's two entry points, as package.json "exports" promises: the core itself (no
// Node built-ins: it runs in browsers and workers) and `solarkit/node`, the Node adapters (the
// data directory, the global elevation grid, DEM tiles, weather files on disk). The server and
// the command line are the workspace package packages/server, built by its own tsup config.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    node: 'src/node/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  // Shared code of the two entries in common chunks, so `solarkit/node` and `solarkit` share one
  // copy of the core's modules (one class identity for errors, one set of tables).
  splitting: true,
  treeshake: true,
});
