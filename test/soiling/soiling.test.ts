import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HSU_MAX_LOSS, hsuMassFromLoss, hsuRampUpMass, hsuSoiling, kimberSoiling } from '../../src/soiling/index.js';
import { runs } from '../support/properties.js';

const HOUR = 3600;
const T0 = Date.UTC(2020, 0, 1) / 1000;

function hours(n: number, step = HOUR): Float64Array {
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) t[i] = T0 + (i + 1) * step;
  return t;
}

/** Sparse rain: mostly dry rows, a few wet ones of up to 12 mm. */
const rainSeries = (n: number) =>
  fc.array(
    fc.oneof(
      { weight: 9, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.double({ min: 0, max: 12, noNaN: true }) },
    ),
    {
      minLength: n,
      maxLength: n,
    },
  );
const pmSeries = (n: number) =>
  fc.array(fc.double({ min: 0, max: 300e-6, noNaN: true }), { minLength: n, maxLength: n });

describe('hsuSoiling', () => {
  it('keeps the loss in [0, 0.3437) and ratio + loss = 1', () => {
    fc.assert(
      fc.property(rainSeries(200), pmSeries(200), fc.double({ min: 0, max: 90, noNaN: true }), (rain, pm, tilt) => {
        const r = hsuSoiling(
          { unixSeconds: hours(200), rainfall: Float64Array.from(rain), pm2_5: Float64Array.from(pm), pm10: 200e-6 },
          { cleaningThreshold: 1, surfaceTilt: tilt },
        );
        for (let i = 0; i < 200; i++) {
          expect(r.lossFraction[i]).toBeGreaterThanOrEqual(0);
          expect(r.lossFraction[i]).toBeLessThan(HSU_MAX_LOSS);
          expect(r.soilingRatio[i]! + r.lossFraction[i]!).toBeCloseTo(1, 14);
        }
      }),
    );
  });

  it('is clean at a row whose rain over the window reaches the threshold (>=), and builds up between', () => {
    fc.assert(
      fc.property(rainSeries(150), fc.double({ min: 0.5, max: 8, noNaN: true }), (rain, threshold) => {
        const rainfall = Float64Array.from(rain);
        const r = hsuSoiling(
          { unixSeconds: hours(150), rainfall, pm2_5: 30e-6, pm10: 60e-6 },
          { cleaningThreshold: threshold, surfaceTilt: 25 },
        );
        for (let i = 0; i < 150; i++) {
          if (rainfall[i]! >= threshold) expect(r.lossFraction[i]).toBe(0);
          else if (i > 0) expect(r.lossFraction[i]).toBeGreaterThan(r.lossFraction[i - 1]!);
        }
      }),
    );
  });

  it('cleans on rain exactly at the threshold', () => {
    const rainfall = new Float64Array(10);
    rainfall[5] = 2;
    const r = hsuSoiling(
      { unixSeconds: hours(10), rainfall, pm2_5: 30e-6, pm10: 60e-6 },
      { cleaningThreshold: 2, surfaceTilt: 0 },
    );
    expect(r.lossFraction[4]).toBeGreaterThan(0);
    expect(r.lossFraction[5]).toBe(0);
  });

  it('sums rain over the accumulation window', () => {
    // 0.6 mm in each of two consecutive hours: a 2 h window reaches 1 mm, a 1 h window does not.
    const rainfall = new Float64Array(10);
    rainfall[5] = 0.6;
    rainfall[6] = 0.6;
    const input = { unixSeconds: hours(10), rainfall, pm2_5: 30e-6, pm10: 60e-6 };
    const oneHour = hsuSoiling(input, { cleaningThreshold: 1, surfaceTilt: 0 });
    const twoHours = hsuSoiling(input, { cleaningThreshold: 1, surfaceTilt: 0, rainAccumPeriod: 2 * HOUR });
    expect(oneHour.lossFraction[6]).toBeGreaterThan(0);
    expect(twoHours.lossFraction[6]).toBe(0);
  });

  it('resets at a manual wash, at the first period ending at or after the wash time', () => {
    const t = hours(48);
    const r = hsuSoiling(
      { unixSeconds: t, rainfall: new Float64Array(t.length), pm2_5: 30e-6, pm10: 60e-6 },
      { cleaningThreshold: 1, surfaceTilt: 20, manualWashTimes: Float64Array.of(t[20]! - 1800) },
    );
    expect(r.lossFraction[19]).toBeGreaterThan(0);
    expect(r.lossFraction[20]).toBe(0);
    expect(r.lossFraction[21]).toBeGreaterThan(0);
  });

  it('starts from the initial soiling, whose equivalent mass inverts the model', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 0.34, noNaN: true }), (initial) => {
        const r = hsuSoiling(
          { unixSeconds: hours(3), rainfall: new Float64Array(3), pm2_5: 0, pm10: 0 },
          { cleaningThreshold: 1, surfaceTilt: 0, initialSoiling: initial },
        );
        expect(r.lossFraction[0]).toBeCloseTo(initial, 12);
        expect(r.lossFraction[2]).toBeCloseTo(initial, 12);
      }),
    );
    expect(() => hsuMassFromLoss(0.3437)).toThrow(RangeError);
    expect(() => hsuMassFromLoss(-0.01)).toThrow(RangeError);
  });

  it('gives the same series in two chunks, the second starting from the first one end mass', () => {
    fc.assert(
      fc.property(rainSeries(120), pmSeries(120), fc.integer({ min: 2, max: 118 }), (rain, pm, cut) => {
        const t = hours(120);
        const rainfall = Float64Array.from(rain);
        const pm25 = Float64Array.from(pm);
        const options = { cleaningThreshold: 1.5, surfaceTilt: 30 };
        const whole = hsuSoiling({ unixSeconds: t, rainfall, pm2_5: pm25, pm10: 250e-6 }, options);
        const first = {
          unixSeconds: t.subarray(0, cut),
          rainfall: rainfall.subarray(0, cut),
          pm2_5: pm25.subarray(0, cut),
          pm10: 250e-6,
        };
        const mass = hsuRampUpMass(first, options);
        const second = hsuSoiling(
          { unixSeconds: t.subarray(cut), rainfall: rainfall.subarray(cut), pm2_5: pm25.subarray(cut), pm10: 250e-6 },
          { ...options, initialMass: mass, periodSeconds: HOUR },
        );
        for (let i = cut; i < 120; i++) expect(second.lossFraction[i - cut]).toBeCloseTo(whole.lossFraction[i]!, 12);
      }),
    );
  });

  it('agrees with the model formula evaluated directly over a long dry spell (carried m^0.8473)', () => {
    const n = 288 * 120; // 120 dry days at 5 minutes, then one cleaning shower and more dry days
    const t = hours(n, 300);
    const rainfall = new Float64Array(n);
    rainfall[288 * 100] = 3;
    const pm25 = new Float64Array(n);
    for (let i = 0; i < n; i++) pm25[i] = (20 + 10 * Math.sin(i / 50)) * 1e-6;
    const tilt = 20;
    const r = hsuSoiling(
      { unixSeconds: t, rainfall, pm2_5: pm25, pm10: 60e-6 },
      { cleaningThreshold: 1, surfaceTilt: tilt },
    );
    let total = 0;
    let removed = 0;
    let worst = 0;
    for (let i = 0; i < n; i++) {
      total += (pm25[i]! * 0.0009 + (60e-6 - pm25[i]!) * 0.004) * 300 * Math.cos((tilt * Math.PI) / 180);
      // The 1 h rain window holds the shower for 12 rows of 5 minutes: clean through all of them.
      if (i >= 288 * 100 && i < 288 * 100 + 12) removed = total;
      const m = total - removed;
      const u = 0.17 * Math.pow(m, 0.8473);
      // erf by its Maclaurin series: u stays below 0.2 here, where 25 terms are exact to rounding.
      let term = u;
      let erfU = u;
      for (let k = 1; k < 25; k++) {
        term *= (-u * u) / k;
        erfU += term / (2 * k + 1);
      }
      const expected = 0.3437 * ((2 / Math.sqrt(Math.PI)) * erfU);
      worst = Math.max(worst, Math.abs(r.lossFraction[i]! - expected));
    }
    expect(worst).toBeLessThan(1e-13);
    expect(r.lossFraction[288 * 100]).toBe(0);
  });

  it('settles more on a flatter surface', () => {
    const input = { unixSeconds: hours(100), rainfall: new Float64Array(100), pm2_5: 30e-6, pm10: 60e-6 };
    const flat = hsuSoiling(input, { cleaningThreshold: 1, surfaceTilt: 0 });
    const steep = hsuSoiling(input, { cleaningThreshold: 1, surfaceTilt: 60 });
    expect(flat.lossFraction[99]).toBeGreaterThan(steep.lossFraction[99]!);
  });
});

