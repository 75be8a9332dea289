import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/commands.js';
import { type SimulateCommandOptions, simulateCommand } from '../../src/cli/simulate.js';
import type { CliIo } from '../../src/cli/io.js';
import { weatherFile } from '../../../../test/support/data.js';

const dir = mkdtempSync(join(tmpdir(), 'solarkit-simulate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture(): CliIo & { outLines: string[]; errLines: string[] } {
  const outLines: string[] = [];
  const errLines: string[] = [];
  return { outLines, errLines, out: (l) => outLines.push(l), err: (l) => errLines.push(l) };
}

const HEADER = 'id,latitude,longitude,capacity_kw,tilt,azimuth,loss_factor,array_type';
const rows = Array.from(
  { length: 30 },
  (_, i) =>
    `roof-${i},${(52 + (i % 6) * 0.02).toFixed(2)},${(4.9 + (i % 4) * 0.03).toFixed(2)},${3 + (i % 5)},${20 + (i % 4) * 5},${150 + (i % 7) * 10},${i % 3 === 0 ? '0.9' : ''},${i % 10 === 7 ? 'horizontal_single_axis' : 'fixed'}`,
);
const sitesFile = join(dir, 'sites.csv');
writeFileSync(sitesFile, [HEADER, ...rows, ''].join('\n'));
// Ten days of March: quick, and long enough for real sums.
const PERIOD = { start: '2024-03-01', end: '2024-03-11' };

/** The CSV's rows as objects of text cells. */
function readCsv(path: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(path, 'utf8').trimEnd().split('\n');
  const names = header!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v])));
}

