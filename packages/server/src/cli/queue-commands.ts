/**
 * The commands of a fleet run spread over machines (docs/cluster.md): `simulate --queue URL`
 * (enqueue; with --out, wait and export), `worker --queue URL` (take batches until stopped), and
 * `runs list|show|export|cancel`. The queue itself is ../queue/fleet-queue.ts.
 */
import type { FleetJob } from 'solarkit/node';
import { fleetPeriodEnds } from 'solarkit/node';
import {
  cancelRun,
  enqueueRun,
  queuePool,
  runJob,
  runOutcomes,
  runStatus,
  runWorkers,
  runWorker,
} from '../queue/fleet-queue.js';
import { CliError } from './errors.js';
import type { CliIo } from './io.js';
import {
  type SimulateCommandOptions,
  SimulateUsageError,
  checkOut,
  csvSink,
  parquetSink,
  progressDisplay,
  readSites,
  rowsOf,
} from './simulate.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function checkQueueUrl(url: string): void {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new SimulateUsageError(
      `--queue must be a PostgreSQL URL, postgres://user:password@host:port/database (got '${url}')`,
    );
}

/**
 * `simulate --queue URL`: stores the run in batches and prints its id on stdout. With --out, then
 * waits for the workers (progress on stderr as `simulate`'s) and writes the results there.
 */
export async function enqueueCommand(
  o: SimulateCommandOptions,
  job: FleetJob,
  io: CliIo,
  signal?: AbortSignal,
): Promise<number> {
  const url = o.queue!;
  checkQueueUrl(url);
  if (o.out !== undefined) checkOut(o.out);
  const read = readSites(o, io);
  if (typeof read === 'number') return read;
  const pool = queuePool(url);
  try {
    const id = await enqueueRun(pool, read, {
      job,
      source: o.sites,
      ...(o.batchSites !== undefined ? { batchSites: o.batchSites } : {}),
      ...(o.leaseSeconds !== undefined ? { leaseSeconds: o.leaseSeconds } : {}),
    });
    io.out(id);
    const batches = Math.ceil(read.length / (o.batchSites ?? 500));
    io.err(
      `enqueued run ${id}: ${read.length} sites in ${batches} batches; start workers with: solarkit worker --queue URL`,
    );
    if (o.out === undefined) return 0;
    const mode = o.progress ?? (process.stderr.isTTY ? 'bar' : 'lines');
    const display = progressDisplay(mode, read.length, io);
    try {
      for (;;) {
        if (signal?.aborted === true) {
          io.err(
            `interrupted: run ${id} goes on in the workers (solarkit runs show ${id}; runs export ${id} --out FILE)`,
          );
          return 130;
        }
        const s = (await runStatus(pool, id))[0]!;
        display.update({
          done: s.done,
          total: s.total,
          sitesPerSecond: s.sitesPerSecond,
          ...(s.etaSeconds !== undefined ? { etaSeconds: s.etaSeconds } : {}),
        });
        if (s.state === 'cancelled') throw new CliError(`run ${id} was cancelled`);
        if (s.state === 'done') break;
        await sleep(1000);
      }
    } finally {
      display.stop();
    }
    return await exportRun(pool, id, o.out, io);
  } finally {
    await pool.end();
  }
}

/** Writes a run's results to a file (the columns and order of `simulate`'s); the exit code. */
async function exportRun(pool: ReturnType<typeof queuePool>, id: string, out: string, io: CliIo): Promise<number> {
  const parquet = checkOut(out);
  const job = await runJob(pool, id);
  if (job === undefined) throw new CliError(`no run '${id}' (see: solarkit runs list)`);
  const sink = parquet ? parquetSink(out, job.aggregate) : csvSink(out, job.aggregate);
  let failed = 0;
  try {
    for await (const { site, outcome } of runOutcomes(pool, id)) {
      if ('error' in outcome) {
        failed++;
        io.err(`site ${outcome.id}: ${outcome.error}`);
        continue;
      }
      sink.write(rowsOf(outcome, job.aggregate, () => fleetPeriodEnds(job, site)));
    }
  } finally {
    sink.close();
  }
  if (failed > 0) {
    io.err(
      `${failed} site${failed === 1 ? '' : 's'} failed (listed above); the others are in ${out === '-' ? 'stdout' : out}`,
    );
    return 1;
  }
  return 0;
}

/** Options of `solarkit worker`. */
export interface WorkerCommandOptions {
  queue: string;
  threads: number;
  untilIdle?: boolean;
  pollSeconds?: number;
}

