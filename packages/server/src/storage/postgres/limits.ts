/**
 * The daily quota and the per-key rate limit in PostgreSQL: the `LimitStore` of ../types.ts. Each
 * operation is one statement, as in SQLite (../limits.ts), and so atomic across every node on the
 * database: an `INSERT ... ON CONFLICT DO UPDATE` locks the conflicting row and evaluates its
 * `WHERE` and `CASE` on the newest committed version of it, so two nodes can never both take the
 * last transaction of a quota or the last request of a rate window.
 */
import type { LimitStore, RateWindow } from '../types.js';
import type { Pool } from './client.js';

export class PostgresLimitStore implements LimitStore {
  constructor(private readonly pool: Pool) {}

  async reserveTransaction(accountId: number, day: string, quota: number): Promise<number | undefined> {
    // `WHERE quota > 0` on the insert: a quota of 0 must not create a row holding 1.
    const { rows } = await this.pool.query<{ count: number }>(
      `INSERT INTO usage (account_id, day, count) SELECT $1::integer, $2::text, 1 WHERE $3::bigint > 0
       ON CONFLICT (account_id, day) DO UPDATE SET count = usage.count + 1 WHERE usage.count < $3::bigint
       RETURNING count`,
      [accountId, day, quota],
    );
    return rows[0]?.count;
  }

  async refundTransaction(accountId: number, day: string): Promise<void> {
    await this.pool.query('UPDATE usage SET count = count - 1 WHERE account_id = $1 AND day = $2 AND count > 0', [
      accountId,
      day,
    ]);
  }

  async transactionsOn(accountId: number, day: string): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>(
      'SELECT count FROM usage WHERE account_id = $1 AND day = $2',
      [accountId, day],
    );
    return rows[0]?.count ?? 0;
  }

  async countRequest(keyId: number, nowMs: number, windowMs: number): Promise<RateWindow> {
    // Every assignment reads the row as it was: both CASEs test the old window.
    const { rows } = await this.pool.query<{ window_start: number; count: number }>(
      `INSERT INTO rate_windows (key_id, window_start, count) VALUES ($1, $2::bigint, 1)
       ON CONFLICT (key_id) DO UPDATE SET
         window_start = CASE WHEN rate_windows.window_start <= $2::bigint - $3::bigint THEN $2::bigint ELSE rate_windows.window_start END,
         count = CASE WHEN rate_windows.window_start <= $2::bigint - $3::bigint THEN 1 ELSE rate_windows.count + 1 END
       RETURNING window_start, count`,
      [keyId, Math.floor(nowMs), Math.floor(windowMs)],
    );
    const row = rows[0]!;
    return { start: row.window_start, count: row.count };
  }
}
