/**
 * The response cache of the data routes: rendered bodies by request. A response is a pure function
 * of the validated parameters, the format and version, and for live and forecast requests of the
 * 5-minute step "now" falls in, so identical requests within a step share one computation. The
 * server keeps one for all data routes (ServerContext.responses), emptied when the user's weather
 * files change.
 *
 * Bounded by what it holds in memory, keys included (a distinct 8 kB URL costs its 8 kB whatever
 * the body), by its number of entries, and per entry: a body larger than `maxEntryBytes` is not
 * kept (the largest responses are streamed and never whole in memory anyway). Least recently used
 * entries go first (the `lru-cache` package does the bookkeeping).
 */
import { LRUCache } from 'lru-cache';

/** A response as the cache keeps it: its content type, its body, and whether it was free of quota. */
export interface CachedResponse {
  type: string;
  body: Buffer;
  /** The request was for an unmetered test place (http/limits.ts): a hit is free too. */
  unmetered: boolean;
}

/** Bounds of a response cache. */
export interface ResponseCacheLimits {
  /** Most bytes held: bodies, keys (2 bytes a character) and a fixed cost per entry (default 64 MiB). */
  maxBytes?: number;
  /** Most entries (default 20 000). */
  maxEntries?: number;
  /** Largest body kept, bytes (default 1 MiB). */
  maxEntryBytes?: number;
}

/** What the cache holds now, against its bounds. */
export interface ResponseCacheStats {
  entries: number;
  bytes: number;
  maxEntries: number;
  maxBytes: number;
}

/**
 * Bytes an entry is charged besides its key and body: the Map node, the LRU's slots and the entry
 * object (measured on V8: about 150 bytes; rounded up).
 */
export const ENTRY_OVERHEAD_BYTES = 256;

/** An entry: a response, or another key under which the same response is kept. */
type Entry = { response: CachedResponse } | { alias: string };

/**
 * An LRU of rendered responses tied to a generation (the weather store's): it empties itself when
 * the generation changes, and `set` keeps a body only if the generation it was computed under
 * (read with `generation()` before computing) is still current, so an answer computed while a file
 * was imported is not cached under the new data.
 */
export class ResponseCache {
  private readonly lru: LRUCache<string, Entry>;
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private readonly maxEntryBytes: number;
  private seen: number;

  constructor(
    private readonly currentGeneration: () => number = () => 0,
    limits: ResponseCacheLimits = {},
  ) {
    this.maxBytes = limits.maxBytes ?? 64 * 1024 * 1024;
    this.maxEntries = limits.maxEntries ?? 20_000;
    this.maxEntryBytes = limits.maxEntryBytes ?? 1024 * 1024;
    this.lru = new LRUCache<string, Entry>({
      max: this.maxEntries,
      maxSize: this.maxBytes,
      sizeCalculation: (entry, key) =>
        ENTRY_OVERHEAD_BYTES +
        2 * key.length +
        ('alias' in entry ? 2 * entry.alias.length : entry.response.body.length + 2 * entry.response.type.length),
    });
    this.seen = currentGeneration();
  }

  /** The generation now; pass it to `set` for a response computed from here on. */
  generation(): number {
    const g = this.currentGeneration();
    if (g !== this.seen) {
      this.lru.clear();
      this.seen = g;
    }
    return g;
  }

  /** The response kept under `key` (directly or through an alias), if any. */
  get(key: string): CachedResponse | undefined {
    this.generation();
    const entry = this.lru.get(key);
    if (entry === undefined) return undefined;
    if ('response' in entry) return entry.response;
    const target = this.lru.get(entry.alias);
    return target !== undefined && 'response' in target ? target.response : undefined;
  }

  /**
   * Keeps a response under `key`, and `aliases` as other keys of the same response (each charged
   * for its own key only), unless the generation has changed since `generation` or the body is
   * larger than the per-entry bound.
   */
  set(
    key: string,
    type: string,
    body: string | Buffer,
    unmetered: boolean,
    generation: number,
    aliases: readonly string[] = [],
  ): void {
    if (this.generation() !== generation) return;
    const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    if (bytes > this.maxEntryBytes) return;
    this.lru.set(key, { response: { type, body: typeof body === 'string' ? Buffer.from(body) : body, unmetered } });
    for (const alias of aliases) if (alias !== key) this.lru.set(alias, { alias: key });
  }

  /** Keeps `alias` as another key of the response under `key` (when it is still there and current). */
  alias(alias: string, key: string, generation: number): void {
    if (this.generation() !== generation || alias === key || !this.lru.has(key)) return;
    this.lru.set(alias, { alias: key });
  }

  /** Entries and bytes held, against the bounds. */
  stats(): ResponseCacheStats {
    return {
      entries: this.lru.size,
      bytes: this.lru.calculatedSize,
      maxEntries: this.maxEntries,
      maxBytes: this.maxBytes,
    };
  }
}
