/**
 * The BSRN / QCRad tests of measured irradiance (src/irradiance/quality.ts) at the edges of their
 * limits, with values worked out by hand from the papers' formulas (pvlib has no such module, and
 * pvanalytics is not installable here): Sa = 1361 W/m2 and a zenith of 60 degrees give
 * mu^1.2 = 0.5^1.2 = 0.435275, so the physically possible GHI limit is 1.5 * 1361 * 0.435275 + 100
 * = 988.6145 W/m2, and so on for each limit below.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QCRAD_LIMITS,
  QC_FLAG,
  diffuseFractionFlags,
  irradianceClosureFlags,
  irradianceLimitFlags,
} from '../../src/irradiance/index.js';
import { runs } from '../support/properties.js';

const { pass, low, high, untested } = QC_FLAG;
/** Far above the rounding of the limits (1e-13 W/m2), far below any measurement's resolution. */
const EPS = 1e-6;
const around = (limit: number) => Float64Array.of(limit - EPS, limit, limit + EPS);

describe('irradianceLimitFlags', () => {
  const sun = { solarZenith: 60, dniExtra: 1361 };

  it('passes a value at a limit and flags one just beyond it (physically possible limits)', () => {
    // Upper: GHI 1.5 Sa mu^1.2 + 100, DHI 0.95 Sa mu^1.2 + 50, DNI Sa.
    expect(Array.from(irradianceLimitFlags({ ...sun, ghi: around(988.6144874845187) }).ghi!)).toEqual([
      pass,
      pass,
      high,
    ]);
    expect(Array.from(irradianceLimitFlags({ ...sun, dhi: around(612.7891754068619) }).dhi!)).toEqual([
      pass,
      pass,
      high,
    ]);
    expect(Array.from(irradianceLimitFlags({ ...sun, dni: around(1361) }).dni!)).toEqual([pass, pass, high]);
    // Lower: -4 W/m2 for each.
    const f = irradianceLimitFlags({ ...sun, ghi: around(-4), dhi: around(-4), dni: around(-4) });
    for (const c of [f.ghi!, f.dhi!, f.dni!]) expect(Array.from(c)).toEqual([low, pass, pass]);
  });

  it('passes a value at a limit and flags one just beyond it (extremely rare limits)', () => {
    const options = { limits: 'extreme' } as const;
    // GHI 1.2 Sa mu^1.2 + 50, DHI 0.75 Sa mu^1.2 + 30, DNI 0.95 Sa mu^0.2 + 10; lower -2.
    expect(Array.from(irradianceLimitFlags({ ...sun, ghi: around(760.891589987615) }, options).ghi!)).toEqual([
      pass,
      pass,
      high,
    ]);
    expect(Array.from(irradianceLimitFlags({ ...sun, dhi: around(474.30724374225935) }, options).dhi!)).toEqual([
      pass,
      pass,
      high,
    ]);
    expect(Array.from(irradianceLimitFlags({ ...sun, dni: around(1135.5783508137238) }, options).dni!)).toEqual([
      pass,
      pass,
      high,
    ]);
    expect(Array.from(irradianceLimitFlags({ ...sun, dni: around(-2) }, options).dni!)).toEqual([low, pass, pass]);
  });

  it('keeps only the constant of the upper limit with the sun below the horizon (cos z taken as 0)', () => {
    const night = { solarZenith: 100, dniExtra: 1400 };
    expect(Array.from(irradianceLimitFlags({ ...night, ghi: around(100), dhi: around(50) }).ghi!)).toEqual([
      pass,
      pass,
      high,
    ]);
    expect(Array.from(irradianceLimitFlags({ ...night, dhi: around(50) }).dhi!)).toEqual([pass, pass, high]);
    // DNI: mu^0 is 1 (the physically possible DNI is Sa at any zenith); the rare limit is 10 W/m2.
    expect(Array.from(irradianceLimitFlags({ ...night, dni: around(1400) }).dni!)).toEqual([pass, pass, high]);
    expect(Array.from(irradianceLimitFlags({ ...night, dni: around(10) }, { limits: 'extreme' }).dni!)).toEqual([
      pass,
      pass,
      high,
    ]);
  });

  it('leaves rows with NaN untested, flags only the components given, and writes into out', () => {
    const out = { ghi: new Uint8Array(3) };
    const f = irradianceLimitFlags(
      {
        solarZenith: Float64Array.of(Number.NaN, 30, 30),
        dniExtra: Float64Array.of(1361, Number.NaN, 1361),
        ghi: Float64Array.of(100, 100, Number.NaN),
      },
      {},
      out,
    );
    expect(f.ghi).toBe(out.ghi);
    expect(Array.from(f.ghi!)).toEqual([untested, untested, untested]);
    expect(f.dhi).toBeUndefined();
    expect(f.dni).toBeUndefined();
  });

  it('changes with each coefficient of the table (a changed coefficient breaks this test)', () => {
    expect(QCRAD_LIMITS.physical).toEqual({
      ghi: { lower: -4, mult: 1.5, exp: 1.2, min: 100 },
      dhi: { lower: -4, mult: 0.95, exp: 1.2, min: 50 },
      dni: { lower: -4, mult: 1, exp: 0, min: 0 },
    });
    expect(QCRAD_LIMITS.extreme).toEqual({
      ghi: { lower: -2, mult: 1.2, exp: 1.2, min: 50 },
      dhi: { lower: -2, mult: 0.75, exp: 1.2, min: 30 },
      dni: { lower: -2, mult: 0.95, exp: 0.2, min: 10 },
    });
  });

  it('checks its arguments', () => {
    expect(() => irradianceLimitFlags({ solarZenith: 30, dniExtra: 1361 })).toThrow(
      /irradianceLimitFlags: input must be an object with at least one of ghi, dhi, dni/,
    );
    expect(() => irradianceLimitFlags({ ...sun, ghi: 1 }, { limits: 'rare' as 'extreme' })).toThrow(/options.limits/);
    expect(() => irradianceLimitFlags({ ...sun, ghi: Float64Array.of(1, 2) }, {}, { ghi: new Uint8Array(3) })).toThrow(
      /out.ghi has length 3/,
    );
    expect(() =>
      irradianceLimitFlags(
        { ...sun, ghi: Float64Array.of(1) },
        {},
        { ghi: new Float64Array(1) as unknown as Uint8Array },
      ),
    ).toThrow(TypeError);
    expect(() =>
      irradianceLimitFlags({ solarZenith: Float64Array.of(1, 2), dniExtra: 1361, ghi: Float64Array.of(1) }),
    ).toThrow(/length/);
  });
});