describe('kimberSoiling', () => {
  it('keeps the loss in [0, max]', () => {
    fc.assert(
      fc.property(rainSeries(24 * 60), fc.double({ min: 0.01, max: 0.5, noNaN: true }), (rain, max) => {
        const loss = kimberSoiling(
          { unixSeconds: hours(24 * 60), rainfall: Float64Array.from(rain) },
          { maxSoiling: max, soilingLossRate: 0.01, cleaningThreshold: 20 },
        );
        for (const v of loss) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(max);
        }
      }),
      { numRuns: runs(30) },
    );
  });

  it('grows by the daily rate and stops at the maximum', () => {
    const n = 24 * 30;
    const loss = kimberSoiling(
      { unixSeconds: hours(n), rainfall: new Float64Array(n) },
      { soilingLossRate: 0.01, maxSoiling: 0.1 },
    );
    expect(loss[24]).toBeCloseTo(0.01, 14);
    expect(loss[n - 1]).toBe(0.1);
  });

  it('cleans on daily rain above the threshold (strictly) and stays clean through the grace period', () => {
    const n = 24 * 40;
    const rainfall = new Float64Array(n);
    rainfall[24 * 10] = 6; // exactly the threshold: no cleaning
    rainfall[24 * 20] = 6.5; // above: cleaning
    const loss = kimberSoiling({ unixSeconds: hours(n), rainfall }, { cleaningThreshold: 6, gracePeriod: 5 });
    expect(loss[24 * 10]).toBeGreaterThan(0);
    expect(loss[24 * 20]).toBe(0);
    // The 24 h sum stays above the threshold for 23 more rows (the last event row is
    // 24 * 20 + 23); the grace window (t - 5 days, t] then holds an event for 119 more rows.
    expect(loss[24 * 25 + 22]).toBe(0);
    expect(loss[24 * 25 + 23]).toBeGreaterThan(0);
    expect(loss[24 * 25 + 23]).toBeCloseTo(0.0015 / 24, 15);
  });

  it('resets at a manual wash, with no grace period after it', () => {
    const n = 24 * 20;
    const t = hours(n);
    const loss = kimberSoiling(
      { unixSeconds: t, rainfall: new Float64Array(n) },
      { manualWashTimes: Float64Array.of(t[24 * 10]!) },
    );
    expect(loss[24 * 10 - 1]).toBeGreaterThan(0);
    expect(loss[24 * 10]).toBe(0);
    expect(loss[24 * 10 + 1]).toBeCloseTo(0.0015 / 24, 15);
  });

  it('cleans at the rain row even with a zero grace period', () => {
    const n = 24 * 5;
    const rainfall = new Float64Array(n);
    rainfall[50] = 10;
    const loss = kimberSoiling({ unixSeconds: hours(n), rainfall }, { gracePeriod: 0 });
    expect(loss[50]).toBe(0);
    // Clean while the 24 h rain sum still holds the event, then building up at once.
    expect(loss[73]).toBe(0);
    expect(loss[74]).toBeGreaterThan(0);
  });

  it('starts from the initial soiling', () => {
    const loss = kimberSoiling({ unixSeconds: hours(3), rainfall: new Float64Array(3) }, { initialSoiling: 0.05 });
    expect(loss[0]).toBe(0.05);
  });
});

