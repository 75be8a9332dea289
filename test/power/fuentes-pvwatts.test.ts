/**
 * Fuentes cell temperature against PVWatts' own hourly exports, the way pvlib's test does it
 * (pvlib-python tests/test_temperature.py::test_fuentes): the first week of each export, pvlib's
 * defaults except the installed NOCT (45 C rack mount, 49 C roof mount); daytime values equal to
 * 3 decimals (the export's precision), dawn within 0.1 K, nights at most 6 K colder than PVWatts and
 * never warmer (PVWatts' code sets the cell to the air temperature at zero irradiance; Fuentes
 * cools to the sky).
 *
 * The exports are data of another project (NREL's PVWatts via pvlib-python), so they are read from
 * the data directory, never from the repository: `weather/pvwatts_8760_rackmount.csv` and
 * `weather/pvwatts_8760_roofmount.csv`, copies of pvlib-python's `tests/data/` files of the same
 * names. Without them this test is SKIPPED (not passed) and says so; docs/temperature.md records
 * the result of the comparison run with them.
 */
import { describe, expect, it } from 'vitest';
import { fuentesCellTemperature } from '../../src/power/index.js';
import { optionalWeatherText } from '../support/data.js';

interface Pvwatts8760 {
  unixSeconds: Float64Array;
  poa: Float64Array;
  air: Float64Array;
  wind: Float64Array;
  cell: Float64Array;
}

/** A PVWatts hourly export: 17 lines of site and system, the column header, 8760 rows, a Totals row. */
function readPvwatts8760(text: string): Pvwatts8760 {
  const lines = text.split(/\r?\n/);
  const header = lines[17]!.split(',');
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`PVWatts export: column '${name}' not found`);
    return i;
  };
  const [iMonth, iDay, iHour] = [col('Month'), col('Day'), col('Hour')];
  const [iPoa, iAir, iWind, iCell] = [
    col('Plane of Array Irradiance (W/m^2)'),
    col('Ambient Temperature (C)'),
    col('Wind Speed (m/s)'),
    col('Cell Temperature (C)'),
  ];
  const rows = lines.slice(18).filter((l) => /^\d/.test(l));
  const pick = (j: number) => Float64Array.from(rows, (r) => Number(r.split(',')[j]));
  const month = pick(iMonth),
    day = pick(iDay),
    hour = pick(iHour);
  // pvlib dates the rows in 2019; only the steps (one hour) matter to the model.
  const unixSeconds = Float64Array.from(rows, (_, i) => Date.UTC(2019, month[i]! - 1, day[i]!, hour[i]!) / 1000);
  return { unixSeconds, poa: pick(iPoa), air: pick(iAir), wind: pick(iWind), cell: pick(iCell) };
}

/** numpy's round(x, 3): half to even on the scaled value. */
function round3(x: number): number {
  const s = x * 1000;
  const r = Math.round(s);
  const half = Math.abs(s - Math.trunc(s)) === 0.5;
  return (half && r % 2 !== 0 ? r - 1 : r) / 1000;
}

const EXPORTS = [
  { file: 'pvwatts_8760_rackmount.csv', noctInstalled: 45 },
  { file: 'pvwatts_8760_roofmount.csv', noctInstalled: 49 },
];

describe('Fuentes against the PVWatts 8760 exports (as pvlib tests it)', () => {
  for (const { file, noctInstalled } of EXPORTS) {
    const text = optionalWeatherText(file);
    if (text === undefined) {
      const reason = `weather/${file} is not in the data directory (copy pvlib-python's tests/data/${file} there to run this comparison)`;
      console.warn(`SKIPPED Fuentes vs PVWatts: ${reason}`);
      it.skip(`${file}, installed NOCT ${noctInstalled} C: SKIPPED, ${reason}`, () => {});
      continue;
    }
    it(`${file}, installed NOCT ${noctInstalled} C: daytime to 3 decimals, dawn within 0.1 K, nights colder by < 6 K`, () => {
      const all = readPvwatts8760(text);
      expect(all.unixSeconds.length).toBe(8760);
      const week = 24 * 7;
      const poa = all.poa.subarray(0, week);
      const tcell = fuentesCellTemperature(
        {
          unixSeconds: all.unixSeconds.subarray(0, week),
          poaGlobal: poa,
          airTemp: all.air.subarray(0, week),
          windSpeed: all.wind.subarray(0, week),
        },
        { noctInstalled },
      );
      let day = 0,
        dawn = 0,
        night = 0;
      for (let i = 0; i < week; i++) {
        const isNight = poa[i] === 0;
        const isDawn = !isNight && i > 0 && poa[i - 1] === 0;
        const expected = all.cell[i]!;
        if (isNight) {
          const colder = expected - tcell[i]!;
          expect(colder).toBeGreaterThan(0);
          expect(colder).toBeLessThan(6);
          night++;
        } else if (isDawn) {
          expect(Math.abs(tcell[i]! - expected)).toBeLessThan(0.1);
          dawn++;
        } else {
          expect(round3(tcell[i]!), `row ${i}`).toBe(round3(expected));
          day++;
        }
      }
      expect(day).toBeGreaterThan(40);
      expect(dawn).toBe(7);
      expect(night).toBeGreaterThan(90);
    });
  }
});