describe('solarkit simulate', () => {
  it('lists every bad row (line, field, reason) and computes nothing; --skip-invalid goes on without them', async () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(
      bad,
      [HEADER, rows[0], 'x,91,5,4,30,180,,', 'y,52,5,0,30,180,2,', rows[0], 'z,52,5,4,30,180,,flat'].join('\n'),
    );
    const out = join(dir, 'bad-out.csv');
    const io = capture();
    const code = await main(
      ['simulate', '--sites', bad, '--start', PERIOD.start, '--end', PERIOD.end, '--out', out, '--threads', '1'],
      io,
    );
    expect(code).toBe(1);
    expect(existsSync(out)).toBe(false);
    const listed = io.errLines.filter((l) => /^\d+\t/.test(l)).map((l) => l.split('\t').slice(0, 2).join(':'));
    expect(listed).toEqual(['3:latitude', '4:capacity_kw', '4:loss_factor', '5:id', '6:array_type']);
    expect(io.errLines.join('\n')).toMatch(/4 bad rows/);
    expect(io.errLines.join('\n')).toMatch(/nothing was computed/);

    const io2 = capture();
    expect(
      await main(
        [
          'simulate',
          '--sites',
          bad,
          '--start',
          PERIOD.start,
          '--end',
          PERIOD.end,
          '--out',
          out,
          '--threads',
          '1',
          '--skip-invalid',
          '--progress',
          'none',
        ],
        io2,
      ),
    ).toBe(0);
    expect(readCsv(out).map((r) => r.id)).toEqual(['roof-0']);
  });

  it('refuses bad options with a usage error naming the option', async () => {
    const io = capture();
    expect(await main(['simulate', '--sites', sitesFile, '--out', join(dir, 'x.txt'), '--year', '2024'], io)).toBe(2);
    expect(io.errLines[0]).toMatch(/--out must end in \.csv or \.parquet/);
    const io2 = capture();
    expect(await main(['simulate', '--sites', sitesFile, '--out', join(dir, 'x.csv')], io2)).toBe(2);
    expect(io2.errLines[0]).toMatch(/--year/);
  });

  it('writes Parquet that its own reader reads back equal to the CSV, monthly aggregates, 2 threads', async () => {
    const csv = join(dir, 'monthly.csv');
    const parquet = join(dir, 'monthly.parquet');
    const common = [
      'simulate',
      '--sites',
      sitesFile,
      '--start',
      PERIOD.start,
      '--end',
      PERIOD.end,
      '--aggregate',
      'monthly',
      '--weather-grid',
      '0.05',
      '--progress',
      'none',
    ];
    expect(await main([...common, '--out', csv, '--threads', '2'], capture())).toBe(0);
    expect(await main([...common, '--out', parquet, '--threads', '2'], capture())).toBe(0);
    const fromCsv = readCsv(csv);
    // Ten days of March 2024: one month, 2024-03 (it printed 12 months, 11 of them zero).
    expect(fromCsv).toHaveLength(30);
    expect(new Set(fromCsv.map((r) => r.month))).toEqual(new Set(['2024-03']));
    const file = await asyncBufferFromFile(parquet);
    const fromParquet = await parquetReadObjects({ file });
    expect(fromParquet).toHaveLength(fromCsv.length);
    for (let i = 0; i < fromCsv.length; i++) {
      const c = fromCsv[i]!;
      const p = fromParquet[i]!;
      expect(p.id).toBe(c.id);
      expect(p.month).toBe(c.month);
      // The CSV writes each double in its shortest exact form: equal numbers, bit for bit.
      expect(p.energy_kwh).toBe(Number(c.energy_kwh));
      expect(p.specific_yield_kwh_per_kw).toBe(Number(c.specific_yield_kwh_per_kw));
    }
    expect(fromCsv.every((r) => Number(r.energy_kwh) > 0)).toBe(true);
  });

  it('writes the time series (aggregate none) with ISO period ends, the same in CSV and Parquet', async () => {
    const few = join(dir, 'few.csv');
    writeFileSync(few, [HEADER, ...rows.slice(0, 2)].join('\n'));
    const csv = join(dir, 'series.csv');
    const parquet = join(dir, 'series.parquet');
    const common = [
      'simulate',
      '--sites',
      few,
      '--start',
      '2024-03-01',
      '--end',
      '2024-03-02',
      '--aggregate',
      'none',
      '--threads',
      '1',
      '--progress',
      'none',
    ];
    expect(await main([...common, '--out', csv], capture())).toBe(0);
    expect(await main([...common, '--out', parquet], capture())).toBe(0);
    const fromCsv = readCsv(csv);
    expect(fromCsv).toHaveLength(48);
    expect(fromCsv[0]).toMatchObject({ id: 'roof-0', period_end: '2024-03-01T01:00:00Z' });
    const fromParquet = await parquetReadObjects({ file: await asyncBufferFromFile(parquet) });
    expect(
      fromParquet.map((r) => `${r.id} ${(r.period_end as Date).toISOString().replace('.000Z', 'Z')} ${r.power_kw}`),
    ).toEqual(fromCsv.map((r) => `${r.id} ${r.period_end} ${Number(r.power_kw)}`));
  });

  it.each(['csv', 'parquet'])('leaves a valid %s file of the sites done when the run is aborted', async (format) => {
    const out = join(dir, `aborted.${format}`);
    const controller = new AbortController();
    const options: SimulateCommandOptions = {
      sites: sitesFile,
      start: PERIOD.start,
      end: PERIOD.end,
      out,
      threads: 1,
      progress: 'none',
      // Abort after the second batch of 8 sites.
      onProgress: (p) => {
        if (p.done >= 16) controller.abort(new Error('interrupted'));
      },
    };
    const io = capture();
    expect(await simulateCommand(options, io, controller.signal)).toBe(130);
    expect(io.errLines.join('\n')).toMatch(/holds the sites finished so far/);
    const expected = rows.slice(0, 16).map((r) => r.split(',')[0]);
    if (format === 'csv') {
      expect(readCsv(out).map((r) => r.id)).toEqual(expected);
    } else {
      const file = await asyncBufferFromFile(out);
      const meta = await parquetMetadataAsync(file);
      expect(Number(meta.num_rows)).toBe(16);
      const back = await parquetReadObjects({ file });
      expect(back.map((r) => r.id)).toEqual(expected);
      expect(back.every((r) => (r.energy_kwh as number) > 0)).toBe(true);
    }
  });
});

