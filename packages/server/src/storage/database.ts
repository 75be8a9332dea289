/**
 * The server's embedded database: one SQLite file (better-sqlite3), created with its directory on
 * first use and migrated to the latest schema on every open.
 */
import BetterSqlite3 from 'better-sqlite3';
import { closeSync, constants, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrations } from './migrations.js';

/** The better-sqlite3 connection type. */
export type Database = BetterSqlite3.Database;

/**
 * Opens (creating if needed) the database at `path` (':memory:' for a throwaway one), with WAL
 * journaling (a new file, and so its -wal and -shm, readable by its owner only), foreign keys on and a busy timeout, and applies every pending migration.
 */
export function openDatabase(path: string): Database {
  if (path !== ':memory:' && !path.startsWith('file:')) createPrivateFile(path);
  const db = new BetterSqlite3(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  migrate(db);
  return db;
}

/**
 * Creates an empty database file readable and writable by its owner only (0600), and its missing
 * directories owner-only (0700), unless the file exists (then nothing changes). SQLite gives the
 * -wal and -shm files the database file's mode, and reads an empty file as a new database.
 */
function createPrivateFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(path, constants.O_CREAT | constants.O_EXCL | constants.O_RDWR, 0o600));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/** Applies the migrations not yet recorded in schema_migrations, in version order. */
export function migrate(db: Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
  );
  const pending = [...migrations].sort((a, b) => a.version - b.version).filter((m) => !applied.has(m.version));
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of pending) {
    db.transaction(() => {
      db.exec(m.up);
      record.run(m.version, m.name, new Date().toISOString());
    })();
  }
}
