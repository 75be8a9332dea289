/** The README's embedding example must run as written: its own plugins behind the API's keys, one with a prefix. */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

it('examples/embed-server.ts: the plugins answer 200 with a key and 401 without one, the prefixed one under its prefix only', () => {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', resolve(__dirname, '../../examples/embed-server.ts')],
    {
      encoding: 'utf8',
    },
  );
  const withKey = /^with a key: 200 (\{.*\})$/m.exec(out);
  expect(withKey, out).not.toBeNull();
  const body = JSON.parse(withKey![1]!) as { account: string; capacity_kw: number; annual_kwh: number };
  expect(body.account).toBe('example');
  // The plugin's own option reached it.
  expect(body.capacity_kw).toBe(5);
  // 5 kW in Sydney: about 1,100 to 1,800 kWh per kW a year (the TMY the API computes).
  expect(body.annual_kwh / 5).toBeGreaterThan(1100);
  expect(body.annual_kwh / 5).toBeLessThan(1800);
  expect(out).toMatch(/^without a key: 401$/m);
  // The prefixed plugin's route exists only under its prefix.
  expect(out).toMatch(/^without the prefix: 404$/m);
  // The plugin given alone answers at its own path.
  expect(out).toMatch(/^ping: 200 \{"account":"example"\}$/m);
});
