/**
 * The measured climate (src/weather/normals.ts with the grids of the data directory): monthly
 * normals follow the grids smoothly, precipitation follows CMAP and its seasons, and the weather's
 * anomalies are coherent in space.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { climateGrids } from '../../src/node/climate-grids.js';
import { isLand } from '../../src/node/elevation.js';
import { placeClimate } from '../../src/weather/climate.js';
import {
  GRID_LAPSE_RATE,
  TEMPERATURE_CORRECTION,
  climateNormalsAt,
  correctedTemperature,
  gridSurfaceElevation,
  gridTemperatureAtSite,
  landNeighbourPoints,
  monthlyClearnessIndex,
  monthlyToSeasonal,
  regressedGridTemperature,
  sampleClimateGrid,
  upwindLandShare,
} from '../../src/weather/normals.js';
import { weatherState } from '../../src/weather/state.js';
import { runs } from '../support/properties.js';
import { defaultWeatherSource, syntheticSource } from '../../src/weather/synthetic.js';
import { landShareAround, placeInfo, weatherSourceWithStore } from '../../src/node/weather-files.js';

const DAYS = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/**
 * Years of served weather the rain tests average: in semi-arid places rain comes in a few events
 * a year, and single years vary by +-30 % (as real ones do); six years bring the mean within
 * about 12 %.
 */
const SIX_YEARS = [2016, 2017, 2018, 2019, 2020, 2021];

describe('monthly normals to a seasonal table', () => {
  it('keeps every month mean, is periodic and has no step at month boundaries', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -40, max: 40, noNaN: true }), { minLength: 12, maxLength: 12 }),
        (monthly) => {
          const n = 12 * 400 + 1;
          const t = monthlyToSeasonal(monthly, n);
          expect(t[0]).toBeCloseTo(t[n - 1]!, 9);
          for (let m = 0; m < 12; m++) {
            let s = 0;
            for (let i = m * 400; i < (m + 1) * 400; i++) s += (t[i]! + t[i + 1]!) / 2;
            expect(s / 400).toBeCloseTo(monthly[m]!, 3);
          }
          // Largest step between neighbouring days (n = 366): bounded by the amplitude of the data.
          const daily = monthlyToSeasonal(monthly, 366);
          const range = Math.max(...monthly) - Math.min(...monthly);
          for (let i = 1; i < 366; i++)
            expect(Math.abs(daily[i]! - daily[i - 1]!)).toBeLessThanOrEqual(0.35 * range + 1e-9);
        },
      ),
      { numRuns: runs(40) },
    );
  });
});

