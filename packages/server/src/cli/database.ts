/**
 * The database of a command: where it is (`--db`, `$SOLARKIT_DB`, ./data/solarkit.db), and
 * opening it so that a mistyped path says so: commands that only read or change what exists
 * never create a database; `serve` and the create commands may, and say they did.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Database, openDatabase } from '../storage/database.js';
import { CliError } from './errors.js';
import type { CliIo } from './io.js';

export const DEFAULT_DB_PATH = './data/solarkit.db';

/** The database path of a command: the option, else `$SOLARKIT_DB`, else DEFAULT_DB_PATH, made absolute. */
export function dbPathOf(option: string | undefined, env: NodeJS.ProcessEnv): string {
  const path = option ?? env.SOLARKIT_DB ?? DEFAULT_DB_PATH;
  return path === ':memory:' ? path : resolve(path);
}

function open(path: string): Database {
  if (path !== ':memory:' && existsSync(path) && statSync(path).isDirectory()) {
    throw new CliError(`the database path ${path} is a directory: give a file in it, e.g. --db ${path.replace(/\/$/, '')}/solarkit.db`);
  }
  try {
    return openDatabase(path);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new CliError(`cannot open the database ${path}: ${err.code === 'EACCES' ? 'permission denied' : err.message}`);
  }
}

/**
 * Opens a database that must exist already.
 *
 * @throws CliError naming the path and how a database is made, when there is none
 */
export function openExistingDatabase(path: string): Database {
  if (path !== ':memory:' && !existsSync(path)) {
    throw new CliError(`no database at ${path}: check --db (or SOLARKIT_DB); 'solarkit serve' or 'solarkit accounts create' makes one`);
  }
  return open(path);
}

/** Opens the database, creating it (and its directory) when absent, and says so on stderr. */
export function openOrCreateDatabase(path: string, io: CliIo): Database {
  const existed = path === ':memory:' || existsSync(path);
  const db = open(path);
  if (!existed) io.err(`created the database ${path}`);
  return db;
}

/** Runs `f` on an open database and closes it. */
export function using<T>(db: Database, f: (db: Database) => T): T {
  try {
    return f(db);
  } finally {
    db.close();
  }
}
