/**
 * The daily transaction quota and the per-key rate limit in SQLite: the `LimitStore` of types.ts.
 *
 * Both are counted in the database, so that every server process on one database file shares
 * them, and each operation is one SQL statement, so that no two requests (of this process or
 * another) can both take the last transaction or the last request of a window:
 *
 * - a reservation is an UPSERT that adds one to the day's count only while it is below the quota
 *   (`... DO UPDATE SET count = count + 1 WHERE count < quota RETURNING count`): no row comes back
 *   when the quota is spent;
 * - a rate-limit request is an UPSERT of the key's one window row that restarts the window when it
 *   has run out and otherwise adds one, returning the window's start and count.
 *
 * Both UPSERTs are read with `.all()`, never `.get()`: `.get()` steps a statement once and resets
 * it, and SQLite runs its WAL auto-checkpoint only when a write statement steps to SQLITE_DONE in
 * autocommit mode. Through `.get()` every request committed its write but never checkpointed, and
 * the WAL grew without limit (9,000 requests: 20.6 MB, issue 34). `.all()` steps to the end; the
 * one row is its first element.
 */
import type { Database } from './database.js';
import type { LimitStore, RateWindow } from './types.js';

/** UTC date (YYYY-MM-DD) of a Unix time, seconds: the quota's day. */
export function utcDay(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}

/**
 * Transactions an account has used on the UTC day of `now` (Unix seconds), read directly (for the
 * command line and tests; the server goes through `LimitStore.transactionsOn`).
 */
export function usageOn(db: Database, accountId: number, now: number): number {
  const r = db.prepare('SELECT count FROM usage WHERE account_id = ? AND day = ?').get(accountId, utcDay(now)) as
    | { count: number }
    | undefined;
  return r?.count ?? 0;
}

/** The limit store over an open better-sqlite3 database whose migrations have run. */
export class SqliteLimitStore implements LimitStore {
  private readonly reserve;
  private readonly refund;
  private readonly used;
  private readonly rate;

  constructor(db: Database) {
    // `WHERE @quota > 0` on the insert: a quota of 0 must not create a row holding 1. SQLite needs
    // a WHERE on an INSERT ... SELECT before ON CONFLICT in any case (a parsing ambiguity).
    this.reserve = db.prepare<{ account: number; day: string; quota: number }, { count: number }>(
      `INSERT INTO usage (account_id, day, count) SELECT @account, @day, 1 WHERE @quota > 0
       ON CONFLICT (account_id, day) DO UPDATE SET count = count + 1 WHERE count < @quota
       RETURNING count`,
    );
    this.refund = db.prepare('UPDATE usage SET count = count - 1 WHERE account_id = ? AND day = ? AND count > 0');
    this.used = db.prepare<[number, string], { count: number }>(
      'SELECT count FROM usage WHERE account_id = ? AND day = ?',
    );
    // Every assignment of an UPDATE reads the row as it was: both CASEs test the old window.
    this.rate = db.prepare<{ key: number; now: number; length: number }, { window_start: number; count: number }>(
      `INSERT INTO rate_windows (key_id, window_start, count) VALUES (@key, @now, 1)
       ON CONFLICT (key_id) DO UPDATE SET
         window_start = CASE WHEN window_start <= @now - @length THEN @now ELSE window_start END,
         count = CASE WHEN window_start <= @now - @length THEN 1 ELSE count + 1 END
       RETURNING window_start, count`,
    );
  }

  async reserveTransaction(accountId: number, day: string, quota: number): Promise<number | undefined> {
    return this.reserve.all({ account: accountId, day, quota })[0]?.count;
  }

  async refundTransaction(accountId: number, day: string): Promise<void> {
    this.refund.run(accountId, day);
  }

  async transactionsOn(accountId: number, day: string): Promise<number> {
    return this.used.get(accountId, day)?.count ?? 0;
  }

  async countRequest(keyId: number, nowMs: number, windowMs: number): Promise<RateWindow> {
    const row = this.rate.all({ key: keyId, now: Math.floor(nowMs), length: Math.floor(windowMs) })[0]!;
    return { start: row.window_start, count: row.count };
  }
}
