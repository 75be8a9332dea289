/**
 * docs/model-chains.md's worked examples (examples/chain-*.ts) run as written, write their charts,
 * and their annual AC energy agrees with pvlib's ModelChain on the same systems, weather and models
 * within 0.1 % (issue 31): fixtures/examples/model-chains.json holds pvlib's figures, made by
 * scripts/pvlib/model_chains_example.py.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const pvlib = JSON.parse(readFileSync(join(ROOT, 'fixtures/examples/model-chains.json'), 'utf8')) as Record<
  string,
  { annual_ac_kwh: number; monthly_ac_kwh: number[]; models: Record<string, string> }
>;

function runExample(script: string): { out: string; svg: string } {
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-chain-example-'));
  try {
    const chart = join(dir, 'chart.svg');
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'examples', script), chart], {
      encoding: 'utf8',
    });
    return { out, svg: readFileSync(chart, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const annualOf = (out: string) => Number(/annual AC energy: ([\d.]+) kWh/.exec(out)![1]);
const monthlyOf = (out: string) => /monthly AC energy, kWh: ([\d ]+)/.exec(out)![1]!.trim().split(' ').map(Number);
const modelsOf = (out: string) => JSON.parse(/models: (\{.*\})/.exec(out)![1]!) as Record<string, string>;

describe('the model chain examples agree with pvlib ModelChain within 0.1 % a year', () => {
  it('(a) an east-west roof: two arrays on the two inputs of one inverter', () => {
    const { out, svg } = runExample('chain-east-west-roof.ts');
    const ref = pvlib.east_west_roof!;
    expect(Math.abs(annualOf(out) - ref.annual_ac_kwh) / ref.annual_ac_kwh).toBeLessThan(0.001);
    monthlyOf(out).forEach((kwh, m) =>
      expect(Math.abs(kwh - ref.monthly_ac_kwh[m]!)).toBeLessThan(0.005 * ref.monthly_ac_kwh[m]! + 0.5),
    );
    // The models pvlib inferred, inferred the same way.
    expect(modelsOf(out)).toMatchObject({ transposition: 'haydavies', dc: 'cec', ac: 'sandia', temperature: 'sapm' });
    // The chart: three lines (east DC, west DC, AC) of one day.
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<path d=/g)).toHaveLength(3);
  });

  it('(b) a tracker field with row shading and bifacial modules', () => {
    const { out, svg } = runExample('chain-tracker-field.ts');
    const ref = pvlib.tracker_field!;
    expect(Math.abs(annualOf(out) - ref.annual_ac_kwh) / ref.annual_ac_kwh).toBeLessThan(0.001);
    monthlyOf(out).forEach((kwh, m) =>
      expect(Math.abs(kwh - ref.monthly_ac_kwh[m]!)).toBeLessThan(0.005 * ref.monthly_ac_kwh[m]! + 0.5),
    );
    expect(modelsOf(out)).toMatchObject({ transposition: 'haydavies', aoi: 'physical', dc: 'pvwatts', ac: 'pvwatts' });
    // Without backtracking the rows shade each other for a good part of the year's sunlit hours.
    expect(Number(/hours with row shade: (\d+)/.exec(out)![1])).toBeGreaterThan(500);
    expect(svg.match(/<path d=/g)).toHaveLength(3);
  });

  it('(c) a monitored plant run from its measured POA', () => {
    const { out, svg } = runExample('chain-monitored-plant.ts');
    const ref = pvlib.monitored_plant!;
    expect(Math.abs(annualOf(out) - ref.annual_ac_kwh) / ref.annual_ac_kwh).toBeLessThan(0.001);
    monthlyOf(out).forEach((kwh, m) =>
      expect(Math.abs(kwh - ref.monthly_ac_kwh[m]!)).toBeLessThan(0.005 * ref.monthly_ac_kwh[m]! + 0.5),
    );
    expect(modelsOf(out)).toMatchObject({
      aoi: 'sapm',
      spectral: 'sapm',
      dc: 'sapm',
      ac: 'adr',
      temperature: 'faiman',
    });
    // The chart: 12 months x two series of bars.
    expect(svg.match(/<rect [^>]*height/g)!.length).toBeGreaterThanOrEqual(24);
  });
});
