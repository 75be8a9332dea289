import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { perezSkyDiffuse } from '../../src/irradiance/index.js';
import { runs } from '../support/properties.js';

// The Perez kernel carries the sky-clearness bin from row to row (it tries the previous row's
// bin first). Whatever order the rows come in, each row must get the result it gets alone.
describe('perezSkyDiffuse clearness bins along a series', () => {
  const row = fc.record({
    zenith: fc.double({ min: 0, max: 89.5, noNaN: true }),
    solarAzimuth: fc.double({ min: 0, max: 360, noNaN: true }),
    dni: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1100, noNaN: true })),
    dhi: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 600, noNaN: true })),
  });

  it('gives every row of a shuffled series the value it has when computed alone (NaN included)', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 2, maxLength: 60 }), (rows) => {
        const col = (f: (r: (typeof rows)[number]) => number) => Float64Array.from(rows.map(f));
        const input = {
          surfaceTilt: 35,
          surfaceAzimuth: 170,
          solarZenith: col((r) => r.zenith),
          solarAzimuth: col((r) => r.solarAzimuth),
          dni: col((r) => r.dni),
          dhi: col((r) => r.dhi),
          dniExtra: 1367,
        };
        const series = perezSkyDiffuse(input).poaSkyDiffuse;
        rows.forEach((r, i) => {
          const alone = perezSkyDiffuse({
            ...input,
            solarZenith: r.zenith,
            solarAzimuth: r.solarAzimuth,
            dni: r.dni,
            dhi: r.dhi,
          }).poaSkyDiffuse[0]!;
          if (Number.isNaN(alone)) expect(series[i]).toBeNaN();
          else expect(series[i]).toBe(alone);
        });
      }),
      { numRuns: runs(300) },
    );
  });

  it('switches bins at the published clearness bounds in both directions', () => {
    // eps = ((dhi + dni) / dhi + k z^3) / (1 + k z^3) = 1 + dni / dhi at z = 0: rows that step
    // the clearness up through every bound and back down again.
    const ratios = [0.01, 0.1, 0.3, 0.7, 1.5, 3, 4.9, 5.3, 3, 1.5, 0.7, 0.3, 0.1, 0.01, 8, 0.01];
    const dhi = 100;
    const dni = Float64Array.from(ratios.map((r) => r * dhi));
    const series = perezSkyDiffuse({
      surfaceTilt: 40,
      surfaceAzimuth: 180,
      solarZenith: 0,
      solarAzimuth: 180,
      dni,
      dhi,
      dniExtra: 1367,
    }).poaSkyDiffuse;
    const values = new Set<number>();
    ratios.forEach((r, i) => {
      const alone = perezSkyDiffuse({
        surfaceTilt: 40,
        surfaceAzimuth: 180,
        solarZenith: 0,
        solarAzimuth: 180,
        dni: r * dhi,
        dhi,
        dniExtra: 1367,
      }).poaSkyDiffuse[0]!;
      expect(series[i]).toBe(alone);
      values.add(alone);
    });
    // Nine ratios in the eight bins; at zenith 0 the sky diffuse depends on DNI only through the
    // bin, so eight different results.
    expect(values.size).toBe(8);
  });
});
