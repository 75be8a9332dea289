/**
 * `solarkit weather import <file>`: a real weather file into the weather directory, each failure
 * named by its cause (contract.md section 8).
 */
import { resolve } from 'node:path';
import { type FilePlaceHint, readWeatherFile } from 'solarkit';
import { openWeatherStore, readWeatherText } from 'solarkit/node';
import { type CliIo, iso } from './io.js';

/** Why a file could not be read or written, in words (ENOENT: no such file, ...), else the error's message. */
export function readFailure(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return err.code === 'ENOENT'
    ? 'no such file'
    : err.code === 'EACCES'
      ? 'permission denied'
      : err.code === 'EISDIR'
        ? 'it is a directory'
        : err.message;
}

/**
 * Checks what the store's reader would stumble on, so each failure names its cause (the file
 * cannot be read, is not a regular file or is too large, its format is unknown, its place is
 * missing), then imports it. Reads are bounded: `/dev/zero` or a pipe fails at once.
 */
export function weatherImport(file: string, hint: FilePlaceHint, dir: string, io: CliIo): number {
  const path = resolve(file);
  let text: string;
  try {
    text = readWeatherText(path);
  } catch (e) {
    io.err(`error: cannot read ${file}: ${readFailure(e)}`);
    return 1;
  }
  // The format alone (with a dummy place, so that only an unknown format fails here).
  const unknownFormat = `error: ${file}: unknown weather file format; expected EPW, NSRDB TMY3, NSRDB PSM3, PVGIS TMY (CSV or JSON) or the API's CSV`;
  try {
    const probe = readWeatherFile(text, { latitude: 0, longitude: 0, timeZone: 0 });
    // A file that reads but holds no rows is not weather either.
    if (probe.periodEnd.length === 0 || Object.keys(probe.columns).length === 0) {
      io.err(unknownFormat);
      return 1;
    }
  } catch (e) {
    const message = (e as Error).message;
    io.err(/format not recognised|not a PVGIS TMY JSON/.test(message) ? unknownFormat : `error: ${file}: ${message}`);
    return 1;
  }
  let info;
  try {
    info = openWeatherStore(dir).importFile(path, hint);
  } catch (e) {
    const message = (e as Error).message;
    if (/place is unknown|give (the )?latitude|give latitude/i.test(message)) {
      io.err(
        `error: ${file} does not say where it was measured; give --latitude and --longitude (and --time-zone, hours east of UTC of its local standard time, if not longitude/15)`,
      );
    } else {
      io.err(`error: ${file}: ${message}`);
    }
    return 1;
  }
  io.out(
    `imported ${info.id}: ${info.format}, ${info.latitude}, ${info.longitude}, ${info.typical ? 'a typical year' : `actuals ${iso(info.from)} .. ${iso(info.to)}`}, every ${info.periodSeconds / 60} min, ${info.columns.length} columns (${info.columns.join(', ')})`,
  );
  io.out(
    `requests within 5 km of ${info.latitude}, ${info.longitude} now use it${info.typical ? ' for p50 TMY' : ' for the times it covers'} (store: ${dir})`,
  );
  return 0;
}
