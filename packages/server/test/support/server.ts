/**
 * Test helpers of the server's HTTP tests: a real server on an ephemeral port (127.0.0.1:0) with a
 * temporary database file (HTTPS when given `tls`), and accounts with keys made directly in that database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createServer, type ServerOptions } from '../../src/app.js';
import { createAccount, createKey, type CreateAccountOptions } from '../../src/storage/accounts.js';
import type { Database } from '../../src/storage/database.js';
import { fixedClock } from 'solarkit';

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  db: Database;
  dbPath: string;
  /** Creates an account (all plans unless told) and one key for it. */
  createAccount(name?: string, options?: CreateAccountOptions): { key: string; accountId: number };
  /** GET with a Bearer key; returns the fetch Response. */
  get(path: string, key?: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The fixed "now" of the API tests unless a test sets its own: 2026-11-20T12:07:00Z. */
export const TEST_NOW = Date.UTC(2026, 10, 20, 12, 7, 0) / 1000;

let counter = 0;

/** Starts the real server (not in-process injection: over HTTP) with a fresh database. */
export async function startTestServer(options: Partial<ServerOptions> & { now?: number } = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-api-'));
  const dbPath = join(dir, 'test.db');
  const { now, ...rest } = options;
  const app = await createServer({ clock: fixedClock(now ?? TEST_NOW), logger: false, ...rest, dbPath });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const baseUrl = `${rest.tls ? 'https' : 'http'}://127.0.0.1:${address.port}`;
  const db = app.solarkit.db;
  return {
    baseUrl,
    app,
    db,
    dbPath,
    createAccount(name, accountOptions = {}) {
      const account = createAccount(db, name ?? `account-${++counter}-${Math.random().toString(36).slice(2, 8)}`, accountOptions);
      const { key } = createKey(db, account.id);
      return { key, accountId: account.id };
    },
    get(path, key, init = {}) {
      const headers = new Headers(init.headers);
      if (key !== undefined) headers.set('authorization', `Bearer ${key}`);
      return fetch(baseUrl + path, { ...init, headers });
    },
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
