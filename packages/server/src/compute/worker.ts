/**
 * A worker of the compute pool (pool.ts): computes series of the products on its own thread and
 * renders them (whole, or a slice of rows at a time), so that the main thread's event loop stays
 * free for other requests. Its product context is built as the main thread's (compute/products.ts)
 * from the same data directory and weather directory; its TMY selections and horizons are cached
 * in this thread.
 */
import { threadId, workerData } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { type WeatherFileStore, globalElevation, openWeatherStore } from 'solarkit/node';
import { seriesHead, seriesRows, seriesTail } from '../formats/render.js';
import { placeFacts } from '../place.js';
import type { ProductContext } from '../products/context.js';
import { computeProduct } from '../products/task.js';
import type { SeriesTable } from '../products/table.js';
import { warmUp } from '../warm-up.js';
import { toWorkerError } from './errors.js';
import { type FileProblem, createServerProducts } from './products.js';
import type { RowsResult, SeriesResult, SeriesTask, WorkerSetup, WorkerTask } from './protocol.js';

const setup = workerData as WorkerSetup;
const encoder = new TextEncoder();

/** "Now" of the task being computed (products read it from the request; the clock is for completeness). */
let now = 0;
let problems: FileProblem[] = [];
let generation: number | undefined;
let products: ProductContext | undefined;

/** The product context for the main thread's weather generation (rebuilt, files re-read, when it changes). */
function productsAt(weatherGeneration: number): ProductContext {
  if (products === undefined || generation !== weatherGeneration) {
    const weatherStore: WeatherFileStore | undefined =
      setup.weatherDir === undefined
        ? undefined
        : openWeatherStore(setup.weatherDir, {
            onInvalid: (p) => problems.push({ kind: 'weather-file', file: p.file, reason: p.reason }),
          });
    products = createServerProducts({
      clock: { now: () => now },
      ...(weatherStore ? { weatherStore } : {}),
      report: (p) => problems.push(p),
    }).products;
    generation = weatherGeneration;
  }
  return products;
}

/** Waits while the pool is held (tests keep requests in flight this way). */
function waitWhileHeld(): void {
  for (;;) {
    const value = Atomics.load(setup.hold, 0);
    if (value === 0) return;
    Atomics.wait(setup.hold, 0, value);
  }
}

/**
 * A table whose numeric columns and times are fresh copies, with their buffers: moving a buffer
 * leaves it empty behind, and a product may answer with arrays a cache of this thread still holds
 * (a stored weather file's columns, a TMY selection). One copy costs ~10 ms for the largest table.
 */
function ownedCopy(table: SeriesTable): { table: SeriesTable; buffers: ArrayBufferLike[] } {
  const buffers: ArrayBufferLike[] = [];
  const copy = (v: Float64Array): Float64Array => {
    const c = v.slice();
    buffers.push(c.buffer);
    return c;
  };
  const periodEnd = copy(table.periodEnd);
  const columns = table.columns.map((c) => ({
    ...c,
    values: c.values instanceof Float64Array ? copy(c.values) : c.values,
  }));
  return { table: { ...table, periodEnd, columns }, buffers };
}

/** A value whose listed buffers are moved to the main thread with it. */
function moved<T extends object>(value: T, buffers: ArrayBufferLike[]): T {
  // piscina's Transferable: the buffers to move and the value that travels with them. The worker
  // posts the value (`move` marks the wrapper; the main thread receives `value` itself).
  return move({
    get [transferableSymbol]() {
      return buffers;
    },
    get [valueSymbol]() {
      return value;
    },
  }) as unknown as T;
}

async function series(t: SeriesTask): Promise<SeriesResult> {
  now = t.now;
  problems = [];
  const table = await computeProduct(t.task, productsAt(t.weatherGeneration));
  waitWhileHeld();
  const found = problems;
  problems = [];
  if (t.whole) {
    const body = encoder.encode(
      seriesHead(table, t.rendering) + seriesRows(table, t.rendering, true) + seriesTail(t.rendering),
    );
    return moved({ threadId, problems: found, body }, [body.buffer]);
  }
  const owned = ownedCopy(table);
  return moved(
    {
      threadId,
      problems: found,
      table: owned.table,
      head: seriesHead(table, t.rendering),
      tail: seriesTail(t.rendering),
    },
    owned.buffers,
  );
}

/**
 * The task function piscina calls. An error is thrown as its plain description (compute/errors.ts),
 * so that the main thread rebuilds one of the same kind (a missing data file stays a 503).
 */
export default async function run(task: WorkerTask): Promise<SeriesResult | RowsResult | number> {
  try {
    return await perform(task);
  } catch (e) {
    throw toWorkerError(e);
  }
}

async function perform(task: WorkerTask): Promise<SeriesResult | RowsResult | number> {
  switch (task.op) {
    case 'warm':
      // The grids every request reads (about 60 MB decoded): loaded now, not by the first request.
      globalElevation();
      placeFacts(0, 0);
      if (task.compileAt !== undefined) {
        now = task.compileAt;
        // warmUp never throws: a data directory without what a TMY needs is the requests' to report.
        await warmUp(productsAt(generation ?? 0));
      } else {
        productsAt(generation ?? 0);
      }
      return threadId;
    case 'series':
      return series(task);
    case 'rows': {
      const bytes = encoder.encode(seriesRows(task.slice, task.rendering, task.first));
      return moved({ bytes }, [bytes.buffer]);
    }
  }
}
