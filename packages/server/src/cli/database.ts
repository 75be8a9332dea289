/**
 * The database of a command: where it is (`--db`, `$SOLARKIT_DB`, ./data/solarkit.db), a SQLite
 * file or a PostgreSQL URL, and opening its storage so that a mistyped path says so: commands that
 * only read or change what exists never create a SQLite file; `serve` and the create commands
 * may, and say they did. A PostgreSQL database is made by its administrator: opening one only
 * creates the tables that are missing (the migrations), as the server does.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { isPostgresUrl } from '../storage/location.js';
import { openSqliteStorage, openStorage } from '../storage/open.js';
import type { Storage } from '../storage/stores.js';
import { CliError } from './errors.js';
import type { CliIo } from './io.js';

export const DEFAULT_DB_PATH = './data/solarkit.db';

/**
 * The database of a command: the option, else `$SOLARKIT_DB`, else DEFAULT_DB_PATH; a SQLite path
 * is made absolute, a PostgreSQL URL is kept as given.
 */
export function dbPathOf(option: string | undefined, env: NodeJS.ProcessEnv): string {
  const path = option ?? env.SOLARKIT_DB ?? DEFAULT_DB_PATH;
  return path === ':memory:' || isPostgresUrl(path) ? path : resolve(path);
}

/**
 * A database location fit to print: the password of a PostgreSQL URL replaced by `***`.
 *
 * @example displayLocation('postgres://solarkit:secret@db:5432/solarkit') // 'postgres://solarkit:***@db:5432/solarkit'
 */
export function displayLocation(location: string): string {
  if (!isPostgresUrl(location)) return location;
  try {
    const url = new URL(location);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://(a URL that does not parse)';
  }
}

async function open(location: string): Promise<Storage> {
  if (isPostgresUrl(location)) {
    try {
      // One connection: a command makes a few queries in turn.
      return await openStorage(location, { poolSize: 1 });
    } catch (e) {
      throw new CliError(`cannot open the database ${displayLocation(location)}: ${(e as Error).message}`);
    }
  }
  if (location !== ':memory:' && existsSync(location) && statSync(location).isDirectory()) {
    throw new CliError(
      `the database path ${location} is a directory: give a file in it, e.g. --db ${location.replace(/\/$/, '')}/solarkit.db`,
    );
  }
  try {
    return openSqliteStorage(location);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new CliError(
      `cannot open the database ${location}: ${err.code === 'EACCES' ? 'permission denied' : err.message}`,
    );
  }
}

/**
 * Opens the storage of a database that must exist already (a SQLite file; a PostgreSQL URL is
 * opened as it is, its server saying when the database is not there).
 *
 * @throws CliError naming the path and how a database is made, when there is none
 */
export async function openExistingStorage(location: string): Promise<Storage> {
  if (location !== ':memory:' && !isPostgresUrl(location) && !existsSync(location)) {
    throw new CliError(
      `no database at ${location}: check --db (or SOLARKIT_DB); 'solarkit serve' or 'solarkit accounts create' makes one`,
    );
  }
  return open(location);
}

/** Opens the storage, creating a SQLite file (and its directory) when absent, and says so on stderr. */
export async function openOrCreateStorage(location: string, io: CliIo): Promise<Storage> {
  const existed = location === ':memory:' || isPostgresUrl(location) || existsSync(location);
  const storage = await open(location);
  if (!existed) io.err(`created the database ${location}`);
  return storage;
}

/** Runs `f` on open storage and closes it. */
export async function using<T>(
  storage: Storage | Promise<Storage>,
  f: (storage: Storage) => Promise<T> | T,
): Promise<T> {
  const s = await storage;
  try {
    return await f(s);
  } finally {
    await s.close();
  }
}
