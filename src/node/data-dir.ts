/**
 * The data directory: where solarkit reads the real data it does not own (the global elevation
 * grid, the climate grids, real weather files). Such data comes from other public projects and is
 * never part of the repository; it is read at run time from the first of:
 *
 * 1. `SOLARKIT_DATA_DIR`, when set (and then only there, so that a user can point solarkit at
 *    exactly one directory and see what is missing);
 * 2. `../shared/data` beside the project root (a clone on our machines and in CI);
 * 3. `dist/data` of the installed package (the packed forms `npm run build` writes there).
 *
 * Every reader asks for a file by its path relative to the data directory
 * (`elevation/elevation-5arcmin.u8.gz`), and a file that none of them holds is one
 * {@link MissingDataError} naming the file, the directories searched and the variable to set.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Environment variables, as `process.env` (declared here so the types need no @types/node). */
export type Environment = Readonly<Record<string, string | undefined>>;

/** The environment variable that points solarkit at a data directory. */
export const DATA_DIR_VARIABLE = 'SOLARKIT_DATA_DIR';

/** Name of the core package, whose root anchors `../shared/data` and `dist/data`. */
const CORE_PACKAGE_NAME = 'solarkit';

/**
 * Files of the data directory that solarkit reads, relative to it, with what each is for. The
 * server logs which of them it found at start-up; the build packs these into `dist/data`.
 */
export const DATA_FILES: ReadonlyArray<{ readonly path: string; readonly purpose: string }> = [
  {
    path: 'elevation/elevation-5arcmin.u8.gz',
    purpose: 'global elevation grid: site elevation, land mask, distant horizons',
  },
  ...(['air_temperature_2m', 'precipitation', 'u_wind_10m', 'v_wind_10m'] as const).flatMap((name) =>
    (['json', 'f32'] as const).map((ext) => ({
      path: `climate/${name}.${ext}`,
      purpose:
        "monthly climate normals (NCEP/NCAR Reanalysis 1 temperature and wind, CMAP precipitation): the synthetic weather's climate",
    })),
  ),
  {
    path: 'pv/sam-library-sandia-modules-2015-6-30.csv',
    purpose: "SAM's Sandia module library (SAPM parameters): readSamLibrary('SandiaMod')",
  },
  {
    path: 'pv/sam-library-cec-inverters-2019-03-05.csv',
    purpose: "SAM's CEC inverter library (Sandia inverter parameters): readSamLibrary('CECInverter')",
  },
  {
    path: 'pv/adr-library-cec-inverters-2019-03-05.csv',
    purpose: "SAM's ADR inverter library (Driesse's inverter parameters): readSamLibrary('ADRInverter')",
  },
  {
    path: 'pv/ASTMG173.csv',
    purpose: 'ASTM G173-03 reference spectra (the spectral mismatch reference): readReferenceSpectra',
  },
];

/** A data file that no searched directory holds. */
export class MissingDataError extends Error {
  /** The error's name, `'MissingDataError'`. */
  override readonly name = 'MissingDataError';
  /** The file, relative to the data directory. */
  readonly file: string;
  /** The directories searched, in order. */
  readonly searched: readonly string[];
  /** The environment variable that selects the data directory. */
  readonly variable = DATA_DIR_VARIABLE;

  /**
   * The error for a file that no candidate directory holds.
   * @param file the missing file, relative to the data directory
   * @param searched the directories searched, in order
   */
  constructor(file: string, searched: readonly string[]) {
    const where = searched.length > 0 ? searched.join(', ') : '(no candidate directory exists)';
    super(
      `solarkit data file '${file}' not found; searched: ${where}. ` +
        `Set ${DATA_DIR_VARIABLE} to a directory that holds it (the solarkit data directory, see the README's "Data" section).`,
    );
    this.file = file;
    this.searched = searched;
  }
}

declare const __dirname: string | undefined;

/** Directory of this module, in the ESM source (tsx), the ESM build and the CJS build alike. */
function moduleDirectory(): string {
  if (typeof __dirname === 'string') return __dirname;
  return dirname(fileURLToPath(import.meta.url));
}

/**
 * Root of the core package (the directory of its package.json), walking up from this module:
 * the clone's root when run from src/, the installed package's directory when run from dist/.
 */
export function corePackageRoot(): string | undefined {
  let dir = moduleDirectory();
  for (let i = 0; i < 10; i++) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === CORE_PACKAGE_NAME) return dir;
      } catch {
        // not a readable manifest: keep walking up
      }
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/**
 * The candidate data directories, in the order they are searched (see the module comment). With
 * `SOLARKIT_DATA_DIR` set, that directory alone.
 * @param env the environment to read `SOLARKIT_DATA_DIR` from; default `process.env`
 * @example
 * dataDirectories({ SOLARKIT_DATA_DIR: '/srv/solar-data' }); // => ['/srv/solar-data']
 */
export function dataDirectories(env: Environment = process.env): string[] {
  const override = env[DATA_DIR_VARIABLE];
  if (override !== undefined && override !== '') return [resolve(override)];
  const root = corePackageRoot();
  if (root === undefined) return [];
  return [resolve(root, '..', 'shared', 'data'), join(root, 'dist', 'data')];
}

/**
 * Absolute path of a file of the data directory: the first searched directory that holds it.
 * @param file path relative to the data directory, with forward slashes (`climate/precipitation.f32`)
 * @throws MissingDataError when no searched directory holds it
 * @example
 * const path = dataFilePath('elevation/elevation-5arcmin.u8.gz');
 * path.endsWith('elevation-5arcmin.u8.gz'); // => true
 */
export function dataFilePath(file: string, env: Environment = process.env): string {
  if (typeof file !== 'string')
    throw new TypeError(
      `dataFilePath: file must be a path relative to the data directory, a string (got ${typeof file})`,
    );
  const searched = dataDirectories(env);
  for (const dir of searched) {
    const candidate = join(dir, ...file.split('/'));
    if (existsSync(candidate)) return candidate;
  }
  throw new MissingDataError(file, searched);
}

/**
 * Whether a file of the data directory can be found (see {@link dataFilePath}).
 * @example
 * hasDataFile('no/such/file.bin'); // => false
 */
export function hasDataFile(file: string, env: Environment = process.env): boolean {
  try {
    dataFilePath(file, env);
    return true;
  } catch (e) {
    if (e instanceof MissingDataError) return false;
    throw e;
  }
}

/**
 * What solarkit finds of its data files: each of {@link DATA_FILES} with the path it resolved
 * to, or `undefined` when missing. The server logs this at start-up.
 * @example
 * dataInventory().length === DATA_FILES.length; // => true
 */
export function dataInventory(
  env: Environment = process.env,
): Array<{ path: string; purpose: string; foundAt: string | undefined }> {
  return DATA_FILES.map(({ path, purpose }) => {
    let foundAt: string | undefined;
    try {
      foundAt = dataFilePath(path, env);
    } catch (e) {
      if (!(e instanceof MissingDataError)) throw e;
    }
    return { path, purpose, foundAt };
  });
}
