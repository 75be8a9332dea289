/**
 * Accounts, plans and API keys in the database (spec part 5, contract.md section 6). Keys are
 * random UUIDs, shown once and stored only as their SHA-256 hash; a key is looked up by hash and
 * may be revoked. The request hook that reads a key is http/auth.ts; the command line manages
 * accounts and keys through these functions.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FormatVersion } from '../formats/version.js';
import type { Database } from './database.js';

/** The endpoint families a plan can include. `premium` is the wind family. */
export const PLAN_FAMILIES = [
  'radiation',
  'rooftop',
  'advanced_pv',
  'soiling',
  'tmy',
  'resources',
  'measurements',
  'premium',
] as const;
export type PlanFamily = (typeof PLAN_FAMILIES)[number];

export interface CreateAccountOptions {
  admin?: boolean;
  plans?: PlanFamily[] | 'all';
  formatVersion?: FormatVersion;
  quota?: number;
  now?: number;
}

/** A stored account. */
export interface AccountRow {
  id: number;
  name: string;
  plans: PlanFamily[];
  admin: boolean;
  /** The response format version its requests get unless they ask for version 3. */
  formatVersion: FormatVersion;
  /** Daily transaction quota (requests per UTC day, unmetered locations not counted). */
  quota: number;
  createdAt: number;
}

export interface KeyRow {
  id: number;
  accountId: number;
  accountName: string;
  prefix: string;
  createdAt: number;
  revokedAt: number | null;
}

/** SHA-256 hex of a key: what the database holds instead of the key. */
export function hashKey(key: string): string {
  // UUIDs are case-insensitive: hash one spelling of them.
  return createHash('sha256').update(key.trim().toLowerCase()).digest('hex');
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the text has the shape of an API key (a UUID). */
export function isWellFormedKey(key: string): boolean {
  return UUID_RE.test(key);
}

/** Parses `all` or a comma-separated list of families. @throws Error naming an unknown family */
export function parsePlans(text: string): PlanFamily[] {
  if (text.trim().toLowerCase() === 'all') return [...PLAN_FAMILIES];
  const out: PlanFamily[] = [];
  for (const p of text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)) {
    if (!(PLAN_FAMILIES as readonly string[]).includes(p)) {
      throw new Error(`unknown plan family '${p}' (known: ${PLAN_FAMILIES.join(', ')}, or all)`);
    }
    if (!out.includes(p as PlanFamily)) out.push(p as PlanFamily);
  }
  return out;
}

/** An `accounts` row as both backends return it (the same columns and types in SQLite and PostgreSQL). */
export interface AccountDbRow {
  id: number;
  name: string;
  plans: string;
  admin: number;
  format_version: FormatVersion;
  daily_quota: number;
  created_at: number;
}

/** An `api_keys` row joined with its account's name, as `listKeys` of both backends selects it. */
export interface KeyDbRow {
  id: number;
  account_id: number;
  name: string;
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
}

/** The account of a database row. */
export function toAccountRow(r: AccountDbRow): AccountRow {
  return {
    id: r.id,
    name: r.name,
    plans: r.plans ? (r.plans.split(',') as PlanFamily[]) : [],
    admin: r.admin === 1,
    formatVersion: r.format_version,
    quota: r.daily_quota,
    createdAt: r.created_at,
  };
}

/** The key row of a database row. */
export function toKeyRow(r: KeyDbRow): KeyRow {
  return {
    id: r.id,
    accountId: r.account_id,
    accountName: r.name,
    prefix: r.key_prefix,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
  };
}

/** The column values of a new account (both backends insert these): options with their defaults. */
export function newAccountValues(
  name: string,
  options: CreateAccountOptions,
): {
  name: string;
  plans: string;
  admin: number;
  formatVersion: FormatVersion;
  quota: number;
  now: number;
} {
  const plans = options.plans === undefined || options.plans === 'all' ? [...PLAN_FAMILIES] : options.plans;
  return {
    name,
    plans: plans.join(','),
    admin: options.admin ? 1 : 0,
    formatVersion: options.formatVersion ?? '3',
    quota: options.quota ?? 1000,
    now: options.now ?? Date.now() / 1000,
  };
}

/** Thrown by createAccount when the name is in use. */
export class AccountNameTakenError extends Error {
  constructor(readonly accountName: string) {
    super(`account '${accountName}' already exists`);
    this.name = 'AccountNameTakenError';
  }
}

/** A new key: the key itself (shown once), and its hash and prefix (stored). */
export function newKey(): { key: string; hash: string; prefix: string } {
  const key = randomUUID();
  return { key, hash: hashKey(key), prefix: key.slice(0, 8) };
}

/** What an account holds: its keys and its sites (each site with its measurements). */
export interface AccountHoldings {
  keys: number;
  sites: number;
}

/**
 * Accounts and keys of one database (SQLite: `SqliteAccountStore` here; PostgreSQL:
 * postgres/accounts.ts): what the request hook and the command line use.
 */
