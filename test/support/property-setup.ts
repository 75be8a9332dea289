/**
 * vitest setup file (runs before each test file): every fast-check property of the run uses one
 * seed (fixed in CI, random in test:explore) and a default of runs(100) runs.
 */
import fc from 'fast-check';
import { afterEach } from 'vitest';
import { propertySeed, runs } from './properties.js';

fc.configureGlobal({ seed: propertySeed(), numRuns: runs(100) });

// Long synchronous properties (tens of seconds each in test:explore) keep the worker from reading
// vitest's replies; a macrotask turn after each test lets it, so that its calls to the main
// process do not time out ("Timeout calling onTaskUpdate") across several long tests in a row.
afterEach(() => new Promise<void>((resolve) => setImmediate(resolve)));
