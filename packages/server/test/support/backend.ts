/**
 * Which storage backend the server tests run on: the suite runs once per backend (vitest.config.ts
 * projects `server-sqlite`... and `postgres`, which sets SOLARKIT_TEST_BACKEND=postgres), and every
 * test that makes a database makes it here, so one test file covers both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import type { CreateAccountOptions } from '../../src/storage/accounts.js';
import { isPostgresUrl } from '../../src/storage/location.js';
import { openStorage } from '../../src/storage/open.js';
import { NUMERIC_INT8 } from '../../src/storage/postgres/client.js';
import type { StorageBackend } from '../../src/storage/stores.js';
import { createTestDatabase } from './postgres.js';

/** The backend of this test run. */
export const TEST_BACKEND: StorageBackend = process.env.SOLARKIT_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh, empty database: its location (`--db` / `dbPath`) and a function that removes it. */
export interface TestDatabase {
  location: string;
  drop(): Promise<void>;
}

/**
 * A new empty database of the run's backend: a SQLite file in a new temporary directory, or a new
 * database on the run's PostgreSQL server.
 */
export async function freshDatabase(name = 'test'): Promise<TestDatabase> {
  if (TEST_BACKEND === 'postgres') {
    const { url, drop } = await createTestDatabase(inject('postgresAdminUrl'));
    return { location: url, drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-api-'));
  return { location: join(dir, `${name}.db`), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Rows of a read-only SQL query (written to run on both backends) straight from a database,
 * bypassing the server: for tests that look at what is stored.
 */
export async function queryRows<T = Record<string, unknown>>(
  location: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (isPostgresUrl(location)) {
    const client = new pg.Client({ connectionString: location, types: NUMERIC_INT8 });
    await client.connect();
    let n = 0;
    try {
      // Numbered placeholders are PostgreSQL's; the SQLite branch reads `?`.
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new BetterSqlite3(location, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * Runs one SQL statement that changes a database (written to run on both backends) straight on it,
 * bypassing the server: for tests that must set up what the API cannot make (for example two keys
 * that share their first characters). Returns the number of rows changed.
 */
export async function runSql(location: string, sql: string, params: unknown[] = []): Promise<number> {
  if (isPostgresUrl(location)) {
    const client = new pg.Client({ connectionString: location, types: NUMERIC_INT8 });
    await client.connect();
    let n = 0;
    try {
      return (
        (
          await client.query(
            sql.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rowCount ?? 0
      );
    } finally {
      await client.end();
    }
  }
  const db = new BetterSqlite3(location);
  try {
    return db.prepare(sql).run(...params).changes;
  } finally {
    db.close();
  }
}

/** Creates an account (all plans unless told) with one key directly in the database at `location`. */
export async function seedAccount(
  location: string,
  name: string,
  options: CreateAccountOptions = {},
): Promise<{ key: string; accountId: number }> {
  const storage = await openStorage(location, { poolSize: 1 });
  try {
    const account = await storage.accounts.createAccount(name, options);
    return { key: (await storage.accounts.createKey(account.id)).key, accountId: account.id };
  } finally {
    await storage.close();
  }
}
