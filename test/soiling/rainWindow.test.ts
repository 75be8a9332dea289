import { describe, expect, it } from 'vitest';
import { rollingRainSum } from '../../src/soiling/index.js';

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
      const sums = rollingRainSum(t, rain, window);
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
