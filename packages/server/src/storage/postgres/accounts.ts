/**
 * Accounts and API keys in PostgreSQL: the `AccountStore` of ../accounts.ts, with the same rows,
 * hashing and messages as the SQLite one (the helpers of ../accounts.ts build both).
 */
import {
  ACCOUNT_BY_KEY_SQL, type AccountDbRow, type AccountRow, type AccountStore, type CreateAccountOptions, type KeyDbRow,
  type KeyRow, type KeyedAccount, LIST_KEYS_SQL, AccountNameTakenError, accountsChanged, hashKey, newAccountValues, newKey,
  toAccountRow, toKeyRow,
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
    const { rows } = typeof idOrName === 'number'
      ? await this.pool.query<AccountDbRow>('SELECT * FROM accounts WHERE id = $1', [idOrName])
      : await this.pool.query<AccountDbRow>('SELECT * FROM accounts WHERE name = $1', [idOrName]);
    return rows[0] ? toAccountRow(rows[0]) : undefined;
  }

  async listAccounts(): Promise<AccountRow[]> {
    return (await this.pool.query<AccountDbRow>('SELECT * FROM accounts ORDER BY id')).rows.map(toAccountRow);
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

  async revokeKey(key: string, now = Date.now() / 1000): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE api_keys SET revoked_at = $1 WHERE key_hash = $2 AND revoked_at IS NULL', [now, hashKey(key.trim())],
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
