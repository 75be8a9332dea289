/**
 * The response cache of the data routes: rendered bodies by request. A response is a pure function
 * of the validated parameters, the format and version, and for live and forecast requests of the
 * 5-minute step "now" falls in, so identical requests within a step share one computation. The
 * server keeps one for all data routes (ServerContext.responses), emptied when the user's weather
 * files change.
 */
import type { RenderedBody } from '../formats/render.js';

/**
 * A small LRU of rendered bodies, bounded by their total length (characters). Every period grid
 * is aligned to 5 minutes, and forecasts are issued on the 5-minute step, so a key holding the
 * step is enough for live and forecast responses.
 */
export class ResponseCache {
  private readonly entries = new Map<string, RenderedBody>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string): RenderedBody | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: RenderedBody): void {
    if (value.body.length > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) { this.bytes -= old.body.length; this.entries.delete(key); }
    this.entries.set(key, value);
    this.bytes += value.body.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.body.length;
    }
  }
}

/**
 * A response cache tied to a generation (the weather store's): it empties itself when the
 * generation changes, and keeps a body only if the generation it was computed under (the one at
 * its lookup) is still current, so an answer that was being computed while a file was imported is
 * not cached under the new data.
 */
export class GenerationalResponseCache extends ResponseCache {
  private inner = new ResponseCache();
  private innerGeneration: number;
  private readonly lookedUpAt = new Map<string, number>();

  constructor(private readonly generation: () => number) {
    super();
    this.innerGeneration = generation();
  }

  private current(): number {
    const g = this.generation();
    if (g !== this.innerGeneration) {
      this.inner = new ResponseCache();
      this.innerGeneration = g;
      this.lookedUpAt.clear();
    }
    return g;
  }

  override get(key: string): RenderedBody | undefined {
    const g = this.current();
    if (this.lookedUpAt.size > 10_000) this.lookedUpAt.clear();
    this.lookedUpAt.set(key, g);
    return this.inner.get(key);
  }

  override set(key: string, value: RenderedBody): void {
    const g = this.current();
    const at = this.lookedUpAt.get(key);
    this.lookedUpAt.delete(key);
    // Every set of the data routes follows a get of the same key; without one (a lookup
    // forgotten when the generation changed, or a concurrent twin already stored) keep nothing.
    if (at !== g) return;
    this.inner.set(key, value);
  }
}