describe('normals of a site from the grids', () => {
  const grids = climateGrids();
  it('are bounded and continuous in space (no step at grid cell edges)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 70, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lon) => {
          const site = { latitude: lat, longitude: lon, elevation: 200, continentality: 0.5 };
          const a = climateNormalsAt(grids, site);
          // Across the antimeridian the neighbour is at -180 + a little (longitudes are -180..180).
          const lon2 = lon + 0.002 > 180 ? lon + 0.002 - 360 : lon + 0.002;
          const b = climateNormalsAt(grids, { ...site, latitude: lat + 0.002, longitude: lon2 });
          for (let m = 0; m < 12; m++) {
            expect(a.temperature[m]).toBeGreaterThan(-60);
            expect(a.temperature[m]).toBeLessThan(45);
            expect(a.precipitation[m]).toBeGreaterThanOrEqual(0);
            expect(a.precipitation[m]).toBeLessThan(40);
            expect(a.clearSkyIndex[m]).toBeGreaterThanOrEqual(0.3);
            expect(a.clearSkyIndex[m]).toBeLessThanOrEqual(0.98);
            // 0.002 degree (~200 m) apart: the grids' steepest gradients (~10 K and ~10 mm/day
            // across a 2-degree cell) move the normals by a few hundredths.
            expect(Math.abs(a.temperature[m]! - b.temperature[m]!)).toBeLessThan(0.1);
            expect(Math.abs(a.precipitation[m]! - b.precipitation[m]!)).toBeLessThan(0.1);
            expect(Math.abs(a.clearSkyIndex[m]! - b.clearSkyIndex[m]!)).toBeLessThan(0.01);
          }
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('has no step across a cell edge of the temperature grid', () => {
    const lon = grids.temperature.longitudes[100]! + 180 / 192; // halfway between two centres: a cell edge
    const a = climateNormalsAt(grids, {
      latitude: 45,
      longitude: lon - 360 - 1e-6,
      elevation: 300,
      continentality: 0.7,
    });
    const b = climateNormalsAt(grids, {
      latitude: 45,
      longitude: lon - 360 + 1e-6,
      elevation: 300,
      continentality: 0.7,
    });
    for (let m = 0; m < 12; m++) expect(Math.abs(a.temperature[m]! - b.temperature[m]!)).toBeLessThan(1e-4);
  });
});

describe('downscaling the grid temperature to the site', () => {
  const grids = climateGrids();
  // Above every cell of the grid (the highest T62 cell means are near 5,000 m) all four nodes keep
  // their full weight, so the site's height enters through the lapse rate alone.
  it("follows the lapse rate between the cells' mean elevation and the site exactly", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 6000, max: 8000, noNaN: true }),
        fc.double({ min: 1, max: 2000, noNaN: true }),
        (lat, lon, h, dh) => {
          const site = { latitude: lat, longitude: lon, elevation: h, continentality: 0.5 };
          const low = gridTemperatureAtSite(grids, site);
          const high = gridTemperatureAtSite(grids, { ...site, elevation: h + dh });
          for (let m = 0; m < 12; m++) expect(high[m]! - low[m]!).toBeCloseTo(-GRID_LAPSE_RATE * dh, 9);
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('brings a site to its height by 6.5 K/km less the fitted height term in the annual mean', () => {
    const site = { latitude: 46.5, longitude: 8, elevation: 6000, continentality: 0.6, landShare: 1 };
    const mean = (t: Float64Array): number => t.reduce((a, b) => a + b, 0) / 12;
    const at = (elevation: number): number =>
      mean(correctedTemperature(gridTemperatureAtSite(grids, { ...site, elevation }), { ...site, elevation }));
    // The annual cycle term scales anomalies that average to zero: only the offset moves the mean.
    expect(at(7000) - at(6000)).toBeCloseTo(-GRID_LAPSE_RATE * 1000 + TEMPERATURE_CORRECTION[2], 9);
  });

  it("takes the nodes at the site's level below a mountain cell (Lima's coast under the Andes)", () => {
    const site = { latitude: -12.05, longitude: -77.05, elevation: 100, continentality: 0.3 };
    const weighted = gridTemperatureAtSite(grids, site);
    // Plain bilinear with the lapse rate from every node: what the weighting avoids.
    const plain = sampleClimateGrid(grids.temperature, site.latitude, site.longitude);
    const lift = GRID_LAPSE_RATE * (gridSurfaceElevation(grids, site.latitude, site.longitude) - site.elevation);
    let coolerMonths = 0;
    for (let m = 0; m < 12; m++) if (weighted[m]! < plain[m]! + lift) coolerMonths++;
    expect(gridSurfaceElevation(grids, site.latitude, site.longitude)).toBeGreaterThan(1000);
    expect(coolerMonths).toBe(12);
  });

  it('has a grid surface elevation that is continuous in space', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lon) => {
          const a = gridSurfaceElevation(grids, lat, lon);
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThan(6000);
          // ~200 m apart: the steepest cell-to-cell rise (~3,000 m over ~200 km) moves it a few m.
          expect(Math.abs(gridSurfaceElevation(grids, lat + 0.002, lon + 0.002) - a)).toBeLessThan(10);
        },
      ),
      { numRuns: runs(60) },
    );
  });
});

