/**
 * Sites in PostgreSQL: the `SiteStore` of ../types.ts, with the tables and rows of the SQLite one
 * (../sites.ts).
 *
 * Across nodes: a resource id is unique by the table's UNIQUE constraint (a second create of the
 * same id, on any node, fails on it and becomes ResourceIdTakenError); an edit locks the site's
 * row (`SELECT ... FOR UPDATE`) before it reads the configuration it changes, so concurrent PATCHes
 * on any nodes apply one after the other and none is lost; a create is one statement (the site
 * and its first configuration version together).
 */
import {
  type Page,
  ReadOnlySiteError,
  ResourceIdTakenError,
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
} from '../types.js';
import {
  PRUNE_HISTORY_SQL,
  SITE_REF_COLUMNS,
  type HistoryColumn,
  type SiteRow,
  allHistorySql,
  modelConfigJson,
  windowHistorySql,
  generateResourceId,
  isVisible,
  sitesWithin,
  storedConfigJson,
  toSite,
  toSiteRef,
} from '../sites.js';
import { type Pool, sqlState, transaction } from './client.js';

/** Attempts at a fresh generated resource id (64 random bits: a second attempt is already unheard of). */
const GENERATED_ID_ATTEMPTS = 6;

/**
 * A new site and its first configuration version, in one statement ($1 resource id, $2 kind, $3
 * owner, $4 name, $5 latitude, $6 longitude, $7 configuration JSON, $8 now, $9 model configuration):
 * the create with and without a cap of sites per account.
 */
const INSERT_SITE = `WITH site AS (
  INSERT INTO sites (resource_id, kind, account_id, unmetered, name, latitude, longitude, config,
    created_at, updated_at, config_changed_at)
  VALUES ($1, $2, $3, 0, $4, $5, $6, $7, $8::double precision, $8, $8) RETURNING *
), version AS (
  INSERT INTO site_config_history (site_id, valid_from, config, model_config)
  SELECT id, $8, config, $9 FROM site
)
SELECT * FROM site`;

