import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsvRecords } from '../../src/util/csv-records.js';
import { runs } from '../support/properties.js';

/** RFC 4180 quoting: a field with a comma, quote or line break in quotes, quotes doubled. */
function quote(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

describe('parseCsvRecords', () => {
  it('reads back any records written with RFC 4180 quoting, with the line each starts on', () => {
    // Fields drawn from the characters that matter to the grammar (and a letter); a record of one
    // empty field is an empty line, which the reader skips as pandas does, so records have a
    // non-empty first field.
    const field = fc.stringMatching(/^[a",\r\n ]{0,6}$/);
    const record = fc.tuple(
      field.filter((f) => f !== ''),
      fc.array(field, { maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\r\n'), (records, eol) => {
        const rows = records.map(([first, rest]) => [first, ...rest]);
        const text = rows.map((r) => r.map(quote).join(',')).join(eol) + eol;
        const parsed = parseCsvRecords(text);
        expect(parsed.map((r) => r.fields)).toEqual(rows);
        // Each record starts one line after the previous one's line breaks (inside quotes too).
        let line = 1;
        rows.forEach((r, i) => {
          expect(parsed[i]!.line).toBe(line);
          line += 1 + (r.join(',').match(/\r\n|\r|\n/g)?.length ?? 0);
        });
      }),
      { numRuns: runs(200) },
    );
  });

  it('reads a quote left open to the end of the text, for the caller to find the short row', () => {
    expect(parseCsvRecords('a,"b\nc,d\n')).toEqual([{ fields: ['a', 'b\nc,d\n'], line: 1 }]);
  });
});
