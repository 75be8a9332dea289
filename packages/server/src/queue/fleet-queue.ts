/**
 * A fleet run spread over machines through PostgreSQL (docs/cluster.md): `enqueueRun` stores the
 * run and its sites in batches, `runWorker` takes batches on any machine and simulates them with
 * `simulateFleet` (the code of `solarkit simulate`), and each batch's results are written in one
 * transaction with the batch marked done, so they are there whole or not at all.
 *
 * The queue is plain SQL (`SELECT ... FOR UPDATE SKIP LOCKED`), not a job-queue library: exactly
 * once needs the results and the batch's "done" in the same transaction of the worker's own
 * connection, fenced by the attempt that holds the lease (a worker whose lease expired and whose
 * batch was taken again must not write). pg-boss 10 (the last for Node 20) and graphile-worker,
 * in their ordinary use, mark a job done in a transaction of their own after the handler
 * returns, so the completion and our results would be two transactions (a crash between them
 * retries a batch whose results are written); folding our insert into their completion would tie
 * exactly-once to their internals, and the fence would still be ours. What is left is the claim,
 * one statement; nothing else they bring (schedules, cron, LISTEN) is needed (docs/cluster.md).
 *
 * Exactly once: the results table's primary key is (run, site); a batch's results are inserted
 * in the transaction that marks the batch done, and only by the attempt that holds it (its
 * `attempts` number is the fencing token). A worker killed mid-batch (SIGKILL) never commits; its
 * lease (renewed every third of its length while it works) runs out and another worker takes the
 * batch again.
 */
import { hostname } from 'node:os';
import pg from 'pg';
import type { FleetSite, FleetSiteResult } from 'solarkit';
import { type FleetJob, type FleetOutcome, simulateFleet } from 'solarkit/node';
import packageJson from '../../package.json' with { type: 'json' };

/** The version a run is made by and a worker must have (results depend on the code). */
export const QUEUE_VERSION = `solarkit-server ${packageJson.version}`;

