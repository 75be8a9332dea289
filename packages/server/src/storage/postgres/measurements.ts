/**
 * Measurements in PostgreSQL: the `MeasurementStore` of ../types.ts, with the tables and keys of
 * the SQLite one (../measurements.ts).
 *
 * A batch is one transaction of one multi-row UPSERT (arrays unnested into rows): all of it is
 * stored or none of it, also when the node dies mid-way (PostgreSQL rolls back the transaction of
 * a connection that breaks). The batch first locks the uploading account's row counter, so that
 * batches of one account apply one after the other: the cap then counts every committed record,
 * and two batches cannot deadlock over the keys they share.
 */
import {
  type MeasurementQuery,
  MeasurementLimitError,
  type MeasurementRecord,
  type MeasurementStore,
  type Page,
  SiteGoneError,
  type SubUnitRecord,
  type UpsertOptions,
} from '../types.js';
import { type MeasurementRow, toRecord } from '../measurements.js';
import { type Pool, type PoolClient, sqlState, transaction } from './client.js';

/** The last record of each key (as SQLite's row-by-row UPSERT keeps the last one of a batch). */
function lastOfEachKey<T>(records: readonly T[], key: (r: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const r of records) {
    const k = key(r);
    byKey.delete(k);
    byKey.set(k, r);
  }
  return [...byKey.values()];
}

/** A window over period_end as SQL and parameters appended to `params`. */
function windowClause(q: { start?: number; end?: number }, params: unknown[]): string {
  let clause = '';
  if (q.start !== undefined) {
    params.push(q.start);
    clause += ` AND period_end >= $${params.length}`;
  }
  if (q.end !== undefined) {
    params.push(q.end);
    clause += ` AND period_end <= $${params.length}`;
  }
  return clause;
}

export class PostgresMeasurementStore implements MeasurementStore {
  constructor(private readonly pool: Pool) {}

  /**
   * Runs a batch's writes in a transaction: the account's counter row locked first, the cap
   * checked after the writes (replaced records are not counted twice), a deleted site reported as
   * SiteGoneError.
   */
  private async batch(
    accountId: number,
    options: UpsertOptions | undefined,
    write: (client: PoolClient) => Promise<void>,
  ): Promise<void> {
    try {
      await transaction(this.pool, async (client) => {
        await client.query(
          `INSERT INTO measurement_rows (account_id, rows) VALUES ($1, 0)
           ON CONFLICT (account_id) DO UPDATE SET rows = measurement_rows.rows`,
          [accountId],
        );
        await write(client);
        const limit = options?.maxRowsPerAccount;
        if (limit === undefined) return;
        const stored =
          (await client.query<{ rows: number }>('SELECT rows FROM measurement_rows WHERE account_id = $1', [accountId]))
            .rows[0]?.rows ?? 0;
        if (stored > limit) throw new MeasurementLimitError(limit, stored);
      });
    } catch (e) {
      if (sqlState(e) === '23503') throw new SiteGoneError();
      throw e;
    }
  }

  async upsertMeasurements(
    siteId: number,
    accountId: number,
    records: readonly MeasurementRecord[],
    options?: UpsertOptions,
  ): Promise<void> {
    const rows = lastOfEachKey(records, (r) => `${r.periodEnd}|${r.period}`);
    await this.batch(accountId, options, async (client) => {
      await client.query(
        `INSERT INTO site_measurements (site_id, account_id, period_end, period, total_power, availability, mean_ghi,
           tracking_angle, network_constraint, constraint_power_ceiling, local_limit, frequency)
         SELECT $1::integer, $2::integer, * FROM unnest($3::float8[], $4::integer[], $5::float8[], $6::float8[], $7::float8[],
           $8::float8[], $9::integer[], $10::float8[], $11::float8[], $12::float8[])
         ON CONFLICT (site_id, account_id, period_end, period) DO UPDATE SET
           total_power = excluded.total_power, availability = excluded.availability, mean_ghi = excluded.mean_ghi,
           tracking_angle = excluded.tracking_angle, network_constraint = excluded.network_constraint,
           constraint_power_ceiling = excluded.constraint_power_ceiling, local_limit = excluded.local_limit,
           frequency = excluded.frequency`,
        [
          siteId,
          accountId,
          rows.map((r) => r.periodEnd),
          rows.map((r) => r.period),
          rows.map((r) => r.totalPower),
          rows.map((r) => r.availability),
          rows.map((r) => r.meanGhi),
          rows.map((r) => r.trackingAngle),
          rows.map((r) => (r.networkConstraint === null ? null : r.networkConstraint ? 1 : 0)),
          rows.map((r) => r.constraintPowerCeiling),
          rows.map((r) => r.localLimit),
          rows.map((r) => r.frequency),
        ],
      );
    });
  }

