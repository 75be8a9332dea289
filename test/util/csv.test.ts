import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/index.js';

describe('toCsv', () => {
  it('writes a header and one line per row; times as ISO 8601 UTC; NaN as an empty cell', () => {
    const csv = toCsv({
      periodEnd: Float64Array.of(1718971200, 1718974800.5),
      ac: Float64Array.of(2.5, Number.NaN),
      label: ['clear, sunny', 'say "hi"'],
    });
    expect(csv).toBe(
      'periodEnd,ac,label\n2024-06-21T12:00:00Z,2.5,"clear, sunny"\n2024-06-21T13:00:00.500Z,,"say ""hi"""\n',
    );
  });

  it('rounds to the decimals asked for, per column or all, and ends lines as asked', () => {
    const columns = { t: Float64Array.of(0, 3600), x: Float64Array.of(1 / 3, 2 / 3), y: [1.23456, -0.5] };
    expect(toCsv(columns, { decimals: { x: 2 }, timeColumns: ['t'], newline: '\r\n' })).toBe(
      't,x,y\r\n1970-01-01T00:00:00Z,0.33,1.23456\r\n1970-01-01T01:00:00Z,0.67,-0.5\r\n',
    );
    expect(toCsv({ x: Float64Array.of(1 / 3) }, { decimals: 3 })).toBe('x\n0.333\n');
    // Full precision reads back exactly.
    const v = Math.PI * 1e-7;
    expect(Number(toCsv({ v: Float64Array.of(v) }).split('\n')[1])).toBe(v);
  });

  it('names the column of a wrong length, of a wrong kind, and a wrong option', () => {
    expect(() => toCsv({ a: new Float64Array(3), b: new Float64Array(2) })).toThrow(
      'toCsv: columns.b has length 2 but columns.a has length 3',
    );
    expect(() => toCsv({ a: 5 as never })).toThrow(/toCsv: columns.a must be a column/);
    expect(() => toCsv({})).toThrow(RangeError);
    expect(() => toCsv({ a: new Float64Array(1) }, { timeColumns: ['time'] })).toThrow(
      /options.timeColumns must be names of columns \(a\)/,
    );
    expect(() => toCsv({ a: new Float64Array(1) }, { decimals: -1 })).toThrow(/options.decimals/);
  });
});
