import { describe, expect, it } from 'vitest';
import { arrayOf, columnOf, maskOf, scalarOf } from '../../src/util/columns.js';

describe('column helpers shared by the kernels', () => {
  const column = Float64Array.of(1, 2, 3);

  it('arrayOf gives the array of a column and null for a scalar, an absent or a null input', () => {
    expect(arrayOf(column)).toBe(column);
    expect(arrayOf(5)).toBeNull();
    expect(arrayOf(undefined)).toBeNull();
    expect(arrayOf(null)).toBeNull();
  });

  it('scalarOf gives the scalar, the fallback when absent, and 0 for an array column', () => {
    expect(scalarOf(5)).toBe(5);
    expect(scalarOf(undefined, 0.25)).toBe(0.25);
    expect(scalarOf(null, 7)).toBe(7);
    expect(scalarOf(undefined)).toBe(0);
    expect(scalarOf(column, 9)).toBe(0);
  });

  it('columnOf and maskOf read every row of a column, and the one value of a scalar for every row', () => {
    const read = (x: Float64Array | number | undefined, fallback: number) => {
      const a = columnOf(x, fallback);
      const m = maskOf(x);
      return [0, 1, 2].map((i) => a[i & m]);
    };
    expect(read(column, 0)).toEqual([1, 2, 3]);
    expect(read(4, 0)).toEqual([4, 4, 4]);
    expect(read(undefined, 0.25)).toEqual([0.25, 0.25, 0.25]);
    expect(columnOf(column, 0)).toBe(column);
  });
});
