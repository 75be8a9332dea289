/**
 * docs/pvlib.md, the table of pvlib-python's public modelling functions, kept machine-checkable:
 * its rows are exactly the list scripts/pvlib/list_functions.py made from pvlib's modules
 * (fixtures/pvlib-functions.json), each row has one of the three statuses, every covered row names
 * a real export of `solarkit` or `solarkit/node`, and the number of covered rows does not fall
 * below the figure reached when the table was written (the lead raises it as branches merge).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/index.js';
import * as node from '../../src/node/index.js';

const root = resolve(__dirname, '../..');

/** Covered rows today; raise it when rows become covered. */
const COVERED_AT_LEAST = 152;

const STATUSES = ['covered', 'planned', 'left out'] as const;
type Status = (typeof STATUSES)[number];

interface Row {
  pvlib: string;
  status: string;
  solarkit: string;
  note: string;
  line: number;
}

/** The rows of the section "The table" whose first cell is a pvlib name in backticks (`pvlib.module.name`). */
function tableRows(markdown: string): Row[] {
  const rows: Row[] = [];
  let inTable = false;
  markdown.split('\n').forEach((text, index) => {
    if (text.startsWith('## ')) inTable = text === '## The table';
    if (!inTable) return;
    const match = /^\|\s*`pvlib\.([^`]+)`\s*\|(.*)\|\s*$/.exec(text);
    if (!match) return;
    const cells = match[2]!.split('|').map((cell) => cell.trim());
    rows.push({
      pvlib: match[1]!,
      status: cells[0] ?? '',
      solarkit: (cells[1] ?? '').replace(/^`|`$/g, ''),
      note: cells.slice(2).join('|'),
      line: index + 1,
    });
  });
  return rows;
}

const markdown = readFileSync(resolve(root, 'docs/pvlib.md'), 'utf8');
const rows = tableRows(markdown);
const listing = JSON.parse(readFileSync(resolve(root, 'fixtures/pvlib-functions.json'), 'utf8')) as {
  count: number;
  functions: { name: string; kind: string }[];
};

describe('docs/pvlib.md', () => {
  it("has a row for each name of scripts/pvlib/list_functions.py's list, once, in its order", () => {
    expect(listing.functions).toHaveLength(listing.count);
    expect(rows.map((r) => r.pvlib)).toEqual(listing.functions.map((f) => f.name));
  });

  it('gives each row one of the three statuses, a name when covered or planned, a reason when left out', () => {
    for (const row of rows) {
      const where = `docs/pvlib.md:${row.line} (${row.pvlib})`;
      expect(STATUSES, where).toContain(row.status as Status);
      if (row.status === 'left out') expect(row.note.length, `${where}: the reason`).toBeGreaterThan(10);
      else expect(row.solarkit, `${where}: the solarkit name`).not.toBe('');
    }
  });

  it('names a real export of solarkit or solarkit/node in every covered row, and says what checks it', () => {
    const covered = rows.filter((r) => r.status === 'covered');
    for (const row of covered) {
      const where = `docs/pvlib.md:${row.line} (${row.pvlib}: ${row.solarkit})`;
      expect(row.solarkit, where).toMatch(/^[A-Za-z_$][\w$]*$/);
      const exported = row.solarkit in core || row.solarkit in node;
      expect(exported, `${where} is not an export of solarkit or solarkit/node`).toBe(true);
      expect(
        typeof ((core as Record<string, unknown>)[row.solarkit] ?? (node as Record<string, unknown>)[row.solarkit]),
        where,
      ).toBe('function');
      expect(row.note, `${where}: the reference cases or test that check it`).not.toBe('');
    }
  });

  it(`covers at least ${COVERED_AT_LEAST} rows, and the summary table states the figures of the rows`, () => {
    const counts = { covered: 0, planned: 0, 'left out': 0 };
    for (const row of rows) counts[row.status as Status]++;
    expect(counts.covered).toBeGreaterThanOrEqual(COVERED_AT_LEAST);
    const summary = /^\| all \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$/m.exec(markdown);
    expect(summary, "the summary's `| all |` row").not.toBeNull();
    expect(summary!.slice(1).map(Number)).toEqual([rows.length, counts.covered, counts.planned, counts['left out']]);
  });
});
