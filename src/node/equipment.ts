/**
 * Equipment files on disk: SAM's library CSVs (from a user's path or the data directory's pv/
 * folder) and PVsyst PAN and OND files, read into the core's parameter sets by src/pv/library.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  type OndSandiaInverter,
  type PvsystPanModule,
  ondToSandiaInverter,
  panToPvsystModule,
  parsePanond,
} from '../pv/library/panond.js';
import { type SamLibrary, type SamLibraryKind, type SamLibraryParameters, parseSamLibrary } from '../pv/library/sam.js';
import { checkObject, typeFailure } from '../util/validate.js';
import { type Environment, MissingDataError, dataFilePath } from './data-dir.js';

/** pvlib's names of the libraries (`retrieve_sam(name)`, any case) and solarkit's kinds. */
export type SamLibraryName = 'SandiaMod' | 'CECMod' | 'CECInverter' | 'SandiaInverter' | 'ADRInverter' | SamLibraryKind;

/**
 * The kind of library a name reads, at the type level: pvlib's names (as written in its docs) and
 * solarkit's kinds give their kind, so `readSamLibrary('CECInverter').get(key)` is typed as
 * Sandia inverter parameters; any other string (a path, another spelling) gives every kind.
 */
export type SamLibraryKindOf<N extends string> = N extends SamLibraryKind
  ? N
  : N extends 'SandiaMod'
    ? 'sandia-modules'
    : N extends 'CECMod'
      ? 'cec-modules'
      : N extends 'CECInverter' | 'SandiaInverter'
        ? 'cec-inverters'
        : N extends 'ADRInverter'
          ? 'adr-inverters'
          : SamLibraryKind;

/** The kind of library each of pvlib's names (lower case) and solarkit's kinds reads. */
const NAMED_KINDS: Readonly<Record<string, SamLibraryKind>> = {
  sandiamod: 'sandia-modules',
  cecmod: 'cec-modules',
  cecinverter: 'cec-inverters',
  sandiainverter: 'cec-inverters',
  adrinverter: 'adr-inverters',
  'sandia-modules': 'sandia-modules',
  'cec-modules': 'cec-modules',
  'cec-inverters': 'cec-inverters',
  'adr-inverters': 'adr-inverters',
};

/** The data directory's file of each kind (the names pvlib ships them under). */
const LIBRARY_FILES: Readonly<Record<SamLibraryKind, string>> = {
  'sandia-modules': 'pv/sam-library-sandia-modules-2015-6-30.csv',
  'cec-modules': 'pv/sam-library-cec-modules-2019-03-05.csv',
  'cec-inverters': 'pv/sam-library-cec-inverters-2019-03-05.csv',
  'adr-inverters': 'pv/adr-library-cec-inverters-2019-03-05.csv',
};

/** Options of {@link readSamLibrary}. */
export interface ReadSamLibraryOptions<K extends SamLibraryKind = SamLibraryKind> {
  /** The kind a file given by path must be (default: told from its columns). */
  kind?: K;
  /** Where to look for `SOLARKIT_DATA_DIR` (default `process.env`). */
  env?: Environment;
}

/** The kind of library a pvlib name or solarkit kind reads, or undefined for a path. */
function namedKind(nameOrPath: string): SamLibraryKind | undefined {
  return Object.hasOwn(NAMED_KINDS, nameOrPath.toLowerCase()) ? NAMED_KINDS[nameOrPath.toLowerCase()] : undefined;
}

/**
 * Reads a SAM library CSV into typed parameter sets (see `parseSamLibrary` of the core): by pvlib's
 * name of it (`'SandiaMod'`, `'CECInverter'` or its alias `'SandiaInverter'`, `'ADRInverter'`,
 * `'CECMod'`, any case; or solarkit's kind, `'sandia-modules'`...) from the data directory's pv/
 * folder, or from a path to a user's copy of the same layout (SAM's `CEC Modules.csv`, a newer
 * library). The CEC module library is not in the data directory (no redistributable copy): with
 * `'CECMod'` and no such file there it throws an error saying where to download it and to pass its
 * path. Follows pvlib.pvsystem.retrieve_sam; the libraries come from SAM (NREL).
 * @param nameOrPath pvlib's library name, a solarkit kind, or a path to a library CSV
 * @param options `kind` a file given by path must be; `env` for the data directory
 * @example
 * const modules = readSamLibrary('SandiaMod');
 * modules.get('Canadian_Solar_CS5P_220M___2009_').isco; // => 5.09115
 */
