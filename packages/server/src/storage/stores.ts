/**
 * The stores of one database together (kept apart from types.ts, which accounts.ts's database
 * would otherwise import back): what `openStorage` (open.ts) returns and the routes receive.
 */
import type { AccountStore } from './accounts.js';
import type { LimitStore, MeasurementStore, SiteStore } from './types.js';

/** The stores the routes use: SQLite ones over the server's database unless the server is given others. */
export interface Stores {
  accounts: AccountStore;
  sites: SiteStore;
  measurements: MeasurementStore;
  limits: LimitStore;
}

/** The storage backends: an embedded SQLite file (the default) or a shared PostgreSQL database. */
export type StorageBackend = 'sqlite' | 'postgres';

/**
 * Every store of one database, opened and migrated (storage/open.ts `openStorage`): SQLite
 * (better-sqlite3, synchronous underneath) or PostgreSQL (a `pg` pool). Whatever must hold across
 * server processes or nodes (quota, rate limit, atomic batches, site edits) holds in the database.
 */
export interface Storage extends Stores {
  backend: StorageBackend;
  /** Closes the database (SQLite) or ends the pool (PostgreSQL). */
  close(): Promise<void>;
}
