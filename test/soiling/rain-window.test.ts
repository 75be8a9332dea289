import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rollingRainSum } from '../../src/soiling/rain-window.js';
import { runs } from '../support/properties.js';

describe('rolling rain sum over blocks of rows', () => {
  it('equals the plain sum over (t - window, t] at every row of a long irregular series with gaps and missing values', () => {
    // 5000 rows (several of the kernel's blocks), steps of 5 to 60 min, showers, NaN rows; deterministic.
    const n = 5000;
    const t = new Float64Array(n);
    const rain = new Float64Array(n);
    let state = 20;
    const next = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 4_294_967_296;
    let time = 1_600_000_000;
    for (let i = 0; i < n; i++) {
      time += 300 * (1 + Math.floor(next() * 12));
      t[i] = time;
      const u = next();
      rain[i] = u < 0.03 ? Number.NaN : u < 0.15 ? next() * 4 : 0;
    }
    for (const window of [3600, 6 * 3600, 86_400]) {
      const sums = rollingRainSum({ unixSeconds: t, rainfall: rain }, { windowSeconds: window });
      for (let i = 0; i < n; i++) {
        let plain = 0;
        let seen = 0;
        for (let j = i; j >= 0 && t[j]! > t[i]! - window; j--) {
          if (!Number.isNaN(rain[j]!)) {
            plain += rain[j]!;
            seen++;
          }
        }
        if (seen === 0) expect(sums[i]).toBeNaN();
        else expect(Math.abs(sums[i]! - plain)).toBeLessThan(1e-12);
      }
    }
  });
});

/**
 * The rolling sum written row by row as pandas computes it (compensated adds and removes, the
 * equal-values shortcut, a fresh start when the window no longer overlaps): the kernel passes dry
 * stretches without these steps and must give the very same doubles, signed zeros included.
 */
function rowByRowSum(t: Float64Array, rain: Float64Array, window: number): Float64Array {
  const n = t.length;
  const out = new Float64Array(n);
  let winStart = 0;
  let sum = 0;
  let compAdd = 0;
  let compRemove = 0;
  let nobs = 0;
  let sameRun = 0;
  let prevValue = 0;
  const add = (v: number) => {
    nobs++;
    const y = v - compAdd;
    const next = sum + y;
    compAdd = next - sum - y;
    sum = next;
    sameRun = v === prevValue ? sameRun + 1 : 1;
    prevValue = v;
  };
  for (let i = 0; i < n; i++) {
    let s = winStart;
    while (s < i && t[s]! <= t[i]! - window) s++;
    if (i === 0 || s >= i) {
      sum = compAdd = compRemove = nobs = sameRun = 0;
      prevValue = rain[s]!;
      for (let j = s; j <= i; j++) if (!Number.isNaN(rain[j]!)) add(rain[j]!);
    } else {
      for (let j = winStart; j < s; j++) {
        const v = rain[j]!;
        if (Number.isNaN(v)) continue;
        nobs--;
        const y = -v - compRemove;
        const next = sum + y;
        compRemove = next - sum - y;
        sum = next;
      }
      if (!Number.isNaN(rain[i]!)) add(rain[i]!);
    }
    winStart = s;
    out[i] = nobs === 0 ? Number.NaN : sameRun >= nobs ? prevValue * nobs : sum;
  }
  return out;
}

describe('rolling rain sum through dry stretches', () => {
  it('gives the same doubles as the row-by-row sum, with -0, NaN, gaps, repeated and backward times', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            // Mostly regular 5-minute steps and dry rows, so that dry stretches are long.
            step: fc.integer({ min: 0, max: 99 }).map((k) => (k < 94 ? 300 : k < 96 ? 0 : k < 98 ? 20_000 : -600)),
            rain: fc
              .integer({ min: 0, max: 99 })
              .map((k) =>
                k < 88 ? 0 : k < 91 ? -0 : k < 93 ? Number.NaN : [0.1, 0.2, 0.3, 0.7, 1, 1e-17, 5][k - 93]!,
              ),
          }),
          { minLength: 1, maxLength: 2500 },
        ),
        fc.constantFrom(1, 300, 3600, 7200, 86_400),
        (rows, window) => {
          let time = 1_600_000_000;
          const t = new Float64Array(rows.length);
          const rain = new Float64Array(rows.length);
          rows.forEach((r, i) => {
            time += r.step;
            t[i] = time;
            rain[i] = r.rain;
          });
          const got = rollingRainSum({ unixSeconds: t, rainfall: rain }, { windowSeconds: window });
          const want = rowByRowSum(t, rain, window);
          for (let i = 0; i < rows.length; i++)
            expect(Object.is(got[i], want[i]), `row ${i}: ${got[i]} vs ${want[i]}`).toBe(true);
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('keeps a rain residue across a long dry stretch as the row-by-row sum does', () => {
    // Showers of values that do not add exactly, then weeks of zeros (many blocks), then more rain.
    const n = 30_000;
    const t = Float64Array.from({ length: n }, (_, i) => 1_600_000_000 + 300 * i);
    const rain = new Float64Array(n);
    for (let i = 0; i < n; i++) if (i % 9000 < 20) rain[i] = [0.1, 0.7, 0.2, 0.3][i % 4]!;
    for (const window of [3600, 86_400]) {
      const got = rollingRainSum({ unixSeconds: t, rainfall: rain }, { windowSeconds: window });
      const want = rowByRowSum(t, rain, window);
      for (let i = 0; i < n; i++) expect(Object.is(got[i], want[i]), `row ${i}`).toBe(true);
    }
  });
});
