/** vitest global setup: prints the property tests' seed once per run, so a failure can be replayed. */
import type { TestProject } from 'vitest/node';
import { describePropertySettings } from './property-settings.js';

export default function reportPropertySettings(project: TestProject): void {
  const { propertySeed, propertyRunsFactor, propertySeedOrigin } = project.getProvidedContext();
  console.log(
    describePropertySettings({ seed: propertySeed, runsFactor: propertyRunsFactor, origin: propertySeedOrigin }),
  );
}
