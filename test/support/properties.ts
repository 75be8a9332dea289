/**
 * Property tests' settings inside a test file: applied to fast-check by the vitest setup file
 * (test/support/property-setup.ts), and `runs(n)` for each property's number of runs.
 * See test/support/property-settings.ts for where the seed comes from.
 */
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    propertySeed: number;
    propertyRunsFactor: number;
    propertySeedOrigin: 'default' | 'environment' | 'random';
  }
}

/**
 * The number of runs of a property: its own count times the run's factor (1 in CI, 10 in
 * `npm run test:explore`).
 */
export function runs(count: number): number {
  const factor = inject('propertyRunsFactor') ?? 1;
  return Math.max(1, Math.round(count * factor));
}

/** The seed every property of this run uses. */
export function propertySeed(): number {
  return inject('propertySeed');
}
