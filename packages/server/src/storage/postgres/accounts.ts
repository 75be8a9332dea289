/**
 * Accounts and API keys in PostgreSQL: the `AccountStore` of ../accounts.ts, with the same rows,
 * hashing and messages as the SQLite one (the helpers of ../accounts.ts build both).
 */
import {
  ACCOUNT_BY_KEY_SQL,
  type AccountDbRow,
  type AccountHoldings,
  type AccountRow,
  type AccountStore,
  type CreateAccountOptions,
  type KeyDbRow,
  type KeyRow,
  type KeyedAccount,
  LIST_KEYS_SQL,
  AccountNameTakenError,
  accountsChanged,
  hashKey,
  keyReference,
  newAccountValues,
  newKey,
  toAccountRow,
  toKeyRow,
} from '../accounts.js';
import { type Pool, sqlState } from './client.js';

export class PostgresAccountStore implements AccountStore {
  constructor(private readonly pool: Pool) {}

  async createAccount(name: string, options: CreateAccountOptions = {}): Promise<AccountRow> {
    const v = newAccountValues(name, options);
    try {
      const { rows } = await this.pool.query<AccountDbRow>(
        `INSERT INTO accounts (name, plans, admin, format_version, daily_quota, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [v.name, v.plans, v.admin, v.formatVersion, v.quota, v.now],
      );
      accountsChanged();
      return toAccountRow(rows[0]!);
    } catch (e) {
      if (sqlState(e) === '23505') throw new AccountNameTakenError(name);
      throw e;
    }
  }

  async getAccount(idOrName: number | string): Promise<AccountRow | undefined> {
    const { rows } =
      typeof idOrName === 'number'
        ? await this.pool.query<AccountDbRow>('SELECT * FROM accounts WHERE id = $1', [idOrName])
        : await this.pool.query<AccountDbRow>('SELECT * FROM accounts WHERE name = $1', [idOrName]);
    return rows[0] ? toAccountRow(rows[0]) : undefined;
  }

  async listAccounts(): Promise<AccountRow[]> {
    return (await this.pool.query<AccountDbRow>('SELECT * FROM accounts ORDER BY id')).rows.map(toAccountRow);
  }

  async accountHoldings(accountId: number): Promise<AccountHoldings> {
    const { rows } = await this.pool.query<AccountHoldings>(
      `SELECT (SELECT COUNT(*) FROM api_keys WHERE account_id = $1) AS keys,
              (SELECT COUNT(*) FROM sites WHERE account_id = $1) AS sites`,
      [accountId],
    );
    return { keys: rows[0]!.keys, sites: rows[0]!.sites };
  }

  async deleteAccount(accountId: number): Promise<boolean> {
    // The foreign keys cascade: keys, usage, sites and their measurements go with the account.
    const { rowCount } = await this.pool.query('DELETE FROM accounts WHERE id = $1', [accountId]);
    accountsChanged();
    return (rowCount ?? 0) > 0;
  }

  async createKey(accountId: number, now = Date.now() / 1000): Promise<{ key: string; id: number }> {
    const { key, hash, prefix } = newKey();
    const { rows } = await this.pool.query<{ id: number }>(
      'INSERT INTO api_keys (account_id, key_hash, key_prefix, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [accountId, hash, prefix, now],
    );
    accountsChanged();
    return { key, id: rows[0]!.id };
  }

  async listKeys(): Promise<KeyRow[]> {
    return (await this.pool.query<KeyDbRow>(LIST_KEYS_SQL)).rows.map(toKeyRow);
  }

  async keysByReference(reference: string): Promise<KeyRow[]> {
    const { hash, id, prefix } = keyReference(reference);
    if (hash === undefined && id === undefined && prefix === undefined) return [];
    // One query: the key of the hash, the key of the id, the keys that start with the prefix.
    const { rows } = await this.pool.query<{ id: number }>(
      `SELECT id FROM api_keys WHERE key_hash = $1 OR id = $2 OR key_prefix LIKE $3::text || '%'`,
      // Ids are 32-bit integers in PostgreSQL: a longer number names no id (and may still be a prefix).
      [hash ?? null, id !== undefined && id <= 2 ** 31 - 1 ? id : null, prefix ?? null],
    );
    const ids = new Set(rows.map((r) => r.id));
    return (await this.listKeys()).filter((k) => ids.has(k.id));
  }

  async revokeKey(key: string, now = Date.now() / 1000): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE api_keys SET revoked_at = $1 WHERE key_hash = $2 AND revoked_at IS NULL',
      [now, hashKey(key.trim())],
    );
    accountsChanged();
    return (rowCount ?? 0) > 0;
  }

  async revokeKeyById(id: number, now = Date.now() / 1000): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL',
      [now, id],
    );
    accountsChanged();
    return (rowCount ?? 0) > 0;
  }

  async accountByKey(key: string): Promise<KeyedAccount | undefined> {
    const { rows } = await this.pool.query<AccountDbRow & { key_id: number }>(ACCOUNT_BY_KEY_SQL, [hashKey(key)]);
    const r = rows[0];
    return r ? { ...toAccountRow(r), keyId: r.key_id } : undefined;
  }
}