/** Sites per batch by default. */
export const DEFAULT_BATCH_SITES = 500;
/** Seconds a worker holds a batch without renewing its lease, by default. */
export const DEFAULT_LEASE_SECONDS = 60;
/** Attempts of a batch before its sites are recorded as failed (a batch that kills its workers). */
export const MAX_ATTEMPTS = 5;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS fleet_runs (
  id text PRIMARY KEY,
  version text NOT NULL,
  job jsonb NOT NULL,
  source text NOT NULL,
  total integer NOT NULL,
  batches integer NOT NULL,
  batch_sites integer NOT NULL,
  lease_seconds double precision NOT NULL,
  state text NOT NULL DEFAULT 'running',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE TABLE IF NOT EXISTS fleet_batches (
  run text NOT NULL REFERENCES fleet_runs (id) ON DELETE CASCADE,
  batch integer NOT NULL,
  first_site integer NOT NULL,
  size integer NOT NULL,
  failed integer,
  sites jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  worker text,
  lease_until timestamptz,
  claimed_at timestamptz,
  done_at timestamptz,
  PRIMARY KEY (run, batch)
);
CREATE INDEX IF NOT EXISTS fleet_batches_open ON fleet_batches (run, batch) WHERE state <> 'done';
CREATE TABLE IF NOT EXISTS fleet_attempts (
  run text NOT NULL,
  batch integer NOT NULL,
  attempt integer NOT NULL,
  worker text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (run, batch, attempt)
);
CREATE TABLE IF NOT EXISTS fleet_results (
  run text NOT NULL REFERENCES fleet_runs (id) ON DELETE CASCADE,
  site integer NOT NULL,
  id text NOT NULL,
  batch integer NOT NULL,
  worker text NOT NULL,
  error text,
  energy_kwh double precision,
  specific_yield_kwh_per_kw double precision,
  missing_periods integer,
  capacity_kw double precision,
  years double precision,
  monthly_kwh bytea,
  months text,
  power_kw bytea,
  done_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (run, site)
);`;

/** Creates the queue's tables when they are missing (idempotent; concurrent callers wait on a lock). */
export async function ensureQueueSchema(client: pg.ClientBase): Promise<void> {
  await client.query('SELECT pg_advisory_lock(735001)');
  try {
    await client.query(SCHEMA);
  } finally {
    await client.query('SELECT pg_advisory_unlock(735001)');
  }
}

/** A connection pool to the queue's database. */
export function queuePool(url: string, max = 4): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  return pool;
}

/** What `enqueueRun` takes besides the sites. */
export interface EnqueueOptions {
  job: FleetJob;
  /** Sites per batch (default 500). */
  batchSites?: number;
  /** Lease of a batch, s (default 60). */
  leaseSeconds?: number;
  /** Where the sites came from (a file name), shown by `runs list`. */
  source?: string;
  /** The version the workers must have (default this one's; a test may forge another). */
  version?: string;
}

/** A new run's id: the time and a random part, sortable by creation. */
function newRunId(): string {
  const t = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  return `run-${t}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Stores a run and its sites, in batches of `batchSites` in input order, in one transaction.
 * @returns the run's id
 */
export async function enqueueRun(pool: pg.Pool, sites: readonly FleetSite[], o: EnqueueOptions): Promise<string> {
  const batchSites = o.batchSites ?? DEFAULT_BATCH_SITES;
  const id = newRunId();
  const batches = Math.ceil(sites.length / batchSites);
  const client = await pool.connect();
  try {
    await ensureQueueSchema(client);
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO fleet_runs (id, version, job, source, total, batches, batch_sites, lease_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        o.version ?? QUEUE_VERSION,
        JSON.stringify(o.job),
        o.source ?? '',
        sites.length,
        batches,
        batchSites,
        o.leaseSeconds ?? DEFAULT_LEASE_SECONDS,
      ],
    );
    // A few hundred batches per statement.
    const perStatement = Math.max(1, Math.floor(200_000 / batchSites));
    for (let b0 = 0; b0 < batches; b0 += perStatement) {
      const numbers: number[] = [];
      const firsts: number[] = [];
      const texts: string[] = [];
      const sizes: number[] = [];
      for (let b = b0; b < Math.min(batches, b0 + perStatement); b++) {
        numbers.push(b);
        firsts.push(b * batchSites);
        const slice = sites.slice(b * batchSites, (b + 1) * batchSites);
        sizes.push(slice.length);
        texts.push(JSON.stringify(slice));
      }
      await client.query(
        `INSERT INTO fleet_batches (run, batch, first_site, size, sites)
         SELECT $1, b, f, z, s::jsonb FROM unnest($2::int[], $3::int[], $4::int[], $5::text[]) AS u (b, f, z, s)`,
        [id, numbers, firsts, sizes, texts],
      );
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
  return id;
}

/** A batch a worker holds. */
interface HeldBatch {
  run: string;
  batch: number;
  attempt: number;
  firstSite: number;
  sites: FleetSite[];
  outcomes: FleetOutcome[];
}

/** Options of {@link runWorker}. */
export interface WorkerOptions {
  /** Threads of the simulation (as `simulate --threads`). */
  threads: number;
  /** Ends when no run of this version has work left (for tests and jobs), instead of waiting for more. */
  untilIdle?: boolean;
  /** Seconds between polls of an empty queue (default 2). */
  pollSeconds?: number;
  /** Stops taking batches; the batches held are finished. */
  signal?: AbortSignal;
  /** Lines for stderr (a batch done, a run refused). */
  log?: (line: string) => void;
  /** This worker's name (default host:pid). */
  name?: string;
  /** The version this worker has (default this one's). */
  version?: string;
}

/** What a worker did. */
export interface WorkerSummary {
  batches: number;
  sites: number;
  failed: number;
  /** Batches whose lease was lost before they were written (another worker took them). */
  lost: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Takes batches, simulates them and writes their results, until stopped (or, with `untilIdle`,
 * until no run of its version has a batch left). One `simulateFleet` serves every batch of a
 * run, so the threads start once per run, and the next batch is taken while the threads still
 * work on the previous one (at most two batches are held).
 */
export async function runWorker(pool: pg.Pool, o: WorkerOptions): Promise<WorkerSummary> {
  const name = o.name ?? `${hostname()}:${process.pid}`;
  const version = o.version ?? QUEUE_VERSION;
  const log = o.log ?? (() => undefined);
  const summary: WorkerSummary = { batches: 0, sites: 0, failed: 0, lost: 0 };
  const refused = new Set<string>();
  {
    const c = await pool.connect();
    try {
      await ensureQueueSchema(c);
    } finally {
      c.release();
    }
  }
  while (o.signal?.aborted !== true) {
    const run = await nextRun(pool, version, refused, log);
    if (run === undefined) {
      if (o.untilIdle === true && !(await anyOpen(pool, version))) break;
      await sleep((o.pollSeconds ?? 2) * 1000);
      continue;
    }
    await workOnRun(pool, run, name, o, log, summary);
  }
  return summary;
}

/** A run with work left: of this version (runs of other versions are named once and skipped). */
async function nextRun(
  pool: pg.Pool,
  version: string,
  refused: Set<string>,
  log: (line: string) => void,
): Promise<{ id: string; job: FleetJob; leaseSeconds: number } | undefined> {
  const { rows } = await pool.query(
    `SELECT r.id, r.version, r.job, r.lease_seconds FROM fleet_runs r
     WHERE r.state = 'running' AND EXISTS (SELECT 1 FROM fleet_batches b WHERE b.run = r.id AND b.state <> 'done'
       AND (b.state = 'pending' OR b.lease_until < clock_timestamp()))
     ORDER BY r.created_at`,
  );
  for (const r of rows as { id: string; version: string; job: FleetJob; lease_seconds: number }[]) {
    if (r.version === version) return { id: r.id, job: r.job, leaseSeconds: r.lease_seconds };
    if (!refused.has(r.id)) {
      refused.add(r.id);
      log(`worker: refusing run ${r.id}: it was made by ${r.version}, this worker is ${version}`);
    }
  }
  return undefined;
}

/** Whether a run of this version has a batch not done (held by another worker, maybe). */
async function anyOpen(pool: pg.Pool, version: string): Promise<boolean> {
  const { rows } = await pool.query(
    `SELECT 1 FROM fleet_runs r JOIN fleet_batches b ON b.run = r.id
     WHERE r.state = 'running' AND r.version = $1 AND b.state <> 'done' LIMIT 1`,
    [version],
  );
  return rows.length > 0;
}

/**
 * Takes one batch of a run: a pending one, or one whose lease ran out (its worker died). A batch
 * taken MAX_ATTEMPTS times already is not taken again: its sites are recorded as failed.
 */
async function claim(pool: pg.Pool, run: string, worker: string, leaseSeconds: number): Promise<HeldBatch | undefined> {
  for (;;) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        `SELECT batch, attempts, first_site, sites FROM fleet_batches
         WHERE run = $1 AND state <> 'done' AND (state = 'pending' OR lease_until < clock_timestamp())
         ORDER BY batch LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [run],
      );
      const b = rows[0] as { batch: number; attempts: number; first_site: number; sites: FleetSite[] } | undefined;
      if (b === undefined) {
        await client.query('COMMIT');
        return undefined;
      }
      if (b.attempts >= MAX_ATTEMPTS) {
        const message = `its batch was taken ${b.attempts} times and never finished (a worker died on it each time)`;
        await writeResults(
          client,
          run,
          b.batch,
          worker,
          b.first_site,
          b.sites.map((s) => ({ id: s.id, error: message })),
        );
        await client.query(
          `UPDATE fleet_batches SET state = 'done', failed = size, done_at = clock_timestamp() WHERE run = $1 AND batch = $2`,
          [run, b.batch],
        );
        await finishRunIfDone(client, run);
        await client.query('COMMIT');
        continue;
      }
      const attempt = b.attempts + 1;
      await client.query(
        `UPDATE fleet_batches SET state = 'running', attempts = $3, worker = $4,
           lease_until = clock_timestamp() + make_interval(secs => $5), claimed_at = clock_timestamp()
         WHERE run = $1 AND batch = $2`,
        [run, b.batch, attempt, worker, leaseSeconds],
      );
      await client.query('INSERT INTO fleet_attempts (run, batch, attempt, worker) VALUES ($1, $2, $3, $4)', [
        run,
        b.batch,
        attempt,
        worker,
      ]);
      await client.query('UPDATE fleet_runs SET started_at = coalesce(started_at, clock_timestamp()) WHERE id = $1', [
        run,
      ]);
      await client.query('COMMIT');
      return { run, batch: b.batch, attempt, firstSite: b.first_site, sites: b.sites, outcomes: [] };
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }
}

function bytesOf(a: Float64Array | undefined): Buffer | null {
  return a === undefined ? null : Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

/** Inserts a batch's outcomes (one statement; the caller's transaction). */
async function writeResults(
  client: pg.ClientBase,
  run: string,
  batch: number,
  worker: string,
  firstSite: number,
  outcomes: readonly FleetOutcome[],
): Promise<void> {
  const site: number[] = [];
  const id: string[] = [];
  const error: (string | null)[] = [];
  const energy: (number | null)[] = [];
  const specific: (number | null)[] = [];
  const missing: (number | null)[] = [];
  const capacity: (number | null)[] = [];
  const years: (number | null)[] = [];
  const monthly: (Buffer | null)[] = [];
  // The months of monthlyKwh ('2024-01'), comma-joined: one text a site (unnest takes no jagged arrays).
  const months: (string | null)[] = [];
  const power: (Buffer | null)[] = [];
  outcomes.forEach((o, k) => {
    site.push(firstSite + k);
    id.push(o.id);
    if ('error' in o) {
      error.push(o.error);
      energy.push(null);
      specific.push(null);
      missing.push(null);
      capacity.push(null);
      years.push(null);
      monthly.push(null);
      months.push(null);
      power.push(null);
    } else {
      error.push(null);
      energy.push(o.energyKwh);
      specific.push(o.specificYieldKwhPerKw);
      missing.push(o.missingPeriods);
      capacity.push(o.capacityKw);
      years.push(o.years);
      monthly.push(bytesOf(o.monthlyKwh));
      months.push(o.months === undefined ? null : o.months.join(','));
      power.push(bytesOf(o.powerKw));
    }
  });
  await client.query(
    `INSERT INTO fleet_results (run, site, id, batch, worker, error, energy_kwh, specific_yield_kwh_per_kw,
       missing_periods, capacity_kw, years, monthly_kwh, months, power_kw)
     SELECT $1, s, i, $2, $3, e, en, sy, m, c, y, mo, ml, p
     FROM unnest($4::int[], $5::text[], $6::text[], $7::float8[], $8::float8[], $9::int[], $10::float8[],
       $11::float8[], $12::bytea[], $13::text[], $14::bytea[]) AS u (s, i, e, en, sy, m, c, y, mo, ml, p)`,
    [run, batch, worker, site, id, error, energy, specific, missing, capacity, years, monthly, months, power],
  );
}

async function finishRunIfDone(client: pg.ClientBase, run: string): Promise<void> {
  await client.query(
    `UPDATE fleet_runs SET state = 'done', finished_at = clock_timestamp()
     WHERE id = $1 AND state = 'running' AND NOT EXISTS (SELECT 1 FROM fleet_batches WHERE run = $1 AND state <> 'done')`,
    [run],
  );
}

/**
 * Writes a batch's results and marks it done, in one transaction, if this attempt still holds
 * it (else nothing: the batch was taken again after this worker's lease ran out).
 * @returns whether the results were written
 */
async function complete(pool: pg.Pool, held: HeldBatch, worker: string): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(
      `SELECT b.state, b.attempts, r.state AS run_state FROM fleet_batches b JOIN fleet_runs r ON r.id = b.run
       WHERE b.run = $1 AND b.batch = $2 FOR UPDATE OF b`,
      [held.run, held.batch],
    );
    const b = rows[0] as { state: string; attempts: number; run_state: string } | undefined;
    if (b === undefined || b.state !== 'running' || b.attempts !== held.attempt || b.run_state !== 'running') {
      await client.query('ROLLBACK');
      return false;
    }
    await writeResults(client, held.run, held.batch, worker, held.firstSite, held.outcomes);
    await client.query(
      `UPDATE fleet_batches SET state = 'done', failed = $3, done_at = clock_timestamp(), lease_until = NULL
       WHERE run = $1 AND batch = $2`,
      [held.run, held.batch, held.outcomes.filter((x) => 'error' in x).length],
    );
    await finishRunIfDone(client, held.run);
    await client.query('COMMIT');
    return true;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** Works on one run until it has no batch left to take (or the worker is stopped). */
async function workOnRun(
  pool: pg.Pool,
  run: { id: string; job: FleetJob; leaseSeconds: number },
  worker: string,
  o: WorkerOptions,
  log: (line: string) => void,
  summary: WorkerSummary,
): Promise<void> {
  const held: HeldBatch[] = [];
  // The lease of every batch held, renewed every third of its length.
  const renew = setInterval(
    () => {
      if (held.length === 0) return;
      pool
        .query(
          `UPDATE fleet_batches SET lease_until = clock_timestamp() + make_interval(secs => $2)
           WHERE run = $1 AND batch = ANY($3::int[]) AND state = 'running' AND worker = $4`,
          [run.id, run.leaseSeconds, held.map((h) => h.batch), worker],
        )
        .catch(() => undefined);
    },
    Math.max(100, (run.leaseSeconds * 1000) / 3),
  );
  // The sites of the batches as simulateFleet asks for them: a batch is taken when the previous
  // one's sites are all handed out.
  async function* sites(): AsyncGenerator<FleetSite> {
    for (;;) {
      if (o.signal?.aborted === true) return;
      const b = await claim(pool, run.id, worker, run.leaseSeconds);
      if (b === undefined) return;
      held.push(b);
      yield* b.sites;
    }
  }
  try {
    for await (const outcome of simulateFleet(sites(), { ...run.job, threads: o.threads, useCallingThread: true })) {
      const b = held[0]!;
      b.outcomes.push(outcome);
      if (b.outcomes.length < b.sites.length) continue;
      held.shift();
      const failed = b.outcomes.filter((x) => 'error' in x).length;
      if (await complete(pool, b, worker)) {
        summary.batches++;
        summary.sites += b.sites.length;
        summary.failed += failed;
        log(
          `worker: run ${run.id} batch ${b.batch} (attempt ${b.attempt}): ${b.sites.length} sites` +
            (failed > 0 ? `, ${failed} failed` : '') +
            `; ${summary.sites} sites so far`,
        );
      } else {
        summary.lost++;
        log(`worker: run ${run.id} batch ${b.batch}: lease lost (taken again, or the run was cancelled); not written`);
      }
    }
  } finally {
    clearInterval(renew);
  }
}

/** A run as `runs list` and `runs show` give it. */
export interface RunStatus {
  id: string;
  version: string;
  state: string;
  source: string;
  total: number;
  batches: number;
  batchesDone: number;
  done: number;
  failed: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Sites per second since the first batch was taken. */
  sitesPerSecond: number;
  /** Seconds left at that rate (running runs). */
  etaSeconds?: number;
  /** Batches taken more than once (a worker died or lost its lease). */
  retried: number;
}

/** The state of runs (all, newest first; or one). */
export async function runStatus(pool: pg.Pool, id?: string): Promise<RunStatus[]> {
  const { rows } = await pool.query(
    `SELECT r.id, r.version, r.state, r.source, r.total, r.batches, r.created_at, r.started_at, r.finished_at,
       b.batches_done, b.retried, b.done, b.failed,
       extract(epoch FROM coalesce(r.finished_at, clock_timestamp()) - r.started_at)::float8 AS seconds
     FROM fleet_runs r CROSS JOIN LATERAL (
       -- From the batches (a few per thousand sites), not the results: cheap for millions of sites.
       SELECT count(*) FILTER (WHERE state = 'done')::int AS batches_done,
         count(*) FILTER (WHERE attempts > 1)::int AS retried,
         coalesce(sum(size) FILTER (WHERE state = 'done'), 0)::int AS done,
         coalesce(sum(failed), 0)::int AS failed
       FROM fleet_batches WHERE run = r.id) b
     ${id === undefined ? '' : 'WHERE r.id = $1'} ORDER BY r.created_at DESC`,
    id === undefined ? [] : [id],
  );
  return rows.map((r) => {
    const rate = r.seconds > 0 ? r.done / r.seconds : 0;
    const s: RunStatus = {
      id: r.id,
      version: r.version,
      state: r.state,
      source: r.source,
      total: r.total,
      batches: r.batches,
      batchesDone: r.batches_done,
      done: r.done,
      failed: r.failed,
      createdAt: r.created_at,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
      sitesPerSecond: rate,
      retried: r.retried,
    };
    if (r.state === 'running' && rate > 0) s.etaSeconds = (r.total - r.done) / rate;
    return s;
  });
}

/** One worker's share of a run. */
export interface RunWorkerStatus {
  worker: string;
  done: number;
  failed: number;
  batches: number;
  /** Batches it holds now (their lease not run out). */
  holding: number;
  lastDone: Date | null;
  sitesPerSecond: number;
}

/** Per worker: sites done and failed, batches, what it holds, its rate. */
export async function runWorkers(pool: pg.Pool, id: string): Promise<RunWorkerStatus[]> {
  const { rows } = await pool.query(
    `WITH w AS (
       SELECT worker, count(*)::int AS done, count(error)::int AS failed, count(DISTINCT batch)::int AS batches,
         max(done_at) AS last_done FROM fleet_results WHERE run = $1 GROUP BY worker),
     a AS (SELECT worker, min(claimed_at) AS first_claim FROM fleet_attempts WHERE run = $1 GROUP BY worker),
     h AS (SELECT worker, count(*)::int AS holding FROM fleet_batches
           WHERE run = $1 AND state = 'running' AND lease_until >= clock_timestamp() GROUP BY worker)
     SELECT a.worker, coalesce(w.done, 0) AS done, coalesce(w.failed, 0) AS failed, coalesce(w.batches, 0) AS batches,
       coalesce(h.holding, 0) AS holding, w.last_done,
       extract(epoch FROM w.last_done - a.first_claim)::float8 AS seconds
     FROM a LEFT JOIN w ON w.worker = a.worker LEFT JOIN h ON h.worker = a.worker ORDER BY a.worker`,
    [id],
  );
  return rows.map((r) => ({
    worker: r.worker,
    done: r.done,
    failed: r.failed,
    batches: r.batches,
    holding: r.holding,
    lastDone: r.last_done,
    sitesPerSecond: r.seconds > 0 ? r.done / r.seconds : 0,
  }));
}

/** Cancels a run: no batch of it is taken again, and no result of it is written any more. */
export async function cancelRun(pool: pg.Pool, id: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE fleet_runs SET state = 'cancelled', finished_at = clock_timestamp() WHERE id = $1 AND state = 'running'`,
    [id],
  );
  return (rowCount ?? 0) > 0;
}

/** A run's job (its weather, period and aggregate), or undefined for an unknown run. */
export async function runJob(pool: pg.Pool, id: string): Promise<FleetJob | undefined> {
  const { rows } = await pool.query('SELECT job FROM fleet_runs WHERE id = $1', [id]);
  return rows[0]?.job as FleetJob | undefined;
}

function float64(b: Buffer | null): Float64Array | undefined {
  if (b === null) return undefined;
  // A copy: the Buffer's offset in its pool need not be a multiple of 8.
  const out = new Float64Array(b.byteLength / 8);
  new Uint8Array(out.buffer).set(b);
  return out;
}

/**
 * A run's outcomes in the sites' order, with each site (for the period ends of time series),
 * read a batch at a time.
 */
export async function* runOutcomes(
  pool: pg.Pool,
  id: string,
): AsyncGenerator<{ site: FleetSite; outcome: FleetOutcome }> {
  const { rows: meta } = await pool.query('SELECT batches FROM fleet_runs WHERE id = $1', [id]);
  const batches = (meta[0]?.batches as number | undefined) ?? 0;
  for (let b = 0; b < batches; b++) {
    const { rows: batchRows } = await pool.query(
      'SELECT first_site, sites FROM fleet_batches WHERE run = $1 AND batch = $2',
      [id, b],
    );
    const sites = (batchRows[0]?.sites as FleetSite[] | undefined) ?? [];
    const first = (batchRows[0]?.first_site as number | undefined) ?? 0;
    const { rows } = await pool.query(
      `SELECT site, id, error, energy_kwh, specific_yield_kwh_per_kw, missing_periods, capacity_kw, years, monthly_kwh, months, power_kw
       FROM fleet_results WHERE run = $1 AND batch = $2 ORDER BY site`,
      [id, b],
    );
    for (const r of rows) {
      let outcome: FleetOutcome;
      if (r.error !== null) {
        outcome = { id: r.id, error: r.error };
      } else {
        const result: FleetSiteResult = {
          id: r.id,
          capacityKw: r.capacity_kw,
          energyKwh: r.energy_kwh,
          specificYieldKwhPerKw: r.specific_yield_kwh_per_kw,
          years: r.years,
          missingPeriods: r.missing_periods,
        };
        const monthly = float64(r.monthly_kwh);
        if (monthly !== undefined) result.monthlyKwh = monthly;
        if (r.months !== null) result.months = (r.months as string).split(',');
        const power = float64(r.power_kw);
        if (power !== undefined) result.powerKw = power;
        outcome = result;
      }
      yield { site: sites[r.site - first]!, outcome };
    }
  }
}
