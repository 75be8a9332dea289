/**
 * Schema migrations of the server's SQLite database, applied in order by `openDatabase`, each in
 * its own transaction and recorded in `schema_migrations`. Versions 1..99 are accounts, keys and
 * usage; versions 100+ are sites and measurements (appended by their owner). Never reorder or
 * edit an applied entry: add a new one.
 */
import { testSitesSeedSql } from './test-sites.js';

/** DDL of the site tables (sites.ts): one table for both kinds, and every configuration version. */
const SITE_SCHEMA_SQL = `
CREATE TABLE sites (
  id INTEGER PRIMARY KEY,
  resource_id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('pv', 'wind')),
  account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
  unmetered INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  config TEXT NOT NULL,
  created_at REAL NOT NULL,
  updated_at REAL NOT NULL,
  config_changed_at REAL NOT NULL
);
CREATE INDEX sites_by_kind_owner ON sites(kind, account_id, created_at);
CREATE TABLE site_config_history (
  site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  valid_from REAL NOT NULL,
  config TEXT NOT NULL,
  PRIMARY KEY (site_id, valid_from)
) WITHOUT ROWID;
`;

/** DDL of the measurement tables (measurements.ts), keyed so that a re-upload replaces. */
const MEASUREMENT_SCHEMA_SQL = `
CREATE TABLE site_measurements (
  site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  period_end REAL NOT NULL,
  period INTEGER NOT NULL,
  total_power REAL NOT NULL,
  availability REAL,
  mean_ghi REAL,
  tracking_angle REAL,
  network_constraint INTEGER,
  constraint_power_ceiling REAL,
  local_limit REAL,
  frequency REAL,
  PRIMARY KEY (site_id, account_id, period_end, period)
) WITHOUT ROWID;
CREATE TABLE sub_unit_measurements (
  site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  period_end REAL NOT NULL,
  sub_unit TEXT NOT NULL,
  period INTEGER NOT NULL,
  power REAL NOT NULL,
  PRIMARY KEY (site_id, account_id, period_end, sub_unit, period)
) WITHOUT ROWID;
`;

/**
 * The rate-limit window of each key (limits.ts): one row per key, restarted in place when it runs
 * out, so the table holds at most one row per key ever used.
 */
const RATE_WINDOW_SQL = `
CREATE TABLE rate_windows (
  key_id INTEGER PRIMARY KEY REFERENCES api_keys(id) ON DELETE CASCADE,
  window_start INTEGER NOT NULL,      -- Unix ms at which the window began
  count INTEGER NOT NULL
);
`;

/**
 * How many measurement records (both kinds) each account has stored, kept by triggers so that the
 * per-account cap (measurements.ts) reads one row instead of counting. An UPSERT that replaces a
 * record runs its UPDATE branch and fires no INSERT trigger, so replaced records are not counted
 * twice; deletions by a site's or an account's cascade fire the DELETE triggers.
 */
const MEASUREMENT_COUNT_SQL = `
CREATE TABLE measurement_rows (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  rows INTEGER NOT NULL
);
INSERT INTO measurement_rows (account_id, rows)
  SELECT account_id, sum(n) FROM (
    SELECT account_id, count(*) AS n FROM site_measurements GROUP BY account_id
    UNION ALL SELECT account_id, count(*) AS n FROM sub_unit_measurements GROUP BY account_id
  ) GROUP BY account_id;
CREATE TRIGGER site_measurements_counted AFTER INSERT ON site_measurements BEGIN
  INSERT INTO measurement_rows (account_id, rows) VALUES (NEW.account_id, 1)
    ON CONFLICT (account_id) DO UPDATE SET rows = rows + 1;
END;
CREATE TRIGGER site_measurements_uncounted AFTER DELETE ON site_measurements BEGIN
  UPDATE measurement_rows SET rows = rows - 1 WHERE account_id = OLD.account_id;
END;
CREATE TRIGGER sub_unit_measurements_counted AFTER INSERT ON sub_unit_measurements BEGIN
  INSERT INTO measurement_rows (account_id, rows) VALUES (NEW.account_id, 1)
    ON CONFLICT (account_id) DO UPDATE SET rows = rows + 1;
END;
CREATE TRIGGER sub_unit_measurements_uncounted AFTER DELETE ON sub_unit_measurements BEGIN
  UPDATE measurement_rows SET rows = rows - 1 WHERE account_id = OLD.account_id;
END;
`;

export interface Migration {
  version: number;
  name: string;
  up: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'accounts, keys, usage',
    up: `
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        plans TEXT NOT NULL,              -- comma-separated plan families
        admin INTEGER NOT NULL DEFAULT 0,
        format_version TEXT NOT NULL DEFAULT '3' CHECK (format_version IN ('legacy', '3')),
        daily_quota INTEGER NOT NULL DEFAULT 1000,
        created_at REAL NOT NULL
      );
      CREATE TABLE api_keys (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        key_hash TEXT NOT NULL UNIQUE,    -- SHA-256 hex of the key; the key itself is never stored
        key_prefix TEXT NOT NULL,         -- first 8 characters, to tell keys apart in listings
        created_at REAL NOT NULL,
        revoked_at REAL
      );
      CREATE INDEX api_keys_account ON api_keys(account_id);
      CREATE TABLE usage (
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        day TEXT NOT NULL,                -- UTC date YYYY-MM-DD
        count INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, day)
      );
    `,
  },
  { version: 2, name: 'rate-limit windows in the database (shared by every server process)', up: RATE_WINDOW_SQL },
  // Versions 100+ (sites, measurements) are appended below by their owner.
  { version: 100, name: 'sites and their configuration history', up: SITE_SCHEMA_SQL },
  { version: 101, name: 'shared unmetered test sites', up: testSitesSeedSql() },
  { version: 102, name: 'site and sub-unit measurements', up: MEASUREMENT_SCHEMA_SQL },
  { version: 103, name: 'measurement records per account (for the per-account cap)', up: MEASUREMENT_COUNT_SQL },
  {
    version: 110,
    name: 'configuration versions as the models read them (without zenith coefficients)',
    // The table is rebuilt, for two reasons. It becomes a rowid table: a WITHOUT ROWID table keeps
    // whole rows in its key's b-tree, and SQLite compares a key whose row spills to overflow pages by
    // reading all of it, so finding a site's versions read every version's whole configuration
    // (51 versions of 260 kB: 77 ms for their valid_from alone); the key is now a small index. And
    // model_config comes before config: a column after a large one is reached by walking its
    // overflow pages, which would read the coefficients the column exists to avoid.
    up: `
      CREATE TABLE site_config_history_110 (
        site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
        valid_from REAL NOT NULL,
        model_config TEXT,
        config TEXT NOT NULL,
        PRIMARY KEY (site_id, valid_from)
      );
      INSERT INTO site_config_history_110 (site_id, valid_from, model_config, config)
        SELECT site_id, valid_from,
          CASE WHEN config LIKE '%zenith_coefficients%'
            THEN json_remove(config, '$.clearsky_zenith_coefficients', '$.cloudy_zenith_coefficients') END,
          config
        FROM site_config_history;
      DROP TABLE site_config_history;
      ALTER TABLE site_config_history_110 RENAME TO site_config_history;
    `,
  },
];
