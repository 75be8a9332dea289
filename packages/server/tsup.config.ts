import { defineConfig } from 'tsup';

// The server package: its library entry (createServer and friends) and the command line. The core
// ('solarkit', 'solarkit/node') is a dependency, never bundled: tsconfig.build.json resolves it
// through node_modules to the core's built declarations (the root build runs first).
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli/main.ts',
  },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts' } },
  tsconfig: 'tsconfig.build.json',
  external: ['solarkit', 'solarkit/node'],
  sourcemap: true,
  clean: true,
  target: 'node20',
  splitting: false,
});