export interface AccountStore {
  /** @throws Error when the name is taken */
  createAccount(name: string, options?: CreateAccountOptions): Promise<AccountRow>;
  /** The account of an id or a name. */
  getAccount(idOrName: number | string): Promise<AccountRow | undefined>;
  listAccounts(): Promise<AccountRow[]>;
  /** How many keys and sites an account holds (what deleting it would delete with it). */
  accountHoldings(accountId: number): Promise<AccountHoldings>;
  /**
   * Deletes an account with everything it owns (keys, usage, sites and their measurements: the
   * foreign keys cascade); false when there is no such account.
   */
  deleteAccount(accountId: number): Promise<boolean>;
  /** Issues a new key for an account; returns the key (shown once, never stored). */
  createKey(accountId: number, now?: number): Promise<{ key: string; id: number }>;
  listKeys(): Promise<KeyRow[]>;
  /** The keys a reference names: the whole key, its id, or its start (`keyReference`); several may match. */
  keysByReference(reference: string): Promise<KeyRow[]>;
  /** Revokes a key given in full; returns false when no active key matches. */
  revokeKey(key: string, now?: number): Promise<boolean>;
  /** Revokes the key with this id; false when there is none or it is already revoked. */
  revokeKeyById(id: number, now?: number): Promise<boolean>;
  /** The account that holds an unrevoked key, with the key's id; undefined for an unknown or revoked key. */
  accountByKey(key: string): Promise<KeyedAccount | undefined>;
}

/** Creates an account. @throws Error when the name is taken */
export function createAccount(db: Database, name: string, options: CreateAccountOptions = {}): AccountRow {
  const v = newAccountValues(name, options);
  if (db.prepare('SELECT 1 FROM accounts WHERE name = ?').get(name)) throw new AccountNameTakenError(name);
  const info = db
    .prepare(
      'INSERT INTO accounts (name, plans, admin, format_version, daily_quota, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(v.name, v.plans, v.admin, v.formatVersion, v.quota, v.now);
  return getAccount(db, Number(info.lastInsertRowid))!;
}

export function getAccount(db: Database, idOrName: number | string): AccountRow | undefined {
  const r = (
    typeof idOrName === 'number'
      ? db.prepare('SELECT * FROM accounts WHERE id = ?').get(idOrName)
      : db.prepare('SELECT * FROM accounts WHERE name = ?').get(idOrName)
  ) as AccountDbRow | undefined;
  return r ? toAccountRow(r) : undefined;
}

export function listAccounts(db: Database): AccountRow[] {
  return (db.prepare('SELECT * FROM accounts ORDER BY id').all() as AccountDbRow[]).map(toAccountRow);
}

/** Issues a new key for an account; returns the key (shown once, never stored). */
export function createKey(db: Database, accountId: number, now = Date.now() / 1000): { key: string; id: number } {
  const { key, hash, prefix } = newKey();
  const info = db
    .prepare('INSERT INTO api_keys (account_id, key_hash, key_prefix, created_at) VALUES (?, ?, ?, ?)')
    .run(accountId, hash, prefix, now);
  accountsChanged();
  return { key, id: Number(info.lastInsertRowid) };
}

/** The key listing's query (the same SQL in both backends). */
export const LIST_KEYS_SQL = `SELECT k.id, k.account_id, a.name, k.key_prefix, k.created_at, k.revoked_at
  FROM api_keys k JOIN accounts a ON a.id = k.account_id ORDER BY k.id`;

export function listKeys(db: Database): KeyRow[] {
  return (db.prepare(LIST_KEYS_SQL).all() as KeyDbRow[]).map(toKeyRow);
}

/** Bumped by every change to accounts or keys made in this process: it empties the auth cache. */
let generation = 0;

/** Records a change to accounts or keys made by this process (either backend). */
export function accountsChanged(): void {
  generation++;
}

/** How many changes to accounts or keys this process has made; a cache of key lookups compares it. */
export function accountsGeneration(): number {
  return generation;
}

/** Revokes a key given in full; returns false when no active key matches. */
export function revokeKey(db: Database, key: string, now = Date.now() / 1000): boolean {
  const info = db
    .prepare('UPDATE api_keys SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL')
    .run(now, hashKey(key.trim()));
  accountsChanged();
  return info.changes > 0;
}

/** An account found by one of its keys, with the id of that key. */
export interface KeyedAccount extends AccountRow {
  keyId: number;
}

/**
 * A lookup of the account that holds an unrevoked key (prepared once per database): the key's
 * account with the key's id, or undefined for an unknown or revoked key.
 */
export function accountByKey(db: Database): (key: string) => KeyedAccount | undefined {
  const lookup = db.prepare(ACCOUNT_BY_KEY_SQL.replace('$1', '?'));
  return (key) => {
    const r = lookup.get(hashKey(key)) as (AccountDbRow & { key_id: number }) | undefined;
    return r ? { ...toAccountRow(r), keyId: r.key_id } : undefined;
  };
}

/**
 * What a key reference names, as a person copies it from `solarkit keys list` or from the key
 * shown at creation: the whole key (by its hash), the key's id, or the start of the key (at least
 * 4 characters; a trailing `…` or `...` is ignored). A number may be both an id and a prefix; only
 * the first 8 characters of a key are stored, so a longer part of a key is matched on those.
 *
 * @example keyReference('1902c38e…') // { prefix: '1902c38e' }
 * @example keyReference('12') // { id: 12 } (too short to be a prefix)
 */
export function keyReference(reference: string): { hash?: string; id?: number; prefix?: string } {
  const ref = reference
    .trim()
    .replace(/(…|\.\.\.)$/, '')
    .toLowerCase();
  if (isWellFormedKey(ref)) return { hash: hashKey(ref) };
  return {
    ...(/^\d+$/.test(ref) ? { id: Number(ref) } : {}),
    ...(/^[0-9a-f-]{4,}$/.test(ref) ? { prefix: ref.slice(0, 8) } : {}),
  };
}

/**
 * The keys a reference names (see `keyReference`): the whole key, its id, or the start of the key.
 * Several keys may match a short prefix or a number that is both an id and a prefix: the caller
 * decides.
 *
 * @example keysByReference(db, '1902c38e…') // the keys whose first characters are 1902c38e
 */
export function keysByReference(db: Database, reference: string): KeyRow[] {
  const { hash, id, prefix } = keyReference(reference);
  const ids = new Set<number>();
  if (hash !== undefined) {
    const r = db.prepare('SELECT id FROM api_keys WHERE key_hash = ?').get(hash) as { id: number } | undefined;
    if (r) ids.add(r.id);
  }
  if (id !== undefined) {
    const r = db.prepare('SELECT id FROM api_keys WHERE id = ?').get(id) as { id: number } | undefined;
    if (r) ids.add(r.id);
  }
  if (prefix !== undefined) {
    const rows = db.prepare("SELECT id FROM api_keys WHERE key_prefix LIKE ? || '%'").all(prefix) as { id: number }[];
    for (const r of rows) ids.add(r.id);
  }
  return listKeys(db).filter((k) => ids.has(k.id));
}

/** Revokes the key with this id; false when there is none or it is already revoked. */
export function revokeKeyById(db: Database, id: number, now = Date.now() / 1000): boolean {
  const info = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now, id);
  accountsChanged();
  return info.changes > 0;
}

