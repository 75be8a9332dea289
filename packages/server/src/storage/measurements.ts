/**
 * Measurements in SQLite (better-sqlite3): the `MeasurementStore` of types.ts.
 *
 * A record is keyed by (site, account, period_end, period) — sub-unit records also by sub_unit —
 * so a re-upload of the same periods replaces and never duplicates (an UPSERT). Measurements
 * belong to the account that uploaded them: every account may upload to the shared test sites
 * without seeing another's data. A batch is one transaction: all of it is stored, or none.
 */
import type { Database } from './database.js';
import {
  type MeasurementQuery,
  MeasurementLimitError,
  type MeasurementRecord,
  type MeasurementStore,
  type Page,
  SiteGoneError,
  type SubUnitRecord,
  type UpsertOptions,
} from './types.js';

/** Runs a write; a foreign-key failure means the site was deleted since the caller looked it up. */
function siteMustExist<T>(write: () => T): T {
  try {
    return write();
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw new SiteGoneError();
    throw e;
  }
}

/** A `site_measurements` row as both backends return it. */
export interface MeasurementRow {
  period_end: number;
  period: number;
  total_power: number;
  availability: number | null;
  mean_ghi: number | null;
  tracking_angle: number | null;
  network_constraint: number | null;
  constraint_power_ceiling: number | null;
  local_limit: number | null;
  frequency: number | null;
}

/** The measurement record of a database row. */
export function toRecord(r: MeasurementRow): MeasurementRecord {
  return {
    periodEnd: r.period_end,
    period: r.period,
    totalPower: r.total_power,
    availability: r.availability,
    meanGhi: r.mean_ghi,
    trackingAngle: r.tracking_angle,
    networkConstraint: r.network_constraint === null ? null : r.network_constraint === 1,
    constraintPowerCeiling: r.constraint_power_ceiling,
    localLimit: r.local_limit,
    frequency: r.frequency,
  };
}

/** WHERE fragment and parameters of a time window over period_end. */
function windowClause(q: MeasurementQuery, params: Record<string, unknown>): string {
  let clause = '';
  if (q.start !== undefined) {
    clause += ' AND period_end >= @start';
    params.start = q.start;
  }
  if (q.end !== undefined) {
    clause += ' AND period_end <= @end';
    params.end = q.end;
  }
  return clause;
}

/**
 * The measurement store over an open better-sqlite3 database whose migrations have run: each batch
 * is one IMMEDIATE transaction (all of it or none), and rows are UPSERTs on their key.
 */
export class SqliteMeasurementStore implements MeasurementStore {
  private readonly upsertOne;
  private readonly upsertSubUnit;
  private readonly rowsOf;

  constructor(private readonly db: Database) {
    this.upsertOne = db.prepare(
      `INSERT INTO site_measurements (site_id, account_id, period_end, period, total_power, availability, mean_ghi,
         tracking_angle, network_constraint, constraint_power_ceiling, local_limit, frequency)
       VALUES (@siteId, @accountId, @periodEnd, @period, @totalPower, @availability, @meanGhi,
         @trackingAngle, @networkConstraint, @constraintPowerCeiling, @localLimit, @frequency)
       ON CONFLICT (site_id, account_id, period_end, period) DO UPDATE SET
         total_power = excluded.total_power, availability = excluded.availability, mean_ghi = excluded.mean_ghi,
         tracking_angle = excluded.tracking_angle, network_constraint = excluded.network_constraint,
         constraint_power_ceiling = excluded.constraint_power_ceiling, local_limit = excluded.local_limit,
         frequency = excluded.frequency`,
    );
    this.upsertSubUnit = db.prepare(
      `INSERT INTO sub_unit_measurements (site_id, account_id, period_end, sub_unit, period, power)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (site_id, account_id, period_end, sub_unit, period) DO UPDATE SET power = excluded.power`,
    );
    // Kept by the triggers of migration 103.
    this.rowsOf = db.prepare<[number], { rows: number }>('SELECT rows FROM measurement_rows WHERE account_id = ?');
  }

  /**
   * After the batch's writes, inside its transaction: over the cap, throwing rolls the whole batch
   * back. Checking after writing counts exactly the records that are new (replaced ones are not).
   */
  private checkCap(accountId: number, options: UpsertOptions | undefined): void {
    const limit = options?.maxRowsPerAccount;
    if (limit === undefined) return;
    const stored = this.rowsOf.get(accountId)?.rows ?? 0;
    if (stored > limit) throw new MeasurementLimitError(limit, stored);
  }

