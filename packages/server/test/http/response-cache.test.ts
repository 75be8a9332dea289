/**
 * The response cache is bounded by what it holds, keys included, and by its number of entries
 * (issue 15, item 3): distinct long URLs to an unmetered place (no quota cost) cannot grow it past
 * its bounds, whatever the sizes of keys and bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES, ResponseCache } from '../../src/http/response-cache.js';
import { type TestServer, startTestServer } from '../support/server.js';

describe('ResponseCache', () => {
  it('charges keys as well as bodies, and keeps within both bounds', () => {
    const cache = new ResponseCache(() => 0, { maxBytes: 1_000_000, maxEntries: 100 });
    const g = cache.generation();
    for (let i = 0; i < 1000; i++) cache.set(`k${i}|${'x'.repeat(8000)}`, 'text/plain', 'tiny', false, g);
    const { entries, bytes, maxBytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    // Each entry costs its 8 kB key (2 bytes a character), not its 4-byte body.
    expect(bytes).toBeGreaterThanOrEqual(entries * 16_000);
    expect(entries).toBe(Math.floor(1_000_000 / (2 * (8000 + 5) + 4 + 2 * 'text/plain'.length + ENTRY_OVERHEAD_BYTES)));
    // The newest are kept, the oldest went first.
    expect(cache.get(`k999|${'x'.repeat(8000)}`)?.body.toString()).toBe('tiny');
    expect(cache.get(`k0|${'x'.repeat(8000)}`)).toBeUndefined();
  });

  it('bounds the number of entries whatever their size', () => {
    const cache = new ResponseCache(() => 0, { maxBytes: 64 * 1024 * 1024, maxEntries: 50 });
    const g = cache.generation();
    for (let i = 0; i < 500; i++) cache.set(`k${i}`, 'a', 'b', false, g, [`alias${i}`]);
    expect(cache.stats().entries).toBe(50);
  });

  it('keeps no body larger than the per-entry bound, and nothing computed under an older generation', () => {
    let generation = 0;
    const cache = new ResponseCache(() => generation, { maxEntryBytes: 100 });
    cache.set('big', 'a', 'x'.repeat(101), false, cache.generation());
    expect(cache.get('big')).toBeUndefined();
    const before = cache.generation();
    generation++;
    cache.set('stale', 'a', 'x', false, before);
    expect(cache.get('stale')).toBeUndefined();
    cache.set('fresh', 'a', 'x', true, cache.generation(), ['other']);
    expect(cache.get('other')).toEqual({ type: 'a', body: Buffer.from('x'), unmetered: true });
    generation++;
    expect(cache.get('fresh')).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });
});

describe('over HTTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ rateLimit: 1_000_000, responseCache: { maxBytes: 2_000_000, maxEntries: 60 } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('distinct 8 kB URLs to an unmetered place keep the cache within its bounds', async () => {
    const { key } = await s.createAccount(undefined, { quota: 1 });
    const padding = 'p'.repeat(8000);
    let keyChars = 0;
    for (let i = 0; i < 200; i++) {
      const path = `/data/live/radiation_and_weather?latitude=-33.856784&longitude=151.215297&hours=1&format=json&n${i}=${padding}`;
      keyChars += path.length;
      const r = await s.get(path, key);
      expect(r.status).toBe(200);
      await r.arrayBuffer();
      const stats = s.app.solarkit.responses.stats();
      expect(stats.bytes).toBeLessThanOrEqual(2_000_000);
      expect(stats.entries).toBeLessThanOrEqual(60);
    }
    // Without a bound on keys, 200 such URLs would hold more than 3 MB of keys alone.
    expect(2 * keyChars).toBeGreaterThan(3_000_000);
    const stats = s.app.solarkit.responses.stats();
    expect(stats.entries).toBeGreaterThan(0);
    expect(stats.bytes).toBeGreaterThanOrEqual((stats.entries * 2 * 8000) / 2);
  });
});
