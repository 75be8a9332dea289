/** The README's "Use the library" example must run as written and give plausible figures. */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

it('examples/quickstart.ts runs with tsx and prints plausible figures for a roof in Amsterdam', () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', resolve(__dirname, '../../examples/quickstart.ts')], {
    encoding: 'utf8',
  });
  expect(out).toMatch(/^hours: 8784$/m); // 2024 is a leap year
  // Midsummer noon in Amsterdam: zenith = latitude - 23.44 = 28.9 degrees (hourly samples: within a degree).
  const zenith = Number(/lowest solar zenith: ([\d.]+) deg/.exec(out)![1]);
  expect(zenith).toBeGreaterThan(28.5);
  expect(zenith).toBeLessThan(30);
  // Near local solar noon (11:40 UTC) on the solstice: 61 degrees up, due south.
  const [, elevation, azimuth] = /the sun is ([\d.]+) deg up, azimuth (\d+) deg/.exec(out)!;
  expect(Number(elevation)).toBeCloseTo(61.2, 0);
  expect(Math.abs(Number(azimuth) - 180)).toBeLessThan(3);
  // June irradiance on a 35-degree south plane in the Netherlands: about 150-200 kWh/m2.
  const poa = Number(/June plane-of-array irradiance: ([\d.]+) kWh\/m2/.exec(out)![1]);
  expect(poa).toBeGreaterThan(140);
  expect(poa).toBeLessThan(210);
  // A 5 kW roof: roughly 100-160 kWh per kWp in June, 800-1100 kWh per kWp in a year.
  const energy = Number(/June energy of a 5 kW roof: (\d+) kWh/.exec(out)![1]);
  expect(energy).toBeGreaterThan(5 * 100);
  expect(energy).toBeLessThan(5 * 160);
  const specific = Number(/2024 energy: \d+ kWh, (\d+) kWh\/kWp/.exec(out)![1]);
  expect(specific).toBeGreaterThan(800);
  expect(specific).toBeLessThan(1100);
  expect(out).toMatch(/^June CSV: 720 rows; first: 2024-06-01T01:00:00Z,0\.000,0\.000$/m);
  // The README's weather-file call: the API's CSV (three June days at Amsterdam) read with its place.
  const [, hours, fileEnergy] = /^weather file: (\d+) hours; energy of the 5 kW roof: ([\d.]+) kWh$/m.exec(out)!;
  expect(Number(hours)).toBe(72);
  // Three days around midsummer: 2 to 6 kWh per kWp a day.
  expect(Number(fileEnergy)).toBeGreaterThan(5 * 3 * 2);
  expect(Number(fileEnergy)).toBeLessThan(5 * 3 * 6);
});
