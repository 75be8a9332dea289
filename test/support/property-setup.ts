/**
 * vitest setup file (runs before each test file): every fast-check property of the run uses one
 * seed (fixed in CI, random in test:explore) and a default of runs(100) runs.
 */
import fc from 'fast-check';
import { propertySeed, runs } from './properties.js';

fc.configureGlobal({ seed: propertySeed(), numRuns: runs(100) });