/** How many keys and sites an account holds (what deleting it would delete with it). */
export function accountHoldings(db: Database, accountId: number): AccountHoldings {
  const keys = (db.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE account_id = ?').get(accountId) as { n: number })
    .n;
  const sites = (db.prepare('SELECT COUNT(*) AS n FROM sites WHERE account_id = ?').get(accountId) as { n: number }).n;
  return { keys, sites };
}

/**
 * Deletes an account with everything it owns (keys, usage, sites and their measurements: the
 * foreign keys cascade). Returns false when there is no such account.
 */
export function deleteAccount(db: Database, accountId: number): boolean {
  const info = db.prepare('DELETE FROM accounts WHERE id = ?').run(accountId);
  accountsChanged();
  return info.changes > 0;
}

/** The key lookup's query (PostgreSQL placeholder; SQLite reads `?`). */
export const ACCOUNT_BY_KEY_SQL = `SELECT a.*, k.id AS key_id FROM api_keys k JOIN accounts a ON a.id = k.account_id
  WHERE k.key_hash = $1 AND k.revoked_at IS NULL`;

/** The account store over an open better-sqlite3 database: the synchronous functions above, as promises. */
export class SqliteAccountStore implements AccountStore {
  private readonly byKey;

  constructor(private readonly db: Database) {
    this.byKey = accountByKey(db);
  }

  async createAccount(name: string, options?: CreateAccountOptions): Promise<AccountRow> {
    return createAccount(this.db, name, options);
  }

  async getAccount(idOrName: number | string): Promise<AccountRow | undefined> {
    return getAccount(this.db, idOrName);
  }

  async listAccounts(): Promise<AccountRow[]> {
    return listAccounts(this.db);
  }

  async accountHoldings(accountId: number): Promise<AccountHoldings> {
    return accountHoldings(this.db, accountId);
  }

  async deleteAccount(accountId: number): Promise<boolean> {
    return deleteAccount(this.db, accountId);
  }

  async createKey(accountId: number, now?: number): Promise<{ key: string; id: number }> {
    return createKey(this.db, accountId, now);
  }

  async listKeys(): Promise<KeyRow[]> {
    return listKeys(this.db);
  }

  async keysByReference(reference: string): Promise<KeyRow[]> {
    return keysByReference(this.db, reference);
  }

  async revokeKey(key: string, now?: number): Promise<boolean> {
    return revokeKey(this.db, key, now);
  }

  async revokeKeyById(id: number, now?: number): Promise<boolean> {
    return revokeKeyById(this.db, id, now);
  }

  async accountByKey(key: string): Promise<KeyedAccount | undefined> {
    return this.byKey(key);
  }
}
