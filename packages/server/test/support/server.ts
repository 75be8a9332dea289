/**
 * Test helpers of the server's HTTP tests: a real server on an ephemeral port (127.0.0.1:0) with a
 * fresh database of the run's backend (support/backend.ts: a SQLite file, or a database on the
 * run's PostgreSQL server; HTTPS when given `tls`), and accounts with keys made directly in that database.
 */
import type { FastifyInstance } from 'fastify';
import { createServer, type ServerOptions } from '../../src/app.js';
import type { CreateAccountOptions } from '../../src/storage/accounts.js';
import { utcDay } from '../../src/storage/limits.js';
import type { Storage } from '../../src/storage/stores.js';
import { fixedClock } from 'solarkit/internal';
import { freshDatabase } from './backend.js';

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  /** The server's storage (either backend). */
  storage: Storage;
  /** The database's location: a SQLite file or a PostgreSQL URL. */
  dbPath: string;
  /** Creates an account (all plans unless told) and one key for it. */
  createAccount(name?: string, options?: CreateAccountOptions): Promise<{ key: string; accountId: number }>;
  /** Transactions the account has used on the UTC day of `now` (default TEST_NOW). */
  usage(accountId: number, now?: number): Promise<number>;
  /** GET with a Bearer key; returns the fetch Response. */
  get(path: string, key?: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The fixed "now" of the API tests unless a test sets its own: 2026-11-20T12:07:00Z. */
export const TEST_NOW = Date.UTC(2026, 10, 20, 12, 7, 0) / 1000;

let counter = 0;

/** Starts the real server (not in-process injection: over HTTP) with a fresh database. */
export async function startTestServer(options: Partial<ServerOptions> & { now?: number } = {}): Promise<TestServer> {
  const database = await freshDatabase();
  const { now, ...rest } = options;
  const app = await createServer({
    clock: fixedClock(now ?? TEST_NOW),
    logger: false,
    // A test that read only an answer's status leaves its connection busy: closing cuts it soon.
    closeGraceMs: 500,
    ...rest,
    dbPath: database.location,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const baseUrl = `${rest.tls ? 'https' : 'http'}://127.0.0.1:${address.port}`;
  const storage = app.solarkit.storage;
  return {
    baseUrl,
    app,
    storage,
    dbPath: database.location,
    async createAccount(name, accountOptions = {}) {
      const account = await storage.accounts.createAccount(
        name ?? `account-${++counter}-${Math.random().toString(36).slice(2, 8)}`,
        accountOptions,
      );
      const { key } = await storage.accounts.createKey(account.id);
      return { key, accountId: account.id };
    },
    usage(accountId, at = TEST_NOW) {
      return storage.limits.transactionsOn(accountId, utcDay(at));
    },
    get(path, key, init = {}) {
      const headers = new Headers(init.headers);
      if (key !== undefined) headers.set('authorization', `Bearer ${key}`);
      return fetch(baseUrl + path, { ...init, headers });
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
