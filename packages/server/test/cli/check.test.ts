/**
 * `solarkit check FILE`: the monthly counts of the BSRN/QCRad flags of a real weather file with
 * a few rows made wrong on purpose, the HTML chart, and the errors of files that cannot be checked.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/commands.js';
import { weatherFile, weatherText } from '../../../../test/support/data.js';

const dir = mkdtempSync(join(tmpdir(), 'solarkit-cli-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function sk(args: string[]): Promise<{ code: number; out: string[]; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(...l.split('\n')), err: (l) => err.push(...l.split('\n')) }, {});
  return { code, out, stderr: err.join('\n') };
}

/** The Amsterdam EPW with fields (13 GHI, 14 DNI, 15 DHI) of some rows (month, day, hour) replaced. */
function epwWith(edits: { month: number; day: number; hour: number; field: number; value: number }[]): string {
  const lines = weatherText('epw_amsterdam_iwec_062400.epw').split('\n');
  for (const e of edits) {
    const i = lines.findIndex((l, k) => {
      const f = l.split(',');
      return k >= 8 && Number(f[1]) === e.month && Number(f[2]) === e.day && Number(f[3]) === e.hour;
    });
    expect(i).toBeGreaterThan(7);
    const f = lines[i]!.split(',');
    f[e.field] = String(e.value);
    lines[i] = f.join(',');
  }
  return lines.join('\n');
}

describe('solarkit check', () => {
  it('counts the points and the flags of each test per month', async () => {
    const file = join(dir, 'amsterdam.epw');
    writeFileSync(
      file,
      epwWith([
        // 15 January 12:00-13:00: GHI 3000 W/m2 with the sun 74 degrees from the zenith: beyond both
        // GHI limits (about 550 and 430 W/m2), and 50 times DNI cos z + DHI (59 W/m2).
        { month: 1, day: 15, hour: 13, field: 13, value: 3000 },
        // 21 June 12:00-13:00: DHI -10 W/m2, below both lower limits (-4, -2); the sum is under 50: untested.
        { month: 6, day: 21, hour: 13, field: 15, value: -10 },
        // 21 June 11:00-12:00: DHI 460 over GHI 396 (fraction 1.16 > 1.05) and GHI 0.84 of the sum (< 0.92).
        { month: 6, day: 21, hour: 12, field: 15, value: 460 },
        // 21 June 01:00-02:00, night: DNI 50 W/m2, within Sa but above the rare limit's 10 W/m2.
        { month: 6, day: 21, hour: 2, field: 14, value: 50 },
      ]),
    );
    const r = await sk(['check', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.out[0]).toBe(`${file}: epw, 52.3, 4.77, a typical year, every 60 min; months in UTC+1`);
    expect(r.out[1]).toBe(
      'month\tpoints\tghi_ppl\tghi_erl\tdhi_ppl\tdhi_erl\tdni_ppl\tdni_erl\tclosure\tdiffuse_fraction',
    );
    const table = r.out.slice(2, 15).map((l) => l.split('\t'));
    expect(table.map((row) => row[0])).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
      'total',
    ]);
    const rows = Object.fromEntries(table.map((row) => [`m${row[0]}`, row.slice(1).map(Number)]));
    expect(rows.m01).toEqual([744, 1, 1, 0, 0, 0, 0, 1, 0]);
    expect(rows.m02).toEqual([672, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(rows.m06).toEqual([720, 0, 0, 1, 1, 0, 1, 1, 1]);
    expect(rows.mtotal).toEqual([8760, 1, 1, 1, 1, 0, 1, 2, 1]);
    expect(r.out[15]).toMatch(/^flags: _ppl outside the physically possible limits/);
  });

  it('writes the flagged points as an HTML chart with --html', async () => {
    const file = join(dir, 'bad-noon.epw');
    writeFileSync(file, epwWith([{ month: 1, day: 15, hour: 13, field: 13, value: 3000 }]));
    const html = join(dir, 'check.html');
    const r = await sk(['check', file, '--html', html]);
    expect(r.code).toBe(0);
    expect(r.out.at(-1)).toBe(`chart: ${html}`);
    const page = readFileSync(html, 'utf8');
    expect(page).toMatch(/^<!DOCTYPE html>/);
    expect(page.match(/<svg /g)).toHaveLength(4); // GHI, DHI, DNI, closure
    expect(page).toContain('GHI: 1 points flagged');
    expect(page).toContain('Closure GHI / (DNI cos z + DHI): 1 points flagged');
    // The flagged point in red (outside the physically possible limit), the others grey.
    expect(page).toContain('stroke="#d62728" stroke-width="3"');
  });

  it('reads the other formats: a PSM3 half-hourly year, months of its local standard time', async () => {
    const r = await sk(['check', weatherFile('nsrdb_psm3_2017_40.5137_-108.5449.csv')]);
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(
      /: psm3, 40\.5137, -108\.5449, 2017-01-01T07:15:00Z \.\. 2018-01-01T06:45:00Z, every 30 min; months in UTC-7$/,
    );
    expect(r.out[2]!.split('\t').slice(0, 2)).toEqual(['2017-01', '1488']);
    expect(r.out[14]!.split('\t').slice(0, 2)).toEqual(['total', '17520']);
  });

  it('names what is wrong with a file it cannot check', async () => {
    const missing = await sk(['check', join(dir, 'nope.epw')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: cannot read .*nope\.epw: no such file$/);

    const folder = join(dir, 'folder');
    mkdirSync(folder);
    const isDir = await sk(['check', folder]);
    expect(isDir.code).toBe(1);
    expect(isDir.stderr).toMatch(/cannot read .*folder: .*(directory|not a regular file)/);

    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'hello\nworld\n');
    const unknown = await sk(['check', notes]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/notes\.txt: unknown weather file format; expected EPW/);

    // A PSM4 file without its metadata and no place in its name: the place must be given.
    const bare = join(dir, 'bare.csv');
    writeFileSync(bare, weatherText('nsrdb_psm4_2023_40.5137_-108.5449_no_metadata.csv'));
    const noPlace = await sk(['check', bare]);
    expect(noPlace.code).toBe(1);
    expect(noPlace.stderr).toMatch(/bare\.csv does not say where it was measured; give --latitude and --longitude/);
    const given = await sk(['check', bare, '--latitude', '40.5137', '--longitude', '-108.5449', '--time-zone', '-7']);
    expect(given.stderr).toBe('');
    expect(given.code).toBe(0);

    const half = await sk(['check', bare, '--latitude', '40.5']);
    expect(half.code).toBe(2);
    expect(half.stderr).toMatch(/give both --latitude and --longitude/);

    const unwritable = await sk([
      'check',
      weatherFile('epw_amsterdam_iwec_062400.epw'),
      '--html',
      join(dir, 'no', 'such', 'dir.html'),
    ]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toMatch(/cannot write .*dir\.html: no such file/);
  });
});
