import { defineConfig } from 'vitest/config';

// The packaging test (test/package): runs on the built package, after `npm run build`, as
// `npm run test:package` (.ci/run does). Kept out of `npm test`, which needs no build.
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
