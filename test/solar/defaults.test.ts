import { describe, expect, it } from 'vitest';
import { altitudeToPressure, pressureToAltitude } from '../../src/atmosphere/index.js';
import { withSolarPositionDefaults } from '../../src/solar/defaults.js';
import { deltaTAt } from '../../src/solar/delta-t.js';
import { solarPositionSpa } from '../../src/solar/index.js';

// pvlib's get_solarposition values with its own defaults are reference cases
// (fixtures/reference/solar_position_pvlib_defaults.json, handler spa-pvlib-defaults); this checks
// how the option fills each combination of what the caller gives.
describe("solar position defaults: 'solarkit' and 'pvlib'", () => {
  const t = Float64Array.from([Date.parse('2024-06-21T14:00Z') / 1000, Date.parse('2024-12-21T23:30Z') / 1000]);

  it("'pvlib' fills delta T 67 s and the pressure of the elevation, as get_solarposition", () => {
    expect(withSolarPositionDefaults({ defaults: 'pvlib', elevation: 1800 })).toEqual({
      defaults: 'pvlib',
      elevation: 1800,
      deltaT: 67,
      pressure: altitudeToPressure(1800)[0],
    });
    expect(withSolarPositionDefaults({ defaults: 'pvlib' })).toEqual({
      defaults: 'pvlib',
      deltaT: 67,
      pressure: 101325,
    });
    // Only a pressure: the elevation comes from it (pres2alt).
    expect(withSolarPositionDefaults({ defaults: 'pvlib', pressure: 85000 })).toEqual({
      defaults: 'pvlib',
      pressure: 85000,
      deltaT: 67,
      elevation: pressureToAltitude(85000)[0],
    });
    // What the caller gives is kept.
    expect(withSolarPositionDefaults({ defaults: 'pvlib', elevation: 10, pressure: 90000, deltaT: 69.2 })).toEqual({
      defaults: 'pvlib',
      elevation: 10,
      pressure: 90000,
      deltaT: 69.2,
    });
  });

  it("the default ('solarkit') estimates delta T per time and keeps 101325 Pa at any elevation", () => {
    const own = solarPositionSpa({ unixSeconds: t, latitude: 40.5, longitude: -108.5, elevation: 1800 });
    const explicit = solarPositionSpa(
      { unixSeconds: t, latitude: 40.5, longitude: -108.5, elevation: 1800, pressure: 101325 },
      { deltaT: Float64Array.from(t, deltaTAt) },
    );
    expect(own).toEqual(explicit);
    const pvlibLike = solarPositionSpa(
      { unixSeconds: t, latitude: 40.5, longitude: -108.5, elevation: 1800 },
      { defaults: 'pvlib' },
    );
    const pvlibExplicit = solarPositionSpa(
      { unixSeconds: t, latitude: 40.5, longitude: -108.5, elevation: 1800, pressure: altitudeToPressure(1800)[0]! },
      { deltaT: 67 },
    );
    expect(pvlibLike).toEqual(pvlibExplicit);
    // The two differ: about 2 s of Earth rotation (delta T 69 s in 2024) and the refraction's pressure.
    expect(Math.abs(own.zenith[0]! - pvlibLike.zenith[0]!)).toBeGreaterThan(1e-5);
  });
});
