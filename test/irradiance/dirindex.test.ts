/**
 * dirindex's one loop (src/irradiance/dirindex.ts) against its definition, DIRINT of the measured
 * GHI and of the clear-sky GHI and their ratio through two `dirint` calls, over block seams (4096
 * rows), the night it skips, NaN rows and every option and input form: NaN and zeros where the
 * definition has them, the values within 1e-12 relative. The loop differs from `dirint` on
 * purpose in one operation: the air mass's (93.885 - z)^-1.253 is exp(-1.253 ln(93.885 - z)), a
 * few units in the last place from Math.pow (which took 40 % of its time); that moves the air mass
 * by about 1e-16 relative, kt' and DISC's DNI by as little, and a DIRINT bin only for a kt' within
 * about 1e-16 of a bin edge (none in these cases). dirindex's values against pvlib are in the reference tests, its physics in closure.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DirintInput, type DirintOptions, dirint } from '../../src/irradiance/decomposition.js';
import { type DirindexInput, dirindex } from '../../src/irradiance/dirindex.js';
import { runs } from '../support/properties.js';

/** dirindex by its definition: dniClear x DIRINT(GHI) / DIRINT(ghiClear), < 0 -> 0, +inf -> NaN. */
function byDefinition(input: DirindexInput, options: DirintOptions): Float64Array {
  const { ghiClear, dniClear, ...rest } = input;
  const measured = dirint(rest as DirintInput, options);
  const clear = dirint({ ...(rest as DirintInput), ghi: ghiClear }, options);
  return measured.map((m, i) => {
    const d = ((typeof dniClear === 'number' ? dniClear : dniClear[i]!) * m) / clear[i]!;
    return d < 0 ? 0 : d === Number.POSITIVE_INFINITY ? Number.NaN : d;
  });
}

function expectSameDoubles(input: DirindexInput, options: DirintOptions = {}): void {
  const expected = byDefinition(input, options);
  const actual = dirindex(input, options);
  const differences: string[] = [];
  for (let i = 0; i < expected.length; i++) {
    const x = expected[i]!;
    const y = actual[i]!;
    if (Object.is(x, y)) continue;
    // Within 1e-12 relative (the air mass's power differs by a few ulp), or 1e-9 W/m2 near 0.
    const close = Math.abs(x - y) <= 1e-12 * Math.max(Math.abs(x), Math.abs(y)) || Math.abs(x - y) < 1e-9;
    if (!close || Number.isNaN(x) !== Number.isNaN(y)) differences.push(`row ${i}: ${x} vs ${y}`);
  }
  expect(differences.slice(0, 5)).toEqual([]);
}

/** A sky of n rows every `step` seconds: a sun over a day (night included), clouds, a clear sky, NaN rows. */
function sky(n: number, step: number, seed: number): DirindexInput & { tempDew: Float64Array; pressure: Float64Array } {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296;
  const t0 = Date.UTC(2024, 2, 1) / 1000;
  const unixSeconds = new Float64Array(n);
  const zenith = new Float64Array(n);
  const ghi = new Float64Array(n);
  const ghiClear = new Float64Array(n);
  const dniClear = new Float64Array(n);
  const tempDew = new Float64Array(n);
  const pressure = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = t0 + step * i;
    unixSeconds[i] = t;
    const hour = ((t / 3600) % 24) - 12;
    const z = 25 + Math.abs(hour) * 11 + 5 * next();
    zenith[i] = z;
    const cosZ = Math.max(Math.cos((z * Math.PI) / 180), 0);
    ghiClear[i] = 1050 * cosZ ** 1.15;
    dniClear[i] = cosZ > 0 ? 900 * Math.exp(-0.1 / Math.max(cosZ, 0.05)) : 0;
    ghi[i] = ghiClear[i]! * (0.15 + 0.9 * next()) - (next() < 0.02 ? 5 : 0);
    tempDew[i] = -5 + 30 * next();
    pressure[i] = 80_000 + 25_000 * next();
    if (next() < 0.01) ghi[i] = Number.NaN;
    if (next() < 0.005) zenith[i] = Number.NaN;
  }
  return { ghi, ghiClear, dniClear, zenith, unixSeconds, tempDew, pressure };
}

describe('dirindex', () => {
  it('gives the values of its definition through two dirint calls, over block seams and the night', () => {
    for (const n of [1, 2, 3, 4095, 4096, 4097, 8193, 12_000]) {
      const { tempDew, pressure, ...input } = sky(n, 60, n);
      expectSameDoubles(input);
      expectSameDoubles({ ...input, pressure, tempDew }, { useDeltaKtPrime: false });
      expectSameDoubles({ ...input, pressure: null, tempDew: 12 }, { maxZenith: 95, minCosZenith: 0.2 });
      expectSameDoubles({ ...input, pressure: 90_000, ghiClear: 800, dniClear: 850 }, { maxZenith: 80 });
    }
  });

  it('gives the values of its definition for any rows, options and lengths (NaN, -0, zeros, night)', () => {
    const value = (min: number, max: number) =>
      fc.oneof(
        { weight: 6, arbitrary: fc.double({ min, max, noNaN: true }) },
        { weight: 1, arbitrary: fc.constantFrom(Number.NaN, 0, -0, 90, 87) },
      );
    const cases = fc.integer({ min: 1, max: 30 }).chain((n) =>
      fc.record({
        ghi: fc.array(value(-20, 1300), { minLength: n, maxLength: n }),
        ghiClear: fc.array(value(0, 1200), { minLength: n, maxLength: n }),
        dniClear: fc.array(value(0, 1000), { minLength: n, maxLength: n }),
        zenith: fc.array(value(0, 120), { minLength: n, maxLength: n }),
        tempDew: fc.option(fc.array(value(-30, 30), { minLength: n, maxLength: n }), { nil: undefined }),
        start: fc.integer({ min: 0, max: 2 ** 30 }),
        step: fc.constantFrom(60, 900, 3600, 86_400),
        useDeltaKtPrime: fc.boolean(),
        maxZenith: fc.double({ min: 60, max: 180, noNaN: true }),
      }),
    );
    fc.assert(
      fc.property(cases, (c) => {
        const unixSeconds = Float64Array.from(c.ghi, (_, i) => c.start + c.step * i);
        const input: DirindexInput = {
          ghi: Float64Array.from(c.ghi),
          ghiClear: Float64Array.from(c.ghiClear),
          dniClear: Float64Array.from(c.dniClear),
          zenith: Float64Array.from(c.zenith),
          unixSeconds,
          ...(c.tempDew === undefined ? {} : { tempDew: Float64Array.from(c.tempDew) }),
        };
        expectSameDoubles(input, { useDeltaKtPrime: c.useDeltaKtPrime, maxZenith: c.maxZenith });
      }),
      { numRuns: runs(300) },
    );
  });

  it('names itself in its argument errors', () => {
    const t = Float64Array.of(0, 60);
    const input = { ghi: Float64Array.of(1, 2), ghiClear: 3, dniClear: 4, zenith: 30, unixSeconds: t };
    expect(() => dirindex({ ...input, ghiClear: Float64Array.of(1) })).toThrow(/dirindex.*ghiClear/);
    expect(() => dirindex(input, { maxZenith: Number.NaN })).toThrow(/dirindex.*maxZenith/);
  });
});