  async upsertSubUnitMeasurements(
    siteId: number,
    accountId: number,
    records: readonly SubUnitRecord[],
    options?: UpsertOptions,
  ): Promise<void> {
    const rows = lastOfEachKey(records, (r) => `${r.subUnit}|${r.periodEnd}|${r.period}`);
    await this.batch(accountId, options, async (client) => {
      await client.query(
        `INSERT INTO sub_unit_measurements (site_id, account_id, sub_unit, period_end, period, power)
         SELECT $1::integer, $2::integer, * FROM unnest($3::text[], $4::float8[], $5::integer[], $6::float8[])
         ON CONFLICT (site_id, account_id, period_end, sub_unit, period) DO UPDATE SET power = excluded.power`,
        [
          siteId,
          accountId,
          rows.map((r) => r.subUnit),
          rows.map((r) => r.periodEnd),
          rows.map((r) => r.period),
          rows.map((r) => r.power),
        ],
      );
    });
  }

  async storedRows(accountId: number): Promise<number> {
    const { rows } = await this.pool.query<{ rows: number }>(
      'SELECT rows FROM measurement_rows WHERE account_id = $1',
      [accountId],
    );
    return rows[0]?.rows ?? 0;
  }

  async listMeasurements(siteId: number, accountId: number, q: MeasurementQuery): Promise<Page<MeasurementRecord>> {
    const params: unknown[] = [siteId, accountId];
    const where = `site_id = $1 AND account_id = $2${windowClause(q, params)}`;
    return transaction(
      this.pool,
      async (client) => {
        const {
          rows: [counted],
        } = await client.query<{ n: number }>(`SELECT count(*) AS n FROM site_measurements WHERE ${where}`, params);
        const { rows } = await client.query<MeasurementRow>(
          `SELECT * FROM site_measurements WHERE ${where} ORDER BY period_end, period
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, q.take, q.skip],
        );
        return { total: counted!.n, results: rows.map(toRecord) };
      },
      'REPEATABLE READ READ ONLY',
    );
  }

  async deleteMeasurements(siteId: number, accountId: number, w: { start: number; end: number }): Promise<number> {
    const { rowCount } = await this.pool.query(
      'DELETE FROM site_measurements WHERE site_id = $1 AND account_id = $2 AND period_end >= $3 AND period_end <= $4',
      [siteId, accountId, w.start, w.end],
    );
    return rowCount ?? 0;
  }

  async listSubUnitMeasurements(
    siteId: number,
    accountId: number,
    q: MeasurementQuery & { subUnit?: string },
  ): Promise<Page<SubUnitRecord>> {
    const params: unknown[] = [siteId, accountId];
    let where = `site_id = $1 AND account_id = $2${windowClause(q, params)}`;
    if (q.subUnit !== undefined) {
      params.push(q.subUnit);
      where += ` AND sub_unit = $${params.length}`;
    }
    return transaction(
      this.pool,
      async (client) => {
        const {
          rows: [counted],
        } = await client.query<{ n: number }>(`SELECT count(*) AS n FROM sub_unit_measurements WHERE ${where}`, params);
        const { rows } = await client.query<{ sub_unit: string; period_end: number; period: number; power: number }>(
          `SELECT sub_unit, period_end, period, power FROM sub_unit_measurements WHERE ${where}
         ORDER BY period_end, sub_unit COLLATE "C", period LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, q.take, q.skip],
        );
        return {
          total: counted!.n,
          results: rows.map((r) => ({
            subUnit: r.sub_unit,
            periodEnd: r.period_end,
            period: r.period,
            power: r.power,
          })),
        };
      },
      'REPEATABLE READ READ ONLY',
    );
  }

  async deleteSubUnitMeasurements(
    siteId: number,
    accountId: number,
    w: { start: number; end: number; subUnit?: string },
  ): Promise<number> {
    const params: unknown[] = [siteId, accountId, w.start, w.end];
    let where = 'site_id = $1 AND account_id = $2 AND period_end >= $3 AND period_end <= $4';
    if (w.subUnit !== undefined) {
      params.push(w.subUnit);
      where += ` AND sub_unit = $${params.length}`;
    }
    return (await this.pool.query(`DELETE FROM sub_unit_measurements WHERE ${where}`, params)).rowCount ?? 0;
  }
}
