/** The README's "Use the library" example must run as written and give plausible figures. */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

it('examples/quickstart.ts runs with tsx and prints plausible June figures for Amsterdam', () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', resolve(__dirname, '../../examples/quickstart.ts')], {
    encoding: 'utf8',
  });
  expect(out).toMatch(/^hours: 720$/m);
  // Midsummer noon in Amsterdam: zenith = latitude - 23.44 = 28.9 degrees (hourly samples: within a degree).
  const zenith = Number(/lowest solar zenith: ([\d.]+) deg/.exec(out)![1]);
  expect(zenith).toBeGreaterThan(28.5);
  expect(zenith).toBeLessThan(30);
  // June GHI in the Netherlands is about 150-190 kWh/m2 (KNMI De Bilt climatology).
  const ghi = Number(/June GHI: ([\d.]+) kWh\/m2/.exec(out)![1]);
  expect(ghi).toBeGreaterThan(130);
  expect(ghi).toBeLessThan(210);
  // A 5 kW roof: roughly 100-160 kWh per kWp in June.
  const energy = Number(/June energy of a 5 kW roof: (\d+) kWh/.exec(out)![1]);
  expect(energy).toBeGreaterThan(5 * 100);
  expect(energy).toBeLessThan(5 * 160);
});
