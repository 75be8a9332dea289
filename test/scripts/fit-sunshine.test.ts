/**
 * scripts/fit-sunshine.ts: the committed sunshine relation (SUNSHINE_COEFFICIENTS) is the fit of
 * the 50 calibration years of the data directory with the station table, and its in-sample and
 * leave-one-out counts are the documented ones (docs/weather.md, "Station normals").
 */
import { describe, expect, it } from 'vitest';
import {
  LEAVE_OUT_KM,
  anchorsOf,
  exclusionAround,
  fitSunshine,
  loadSunPlaces,
  scoreSun,
} from '../../scripts/fit-sunshine.js';
import { climateStations } from '../../src/node/stations.js';
import { SUNSHINE_COEFFICIENTS } from '../../src/weather/normals.js';

const pass = (r: { ghiError: number; monthsOk: number }): boolean => Math.abs(r.ghiError) <= 0.08 && r.monthsOk >= 10;

describe('fit-sunshine', () => {
  it('refits the committed coefficients; 44 of 50 in sample, 43 leave-one-out (relation scores)', () => {
    const places = loadSunPlaces();
    const all = anchorsOf(places, undefined);
    const fit = fitSunshine(places, all);
    fit.forEach((c, i) => expect(c, `SUNSHINE_COEFFICIENTS[${i}]`).toBeCloseTo(SUNSHINE_COEFFICIENTS[i]!, 3));
    expect(places.filter((p, j) => pass(scoreSun(p, all[j]!, fit))).length).toBe(44);
    const st = climateStations();
    const held = places.filter((p, j) => {
      const an = anchorsOf(places, exclusionAround(st, p.place, LEAVE_OUT_KM));
      const c = fitSunshine(
        places.filter((_, i) => i !== j),
        an.filter((_, i) => i !== j),
      );
      return pass(scoreSun(p, an[j]!, c));
    }).length;
    expect(held).toBe(43);
  }, 240_000);
});
