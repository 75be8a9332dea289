import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // In CI, also write a JSON report: .ci/run prints a plain "N passed, N failed" line from it.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.tmp/vitest-report.json' }]] : ['default'],
  },
});
