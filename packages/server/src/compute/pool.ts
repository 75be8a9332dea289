/**
 * The compute pool: worker threads (through the `piscina` package) that compute and render the
 * large series, so that one expensive request (a TMY at PT5M with every parameter is about 1.4 s
 * of computation and 4 s of JSON) never holds the main thread's event loop, and `/health` or a
 * small request answers while it runs.
 *
 * Admission: at most `maxInFlight` large requests are admitted at a time, from their admission
 * until their response has been sent (computing, waiting for a thread, or streaming); one more is
 * refused with 503 and `Retry-After`, so that a burst of expensive requests queues a bounded
 * amount of work and memory instead of all of it. The threads start with the server, and each
 * loads the data directory's grids in the background (`warm`), off the path of the first request.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { SeriesRendering } from '../formats/render.js';
import { ApiError } from '../http/errors.js';
import { fromWorkerError } from './errors.js';
import type { SeriesTable } from '../products/table.js';
import type { ProductTask } from '../products/task.js';
import type { RowsResult, SeriesResult, WarmTask, WorkerSetup, WorkerTask } from './protocol.js';

/** Options of the pool (ServerOptions.compute). */
export interface ComputePoolOptions {
  /** Worker threads (default: the cores but one, at least 1 and at most 4); 0 computes everything on the main thread. */
  threads?: number;
  /** Large requests admitted at a time (default 4 per thread); one more gets 503 with Retry-After. */
  maxInFlight?: number;
  /** Seconds a refused client is told to wait (Retry-After; default 2). */
  retryAfterSeconds?: number;
  /** Heap of each worker, MB (default 1024): a worker over it ends, and its request fails alone. */
  workerHeapMb?: number;
}

/** Counters of the pool, for tests and diagnostics. */
export interface ComputePoolStats {
  threads: number;
  /** large requests admitted now */
  inFlight: number;
  maxInFlight: number;
  /** requests refused with 503 since the start */
  refused: number;
  /** series computed by the workers since the start */
  seriesComputed: number;
  /** thread ids of the workers that computed them (the main thread's is never among them) */
  computedOn: number[];
}

/** A place among the admitted requests; `release` (idempotent) gives it back. */
export interface Admission {
  release(): void;
}

/**
 * The worker's module next to this one: the TypeScript source when the server runs from source
 * (tests, `npm start`: the worker loads it through tsx as well), else the built `worker.js` beside
 * the bundle.
 */
function workerModule(): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? { filename: new URL('./worker.ts', here).href, execArgv: ['--import', 'tsx'] }
    : { filename: new URL('./worker.js', here).href, execArgv: [] };
}

/** Rethrows a worker's error as one of the kind it was there (compute/errors.ts). */
function rethrow(e: unknown): never {
  throw fromWorkerError(e);
}

/** The default number of worker threads: the cores but one (the main thread's), 1 to 4. */
export function defaultThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

export class ComputePool {
  readonly threads: number;
  readonly maxInFlight: number;
  private readonly piscina: Piscina<WorkerTask, SeriesResult | RowsResult | number>;
  private readonly holdFlag = new Int32Array(new SharedArrayBuffer(4));
  private readonly retryAfter: number;
  private inFlight = 0;
  private refused = 0;
  private seriesComputed = 0;
  private readonly computedOn = new Set<number>();

  constructor(options: ComputePoolOptions & { weatherDir?: string } = {}) {
    this.threads = Math.max(1, options.threads ?? defaultThreads());
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 4 * this.threads);
    this.retryAfter = options.retryAfterSeconds ?? 2;
    const setup: WorkerSetup = {
      hold: this.holdFlag,
      ...(options.weatherDir !== undefined ? { weatherDir: options.weatherDir } : {}),
    };
    const { filename, execArgv } = workerModule();
    this.piscina = new Piscina({
      filename,
      execArgv,
      minThreads: this.threads,
      maxThreads: this.threads,
      // Admission bounds the work; the queue itself must never refuse the next slice of a stream.
      maxQueue: Number.POSITIVE_INFINITY,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData: setup,
      resourceLimits: { maxOldGenerationSizeMb: options.workerHeapMb ?? 1024 },
    });
  }

  /**
   * Loads the grids in every thread (errors, e.g. a missing data file, are left to requests); with
   * `compileAt` (the server's "now", Unix seconds) each thread also runs the start-up warm-up
   * computation (warm-up.ts). Resolves when every thread is done; the server may also leave it to
   * run in the background.
   */
  async warm(compileAt?: number): Promise<void> {
    const task: WarmTask = compileAt === undefined ? { op: 'warm' } : { op: 'warm', compileAt };
    const runs = [];
    // One task per thread: piscina hands each to an idle thread, so every thread gets one.
    for (let i = 0; i < this.threads; i++) runs.push(this.piscina.run(task).catch(() => undefined));
    await Promise.all(runs);
  }

  /**
   * Admits one large request, or refuses it.
   * @throws ApiError 503 with Retry-After when `maxInFlight` requests are admitted already
   */
  admit(): Admission {
    if (this.inFlight >= this.maxInFlight) {
      this.refused++;
      throw new ApiError(
        503,
        'ServiceUnavailable',
        `The server is computing ${this.inFlight} large requests, its limit; try again in ${this.retryAfter} s.`,
        [],
        { 'retry-after': String(this.retryAfter) },
      );
    }
    this.inFlight++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.inFlight--;
      },
    };
  }

  /** Computes a task's series in a worker: rendered whole, or its table with the head and tail. */
  async series(
    task: ProductTask,
    rendering: SeriesRendering,
    now: number,
    weatherGeneration: number,
    whole: boolean,
  ): Promise<SeriesResult> {
    const result = (await this.piscina
      .run({
        op: 'series',
        task,
        rendering,
        now,
        weatherGeneration,
        whole,
      })
      .catch(rethrow)) as SeriesResult;
    this.seriesComputed++;
    this.computedOn.add(result.threadId);
    return result;
  }

  /** Renders rows of a table in a worker; the slice's buffers are moved there (the caller keeps none). */
  async rows(slice: SeriesTable, rendering: SeriesRendering, first: boolean): Promise<Buffer> {
    const transferList = [
      slice.periodEnd.buffer,
      ...slice.columns.flatMap((c) => (c.values instanceof Float64Array ? [c.values.buffer] : [])),
    ];
    const { bytes } = (await this.piscina
      .run({ op: 'rows', slice, rendering, first }, { transferList: [...new Set(transferList)] as ArrayBuffer[] })
      .catch(rethrow)) as RowsResult;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /**
   * Keeps every computed series in its worker until `release` (tests use it to hold requests in
   * flight deterministically); nothing in the server calls it.
   */
  hold(): void {
    Atomics.store(this.holdFlag, 0, 1);
  }

  /** Ends a `hold`. */
  release(): void {
    Atomics.store(this.holdFlag, 0, 0);
    Atomics.notify(this.holdFlag, 0);
  }

  stats(): ComputePoolStats {
    return {
      threads: this.threads,
      inFlight: this.inFlight,
      maxInFlight: this.maxInFlight,
      refused: this.refused,
      seriesComputed: this.seriesComputed,
      computedOn: [...this.computedOn],
    };
  }

  /** Ends the threads (a request still computing fails). */
  async close(): Promise<void> {
    this.release();
    await this.piscina.destroy();
  }
}
