import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearskyIndex, detectClearsky } from '../../src/atmosphere/index.js';

const f64 = (...xs: number[]) => Float64Array.from(xs);
const T0 = Date.UTC(2012, 3, 1, 17, 30) / 1000;

/** A midday clear sky at `step` seconds: smooth, 850..1000 W/m2. */
function series(n: number, step = 60) {
  const unixSeconds = Float64Array.from({ length: n }, (_, i) => T0 + step * i);
  const clearsky = Float64Array.from({ length: n }, (_, i) => 1000 - 150 * ((i - n / 2) / n) ** 2);
  return { unixSeconds, clearsky };
}

describe('detectClearsky', () => {
  it('finds a clear sky scaled by any factor near 1 clear everywhere, and alpha that factor', () => {
    const { unixSeconds, clearsky } = series(120);
    fc.assert(
      fc.property(fc.double({ min: 0.93, max: 1.07, noNaN: true }), (k) => {
        const measured = clearsky.map((v) => k * v);
        const r = detectClearsky({ measured, clearsky, unixSeconds });
        expect(r.clearSamples.every((f) => f === 1)).toBe(true);
        // The least-squares fit of k x to x is k to rounding.
        expect(Math.abs(r.alpha - k)).toBeLessThan(1e-12);
        expect(r.converged).toBe(true);
      }),
    );
  });

  it('flags a cloud and the windows around it as not clear', () => {
    const { unixSeconds, clearsky } = series(60);
    const measured = clearsky.map((v, i) => (i >= 30 && i < 33 ? 0.4 * v : 0.97 * v));
    const r = detectClearsky({ measured, clearsky, unixSeconds }, { returnComponents: true });
    for (let i = 30; i < 33; i++) expect(r.clearSamples[i]).toBe(0);
    expect(r.clearSamples[5]).toBe(1);
    expect(r.clearSamples[55]).toBe(1);
    // The window centred on the cloud fails the mean, line length and slope criteria.
    expect(r.components!.meanDiffFlag[31]).toBe(0);
    expect(r.components!.windows[31]).toBe(0);
    expect(r.alpha).toBeCloseTo(0.97, 10);
  });

  it('never flags a window with a NaN sample (NaN in, not clear out)', () => {
    const { unixSeconds, clearsky } = series(60);
    const measured = clearsky.map((v) => 0.98 * v);
    measured[25] = Number.NaN;
    const r = detectClearsky({ measured, clearsky, unixSeconds }, { returnComponents: true });
    expect(r.clearSamples[25]).toBe(0);
    expect(Number.isNaN(r.components!.meanDiff[25]!)).toBe(true);
    expect(r.clearSamples[0]).toBe(1);
  });

  it('takes the window and thresholds of Jordan & Hansen (2023) with inferLimits', () => {
    const { unixSeconds, clearsky } = series(40, 900);
    const measured = clearsky.map((v) => 0.97 * v);
    const r = detectClearsky({ measured, clearsky, unixSeconds }, { inferLimits: true, returnComponents: true });
    // 15 minutes: a 90-minute window, 6 samples, centred: the first centre is sample 3.
    expect(r.components!.windows[2]).toBe(0);
    expect(r.components!.windows[3]).toBe(1);
    expect(r.clearSamples.every((f) => f === 1)).toBe(true);
  });

  it('stops after maxIterations without settling, and says so', () => {
    const { unixSeconds, clearsky } = series(60);
    const measured = clearsky.map((v) => 0.95 * v);
    const r = detectClearsky({ measured, clearsky, unixSeconds }, { maxIterations: 1 });
    expect(r.iterations).toBe(1);
    expect(r.converged).toBe(false);
  });

  it('differs from pvlib on purpose for steps of a day or more: it takes the whole step', () => {
    // pvlib reads the step as Timedelta.seconds, which drops whole days: a daily series has a sample
    // interval of 0 and fails there. solarkit takes the step in full (1440 minutes here), so a
    // 3-day window holds 3 daily samples.
    const { unixSeconds, clearsky } = series(20, 86_400);
    const measured = clearsky.map((v) => 0.97 * v);
    const r = detectClearsky({ measured, clearsky, unixSeconds }, { windowLength: 3 * 1440, returnComponents: true });
    expect(r.components!.windows[0]).toBe(0);
    expect(r.components!.windows[1]).toBe(1);
  });

  it('gives every window the statistics of a plain scan over that window (ties, signed zeros, NaN)', () => {
    // The kernel sums four windows side by side and finds maxima in one sliding pass; here each
    // window is scanned on its own, as pvlib's numpy reductions see it, and the components must
    // be the same doubles (Object.is: NaN and the sign of zero too).
    const value = fc.oneof(
      fc.constantFrom(0, -0, 400, 400, 900.5, Number.NaN),
      fc.double({ min: -50, max: 1400, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 70 }), fc.array(value, { minLength: 140, maxLength: 140 }), (n, xs) => {
        const unixSeconds = Float64Array.from({ length: n }, (_, i) => T0 + 60 * i);
        const measured = Float64Array.from(xs.slice(0, n));
        const clearsky = Float64Array.from(xs.slice(70, 70 + n));
        const r = detectClearsky({ measured, clearsky, unixSeconds }, { maxIterations: 1, returnComponents: true });
        const c = r.components!;
        const w = 10; // 10 minutes at 1-minute steps
        const scanMax = (x: Float64Array, from: number, to: number) => {
          let mx = x[from]!;
          for (let k = from + 1; k < to; k++) if (x[k]! > mx || x[k]! !== x[k]!) mx = x[k]!;
          return mx;
        };
        for (let j = 0; j + w <= n; j++) {
          const i = j + (w >> 1);
          expect(c.maxDiff[i]).toBe(Math.abs(scanMax(measured, j, j + w) - r.alpha * scanMax(clearsky, j, j + w)));
          let line = 0;
          let clearLine = 0;
          const change = new Float64Array(w - 1);
          const slope = new Float64Array(w - 1);
          for (let k = j; k < j + w - 1; k++) {
            const d = measured[k + 1]! - measured[k]!;
            const e = clearsky[k + 1]! - clearsky[k]!;
            line += Math.sqrt(d * d + 1);
            clearLine += Math.sqrt(e * e + 1);
            change[k - j] = Math.abs(measured[k + 1]! - clearsky[k + 1]! - (measured[k]! - clearsky[k]!));
            slope[k - j] = d / 1;
          }
          expect(c.lineLength[i]).toBe(line - clearLine);
          expect(c.slopeMax[i]).toBe(scanMax(change, 0, w - 1));
          let mean = 0;
          for (let k = j; k < j + w; k++) mean += measured[k]!;
          let mu = 0;
          for (const v of slope) mu += v;
          mu /= w - 1;
          let ss = 0;
          for (const v of slope) ss += (v - mu) * (v - mu);
          expect(c.slopeNstd[i]).toBe(Math.sqrt(ss / (w - 2)) / (mean / w));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('writes the flags into the buffer given', () => {
    const { unixSeconds, clearsky } = series(30);
    const out = new Uint8Array(30);
    const r = detectClearsky({ measured: clearsky, clearsky, unixSeconds }, {}, out);
    expect(r.clearSamples).toBe(out);
    expect(out[0]).toBe(1);
  });

  it('refuses irregular times, short windows, short series and inferLimits beyond 30 minutes', () => {
    const { unixSeconds, clearsky } = series(30);
    const irregular = unixSeconds.slice();
    irregular[10]! += 20;
    expect(() => detectClearsky({ measured: clearsky, clearsky, unixSeconds: irregular })).toThrow(
      /detectClearsky: unixSeconds must have a constant step/,
    );
    expect(() => detectClearsky({ measured: clearsky, clearsky, unixSeconds }, { windowLength: 2 })).toThrow(
      /detectClearsky: options.windowLength must be at least 3 samples/,
    );
    expect(() => detectClearsky({ measured: clearsky, clearsky, unixSeconds }, { windowLength: 60 })).toThrow(
      /detectClearsky: measured must be at least one window long/,
    );
    const hourly = series(30, 3600);
    expect(() =>
      detectClearsky(
        { measured: hourly.clearsky, clearsky: hourly.clearsky, unixSeconds: hourly.unixSeconds },
        {
          inferLimits: true,
        },
      ),
    ).toThrow(/detectClearsky: unixSeconds must be a step of 1 to 30 minutes/);
    expect(() => detectClearsky({ measured: [1] as never, clearsky, unixSeconds })).toThrow(TypeError);
    expect(() => detectClearsky({ measured: clearsky, clearsky, unixSeconds }, { maxIterations: 0 })).toThrow(
      /maxIterations/,
    );
  });
});

describe('clearskyIndex', () => {
  it('is GHI over clear-sky GHI, within 0..max', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 1, max: 1200, noNaN: true }),
        (g, c) => {
          const k = clearskyIndex({ ghi: g, ghiClear: c })[0]!;
          expect(k).toBe(Math.min(g / c, 2));
        },
      ),
    );
  });

  it('gives 0 where the ratio is undefined or negative, NaN for NaN in, and obeys the limit', () => {
    const k = clearskyIndex(
      {
        ghi: f64(100, 0, -5, Number.NaN, 50, 1900, Number.POSITIVE_INFINITY),
        ghiClear: f64(0, 0, 800, 500, Number.NaN, 900, 900),
      },
      { maxClearskyIndex: 1.5 },
    );
    expect(Array.from(k.slice(0, 3))).toEqual([0, 0, 0]);
    expect(Number.isNaN(k[3]!)).toBe(true);
    expect(Number.isNaN(k[4]!)).toBe(true);
    expect(k[5]).toBe(1.5);
    expect(Number.isNaN(k[6]!)).toBe(true);
    expect(() => clearskyIndex({ ghi: 1, ghiClear: 1 }, { maxClearskyIndex: Number.NaN })).toThrow(TypeError);
  });
});
