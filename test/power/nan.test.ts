/**
 * NaN in, NaN out (as pvlib): a missing weather value or time gives NaN power on its row, never a
 * plausible number (0 kW for a NaN DNI, a flat tracker for a NaN zenith), and leaves the other
 * rows exactly as they are without it.
 */
import { describe, expect, it } from 'vitest';
import { type PvSiteConfig, type PvWeatherInput, rooftopPvPower, sitePvPower } from '../../src/power/index.js';
import { solarPositionFast } from '../../src/solar/index.js';
import { singleAxis } from '../../src/tracking/index.js';

const LAT = 40;
const LON = -105;
const START = Date.UTC(2024, 5, 21) / 1000;

/** A clear day, hourly period ends, with varying temperature, wind and albedo columns. */
function day(): PvWeatherInput {
  const n = 24;
  const t = Float64Array.from({ length: n }, (_, i) => START + 3600 * (i + 1));
  const sun = solarPositionFast({ unixSeconds: t.map((x) => x - 1800), latitude: LAT, longitude: LON });
  const ghi = new Float64Array(n);
  const dni = new Float64Array(n);
  const dhi = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const cz = Math.cos((sun.zenith[i]! * Math.PI) / 180);
    if (cz <= 0.02) continue;
    dhi[i] = 80 + 40 * cz;
    dni[i] = 900 * Math.exp(-0.1 / cz);
    ghi[i] = dni[i]! * cz + dhi[i]!;
  }
  return {
    unixSeconds: t,
    ghi,
    dni,
    dhi,
    airTemp: Float64Array.from({ length: n }, (_, i) => 15 + 10 * Math.sin((i * Math.PI) / 24)),
    windSpeed: Float64Array.from({ length: n }, (_, i) => 1 + (i % 5)),
    albedo: new Float64Array(n).fill(0.25),
  };
}

/** Index of the hour with the most sun (a row where a 0 would be a wrong answer). */
function sunniest(w: PvWeatherInput): number {
  let k = 0;
  for (let i = 1; i < w.ghi.length; i++) if (w.ghi[i]! > w.ghi[k]!) k = i;
  return k;
}

const COLUMNS = ['unixSeconds', 'ghi', 'dni', 'dhi', 'airTemp', 'windSpeed', 'albedo'] as const;

/** The weather with NaN at one row of one column (a copy). */
function withNaN(w: PvWeatherInput, column: (typeof COLUMNS)[number], row: number): PvWeatherInput {
  const c = (w[column] as Float64Array).slice();
  c[row] = Number.NaN;
  return { ...w, [column]: c };
}

function expectNaNOnlyAt(clean: Float64Array, dirty: Float64Array, row: number): void {
  expect(dirty[row]).toBeNaN();
  expect(clean[row]).toBeGreaterThan(0);
  for (let i = 0; i < clean.length; i++) if (i !== row) expect(dirty[i]).toBe(clean[i]);
}

describe('NaN weather gives NaN power', () => {
  const w = day();
  const k = sunniest(w);

  it('rooftopPvPower: every column', () => {
    const options = { latitude: LAT, longitude: LON, tilt: 30, azimuth: 180, capacity: 5, periodSeconds: 3600 };
    const clean = rooftopPvPower(w, options).power;
    for (const column of COLUMNS) {
      const dirty = rooftopPvPower(withNaN(w, column, k), options);
      expectNaNOnlyAt(clean, dirty.power, k);
      expect(dirty.dcPower[k], column).toBeNaN();
    }
  });

  const sites: [string, PvSiteConfig][] = [
    [
      'fixed',
      { latitude: LAT, longitude: LON, capacity: 10, capacityDc: 12, tilt: 25, azimuth: 180, periodSeconds: 3600 },
    ],
    [
      'tracker',
      {
        latitude: LAT,
        longitude: LON,
        capacity: 10,
        capacityDc: 12,
        trackingType: 'horizontal_single_axis',
        terrainSlope: 4,
        terrainAzimuth: 200,
        periodSeconds: 3600,
      },
    ],
    [
      'smart bifacial tracker',
      {
        latitude: LAT,
        longitude: LON,
        capacity: 10,
        capacityDc: 12,
        trackingType: 'horizontal_single_axis',
        trackerSmartTracking: true,
        bifacialSystem: true,
        periodSeconds: 3600,
      },
    ],
  ];
  for (const [name, site] of sites) {
    it(`sitePvPower, ${name}: every column`, () => {
      const clean = sitePvPower(w, site);
      for (const column of COLUMNS) {
        const dirty = sitePvPower(withNaN(w, column, k), site);
        expectNaNOnlyAt(clean.power, dirty.power, k);
        if (site.trackingType === 'horizontal_single_axis' && column === 'unixSeconds') {
          // No time, no sun: the tracker's rotation is unknown, not flat.
          expect(dirty.trackerTheta![k]).toBeNaN();
        }
      }
    });
  }
});

describe('single-axis tracking: NaN sun gives a NaN tracker', () => {
  it('a NaN zenith or azimuth, or the NaN DNI of a diffuse stow, is NaN in every output', () => {
    const zenith = Float64Array.of(30, Number.NaN, 30, 30, 95);
    const azimuth = Float64Array.of(120, 120, Number.NaN, 120, 120);
    const dni = Float64Array.of(500, 500, 500, Number.NaN, 0);
    const r = singleAxis({ apparentZenith: zenith, solarAzimuth: azimuth }, { maxAngle: 60, diffuseStow: { dni } });
    expect(r.surfaceTilt[0]).toBeGreaterThan(10);
    for (const i of [1, 2, 3, 4]) {
      expect(r.trackerTheta[i], `row ${i}`).toBeNaN();
      expect(r.surfaceTilt[i], `row ${i}`).toBeNaN();
      expect(r.surfaceAzimuth[i], `row ${i}`).toBeNaN();
      expect(r.aoi[i], `row ${i}`).toBeNaN();
    }
    // Without a diffuse stow the DNI does not matter.
    const plain = singleAxis({ apparentZenith: 30, solarAzimuth: 120 }, { maxAngle: 60 });
    expect(plain.surfaceTilt[0]).toBeGreaterThan(10);
    // A NaN given as a scalar is not missing data but a mistake: an error naming it.
    expect(() => singleAxis({ apparentZenith: Number.NaN, solarAzimuth: 120 })).toThrow(
      /singleAxis: apparentZenith must be a Float64Array or a finite number/,
    );
  });
});