describe('manual washes before the series', () => {
  it('do not wipe the initial soiling', () => {
    const t = hours(5);
    const early = Float64Array.of(t[0]! - 10 * HOUR);
    const k = kimberSoiling(
      { unixSeconds: t, rainfall: new Float64Array(5) },
      { initialSoiling: 0.05, manualWashTimes: early },
    );
    expect(k[0]).toBe(0.05);
    const h = hsuSoiling(
      { unixSeconds: t, rainfall: new Float64Array(5), pm2_5: 0, pm10: 0 },
      { cleaningThreshold: 1, surfaceTilt: 0, initialSoiling: 0.05, manualWashTimes: early },
    );
    expect(h.lossFraction[0]).toBeCloseTo(0.05, 12);
  });
});

describe('wash dates from the API forms (src/time parseWashDates) into the kernels', () => {
  it('a repeating interval R<n>/<start>/<duration> cleans at each repetition', async () => {
    const { parseWashDates } = await import('../../src/time/repeating.js');
    const washes = parseWashDates(['R3/2020-01-03T00:00Z/P2D']); // 3, 5 and 7 January
    const n = 24 * 10;
    const t = hours(n); // hourly period ends from 2020-01-01T01:00Z
    const loss = kimberSoiling({ unixSeconds: t, rainfall: new Float64Array(n) }, { manualWashTimes: washes });
    const rowAt = (iso: string) => Math.round((Date.parse(iso) / 1000 - T0) / HOUR) - 1;
    for (const day of ['2020-01-03', '2020-01-05', '2020-01-07']) {
      const i = rowAt(`${day}T00:00Z`);
      expect(loss[i]).toBe(0);
      expect(loss[i - 1]).toBeGreaterThan(0);
    }
    const hsu = hsuSoiling(
      { unixSeconds: t, rainfall: new Float64Array(n), pm2_5: 30e-6, pm10: 60e-6 },
      { cleaningThreshold: 1, surfaceTilt: 10, manualWashTimes: parseWashDates(['2020-01-04']) },
    );
    expect(hsu.lossFraction[rowAt('2020-01-04T00:00Z')]).toBe(0);
  });
});
