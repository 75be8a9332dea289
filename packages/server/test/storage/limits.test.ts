/**
 * The SQLite limit store keeps the WAL small (issue 34). Its two UPSERT ... RETURNING statements
 * (the rate window and the quota reservation) used to be read with better-sqlite3's `.get()`,
 * which resets a statement after its first row: the write commits, but SQLite's automatic
 * checkpoint runs only when a write steps to its end, so it never ran and the WAL grew by a page
 * (about 4 kB) per request, 74 MB over 9,000 data requests of this test's shape.
 *
 * The acceptance point is "the WAL stays under 10 MB over 100,000 authenticated requests". The
 * database work of an authenticated request is exactly these store calls (http/limits.ts): one
 * `countRequest` for every request (answered or 429), one `reserveTransaction` for each data
 * request, and a `refundTransaction` for each failed one; authentication itself only reads. So
 * 100,000 requests' worth of these calls, on the file the server would use, opened as the
 * server opens it, reproduce the WAL's growth without 100,000 HTTP round trips (minutes on this
 * machine). The over-HTTP run in test/app/wal.test.ts checks that the requests really take this
 * path. The loop never yields to the event loop's timers, so the server's periodic WAL backstop
 * (storage/database.ts guardWal, not started here in any case) cannot hide a regression: only
 * SQLite's own checkpoint keeps the file small.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteAccountStore } from '../../src/storage/accounts.js';
import { type Database, openDatabase } from '../../src/storage/database.js';
import { SqliteLimitStore, utcDay } from '../../src/storage/limits.js';
import { TEST_BACKEND } from '../support/backend.js';

const MB = 1e6;

describe.skipIf(TEST_BACKEND !== 'sqlite')('SQLite limit store and the WAL (a SQLite file only)', () => {
  let dir: string;
  let path: string;
  let db: Database;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'solarkit-wal-'));
    path = join(dir, 'server.db');
    db = openDatabase(path);
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const walBytes = (): number => statSync(`${path}-wal`).size;

  it('stays under 10 MB over 100,000 requests (rate window, quota, refunds, 429s)', async () => {
    const accounts = new SqliteAccountStore(db);
    const account = await accounts.createAccount('wal', { quota: 1_000_000_000 });
    const { id: keyId } = await accounts.createKey(account.id);
    const store = new SqliteLimitStore(db);
    const day = utcDay(1_764_000_000);
    const windowMs = 60_000;
    let largest = 0;
    let limited = 0;
    let refunded = 0;
    let t = 1_764_000_000_000;
    for (let i = 0; i < 100_000; i++) {
      // 1,000 requests per simulated second against a limit of 600 per minute: most are 429s
      // after the first 600 of each window, which still count (and write) as the server does.
      t += 1;
      const w = await store.countRequest(keyId, t, windowMs);
      if (w.count > 600) {
        limited++;
        continue;
      }
      // Answered requests are data requests: one transaction each, every tenth one failing.
      expect(await store.reserveTransaction(account.id, day, account.quota)).toBeGreaterThan(0);
      if (i % 10 === 0) {
        await store.refundTransaction(account.id, day);
        refunded++;
      }
      if (i % 1000 === 0) largest = Math.max(largest, walBytes());
    }
    largest = Math.max(largest, walBytes());
    // Both statements really ran: the counts are in the database.
    expect(limited).toBeGreaterThan(50_000);
    expect(await store.transactionsOn(account.id, day)).toBe(100_000 - limited - refunded);
    // SQLite checkpoints every 1000 pages (about 4 MB): the WAL never passes it by much. With the
    // statements read through `.get()` the loop ended at 246 MB.
    expect(largest).toBeLessThan(10 * MB);
  }, 240_000);
});