export class PostgresSiteStore implements SiteStore {
  constructor(private readonly pool: Pool) {}

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
    for (let attempt = 1; ; attempt++) {
      const id = resourceId ?? generateResourceId();
      try {
        if (maxSites !== undefined) return await this.createCounted<C>(kind, ownerId, id, config, json, now, maxSites);
        const { rows } = await this.pool.query<SiteRow>(INSERT_SITE, [
          id,
          kind,
          ownerId,
          config.name,
          config.latitude,
          config.longitude,
          json,
          now,
          modelConfigJson(config),
        ]);
        return toSite<C>(rows[0]!);
      } catch (e) {
        if (sqlState(e) !== '23505') throw e;
        if (resourceId !== undefined || attempt >= GENERATED_ID_ATTEMPTS) throw new ResourceIdTakenError(id);
      }
    }
  }

  /**
   * A create under the cap of sites per account: the owner's account row is locked first, so that
   * two creates on any nodes count one after the other and never both take the last place.
   */
  private createCounted<C extends SiteConfigBase>(
    kind: SiteKind,
    ownerId: number,
    id: string,
    config: C,
    json: string,
    now: number,
    maxSites: number,
  ): Promise<StoredSite<C>> {
    return transaction(this.pool, async (client) => {
      await client.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [ownerId]);
      const { rows: counted } = await client.query<{ n: number }>(
        'SELECT count(*)::integer AS n FROM sites WHERE account_id = $1',
        [ownerId],
      );
      if (counted[0]!.n >= maxSites) throw new SiteCountLimitError(maxSites);
      const { rows } = await client.query<SiteRow>(INSERT_SITE, [
        id,
        kind,
        ownerId,
        config.name,
        config.latitude,
        config.longitude,
        json,
        now,
        modelConfigJson(config),
      ]);
      return toSite<C>(rows[0]!);
    });
  }

  async getSite<C extends SiteConfigBase = SiteConfigBase>(
    kind: SiteKind | undefined,
    resourceId: string,
    viewer: Viewer,
  ): Promise<StoredSite<C> | undefined> {
    const { rows } = await this.pool.query<SiteRow>('SELECT * FROM sites WHERE resource_id = $1', [resourceId]);
    return isVisible(rows[0], kind, viewer) ? toSite<C>(rows[0]) : undefined;
  }

  async findSite(kind: SiteKind | undefined, resourceId: string, viewer: Viewer): Promise<SiteRef | undefined> {
    const { rows } = await this.pool.query<Parameters<typeof toSiteRef>[0]>(
      `SELECT ${SITE_REF_COLUMNS} FROM sites WHERE resource_id = $1`,
      [resourceId],
    );
    return isVisible(rows[0], kind, viewer) ? toSiteRef(rows[0]) : undefined;
  }

  async updateSite<C extends SiteConfigBase>(
    kind: SiteKind,
    resourceId: string,
    viewer: Viewer,
    update: (current: C) => C,
    now: number,
    limits?: Partial<SiteLimits>,
  ): Promise<StoredSite<C> | undefined> {
    return transaction(this.pool, async (client) => {
      const row = (await client.query<SiteRow>('SELECT * FROM sites WHERE resource_id = $1 FOR UPDATE', [resourceId]))
        .rows[0];
      if (!isVisible(row, kind, viewer)) return undefined;
      if (row.unmetered === 1) throw new ReadOnlySiteError(resourceId);
      const next = update(JSON.parse(row.config) as C);
      const json = storedConfigJson(next, limits);
      // The same configuration again is no new version (nothing to store, nothing changes).
      if (json === row.config) return toSite<C>(row);
      const { rows } = await client.query<SiteRow>(
        `UPDATE sites SET name = $2, latitude = $3, longitude = $4, config = $5, updated_at = $6, config_changed_at = $6
         WHERE id = $1 RETURNING *`,
        [row.id, next.name, next.latitude, next.longitude, json, now],
      );
      await client.query(
        `INSERT INTO site_config_history (site_id, valid_from, config, model_config) VALUES ($1, $2, $3, $4)
         ON CONFLICT (site_id, valid_from) DO UPDATE SET config = excluded.config, model_config = excluded.model_config`,
        [row.id, now, json, modelConfigJson(next)],
      );
      if (limits?.maxVersions !== undefined)
        await client.query(PRUNE_HISTORY_SQL, [row.id, Math.max(1, limits.maxVersions)]);
      return toSite<C>(rows[0]!);
    });
  }

  async deleteSite(kind: SiteKind, resourceId: string, viewer: Viewer): Promise<boolean> {
    return transaction(this.pool, async (client) => {
      const row = (await client.query<SiteRow>('SELECT * FROM sites WHERE resource_id = $1 FOR UPDATE', [resourceId]))
        .rows[0];
      if (!isVisible(row, kind, viewer)) return false;
      if (row.unmetered === 1) throw new ReadOnlySiteError(resourceId);
      await client.query('DELETE FROM sites WHERE id = $1', [row.id]);
      return true;
    });
  }

  async listSites<C extends SiteConfigBase = SiteConfigBase>(q: SiteListQuery): Promise<Page<StoredSite<C>>> {
    const params: unknown[] = [q.kind];
    const where: string[] = ['kind = $1'];
    if (q.viewer.all !== true) {
      params.push(q.viewer.accountId);
      where.push(`(account_id IS NULL OR account_id = $${params.length})`);
    }
    if (q.query !== undefined && q.query !== '') {
      // Unicode case folding (as SQLite's store does with JavaScript's toLowerCase), whatever the
      // database's own locale: ICU's root collation.
      params.push(q.query.toLowerCase());
      const n = params.length;
      where.push(
        `(strpos(lower(name COLLATE "und-x-icu"), $${n}) > 0 OR strpos(lower(resource_id COLLATE "und-x-icu"), $${n}) > 0)`,
      );
    }
    if (q.createdFrom !== undefined) {
      params.push(q.createdFrom);
      where.push(`created_at >= $${params.length}`);
    }
    if (q.createdBefore !== undefined) {
      params.push(q.createdBefore);
      where.push(`created_at < $${params.length}`);
    }
    const clause = where.join(' AND ');
    // The count and the page from one snapshot.
    return transaction(
      this.pool,
      async (client) => {
        const {
          rows: [counted],
        } = await client.query<{ n: number }>(`SELECT count(*) AS n FROM sites WHERE ${clause}`, params);
        const page = `ORDER BY created_at, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
        let take = q.take;
        if (q.maxBytes !== undefined) {
          // The sizes first, so that the configurations past the page's bytes are never read.
          const { rows: sizes } = await client.query<{ bytes: number }>(
            `SELECT octet_length(config) AS bytes FROM sites WHERE ${clause} ${page}`,
            [...params, take, q.skip],
          );
          take = sitesWithin(
            sizes.map((r) => r.bytes),
            q.maxBytes,
          );
        }
        const { rows } = await client.query<SiteRow>(`SELECT * FROM sites WHERE ${clause} ${page}`, [
          ...params,
          take,
          q.skip,
        ]);
        return { total: counted!.n, results: rows.map((r) => toSite<C>(r)) };
      },
      'REPEATABLE READ READ ONLY',
    );
  }

  async configHistory<C extends SiteConfigBase = SiteConfigBase>(
    siteId: number,
    window?: { from: number; to: number },
  ): Promise<SiteConfigVersion<C>[]> {
    const rows = await this.versions('config', siteId, window);
    return rows.map((r) => ({ validFrom: r.valid_from, config: JSON.parse(r.config) as C }));
  }

  async modelConfigHistory(siteId: number, window?: { from: number; to: number }): Promise<StoredConfigVersion[]> {
    const rows = await this.versions('coalesce(model_config, config)', siteId, window);
    return rows.map((r) => ({ validFrom: r.valid_from, json: r.config }));
  }

  private async versions(
    column: HistoryColumn,
    siteId: number,
    window: { from: number; to: number } | undefined,
  ): Promise<{ valid_from: number; config: string }[]> {
    const { rows } =
      window === undefined
        ? await this.pool.query<{ valid_from: number; config: string }>(allHistorySql(column), [siteId])
        : await this.pool.query<{ valid_from: number; config: string }>(windowHistorySql(column), [
            siteId,
            window.from,
            window.to,
          ]);
    return rows;
  }
}