describe('irradianceClosureFlags', () => {
  // DNI 0 and DHI 100: the component sum is exactly 100 W/m2, so GHI is the ratio in percent.
  const closure = (solarZenith: number, ghi: number[]) =>
    Array.from(irradianceClosureFlags({ solarZenith, ghi: Float64Array.from(ghi), dhi: 100, dni: 0 }));

  it('holds GHI within 8 % of DNI cos z + DHI below 75 degrees, the limits included', () => {
    expect(closure(74.999, [91.99, 92, 100, 108, 108.01])).toEqual([low, pass, pass, pass, high]);
  });

  it('holds it within 15 % from 75 to 93 degrees', () => {
    expect(closure(75, [84.99, 85, 115, 115.01])).toEqual([low, pass, pass, high]);
    expect(closure(92.999, [84.99, 115.01])).toEqual([low, high]);
  });

  it('does not test a sun at 93 degrees or lower, a sum of 50 W/m2 or less, or NaN', () => {
    expect(closure(93, [10, 200])).toEqual([untested, untested]);
    const f = irradianceClosureFlags({
      solarZenith: 30,
      ghi: Float64Array.of(200, 200, 200, Number.NaN),
      dhi: Float64Array.of(50, 50.01, Number.NaN, 100),
      dni: 0,
    });
    expect(Array.from(f)).toEqual([untested, high, untested, untested]);
  });

  it('passes every sky that closes, whatever its zenith and components', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 89.9, noNaN: true }),
        fc.double({ min: 0, max: 1100, noNaN: true }),
        fc.double({ min: 51, max: 700, noNaN: true }),
        (z, dni, dhi) => {
          const ghi = dni * Math.cos((z * Math.PI) / 180) + dhi;
          expect(irradianceClosureFlags({ solarZenith: z, ghi, dhi, dni })[0]).toBe(pass);
          // 10 % more GHI than the sum: flagged below 75 degrees, passed above.
          expect(irradianceClosureFlags({ solarZenith: z, ghi: ghi * 1.1, dhi, dni })[0]).toBe(z < 75 ? high : pass);
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('checks its arguments', () => {
    expect(() => irradianceClosureFlags({ solarZenith: 30, ghi: 1, dhi: 1 } as never)).toThrow(
      /irradianceClosureFlags: dni must be given/,
    );
    expect(() =>
      irradianceClosureFlags({ solarZenith: 30, ghi: Float64Array.of(1), dhi: 1, dni: 1 }, new Uint8Array(2)),
    ).toThrow(/out has length 2/);
  });
});

describe('diffuseFractionFlags', () => {
  const fraction = (solarZenith: number, dhi: number[], ghi = 100) =>
    Array.from(diffuseFractionFlags({ solarZenith, ghi, dhi: Float64Array.from(dhi) }));

  it('holds DHI / GHI to 1.05 below 75 degrees and 1.10 from 75 to 93, the limits included', () => {
    expect(fraction(74.999, [-10, 0, 105, 105.01])).toEqual([pass, pass, pass, high]);
    expect(fraction(75, [110, 110.01])).toEqual([pass, high]);
    expect(fraction(93, [500])).toEqual([untested]);
  });

  it('does not test a GHI of 50 W/m2 or less, or NaN', () => {
    expect(fraction(30, [60], 50)).toEqual([untested]);
    expect(fraction(30, [60], 50.01)).toEqual([high]);
    expect(fraction(30, [Number.NaN])).toEqual([untested]);
    expect(() => diffuseFractionFlags({ solarZenith: 30, ghi: Number.NaN, dhi: 1 })).toThrow(
      /diffuseFractionFlags: ghi/,
    );
  });
});
