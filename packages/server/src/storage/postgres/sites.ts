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
  type SiteConfigBase,
  type SiteConfigVersion,
  type SiteKind,
  type SiteListQuery,
  type SiteStore,
  type StoredSite,
  type Viewer,
} from '../types.js';
import { type SiteRow, generateResourceId, isVisible, toSite } from '../sites.js';
import { type Pool, sqlState, transaction } from './client.js';

/** Attempts at a fresh generated resource id (64 random bits: a second attempt is already unheard of). */
const GENERATED_ID_ATTEMPTS = 6;

export class PostgresSiteStore implements SiteStore {
  constructor(private readonly pool: Pool) {}

  async createSite<C extends SiteConfigBase>(
    kind: SiteKind,
    ownerId: number,
    resourceId: string | undefined,
    config: C,
    now: number,
  ): Promise<StoredSite<C>> {
    const json = JSON.stringify(config);
    for (let attempt = 1; ; attempt++) {
      const id = resourceId ?? generateResourceId();
      try {
        const { rows } = await this.pool.query<SiteRow>(
          `WITH site AS (
             INSERT INTO sites (resource_id, kind, account_id, unmetered, name, latitude, longitude, config,
               created_at, updated_at, config_changed_at)
             VALUES ($1, $2, $3, 0, $4, $5, $6, $7, $8::double precision, $8, $8) RETURNING *
           ), version AS (
             INSERT INTO site_config_history (site_id, valid_from, config) SELECT id, $8, config FROM site
           )
           SELECT * FROM site`,
          [id, kind, ownerId, config.name, config.latitude, config.longitude, json, now],
        );
        return toSite<C>(rows[0]!);
      } catch (e) {
        if (sqlState(e) !== '23505') throw e;
        if (resourceId !== undefined || attempt >= GENERATED_ID_ATTEMPTS) throw new ResourceIdTakenError(id);
      }
    }
  }

  async getSite<C extends SiteConfigBase = SiteConfigBase>(
    kind: SiteKind | undefined,
    resourceId: string,
    viewer: Viewer,
  ): Promise<StoredSite<C> | undefined> {
    const { rows } = await this.pool.query<SiteRow>('SELECT * FROM sites WHERE resource_id = $1', [resourceId]);
    return isVisible(rows[0], kind, viewer) ? toSite<C>(rows[0]) : undefined;
  }

  async updateSite<C extends SiteConfigBase>(
    kind: SiteKind,
    resourceId: string,
    viewer: Viewer,
    update: (current: C) => C,
    now: number,
  ): Promise<StoredSite<C> | undefined> {
    return transaction(this.pool, async (client) => {
      const row = (await client.query<SiteRow>('SELECT * FROM sites WHERE resource_id = $1 FOR UPDATE', [resourceId]))
        .rows[0];
      if (!isVisible(row, kind, viewer)) return undefined;
      if (row.unmetered === 1) throw new ReadOnlySiteError(resourceId);
      const next = update(JSON.parse(row.config) as C);
      const json = JSON.stringify(next);
      const { rows } = await client.query<SiteRow>(
        `UPDATE sites SET name = $2, latitude = $3, longitude = $4, config = $5, updated_at = $6, config_changed_at = $6
         WHERE id = $1 RETURNING *`,
        [row.id, next.name, next.latitude, next.longitude, json, now],
      );
      await client.query(
        `INSERT INTO site_config_history (site_id, valid_from, config) VALUES ($1, $2, $3)
         ON CONFLICT (site_id, valid_from) DO UPDATE SET config = excluded.config`,
        [row.id, now, json],
      );
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
        const { rows } = await client.query<SiteRow>(
          `SELECT * FROM sites WHERE ${clause} ORDER BY created_at, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, q.take, q.skip],
        );
        return { total: counted!.n, results: rows.map((r) => toSite<C>(r)) };
      },
      'REPEATABLE READ READ ONLY',
    );
  }

  async configHistory<C extends SiteConfigBase = SiteConfigBase>(siteId: number): Promise<SiteConfigVersion<C>[]> {
    const { rows } = await this.pool.query<{ valid_from: number; config: string }>(
      'SELECT valid_from, config FROM site_config_history WHERE site_id = $1 ORDER BY valid_from',
      [siteId],
    );
    return rows.map((r) => ({ validFrom: r.valid_from, config: JSON.parse(r.config) as C }));
  }
}
