/**
 * Real data files for tests, from the data directory (SOLARKIT_DATA_DIR, else ../shared/data
 * beside the clone): never from the repository, which holds no data of other projects. A missing
 * file fails the test with the resolver's message (file, directories searched, variable to set).
 */
import { readFileSync } from 'node:fs';
import { dataFilePath, hasDataFile } from '../../src/node/data-dir.js';

/** Absolute path of a real weather file of the data directory's weather/ folder. */
export function weatherFile(name: string): string {
  return dataFilePath(`weather/${name}`);
}

/** Text of a real weather file of the data directory's weather/ folder. */
export function weatherText(name: string): string {
  return readFileSync(weatherFile(name), 'utf8');
}

/**
 * Text of an optional weather file of the data directory's weather/ folder, or undefined when the
 * data directory does not hold it (tests that compare with files not every data directory has:
 * they skip, and say which file from where, instead of failing).
 */
export function optionalWeatherText(name: string): string | undefined {
  return hasDataFile(`weather/${name}`) ? weatherText(name) : undefined;
}

/**
 * Path of a file of the data directory's pv/ folder (SAM libraries, PAN and OND files), or
 * undefined when the data directory does not hold it (the tests then skip and say which file).
 */
export function optionalPvFile(name: string): string | undefined {
  return hasDataFile(`pv/${name}`) ? dataFilePath(`pv/${name}`) : undefined;
}
