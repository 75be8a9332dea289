import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HELLMANN_SURFACE_EXPONENTS, windspeedPowerlaw } from '../../src/atmosphere/index.js';

const f64 = (...xs: number[]) => Float64Array.from(xs);

describe('windspeedPowerlaw', () => {
  it('is the identity at the reference height and grows with height', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        (ws, h) => {
          const r = windspeedPowerlaw(
            { windSpeedReference: ws, heightReference: 10, heightDesired: f64(10, h) },
            { exponent: 0.2 },
          );
          expect(r[0]).toBe(ws);
          if (h > 10) expect(r[1]!).toBeGreaterThanOrEqual(ws);
        },
      ),
    );
  });

  it('takes the exponent of a surface type, and gives NaN for a negative speed', () => {
    const r = windspeedPowerlaw(
      { windSpeedReference: f64(4, -1, Number.NaN), heightReference: 10, heightDesired: 40 },
      { surfaceType: 'neutral_air_above_flat_open_coast' },
    );
    expect(r[0]).toBeCloseTo(4 * 4 ** HELLMANN_SURFACE_EXPONENTS.neutral_air_above_flat_open_coast, 14);
    expect(Number.isNaN(r[1]!)).toBe(true);
    expect(Number.isNaN(r[2]!)).toBe(true);
  });

  it('wants exactly one of exponent and surfaceType', () => {
    const input = { windSpeedReference: 4, heightReference: 10, heightDesired: 40 };
    expect(() => windspeedPowerlaw(input, {})).toThrow(
      /windspeedPowerlaw: options must be one of exponent and surfaceType/,
    );
    expect(() =>
      windspeedPowerlaw(input, { exponent: 0.1, surfaceType: 'neutral_air_above_open_water_surface' }),
    ).toThrow(RangeError);
    expect(() => windspeedPowerlaw(input, { surfaceType: 'forest' as never })).toThrow(/options.surfaceType/);
  });
});
