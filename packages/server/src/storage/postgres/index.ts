/**
 * The PostgreSQL backend of the server's storage: every store over one `pg` pool, for several
 * server nodes on one database (docs/deploy-nodes.md).
 */
import type { Storage } from '../stores.js';
import { PostgresAccountStore } from './accounts.js';
import { createPool, migrate } from './client.js';
import { PostgresLimitStore } from './limits.js';
import { PostgresMeasurementStore } from './measurements.js';
import { PostgresSiteStore } from './sites.js';

/**
 * Connects a pool of `poolSize` connections (default 10) to the database at `url`
 * (`postgres://user:password@host:port/database`), applies the pending migrations under the
 * advisory lock, and returns the stores over the pool.
 */
export async function openPostgresStorage(url: string, options: { poolSize?: number } = {}): Promise<Storage> {
  const pool = createPool(url, options.poolSize);
  try {
    await migrate(pool);
  } catch (e) {
    await pool.end();
    throw e;
  }
  return {
    backend: 'postgres',
    accounts: new PostgresAccountStore(pool),
    sites: new PostgresSiteStore(pool),
    measurements: new PostgresMeasurementStore(pool),
    limits: new PostgresLimitStore(pool),
    close: () => pool.end(),
  };
}
