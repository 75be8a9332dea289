/**
 * The two backends' migrations: the same versions with the same names, and (on the run's
 * backend) applied once each when several servers open one new database at the same moment (on
 * PostgreSQL they queue on the advisory lock).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../../src/storage/migrations.js';
import { openStorage } from '../../src/storage/open.js';
import { postgresMigrations } from '../../src/storage/postgres/migrations.js';
import { type TestDatabase, freshDatabase, queryRows } from '../support/backend.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase('migrations');
});
afterAll(async () => {
  await database.drop();
});

it('SQLite and PostgreSQL have the same migrations, by version and name', () => {
  const list = (m: typeof migrations) => m.map(({ version, name }) => ({ version, name }));
  expect(list(postgresMigrations)).toEqual(list(migrations));
});

it('six servers opening one new database at once apply every migration once', async () => {
  const storages = await Promise.all(Array.from({ length: 6 }, () => openStorage(database.location, { poolSize: 1 })));
  try {
    const applied = await queryRows<{ version: number }>(
      database.location,
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(applied.map((r) => r.version)).toEqual(migrations.map((m) => m.version).sort((a, b) => a - b));
    // The seeded test sites exist once (a second run of migration 101 would double them or fail).
    expect(await queryRows(database.location, 'SELECT count(*) AS n FROM sites')).toEqual([{ n: 8 }]);
    const account = await storages[0]!.accounts.createAccount('after-migrations');
    expect((await storages[5]!.accounts.getAccount(account.id))?.name).toBe('after-migrations');
  } finally {
    await Promise.all(storages.map((s) => s.close()));
  }
});
