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
  type Page,
  ReadOnlySiteError,
  ResourceIdTakenError,
  type SiteConfigBase,
  type SiteConfigVersion,
  type SiteKind,
  type SiteListQuery,
  type SiteStore,
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

/**
 * Whether the viewer may see a site row of the asked kind (any kind when undefined): its own, the
 * shared test sites, and every site for an admin's show_all.
 */
export function isVisible(site: SiteRow | undefined, kind: SiteKind | undefined, viewer: Viewer): site is SiteRow {
  return (
    site !== undefined &&
    (kind === undefined || site.kind === kind) &&
    (site.account_id === null || site.account_id === viewer.accountId || viewer.all === true)
  );
}

/** Name of the SQL function the store registers: Unicode lower case (SQLite's lower() is ASCII only). */
const UNICODE_LOWER = 'solarkit_lower';

/**
 * The site store over an open better-sqlite3 database whose migrations have run. Each write is
 * one SQLite transaction, so a concurrent reader never sees half of it and a crash leaves
 * either all of it or nothing.
 */
export class SqliteSiteStore implements SiteStore {
  private readonly byId;
  private readonly insertSite;
  private readonly insertHistory;
  private readonly updateRow;
  private readonly deleteRow;
  private readonly historyRows;

  constructor(private readonly db: Database) {
    // SQLite's lower() and LIKE fold A-Z only; list queries match names case-insensitively in
    // every script, so they fold with JavaScript's Unicode lower case.
    db.function(UNICODE_LOWER, { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? text.toLowerCase() : text,
    );
    this.byId = db.prepare<[string], SiteRow>('SELECT * FROM sites WHERE resource_id = ?');
    this.insertSite = db.prepare(
      `INSERT INTO sites (resource_id, kind, account_id, unmetered, name, latitude, longitude, config,
         created_at, updated_at, config_changed_at)
       VALUES (@resourceId, @kind, @ownerId, 0, @name, @latitude, @longitude, @config, @now, @now, @now)`,
    );
    this.insertHistory = db.prepare(
      'INSERT OR REPLACE INTO site_config_history (site_id, valid_from, config) VALUES (?, ?, ?)',
    );
    this.updateRow = db.prepare(
      `UPDATE sites SET name = @name, latitude = @latitude, longitude = @longitude, config = @config,
         updated_at = @now, config_changed_at = @now WHERE id = @id`,
    );
    this.deleteRow = db.prepare('DELETE FROM sites WHERE id = ?');
    this.historyRows = db.prepare<[number], { valid_from: number; config: string }>(
      'SELECT valid_from, config FROM site_config_history WHERE site_id = ? ORDER BY valid_from',
    );
  }

  async createSite<C extends SiteConfigBase>(
    kind: SiteKind,
    ownerId: number,
    resourceId: string | undefined,
    config: C,
    now: number,
  ): Promise<StoredSite<C>> {
    const create = this.db.transaction((id: string): number => {
      if (this.byId.get(id) !== undefined) throw new ResourceIdTakenError(id);
      const json = JSON.stringify(config);
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
      this.insertHistory.run(lastInsertRowid, now, json);
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

  async updateSite<C extends SiteConfigBase>(
    kind: SiteKind,
    resourceId: string,
    viewer: Viewer,
    update: (current: C) => C,
    now: number,
  ): Promise<StoredSite<C> | undefined> {
    const run = this.db.transaction((): StoredSite<C> | undefined => {
      const row = this.byId.get(resourceId);
      if (!isVisible(row, kind, viewer)) return undefined;
      if (row.unmetered === 1) throw new ReadOnlySiteError(resourceId);
      const next = update(JSON.parse(row.config) as C);
      const json = JSON.stringify(next);
      this.updateRow.run({
        id: row.id,
        name: next.name,
        latitude: next.latitude,
        longitude: next.longitude,
        config: json,
        now,
      });
      this.insertHistory.run(row.id, now, json);
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
    const read = this.db.transaction(() => {
      const { n } = this.db.prepare(`SELECT count(*) AS n FROM sites WHERE ${clause}`).get(params) as { n: number };
      const rows = this.db
        .prepare(`SELECT * FROM sites WHERE ${clause} ORDER BY created_at, id LIMIT @take OFFSET @skip`)
        .all(params) as SiteRow[];
      return { total: n, results: rows.map((r) => toSite<C>(r)) };
    });
    return read();
  }

  async configHistory<C extends SiteConfigBase = SiteConfigBase>(siteId: number): Promise<SiteConfigVersion<C>[]> {
    return this.historyRows.all(siteId).map((r) => ({ validFrom: r.valid_from, config: JSON.parse(r.config) as C }));
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
