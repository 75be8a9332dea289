/**
 * The PostgreSQL connection pool of a server node, its migrations and its transactions.
 *
 * - Migrations run in one transaction that first takes a transaction-scoped advisory lock, so
 *   that nodes starting at the same time wait for each other and apply each version once; DDL is
 *   transactional in PostgreSQL, so a failed migration leaves the schema as it was.
 * - `transaction` runs a function on one pooled connection between BEGIN and COMMIT and retries it
 *   (a few times) when PostgreSQL aborts it for a deadlock or a serialization failure, which are
 *   safe to retry by definition: nothing of the aborted attempt was kept.
 */
import pg from 'pg';
import type { Migration } from '../migrations.js';
import { postgresMigrations } from './migrations.js';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/**
 * Key of the advisory lock held while migrating: an arbitrary 63-bit constant ("solarkit" in
 * ASCII), the same for every node.
 */
const MIGRATION_LOCK = '8317142645645063284';

/** SQLSTATEs after which a transaction is retried: deadlock_detected, serialization_failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/** The SQLSTATE of a pg error (undefined for other errors). */
export function sqlState(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The type parsers of the server's connections: 64-bit integers (counts, the rate window's start
 * in ms) read as JavaScript numbers, since every one the server stores is below 2^53; the rest as
 * pg reads them.
 */
export const NUMERIC_INT8 = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (text: string) => Number(text)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Opens a pool of at most `size` connections on a connection URL. */
export function createPool(url: string, size = 10): Pool {
  const pool = new pg.Pool({ connectionString: url, max: size, types: NUMERIC_INT8 });
  // An idle connection that breaks (the database restarted) is dropped by the pool; without a
  // listener its 'error' event would end the process. The next query opens a new connection.
  pool.on('error', () => undefined);
  return pool;
}

/** Applies the migrations not yet recorded in schema_migrations, under the advisory lock. */
export async function migrate(pool: Pool, migrations: readonly Migration[] = postgresMigrations): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`);
    const applied = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(m.version)) continue;
      await client.query(m.up);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        new Date().toISOString(),
      ]);
    }
    await client.query('COMMIT');
    client.release();
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release(e as Error);
    throw e;
  }
}

/**
 * Runs `work` in a transaction on one connection (`isolation` e.g. 'REPEATABLE READ READ ONLY' for
 * a consistent read of several statements), retried up to 5 times after a deadlock or a
 * serialization failure; any other error rolls back and is thrown.
 */
export async function transaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  isolation?: string,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(isolation === undefined ? 'BEGIN' : `BEGIN ISOLATION LEVEL ${isolation}`);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      if (attempt < 5 && RETRYABLE.has(sqlState(e) ?? '')) continue;
      throw e;
    } finally {
      // A connection whose ROLLBACK failed is in an unknown state: the pool discards it.
      client.release(broken);
    }
  }
}
