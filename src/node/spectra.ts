/**
 * The standard reference spectra of the data directory (ASTM G173-03: extraterrestrial, global
 * tilted 37 degrees, direct and circumsolar), read at run time for the core's spectral models
 * (`spectralMismatchField` takes them as columns).
 */
import { readFileSync } from 'node:fs';
import { dataFilePath, type Environment } from './data-dir.js';

/** The file of ASTM G173-03 in the data directory. */
const ASTM_G173_FILE = 'pv/ASTMG173.csv';

/** Reference spectra over wavelengths, W/m2/nm. */
export interface ReferenceSpectra {
  /** Wavelengths [nm]. */
  wavelength: Float64Array;
  /** Extraterrestrial spectral irradiance [W/m2/nm]. */
  extraterrestrial: Float64Array;
  /** Global spectral irradiance on a plane tilted 37 degrees towards the sun [W/m2/nm]. */
  global: Float64Array;
  /** Direct normal and circumsolar spectral irradiance [W/m2/nm]. */
  direct: Float64Array;
}

/** Options of {@link readReferenceSpectra}. */
export interface ReadReferenceSpectraOptions {
  /** Wavelengths to interpolate the spectra to [nm] (linearly; 0 outside 280-4000 nm). Default: the file's 2002. */
  wavelengths?: Float64Array;
  /** The standard, default and only one so far 'ASTM G173-03'. */
  standard?: 'ASTM G173-03';
  /** Where to look for `SOLARKIT_DATA_DIR` (default `process.env`). */
  env?: Environment;
}

/**
 * Reads the ASTM G173-03 reference spectra from the data directory (pv/ASTMG173.csv): wavelength
 * [nm] and the extraterrestrial, global (tilted 37 degrees) and direct spectral irradiance
 * [W/m2/nm]; with `wavelengths`, interpolated linearly to them and 0 outside the table, as pvlib.
 * ASTM G173-03 (2020), Standard Tables for Reference Solar Spectral Irradiances: Direct Normal and
 * Hemispherical on 37° Tilted Surface, doi:10.1520/G0173-03R20; follows
 * pvlib.spectrum.get_reference_spectra.
 * @param options `wavelengths` [nm]; `standard`; `env`
 * @example
 * readReferenceSpectra().wavelength.length; // => 2002
 * readReferenceSpectra({ wavelengths: Float64Array.of(500) }).global[0]; // about 1.5451
 */
export function readReferenceSpectra(options: ReadReferenceSpectraOptions = {}): ReferenceSpectra {
  const fn = 'readReferenceSpectra';
  if (typeof options !== 'object' || options === null) throw new TypeError(`${fn}: options must be an object`);
  const standard = options.standard ?? 'ASTM G173-03';
  if (standard !== 'ASTM G173-03')
    throw new RangeError(`${fn}: options.standard must be 'ASTM G173-03' (got ${JSON.stringify(standard)})`);
  const text = readFileSync(dataFilePath(ASTM_G173_FILE, options.env), 'utf8');
  const lines = text.split(/\r?\n/).slice(2);
  const cols: number[][] = [[], [], [], []];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const cells = line.split(',');
    for (let k = 0; k < 4; k++) {
      const v = Number(cells[k]);
      if (!Number.isFinite(v)) throw new Error(`${fn}: ${ASTM_G173_FILE}: not a number in '${line}'`);
      cols[k]!.push(v);
    }
  }
  const table = cols.map((c) => Float64Array.from(c)) as [Float64Array, Float64Array, Float64Array, Float64Array];
  const wavelengths = options.wavelengths;
  if (wavelengths === undefined) {
    return { wavelength: table[0], extraterrestrial: table[1], global: table[2], direct: table[3] };
  }
  if (!(wavelengths instanceof Float64Array))
    throw new TypeError(`${fn}: options.wavelengths must be a Float64Array of wavelengths (nm)`);
  const at = (fp: Float64Array) => Float64Array.from(wavelengths, (x) => interpZero(x, table[0], fp));
  return {
    wavelength: Float64Array.from(wavelengths),
    extraterrestrial: at(table[1]),
    global: at(table[2]),
    direct: at(table[3]),
  };
}

/** np.interp(x, xp, fp, left=0, right=0) at one x; xp increasing. */
function interpZero(x: number, xp: Float64Array, fp: Float64Array): number {
  const m = xp.length;
  if (x !== x) return Number.NaN;
  if (x < xp[0]! || x > xp[m - 1]!) return 0;
  if (x === xp[m - 1]!) return fp[m - 1]!;
  let lo = 0;
  let hi = m - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xp[mid]! <= x) lo = mid;
    else hi = mid;
  }
  return ((fp[hi]! - fp[lo]!) / (xp[hi]! - xp[lo]!)) * (x - xp[lo]!) + fp[lo]!;
}
