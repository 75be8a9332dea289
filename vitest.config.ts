import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { propertySettings } from './test/support/property-settings.js';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ mode }) => {
  // Property tests: a fixed seed unless SOLARKIT_PROPERTY_SEED says otherwise; `--mode explore`
  // (npm run test:explore) draws a random seed and runs 10 times more cases.
  const property = propertySettings(process.env, mode);
  return {
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
      // The packaging test needs the build: `npm run test:package` (vitest.package.config.ts).
      exclude: ['test/package/**', '**/node_modules/**'],
      // Properties run runsFactor times more cases in explore mode: give them as much more time.
      testTimeout: 60_000 * Math.max(1, property.runsFactor),
      hookTimeout: 60_000,
      pool: 'forks',
      provide: {
        propertySeed: property.seed,
        propertyRunsFactor: property.runsFactor,
        propertySeedOrigin: property.origin,
      },
      globalSetup: ['test/support/property-report.ts'],
      setupFiles: ['test/support/property-setup.ts'],
      // In CI, also write a JSON report: .ci/run prints a plain "N passed, N failed" line from it.
      reporters: process.env.CI ? ['default', ['json', { outputFile: '.tmp/vitest-report.json' }]] : ['default'],
    },
  };
});
