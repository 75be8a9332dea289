/**
 * Opening the server's storage: a PostgreSQL connection URL (`postgres://user@host:port/db`) opens
 * the shared PostgreSQL backend (postgres/), anything else is the path of the embedded SQLite file
 * (the default, ':memory:' for a throwaway one). Both are migrated to the latest schema on open.
 */
import { SqliteAccountStore } from './accounts.js';
import { type Database, guardWal, openDatabase } from './database.js';
import { isPostgresUrl } from './location.js';
import { SqliteLimitStore } from './limits.js';
import { SqliteMeasurementStore } from './measurements.js';
import { openPostgresStorage } from './postgres/index.js';
import { SqliteSiteStore } from './sites.js';
import type { Storage } from './stores.js';

export { isPostgresUrl };

/** The SQLite storage: every store over one better-sqlite3 connection, and that connection. */
export interface SqliteStorage extends Storage {
  backend: 'sqlite';
  db: Database;
}

/** Opens (creating and migrating) the SQLite file at `path` as the server's storage. */
export function openSqliteStorage(path: string): SqliteStorage {
  const db = openDatabase(path);
  const stopWalGuard = guardWal(db, path);
  return {
    backend: 'sqlite',
    db,
    accounts: new SqliteAccountStore(db),
    sites: new SqliteSiteStore(db),
    measurements: new SqliteMeasurementStore(db),
    limits: new SqliteLimitStore(db),
    async close() {
      stopWalGuard();
      db.close();
    },
  };
}

/**
 * Opens the storage at a location: a PostgreSQL URL (pool of `poolSize` connections, default 10)
 * or a SQLite path. The caller closes it.
 */
export async function openStorage(location: string, options: { poolSize?: number } = {}): Promise<Storage> {
  return isPostgresUrl(location) ? openPostgresStorage(location, options) : openSqliteStorage(location);
}
