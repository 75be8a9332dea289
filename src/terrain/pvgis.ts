/**
 * Reader of user-supplied horizon files: PVGIS horizon outputs (CSV or JSON, azimuth counted
 * from south), the north-based two-column CSV that pvlib-python writes, and PVGIS's upload format
 * (one elevation per line, evenly spaced clockwise from north).
 */
import { horizonFromArrays, type HorizonProfile } from './horizon.js';
import { checkString } from '../util/validate.js';

/** Options of {@link parsePvgisHorizon}. */
export interface PvgisHorizonOptions {
  /**
   * Where the file counts azimuth from. Default: detected from the header: PVGIS's own `A` /
   * `H_hor` columns count from south (east negative, west positive, so north = A + 180); a
   * `horizon_azimuth` column (pvlib's convention) counts from north, clockwise.
   */
  azimuthOrigin?: 'north' | 'south';
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function fromSouth(azimuths: number[]): number[] {
  return azimuths.map((a) => a + 180);
}

/**
 * Parses a horizon file into a {@link HorizonProfile} with azimuths in degrees east of north.
 * Accepts: PVGIS `printhorizon` CSV (metadata lines, then a header with `A` and `H_hor` columns,
 * azimuth from south) and JSON (`outputs.horizon_profile` of `{A, H_hor}`); a two-column CSV with
 * header `horizon_azimuth,horizon_elevation` (from north, as pvlib-python's PVGIS reader and
 * the PVGIS test files write it); and a bare list of elevations, one per line, evenly spaced
 * clockwise from north (PVGIS's user-horizon upload format). Separators may be commas,
 * semicolons, tabs or spaces. A repeated point at 360 degrees is dropped.
 * Reference: PVGIS horizon tool, EU JRC (Huld 2017), https://joint-research-centre.ec.europa.eu/pvgis
 * @param text the file's text
 * @param options `azimuthOrigin`, where the file counts azimuth from (default: from its header)
 * @throws Error when no horizon rows are found.
 * @example
 * // PVGIS's CSV counts azimuth from south: A = 0 is south (180 east of north).
 * const p = parsePvgisHorizon('A\tH_hor\n-180\t2.3\n-90\t1.1\n0\t4.6\n90\t0.8\n180\t2.3\n');
 * horizonElevationAt(p, 180); // => 4.6
 */
export function parsePvgisHorizon(text: string, options: PvgisHorizonOptions = {}): HorizonProfile {
  checkString('parsePvgisHorizon', 'text', text, 'the text of a PVGIS horizon file (CSV or JSON)');
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return parsePvgisJson(trimmed, options);
  const lines = trimmed.split(/\r?\n/);
  let azimuthColumn = -1;
  let elevationColumn = -1;
  let origin: 'north' | 'south' | undefined;
  const azimuths: number[] = [];
  const elevations: number[] = [];
  const bare: number[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') continue;
    const cells = line.split(/[,;\t]+|\s+/).filter((c) => c !== '');
    if (azimuthColumn < 0) {
      const lower = cells.map((c) => c.toLowerCase());
      const az = lower.findIndex((c) => c === 'horizon_azimuth' || c === 'a' || c === 'azimuth');
      const el = lower.findIndex((c) => c === 'horizon_elevation' || c === 'h_hor' || c === 'elevation');
      if (az >= 0 && el >= 0) {
        azimuthColumn = az;
        elevationColumn = el;
        origin = lower[az] === 'a' ? 'south' : 'north';
        continue;
      }
      if (cells.length === 1 && NUMBER.test(cells[0]!)) bare.push(Number(cells[0]));
      continue;
    }
    const a = cells[azimuthColumn];
    const e = cells[elevationColumn];
    // PVGIS appends legend lines after the table; the table ends at the first non-numeric row.
    if (a === undefined || e === undefined || !NUMBER.test(a) || !NUMBER.test(e)) {
      if (azimuths.length > 0) break;
      continue;
    }
    azimuths.push(Number(a));
    elevations.push(Number(e));
  }
  if (azimuthColumn < 0) {
    if (bare.length === 0) throw new Error('no horizon rows found');
    const step = 360 / bare.length;
    return horizonFromArrays(
      bare.map((_, i) => i * step),
      bare,
    );
  }
  if (azimuths.length === 0) throw new Error('no horizon rows found');
  const from = options.azimuthOrigin ?? origin ?? 'north';
  return horizonFromArrays(from === 'south' ? fromSouth(azimuths) : azimuths, elevations);
}

function parsePvgisJson(text: string, options: PvgisHorizonOptions): HorizonProfile {
  const json = JSON.parse(text) as { outputs?: { horizon_profile?: Array<{ A: number; H_hor: number }> } };
  const rows = json.outputs?.horizon_profile;
  if (!Array.isArray(rows) || rows.length === 0) throw new Error('no horizon rows found');
  const azimuths = rows.map((r) => Number(r.A));
  const elevations = rows.map((r) => Number(r.H_hor));
  const from = options.azimuthOrigin ?? 'south';
  return horizonFromArrays(from === 'south' ? fromSouth(azimuths) : azimuths, elevations);
}
