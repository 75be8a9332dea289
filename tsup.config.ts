import { defineConfig } from 'tsup';

// The core package's two entry points, as package.json "exports" promises: the core itself (no
// Node built-ins: it runs in browsers and workers) and `solarkit/node`, the Node adapters (the
// data directory, the global elevation grid, DEM tiles, weather files on disk). The server and
// the command line are the workspace package packages/server, built by its own tsup config.
//
// ESM is emitted module by module (dist/**/*.js mirrors src/**/*.ts): with "sideEffects": false a
// bundler then drops every module a program does not import, so a browser bundle of
// `solarPositionSpa` holds the solar position modules only, not luxon, ndarray or the
// coefficient tables of other models. Both entries share the same module files (one class
// identity for errors, one set of tables). CJS consumers (require) get one bundled file per
// entry, with the code the two share in a common chunk. Type declarations are bundled per entry.
// `npm run build` empties dist/ first.
const common = {
  sourcemap: true,
  clean: false,
  target: 'node20',
  treeshake: true,
} as const;

export default defineConfig([
  {
    ...common,
    entry: ['src/**/*.ts'],
    format: ['esm'],
    bundle: false,
    dts: false,
  },
  {
    ...common,
    entry: { index: 'src/index.ts', node: 'src/node/index.ts', internal: 'src/internal.ts' },
    format: ['cjs'],
    splitting: true,
    dts: false,
  },
  {
    entry: { index: 'src/index.ts', node: 'src/node/index.ts', internal: 'src/internal.ts' },
    format: ['esm', 'cjs'],
    dts: { only: true },
    clean: false,
  },
]);
