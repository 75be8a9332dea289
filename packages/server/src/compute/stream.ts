/**
 * A large series body written a slice of rows at a time, so that a response of 70 MB is never
 * whole in memory: the table's columns (8 bytes a value) stay, and each slice is rendered when the
 * client has taken the one before (a pull stream: a slow reader slows the rendering, and a reader
 * that stops is dropped after `idleMs`).
 */
import { Readable } from 'node:stream';
import { type SeriesRendering, sliceTable } from '../formats/render.js';
import type { SeriesTable } from '../products/table.js';

/** Renders rows of a table (in a worker, or on the main thread between other work). */
export type RowsRenderer = (slice: SeriesTable, rendering: SeriesRendering, first: boolean) => Promise<Buffer>;

/** Cells rendered per slice: about 0.6 MB of JSON, some 40 ms of work. */
export const CELLS_PER_SLICE = 50_000;

export interface SeriesStreamOptions {
  table: SeriesTable;
  rendering: SeriesRendering;
  head: string;
  tail: string;
  render: RowsRenderer;
  /** Whether `render` runs elsewhere: the slices are then copies it may keep (moved to a worker). */
  copySlices: boolean;
  /** A client that takes nothing for this long (ms) is dropped (default 60 000). */
  idleMs?: number;
  /** Told when rendering failed (the server's fault, not the client's). */
  onFailure?: (error: Error) => void;
}

export class SeriesStream extends Readable {
  private next = 0;
  private started = false;
  private busy = false;
  private idle: NodeJS.Timeout | undefined;
  private readonly rowsPerSlice: number;

  constructor(private readonly o: SeriesStreamOptions) {
    super({ highWaterMark: 1024 * 1024 });
    this.rowsPerSlice = Math.max(1, Math.floor(CELLS_PER_SLICE / (o.table.columns.length + 2)));
    this.armIdle();
  }

  private armIdle(): void {
    if (this.idle !== undefined) clearTimeout(this.idle);
    const ms = this.o.idleMs ?? 60_000;
    this.idle = setTimeout(() => this.destroy(new Error(`the client took nothing for ${ms} ms`)), ms);
    this.idle.unref();
  }

  override _read(): void {
    this.armIdle();
    if (this.busy) return;
    if (!this.started) {
      this.started = true;
      this.push(this.o.head);
      return;
    }
    const n = this.o.table.periodEnd.length;
    if (this.next >= n) {
      if (this.o.tail !== '') this.push(this.o.tail);
      this.push(null);
      return;
    }
    const from = this.next;
    const to = Math.min(n, from + this.rowsPerSlice);
    this.next = to;
    this.busy = true;
    this.o.render(sliceTable(this.o.table, from, to, this.o.copySlices), this.o.rendering, from === 0).then(
      (bytes) => {
        this.busy = false;
        if (!this.destroyed) this.push(bytes);
      },
      (error: Error) => {
        this.o.onFailure?.(error);
        this.destroy(error);
      },
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.idle !== undefined) clearTimeout(this.idle);
    callback(error);
  }
}