/** `solarkit worker`: takes batches until SIGINT/SIGTERM (the batches held are finished first). */
export async function workerCommand(o: WorkerCommandOptions, io: CliIo, signal?: AbortSignal): Promise<number> {
  checkQueueUrl(o.queue);
  const pool = queuePool(o.queue);
  try {
    io.err(`worker: ${o.threads} thread${o.threads === 1 ? '' : 's'}, taking batches from the queue`);
    const s = await runWorker(pool, {
      threads: o.threads,
      log: (line) => io.err(line),
      ...(o.untilIdle === true ? { untilIdle: true } : {}),
      ...(o.pollSeconds !== undefined ? { pollSeconds: o.pollSeconds } : {}),
      ...(signal !== undefined ? { signal } : {}),
    });
    io.err(`worker: done: ${s.batches} batches, ${s.sites} sites (${s.failed} failed), ${s.lost} leases lost`);
    return 0;
  } finally {
    await pool.end();
  }
}

function seconds(s: number | undefined): string {
  if (s === undefined || !Number.isFinite(s)) return '-';
  return s < 120 ? `${Math.ceil(s)} s` : s < 7200 ? `${Math.ceil(s / 60)} min` : `${(s / 3600).toFixed(1)} h`;
}

/** `runs list`: one line per run, newest first. */
export async function runsList(url: string, io: CliIo): Promise<number> {
  checkQueueUrl(url);
  const pool = queuePool(url, 1);
  try {
    const runs = await runStatus(pool).catch((e: { code?: string }) => {
      if (e.code === '42P01') return []; // no queue tables yet
      throw e;
    });
    io.out('run\tstate\tsites\tdone\tfailed\tsites/s\teta\tcreated\tsource');
    for (const r of runs)
      io.out(
        `${r.id}\t${r.state}\t${r.total}\t${r.done}\t${r.failed}\t${r.sitesPerSecond.toFixed(1)}\t${seconds(r.etaSeconds)}\t${r.createdAt.toISOString()}\t${r.source}`,
      );
    return 0;
  } finally {
    await pool.end();
  }
}

/** `runs show RUN`: the run, and each worker's share. */
export async function runsShow(url: string, id: string, io: CliIo): Promise<number> {
  checkQueueUrl(url);
  const pool = queuePool(url, 1);
  try {
    const r = (await runStatus(pool, id))[0];
    if (r === undefined) throw new CliError(`no run '${id}' (see: solarkit runs list)`);
    io.out(`run\t${r.id}`);
    io.out(`state\t${r.state}`);
    io.out(`version\t${r.version}`);
    io.out(`source\t${r.source}`);
    io.out(`sites\t${r.total}`);
    io.out(`done\t${r.done}`);
    io.out(`failed\t${r.failed}`);
    io.out(`batches\t${r.batchesDone}/${r.batches} done, ${r.retried} retried`);
    io.out(`rate\t${r.sitesPerSecond.toFixed(1)} sites/s`);
    io.out(`eta\t${seconds(r.etaSeconds)}`);
    io.out(`created\t${r.createdAt.toISOString()}`);
    if (r.finishedAt !== null) io.out(`finished\t${r.finishedAt.toISOString()}`);
    io.out('');
    io.out('worker\tdone\tfailed\tbatches\tholding\tsites/s\tlast');
    for (const w of await runWorkers(pool, id))
      io.out(
        `${w.worker}\t${w.done}\t${w.failed}\t${w.batches}\t${w.holding}\t${w.sitesPerSecond.toFixed(1)}\t${w.lastDone?.toISOString() ?? '-'}`,
      );
    return 0;
  } finally {
    await pool.end();
  }
}

/** `runs export RUN --out FILE`: one file, sites in input order; a run not done needs --partial. */
export async function runsExport(url: string, id: string, out: string, partial: boolean, io: CliIo): Promise<number> {
  checkQueueUrl(url);
  checkOut(out);
  const pool = queuePool(url, 1);
  try {
    const r = (await runStatus(pool, id))[0];
    if (r === undefined) throw new CliError(`no run '${id}' (see: solarkit runs list)`);
    if (r.state !== 'done' && !partial)
      throw new CliError(
        `run ${id} is ${r.state}: ${r.done} of ${r.total} sites done (give --partial to export the sites done so far)`,
      );
    return await exportRun(pool, id, out, io);
  } finally {
    await pool.end();
  }
}

/** `runs cancel RUN`: no batch of it is taken or written any more. */
export async function runsCancel(url: string, id: string, io: CliIo): Promise<number> {
  checkQueueUrl(url);
  const pool = queuePool(url, 1);
  try {
    if (!(await cancelRun(pool, id))) throw new CliError(`no running run '${id}' (see: solarkit runs list)`);
    io.out(`cancelled ${id}`);
    return 0;
  } finally {
    await pool.end();
  }
}
