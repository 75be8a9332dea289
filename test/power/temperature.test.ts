import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  faimanCellTemperature,
  faimanRad,
  SAPM_TEMPERATURE_PARAMETERS,
  type SapmMounting,
  sapmCellFromModule,
  sapmCellTemperature,
  sapmModule,
} from '../../src/power/index.js';
import { runs } from '../support/properties.js';

// pvlib's values at ordinary and extreme inputs are reference cases
// (fixtures/reference/temperature_models.json, scripts/pvlib/temperature_models.py); this file
// checks how the models fit together, pvlib's documented values and the errors.

const f64 = (...v: number[]) => Float64Array.from(v);
const MOUNTINGS = Object.keys(SAPM_TEMPERATURE_PARAMETERS) as SapmMounting[];

describe('sapmModule and sapmCellFromModule', () => {
  it('compose to sapmCellTemperature, to the last bit (pvlib.temperature.sapm_cell is the two steps)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MOUNTINGS),
        fc.double({ min: 0, max: 1500, noNaN: true }),
        fc.double({ min: -40, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 25, noNaN: true }),
        (mounting, poaGlobal, airTemp, windSpeed) => {
          const weather = { poaGlobal, airTemp, windSpeed };
          const module = sapmModule(weather, { mounting });
          const cell = sapmCellFromModule({ moduleTemperature: module, poaGlobal }, { mounting });
          expect(cell[0]).toBe(sapmCellTemperature(weather, { mounting })[0]);
        },
      ),
      { numRuns: runs(100) },
    );
  });

  it("gives pvlib's documented sapm_cell value (1000 W/m2, 10 C, calm, open rack glass/glass)", () => {
    const p = SAPM_TEMPERATURE_PARAMETERS.open_rack_glass_glass;
    const module = sapmModule({ poaGlobal: 1000, airTemp: 10, windSpeed: 0 }, p);
    expect(sapmCellFromModule({ moduleTemperature: module, poaGlobal: 1000 }, { deltaT: p.deltaT })[0]).toBeCloseTo(
      44.11703066106086,
      12,
    );
  });

  it('gives NaN for NaN and scales deltaT by the reference irradiance', () => {
    expect(sapmModule({ poaGlobal: f64(Number.NaN), airTemp: 10, windSpeed: 1 }, { a: -3.5, b: -0.07 })[0]).toBeNaN();
    expect(sapmCellFromModule({ moduleTemperature: 40, poaGlobal: 400 }, { deltaT: 3, irradRef: 800 })[0]).toBe(41.5);
  });

  it('names the function, the argument and the unit', () => {
    const weather = { poaGlobal: 800, airTemp: 10, windSpeed: 1 };
    expect(() => sapmModule(weather, { a: -3.5 } as never)).toThrow(/sapmModule: options.b must be a number \(s\/m\)/);
    expect(() => sapmModule(weather, { mounting: 'roof' as never })).toThrow(
      /sapmModule: options.mounting must be one of/,
    );
    expect(() => sapmCellFromModule({ moduleTemperature: 40, poaGlobal: 400 }, {} as never)).toThrow(
      /sapmCellFromModule: options.deltaT must be a number \(degrees C\)/,
    );
    expect(() => sapmCellFromModule({ moduleTemperature: 40, poaGlobal: 400 }, { deltaT: 3, irradRef: 0 })).toThrow(
      /options.irradRef must be a finite number > 0 \(W\/m2\)/,
    );
  });
});

describe('faimanRad', () => {
  it('is the Faiman model without downwelling infrared, and when the sky radiates as a black body at the air temperature with emissivity 1', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1500, noNaN: true }),
        fc.double({ min: -40, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 25, noNaN: true }),
        (poaGlobal, airTemp, windSpeed) => {
          const weather = { poaGlobal, airTemp, windSpeed };
          const plain = faimanCellTemperature(weather)[0]!;
          expect(faimanRad(weather)[0]).toBe(plain);
          const k = airTemp + 273.15;
          const blackSky = 5.670374419e-8 * k * k * k * k;
          // Rounding of sigma T^4 (about 1e-13 relative of ~400 W/m2) over u0 + u1 WS >= 25.
          expect(faimanRad({ ...weather, irDown: blackSky }, { emissivity: 1 })[0]).toBeCloseTo(plain, 9);
        },
      ),
      { numRuns: runs(100) },
    );
  });

  it('cools the module under a clear (cold) sky, by emissivity x skyView x (sigma T^4 - irDown) / (u0 + u1 WS)', () => {
    const weather = { poaGlobal: 800, airTemp: 20, windSpeed: 2 };
    const k = 293.15;
    const qSky = 0.88 * 0.75 * (5.670374419e-8 * k ** 4 - 300);
    const t = faimanRad({ ...weather, irDown: 300 }, { skyView: 0.75 })[0]!;
    expect(t).toBeCloseTo(20 + (800 - qSky) / (25 + 6.84 * 2), 12);
    expect(t).toBeLessThan(faimanRad(weather)[0]!);
  });

  it('gives NaN for a NaN irDown, defaults the wind to 1 m/s, and names its errors', () => {
    expect(faimanRad({ poaGlobal: 800, airTemp: 20, irDown: f64(Number.NaN) })[0]).toBeNaN();
    expect(faimanRad({ poaGlobal: 800, airTemp: 20 })[0]).toBe(
      faimanRad({ poaGlobal: 800, airTemp: 20, windSpeed: 1 })[0],
    );
    expect(() => faimanRad({ poaGlobal: 800, airTemp: 20 }, { emissivity: Number.NaN })).toThrow(
      /faimanRad: options.emissivity must be a finite number \(unitless\)/,
    );
    expect(() => faimanRad({ poaGlobal: 800 } as never)).toThrow(/faimanRad: airTemp must be given/);
  });
});
