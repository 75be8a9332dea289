/**
 * Where a series is computed and how its body is sent, by its size: a small one on the main thread,
 * rendered whole (and cached); a large one (or any TMY, or terrain shading: their first request at
 * a place is a long computation whatever the size) in the compute pool; a large body streamed a
 * slice of rows at a time instead of built whole.
 */
import type { Readable } from 'node:stream';
import {
  type SeriesRendering,
  renderSeries,
  seriesHead,
  seriesRows,
  seriesTail,
  seriesType,
} from '../formats/render.js';
import type { ProductContext } from '../products/context.js';
import { type ProductTask, type TaskSize, computeProduct, taskSize } from '../products/task.js';
import type { SeriesTable } from '../products/table.js';
import type { ComputePool } from './pool.js';
import type { FileProblem } from './products.js';
import { type RowsRenderer, SeriesStream } from './stream.js';

/**
 * Cells (rows x (value columns + 2)) up to which a series is computed on the main thread and sent
 * whole: 31 days at PT5M of three parameters (45 000 cells, about 20 ms) stays there.
 */
export const MAIN_THREAD_CELLS = 50_000;
/** Cells up to which a body is rendered whole (about 1 MB of JSON); above, it is streamed. */
export const WHOLE_BODY_CELLS = 80_000;

/** Cells of a response. */
export function cellsOf(size: TaskSize): number {
  return size.rows * (size.columns + 2);
}

/**
 * Value cells (rows x value columns) of a stored site's power up to which it is computed on the
 * main thread: the site chain costs some 20 us a row and column, so 1,000 cells (a day at PT5M, a
 * week at PT30M) are some 20 ms; 31 days at PT5M (8,928 rows, about 200 ms) go to the pool, so
 * that eight of them at once do not hold the main thread (issue 34).
 */
export const MAIN_THREAD_SITE_CELLS = 1_000;
/** Whether a request is computed in the pool (when the server has one). */
export function belongsInPool(size: TaskSize): boolean {
  if (size.site === true) return size.rows * size.columns > MAIN_THREAD_SITE_CELLS;
  return size.kind === 'tmy' || size.terrainShading || cellsOf(size) > MAIN_THREAD_CELLS;
}

/** A series response: its content type and either the whole body or a stream of it. */
export type SeriesAnswer =
  | { type: string; body: Buffer | string; stream?: undefined }
  | { type: string; stream: Readable; body?: undefined };

/** What answering a series needs from the server. */
export interface AnswerContext {
  products: ProductContext;
  pool: ComputePool | undefined;
  /** The weather generation now (the workers re-read the files when it changes). */
  weatherGeneration(): number;
  /** Told of problems with the user's files that a worker met. */
  report(problem: FileProblem): void;
}

/** Renders rows on the main thread, after letting other work run (a slice is some 40 ms). */
const renderHere: RowsRenderer = (slice, rendering, first) =>
  new Promise((resolve, reject) => {
    setImmediate(() => {
      try {
        resolve(Buffer.from(seriesRows(slice, rendering, first)));
      } catch (e) {
        reject(e as Error);
      }
    });
  });

/**
 * Computes a task and renders its answer.
 * @param onStreamFailure told when a streamed body breaks off through the server's fault
 * @throws ApiError 503 (with Retry-After) when the pool has admitted all it may
 */
export async function answerSeries(
  c: AnswerContext,
  task: ProductTask,
  rendering: SeriesRendering,
  now: number,
  onStreamFailure: (error: Error) => void,
): Promise<SeriesAnswer> {
  const size = taskSize(task);
  const type = seriesType(rendering.format);
  const whole = cellsOf(size) <= WHOLE_BODY_CELLS;
  if (c.pool === undefined || !belongsInPool(size)) {
    const table = await computeProduct(task, c.products);
    return whole
      ? renderSeries(table, rendering)
      : {
          type,
          stream: streamOf(
            table,
            rendering,
            seriesHead(table, rendering),
            seriesTail(rendering),
            renderHere,
            false,
            onStreamFailure,
          ),
        };
  }
  const pool = c.pool;
  const admission = pool.admit();
  let streaming = false;
  try {
    const result = await pool.series(task, rendering, now, c.weatherGeneration(), whole);
    for (const p of result.problems) c.report(p);
    if (result.body !== undefined)
      return { type, body: Buffer.from(result.body.buffer, result.body.byteOffset, result.body.byteLength) };
    const stream = streamOf(
      result.table!,
      rendering,
      result.head!,
      result.tail!,
      (s, r, f) => pool.rows(s, r, f),
      true,
      onStreamFailure,
    );
    stream.once('close', () => admission.release());
    streaming = true;
    return { type, stream };
  } finally {
    if (!streaming) admission.release();
  }
}

function streamOf(
  table: SeriesTable,
  rendering: SeriesRendering,
  head: string,
  tail: string,
  render: RowsRenderer,
  copySlices: boolean,
  onFailure: (error: Error) => void,
): SeriesStream {
  return new SeriesStream({ table, rendering, head, tail, render, copySlices, onFailure });
}