export function readSamLibrary<
  N extends SamLibraryName | (string & {}),
  K extends SamLibraryKind = SamLibraryKindOf<N>,
>(nameOrPath: N, options: ReadSamLibraryOptions<K> = {}): SamLibrary<SamLibraryParameters[K]> {
  const fn = 'readSamLibrary';
  if (typeof nameOrPath !== 'string' || nameOrPath === '')
    typeFailure(fn, 'nameOrPath', "pvlib's library name ('SandiaMod', 'CECInverter', ...) or a file path", nameOrPath);
  checkObject(fn, 'options', options);
  const kind = namedKind(nameOrPath);
  if (kind === undefined) {
    const bytes = readFileSync(nameOrPath);
    return parseSamLibrary(bytes, { kind: options.kind, fileName: nameOrPath });
  }
  if (options.kind !== undefined && options.kind !== kind)
    throw new RangeError(`${fn}: '${nameOrPath}' is the ${kind} library, but options.kind is '${options.kind}'`);
  let path: string;
  try {
    path = dataFilePath(LIBRARY_FILES[kind], options.env);
  } catch (e) {
    if (e instanceof MissingDataError && kind === 'cec-modules')
      e.message = `${cecModulesHelp(nameOrPath)} (${e.message})`;
    throw e;
  }
  return parseSamLibrary(readFileSync(path), { kind: kind as K, fileName: basename(path) });
}

function cecModulesHelp(name: string): string {
  return (
    `readSamLibrary('${name}'): the CEC module library (sam-library-cec-modules-2019-03-05.csv, about 16,000 modules ` +
    'with their single-diode parameters) is not in the solarkit data directory, which has no copy it may ' +
    "redistribute (see the data directory's pv/README.md). Download SAM's 'CEC Modules.csv' " +
    "(https://github.com/NatLabRockies/SAM/tree/develop/deploy/libraries) or pvlib-python's " +
    'pvlib/data/sam-library-cec-modules-2019-03-05.csv, then pass its path: ' +
    "readSamLibrary('/path/to/CEC Modules.csv'), or put it in the data directory's pv/ folder under that name."
  );
}

/**
 * Reads a PVsyst PAN file (a PV module) into the PVsyst single-diode parameters: the file read as
 * UTF-8 (with or without a byte-order mark) or Latin-1 by `parsePanond`, then `panToPvsystModule`
 * (I_L_ref and I_o_ref from the STC data; Mermoud and Lejeune 2010, DOI
 * 10.4229/25thEUPVSEC2010-4BO.9.1). Follows pvlib.iotools.read_panond. Errors name the file (an OND
 * given as a PAN, a missing parameter).
 * @param path the PAN file
 * @example
 * const module = readPanFile(dataFilePath('pv/ET-M772BH550GL.PAN'));
 * module.cellsInSeries; // => 72
 */
export function readPanFile(path: string): PvsystPanModule {
  if (typeof path !== 'string' || path === '') typeFailure('readPanFile', 'path', 'a file path (a string)', path);
  return panToPvsystModule(parsePanond(readFileSync(path), { fileName: path }), { fileName: path });
}

/**
 * Reads a PVsyst OND file (an inverter) into Sandia inverter parameters fitted to its efficiency
 * curves at three DC voltages, with its limits (Paco = PMaxOUT, Pnt = Night_Loss, Vdcmax, MPPT
 * window): `parsePanond` then `ondToSandiaInverter` (the fit of pvlib.inverter.fit_sandia; King et
 * al. 2007, SAND2007-5036, DOI 10.2172/920449). Errors name the file (a PAN given as an OND, no
 * efficiency curve).
 * @param path the OND file
 * @example
 * const inverter = readOndFile(dataFilePath('pv/CPS SCH275KTL-DO-US-800-250kW_275kVA_1.OND'));
 * inverter.paco; // => 250000
 */
export function readOndFile(path: string): OndSandiaInverter {
  if (typeof path !== 'string' || path === '') typeFailure('readOndFile', 'path', 'a file path (a string)', path);
  return ondToSandiaInverter(parsePanond(readFileSync(path), { fileName: path }), { fileName: path });
}
