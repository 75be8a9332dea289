/**
 * Sites in SQLite (better-sqlite3): the `SiteStore` of types.ts.
 *
 * One table holds PV and wind sites (resource ids are unique across both kinds, so a
 * measurement upload finds its site by id alone). The configuration is a JSON document; name,
 * latitude and longitude are copied into columns for lists. Every change of configuration also
 * appends a row to `site_config_history`, so that a computation for a period can use the
 * configuration in force when that period ended (spec part 3: a changed grid_export_limit takes
 * effect at the next prediction update, and historic answers must stay reproducible).
 */
import type { Database } from './database.js';
import { randomBytes } from 'node:crypto';
import {
  configBytes,
  type Page,
  ReadOnlySiteError,
  ResourceIdTakenError,
  SiteConfigTooLargeError,
  SiteCountLimitError,
  type SiteLimits,
  type SiteConfigBase,
  type SiteConfigVersion,
  type SiteKind,
  type SiteListQuery,
  type SiteRef,
  type SiteStore,
  type StoredConfigVersion,
  type StoredSite,
  type Viewer,
} from './types.js';

/** A resource id of the form of the test sites: four groups of four hex digits. */
export function generateResourceId(): string {
  const hex = randomBytes(8).toString('hex');
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}`;
}

/** A `sites` row as both backends return it. */
export interface SiteRow {
  id: number;
  resource_id: string;
  kind: SiteKind;
  account_id: number | null;
  unmetered: number;
  config: string;
  created_at: number;
  updated_at: number;
  config_changed_at: number;
}

/** The stored site of a database row. */
export function toSite<C extends SiteConfigBase>(row: SiteRow): StoredSite<C> {
  return {
    id: row.id,
    resourceId: row.resource_id,
    kind: row.kind,
    ownerId: row.account_id,
    unmetered: row.unmetered === 1,
    config: JSON.parse(row.config) as C,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    configChangedAt: row.config_changed_at,
  };
}

/** The columns of a `sites` row that `findSite` reads (not the configuration). */
export const SITE_REF_COLUMNS = 'id, resource_id, kind, account_id, unmetered, name, latitude, longitude';

/** A site without its configuration, from the SITE_REF_COLUMNS of a row. */
export function toSiteRef(
  row: Pick<SiteRow, 'id' | 'resource_id' | 'kind' | 'account_id' | 'unmetered'> & {
    name: string;
    latitude: number;
    longitude: number;
  },
): SiteRef {
  return {
    id: row.id,
    resourceId: row.resource_id,
    kind: row.kind,
    ownerId: row.account_id,
    unmetered: row.unmetered === 1,
    name: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/**
 * Whether the viewer may see a site row of the asked kind (any kind when undefined): its own, the
 * shared test sites, and every site for an admin's show_all.
 */
export function isVisible<R extends Pick<SiteRow, 'kind' | 'account_id'>>(
  site: R | undefined,
  kind: SiteKind | undefined,
  viewer: Viewer,
): site is R {
  return (
    site !== undefined &&
    (kind === undefined || site.kind === kind) &&
    (site.account_id === null || site.account_id === viewer.accountId || viewer.all === true)
  );
}

/** The JSON text of a configuration to store, refused when larger than the cap. */
export function storedConfigJson(config: SiteConfigBase, limits: Partial<SiteLimits> | undefined): string {
  const json = JSON.stringify(config);
  const max = limits?.maxConfigBytes;
  if (max !== undefined) {
    const bytes = configBytes(json);
    if (bytes > max) throw new SiteConfigTooLargeError(max, bytes);
  }
  return json;
}

/**
 * How many of a page's sites fit in `maxBytes` of stored configurations, given their sizes in
 * order: the longest prefix within it, and always at least one site.
 */
export function sitesWithin(sizes: readonly number[], maxBytes: number | undefined): number {
  if (maxBytes === undefined) return sizes.length;
  let total = 0;
  for (let i = 0; i < sizes.length; i++) {
    total += sizes[i]!;
    if (total > maxBytes) return Math.max(1, i);
  }
  return sizes.length;
}

/** Fields of a configuration that no model reads (stored and echoed only), left out of `model_config`. */
const UNMODELLED_FIELDS = ['clearsky_zenith_coefficients', 'cloudy_zenith_coefficients'] as const;

/**
 * The JSON text of a configuration as the models read it (`site_config_history.model_config`),
 * or null when that is the whole configuration (the reads fall back to `config`).
 */
export function modelConfigJson(config: SiteConfigBase): string | null {
  if (UNMODELLED_FIELDS.every((f) => config[f] === undefined)) return null;
  const model: Record<string, unknown> = { ...config };
  for (const f of UNMODELLED_FIELDS) delete model[f];
  return JSON.stringify(model);
}

/** The configuration column a query of versions reads: the whole one, or the models' one. */
export type HistoryColumn = 'config' | 'coalesce(model_config, config)';

/**
 * The SQL (both backends; `$1` the site, `$2` window.from, `$3` window.to) of the configuration
 * versions that can be in force for a period ending in a window: from the one in force at its
 * start (the oldest when none is older) to the last made before its end.
 */
export const windowHistorySql = (column: HistoryColumn): string => `SELECT valid_from, ${column} AS config
  FROM site_config_history
  WHERE site_id = $1 AND valid_from >= (
    SELECT coalesce(
      (SELECT max(valid_from) FROM site_config_history WHERE site_id = $1 AND valid_from < $2),
      (SELECT min(valid_from) FROM site_config_history WHERE site_id = $1)))
  AND (valid_from < $3 OR valid_from = (SELECT min(valid_from) FROM site_config_history WHERE site_id = $1))
  ORDER BY valid_from`;

/** The SQL (both backends; `$1` the site) of every configuration version of a site, oldest first. */
export const allHistorySql = (column: HistoryColumn): string =>
  `SELECT valid_from, ${column} AS config FROM site_config_history WHERE site_id = $1 ORDER BY valid_from`;

/**
 * The SQL (both backends; `$1` the site, `$2` the versions to keep) that drops all but the newest
 * versions of a site's configuration.
 */
export const PRUNE_HISTORY_SQL = `DELETE FROM site_config_history WHERE site_id = $1 AND valid_from < (
  SELECT valid_from FROM site_config_history WHERE site_id = $1 ORDER BY valid_from DESC LIMIT 1 OFFSET $2 - 1)`;

/** Name of the SQL function the store registers: Unicode lower case (SQLite's lower() is ASCII only). */
const UNICODE_LOWER = 'solarkit_lower';

/**
 * The site store over an open better-sqlite3 database whose migrations have run. Each write is
 * one SQLite transaction, so a concurrent reader never sees half of it and a crash leaves
 * either all of it or nothing.
 */
export class SqliteSiteStore implements SiteStore {
  private readonly byId;
  private readonly refById;
  private readonly insertSite;
  private readonly insertHistory;
  private readonly updateRow;
  private readonly deleteRow;
  private readonly historyRows;
  private readonly windowRows;
  private readonly pruneHistory;
  private readonly ownedSites;
  private readonly configSize;

  constructor(private readonly db: Database) {
    // SQLite's lower() and LIKE fold A-Z only; list queries match names case-insensitively in
    // every script, so they fold with JavaScript's Unicode lower case.
    db.function(UNICODE_LOWER, { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? text.toLowerCase() : text,
    );
    this.byId = db.prepare<[string], SiteRow>('SELECT * FROM sites WHERE resource_id = ?');
    this.refById = db.prepare<[string], Parameters<typeof toSiteRef>[0]>(
      `SELECT ${SITE_REF_COLUMNS} FROM sites WHERE resource_id = ?`,
    );
    this.insertSite = db.prepare(
      `INSERT INTO sites (resource_id, kind, account_id, unmetered, name, latitude, longitude, config,
         created_at, updated_at, config_changed_at)
       VALUES (@resourceId, @kind, @ownerId, 0, @name, @latitude, @longitude, @config, @now, @now, @now)`,
    );
    this.insertHistory = db.prepare(
      'INSERT OR REPLACE INTO site_config_history (site_id, valid_from, config, model_config) VALUES (?, ?, ?, ?)',
    );
    this.updateRow = db.prepare(
      `UPDATE sites SET name = @name, latitude = @latitude, longitude = @longitude, config = @config,
         updated_at = @now, config_changed_at = @now WHERE id = @id`,
    );
    this.deleteRow = db.prepare('DELETE FROM sites WHERE id = ?');
    // SQLite reads `$1` as a parameter named '1': bound from an object { 1: ..., 2: ..., 3: ... }.
    type VersionRow = { valid_from: number; config: string };
    this.historyRows = {
      config: db.prepare<[Record<string, number>], VersionRow>(allHistorySql('config')),
      model: db.prepare<[Record<string, number>], VersionRow>(allHistorySql('coalesce(model_config, config)')),
    };
    this.windowRows = {
      config: db.prepare<[Record<string, number>], VersionRow>(windowHistorySql('config')),
      model: db.prepare<[Record<string, number>], VersionRow>(windowHistorySql('coalesce(model_config, config)')),
    };
    this.pruneHistory = db.prepare<[Record<string, number>]>(PRUNE_HISTORY_SQL);
    this.ownedSites = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM sites WHERE account_id = ?');
    this.configSize = db.prepare<[number], number>('SELECT octet_length(config) FROM sites WHERE id = ?').pluck();
  }

  async createSite<C extends SiteConfigBase>(
    kind: SiteKind,
    ownerId: number,
    resourceId: string | undefined,
    config: C,
    now: number,
    limits?: Partial<SiteLimits>,
  ): Promise<StoredSite<C>> {
    const json = storedConfigJson(config, limits);
    const maxSites = limits?.maxSitesPerAccount;
    const create = this.db.transaction((id: string): number => {
      if (this.byId.get(id) !== undefined) throw new ResourceIdTakenError(id);
      if (maxSites !== undefined && this.ownedSites.get(ownerId)!.n >= maxSites)
        throw new SiteCountLimitError(maxSites);
      const { lastInsertRowid } = this.insertSite.run({
        resourceId: id,
        kind,
        ownerId,
        name: config.name,
        latitude: config.latitude,
        longitude: config.longitude,
        config: json,
        now,
      });
      this.insertHistory.run(lastInsertRowid, now, json, modelConfigJson(config));
      return Number(lastInsertRowid);
    });
    let id = resourceId;
    if (id === undefined) {
      // 64 random bits: a collision is astronomically unlikely, but retrying costs nothing.
      for (let attempt = 0; ; attempt++) {
        id = generateResourceId();
        if (this.byId.get(id) === undefined || attempt > 5) break;
      }
    }
    create.immediate(id);
    return toSite<C>(this.byId.get(id)!);
  }

  async getSite<C extends SiteConfigBase = SiteConfigBase>(
    kind: SiteKind | undefined,
    resourceId: string,
    viewer: Viewer,
  ): Promise<StoredSite<C> | undefined> {
    const row = this.byId.get(resourceId);
    return isVisible(row, kind, viewer) ? toSite<C>(row) : undefined;
  }

  async findSite(kind: SiteKind | undefined, resourceId: string, viewer: Viewer): Promise<SiteRef | undefined> {
    const row = this.refById.get(resourceId);
    return isVisible(row, kind, viewer) ? toSiteRef(row) : undefined;
  }

  async updateSite<C extends SiteConfigBase>(
    kind: SiteKind,
    resourceId: string,
    viewer: Viewer,
    update: (current: C) => C,
    now: number,
    limits?: Partial<SiteLimits>,
  ): Promise<StoredSite<C> | undefined> {
    const run = this.db.transaction((): StoredSite<C> | undefined => {
      const row = this.byId.get(resourceId);
      if (!isVisible(row, kind, viewer)) return undefined;
      if (row.unmetered === 1) throw new ReadOnlySiteError(resourceId);
      const next = update(JSON.parse(row.config) as C);
      const json = storedConfigJson(next, limits);
      // The same configuration again is no new version (nothing to store, nothing changes).
      if (json === row.config) return toSite<C>(row);
      this.updateRow.run({
        id: row.id,
        name: next.name,
        latitude: next.latitude,
        longitude: next.longitude,
        config: json,
        now,
      });
      this.insertHistory.run(row.id, now, json, modelConfigJson(next));
      if (limits?.maxVersions !== undefined) this.pruneHistory.run({ 1: row.id, 2: Math.max(1, limits.maxVersions) });
      return toSite<C>(this.byId.get(resourceId)!);
    });
    return run.immediate();
  }

  async deleteSite(kind: SiteKind, resourceId: string, viewer: Viewer): Promise<boolean> {
    const run = this.db.transaction((): boolean => {
      const row = this.byId.get(resourceId);
      if (!isVisible(row, kind, viewer)) return false;
      if (row.unmetered === 1) throw new ReadOnlySiteError(resourceId);
      this.deleteRow.run(row.id);
      return true;
    });
    return run.immediate();
  }

  async listSites<C extends SiteConfigBase = SiteConfigBase>(q: SiteListQuery): Promise<Page<StoredSite<C>>> {
    const where: string[] = ['kind = @kind'];
    const params: Record<string, unknown> = { kind: q.kind, accountId: q.viewer.accountId, skip: q.skip, take: q.take };
    if (q.viewer.all !== true) where.push('(account_id IS NULL OR account_id = @accountId)');
    if (q.query !== undefined && q.query !== '') {
      where.push(`(instr(${UNICODE_LOWER}(name), @needle) > 0 OR instr(${UNICODE_LOWER}(resource_id), @needle) > 0)`);
      params.needle = q.query.toLowerCase();
    }
    if (q.createdFrom !== undefined) {
      where.push('created_at >= @createdFrom');
      params.createdFrom = q.createdFrom;
    }
    if (q.createdBefore !== undefined) {
      where.push('created_at < @createdBefore');
      params.createdBefore = q.createdBefore;
    }
    const clause = where.join(' AND ');
    // The page's ids first, from the index (kind, account_id, created_at) alone; then their rows.
    // Sorting whole rows would copy every matching site's configuration into SQLite's sorter
    // before the page is taken (200 sites of 380 kB: 0.5 s for a page of two).
    const page = `SELECT id FROM sites WHERE ${clause} ORDER BY created_at, id LIMIT @take OFFSET @skip`;
    const read = this.db.transaction(() => {
      const { n } = this.db.prepare(`SELECT count(*) AS n FROM sites WHERE ${clause}`).get(params) as { n: number };
      if (q.maxBytes !== undefined) {
        // The sizes one site at a time, in order, until the page is full: SQLite reads a large
        // configuration to measure it, so the sites past the page's bytes are never measured.
        const ids = this.db.prepare(page).pluck().all(params) as number[];
        const sizes: number[] = [];
        let total = 0;
        for (const id of ids) {
          const bytes = this.configSize.get(id)!;
          sizes.push(bytes);
          total += bytes;
          if (total > q.maxBytes) break;
        }
        params.take = sitesWithin(sizes, q.maxBytes);
      }
      const rows = this.db
        .prepare(`SELECT * FROM sites WHERE id IN (${page}) ORDER BY created_at, id`)
        .all(params) as SiteRow[];
      return { total: n, results: rows.map((r) => toSite<C>(r)) };
    });
    return read();
  }

  async configHistory<C extends SiteConfigBase = SiteConfigBase>(
    siteId: number,
    window?: { from: number; to: number },
  ): Promise<SiteConfigVersion<C>[]> {
    return this.versions('config', siteId, window).map((r) => ({
      validFrom: r.valid_from,
      config: JSON.parse(r.config) as C,
    }));
  }

  async modelConfigHistory(siteId: number, window?: { from: number; to: number }): Promise<StoredConfigVersion[]> {
    return this.versions('model', siteId, window).map((r) => ({ validFrom: r.valid_from, json: r.config }));
  }

  private versions(
    column: 'config' | 'model',
    siteId: number,
    window: { from: number; to: number } | undefined,
  ): { valid_from: number; config: string }[] {
    return window === undefined
      ? this.historyRows[column].all({ 1: siteId })
      : this.windowRows[column].all({ 1: siteId, 2: window.from, 3: window.to });
  }
}

/**
 * The configuration version in force for a period ending at `periodEnd`: the newest version
 * whose validFrom is before periodEnd, else (periods before the site existed) the oldest.
 * `history` is oldest first, as configHistory returns it.
 */
export function configAt<C extends SiteConfigBase>(history: readonly SiteConfigVersion<C>[], periodEnd: number): C {
  let chosen = history[0]!;
  for (const version of history) {
    if (version.validFrom < periodEnd) chosen = version;
    else break;
  }
  return chosen.config;
}
