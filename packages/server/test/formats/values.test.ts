import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/formats/values.js';
import { runs } from '../../../../test/support/properties.js';

describe('formatNumber (the numbers of JSON and CSV bodies)', () => {
  it('rounds to the decimals and writes no value as empty', () => {
    expect(formatNumber(20.149, 1)).toBe('20.1');
    expect(formatNumber(-0.04, 1)).toBe('0');
    expect(formatNumber(Number.NaN, 1)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY, 0)).toBe('');
  });

  it('never writes Infinity for a huge finite value (1e308 x 10^d overflows)', () => {
    expect(formatNumber(1e308, 3)).toBe('1e+308');
    expect(formatNumber(-1.7e308, 2)).toBe('-1.7e+308');
  });

  it('always gives valid JSON numbers that round-trip within half a decimal', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 6 }), (x, d) => {
        const s = formatNumber(x, d);
        const back = JSON.parse(s) as number;
        expect(Number.isFinite(back)).toBe(true);
        expect(Math.abs(back - x)).toBeLessThanOrEqual(0.5 * 10 ** -d * (1 + 1e-9) + Math.abs(x) * 1e-15);
      }),
      { numRuns: runs(2000) },
    );
  });
});
