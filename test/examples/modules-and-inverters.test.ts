/**
 * docs/modules-and-inverters.md's worked example (examples/modules-and-inverters.ts) runs as written,
 * and its annual AC energy agrees with pvlib's ModelChain on the same plant, weather and models
 * within 0.1 % (issue 30): fixtures/examples/modules-and-inverters.json holds pvlib's figures, made
 * by scripts/pvlib/modules_example.py.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const pvlib = JSON.parse(readFileSync(join(ROOT, 'fixtures/examples/modules-and-inverters.json'), 'utf8')) as {
  annual_ac_kwh: number;
  monthly_ac_kwh: number[];
};

it('examples/modules-and-inverters.ts agrees with pvlib ModelChain within 0.1 % a year and writes its I-V chart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-modules-example-'));
  try {
    const chart = join(dir, 'iv.svg');
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'examples/modules-and-inverters.ts'), chart],
      { encoding: 'utf8' },
    );
    const annual = Number(/annual AC energy: ([\d.]+) kWh/.exec(out)![1]);
    expect(Math.abs(annual - pvlib.annual_ac_kwh) / pvlib.annual_ac_kwh).toBeLessThan(0.001);
    // Months: the example sums by UTC month, pvlib by the local (UTC-5) month, so the last hours of
    // each month move; each month still agrees within 0.5 %.
    const monthly = /monthly AC energy, kWh: ([\d ]+)/.exec(out)![1]!.trim().split(' ').map(Number);
    expect(monthly).toHaveLength(12);
    monthly.forEach((kwh, m) =>
      expect(Math.abs(kwh - pvlib.monthly_ac_kwh[m]!) / pvlib.monthly_ac_kwh[m]!).toBeLessThan(0.005),
    );
    // The sunniest hour's maximum power point lies on the array's curve: 14 modules of about 47 V.
    const [, volts, amps, kw] = /maximum power point at [\dT:-]+: (\d+) V, ([\d.]+) A, ([\d.]+) kW/.exec(out)!;
    expect(Number(volts)).toBeGreaterThan(14 * 38);
    expect(Number(volts)).toBeLessThan(14 * 50);
    expect((Number(volts) * Number(amps)) / 1000).toBeCloseTo(Number(kw), 0);
    const svg = readFileSync(chart, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    // 100 points of the curve in one path.
    expect(/<path d="([^"]+)"/.exec(svg)![1]!.split(/[ML]/).filter(Boolean)).toHaveLength(100);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
