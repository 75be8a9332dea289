/**
 * The two backends' migrations: the same versions with the same names, and (on the run's
 * backend) applied once each when several servers open one new database at the same moment (on
 * PostgreSQL they queue on the advisory lock).
 */
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../../src/storage/migrations.js';
import { openStorage } from '../../src/storage/open.js';
import { createPool, migrate as migratePostgres } from '../../src/storage/postgres/client.js';
import { postgresMigrations } from '../../src/storage/postgres/migrations.js';
import { TEST_BACKEND, type TestDatabase, freshDatabase, queryRows, runSql } from '../support/backend.js';

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

it('migration 110 gives the configuration versions stored before it their models’ form, without zenith coefficients', async () => {
  const older = await freshDatabase('migration-110');
  try {
    // The schema as it was before migration 110, with one site whose versions have coefficients.
    if (TEST_BACKEND === 'postgres') {
      const pool = createPool(older.location, 1);
      try {
        await migratePostgres(
          pool,
          postgresMigrations.filter((m) => m.version < 110),
        );
      } finally {
        await pool.end();
      }
    } else {
      const db = new BetterSqlite3(older.location);
      db.exec(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
      );
      for (const m of migrations.filter((x) => x.version < 110)) {
        db.exec(m.up);
        db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, '');
      }
      db.close();
    }
    const config = { name: 'old', latitude: 1, longitude: 2, capacity: 3 };
    const coefficients = [{ day_of_year: 1, signed_zenith_coefficients: { a: 0.5 } }];
    await runSql(
      older.location,
      `INSERT INTO sites (id, resource_id, kind, account_id, unmetered, name, latitude, longitude, config, created_at, updated_at, config_changed_at)
       VALUES (100, 'old-site', 'pv', NULL, 0, 'old', 1, 2, ?, 10, 10, 10)`,
      [JSON.stringify({ ...config, clearsky_zenith_coefficients: coefficients })],
    );
    await runSql(older.location, 'INSERT INTO site_config_history (site_id, valid_from, config) VALUES (100, 10, ?)', [
      JSON.stringify({ ...config, clearsky_zenith_coefficients: coefficients }),
    ]);
    await runSql(older.location, 'INSERT INTO site_config_history (site_id, valid_from, config) VALUES (100, 20, ?)', [
      JSON.stringify({ ...config, capacity: 4 }),
    ]);
    const storage = await openStorage(older.location, { poolSize: 1 });
    try {
      const model = await storage.sites.modelConfigHistory(100);
      expect(model.map((v) => [v.validFrom, JSON.parse(v.json)])).toEqual([
        [10, config],
        [20, { ...config, capacity: 4 }],
      ]);
      const stored = await storage.sites.configHistory(100);
      expect(stored[0]!.config.clearsky_zenith_coefficients).toEqual(coefficients);
    } finally {
      await storage.close();
    }
  } finally {
    await older.drop();
  }
});
