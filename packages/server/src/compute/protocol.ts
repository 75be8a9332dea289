/**
 * What the main thread and the workers of the compute pool say to each other (pool.ts sends, and
 * worker.ts answers). Everything is plain data; typed-array buffers are moved, not copied.
 */
import type { SeriesRendering } from '../formats/render.js';
import type { ProductTask } from '../products/task.js';
import type { SeriesTable } from '../products/table.js';
import type { FileProblem } from './products.js';

/** What every worker is started with. */
export interface WorkerSetup {
  /** The server's weather directory, if any: the worker reads the same files. */
  weatherDir?: string;
  /**
   * One Int32 over shared memory: while it is not 0, a worker that has computed a series waits
   * before answering (ComputePool.hold, for tests that need requests to stay in flight).
   */
  hold: Int32Array;
}

/** Loads what every request needs (the data directory's grids), so that the first request does not. */
export interface WarmTask {
  op: 'warm';
}

/** Computes a series; renders it whole when `whole`, else only its head and tail. */
export interface SeriesTask {
  op: 'series';
  task: ProductTask;
  rendering: SeriesRendering;
  /** the request's "now", Unix seconds */
  now: number;
  /** the main thread's weather generation: the worker re-reads the files when it changes */
  weatherGeneration: number;
  whole: boolean;
}

/** Renders rows of a table (a slice of one computed earlier). */
export interface RowsTask {
  op: 'rows';
  slice: SeriesTable;
  rendering: SeriesRendering;
  first: boolean;
}

export type WorkerTask = WarmTask | SeriesTask | RowsTask;

/** The answer to a series task. */
export interface SeriesResult {
  /** the worker's thread id (never 0, the main thread's) */
  threadId: number;
  /** problems with the user's files met while computing, for the main thread to log */
  problems: FileProblem[];
  /** the whole body, UTF-8, when the task asked for it */
  body?: Uint8Array;
  /** else the table and the parts around its rows */
  table?: SeriesTable;
  head?: string;
  tail?: string;
}

/** The answer to a rows task: the rendered rows, UTF-8. */
export interface RowsResult {
  bytes: Uint8Array;
}
