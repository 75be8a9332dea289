/**
 * An independent cross-check against suncalc 2.x (Meeus' low-precision solar coordinates, a
 * different algorithm from the SPA), held to suncalc's own published accuracy: about 0.08 degree
 * for the position and 15 s for rise and set times. suncalc 2.x returns the apparent
 * (refraction-corrected, Meeus 16.4 at 1010 hPa and 10 C) altitude in degrees and the azimuth in
 * degrees clockwise from north; it is geocentric (no parallax, 0.0024 degree at most).
 * Bounds used: 0.2 degree on altitude, and on azimuth times cos(altitude), for altitudes 5-85
 * degrees; 60 s on sunrise, sunset and noon away from the polar circles.
 */
import fc from 'fast-check';
import * as SunCalc from 'suncalc';
import { describe, expect, it } from 'vitest';
import { solarPositionSpa, sunTimes } from '../../src/solar/index.js';
import { runs } from '../support/properties.js';

const START = Date.UTC(1950, 0, 1) / 1000;
const END = Date.UTC(2100, 0, 1) / 1000;

describe('cross-check with suncalc', () => {
  it('position agrees within 0.2 degree away from the horizon and the zenith', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.integer({ min: START, max: END }),
        (lat, lon, t) => {
          const ours = solarPositionSpa({
            unixSeconds: new Float64Array([t]),
            latitude: lat,
            longitude: lon,
            pressure: 101000,
            temperature: 10,
          });
          const theirs = SunCalc.getPosition(new Date(t * 1000), lat, lon);
          if (theirs.altitude < 5 || theirs.altitude > 85) return;
          compared++;
          expect(Math.abs(ours.apparentElevation[0]! - theirs.altitude)).toBeLessThan(0.2);
          let dAz = Math.abs(ours.azimuth[0]! - theirs.azimuth) % 360;
          dAz = Math.min(dAz, 360 - dAz);
          expect(dAz * Math.cos((theirs.altitude * Math.PI) / 180)).toBeLessThan(0.2);
        },
      ),
      { numRuns: runs(1000) },
    );
    // About half the random instants are in daylight; make sure the check was not vacuous.
    expect(compared).toBeGreaterThan(200);
  });

  it('sunrise, sunset and solar noon agree within 60 s at |latitude| <= 60', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.integer({ min: Date.UTC(1990, 0, 1) / 86400000, max: Date.UTC(2060, 0, 1) / 86400000 }),
        (lat, lon, day) => {
          const ours = sunTimes({
            dayUnixSeconds: new Float64Array([day * 86400 + 43200]),
            latitude: lat,
            longitude: lon,
          });
          const noon = ours.solarNoon[0]!;
          // Ask suncalc for the solar day of our transit (it anchors on the nearest local solar noon).
          const theirs = SunCalc.getTimes(new Date(noon * 1000), lat, lon);
          expect(Math.abs(theirs.solarNoon.getTime() / 1000 - noon)).toBeLessThan(60);
          expect(Math.abs(theirs.sunrise!.getTime() / 1000 - ours.sunrise[0]!)).toBeLessThan(60);
          expect(Math.abs(theirs.sunset!.getTime() / 1000 - ours.sunset[0]!)).toBeLessThan(60);
        },
      ),
      { numRuns: runs(300) },
    );
  });
});