describe('solarkit simulate at the edges of issue 34', () => {
  const amsterdam = weatherFile('epw_amsterdam_iwec_062400.epw');
  const farSites = join(dir, 'far.csv');
  writeFileSync(farSites, `${HEADER}\nnear,52.3,4.9,4,35,180,,fixed\npacific,0,-150,4,10,180,,fixed\n`);

  it('--weather FILE on a site far from the file is refused naming the site, the distance and the option', async () => {
    const io = capture();
    const out = join(dir, 'far-out.csv');
    const code = await main(
      ['simulate', '--sites', farSites, '--weather', amsterdam, '--out', out, '--threads', '1', '--progress', 'none'],
      io,
    );
    expect(code).toBe(1);
    const line = io.errLines.find((l) => l.startsWith('site pacific:'));
    expect(line).toMatch(/is [\d,]+ km from the place of its weather file .* more than the 100 km allowed/);
    expect(line).toMatch(/--max-weather-distance KM/);
    expect(line).toMatch(/--on-far-weather warn/);
    expect(readCsv(out).map((r) => r.id)).toEqual(['near']);
  });

  it('--on-far-weather warn computes it with a warning; --max-weather-distance allows more', async () => {
    const io = capture();
    const out = join(dir, 'far-warn.csv');
    const args = [
      'simulate',
      '--sites',
      farSites,
      '--weather',
      amsterdam,
      '--out',
      out,
      '--threads',
      '1',
      '--progress',
      'none',
    ];
    expect(await main([...args, '--on-far-weather', 'warn'], io)).toBe(0);
    expect(io.errLines.some((l) => /^warning: site pacific .* km /.test(l))).toBe(true);
    expect(readCsv(out).map((r) => r.id)).toEqual(['near', 'pacific']);
    const io2 = capture();
    expect(await main([...args, '--max-weather-distance', '20100'], io2)).toBe(0);
    expect(io2.errLines).toEqual([]);
    const io3 = capture();
    expect(await main([...args, '--on-far-weather', 'maybe'], io3)).toBe(2);
    const io4 = capture();
    expect(
      await main(['simulate', '--sites', farSites, '--year', '2023', '--max-weather-distance', '5', '--out', out], io4),
    ).toBe(2);
  });

  it('monthly over 2024-01 .. 2025-03 gives 2024-01 ... 2025-03; annual says what it sums, per year', async () => {
    const one = join(dir, 'one.csv');
    writeFileSync(one, `${HEADER}\nroof,52.1,5.1,4,35,180,,fixed\n`);
    const window = ['--start', '2024-01-01', '--end', '2025-04-01', '--threads', '1', '--progress', 'none'];
    const monthly = join(dir, 'months.csv');
    expect(
      await main(['simulate', '--sites', one, ...window, '--aggregate', 'monthly', '--out', monthly], capture()),
    ).toBe(0);
    const rows = readCsv(monthly);
    expect(rows.map((r) => r.month)).toEqual([
      ...Array.from({ length: 12 }, (_, m) => `2024-${String(m + 1).padStart(2, '0')}`),
      '2025-01',
      '2025-02',
      '2025-03',
    ]);
    expect(rows.every((r) => Number(r.energy_kwh) > 0)).toBe(true);
    const annual = join(dir, 'annual-15.csv');
    const io = capture();
    expect(await main(['simulate', '--sites', one, ...window, '--out', annual], io)).toBe(0);
    const [row] = readCsv(annual);
    expect(Number(row!.energy_kwh)).toBeCloseTo(
      rows.reduce((a, r) => a + Number(r.energy_kwh), 0),
      6,
    );
    // Per year: 850-1100 kWh/kWp for a Dutch roof (it printed the 15 months' 2,242 as if a year's).
    expect(Number(row!.specific_yield_kwh_per_kw)).toBeGreaterThan(850);
    expect(Number(row!.specific_yield_kwh_per_kw)).toBeLessThan(1100);
    expect(io.errLines).toEqual([
      'note: the period is 456 days, not one year: energy_kwh is its total, and specific_yield_kwh_per_kw is per year (energy / capacity / 1.2485 years); --aggregate monthly gives each month of each year',
    ]);
  });
});
