/**
 * The server's embedded database: one SQLite file (better-sqlite3), created with its directory on
 * first use and migrated to the latest schema on every open.
 */
import BetterSqlite3 from 'better-sqlite3';
import { closeSync, constants, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrations } from './migrations.js';

/** The better-sqlite3 connection type. */
export type Database = BetterSqlite3.Database;

/** Size the WAL file is cut back to whenever SQLite restarts it after a checkpoint, bytes. */
export const WAL_SIZE_LIMIT = 4 * 1024 * 1024;

/** Busy timeout of every connection, ms: how long a statement waits for another process's lock. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating if needed) the database at `path` (':memory:' for a throwaway one), with WAL
 * journaling (a new file, and so its -wal and -shm, readable by its owner only), foreign keys on and a busy timeout, and applies every pending migration.
 *
 * The WAL is checkpointed by SQLite itself (every 1000 pages, about 4 MB, when a write statement
 * completes); `journal_size_limit` then cuts the file back to WAL_SIZE_LIMIT, so that one large
 * transaction (an upload of 1000 records) does not leave a large file behind.
 */
export function openDatabase(path: string): Database {
  if (path !== ':memory:' && !path.startsWith('file:')) createPrivateFile(path);
  const db = new BetterSqlite3(path);
  db.pragma('journal_mode = WAL');
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
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

/**
 * A backstop of SQLite's own checkpoints, for a database shared by several processes: every
 * `intervalMs` (default 10 s), when the WAL file beside `path` is larger than `maxBytes` (default
 * 8 MiB), a `wal_checkpoint(TRUNCATE)` copies it into the database and empties it. SQLite's
 * automatic checkpoint cannot restart the WAL while another process keeps reading an old snapshot
 * (checkpoint starvation); this one does not wait for such readers (busy timeout 0 for its
 * duration), it tries again at the next tick. Returns the function that stops it; the timer never
 * keeps the process alive.
 */
export function guardWal(
  db: Database,
  path: string,
  { intervalMs = 10_000, maxBytes = 8 * 1024 * 1024 }: { intervalMs?: number; maxBytes?: number } = {},
): () => void {
  if (path === ':memory:' || path.startsWith('file:')) return () => undefined;
  const wal = `${path}-wal`;
  const timer = setInterval(() => {
    let size: number;
    try {
      size = statSync(wal).size;
    } catch {
      return;
    }
    if (size <= maxBytes || !db.open) return;
    db.pragma('busy_timeout = 0');
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // SQLITE_BUSY or a closing connection: the next tick tries again.
    } finally {
      if (db.open) db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
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
