import { defineConfig } from 'tsup';

// Two entry points, as package.json "exports" promises: the core (no Node built-ins, runs in
// browsers and workers) and the server front-end; plus the command line.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    server: 'src/server/index.ts',
    cli: 'src/cli/main.ts',
  },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', server: 'src/server/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
  splitting: false,
});