  async storedRows(accountId: number): Promise<number> {
    return this.rowsOf.get(accountId)?.rows ?? 0;
  }

  async upsertMeasurements(
    siteId: number,
    accountId: number,
    records: readonly MeasurementRecord[],
    options?: UpsertOptions,
  ): Promise<void> {
    const run = this.db.transaction(() => {
      for (const r of records) {
        this.upsertOne.run({
          siteId,
          accountId,
          periodEnd: r.periodEnd,
          period: r.period,
          totalPower: r.totalPower,
          availability: r.availability,
          meanGhi: r.meanGhi,
          trackingAngle: r.trackingAngle,
          networkConstraint: r.networkConstraint === null ? null : r.networkConstraint ? 1 : 0,
          constraintPowerCeiling: r.constraintPowerCeiling,
          localLimit: r.localLimit,
          frequency: r.frequency,
        });
      }
      this.checkCap(accountId, options);
    });
    siteMustExist(() => run.immediate());
  }

  async listMeasurements(siteId: number, accountId: number, q: MeasurementQuery): Promise<Page<MeasurementRecord>> {
    const params: Record<string, unknown> = { siteId, accountId, skip: q.skip, take: q.take };
    const where = `site_id = @siteId AND account_id = @accountId${windowClause(q, params)}`;
    const read = this.db.transaction(() => {
      const { n } = this.db.prepare(`SELECT count(*) AS n FROM site_measurements WHERE ${where}`).get(params) as {
        n: number;
      };
      const rows = this.db
        .prepare(`SELECT * FROM site_measurements WHERE ${where} ORDER BY period_end, period LIMIT @take OFFSET @skip`)
        .all(params) as MeasurementRow[];
      return { total: n, results: rows.map(toRecord) };
    });
    return read();
  }

  async deleteMeasurements(siteId: number, accountId: number, w: { start: number; end: number }): Promise<number> {
    return this.db
      .prepare(
        'DELETE FROM site_measurements WHERE site_id = ? AND account_id = ? AND period_end >= ? AND period_end <= ?',
      )
      .run(siteId, accountId, w.start, w.end).changes;
  }

  async deleteSubUnitMeasurements(
    siteId: number,
    accountId: number,
    w: { start: number; end: number; subUnit?: string },
  ): Promise<number> {
    const bySubUnit = w.subUnit !== undefined ? ' AND sub_unit = ?' : '';
    const args: unknown[] = [siteId, accountId, w.start, w.end];
    if (w.subUnit !== undefined) args.push(w.subUnit);
    return this.db
      .prepare(
        `DELETE FROM sub_unit_measurements WHERE site_id = ? AND account_id = ? AND period_end >= ? AND period_end <= ?${bySubUnit}`,
      )
      .run(...args).changes;
  }

  async upsertSubUnitMeasurements(
    siteId: number,
    accountId: number,
    records: readonly SubUnitRecord[],
    options?: UpsertOptions,
  ): Promise<void> {
    const run = this.db.transaction(() => {
      for (const r of records) this.upsertSubUnit.run(siteId, accountId, r.periodEnd, r.subUnit, r.period, r.power);
      this.checkCap(accountId, options);
    });
    siteMustExist(() => run.immediate());
  }

  async listSubUnitMeasurements(
    siteId: number,
    accountId: number,
    q: MeasurementQuery & { subUnit?: string },
  ): Promise<Page<SubUnitRecord>> {
    const params: Record<string, unknown> = { siteId, accountId, skip: q.skip, take: q.take };
    let where = `site_id = @siteId AND account_id = @accountId${windowClause(q, params)}`;
    if (q.subUnit !== undefined) {
      where += ' AND sub_unit = @subUnit';
      params.subUnit = q.subUnit;
    }
    const read = this.db.transaction(() => {
      const { n } = this.db.prepare(`SELECT count(*) AS n FROM sub_unit_measurements WHERE ${where}`).get(params) as {
        n: number;
      };
      const rows = this.db
        .prepare(
          `SELECT sub_unit, period_end, period, power FROM sub_unit_measurements WHERE ${where}
           ORDER BY period_end, sub_unit, period LIMIT @take OFFSET @skip`,
        )
        .all(params) as { sub_unit: string; period_end: number; period: number; power: number }[];
      return {
        total: n,
        results: rows.map((r) => ({ subUnit: r.sub_unit, periodEnd: r.period_end, period: r.period, power: r.power })),
      };
    });
    return read();
  }
}