describe('the local regression of the grid temperature on height and land', () => {
  const grids = climateGrids();
  const cells = grids.cellElevation.length;

  it("is exact where the grid temperature is a lapse-rate field of the cells' heights", () => {
    // T = 20 + month - 6.5 K/km x cell mean elevation: the data agree with the priors, so the fit
    // returns the field at the site's height whatever the land shares (float32 grid: 1e-5 K).
    const values = new Float32Array(grids.temperature.values.length);
    for (let m = 0; m < 12; m++)
      for (let k = 0; k < cells; k++) values[m * cells + k] = 20 + m - GRID_LAPSE_RATE * grids.cellElevation[k]!;
    const lapseField = { ...grids, temperature: { ...grids.temperature, values } };
    fc.assert(
      fc.property(
        fc.double({ min: -89, max: 89, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -100, max: 5000, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lat, lon, h, land) => {
          const t = regressedGridTemperature(lapseField, {
            latitude: lat,
            longitude: lon,
            elevation: h,
            continentality: 0.5,
            landShare: land,
          });
          for (let m = 0; m < 12; m++) expect(t[m]).toBeCloseTo(20 + m - GRID_LAPSE_RATE * h, 3);
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it("is linear in the site's height, with the reanalysis's own lapse rate (1.5-11 K/km below 60 degrees; 2.05-9.84 over 300,000 places)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 3000, noNaN: true }),
        (lat, lon, h) => {
          const site = { latitude: lat, longitude: lon, elevation: h, continentality: 0.5, landShare: 0.7 };
          const at = (dh: number): Float64Array => regressedGridTemperature(grids, { ...site, elevation: h + dh });
          const [t0, t1, t2] = [at(0), at(500), at(1000)];
          for (let m = 0; m < 12; m++) {
            expect(t2[m]! - t1[m]!).toBeCloseTo(t1[m]! - t0[m]!, 9);
            const lapse = -(t2[m]! - t0[m]!); // K per km
            expect(lapse).toBeGreaterThan(1.5);
            expect(lapse).toBeLessThan(11);
          }
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('has no step where a cell enters the regression (weights fall to zero at the radius)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lon) => {
          const site = { latitude: lat, longitude: lon, elevation: 400, continentality: 0.5, landShare: 0.8 };
          const a = regressedGridTemperature(grids, site);
          const b = regressedGridTemperature(grids, { ...site, latitude: lat + 1e-5, longitude: lon + 1e-5 });
          for (let m = 0; m < 12; m++) expect(Math.abs(a[m]! - b[m]!)).toBeLessThan(1e-3);
        },
      ),
      { numRuns: runs(100) },
    );
  });
});

describe('the default source uses the measured climate where the grids are given', () => {
  const grids = climateGrids();
  const year = (y: number): Float64Array => {
    const s = Date.UTC(y, 0, 1) / 1000;
    return Float64Array.from({ length: 365 * 24 }, (_, i) => s + (i + 1) * 3600);
  };
  const monthlyMeans = (ends: Float64Array, v: Float64Array): Float64Array => {
    const sum = new Float64Array(12),
      n = new Float64Array(12);
    ends.forEach((e, i) => {
      const m = new Date((e - 1800) * 1000).getUTCMonth();
      sum[m] += v[i]!;
      n[m]++;
    });
    return sum.map((x, m) => x / n[m]!);
  };

  it("serves Mumbai's monsoon and its measured temperatures from the grids alone", () => {
    const ends = year(2019);
    const q = {
      latitude: 19.08,
      longitude: 72.88,
      periodEnd: ends,
      periodSeconds: 3600,
      parameters: ['airTemp', 'precipitationRate'] as const,
    };
    const served = defaultWeatherSource({ grids }).actuals(q);
    const rain = monthlyMeans(ends, served.precipitationRate as Float64Array);
    const temp = monthlyMeans(ends, served.airTemp as Float64Array);
    const normals = climateNormalsAt(grids, {
      latitude: q.latitude,
      longitude: q.longitude,
      elevation: gridSurfaceElevation(grids, q.latitude, q.longitude),
      continentality: 0.5,
    });
    expect(rain[6]!).toBeGreaterThan(20 * rain[0]! + 0.1);
    for (let m = 0; m < 12; m++) expect(Math.abs(temp[m]! - normals.temperature[m]!)).toBeLessThan(2);
    // Without grids: the general rules, a different climate.
    const rules = defaultWeatherSource().actuals(q);
    expect(Array.from(rules.airTemp as Float64Array)).not.toEqual(Array.from(served.airTemp as Float64Array));
  });

  it("with the host's placeInfo gives the server's weather bit for bit", () => {
    const ends = year(2021).subarray(0, 24 * 20);
    const q = {
      latitude: -12.05,
      longitude: -77.05,
      periodEnd: ends,
      periodSeconds: 3600,
      parameters: ['ghi', 'airTemp'] as const,
    };
    const a = defaultWeatherSource({ placeInfo }).actuals(q);
    const b = weatherSourceWithStore().actuals(q);
    expect(Array.from(a.ghi as Float64Array)).toEqual(Array.from(b.ghi as Float64Array));
    expect(Array.from(a.airTemp as Float64Array)).toEqual(Array.from(b.airTemp as Float64Array));
  });
});

/**
 * Served precipitation of whole years, mm a year (hourly means of three samples of the 5-minute
 * process: the same process and mean as the twelve-sample hours, at a quarter of the cost).
 */
function servedRain(latitude: number, longitude: number, years: number[]): { annual: number; monthly: Float64Array } {
  const source = syntheticSource({ placeInfo, samplesPerPeriod: 3 });
  const monthly = new Float64Array(12);
  for (const y of years) {
    const s = Date.UTC(y, 0, 1) / 1000;
    const n = Math.round((Date.UTC(y + 1, 0, 1) / 1000 - s) / 3600);
    const ends = new Float64Array(n);
    for (let i = 0; i < n; i++) ends[i] = s + (i + 1) * 3600;
    const p = source.actuals({
      latitude,
      longitude,
      periodEnd: ends,
      periodSeconds: 3600,
      parameters: ['precipitationRate'],
    }).precipitationRate as Float64Array;
    for (let i = 0; i < n; i++) monthly[new Date((ends[i]! - 1800) * 1000).getUTCMonth()] += p[i]! / years.length;
  }
  return { annual: monthly.reduce((a, b) => a + b, 0), monthly };
}

describe('precipitation follows CMAP', () => {
  it('gives annual totals within 30 % of CMAP over a global sample of land points', () => {
    const grids = climateGrids();
    const points: [number, number][] = [];
    // A fixed lattice over the continents, 13 degrees apart, land points only.
    for (let lat = -40; lat <= 62; lat += 13)
      for (let lon = -170; lon < 180; lon += 13) if (isLand(lat, lon)) points.push([lat, lon]);
    expect(points.length).toBeGreaterThan(30);
    const misses: string[] = [];
    let nearBilinear = 0;
    for (const [lat, lon] of points) {
      const bilinear = sampleClimateGrid(grids.precipitation, lat, lon).reduce((s, v, m) => s + v * DAYS[m]!, 0);
      // CMAP at the site: bilinear, except that nodes whose cells lie far above the site count
      // less (a basin below high mountains, such as the Tarim, takes its own dry nodes).
      const info = placeInfo(lat, lon);
      const cmap = info.normals.precipitation.reduce((s, v, m) => s + v * DAYS[m]!, 0);
      if (Math.abs(cmap / bilinear - 1) <= 0.1) nearBilinear++;
      const served = servedRain(lat, lon, SIX_YEARS).annual;
      // Hyper-arid places (< 40 mm a year) rain a few times a year: compare within 20 mm there.
      const ok = cmap < 40 ? Math.abs(served - cmap) < 20 : Math.abs(served / cmap - 1) <= 0.3;
      if (!ok) misses.push(`${lat},${lon}: served ${served.toFixed(0)} CMAP ${cmap.toFixed(0)}`);
    }
    expect(misses).toEqual([]);
    expect(nearBilinear / points.length).toBeGreaterThan(0.9);
  }, 120_000);

  it('has the Mumbai monsoon, the Perth winter rain and a dry Lima winter', () => {
    const mumbai = servedRain(19.08, 72.88, SIX_YEARS);
    const jjas = mumbai.monthly[5]! + mumbai.monthly[6]! + mumbai.monthly[7]! + mumbai.monthly[8]!;
    expect(jjas / mumbai.annual).toBeGreaterThan(0.8);
    expect(mumbai.monthly[0]! + mumbai.monthly[1]! + mumbai.monthly[2]!).toBeLessThan(0.03 * mumbai.annual);
    const perth = servedRain(-31.95, 115.86, SIX_YEARS);
    const winter = perth.monthly[4]! + perth.monthly[5]! + perth.monthly[6]! + perth.monthly[7]!;
    const summer = perth.monthly[11]! + perth.monthly[0]! + perth.monthly[1]!;
    // CMAP: May-August is 63 % of the year; two served years vary by about 0.1.
    expect(winter / perth.annual).toBeGreaterThan(0.45);
    expect(summer / perth.annual).toBeLessThan(0.15);
    // Lima: CMAP's 2.5-degree cell mixes the coastal desert with the Andes' summer rain; the
    // served rain is the cell's (about 290 mm), its winter (JJA) nearly dry as at the coast.
    const lima = servedRain(-12.05, -77.05, SIX_YEARS);
    expect(lima.annual).toBeLessThan(450);
    expect(lima.monthly[5]! + lima.monthly[6]! + lima.monthly[7]!).toBeLessThan(0.1 * lima.annual);
  }, 60_000);
});

/** Correlation of two series. */
function correlation(a: Float64Array, b: Float64Array): number {
  const n = a.length;
  let ma = 0,
    mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]! / n;
    mb += b[i]! / n;
  }
  let sab = 0,
    saa = 0,
    sbb = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i]! - ma,
      y = b[i]! - mb;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  return sab / Math.sqrt(saa * sbb);
}

/** Daily means of the latent cloud state and of the air temperature's anomaly over two years. */
function dailyAnomalies(latitude: number, longitude: number): { cloud: Float64Array; temp: Float64Array } {
  const climate = placeClimate({ latitude, longitude, elevation: 100, continentality: 0.5 });
  const days = 730;
  const start = Date.UTC(2020, 0, 1) / 1000;
  const times = new Float64Array(days * 24);
  for (let i = 0; i < times.length; i++) times[i] = start + i * 3600 + 1800;
  const st = weatherState(climate, times, 1000, { lean: true });
  const cloud = new Float64Array(days);
  const temp = new Float64Array(days);
  for (let d = 0; d < days; d++) {
    for (let h = 0; h < 24; h++) {
      cloud[d] += st.latent[d * 24 + h]! / 24;
      temp[d] += st.airTemp[d * 24 + h]! / 24;
    }
  }
  // The seasonal cycle is common to near places: remove a 31-day running mean.
  const detrend = (x: Float64Array) =>
    Float64Array.from(x, (_, d) => {
      let s = 0,
        k = 0;
      for (let j = Math.max(0, d - 15); j <= Math.min(days - 1, d + 15); j++) {
        s += x[j]!;
        k++;
      }
      return x[d]! - s / k;
    });
  return { cloud: detrend(cloud), temp: detrend(temp) };
}

describe('spatial coherence of the weather', () => {
  it('correlates daily anomalies strongly at 20-50 km and hardly at 2,000 km', () => {
    const here = dailyAnomalies(45, 8);
    const near = dailyAnomalies(45.15, 8.1); // ~19 km
    const fifty = dailyAnomalies(45.3, 8.35); // ~43 km
    const far = dailyAnomalies(45, 33.5); // ~2,000 km east
    expect(correlation(here.cloud, near.cloud)).toBeGreaterThan(0.8);
    expect(correlation(here.temp, near.temp)).toBeGreaterThan(0.8);
    expect(correlation(here.cloud, fifty.cloud)).toBeGreaterThan(0.6);
    expect(Math.abs(correlation(here.cloud, far.cloud))).toBeLessThan(0.25);
    expect(Math.abs(correlation(here.temp, far.temp))).toBeLessThan(0.25);
  });

  it('changes the weather little between places 100 m apart, where it used to be independent', () => {
    const a = dailyAnomalies(45, 8);
    const b = dailyAnomalies(45.001, 8.001);
    expect(correlation(a.cloud, b.cloud)).toBeGreaterThan(0.98);
  });
});

describe('the land upwind in the clearness relation', () => {
  const around = { north: 0.9, east: 0.6, south: 0.3, west: 0.05 };
  it('takes the land share of the side the annual mean wind comes from, mixed by its components', () => {
    expect(upwindLandShare(5, 0, around)).toBeCloseTo(0.05, 6); // westerly
    expect(upwindLandShare(-5, 0, around)).toBeCloseTo(0.6, 6); // easterly
    expect(upwindLandShare(0, 3, around)).toBeCloseTo(0.3, 6); // from the south
    expect(upwindLandShare(0, -3, around)).toBeCloseTo(0.9, 6); // from the north
    expect(upwindLandShare(3, 1, around)).toBeCloseTo((3 * 0.05 + 1 * 0.3) / 4, 6); // west-south-west
    fc.assert(
      fc.property(
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        (u, v) => {
          const x = upwindLandShare(u, v, around);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(0.9);
        },
      ),
      { numRuns: runs(100) },
    );
  });

  it('makes a month clearer when the wind comes over land than off the sea, all else equal', () => {
    const base = { precipitation: new Array(12).fill(2), latitude: 50, landShare: 0.8, temperatureRange: 15 };
    const offSea = monthlyClearnessIndex({ ...base, upwindLandShare: 0 });
    const overLand = monthlyClearnessIndex({ ...base, upwindLandShare: 1 });
    for (let m = 0; m < 12; m++) expect(overLand[m]!).toBeGreaterThan(offSea[m]!);
    // Without the upwind share the site's own land share stands in for it.
    expect(Array.from(monthlyClearnessIndex(base))).toEqual(
      Array.from(monthlyClearnessIndex({ ...base, upwindLandShare: 0.8 })),
    );
  });

  it('looks 1.5 degrees to each side, wrapping the date line, and the Node adapter reads the land mask there', () => {
    const p = landNeighbourPoints(60, 179.5);
    expect(p.north.latitude).toBeCloseTo(61.5, 9);
    expect(p.east.longitude).toBeCloseTo(179.5 + 3 - 360, 9); // 1.5 degrees of latitude is 3 of longitude at 60 N
    expect(p.west.longitude).toBeCloseTo(176.5, 9);
    expect(landNeighbourPoints(89.5, 0).north.latitude).toBe(89.9);
    // Lisbon: the Atlantic west, Iberia east.
    const lisbon = landShareAround(38.72, -9.14);
    expect(lisbon.west).toBeLessThan(0.05);
    expect(lisbon.east).toBeGreaterThan(0.95);
  });
});
