import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // The server package imports the core by name; in the repository that is the core's source
    // (the same mapping as tsconfig.json's paths), so tests never run a stale dist/.
    alias: [
      { find: /^solarkit\/node$/, replacement: here('./src/node/index.ts') },
      { find: /^solarkit$/, replacement: here('./src/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // In CI, also write a JSON report: .ci/run prints a plain "N passed, N failed" line from it.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.tmp/vitest-report.json' }]] : ['default'],
  },
});
