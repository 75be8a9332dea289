import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { snowCoverageNrel, snowDcLossNrel, snowFullyCoveredNrel } from '../../src/snow/index.js';
import { syntheticSource } from '../../src/weather/index.js';
import { runs } from '../support/properties.js';

// pvlib's values at ordinary and extreme inputs are reference cases (fixtures/reference/snow.json,
// scripts/pvlib/snow.py); this file checks the model's rules, the weather columns that feed it
// and the errors.

const HOUR = 3600;
const hours = (n: number, step = HOUR) => Float64Array.from({ length: n }, (_, i) => 1_609_459_200 + step * (i + 1));
const f64 = (...v: number[]) => Float64Array.from(v);

describe('snowFullyCoveredNrel', () => {
  it('covers where the hourly rate exceeds the threshold and the ground has snow', () => {
    const unixSeconds = hours(4, 1800);
    // 0.6 cm in half an hour is 1.2 cm/h: covered; 0.4 cm is 0.8 cm/h: not.
    const byAmount = snowFullyCoveredNrel({
      unixSeconds,
      snowfall: f64(0.6, 0.4, 0.6, 0.6),
      snowDepth: f64(5, 5, 5, 0.5),
    });
    expect(Array.from(byAmount)).toEqual([1, 0, 1, 0]);
    const byRate = snowFullyCoveredNrel({
      unixSeconds,
      snowfallRate: f64(1.2, 0.8, 1.2, 1.2),
      snowDepth: f64(5, 5, 5, 0.5),
    });
    expect(Array.from(byRate)).toEqual([1, 0, 1, 0]);
    expect(Array.from(snowFullyCoveredNrel({ unixSeconds, snowfallRate: 1.2 }, { thresholdSnowfall: 2 }))).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it('counts no snowfall in the first period of an irregular series (pvlib infers no frequency there)', () => {
    const unixSeconds = f64(3600, 7200, 14400);
    expect(Array.from(snowFullyCoveredNrel({ unixSeconds, snowfall: 5 }))).toEqual([0, 1, 1]);
    // A rate needs no period: the first period counts.
    expect(Array.from(snowFullyCoveredNrel({ unixSeconds, snowfallRate: 5 }))).toEqual([1, 1, 1]);
  });

  it('takes a NaN snowfall or depth as not covered, as pvlib', () => {
    const r = snowFullyCoveredNrel({
      unixSeconds: hours(3),
      snowfall: f64(Number.NaN, 3, 3),
      snowDepth: f64(5, Number.NaN, 5),
    });
    expect(Array.from(r)).toEqual([0, 0, 1]);
  });

  it('names the function, the argument and the unit', () => {
    const unixSeconds = hours(2);
    expect(() => snowFullyCoveredNrel({ unixSeconds })).toThrow(
      /snowFullyCoveredNrel: input must be given exactly one of snowfall/,
    );
    expect(() => snowFullyCoveredNrel({ unixSeconds, snowfall: 1, snowfallRate: 1 })).toThrow(
      /exactly one of snowfall/,
    );
    expect(() => snowFullyCoveredNrel({ unixSeconds: f64(7200, 3600), snowfall: 1 })).toThrow(
      /unixSeconds must increase strictly/,
    );
    expect(() => snowFullyCoveredNrel({ unixSeconds, snowfall: new Float64Array(3) })).toThrow(/snowfall has length 3/);
    expect(() => snowFullyCoveredNrel({ unixSeconds, snowfall: 1 }, { thresholdDepth: Number.NaN })).toThrow(
      /options.thresholdDepth must be a finite number \(cm\)/,
    );
  });
});

describe('snowCoverageNrel', () => {
  const base = { poaIrradiance: 600, airTemp: 1, surfaceTilt: 40 };

  it('slides off by 0.197 sin(tilt) per hour once it can (Marion et al. 2013, eqs. 1-2)', () => {
    const unixSeconds = hours(8);
    const c = snowCoverageNrel({ unixSeconds, snowfall: f64(2, 0, 0, 0, 0, 0, 0, 0), ...base });
    const step = 0.197 * Math.sin((40 * Math.PI) / 180);
    expect(c[0]).toBe(1);
    for (let i = 1; i < 8; i++) expect(c[i]).toBeCloseTo(Math.max(0, 1 - i * step), 14);
  });

  it('does not slide while the air is colder than irradiance / -80, and resets at each snowfall', () => {
    const unixSeconds = hours(6);
    const cold = snowCoverageNrel({
      unixSeconds,
      snowfall: f64(2, 0, 0, 2, 0, 0),
      poaIrradiance: f64(0, 0, 800, 0, 800, 800),
      airTemp: f64(-5, -5, -5, -5, -20, 0),
      surfaceTilt: 30,
    });
    // Sliding needs air above irradiance / -80: above 0 C in the dark, above -10 C under 800 W/m2.
    expect(cold[1]).toBe(1);
    expect(cold[2]).toBeCloseTo(1 - 0.197 * 0.5, 14);
    expect(cold[3]).toBe(1);
    expect(cold[4]).toBe(1); // -20 C < -10
    expect(cold[5]).toBeCloseTo(1 - 0.197 * 0.5, 14);
  });

  it('clears at once where the ground has less snow than the threshold (Ryberg & Freeman 2017)', () => {
    const c = snowCoverageNrel({
      unixSeconds: hours(4),
      snowfall: f64(2, 0, 0, 0),
      snowDepth: f64(10, 10, 0.5, 10),
      ...base,
      airTemp: -30,
    });
    expect(Array.from(c)).toEqual([1, 1, 0, 0]);
  });

  it('stays in [0, max(1, initial)], never grows without snowfall, and a NaN tilt is NaN in its period alone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 3, noNaN: true }), { minLength: 2, maxLength: 60 }),
        fc.double({ min: 0, max: 90, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (snow, tilt, initial) => {
          const n = snow.length;
          const snowfall = Float64Array.from(snow, (s) => (s > 2 ? s : 0));
          const c = snowCoverageNrel(
            { unixSeconds: hours(n), snowfall, poaIrradiance: 300, airTemp: 0.5, surfaceTilt: tilt },
            { initialCoverage: initial },
          );
          for (let i = 0; i < n; i++) {
            expect(c[i]).toBeGreaterThanOrEqual(0);
            expect(c[i]).toBeLessThanOrEqual(1);
            if (i > 0 && snowfall[i] === 0) expect(c[i]).toBeLessThanOrEqual(c[i - 1]!);
          }
        },
      ),
      { numRuns: runs(100) },
    );
    const c = snowCoverageNrel({
      unixSeconds: hours(4),
      snowfall: f64(2, 0, 0, 0),
      ...base,
      surfaceTilt: f64(40, Number.NaN, 40, 40),
    });
    const step = 0.197 * Math.sin((40 * Math.PI) / 180);
    expect(c[1]).toBeNaN();
    expect(c[2]).toBeCloseTo(1 - step, 14);
    expect(c[3]).toBeCloseTo(1 - 2 * step, 14);
  });

  it("takes the weather source's columns: snowfallRate, snowDepth, gti and airTemp", () => {
    // January and February near Anchorage from the synthetic weather (deterministic: place, time, seed).
    const periodEnd = Float64Array.from({ length: 59 * 24 }, (_, i) => Date.UTC(2023, 0, 1) / 1000 + HOUR * (i + 1));
    const w = syntheticSource().actuals({
      latitude: 61.2,
      longitude: -149.9,
      periodEnd,
      periodSeconds: HOUR,
      parameters: ['snowfallRate', 'snowDepth', 'gti', 'airTemp'],
      tilt: 35,
      azimuth: 180,
    });
    const weather = {
      unixSeconds: periodEnd,
      snowfallRate: w.snowfallRate!,
      snowDepth: w.snowDepth!,
      poaIrradiance: w.gti!,
      airTemp: w.airTemp!,
      surfaceTilt: 35,
    };
    const coverage = snowCoverageNrel(weather);
    const covered = snowFullyCoveredNrel(weather);
    // The same as pvlib's form, snowfall in cm per period (rate x 1 h).
    const { snowfallRate, ...rest } = weather;
    const byAmount = snowCoverageNrel({ ...rest, snowfall: Float64Array.from(snowfallRate, (r) => r * 1) });
    expect(Array.from(byAmount)).toEqual(Array.from(coverage));
    let storms = 0;
    let partly = 0;
    for (let i = 0; i < coverage.length; i++) {
      if (covered[i] === 1) {
        storms++;
        expect(coverage[i]).toBe(1);
      }
      if (weather.snowDepth[i]! < 1) expect(coverage[i]).toBe(0);
      if (coverage[i]! > 0 && coverage[i]! < 1) partly++;
    }
    expect(storms).toBeGreaterThan(0);
    expect(partly).toBeGreaterThan(0);
    const loss = snowDcLossNrel(coverage, { numStrings: 3 });
    for (let i = 0; i < loss.length; i++) expect(loss[i]! * 3).toBe(Math.ceil(coverage[i]! * 3));
  });

  it('names the function, the argument and the unit', () => {
    const unixSeconds = hours(2);
    expect(() => snowCoverageNrel({ unixSeconds, snowfall: 1, poaIrradiance: 1, airTemp: 1 } as never)).toThrow(
      /snowCoverageNrel: surfaceTilt must be given: a Float64Array or a number \(degrees\)/,
    );
    expect(() => snowCoverageNrel({ unixSeconds, snowfall: 1, ...base }, { initialCoverage: Number.NaN })).toThrow(
      /options.initialCoverage must be a finite number/,
    );
  });
});

describe('snowDcLossNrel', () => {
  it('loses a whole string for any snow on it', () => {
    expect(Array.from(snowDcLossNrel(f64(0, 1e-9, 0.5, 1), { numStrings: 1 }))).toEqual([0, 1, 1, 1]);
    expect(Array.from(snowDcLossNrel(f64(0.25, 0.5, 0.75), { numStrings: 2 }))).toEqual([0.5, 0.5, 1]);
    expect(() => snowDcLossNrel(Number.NaN, { numStrings: 2 })).toThrow(/snowDcLossNrel: snowCoverage/);
    expect(snowDcLossNrel(f64(Number.NaN), { numStrings: 2 })[0]).toBeNaN();
    expect(() => snowDcLossNrel(0.5, { numStrings: 0 })).toThrow(
      /snowDcLossNrel: options.numStrings must be a finite number > 0 \(cell strings\)/,
    );
  });
});
